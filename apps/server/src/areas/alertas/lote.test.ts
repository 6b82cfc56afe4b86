import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('POST /api/alertas/webhooks/lote', () => {
  const ctx = freshApp(template, ['admin', 'tecnico', 'comercial']);
  const crear = async (nombre: string) => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/alertas/webhooks', headers: ctx.admin, payload: { nombre, url: 'https://hooks.example.com/x', formato: 'json', eventos: ['garantia'], activo: true } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().datos.id as number;
  };
  const lote = (payload: object, headers = ctx.admin) => ctx.t.app.inject({ method: 'POST', url: '/api/alertas/webhooks/lote', headers, payload });
  const nombres = async () => ((await ctx.t.app.inject({ url: '/api/alertas/webhooks', headers: ctx.admin })).json().datos as { nombre: string }[]).map((w) => w.nombre);
  const historial = async (id: number) => (await ctx.t.app.inject({ url: `/api/auditoria?entidad=webhook&id=${id}`, headers: ctx.admin })).json().datos.items;

  it('deletes the chosen webhooks, then all of them, each through the single delete and audited (ALERTAS#ADMIN)', async () => {
    const [ops, slack, teams] = [await crear('Operaciones'), await crear('Slack soporte'), await crear('Teams ventas')];
    for (const headers of [ctx.tecnico, ctx.comercial]) expect((await lote({ seleccion: { ids: [ops] }, accion: 'eliminar' }, headers)).statusCode).toBe(403);

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
    expect((await lote({ seleccion: { ids: [1] }, accion: 'cambiar', cambio: { campo: 'activo', valor: false } })).statusCode).toBe(400);
    expect((await lote({ seleccion: { filtro: { q: 'ops' } }, accion: 'eliminar' })).statusCode).toBe(400);
    expect((await lote({ seleccion: { ids: [] }, accion: 'eliminar' })).statusCode).toBe(400);
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/alertas/webhooks/lote/export.csv', headers: ctx.admin, payload: { seleccion: { ids: [1] } } })).statusCode).toBe(404);
  });
});
