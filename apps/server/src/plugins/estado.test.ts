import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { VERSION } from './estado.ts';

const ctx = freshApp(useTemplate(), ['comercial']);

describe('GET /api/estado/sesion', () => {
  it('answers the version to any session once the database has answered, and 401 without one', async () => {
    const ok = await ctx.t.app.inject({ url: '/api/estado/sesion', headers: ctx.comercial });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ error: null, datos: { version: VERSION } });
    const sin = await ctx.t.app.inject({ url: '/api/estado/sesion' });
    expect(sin.statusCode).toBe(401);
    expect(sin.json()).toMatchObject({ datos: null });
  });
});
