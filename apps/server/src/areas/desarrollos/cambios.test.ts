import { auditPage } from '@intranet/contract/areas/auditoria';
import { COMPROMISO_ANTERIOR, desarrollo, desarrolloCambios } from '@intranet/contract/areas/desarrollos';
import { envelope } from '@intranet/contract/shared/envelope';
import { emptyDocument } from '@intranet/editor';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { desarrolloEstados, clientes, personas, productos, versiones } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

// Writes of the desarrollos area: create, update, move along the transition table, delete; each audited.

let erp: number;
let sueldos: number;
let versionErp: number;
let versionSueldos: number;
let sofia: number;
const ctx = freshApp(useTemplate(), ['admin', 'tecnico'], {
  setup: async ({ t }) => {
    const producto = async (codigo: string) =>
      (await t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, codigo)))[0]!.id;
    erp = await producto('PHY-ERP');
    sueldos = await producto('PHY-SUELDOS');
    const version = async (productoId: number) =>
      (await t.db.select({ id: versiones.id }).from(versiones).where(eq(versiones.productoId, productoId)).limit(1))[0]!
        .id;
    versionErp = await version(erp);
    versionSueldos = await version(sueldos);
    sofia = (await t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1008')))[0]!.id;
  },
});

const NUEVO = {
  titulo: 'Exportación de asientos a Excel',
  producto_id: 0,
  prioridad: 'alta',
  fecha_solicitud: '2026-03-02',
  fecha_compromiso: '2026-04-15',
  horas_estimadas: 12.5,
  descripcion: {
    type: 'doc',
    content: [
      { type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'Con centros de costo.' }] },
    ],
  },
};

const crear = (body: Record<string, unknown>, headers = ctx.admin) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/desarrollos', headers, payload: body });
const mover = (id: number, estado: string) =>
  ctx.t.app.inject({ method: 'POST', url: `/api/desarrollos/${id}/estado`, headers: ctx.admin, payload: { estado } });
const cambios = async (id: number) =>
  envelope(desarrolloCambios).parse(
    (await ctx.t.app.inject({ url: `/api/desarrollos/${id}/estados`, headers: ctx.tecnico })).json(),
  ).datos;
const historia = async (id: number) =>
  auditPage.parse(
    (await ctx.t.app.inject({ url: `/api/auditoria?entidad=desarrollo&id=${id}`, headers: ctx.tecnico })).json().datos,
  ).items;

describe('POST /api/desarrollos', () => {
  it('creates a pendiente development with its first state row and its audit row', async () => {
    const res = await crear({ ...NUEVO, producto_id: erp, responsable_id: sofia, version_id: versionErp });
    expect(res.statusCode).toBe(201);
    const d = envelope(desarrollo).parse(res.json()).datos;
    expect(d).toMatchObject({
      estado: 'pendiente',
      prioridad: 'alta',
      empresa_id: null,
      empresa: null,
      producto: 'Physis ERP',
      responsable: 'Álvarez, Sofía',
    });
    expect(d.horas_estimadas).toBe(12.5);
    expect(d.descripcion.content).toHaveLength(1);
    const filas = await cambios(d.id);
    expect(filas.map((c) => [c.desde, c.hacia, c.usuario])).toEqual([[null, 'pendiente', 'Administrador']]);
    expect((await historia(d.id)).map((a) => a.accion)).toEqual(['crear']);
  });

  it('refuses a commitment before the request, on its field', async () => {
    const res = await crear({ ...NUEVO, producto_id: erp, fecha_compromiso: '2026-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({ fecha_compromiso: [COMPROMISO_ANTERIOR] });
  });

  it('refuses missing fields, a state in the payload and a rich text that is not a document', async () => {
    const res = await crear({
      titulo: '',
      estado: 'entregado',
      descripcion: { type: 'parrafo' },
      fecha_solicitud: 'ayer',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual([
      'descripcion',
      'estado',
      'fecha_solicitud',
      'producto_id',
      'titulo',
    ]);
  });

  it('refuses a version of another product, and a product or owner that does not exist', async () => {
    const ajena = await crear({ ...NUEVO, producto_id: erp, version_id: versionSueldos });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().campos).toEqual({ version_id: ['La versión elegida no es de ese producto'] });
    const sinProducto = await crear({ ...NUEVO, producto_id: 999999 });
    expect(sinProducto.statusCode).toBe(409);
    expect(sinProducto.json().campos).toEqual({ producto_id: ['El producto elegido no existe'] });
    const sinPersona = await crear({ ...NUEVO, producto_id: erp, responsable_id: 999999 });
    expect(sinPersona.json().campos).toEqual({ responsable_id: ['El responsable elegido no existe'] });
  });
});

describe('PUT /api/desarrollos/:id', () => {
  it('updates the fields, keeps the state, and audits before and after', async () => {
    const d = envelope(desarrollo).parse((await crear({ ...NUEVO, producto_id: erp })).json()).datos;
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/desarrollos/${d.id}`,
      headers: ctx.admin,
      payload: { ...NUEVO, producto_id: sueldos, version_id: versionSueldos, prioridad: 'urgente', horas_reales: 3 },
    });
    expect(res.statusCode).toBe(200);
    const despues = envelope(desarrollo).parse(res.json()).datos;
    expect(despues).toMatchObject({
      producto: 'Physis Sueldos',
      prioridad: 'urgente',
      horas_reales: 3,
      estado: 'pendiente',
    });
    const [mod] = await historia(d.id);
    expect(mod!.accion).toBe('modificar');
    expect(mod!.antes).toMatchObject({ prioridad: 'alta' });
    // References by name (the history shows it), no ids and no derived fields.
    expect(mod!.despues).toMatchObject({ prioridad: 'urgente', producto: { id: sueldos, nombre: 'Physis Sueldos' } });
    expect(mod!.despues).not.toHaveProperty('producto_id');
    expect(mod!.despues).not.toHaveProperty('vencido');
  });

  it('answers 404 for a development that does not exist', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/desarrollos/999999',
      headers: ctx.admin,
      payload: { ...NUEVO, producto_id: erp },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/desarrollos/:id/estado', () => {
  it('moves along the workflow, writes a dated row per move, and dates the delivery', async () => {
    const d = envelope(desarrollo).parse(
      (await crear({ ...NUEVO, producto_id: erp, fecha_solicitud: '2026-01-05', fecha_compromiso: null })).json(),
    ).datos;
    for (const estado of ['analisis', 'desarrollo', 'testing', 'desarrollo', 'testing'])
      expect((await mover(d.id, estado)).statusCode).toBe(200);
    const entregado = envelope(desarrollo).parse((await mover(d.id, 'entregado')).json()).datos;
    expect(entregado.estado).toBe('entregado');
    expect(entregado.fecha_entrega).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const filas = await cambios(d.id);
    expect(filas.map((c) => c.hacia)).toEqual([
      'pendiente',
      'analisis',
      'desarrollo',
      'testing',
      'desarrollo',
      'testing',
      'entregado',
    ]);
    expect(filas.every((c) => c.usuario === 'Administrador')).toBe(true);
    const audit = await historia(d.id);
    expect(audit).toHaveLength(7);
    expect(audit[0]!.antes).toMatchObject({ estado: 'testing', fecha_entrega: null });
    expect(audit[0]!.despues).toMatchObject({ estado: 'entregado' });
  });

  it('keeps a delivery date already set', async () => {
    const d = envelope(desarrollo).parse(
      (await crear({ ...NUEVO, producto_id: erp, fecha_entrega: '2026-03-20' })).json(),
    ).datos;
    for (const estado of ['analisis', 'desarrollo', 'testing']) await mover(d.id, estado);
    expect(envelope(desarrollo).parse((await mover(d.id, 'entregado')).json()).datos.fecha_entrega).toBe('2026-03-20');
  });

  it('refuses a move the table does not allow with 409 and the reason, and changes nothing', async () => {
    const d = envelope(desarrollo).parse((await crear({ ...NUEVO, producto_id: erp })).json()).datos;
    const salto = await mover(d.id, 'entregado');
    expect(salto.statusCode).toBe(409);
    expect(salto.json().error).toBe(
      'No se puede pasar de Pendiente a Entregado: desde Pendiente solo puede pasar a Análisis o Cancelado',
    );
    expect(salto.json().campos.estado).toEqual([salto.json().error]);
    expect((await cambios(d.id)).map((c) => c.hacia)).toEqual(['pendiente']);
    expect((await historia(d.id)).map((a) => a.accion)).toEqual(['crear']);
  });

  it('cancels from an open state, reopens as pendiente, and never moves a delivered one', async () => {
    const d = envelope(desarrollo).parse((await crear({ ...NUEVO, producto_id: erp })).json()).datos;
    expect((await mover(d.id, 'analisis')).statusCode).toBe(200);
    expect((await mover(d.id, 'cancelado')).statusCode).toBe(200);
    expect((await mover(d.id, 'analisis')).statusCode).toBe(409);
    expect((await mover(d.id, 'pendiente')).statusCode).toBe(200);
    for (const estado of ['analisis', 'desarrollo', 'testing', 'entregado']) await mover(d.id, estado);
    const despues = await mover(d.id, 'cancelado');
    expect(despues.statusCode).toBe(409);
    expect(despues.json().error).toBe('Un desarrollo entregado no cambia de estado');
  });

  it('refuses an unknown state with 400 and a missing development with 404', async () => {
    expect((await mover(1, 'hecho')).statusCode).toBe(400);
    expect((await mover(999999, 'analisis')).statusCode).toBe(404);
  });
});

describe('DELETE /api/desarrollos/:id', () => {
  it('deletes with its state rows and leaves the audit row', async () => {
    const d = envelope(desarrollo).parse((await crear({ ...NUEVO, producto_id: erp })).json()).datos;
    await mover(d.id, 'analisis');
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/desarrollos/${d.id}`, headers: ctx.admin });
    expect(res.json()).toEqual({ error: null, datos: null });
    expect((await ctx.t.app.inject({ url: `/api/desarrollos/${d.id}`, headers: ctx.admin })).statusCode).toBe(404);
    expect(await ctx.t.db.select().from(desarrolloEstados).where(eq(desarrolloEstados.desarrolloId, d.id))).toEqual([]);
    expect((await historia(d.id)).map((a) => a.accion)).toEqual(['eliminar', 'modificar', 'crear']);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/desarrollos/${d.id}`, headers: ctx.admin })).statusCode,
    ).toBe(404);
  });

  it('keeps a client that developments use from being deleted (409 with the reason); their owner is deactivated instead', async () => {
    const [persona] = await ctx.t.db
      .insert(personas)
      .values({ nombre: 'Tomás', apellido: 'Quiroga' })
      .returning({ id: personas.id });
    const [cliente] = await ctx.t.db
      .insert(clientes)
      .values({
        razonSocial: 'Prueba Desarrollos S.A.',
        cuit: '30712345671',
        condicionIva: 'responsable_inscripto',
        notas: emptyDocument(),
      })
      .returning({ id: clientes.id });
    await crear({ ...NUEVO, producto_id: erp, responsable_id: persona!.id, empresa_id: cliente!.id });
    const sinPersona = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/personas/${persona!.id}`,
      headers: ctx.admin,
    });
    expect(sinPersona.statusCode).toBe(200);
    expect(sinPersona.json().datos).toEqual({
      accion: 'desactivada',
      motivo: 'No se eliminó porque es responsable de 1 desarrollo; se desactivó en su lugar.',
    });
    const sinCliente = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/empresas/${cliente!.id}`,
      headers: ctx.admin,
    });
    expect(sinCliente.statusCode).toBe(409);
    expect(sinCliente.json().error).toBe('El cliente tiene desarrollos; quíteselos o elimínelos primero');
  });
});
