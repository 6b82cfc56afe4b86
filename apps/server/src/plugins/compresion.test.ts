import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { paquetes } from '../db/schema.ts';
import { freshApp, useTemplate } from '../test/harness.ts';

const template = useTemplate();
const filesDir = mkdtempSync(join(tmpdir(), 'intranet-compresion-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

const ctx = freshApp(template, ['admin'], {
  clone: { cambios: true },
  config: { filesDir },
  setup: async ({ t }) => ({ base: await t.app.listen({ port: 0, host: '127.0.0.1' }) }),
});

const LISTA = '/api/dns?sort=host&size=50';
const PEQUENA = '/api/dns?sort=host&size=1';
const leer = (url: string, encoding?: string) =>
  ctx.t.app.inject({ url, headers: { ...ctx.admin, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('answer compression', () => {
  it('compresses a list over 1 kB with brotli or gzip, as asked, to the same bytes; a kept (x-cache) answer too', async () => {
    const plano = await leer(LISTA);
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.rawPayload.length).toBeGreaterThan(1024);

    const br = await leer(LISTA, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plano.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plano.body);

    const gzip = await leer(LISTA, 'gzip');
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plano.body);
    expect((await leer(LISTA)).body).toBe(plano.body);
  });

  it('leaves an answer under 1 kB, and any answer to a caller that accepts no encoding, as is', async () => {
    const pequena = await leer(PEQUENA, 'br, gzip');
    expect(pequena.rawPayload.length).toBeLessThan(1024);
    expect(pequena.headers['content-encoding']).toBeUndefined();
    expect(pequena.json()).toHaveProperty('datos');

    const identidad = await leer(LISTA, 'identity');
    expect(identidad.headers['content-encoding']).toBeUndefined();
    expect(identidad.json()).toHaveProperty('datos');
  });

  it('sends the live events uncompressed, the first one at once', async () => {
    const url = new URL('/api/vivo?listas=servidores', ctx.base);
    const { headers, primero } = await new Promise<{ headers: Record<string, unknown>; primero: string }>(
      (resolve, reject) => {
        const req = httpRequest(url, { headers: { ...ctx.admin, 'accept-encoding': 'br, gzip' } }, (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ headers: res.headers, primero: chunk.toString('utf8') });
            req.destroy();
          });
        });
        req.once('error', reject);
        req.end();
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(primero).toContain('retry: 3000');
  });

  it('leaves a download as stored: whole with its Content-Length, and a byte range', async () => {
    const bytes = Buffer.concat([Buffer.from('a'.repeat(50_000)), randomBytes(10)]);
    const subida = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=texto.txt',
      headers: { ...ctx.admin, 'content-type': 'text/plain' },
      payload: bytes,
    });
    expect(subida.statusCode).toBe(201);
    const { id, sha256 } = subida.json<{ datos: { id: number; sha256: string } }>().datos;
    await ctx.t.db.insert(paquetes).values({ nombre: 'usa-compresion', archivoId: id });
    const url = `/api/archivos/${sha256}`;

    const entero = await ctx.t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(entero.statusCode).toBe(200);
    expect(entero.headers['content-encoding']).toBeUndefined();
    expect(entero.headers['content-length']).toBe(String(bytes.length));
    expect(entero.rawPayload.equals(bytes)).toBe(true);

    const rango = await ctx.t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=100-1999' } });
    expect(rango.statusCode).toBe(206);
    expect(rango.headers['content-encoding']).toBeUndefined();
    expect(rango.headers['content-length']).toBe('1900');
    expect(rango.headers['content-range']).toBe(`bytes 100-1999/${bytes.length}`);
    expect(rango.rawPayload.equals(bytes.subarray(100, 2000))).toBe(true);
  });
});
