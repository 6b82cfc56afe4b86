import { describe, expect, it } from 'vitest';
import { bearer, freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';

const ctx = freshApp(useTemplate(), ['admin']);

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  ctx.t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

const INVALID = 'Datos inválidos';

describe('bad input never answers 500', () => {
  it('malformed JSON → 400', async () => {
    for (const payload of ['{', '{"username": "admin",}', 'nul', '{"a":1}}']) {
      const res = await post('/api/auth', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ error: 'El cuerpo de la solicitud no es JSON válido', datos: null });
    }
  });

  it('wrong types → 400 with the fields named', async () => {
    const res = await post('/api/auth', JSON.stringify({ username: 42, password: ['x'] }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(INVALID);
    expect(body.datos).toBeNull();
    expect(Object.keys(body.campos).sort()).toEqual(['password', 'username']);
    expect(body.campos.username).toEqual(['Este campo es requerido']); // the contract's own wording
  });

  it('missing fields → 400 "Este campo es requerido"', async () => {
    const res = await post('/api/auth', '{}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: INVALID,
      datos: null,
      campos: { username: ['Este campo es requerido'], password: ['Este campo es requerido'] },
    });
  });

  it('a missing or non-object body → 400', async () => {
    for (const payload of ['', '[]', '"texto"', 'null', '7']) {
      const res = await post('/api/auth', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error).toBe(INVALID);
      expect(res.json().campos).toBeDefined();
    }
  });

  it('huge strings → 400 with the length limit', async () => {
    const res = await post('/api/auth', JSON.stringify({ username: 'a'.repeat(10_000), password: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({ username: ['Máximo 200 caracteres'] });
  });

  it('unknown fields → 400, each one named', async () => {
    const res = await post('/api/auth', JSON.stringify({ username: 'admin', password: 'x', admin: true, rol: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({ admin: ['Campo no permitido'], rol: ['Campo no permitido'] });
  });

  it('a bare-array body checks each item', async () => {
    const res = await post('/api/auth/permisos', JSON.stringify(['SER#VER', 7, '']), ctx.admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['1', '2']);
    expect(res.json().campos['1'][0]).toMatch(/se esperaba texto/);
    const notArray = await post('/api/auth/permisos', JSON.stringify({ codes: [] }), ctx.admin);
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json().campos).toHaveProperty('body');
  });

  it('prototype-poisoning JSON is refused, not merged', async () => {
    const res = await post('/api/auth', '{"username":"a","password":"b","__proto__":{"x":1}}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('El cuerpo de la solicitud no es JSON válido');
  });

  it('a body over 1 MiB → 413', async () => {
    const big = JSON.stringify({ username: 'a'.repeat(1024 * 1024 + 10), password: 'x' });
    const res = await post('/api/auth', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La solicitud es demasiado grande', datos: null });
  });

  it('an unsupported content type → 415', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Tipo de contenido no admitido', datos: null });
  });

  it('an unknown /api route → 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.t.app.inject({ method, url: '/api/no-existe/1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Recurso no encontrado', datos: null });
    }
  });

  it('an empty JSON body on a route without body is fine', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json', ...(await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo)) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a real failure', () => {
  it('answers 500 with the envelope and no detail', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ db: ctx.t.db, config: ctx.t.config });
    app.get('/api/explota', { config: { access: 'public' } }, async () => {
      throw new Error('detalle interno que no debe salir');
    });
    await app.ready();
    const res = await app.inject({ url: '/api/explota' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Error interno del servidor', datos: null });
    await app.close();
  });
});

describe('the database away', () => {
  it('answers 503 with Retry-After and says to try again, whatever the route', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ db: ctx.t.db, config: ctx.t.config });
    // As Drizzle wraps the driver's error when PostgreSQL is stopped.
    const caida = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
    app.get('/api/sin-base', { config: { access: 'public' } }, async () => {
      throw caida;
    });
    await app.ready();
    const res = await app.inject({ url: '/api/sin-base' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'La base de datos no responde; vuelva a intentar en unos segundos',
      datos: null,
    });
    await app.close();
  });
});
