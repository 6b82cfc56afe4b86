import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificaciones } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('POST /api/alertas/webhooks/lote', () => {
  const ctx = freshApp(template, ['admin', 'tecnico', 'comercial']);
  const crear = async (nombre: string) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/webhooks',
      headers: ctx.admin,
      payload: { nombre, url: 'https://hooks.example.com/x', formato: 'json', eventos: ['garantia'], activo: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().datos.id as number;
  };
  const lote = (payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/alertas/webhooks/lote', headers, payload });
  const nombres = async () =>
    (
      (await ctx.t.app.inject({ url: '/api/alertas/webhooks', headers: ctx.admin })).json().datos as {
        nombre: string;
      }[]
    ).map((w) => w.nombre);
  const historial = async (id: number) =>
    (await ctx.t.app.inject({ url: `/api/auditoria?entidad=webhook&id=${id}`, headers: ctx.admin })).json().datos.items;

  it('deletes the chosen webhooks, then all of them, each through the single delete and audited (ALERTAS#ADMIN)', async () => {
    const [ops, slack, teams] = [await crear('Operaciones'), await crear('Slack soporte'), await crear('Teams ventas')];
    for (const headers of [ctx.tecnico, ctx.comercial])
      expect((await lote({ seleccion: { ids: [ops] }, accion: 'eliminar' }, headers)).statusCode).toBe(403);

    const elegidos = await lote({ seleccion: { ids: [ops, teams, 999_999] }, accion: 'eliminar' });
    expect(elegidos.statusCode, elegidos.body).toBe(200);
    // An id already gone is not a row of the list: it is neither done nor refused.
    expect(elegidos.json().datos).toEqual({ total: 2, hechos: [ops, teams], rechazados: [] });
    expect(await nombres()).toContain('Slack soporte');
    expect(await nombres()).not.toContain('Operaciones');
    expect((await historial(ops))[0]).toMatchObject({ accion: 'eliminar', usuario_nombre: 'Administrador' });

    // "All that match": the list has no filter, so every webhook.
    const antes = (await nombres()).length;
    const todos = await lote({ seleccion: { filtro: {} }, accion: 'eliminar' });
    expect(todos.statusCode, todos.body).toBe(200);
    expect(todos.json().datos).toMatchObject({ total: antes, rechazados: [] });
    expect(todos.json().datos.hechos).toContain(slack);
    expect(await nombres()).toEqual([]);
    expect((await historial(slack))[0]).toMatchObject({ accion: 'eliminar' });
  });

  it('takes only a delete: no field to set, no filter, no CSV of its own', async () => {
    expect(
      (await lote({ seleccion: { ids: [1] }, accion: 'cambiar', cambio: { campo: 'activo', valor: false } }))
        .statusCode,
    ).toBe(400);
    expect((await lote({ seleccion: { filtro: { q: 'ops' } }, accion: 'eliminar' })).statusCode).toBe(400);
    expect((await lote({ seleccion: { ids: [] }, accion: 'eliminar' })).statusCode).toBe(400);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/alertas/webhooks/lote/export.csv',
          headers: ctx.admin,
          payload: { seleccion: { ids: [1] } },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/alertas/notificaciones/lote', () => {
  const ctx = freshApp(template, ['admin', 'comercial']);
  const crear = async (usuario: string, titulo: string) => {
    const [fila] = await ctx.t.db
      .insert(notificaciones)
      .values({
        usuarioId: sql`(select id from usuarios where usuario = ${usuario})`,
        tipo: 'garantia',
        titulo,
        enlace: '/maquinas',
      })
      .returning({ id: notificaciones.id });
    return fila!.id;
  };
  const lote = (payload: object, headers = ctx.comercial) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/alertas/notificaciones/lote', headers, payload });
  const mias = async (headers = ctx.comercial) =>
    (await ctx.t.app.inject({ url: '/api/alertas/notificaciones', headers })).json().datos as {
      no_leidas: number;
      items: { id: number; titulo: string; leida: boolean }[];
    };

  it('marks one’s own notifications read and unread, then deletes them; another person’s are not touched', async () => {
    const [uno, dos] = [await crear('comercial', 'Garantía de NB-01'), await crear('comercial', 'Garantía de NB-02')];
    const ajena = await crear('admin', 'Garantía del administrador');
    const leer = (ids: number[], valor: boolean) =>
      lote({ seleccion: { ids }, accion: 'cambiar', cambio: { campo: 'leida', valor } });

    const leidas = await leer([uno, dos, ajena], true);
    expect(leidas.statusCode, leidas.body).toBe(200);
    // Another person's is not a row of one's own list: neither done nor refused.
    expect(leidas.json().datos).toEqual({ total: 2, hechos: [dos, uno], rechazados: [] });
    expect((await mias()).items.filter((n) => [uno, dos].includes(n.id)).map((n) => n.leida)).toEqual([true, true]);
    expect((await mias(ctx.admin)).items.find((n) => n.id === ajena)?.leida).toBe(false);
    expect((await leer([uno], false)).json().datos.hechos).toEqual([uno]);
    expect((await mias()).items.find((n) => n.id === uno)?.leida).toBe(false);

    const todas = await lote({ seleccion: { filtro: {} }, accion: 'eliminar' });
    expect(todas.statusCode, todas.body).toBe(200);
    expect(todas.json().datos.hechos).toEqual(expect.arrayContaining([uno, dos]));
    expect((await mias()).items).toEqual([]);
    expect((await mias(ctx.admin)).items.map((n) => n.id)).toContain(ajena);
    expect((await leer([ajena], true)).json().datos).toEqual({ total: 0, hechos: [], rechazados: [] });
  });
});
