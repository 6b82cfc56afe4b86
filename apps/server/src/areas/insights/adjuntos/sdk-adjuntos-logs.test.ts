import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as Sentry from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { insightsProyectos } from '../../../db/schema.ts';
import { bearer, PASSWORDS, type TestApp, useTemplate, until } from '../../../test/harness.ts';

// Attachments and logs sent by the real SDKs (@sentry/node, Debian's python3-sentry-sdk) to a listening server:
// kept, listed, downloaded with the same bytes, searched; a too-large attachment refused with 413.

const template = useTemplate();

async function listening() {
  const filesDir = await mkdtemp(join(tmpdir(), 'insights-adjuntos-'));
  const t = await template.clone({ filesDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    t,
    base: `127.0.0.1:${port}`,
    admin: await bearer(t.app, 'admin', PASSWORDS.admin),
    close: async () => {
      await t.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

async function proyecto(t: TestApp, clave: string, slug: string) {
  const [p] = await t.db
    .insert(insightsProyectos)
    .values({ nombre: slug, slug, plataforma: 'node', publicKey: clave.repeat(32) })
    .returning();
  return p!;
}

/** An SDK client of its own (not the global one), so tests do not leak into each other. */
function sdkClient(dsn: string, opciones: { enableLogs?: boolean } = {}) {
  const client = new Sentry.NodeClient({
    ...opciones,
    dsn,
    release: 'pruebas@1.2.3',
    environment: 'test',
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return { client, scope };
}

type Auth = { authorization: string };

async function issueDe(t: TestApp, admin: Auth, q: string): Promise<{ id: number } | undefined> {
  const r = await t.app.inject({ url: `/api/insights/issues?q=${encodeURIComponent(q)}`, headers: admin });
  return r.json().datos.items[0];
}

async function recibidos(t: TestApp, admin: Auth, proyectoId: number) {
  const r = await t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/recibidos`, headers: admin });
  return r.json().datos as { categoria: string; resultado: string; motivo: string; cantidad: number }[];
}

describe('attachments sent by @sentry/node', () => {
  it('keeps them with their event, lists them and downloads the same bytes as a file', async () => {
    const { t, base, admin, close } = await listening();
    try {
      const p = await proyecto(t, 'a', 'app-adjuntos');
      const { client, scope } = sdkClient(`http://${'a'.repeat(32)}@${base}/${p.id}`);
      const binario = Uint8Array.from({ length: 256 }, (_, i) => i);
      scope.addAttachment({ filename: 'pedido.json', data: '{"pedido":42}', contentType: 'application/json' });
      scope.addAttachment({ filename: '../../volcado.bin', data: binario });
      // Declared as HTML: still downloaded as bytes, never shown in the portal.
      scope.addAttachment({ filename: 'pagina.html', data: '<script>alert(1)</script>', contentType: 'text/html' });
      const eventId = scope.captureException(new Error('Fallo con adjuntos'));
      expect(await client.flush(5000)).toBe(true);

      const issue = await until(() => issueDe(t, admin, 'Fallo con adjuntos'));
      const url = `/api/insights/issues/${issue.id}/eventos/${eventId}/adjuntos`;
      const lista = await until(async () => {
        const r = (await t.app.inject({ url, headers: admin })).json().datos as { id: number; nombre: string }[];
        return r.length === 3 ? r : undefined;
      });
      expect(lista).toEqual([
        expect.objectContaining({
          nombre: 'pedido.json',
          tipo: 'application/json',
          clase: 'event.attachment',
          tamano: 13,
        }),
        expect.objectContaining({ nombre: 'volcado.bin', tipo: 'application/octet-stream', tamano: 256 }),
        expect.objectContaining({ nombre: 'pagina.html', tipo: 'text/html' }),
      ]);

      const json = await t.app.inject({ url: `${url}/${lista[0]!.id}`, headers: admin });
      expect(json.statusCode).toBe(200);
      expect(json.body).toBe('{"pedido":42}');
      expect(json.headers['content-disposition']).toBe('attachment; filename=pedido.json');
      const bin = await t.app.inject({ url: `${url}/${lista[1]!.id}`, headers: admin });
      expect(Buffer.compare(bin.rawPayload, Buffer.from(binario))).toBe(0);
      const html = await t.app.inject({ url: `${url}/${lista[2]!.id}`, headers: admin });
      expect(html.headers['content-type']).toBe('application/octet-stream');
      expect(html.headers['x-content-type-options']).toBe('nosniff');
      expect(html.headers['content-disposition']).toMatch(/^attachment;/);

      // Only on its own event and with a session that may see the monitor.
      expect((await t.app.inject({ url: `${url}/${lista[0]!.id}` })).statusCode).toBe(401);
      const otro = `/api/insights/issues/${issue.id}/eventos/${'f'.repeat(32)}/adjuntos`;
      expect((await t.app.inject({ url: `${otro}/${lista[0]!.id}`, headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ url: otro, headers: admin })).json().datos).toEqual([]);
      expect((await t.app.inject({ url: `${url}/999999999`, headers: admin })).statusCode).toBe(404);
      const mal = await t.app.inject({
        url: `/api/insights/issues/${issue.id}/eventos/latest/adjuntos`,
        headers: admin,
      });
      expect(mal.statusCode).toBe(400);
      expect(mal.json().campos.evento).toEqual(['Id de evento inválido']);

      const filas = await until(async () => {
        const r = await recibidos(t, admin, p.id);
        return r.some((f) => f.categoria === 'attachment') ? r : undefined;
      });
      expect(filas).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ categoria: 'attachment', resultado: 'aceptado', cantidad: 3 }),
        ]),
      );

      // Over 20 MB: the envelope is refused with 413 and nothing of it is kept; counted with its reason.
      const grande = sdkClient(`http://${'a'.repeat(32)}@${base}/${p.id}`);
      grande.scope.addAttachment({ filename: 'enorme.bin', data: new Uint8Array(21 * 1024 * 1024) });
      grande.scope.captureException(new Error('Fallo con adjunto enorme'));
      await grande.client.flush(10_000);
      const descartado = await until(async () =>
        (await recibidos(t, admin, p.id)).find((f) => f.categoria === 'attachment' && f.resultado === 'descartado'),
      );
      expect(descartado).toEqual(expect.objectContaining({ motivo: 'Adjunto de más de 20 MB', cantidad: 1 }));
      expect(await issueDe(t, admin, 'adjunto enorme')).toBeUndefined();
      await grande.client.close(1000);
      await client.close(1000);
    } finally {
      await close();
    }
  });
});

describe('logs sent by @sentry/node (enableLogs)', () => {
  it('are kept and searchable by level and text, linked to the error event of their trace', async () => {
    const { t, base, admin, close } = await listening();
    try {
      const p = await proyecto(t, 'b', 'app-logs');
      const { client, scope } = sdkClient(`http://${'b'.repeat(32)}@${base}/${p.id}`, { enableLogs: true });
      Sentry.logger.info('Factura 1234 cobrada', { cliente: 'ACME', importe: 99.5 }, { scope });
      Sentry.logger.warn('Reintento del cobro de la factura 1235', { intento: 2 }, { scope });
      Sentry.logger.error('No se pudo cobrar la factura 1236', {}, { scope });
      const eventId = scope.captureException(new Error('Cobro rechazado'));
      expect(await client.flush(5000)).toBe(true);

      type Log = {
        nivel: string;
        cuerpo: string;
        trace_id: string | null;
        atributos: Record<string, { value: unknown; type: string }>;
        release: string | null;
        environment: string | null;
        evento: { issue_id: number; event_id: string } | null;
      };
      const buscar = async (query: string) => {
        const r = await t.app.inject({ url: `/api/insights/proyectos/${p.id}/logs?${query}`, headers: admin });
        expect(r.statusCode).toBe(200);
        return r.json().datos as { items: Log[]; siguiente: string | null };
      };
      const todos = await until(async () => {
        const r = await buscar('');
        return r.items.length === 3 && r.items.every((l) => l.evento) ? r : undefined;
      });
      expect(todos.items.map((l) => l.nivel)).toEqual(['error', 'warn', 'info']);
      const info = todos.items[2]!;
      expect(info).toMatchObject({ cuerpo: 'Factura 1234 cobrada', release: 'pruebas@1.2.3', environment: 'test' });
      expect(info.atributos.cliente).toEqual({ value: 'ACME', type: 'string' });
      expect(info.trace_id).toMatch(/^[0-9a-f]{32}$/);
      const issue = await until(() => issueDe(t, admin, 'Cobro rechazado'));
      expect(info.evento).toEqual({ issue_id: issue.id, event_id: eventId });

      expect((await buscar('nivel=warn')).items.map((l) => l.cuerpo)).toEqual([
        'Reintento del cobro de la factura 1235',
      ]);
      expect((await buscar('q=FACTURA%201236')).items.map((l) => l.cuerpo)).toEqual([
        'No se pudo cobrar la factura 1236',
      ]);
      expect((await buscar('q=cobr&nivel=info')).items.map((l) => l.cuerpo)).toEqual(['Factura 1234 cobrada']);
      expect((await buscar('q=100%25')).items).toEqual([]);
      const futuro = new Date(Date.now() + 3_600_000).toISOString();
      expect((await buscar(`desde=${encodeURIComponent(futuro)}`)).items).toEqual([]);
      expect((await buscar(`trace_id=${info.trace_id}`)).items).toHaveLength(3);

      const filas = await until(async () => {
        const r = await recibidos(t, admin, p.id);
        return r.some((f) => f.categoria === 'log_item') ? r : undefined;
      });
      expect(filas).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ categoria: 'log_item', resultado: 'aceptado', cantidad: 3 }),
        ]),
      );
      await client.close(1000);
    } finally {
      await close();
    }
  });
});

const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys, sentry_sdk
sentry_sdk.init(dsn=sys.argv[1], release="pagos@2.0.0")
with sentry_sdk.configure_scope() as scope:
    scope.add_attachment(bytes=b"linea 1\\nlinea 2\\n\\x00\\xff", filename="registro.txt", content_type="text/plain")
try:
    1 / 0
except Exception:
    print(sentry_sdk.capture_exception())
sentry_sdk.flush(10)
`;

describe('attachments sent by python3-sentry-sdk', () => {
  it('keeps them with their event, downloadable with the same bytes', async () => {
    const { t, base, admin, close } = await listening();
    try {
      const p = await proyecto(t, 'c', 'app-python-adjuntos');
      const dsn = `http://${'c'.repeat(32)}@${base}/${p.id}`;
      const { stdout } = await promisify(execFile)(PYTHON, ['-c', SCRIPT, dsn], { timeout: 60_000 });
      const eventId = stdout.trim();
      expect(eventId).toMatch(/^[0-9a-f]{32}$/);
      const issue = await until(() => issueDe(t, admin, 'ZeroDivisionError'));
      const url = `/api/insights/issues/${issue.id}/eventos/${eventId}/adjuntos`;
      const [adjunto] = await until(async () => {
        const r = (await t.app.inject({ url, headers: admin })).json().datos as { id: number; nombre: string }[];
        return r.length > 0 ? r : undefined;
      });
      expect(adjunto).toEqual(expect.objectContaining({ nombre: 'registro.txt', tipo: 'text/plain', tamano: 18 }));
      const r = await t.app.inject({ url: `${url}/${adjunto!.id}`, headers: admin });
      expect(Buffer.compare(r.rawPayload, Buffer.from('linea 1\nlinea 2\n\x00\xff', 'latin1'))).toBe(0);
    } finally {
      await close();
    }
  });
});
