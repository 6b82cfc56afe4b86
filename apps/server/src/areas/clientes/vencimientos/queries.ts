import type {
  Certificado,
  certificadoImportarQuery,
  certificadoInput,
  Licencia,
  licenciaInput,
  PuntoVenta,
  puntoVentaInput,
  Renovacion,
  renovarInput,
  Vencimiento,
  VencimientoGrupo,
  vencimientoListQuery,
  VencimientoMeses,
  VencimientosEmpresa,
  VencimientoTipo,
} from '@intranet/contract/clientes/vencimientos';
import { diasRestantesTexto, fechaCorta, VENCIMIENTO_TIPO_ETIQUETA } from '@intranet/contract/clientes/vencimientos';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import {
  afipCertificados,
  afipPuntosVenta,
  empresas,
  personas,
  physisLicencias,
  productos,
  vencimientoRenovaciones,
  vencimientos,
} from '../../../db/schema.ts';
import type { CsvColumn } from '../../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../../lists/list.ts';
import { ApiError } from '../../../plugins/errors.ts';
import type { DatosCertificado } from './certificado.ts';
import { HOY } from '../../../core/fechas.ts';

type ListQuery = Omit<z.output<typeof vencimientoListQuery>, 'page' | 'size'> & { grupo: VencimientoGrupo };

/** The audit entities of the area. */
export const ENTIDAD = { certificado: 'afip_certificado', punto_venta: 'afip_punto_venta', licencia: 'physis_licencia' } as const;

const dias = sql<number>`(${vencimientos.vence} - ${HOY})::int`;

// ---- The shared grid ----

/** What the grids and their month chart read: their cached answers are dropped when one changes. */
export const VENCIMIENTOS_TABLAS = ['afip_certificados', 'afip_puntos_venta', 'physis_licencias', 'empresas', 'productos'] as const;

export const vencimientosList: ListSpec<ListQuery> = {
  search: sql`(${empresas.razonSocial} || ' ' || coalesce(${empresas.nombreFantasia}, '') || ' ' || ${empresas.cuit} || ' ' || ${vencimientos.item})`,
  sorts: {
    vence: vencimientos.vence,
    cliente: empresas.razonSocial,
    cuit: empresas.cuit,
    tipo: vencimientos.tipo,
    item: vencimientos.item,
  },
  defaultSort: 'vence',
  id: vencimientos.id,
  filters: (q) => [
    eq(vencimientos.grupo, q.grupo),
    q.tipo ? eq(vencimientos.tipo, q.tipo) : undefined,
    q.empresa_id ? eq(vencimientos.empresaId, q.empresa_id) : undefined,
    plazoWhere(q.plazo),
  ],
};

function plazoWhere(plazo: ListQuery['plazo']): SQL | undefined {
  if (!plazo || plazo === 'todos') return undefined;
  if (plazo === 'vencidos') return sql`${vencimientos.vence} < ${HOY}`;
  return sql`${vencimientos.vence} between ${HOY} and ${HOY} + ${Number(plazo)}::int`;
}

const renovacionesCount = sql<number>`(select count(*)::int from ${vencimientoRenovaciones} r where r.tipo = ${vencimientos.tipo} and r.item_id = ${vencimientos.itemId})`;

const filaGrid = {
  id: vencimientos.id,
  tipo: vencimientos.tipo,
  item_id: vencimientos.itemId,
  empresa_id: vencimientos.empresaId,
  cliente: empresas.razonSocial,
  cuit: empresas.cuit,
  item: vencimientos.item,
  detalle: vencimientos.detalle,
  vence: vencimientos.vence,
  dias,
  renovaciones: renovacionesCount,
};

/**
 * The grid's rows and total. The total joins the clients only when the free search needs their name or CUIT
 * (every item has its client: the join never drops a row), so the plain count reads the three tables alone.
 */
export const vencimientosSource = (db: Executor, conBusqueda = true): ListSource<Vencimiento> => ({
  rows: (f) =>
    db
      .select({ ...filaGrid, clave: f.clave })
      .from(vencimientos)
      .innerJoin(empresas, eq(empresas.id, vencimientos.empresaId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset),
  count: async (where) =>
    (conBusqueda
      ? await db.select({ n: count() }).from(vencimientos).innerJoin(empresas, eq(empresas.id, vencimientos.empresaId)).where(where)
      : await db.select({ n: count() }).from(vencimientos).where(where))[0]?.n ?? 0,
});

export const vencimientosCsv: CsvColumn<Vencimiento>[] = [
  { titulo: 'Cliente', valor: (v) => v.cliente },
  { titulo: 'CUIT', valor: (v) => v.cuit },
  { titulo: 'Tipo', valor: (v) => VENCIMIENTO_TIPO_ETIQUETA[v.tipo] },
  { titulo: 'Ítem', valor: (v) => v.item },
  { titulo: 'Detalle', valor: (v) => v.detalle },
  { titulo: 'Vence', valor: (v) => fechaCorta(v.vence) },
  { titulo: 'Días restantes', valor: (v) => v.dias },
  { titulo: 'Estado', valor: (v) => diasRestantesTexto(v.dias) },
];

/** How many items of a grid are already expired, and how many fall due in each of the next `meses` months. */
export async function vencimientosPorMes(db: Executor, grupo: VencimientoGrupo, meses = 12): Promise<VencimientoMeses> {
  const mes = sql<string>`to_char(${vencimientos.vence}, 'YYYY-MM')`;
  const rows = await db
    .select({ mes, cantidad: count() })
    .from(vencimientos)
    .where(
      and(
        eq(vencimientos.grupo, grupo),
        sql`${vencimientos.vence} >= ${HOY}`,
        sql`${vencimientos.vence} < date_trunc('month', ${HOY}) + make_interval(months => ${meses})`,
      ),
    )
    .groupBy(mes);
  const [vencidos] = await db
    .select({ n: count() })
    .from(vencimientos)
    .where(and(eq(vencimientos.grupo, grupo), sql`${vencimientos.vence} < ${HOY}`));
  const [hoy] = (await db.execute<{ mes: string }>(sql`select to_char(${HOY}, 'YYYY-MM') as mes`)).rows;
  const [y, m] = (hoy?.mes ?? '2000-01').split('-').map(Number) as [number, number];
  const porMes = new Map(rows.map((r) => [r.mes, r.cantidad]));
  return {
    vencidos: vencidos?.n ?? 0,
    meses: Array.from({ length: meses }, (_, i) => {
      const total = y * 12 + (m - 1) + i;
      const key = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
      return { mes: key, cantidad: porMes.get(key) ?? 0 };
    }),
  };
}

// ---- Certificates ----

const certCampos = {
  id: afipCertificados.id,
  empresa_id: afipCertificados.empresaId,
  cliente: empresas.razonSocial,
  cuit: afipCertificados.cuit,
  alias: afipCertificados.alias,
  cn: afipCertificados.cn,
  ambiente: afipCertificados.ambiente,
  servicios: afipCertificados.servicios,
  emitido: afipCertificados.emitido,
  vence: afipCertificados.vence,
  serial: afipCertificados.serial,
  huella: afipCertificados.huella,
  creado: afipCertificados.creado,
};

async function certificadoRow(db: Executor, id: number): Promise<Certificado | undefined> {
  const [row] = await db.select(certCampos).from(afipCertificados).innerJoin(empresas, eq(empresas.id, afipCertificados.empresaId)).where(eq(afipCertificados.id, id));
  return row && { ...row, creado: row.creado.toISOString() };
}

const noExiste = (tipo: VencimientoTipo) =>
  new ApiError(404, { certificado: 'El certificado no existe', punto_venta: 'El punto de venta no existe', licencia: 'La licencia no existe' }[tipo]);

async function empresaExiste(tx: Executor, id: number): Promise<void> {
  const [row] = await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, id));
  if (!row) throw new ApiError(400, 'El cliente elegido no existe', { empresa_id: ['El cliente elegido no existe'] });
}

export async function importarCertificado(
  db: Db,
  datos: DatosCertificado,
  opciones: z.output<typeof certificadoImportarQuery>,
  autor: Autor,
): Promise<Certificado> {
  return db.transaction(async (tx) => {
    await empresaExiste(tx, opciones.empresa_id);
    const [row] = await tx
      .insert(afipCertificados)
      .values({ ...datos, empresaId: opciones.empresa_id, alias: opciones.alias, ambiente: opciones.ambiente, servicios: opciones.servicios })
      .returning({ id: afipCertificados.id });
    const creado = (await certificadoRow(tx, row!.id))!;
    await writeAudit(tx, { autor, accion: 'importar', entidad: ENTIDAD.certificado, entidadId: creado.id, despues: creado });
    return creado;
  });
}

export async function modificarCertificado(db: Db, id: number, values: z.output<typeof certificadoInput>, autor: Autor): Promise<Certificado> {
  return db.transaction(async (tx) => {
    const antes = await certificadoRow(tx, id);
    if (!antes) throw noExiste('certificado');
    await tx
      .update(afipCertificados)
      .set({ alias: values.alias, ambiente: values.ambiente, servicios: values.servicios, actualizado: sql`now()` })
      .where(eq(afipCertificados.id, id));
    const despues = (await certificadoRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.certificado, entidadId: id, antes, despues });
    return despues;
  });
}

// ---- Points of sale ----

const pvCampos = {
  id: afipPuntosVenta.id,
  empresa_id: afipPuntosVenta.empresaId,
  cliente: empresas.razonSocial,
  numero: afipPuntosVenta.numero,
  modalidad: afipPuntosVenta.modalidad,
  cai_vence: afipPuntosVenta.caiVence,
  descripcion: afipPuntosVenta.descripcion,
};

async function puntoVentaRow(db: Executor, id: number): Promise<PuntoVenta | undefined> {
  const [row] = await db.select(pvCampos).from(afipPuntosVenta).innerJoin(empresas, eq(empresas.id, afipPuntosVenta.empresaId)).where(eq(afipPuntosVenta.id, id));
  return row;
}

const pvColumnas = (v: z.output<typeof puntoVentaInput>) => ({
  empresaId: v.empresa_id,
  numero: v.numero,
  modalidad: v.modalidad,
  // Only a CAI point of sale has an expiry.
  caiVence: v.modalidad === 'cai' ? v.cai_vence : null,
  descripcion: v.descripcion,
});

export async function guardarPuntoVenta(db: Db, id: number | null, values: z.output<typeof puntoVentaInput>, autor: Autor): Promise<PuntoVenta> {
  return db.transaction(async (tx) => {
    await empresaExiste(tx, values.empresa_id);
    if (id === null) {
      const [row] = await tx.insert(afipPuntosVenta).values(pvColumnas(values)).returning({ id: afipPuntosVenta.id });
      const creado = (await puntoVentaRow(tx, row!.id))!;
      await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD.punto_venta, entidadId: creado.id, despues: creado });
      return creado;
    }
    const antes = await puntoVentaRow(tx, id);
    if (!antes) throw noExiste('punto_venta');
    await tx.update(afipPuntosVenta).set({ ...pvColumnas(values), actualizado: sql`now()` }).where(eq(afipPuntosVenta.id, id));
    const despues = (await puntoVentaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.punto_venta, entidadId: id, antes, despues });
    return despues;
  });
}

// ---- Licences ----

const contactoNombre = sql<string | null>`case when ${personas.id} is null then null else ${personas.apellido} || ', ' || ${personas.nombre} end`;
const licCampos = {
  id: physisLicencias.id,
  empresa_id: physisLicencias.empresaId,
  cliente: empresas.razonSocial,
  producto_id: physisLicencias.productoId,
  producto: productos.nombre,
  modulo: physisLicencias.modulo,
  tipo: physisLicencias.tipo,
  usuarios: physisLicencias.usuarios,
  serial: physisLicencias.serial,
  inicio: physisLicencias.inicio,
  vence: physisLicencias.vence,
  baja: physisLicencias.baja,
  renovacion_auto: physisLicencias.renovacionAuto,
  contacto_id: physisLicencias.contactoId,
  contacto: contactoNombre,
};

const licenciasSelect = (db: Executor) =>
  db
    .select(licCampos)
    .from(physisLicencias)
    .innerJoin(empresas, eq(empresas.id, physisLicencias.empresaId))
    .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
    .leftJoin(personas, eq(personas.id, physisLicencias.contactoId));

async function licenciaRow(db: Executor, id: number): Promise<Licencia | undefined> {
  const [row] = await licenciasSelect(db).where(eq(physisLicencias.id, id));
  return row;
}

const licColumnas = (v: z.output<typeof licenciaInput>) => ({
  empresaId: v.empresa_id,
  productoId: v.producto_id,
  modulo: v.modulo,
  tipo: v.tipo,
  usuarios: v.usuarios,
  serial: v.serial,
  inicio: v.inicio,
  vence: v.vence,
  baja: v.baja,
  renovacionAuto: v.renovacion_auto,
  contactoId: v.contacto_id,
});

export async function guardarLicencia(db: Db, id: number | null, values: z.output<typeof licenciaInput>, autor: Autor): Promise<Licencia> {
  return db.transaction(async (tx) => {
    await empresaExiste(tx, values.empresa_id);
    if (id === null) {
      const [row] = await tx.insert(physisLicencias).values(licColumnas(values)).returning({ id: physisLicencias.id });
      const creado = (await licenciaRow(tx, row!.id))!;
      await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD.licencia, entidadId: creado.id, despues: creado });
      return creado;
    }
    const antes = await licenciaRow(tx, id);
    if (!antes) throw noExiste('licencia');
    await tx.update(physisLicencias).set({ ...licColumnas(values), actualizado: sql`now()` }).where(eq(physisLicencias.id, id));
    const despues = (await licenciaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.licencia, entidadId: id, antes, despues });
    return despues;
  });
}

// ---- One item, whichever kind: delete, renew, history ----

type Item = Certificado | PuntoVenta | Licencia;

async function itemRow(tx: Executor, tipo: VencimientoTipo, id: number): Promise<Item | undefined> {
  if (tipo === 'certificado') return certificadoRow(tx, id);
  if (tipo === 'punto_venta') return puntoVentaRow(tx, id);
  return licenciaRow(tx, id);
}

async function bloquear(tx: Tx, tipo: VencimientoTipo, id: number): Promise<void> {
  const tabla = { certificado: afipCertificados, punto_venta: afipPuntosVenta, licencia: physisLicencias }[tipo];
  await tx.select({ id: tabla.id }).from(tabla).where(eq(tabla.id, id)).for('update');
}

const venceDe = (tipo: VencimientoTipo, item: Item): string | null =>
  tipo === 'punto_venta' ? (item as PuntoVenta).cai_vence : (item as Certificado | Licencia).vence;

export async function eliminarItem(db: Db, tipo: VencimientoTipo, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    await bloquear(tx, tipo, id);
    const antes = await itemRow(tx, tipo, id);
    if (!antes) throw noExiste(tipo);
    const tabla = { certificado: afipCertificados, punto_venta: afipPuntosVenta, licencia: physisLicencias }[tipo];
    await tx.delete(tabla).where(eq(tabla.id, id));
    await tx.delete(vencimientoRenovaciones).where(and(eq(vencimientoRenovaciones.tipo, tipo), eq(vencimientoRenovaciones.itemId, id)));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD[tipo], entidadId: id, antes });
  });
}

/**
 * "Renovar": the item gets its new expiry and the old one stays in `vencimiento_renovaciones` (and in the
 * audit log), in one transaction. The new date must be later than the current one.
 */
export async function renovar(db: Db, tipo: VencimientoTipo, id: number, values: z.output<typeof renovarInput>, autor: Autor): Promise<Renovacion> {
  return db.transaction(async (tx) => {
    await bloquear(tx, tipo, id);
    const antes = await itemRow(tx, tipo, id);
    if (!antes) throw noExiste(tipo);
    const anterior = venceDe(tipo, antes);
    if (!anterior) throw new ApiError(400, 'El ítem no tiene vencimiento que renovar', { vence: ['El ítem no tiene vencimiento que renovar'] });
    if (values.vence <= anterior) {
      const msg = `La nueva fecha debe ser posterior al vencimiento actual (${fechaCorta(anterior)})`;
      throw new ApiError(400, msg, { vence: [msg] });
    }
    if (tipo === 'certificado') await tx.update(afipCertificados).set({ vence: values.vence, actualizado: sql`now()` }).where(eq(afipCertificados.id, id));
    else if (tipo === 'punto_venta') await tx.update(afipPuntosVenta).set({ caiVence: values.vence, actualizado: sql`now()` }).where(eq(afipPuntosVenta.id, id));
    else await tx.update(physisLicencias).set({ vence: values.vence, actualizado: sql`now()` }).where(eq(physisLicencias.id, id));
    const [row] = await tx
      .insert(vencimientoRenovaciones)
      .values({ tipo, itemId: id, venceAnterior: anterior, venceNuevo: values.vence, nota: values.nota, usuarioId: autor.id, usuarioNombre: autor.nombre })
      .returning();
    const despues = (await itemRow(tx, tipo, id))!;
    await writeAudit(tx, { autor, accion: 'renovar', entidad: ENTIDAD[tipo], entidadId: id, antes, despues });
    return renovacionWire(row!);
  });
}

const renovacionWire = (r: typeof vencimientoRenovaciones.$inferSelect): Renovacion => ({
  id: r.id,
  vence_anterior: r.venceAnterior,
  vence_nuevo: r.venceNuevo,
  nota: r.nota,
  usuario: r.usuarioNombre,
  fecha: r.fecha.toISOString(),
});

export async function renovacionesDe(db: Executor, tipo: VencimientoTipo, id: number): Promise<Renovacion[]> {
  if (!(await itemRow(db, tipo, id))) throw noExiste(tipo);
  const rows = await db
    .select()
    .from(vencimientoRenovaciones)
    .where(and(eq(vencimientoRenovaciones.tipo, tipo), eq(vencimientoRenovaciones.itemId, id)))
    .orderBy(desc(vencimientoRenovaciones.fecha), desc(vencimientoRenovaciones.id));
  return rows.map(renovacionWire);
}

export async function itemDetalle(db: Executor, tipo: VencimientoTipo, id: number): Promise<Item> {
  const item = await itemRow(db, tipo, id);
  if (!item) throw noExiste(tipo);
  return item;
}

/** A client's certificates, points of sale and licences, and its dated items by due date. */
export async function vencimientosDeEmpresa(db: Executor, empresaId: number): Promise<VencimientosEmpresa> {
  const [empresa] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, empresaId));
  if (!empresa) throw new ApiError(404, 'El cliente no existe');
  const [certs, pvs, lics, proximos] = await Promise.all([
    db.select(certCampos).from(afipCertificados).innerJoin(empresas, eq(empresas.id, afipCertificados.empresaId)).where(eq(afipCertificados.empresaId, empresaId)).orderBy(asc(afipCertificados.vence), asc(afipCertificados.id)),
    db.select(pvCampos).from(afipPuntosVenta).innerJoin(empresas, eq(empresas.id, afipPuntosVenta.empresaId)).where(eq(afipPuntosVenta.empresaId, empresaId)).orderBy(asc(afipPuntosVenta.numero)),
    licenciasSelect(db).where(eq(physisLicencias.empresaId, empresaId)).orderBy(asc(productos.nombre), asc(physisLicencias.id)),
    db
      .select(filaGrid)
      .from(vencimientos)
      .innerJoin(empresas, eq(empresas.id, vencimientos.empresaId))
      .where(eq(vencimientos.empresaId, empresaId))
      .orderBy(asc(vencimientos.vence), asc(vencimientos.id)),
  ]);
  return { certificados: certs.map((c) => ({ ...c, creado: c.creado.toISOString() })), puntos_venta: pvs, licencias: lics, proximos };
}
