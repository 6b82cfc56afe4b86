import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { puertoLibre } from '../test/puerto.ts';
import { descargarRespaldo, DescargaFallida, direccionDelServidor } from './descarga.ts';
import { manifiestoDe } from './manifest.ts';

const template = useTemplate();
const TOKEN = 'token-de-operacion-1234567890';

let carpeta: string;
beforeAll(async () => {
  carpeta = await mkdtemp(join(tmpdir(), 'intranet-ruta-respaldo-'));
});
afterAll(async () => {
  if (carpeta) await rm(carpeta, { recursive: true, force: true });
});

describe('GET /respaldo without METRICS_TOKEN', () => {
  const ctx = freshApp(template, [], { tmpFiles: 'intranet-ruta-archivos-' });

  it('answers this machine the whole backup as a .tar.gz whose manifest lists the tables', async () => {
    const res = await ctx.t.app.inject({ url: '/respaldo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="intranet-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.tar\.gz"$/,
    );
    const archivo = join(carpeta, 'inject.tar.gz');
    await writeFile(archivo, res.rawPayload);
    const m = await manifiestoDe(archivo);
    expect(m.origen).toBe(ctx.t.database.kind);
    expect(m.tablas.find((t) => t.nombre === 'usuarios')?.filas).toBeGreaterThan(0);
  });

  it('refuses (403) a call through a proxy or from another machine', async () => {
    const proxy = await ctx.t.app.inject({ url: '/respaldo', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxy.statusCode).toBe(403);
    expect(proxy.json()).toEqual({
      error: 'Sin METRICS_TOKEN, el respaldo solo se descarga desde esta misma máquina',
      datos: null,
    });
    expect((await ctx.t.app.inject({ url: '/respaldo', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
  });

  it('takes one backup at a time: a second call meanwhile gets 409', async () => {
    const [a, b] = await Promise.all([ctx.t.app.inject({ url: '/respaldo' }), ctx.t.app.inject({ url: '/respaldo' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().error).toBe(
      'Ya hay un respaldo en curso: espere a que termine y vuelva a pedirlo',
    );
    expect((await ctx.t.app.inject({ url: '/respaldo' })).statusCode).toBe(200);
  });

  it('is what `npm run backup` downloads from the running portal (its HOST and PORT)', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const archivo = join(carpeta, 'descargado.tar.gz');
    await descargarRespaldo({ host: '127.0.0.1', port, metricsToken: '' }, archivo);
    expect((await manifiestoDe(archivo)).formato).toBe('intranet-respaldo');
    const nadie = await puertoLibre();
    await expect(descargarRespaldo({ host: '127.0.0.1', port: nadie, metricsToken: '' }, archivo)).rejects.toThrow(
      new DescargaFallida(
        `La base de datos embebida está abierta por Intranet, pero Intranet no responde en http://127.0.0.1:${nadie}/respaldo (ECONNREFUSED). ` +
          'Revise PORT y HOST, o detenga el proceso que tiene abierta la base y vuelva a intentarlo.',
      ),
    );
  });
});

describe('GET /respaldo with METRICS_TOKEN', () => {
  const ctx = freshApp(template, [], { config: { metricsToken: TOKEN } });

  it('asks for the token even from this machine (401), and answers with it', async () => {
    const sin = await ctx.t.app.inject({ url: '/respaldo' });
    expect(sin.statusCode).toBe(401);
    expect(sin.json().error).toBe('El respaldo pide el token de METRICS_TOKEN en Authorization: Bearer');
    expect((await ctx.t.app.inject({ url: '/respaldo', headers: { authorization: 'Bearer otro' } })).statusCode).toBe(
      401,
    );
    const con = await ctx.t.app.inject({
      url: '/respaldo',
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '10.1.2.3',
    });
    expect(con.statusCode).toBe(200);
  });

  it('is downloaded by `npm run backup` with the METRICS_TOKEN of its environment', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const archivo = join(carpeta, 'con-token.tar.gz');
    await expect(descargarRespaldo({ host: '127.0.0.1', port, metricsToken: 'otro' }, archivo)).rejects.toThrow(
      new DescargaFallida(
        `Intranet (http://127.0.0.1:${port}/respaldo) no entregó el respaldo: 401 El respaldo pide el token de METRICS_TOKEN en Authorization: Bearer`,
      ),
    );
    await descargarRespaldo({ host: '127.0.0.1', port, metricsToken: TOKEN }, archivo);
    expect((await manifiestoDe(archivo)).formato).toBe('intranet-respaldo');
  });
});

it('the command reaches a portal listening on every address through loopback', () => {
  expect(direccionDelServidor({ host: '0.0.0.0', port: 8080 })).toBe('http://127.0.0.1:8080/respaldo');
  expect(direccionDelServidor({ host: '::', port: 8080 })).toBe('http://[::1]:8080/respaldo');
  expect(direccionDelServidor({ host: 'intranet.local', port: 80 })).toBe('http://intranet.local:80/respaldo');
});
