import { envelope } from '@intranet/contract/shared/envelope';
import { loteResultado } from '@intranet/contract/shared/lote';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';

const ctx = freshApp(useTemplate(), ['admin', 'comercial']);

const crear = async (nombre: string) =>
  (
    await ctx.t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: ctx.admin,
      payload: { nombre, descripcion: 'Lote de prueba', permisos: ['>SERDNS#VER'] },
    })
  ).json().datos.id as number;
const lote = async (payload: object, headers = ctx.admin) => {
  const res = await ctx.t.app.inject({ method: 'POST', url: '/api/roles/lote', payload, headers });
  return { status: res.statusCode, body: res.json() };
};
const nombres = async () =>
  (
    (await ctx.t.app.inject({ url: '/api/roles?size=100', headers: ctx.admin })).json().datos.items as {
      nombre: string;
    }[]
  ).map((r) => r.nombre);

describe('POST /api/roles/lote', () => {
  it("deletes every role the filter matches that no account holds, and refuses a held one with its single delete's reason", async () => {
    const libres = [await crear('Lote A'), await crear('Lote B')];
    const comercial = (
      (await ctx.t.app.inject({ url: '/api/roles?q=comercial', headers: ctx.admin })).json().datos.items as {
        id: number;
      }[]
    )[0]!.id;
    const uno = await ctx.t.app.inject({ method: 'DELETE', url: `/api/roles/${comercial}`, headers: ctx.admin });
    expect(uno.statusCode).toBe(409);

    const res = await lote({ seleccion: { filtro: { q: 'lote' } }, accion: 'eliminar' });
    expect(res.status).toBe(200);
    expect(envelope(loteResultado).safeParse(res.body).success).toBe(true);
    expect(res.body.datos).toEqual({ total: 2, hechos: libres, rechazados: [] });
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(eq(auditoria.entidad, 'rol'), eq(auditoria.entidadId, String(libres[0])), eq(auditoria.accion, 'eliminar')),
      );
    expect(audit?.antes).toMatchObject({ nombre: 'Lote A' });

    const otro = await crear('Lote C');
    const mixto = await lote({ seleccion: { ids: [comercial, otro] }, accion: 'eliminar' });
    expect(mixto.body.datos).toEqual({
      total: 2,
      hechos: [otro],
      rechazados: [{ id: comercial, nombre: 'Comercial', motivo: uno.json().error }],
    });
    expect(await nombres()).toEqual(['Administrador', 'Comercial', 'Técnica']);
  });

  it('answers 403 without USUARIOS#ADMIN, 400 for a change (roles take none in bulk) or a bad selection', async () => {
    expect((await lote({ seleccion: { ids: [1] }, accion: 'eliminar' }, ctx.comercial)).status).toBe(403);
    const cambio = await lote({ seleccion: { ids: [1] }, accion: 'cambiar', cambio: { campo: 'nombre', valor: 'x' } });
    expect(cambio.status).toBe(400);
    const vacia = await lote({ seleccion: { ids: [] }, accion: 'eliminar' });
    expect(vacia.status).toBe(400);
    expect(vacia.body.campos).toEqual({ 'seleccion.ids': ['Seleccione al menos uno'] });
  });

  it('exports the chosen roles, or all that match, as CSV', async () => {
    const todas = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/roles/lote/export.csv',
      payload: { seleccion: { filtro: { q: 'servidores' } } },
      headers: ctx.admin,
    });
    expect(todas.statusCode).toBe(200);
    expect(todas.headers['content-type']).toMatch(/text\/csv/);
    const filas = parse(todas.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(filas.map((f) => f.Nombre)).toEqual(['Técnica']);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/roles/lote/export.csv',
          payload: { seleccion: { ids: [1] } },
          headers: ctx.comercial,
        })
      ).statusCode,
    ).toBe(403);
  });
});
