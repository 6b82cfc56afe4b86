import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { runtimeConfig } from '@intranet/contract/shared/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';

const template = useTemplate();
const ASSET = `export const x = ${JSON.stringify('x'.repeat(4000))};`;
const PAGE = '<!doctype html><title>Intranet</title><div id="root"></div>';
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'intranet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  // As the build leaves a compressible file (apps/web/scripts/precompress.mjs): its .br and .gz beside it.
  for (const [file, text] of [
    ['assets/x-Ef56Gh78.js', ASSET],
    ['index.html', PAGE],
  ] as const) {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));

describe('runtime configuration', () => {
  const ctx = freshApp(template, [], {
    config: {
      sitio: 'ORG',
      urls: {
        api: 'https://api.example.com',
        instaladores: 'https://inst.example.com',
        store: '',
        versiones: '',
        archivos: 'https://files.example.com',
      },
    },
  });

  it('answers config.json from the environment, never cached', async () => {
    const res = await ctx.t.app.inject({ url: '/assets/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      api: 'https://api.example.com',
      instaladores: 'https://inst.example.com',
      store: '',
      versiones: '',
      archivos: 'https://files.example.com',
      sitio: 'ORG',
    });
    expect(runtimeConfig.strict().safeParse(res.json()).success).toBe(true);
  });

  it('tells plainly that the web app is not built when there is no index.html', async () => {
    const res = await ctx.t.app.inject({ url: '/clientes/lista' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('publishes the OpenAPI document with every /api route', async () => {
    const res = await ctx.t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    for (const route of ctx.t.app.apiRoutes) {
      const path = route.url.replace(/:([^/]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(doc.paths['/api/servidores']?.get?.security).toEqual([{ bearer: [] }]);
    // OpenAPI 3.0, which Swagger UI reads in seconds (a 3.1 document of this size takes it a minute on a busy
    // machine), with the error answer as one component.
    expect(res.json<{ openapi: string }>().openapi).toBe('3.0.3');
    const error = res.json<{ components: { schemas: Record<string, unknown> } }>().components.schemas;
    expect(Object.keys(error)).toEqual(['Error']);
    expect(JSON.stringify(doc.paths['/api/servidores']?.get)).toContain('"$ref":"#/components/schemas/Error"');
    expect(doc.paths['/api/auth']?.post?.security).toBeUndefined();
    expect((await ctx.t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('the API document', () => {
  const ctx = freshApp(template, []);

  it("carries the portal's version and a Spanish description of every tag its operations use", async () => {
    const doc = (await ctx.t.app.inject({ url: '/docs/json' })).json<{
      info: { version: string; description: string };
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const portal = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(doc.info.version).toBe(portal.version);
    expect(doc.info.version).not.toBe('0.0.0');
    expect(doc.info.description).toMatch(/portal/);
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    const used = new Set(
      Object.values(doc.paths).flatMap((path) => Object.values(path).flatMap((op) => op.tags ?? [])),
    );
    expect(used.size).toBeGreaterThan(20);
    for (const tag of used) expect(described.get(tag), tag).toMatch(/^[A-ZÁÉÍÓÚ].{15,}\.$/);
    expect(described.get('clientes')).toContain('empresas');
    expect((await ctx.t.app.inject({ url: '/api/estado' })).json()).toEqual({
      error: null,
      datos: { version: portal.version },
    });
  });
});

describe('the built web app', () => {
  const ctx = freshApp(template, [], { config: () => ({ webDist: dist }) });

  it('serves index.html at / and for any unknown page, uncached', async () => {
    for (const url of ['/', '/login', '/servidores/12?page=2', '/clientes/vencimientosafip/lista']) {
      const res = await ctx.t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for long and sw.js not at all', async () => {
    const asset = await ctx.t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await ctx.t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed files as the browser accepts them, with the same caching", async () => {
    const url = '/assets/x-Ef56Gh78.js';
    const br = await ctx.t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(ASSET);

    const gz = await ctx.t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(ASSET);

    const plano = await ctx.t.app.inject({ url });
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body).toBe(ASSET);

    const page = await ctx.t.app.inject({ url: '/clientes/lista', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toBe(PAGE);
  });

  it('answers 404 for a missing hashed asset instead of the page', async () => {
    expect((await ctx.t.app.inject({ url: '/assets/index-Old00000.js' })).statusCode).toBe(404);
  });

  it('keeps /api answers as JSON envelopes', async () => {
    const res = await ctx.t.app.inject({ url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso no encontrado', datos: null });
  });
});

describe('anti-forgery cookie', () => {
  const ctx = freshApp(template, [], { config: () => ({ webDist: dist }) });
  const signIn = (headers: Record<string, string>) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'admin', password: PASSWORDS.admin },
      headers,
    });

  it('is handed out with config.json and the page when the browser has none', async () => {
    for (const url of ['/assets/config.json', '/', '/login']) {
      const cookie = cookieOf((await ctx.t.app.inject({ url })).headers['set-cookie']);
      expect(cookie, url).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,};/);
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).not.toContain('HttpOnly');
    }
    const again = await ctx.t.app.inject({ url: '/assets/config.json', cookies: { 'XSRF-TOKEN': 'ya-tiene' } });
    expect(cookieOf(again.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a changing call that carries the cookie without the same header', async () => {
    const missing = await signIn({ cookie: 'XSRF-TOKEN=abc123' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: 'Token anti-falsificación inválido', datos: null });
    const mismatch = await signIn({ cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'otro' });
    expect(mismatch.statusCode).toBe(403);
  });

  it('accepts the matching header, and calls without the cookie (Bearer-only clients)', async () => {
    const match = await signIn({ cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc123' });
    expect(match.statusCode).toBe(200);
    expect(match.json().error).toBeNull();
    expect((await signIn({})).json().error).toBeNull();
    const read = await ctx.t.app.inject({ url: '/api/estado', cookies: { 'XSRF-TOKEN': 'abc123' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('maintenance', () => {
  const ctx = freshApp(template, [], { config: () => ({ maintenance: true, webDist: dist }) });

  it('answers 503 on every /api call', async () => {
    const MAINT = { error: 'El sitio esta en mantenimiento', datos: null };
    for (const [method, url] of [
      ['GET', '/api/estado'],
      ['POST', '/api/auth'],
      ['GET', '/api/servidores'],
      ['GET', '/api/otra'],
    ] as const) {
      const res = await ctx.t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { username: 'a', password: 'b' } : undefined,
      });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual(MAINT);
    }
  });

  it('still serves config.json and the web app', async () => {
    expect((await ctx.t.app.inject({ url: '/assets/config.json' })).statusCode).toBe(200);
    expect((await ctx.t.app.inject({ url: '/maintenance' })).statusCode).toBe(200);
  });
});

describe('encoded paths', () => {
  it('checks the anti-forgery header on an /api route reached through an encoded path', async () => {
    const t = await template.clone();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/%61pi/auth',
        payload: { username: 'admin', password: PASSWORDS.admin },
        cookies: { 'XSRF-TOKEN': 'abc' },
      });
      expect([403, 404]).toContain(res.statusCode);
    } finally {
      await t.close();
    }
  });
});
