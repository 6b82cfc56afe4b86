import { DESARROLLO_ESTADOS } from '@intranet/contract/areas/desarrollos';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

describe('GET /api/desarrollos/mios (the home panel)', () => {
  const ctx = freshApp(useTemplate(), ['admin', 'tecnico', 'comercial']);

  it('counts the caller’s developments by state, every state in the board’s order', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/desarrollos/mios', headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    const { persona_id, estados } = res.json().datos as {
      persona_id: number | null;
      estados: { estado: string; cantidad: number }[];
    };
    expect(persona_id).not.toBeNull();
    expect(estados.map((e) => e.estado)).toEqual([...DESARROLLO_ESTADOS]);
    // The demo gives tecnico's persona (Martín Ruiz) one development.
    expect(estados.reduce((sum, e) => sum + e.cantidad, 0)).toBe(1);
    const lista = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/desarrollos?responsable_id=${persona_id}`,
      headers: ctx.tecnico,
    });
    expect(lista.json().datos.total).toBe(1);
  });

  it("gives the demo's administrator one in her charge too, so her home's panel is not empty", async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/desarrollos/mios', headers: ctx.admin });
    const { estados } = res.json().datos as { estados: { cantidad: number }[] };
    expect(estados.reduce((sum, e) => sum + e.cantidad, 0)).toBe(1);
  });

  it('answers zeros to an account with no persona, and 403 without SER#VER', async () => {
    await createUser(ctx.t.db, { usuario: 'sin-persona', password: 'clave', codigos: ['SER#VER'] });
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/desarrollos/mios',
      headers: await bearer(ctx.t.app, 'sin-persona', 'clave'),
    });
    expect(res.json().datos.persona_id).toBeNull();
    expect(res.json().datos.estados.every((e: { cantidad: number }) => e.cantidad === 0)).toBe(true);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/desarrollos/mios', headers: ctx.comercial })).statusCode,
    ).toBe(403);
  });
});
