import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Webhook as Receptor } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundGuard, type Resolver } from '../../core/outbound-http.ts';
import { webhookEntregas, webhooks } from '../../db/schema.ts';
import { freshApp, useTemplate, type Fresh } from '../../test/harness.ts';
import { DESTINO_INTERNO, enviarWebhooks } from './webhooks.ts';

const template = useTemplate();

/** What the receiver writes in every answer: it must never reach the portal's log. */
const CUERPO_DEL_RECEPTOR = 'respuesta-privada-del-receptor';

/**
 * A real HTTP receiver on 127.0.0.1: keeps every request; answers the codes given in turn (then 200), a 3xx with
 * a Location.
 */
async function receptor(codigos: number[] = []) {
  const recibidos: { ruta: string; headers: IncomingHttpHeaders; cuerpo: string }[] = [];
  const server = createServer((req, res) => {
    let cuerpo = '';
    req.setEncoding('utf8');
    req.on('data', (parte: string) => (cuerpo += parte));
    req.on('end', () => {
      recibidos.push({ ruta: req.url ?? '', headers: req.headers, cuerpo });
      const codigo = codigos.shift() ?? 200;
      res
        .writeHead(codigo, {
          'content-type': 'text/plain',
          ...(codigo >= 300 && codigo < 400 ? { location: '/desvio' } : {}),
        })
        .end(CUERPO_DEL_RECEPTOR);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    recibidos,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const datos = (nombre: string, url: string) => ({ nombre, url, formato: 'json', eventos: ['garantia'], activo: true });

/** Verifies a delivery as a receiver would, with the Standard Webhooks library; answers its body. */
const verificar = (secreto: string, r: { headers: IncomingHttpHeaders; cuerpo: string }) =>
  new Receptor(secreto).verify(r.cuerpo, r.headers as Record<string, string>);

async function entregas(ctx: Fresh<'admin'>, id: number) {
  const r = await ctx.t.app.inject({ method: 'GET', url: `/api/alertas/webhooks/${id}/entregas`, headers: ctx.admin });
  expect(r.body).not.toContain(CUERPO_DEL_RECEPTOR);
  return r.json().datos as { id: number; estado: string; codigo: number | null; respuesta: string }[];
}

describe('webhooks to internal addresses', () => {
  const ctx = freshApp(template, ['admin']);
  let hook: Awaited<ReturnType<typeof receptor>>;
  beforeAll(async () => {
    hook = await receptor();
  });
  afterAll(async () => {
    await hook?.close();
  });
  const crear = (url: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/webhooks',
      headers: ctx.admin,
      payload: datos('Interno', url),
    });

  it('are refused at save, however the address is written', async () => {
    for (const url of [
      hook.url,
      'http://localhost:5432/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://127.0.0.1:5432/',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://0.0.0.0/',
    ]) {
      const r = await crear(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().campos, url).toEqual({ url: [DESTINO_INTERNO] });
    }
  });

  it('are refused at send, and nothing reaches the receiver', async () => {
    // Written before the check existed: the send refuses it all the same.
    const [fila] = await ctx.t.db
      .insert(webhooks)
      .values({ ...datos('Antiguo', hook.url), secreto: 'a'.repeat(48) })
      .returning({ id: webhooks.id });
    const prueba = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/${fila!.id}/probar`,
      headers: ctx.admin,
    });
    expect(prueba.json().datos).toMatchObject({
      estado: 'pendiente',
      codigo: null,
      respuesta: 'Dirección no permitida',
    });
    expect(hook.recibidos).toHaveLength(0);
  });

  it('are refused at send when the name now resolves to one (DNS rebinding)', async () => {
    const respuestas = ['93.184.215.14', '127.0.0.1'];
    const resolve: Resolver = async () => [{ address: respuestas.shift() ?? '127.0.0.1', family: 4 }];
    const salida = outboundGuard({ allowedNetworks: [], resolve });
    const url = `http://receptor.example:${hook.port}/hook`;
    await salida.check(url); // At save: the name is public.
    await ctx.t.db.delete(webhooks);
    const [fila] = await ctx.t.db
      .insert(webhooks)
      .values({ ...datos('Cambiante', url), secreto: 'b'.repeat(48) })
      .returning({ id: webhooks.id });
    await ctx.t.db
      .insert(webhookEntregas)
      .values({ webhookId: fila!.id, evento: 'prueba', cuerpo: '{"evento":"prueba"}' });
    expect(await enviarWebhooks(ctx.t.db, salida)).toEqual({ enviadas: 0, fallidas: 1 });
    expect(hook.recibidos).toHaveLength(0);
    expect((await entregas(ctx, fila!.id))[0]).toMatchObject({ codigo: null, respuesta: 'Dirección no permitida' });
    // The connection goes where the hook resolved: allowed, the same name reaches the receiver.
    await ctx.t.db.update(webhookEntregas).set({ proxima: new Date() }).where(eq(webhookEntregas.webhookId, fila!.id));
    expect(await enviarWebhooks(ctx.t.db, outboundGuard({ allowedNetworks: ['127.0.0.1/32'], resolve }))).toEqual({
      enviadas: 1,
      fallidas: 0,
    });
    expect(hook.recibidos).toHaveLength(1);
  });
});

describe('webhooks with the allow-list', () => {
  // WEBHOOKS_REDES_PERMITIDAS lets the portal reach the test's own receiver on this machine.
  const ctx = freshApp(template, ['admin'], { config: { webhooksRedesPermitidas: ['127.0.0.1/32'] } });
  let hook: Awaited<ReturnType<typeof receptor>>;
  let hook1: { id: number; secreto: string };
  beforeAll(async () => {
    hook = await receptor([500, 302]);
    await ctx.t.db.delete(webhooks);
  });
  afterAll(async () => {
    await hook?.close();
  });
  const probar = async (id: number) =>
    (await ctx.t.app.inject({ method: 'POST', url: `/api/alertas/webhooks/${id}/probar`, headers: ctx.admin })).json()
      .datos;

  it('reach an allowed receiver; what it answers is classified, never kept; a redirect is not followed', async () => {
    const creado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/webhooks',
      headers: ctx.admin,
      payload: datos('Propio', hook.url),
    });
    expect(creado.statusCode).toBe(201);
    hook1 = creado.json().datos;
    expect(await probar(hook1.id)).toMatchObject({
      estado: 'pendiente',
      codigo: 500,
      respuesta: 'El receptor respondió 500',
    });
    expect(await probar(hook1.id)).toMatchObject({
      estado: 'pendiente',
      codigo: 302,
      respuesta: 'Redirección no seguida (302)',
    });
    expect(await probar(hook1.id)).toMatchObject({ estado: 'enviada', codigo: 200, respuesta: 'Entregado (200)' });
    expect(hook.recibidos.map((r) => r.ruta)).toEqual(['/hook', '/hook', '/hook']);
    await entregas(ctx, hook1.id);
    const guardadas = await ctx.t.db.select({ respuesta: webhookEntregas.respuesta }).from(webhookEntregas);
    expect(guardadas.filter((g) => g.respuesta?.includes(CUERPO_DEL_RECEPTOR))).toEqual([]);
  });

  it('sign every delivery per Standard Webhooks; a redelivery keeps its id with a new timestamp', async () => {
    for (const r of hook.recibidos) {
      expect(verificar(hook1.secreto, r)).toMatchObject({ evento: 'prueba' });
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.headers['x-intranet-evento']).toBe('prueba');
    }
    const [ultima] = await entregas(ctx, hook1.id);
    await esperar(1100);
    const otra = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/${hook1.id}/entregas/${ultima!.id}/reenviar`,
      headers: ctx.admin,
    });
    expect(otra.json().datos).toMatchObject({ estado: 'enviada', codigo: 200 });
    const [antes, despues] = hook.recibidos.slice(-2);
    expect(verificar(hook1.secreto, despues!)).toEqual(verificar(hook1.secreto, antes!));
    expect(despues!.headers['webhook-id']).toBe(antes!.headers['webhook-id']);
    expect(Number(despues!.headers['webhook-timestamp'])).toBeGreaterThan(Number(antes!.headers['webhook-timestamp']));
    expect(despues!.headers['webhook-signature']).not.toBe(antes!.headers['webhook-signature']);
    // Another receiver's secret does not verify it.
    expect(() => verificar(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, despues!)).toThrow();
  });

  it('keep verifying with a secret from before the whsec_ format, as raw bytes', async () => {
    const viejo = 'c'.repeat(48);
    await ctx.t.db.update(webhooks).set({ secreto: viejo }).where(eq(webhooks.id, hook1.id));
    expect(await probar(hook1.id)).toMatchObject({ estado: 'enviada' });
    expect(
      new Receptor(viejo, { format: 'raw' }).verify(
        hook.recibidos.at(-1)!.cuerpo,
        hook.recibidos.at(-1)!.headers as Record<string, string>,
      ),
    ).toMatchObject({ evento: 'prueba' });
  });
});
