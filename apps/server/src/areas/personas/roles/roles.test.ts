import { envelope } from '@intranet/contract/shared/envelope';
import { rolDetalle, rolPage } from '@intranet/contract/areas/personas/usuarios';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles } from '../../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../../test/harness.ts';

const ctx = freshApp(useTemplate(), ['admin']);

describe('/api/roles', () => {
  let id: number;

  it('lists roles with their codes and how many accounts hold each', async () => {
    const res = await ctx.t.app.inject({ url: '/api/roles?sort=nombre', headers: ctx.admin });
    expect(envelope(rolPage).safeParse(res.json()).success).toBe(true);
    const items = res.json().datos.items as { nombre: string; permisos: string[]; usuarios_count: number }[];
    expect(items.map((r) => r.nombre)).toEqual(['Administrador', 'Comercial', 'Técnica']);
    expect(items[1]).toMatchObject({ permisos: ['CLIENTES#VER', 'PROD#VER'], usuarios_count: 1 });
    expect(
      (await ctx.t.app.inject({ url: '/api/roles?q=servidores', headers: ctx.admin }))
        .json()
        .datos.items.map((r: { nombre: string }) => r.nombre),
    ).toEqual(['Técnica']);
  });

  it("creates a role with the spec's code spelling, deduplicated; refuses unknown codes and duplicate names", async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: ctx.admin,
      payload: { nombre: 'DNS', descripcion: '', permisos: ['>SERDNS#VER', '>SERDNS#VER', 'SERDNS#EDITAR'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().datos).toMatchObject({
      nombre: 'DNS',
      descripcion: '',
      permisos: ['>SERDNS#VER', 'SERDNS#EDITAR'],
      usuarios_count: 0,
    });
    id = res.json().datos.id;
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: ctx.admin,
      payload: { nombre: 'X', permisos: ['SERDNS#VER'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos).toEqual({ 'permisos.0': ['Código de permiso desconocido'] });
    const dup = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: ctx.admin,
      payload: { nombre: 'DNS', permisos: [] },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ nombre: ['Ya existe un rol con ese nombre'] });
  });

  it('edits a role and its holders get the new codes on their next request, with the same token', async () => {
    const { rolId } = await createUser(ctx.t.db, { usuario: 'operador', password: 'clave', codigos: [] });
    const h = await bearer(ctx.t.app, 'operador', 'clave');
    expect((await ctx.t.app.inject({ url: '/api/dns', headers: h })).statusCode).toBe(403);
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/roles/${rolId}`,
      headers: ctx.admin,
      payload: { nombre: 'Operador', descripcion: 'Consulta DNS', permisos: ['>SERDNS#VER'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().datos).toMatchObject({ nombre: 'Operador', permisos: ['>SERDNS#VER'], usuarios_count: 1 });
    expect((await ctx.t.app.inject({ url: '/api/dns', headers: h })).statusCode).toBe(200);
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/roles/${rolId}`,
      headers: ctx.admin,
      payload: { nombre: 'Operador', permisos: [] },
    });
    expect((await ctx.t.app.inject({ url: '/api/dns', headers: h })).statusCode).toBe(403);
    const hist = await ctx.t.app.inject({ url: `/api/auditoria?entidad=rol&id=${rolId}`, headers: ctx.admin });
    expect(hist.json().datos.items[0]).toMatchObject({
      accion: 'modificar',
      antes: { permisos: ['>SERDNS#VER'] },
      despues: { permisos: [] },
    });
  });

  it('shows who holds a role, and deletes only a role nobody holds', async () => {
    const comercial = (await ctx.t.db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, 'Comercial')))[0]!.id;
    const det = await ctx.t.app.inject({ url: `/api/roles/${comercial}`, headers: ctx.admin });
    expect(envelope(rolDetalle).safeParse(det.json()).success).toBe(true);
    expect(det.json().datos.usuarios).toEqual([expect.objectContaining({ usuario: 'comercial', activo: true })]);
    const held = await ctx.t.app.inject({ method: 'DELETE', url: `/api/roles/${comercial}`, headers: ctx.admin });
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe('El rol está asignado a 1 cuenta; quíteselo antes de eliminarlo');
    const del = await ctx.t.app.inject({ method: 'DELETE', url: `/api/roles/${id}`, headers: ctx.admin });
    expect(del.json()).toEqual({ error: null, datos: null });
    expect((await ctx.t.app.inject({ url: `/api/roles/${id}`, headers: ctx.admin })).statusCode).toBe(404);
    const hist = await ctx.t.app.inject({ url: `/api/auditoria?entidad=rol&id=${id}`, headers: ctx.admin });
    expect(hist.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual(['eliminar', 'crear']);
  });
});
