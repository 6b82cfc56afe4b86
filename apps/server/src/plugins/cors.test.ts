import { describe, expect, it } from 'vitest';
import { freshApp, type TestApp, useTemplate } from '../test/harness.ts';
import { corsAbierta } from './cors.ts';

const template = useTemplate();

const AJENO = 'https://ajeno.example';
const PORTAL = 'https://intranet.example.com';
const HASH = 'a'.repeat(64);

/** A preflight as a browser sends it before a call with the web's headers. */
const preflight = (t: TestApp, url: string, origin: string, method = 'POST') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,x-xsrf-token',
    },
  });

describe('the routes open to every origin', () => {
  it('are the intake, the store, config.json and the public downloads, and nothing else', () => {
    for (const url of [
      '/api/3/envelope/',
      '/api/3/store/?sentry_key=k',
      '/api/store/catalogo',
      '/api/store/descargas/x.apk',
      '/assets/config.json',
      `/api/archivos/${HASH}?nombre=a.zip`,
      `/api/paquetes/7/descarga/${HASH}`,
    ]) {
      expect(corsAbierta(url), url).toBe(true);
    }
    for (const url of [
      '/api/auth',
      '/api/auth/permisos',
      '/api/servidores',
      '/api/estado',
      '/api/insights/monitor-propio',
      '/api/archivos/limite',
      `/api/archivos/${HASH}/info`,
      '/api/paquetes/last',
      '/api/appsstore/config',
      '/assets/config.json.bak',
      '/api/storefront',
      '/',
    ]) {
      expect(corsAbierta(url), url).toBe(false);
    }
  });
});

describe('CORS without CORS_ORIGINS (same origin only)', () => {
  const ctx = freshApp(template);

  it('gives a foreign origin no Access-Control-Allow-Origin on a private route, preflight or GET', async () => {
    const pre = await preflight(ctx.t, '/api/auth/permisos', AJENO);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const get = await ctx.t.app.inject({ url: '/api/servidores', headers: { origin: AJENO } });
    expect(get.statusCode).toBe(401);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'x', password: 'y' },
      headers: { origin: AJENO },
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers * on the intake, the store, config.json and the downloads', async () => {
    for (const url of ['/api/store/catalogo', '/api/store/estado', '/assets/config.json', `/api/archivos/${HASH}`]) {
      const res = await ctx.t.app.inject({ url, headers: { origin: AJENO } });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    for (const [url, method] of [
      ['/api/1/envelope/', 'POST'],
      ['/api/1/store/', 'POST'],
      ['/api/store/catalogo', 'GET'],
      ['/assets/config.json', 'GET'],
    ] as const) {
      const pre = await preflight(ctx.t, url, AJENO, method);
      expect(pre.statusCode, url).toBe(204);
      expect(pre.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(pre.headers['access-control-allow-methods']), url).toContain(method);
    }
  });
});

describe('CORS with CORS_ORIGINS', () => {
  const ctx = freshApp(template, [], { config: { corsOrigins: [PORTAL] } });

  it('lets a listed origin call the private routes with the headers and methods the web sends', async () => {
    const pre = await preflight(ctx.t, '/api/auth/permisos', PORTAL);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(pre.headers.vary)).toMatch(/Origin/);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('x-xsrf-token');
    expect(String(pre.headers['access-control-allow-methods'])).toMatch(/PUT.*DELETE/);
    const get = await ctx.t.app.inject({ url: '/api/servidores', headers: { origin: PORTAL } });
    expect(get.headers['access-control-allow-origin']).toBe(PORTAL);
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'x', password: 'y' },
      headers: { origin: PORTAL },
    });
    expect(login.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(login.headers['access-control-expose-headers']).toContain('Retry-After');
  });

  it('still refuses an origin it does not list', async () => {
    expect(
      (await preflight(ctx.t, '/api/servidores', AJENO, 'GET')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect(
      (await ctx.t.app.inject({ url: '/api/servidores', headers: { origin: AJENO } })).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
  });

  it('keeps the public routes open to all', async () => {
    expect(
      (await ctx.t.app.inject({ url: '/api/store/catalogo', headers: { origin: AJENO } })).headers[
        'access-control-allow-origin'
      ],
    ).toBe('*');
  });
});
