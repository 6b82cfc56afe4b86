import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('POST /api/insights/proyectos/lote', () => {
  const ctx = freshApp(template, ['admin', 'tecnico', 'comercial']);
  const crear = async (nombre: string, slug: string) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/insights/proyectos',
      headers: ctx.admin,
      payload: { nombre, slug, plataforma: 'node' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().datos.id as number;
  };
  const lote = (payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/insights/proyectos/lote', headers, payload });
  const exportar = (payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/insights/proyectos/lote/export.csv', headers, payload });
  const proyectos = async () =>
    (await ctx.t.app.inject({ url: '/api/insights/proyectos', headers: ctx.admin })).json().datos as {
      id: number;
      nombre: string;
      activo: boolean;
    }[];
  const historial = async (id: number) =>
    (await ctx.t.app.inject({ url: `/api/auditoria?entidad=insights_proyecto&id=${id}`, headers: ctx.admin })).json()
      .datos.items;

  it('turns the chosen projects off and on (INSIGHTS#EDITAR), each audited; a project the form refuses is refused with its reason', async () => {
    const [api, web, raro] = [
      await crear('API pagos', 'api-pagos'),
      await crear('Web tienda', 'web-tienda'),
      await crear('Raro', 'raro'),
    ];
    for (const headers of [ctx.tecnico, ctx.comercial])
      expect(
        (
          await lote(
            { seleccion: { ids: [api] }, accion: 'cambiar', cambio: { campo: 'activo', valor: false } },
            headers,
          )
        ).statusCode,
      ).toBe(403);
    // A value the form no longer accepts (written before its limit existed) keeps the row as it is.
    await ctx.t.db.execute(sql`update insights_proyectos set alerta_pico_minutos = 5000 where id = ${raro}`);

    const res = await lote({
      seleccion: { ids: [api, web, raro] },
      accion: 'cambiar',
      cambio: { campo: 'activo', valor: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datos).toEqual({
      total: 3,
      hechos: [api, web],
      rechazados: [
        { id: raro, nombre: 'Raro', motivo: 'El registro tiene datos que el formulario no acepta: Máximo 1440' },
      ],
    });
    const despues = new Map((await proyectos()).map((p) => [p.id, p.activo]));
    expect([despues.get(api), despues.get(web), despues.get(raro)]).toEqual([false, false, true]);
    expect((await historial(api))[0]).toMatchObject({ accion: 'modificar', usuario_nombre: 'Administrador' });

    expect(
      (await lote({ seleccion: { ids: [api] }, accion: 'cambiar', cambio: { campo: 'activo', valor: 'no' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await lote({ seleccion: { ids: [api] }, accion: 'cambiar', cambio: { campo: 'slug', valor: 'x' } })).statusCode,
    ).toBe(400);
  });

  it('exports the chosen projects with SER#VER, then deletes all of them (the list has no filter), each audited', async () => {
    const ids = (await proyectos()).map((p) => p.id);
    expect((await exportar({ seleccion: { ids } }, ctx.comercial)).statusCode).toBe(403);
    const csv = await exportar({ seleccion: { ids } }, ctx.tecnico);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Nombre,Slug,Plataforma,Activo,Eventos por minuto');
    expect(csv.body).toContain('API pagos,api-pagos,Node.js,No');

    expect((await lote({ seleccion: { filtro: {} }, accion: 'eliminar' }, ctx.tecnico)).statusCode).toBe(403);
    const todos = await lote({ seleccion: { filtro: {} }, accion: 'eliminar' });
    expect(todos.statusCode, todos.body).toBe(200);
    expect(todos.json().datos).toMatchObject({ total: ids.length, rechazados: [] });
    expect(await proyectos()).toEqual([]);
    expect((await historial(ids[0]!))[0]).toMatchObject({ accion: 'eliminar' });
    expect((await lote({ seleccion: { filtro: { q: 'api' } }, accion: 'eliminar' })).statusCode).toBe(400);
  });
});
