import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paquetes } from '../db/schema.ts';
import { bearer, freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';

const template = useTemplate();
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'intranet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Intranet</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
const csp = (res: LightMyRequestResponse): Map<string, string[]> =>
  new Map(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('worker-src'), what).toEqual(["'self'"]);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  const ctx = freshApp(template, [], { config: () => ({ webDist: dist, filesDir: join(dist, 'files') }) });

  it('are on an API answer, the web app’s page and a static asset, and on a 404', async () => {
    const answers = {
      api: await ctx.t.app.inject({ url: '/api/estado' }),
      refused: await ctx.t.app.inject({ url: '/api/servidores' }),
      page: await ctx.t.app.inject({ url: '/' }),
      deepLink: await ctx.t.app.inject({ url: '/clientes/lista' }),
      missing: await ctx.t.app.inject({ url: '/assets/no-existe.js' }),
    };
    expect(answers.api.statusCode).toBe(200);
    expect(answers.refused.statusCode).toBe(401);
    expect(answers.page.headers['content-type']).toContain('text/html');
    expect(answers.missing.statusCode).toBe(404);
    for (const [what, res] of Object.entries(answers)) expectSecurityHeaders(res, what);
  });

  it('a built script keeps nosniff and its referrer and resource policies, without the headers only a document reads', async () => {
    const asset = await ctx.t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['referrer-policy']).toBe('same-origin');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-xss-protection',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
  });

  it('allow no inline script; inline styles (Mantine), images from the web (rich text), calls to the portal itself', async () => {
    const policy = csp(await ctx.t.app.inject({ url: '/' }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('leave a download its own sandboxed policy', async () => {
    const subida = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=pagina.html',
      headers: { ...(await bearer(ctx.t.app, 'admin', PASSWORDS.admin)), 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    expect(subida.statusCode).toBe(201);
    const { id, sha256 } = subida.json().datos as { id: number; sha256: string };
    await ctx.t.db.insert(paquetes).values({ nombre: 'usa-la-pagina', archivoId: id });
    const descarga = await ctx.t.app.inject({ url: `/api/archivos/${sha256}` });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(descarga.headers['x-frame-options']).toBe('DENY');
    expect(descarga.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('let only the public routes be embedded by other sites (Cross-Origin-Resource-Policy)', async () => {
    expect((await ctx.t.app.inject({ url: '/api/estado' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
    expect((await ctx.t.app.inject({ url: '/' })).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await ctx.t.app.inject({ url: '/api/store/catalogo' })).headers['cross-origin-resource-policy']).toBe(
      'cross-origin',
    );
    expect(
      (await ctx.t.app.inject({ url: `/api/archivos/${'b'.repeat(64)}` })).headers['cross-origin-resource-policy'],
    ).toBe('cross-origin');
  });
});

describe('security headers with base URLs on other origins', () => {
  const ctx = freshApp(template, [], {
    config: () => ({
      webDist: dist,
      publicUrl: 'https://intranet.example.com',
      urls: {
        api: 'https://api.example.com/intranet',
        instaladores: 'https://api.example.com',
        store: '',
        versiones: '',
        archivos: 'http://files.example.com:8080/x',
      },
    }),
  });

  it('let the web app call them, by origin', async () => {
    const policy = csp(await ctx.t.app.inject({ url: '/' }));
    const otros = ['https://api.example.com', 'http://files.example.com:8080', 'https://intranet.example.com'];
    expect(policy.get('connect-src')).toEqual(["'self'", ...otros]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});
