import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate, type Fresh } from '../../test/harness.ts';

const template = useTemplate();
type Ctx = Fresh<'admin' | 'comercial' | 'tecnico'>;
type Headers = { authorization: string };

const listar = async (ctx: Ctx, headers: Headers, lista: string) =>
  ctx.t.app.inject({ method: 'GET', url: `/api/vistas?lista=${lista}`, headers });
const crear = async (ctx: Ctx, headers: Headers, payload: Record<string, unknown>) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/vistas', headers, payload });

describe('saved views', () => {
  const ctx = freshApp(template, ['admin', 'comercial', 'tecnico']);

  it('keep a list’s state under a name, private until shared with those who may read the list', async () => {
    const creada = await crear(ctx, ctx.tecnico, {
      lista: 'servidores',
      nombre: 'Activos en AWS',
      params: '?estado=activo&proveedor=AWS&sort=-actualizado&size=50',
      ocultas: ['ip_publica'],
    });
    expect(creada.statusCode).toBe(201);
    const vista = creada.json().datos;
    expect(vista).toMatchObject({
      lista: 'servidores',
      nombre: 'Activos en AWS',
      compartida: false,
      params: 'estado=activo&proveedor=AWS&sort=-actualizado&size=50',
      ocultas: ['ip_publica'],
      propia: true,
      autor: 'Técnico Demo',
    });

    // Private: the admin does not see it; shared, they do (not as theirs), and may not change it.
    const ids = async () =>
      ((await listar(ctx, ctx.admin, 'servidores')).json().datos.vistas as { id: number }[]).map((v) => v.id);
    expect(await ids()).not.toContain(vista.id);
    expect(
      (
        await ctx.t.app.inject({
          method: 'PUT',
          url: `/api/vistas/${vista.id}`,
          headers: ctx.tecnico,
          payload: { compartida: true },
        })
      ).statusCode,
    ).toBe(200);
    const vistas = (await listar(ctx, ctx.admin, 'servidores')).json().datos.vistas;
    // The admin's own (the demo's shared one) first, then the others'.
    expect(vistas.at(-1)).toEqual(
      expect.objectContaining({ id: vista.id, compartida: true, propia: false, autor: 'Técnico Demo' }),
    );
    expect(vistas[0]).toEqual(
      expect.objectContaining({ nombre: 'Activos, por proveedor', propia: true, compartida: true }),
    );
    const ajena = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/vistas/${vista.id}`,
      headers: ctx.admin,
      payload: { nombre: 'Mía' },
    });
    expect(ajena.statusCode).toBe(403);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/vistas/${vista.id}`, headers: ctx.admin })).statusCode,
    ).toBe(403);
    // Who may not read the list sees none of its views, and may keep none.
    expect((await listar(ctx, ctx.comercial, 'servidores')).statusCode).toBe(403);
    expect(
      (await crear(ctx, ctx.comercial, { lista: 'servidores', nombre: 'x', params: '', ocultas: [] })).statusCode,
    ).toBe(403);
  });

  it('opens the list with the user’s default, which is the user’s own choice', async () => {
    const vista = (
      await crear(ctx, ctx.admin, { lista: 'clientes', nombre: 'Córdoba', params: 'provincia=Córdoba', ocultas: [] })
    ).json().datos;
    expect(
      (
        await ctx.t.app.inject({
          method: 'PUT',
          url: '/api/vistas/predeterminada',
          headers: ctx.admin,
          payload: { lista: 'clientes', vista_id: vista.id },
        })
      ).statusCode,
    ).toBe(200);
    expect((await listar(ctx, ctx.admin, 'clientes')).json().datos.predeterminada).toBe(vista.id);
    expect((await listar(ctx, ctx.comercial, 'clientes')).json().datos.predeterminada).toBeNull();
    // A private view of someone else cannot be one's default; a view of another list neither.
    expect(
      (
        await ctx.t.app.inject({
          method: 'PUT',
          url: '/api/vistas/predeterminada',
          headers: ctx.comercial,
          payload: { lista: 'clientes', vista_id: vista.id },
        })
      ).statusCode,
    ).toBe(404);
    const otra = (
      await crear(ctx, ctx.admin, { lista: 'productos', nombre: 'Web', params: 'tipo=web', ocultas: [] })
    ).json().datos;
    const mal = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/vistas/predeterminada',
      headers: ctx.admin,
      payload: { lista: 'clientes', vista_id: otra.id },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().campos).toEqual({ vista_id: ['La vista es de otra lista'] });
    // Deleted, it is no one's default any more.
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/vistas/${vista.id}`, headers: ctx.admin })).statusCode,
    ).toBe(200);
    expect((await listar(ctx, ctx.admin, 'clientes')).json().datos).toEqual({ vistas: [], predeterminada: null });
  });

  it('refuses bad input with the field’s error, and a name the user already gave on the list', async () => {
    await crear(ctx, ctx.admin, { lista: 'dns', nombre: 'Registros A', params: 'tipo=A', ocultas: [] });
    const repetida = await crear(ctx, ctx.admin, { lista: 'dns', nombre: 'registros a', params: '', ocultas: [] });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().campos).toEqual({ nombre: ['Ya tiene una vista con ese nombre en esta lista'] });
    for (const [payload, campo] of [
      [{ lista: 'planetas', nombre: 'x', params: '', ocultas: [] }, 'lista'],
      [{ lista: 'dns', nombre: '  ', params: '', ocultas: [] }, 'nombre'],
      [{ lista: 'dns', nombre: 'x', params: 'a'.repeat(2001), ocultas: [] }, 'params'],
      [{ lista: 'dns', nombre: 'x', params: 'q=\u0001', ocultas: [] }, 'params'],
      [{ lista: 'dns', nombre: 'x', params: '', ocultas: 'todas' }, 'ocultas'],
    ] as const) {
      const res = await crear(ctx, ctx.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().campos ?? {}).join(), JSON.stringify(payload)).toContain(campo);
    }
    expect(
      (
        await ctx.t.app.inject({
          method: 'PUT',
          url: '/api/vistas/999999',
          headers: ctx.admin,
          payload: { nombre: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await listar(ctx, ctx.admin, 'planetas')).statusCode).toBe(400);
  });
});
