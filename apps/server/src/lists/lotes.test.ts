import { envelope } from '@intranet/contract/shared/envelope';
import { LOTE_BORRADO_NO_SE_DESHACE, loteDetalle, lotesLista } from '@intranet/contract/shared/lote';
import { and, eq, gte, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, lotes, maquinas } from '../db/schema.ts';
import { bearer, createUser, freshApp, type TestApp, useTemplate } from '../test/harness.ts';

const template = useTemplate();

/**
 * The machines list (PHY-MAQ#TODO, which `inventario` holds and `comercial` does not) and the products list (comercial
 * only reads it).
 */
const ctx = freshApp(template, ['admin', 'comercial'], {
  setup: async ({ t }) => {
    await createUser(t.db, { usuario: 'inventario', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
    return { inventario: await bearer(t.app, 'inventario', 'clave') };
  },
});

type Headers = { authorization: string };
const pedir = async (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
  const res = await ctx.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};

/** Machines of the test's own, in the list's order by name. */
async function crearMaquinas(t: TestApp, prefijo: string, n: number): Promise<number[]> {
  const filas = await t.db
    .insert(maquinas)
    .values(
      Array.from({ length: n }, (_, i) => ({
        nombre: `${prefijo}-${i + 1}`,
        tipo: 'pc' as const,
        ubicacion: 'Depósito',
      })),
    )
    .returning({ id: maquinas.id });
  return filas.map((f) => f.id);
}

const estados = async (ids: number[]) =>
  (
    await ctx.t.db
      .select({ id: maquinas.id, estado: maquinas.estado })
      .from(maquinas)
      .where(inArray(maquinas.id, ids))
      .orderBy(maquinas.id)
  ).map((m) => m.estado);

/** The audit rows of the machine's changes since `desde`. */
const cambiosDe = async (id: number, desde: Date) =>
  ctx.t.db
    .select({ id: auditoria.id })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.entidad, 'maquina'),
        eq(auditoria.entidadId, String(id)),
        eq(auditoria.accion, 'modificar'),
        gte(auditoria.fecha, desde),
      ),
    );

const reparacion = { accion: 'cambiar', cambio: { campo: 'estado', valor: 'reparacion' } };

describe('every bulk action is a recorded batch', () => {
  it("records who, the list, the action, the selection as sent and each row's outcome; the history lists it newest first", async () => {
    const ids = await crearMaquinas(ctx.t, 'REG', 2);
    const [asignada] = await ctx.t.db
      .select({ id: maquinas.id })
      .from(maquinas)
      .where(eq(maquinas.nombre, 'NB-TEC-01'));
    const seleccion = { ids: [...ids, asignada!.id] };
    const res = await pedir('POST', '/api/maquinas/lote', ctx.inventario, { seleccion, ...reparacion });
    expect(res.status).toBe(200);
    expect(res.body.datos.hechos).toEqual(ids);

    const historial = await pedir('GET', '/api/maquinas/lotes', ctx.inventario);
    expect(historial.status).toBe(200);
    expect(envelope(lotesLista).safeParse(historial.body).success).toBe(true);
    const [ultimo] = historial.body.datos.items;
    expect(ultimo).toMatchObject({
      ruta: '/api/maquinas',
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'reparacion' },
      estado: 'terminado',
      total: 3,
      hechos: 2,
      rechazados: 1,
      pendientes: 0,
    });
    expect(ultimo.usuario_nombre).toMatch(/\S/);

    const detalle = await pedir('GET', `/api/maquinas/lotes/${ultimo.id}`, ctx.inventario);
    expect(envelope(loteDetalle).safeParse(detalle.body).success).toBe(true);
    expect(detalle.body.datos.seleccion).toEqual(seleccion);
    expect(detalle.body.datos.filas).toEqual(
      expect.arrayContaining([
        { id: ids[0], nombre: 'REG-1', estado: 'hecho', motivo: null },
        { id: asignada!.id, nombre: 'NB-TEC-01', estado: 'rechazado', motivo: expect.stringContaining('asignada') },
      ]),
    );
    // Another list's history does not show it, and an unknown id answers 404 in Spanish.
    expect((await pedir('GET', `/api/productos/lotes/${ultimo.id}`, ctx.admin)).status).toBe(404);
    const nada = await pedir('GET', '/api/maquinas/lotes/999999', ctx.inventario);
    expect(nada).toMatchObject({ status: 404, body: { error: 'Acción masiva no encontrada' } });
    const malId = await pedir('GET', '/api/maquinas/lotes/abc', ctx.inventario);
    expect(malId.status).toBe(400);
    expect(malId.body.campos).toEqual({ id: ['Id inválido'] });
  });
});

describe('a batch cut short', () => {
  it('shows as interrumpido, continues only its pending rows (one change each), then undoes back to the values before', async () => {
    const ids = await crearMaquinas(ctx.t, 'CAIDA', 5);
    // A fault mid-batch, as a dying process leaves it: the third machine's update fails with an error that is
    // no refusal, so the batch stops there with the first two done and the rest pending.
    await ctx.t.db.execute(
      sql.raw(
        `create function lote_caida() returns trigger language plpgsql as $$ begin raise exception 'caída simulada'; end $$`,
      ),
    );
    await ctx.t.db.execute(
      sql.raw(
        `create trigger lote_caida before update on maquinas for each row when (new.nombre = 'CAIDA-3') execute function lote_caida()`,
      ),
    );
    const cortado = await pedir('POST', '/api/maquinas/lote', ctx.inventario, {
      seleccion: { filtro: { q: 'CAIDA-' } },
      ...reparacion,
    });
    expect(cortado.status).toBe(500);
    const [lote] = await ctx.t.db
      .select({ id: lotes.id, creado: lotes.creado })
      .from(lotes)
      .orderBy(sql`${lotes.id} desc`)
      .limit(1);
    const visto = async () => (await pedir('GET', `/api/maquinas/lotes/${lote!.id}`, ctx.inventario)).body.datos;
    expect(await visto()).toMatchObject({ estado: 'interrumpido', total: 5, hechos: 2, pendientes: 3 });
    expect(await estados(ids)).toEqual(['reparacion', 'reparacion', 'disponible', 'disponible', 'disponible']);

    // A batch still 'en_curso' whose process stopped beating (killed) reads as interrumpido; a live one does not.
    await ctx.t.db.update(lotes).set({ estado: 'en_curso', actualizado: sql`now()` }).where(eq(lotes.id, lote!.id));
    expect((await visto()).estado).toBe('en_curso');
    expect((await pedir('POST', `/api/maquinas/lotes/${lote!.id}/continuar`, ctx.inventario)).status).toBe(409);
    await ctx.t.db.update(lotes).set({ actualizado: sql`now() - interval '1 minute'` }).where(eq(lotes.id, lote!.id));
    expect((await visto()).estado).toBe('interrumpido');

    // Without the list's code, not even its history is shown.
    expect((await pedir('GET', '/api/maquinas/lotes', ctx.comercial)).status).toBe(403);
    expect((await pedir('POST', `/api/maquinas/lotes/${lote!.id}/continuar`, ctx.comercial)).status).toBe(403);

    await ctx.t.db.execute(sql.raw('drop trigger lote_caida on maquinas'));
    await ctx.t.db.execute(sql.raw('drop function lote_caida()'));
    const seguido = await pedir('POST', `/api/maquinas/lotes/${lote!.id}/continuar`, ctx.admin);
    expect(seguido.status).toBe(200);
    expect(seguido.body.datos).toMatchObject({ estado: 'terminado', hechos: 5, pendientes: 0 });
    expect(await estados(ids)).toEqual(Array(5).fill('reparacion'));
    // Each row changed exactly once by the batch, the two done before the cut included.
    for (const id of ids) expect(await cambiosDe(id, lote!.creado), String(id)).toHaveLength(1);
    const otraVez = await pedir('POST', `/api/maquinas/lotes/${lote!.id}/continuar`, ctx.admin);
    expect(otraVez).toMatchObject({ status: 409, body: { error: 'Solo se continúa una acción masiva interrumpida' } });

    // Undo: every changed row back to its audit row's value before, recorded as a batch of its own.
    const deshecho = await pedir('POST', `/api/maquinas/lotes/${lote!.id}/deshacer`, ctx.inventario);
    expect(deshecho.status).toBe(200);
    expect(deshecho.body.datos).toMatchObject({
      accion: 'deshacer',
      deshace_a: lote!.id,
      estado: 'terminado',
      hechos: 5,
      rechazados: 0,
    });
    expect(await estados(ids)).toEqual(Array(5).fill('disponible'));
    expect((await visto()).deshecho_por).toBe(deshecho.body.datos.id);
    const dosVeces = await pedir('POST', `/api/maquinas/lotes/${lote!.id}/deshacer`, ctx.inventario);
    expect(dosVeces).toMatchObject({ status: 409, body: { error: 'Esta acción masiva ya se deshizo' } });
  });

  it('does not undo a row changed after the batch, and says why; a bulk delete is not undone', async () => {
    const ids = await crearMaquinas(ctx.t, 'DESPUES', 2);
    const primero = await pedir('POST', '/api/maquinas/lote', ctx.inventario, { seleccion: { ids }, ...reparacion });
    expect(primero.status).toBe(200);
    const [{ id: loteId }] = (await pedir('GET', '/api/maquinas/lotes?limite=1', ctx.inventario)).body.datos.items;
    await pedir('POST', '/api/maquinas/lote', ctx.inventario, {
      seleccion: { ids: [ids[1]] },
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'baja' },
    });
    const deshecho = await pedir('POST', `/api/maquinas/lotes/${loteId}/deshacer`, ctx.inventario);
    expect(deshecho.body.datos).toMatchObject({ hechos: 1, rechazados: 1 });
    expect(deshecho.body.datos.filas).toContainEqual({
      id: ids[1],
      nombre: 'DESPUES-2',
      estado: 'rechazado',
      motivo: 'Cambió después de la acción masiva: no se deshace',
    });
    expect(await estados(ids)).toEqual(['disponible', 'baja']);

    const borrar = await crearMaquinas(ctx.t, 'BORRAR', 1);
    await pedir('POST', '/api/maquinas/lote', ctx.inventario, { seleccion: { ids: borrar }, accion: 'eliminar' });
    const [{ id: borrado }] = (await pedir('GET', '/api/maquinas/lotes?limite=1', ctx.inventario)).body.datos.items;
    const res = await pedir('POST', `/api/maquinas/lotes/${borrado}/deshacer`, ctx.inventario);
    expect(res).toMatchObject({ status: 409, body: { error: LOTE_BORRADO_NO_SE_DESHACE } });
    const malLimite = await pedir('GET', '/api/maquinas/lotes?limite=0', ctx.inventario);
    expect(malLimite.status).toBe(400);
    expect(Object.keys(malLimite.body.campos)).toEqual(['limite']);
    await ctx.t.db.delete(maquinas).where(like(maquinas.nombre, 'DESPUES-%'));
  });
});

describe('who may continue or undo', () => {
  it('reading the list shows its history; only its edit code continues or undoes', async () => {
    const ids = (await pedir('GET', '/api/productos?size=2', ctx.admin)).body.datos.items.map(
      (p: { id: number }) => p.id,
    );
    const res = await pedir('POST', '/api/productos/lote', ctx.admin, {
      seleccion: { ids },
      accion: 'cambiar',
      cambio: { campo: 'responsable', valor: 'Ana Ruiz' },
    });
    expect(res.status).toBe(200);
    const historial = await pedir('GET', '/api/productos/lotes', ctx.comercial);
    expect(historial.status).toBe(200);
    const [{ id, usuario_id, hechos }] = historial.body.datos.items;
    expect(hechos).toBe(ids.length);
    expect(usuario_id).not.toBeNull();
    expect((await pedir('GET', `/api/productos/lotes/${id}`, ctx.comercial)).status).toBe(200);
    for (const accion of ['continuar', 'deshacer']) {
      const negado = await pedir('POST', `/api/productos/lotes/${id}/${accion}`, ctx.comercial);
      expect(negado.status, accion).toBe(403);
      expect(negado.body.error, accion).toMatch(/\S/);
    }
    expect((await pedir('POST', `/api/productos/lotes/${id}/deshacer`, ctx.admin)).body.datos).toMatchObject({
      estado: 'terminado',
      hechos: ids.length,
    });
  });
});
