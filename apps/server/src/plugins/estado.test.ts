import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fechaLocal } from '../core/fechas.ts';
import { intentosIngreso } from '../db/schema.ts';
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

  it('answers a live API token 200 and a revoked one 401, counted as a token failure; other session routes refuse tokens', async () => {
    const creado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/tokens',
      headers: ctx.comercial,
      payload: { nombre: 'Monitor', vence: fechaLocal(Date.now() + 7 * 86_400_000), permisos: ['CLIENTES#VER'] },
    });
    const { id, token } = creado.json().datos as { id: number; token: string };
    const conToken = { authorization: `Bearer ${token}` };

    const ok = await ctx.t.app.inject({ url: '/api/estado/sesion', headers: conToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ error: null, datos: { version: VERSION } });
    // Only this route lets a token through: the account's own routes still need a person.
    const propias = await ctx.t.app.inject({ url: '/api/auth/tokens', headers: conToken });
    expect(propias.statusCode).toBe(403);
    expect(propias.json().error).toBe('Un token de API no puede usar esta ruta: ingrese con su usuario y contraseña');

    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/auth/tokens/${id}/revocar`, headers: ctx.comercial }))
        .statusCode,
    ).toBe(200);
    const revocado = await ctx.t.app.inject({
      url: '/api/estado/sesion',
      headers: conToken,
      remoteAddress: '203.0.113.40',
    });
    expect(revocado.statusCode).toBe(401);
    expect(revocado.json()).toEqual({ error: 'Token de API inválido, vencido o revocado', datos: null });
    const fallos = await ctx.t.db
      .select({ clase: intentosIngreso.clase, exito: intentosIngreso.exito })
      .from(intentosIngreso)
      .where(eq(intentosIngreso.ip, '203.0.113.40'));
    expect(fallos).toEqual([{ clase: 'token', exito: false }]);
  });
});
