import {
  transicionRechazada,
  type Desarrollo,
  type DesarrolloEstado,
  type DesarrolloValues,
} from '@intranet/contract/areas/desarrollos';
import { eq, sql } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues } from '../../db/wire.ts';
import { desarrolloEstados, desarrollos, versiones } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';
import { HOY } from '../../core/fechas.ts';
import { desarrolloDetalle, ENTIDAD, noExiste } from './queries.ts';

// ---- The writes of the desarrollos area: create, update, move, delete; each with its audit row. ----

/**
 * What the audit row keeps of a development: its fields, references as `{id, nombre}` (the history shows the
 * name), without ids and without the derived `vencido`.
 */
export function auditado(d: Desarrollo) {
  const ref = (id: number | null, nombre: string | null) => (id === null ? null : { id, nombre });
  return {
    id: d.id,
    titulo: d.titulo,
    empresa: ref(d.empresa_id, d.empresa),
    producto: ref(d.producto_id, d.producto),
    estado: d.estado,
    prioridad: d.prioridad,
    responsable: ref(d.responsable_id, d.responsable),
    horas_estimadas: d.horas_estimadas,
    horas_reales: d.horas_reales,
    fecha_solicitud: d.fecha_solicitud,
    fecha_compromiso: d.fecha_compromiso,
    fecha_entrega: d.fecha_entrega,
    version: ref(d.version_id, d.version),
    descripcion: d.descripcion,
    creado: d.creado,
    actualizado: d.actualizado,
  };
}

const VERSION_AJENA = 'La versión elegida no es de ese producto';

/** The version, when one is chosen, must be one of the development's product. */
async function comprobarVersion(tx: Executor, values: DesarrolloValues): Promise<void> {
  if (values.version_id === null) return;
  const [version] = await tx
    .select({ productoId: versiones.productoId })
    .from(versiones)
    .where(eq(versiones.id, values.version_id));
  if (!version)
    throw new ApiError(400, 'La versión elegida no existe', { version_id: ['La versión elegida no existe'] });
  if (version.productoId !== values.producto_id)
    throw new ApiError(400, VERSION_AJENA, { version_id: [VERSION_AJENA] });
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (v: DesarrolloValues) => columnValues(desarrollos, v);

/** One dated row of the state history. */
async function registrarCambio(
  tx: Executor,
  id: number,
  desde: DesarrolloEstado | null,
  hacia: DesarrolloEstado,
  autor: Autor | null,
  fecha?: Date,
) {
  await tx.insert(desarrolloEstados).values({
    desarrolloId: id,
    desde,
    hacia,
    usuarioId: autor?.id ?? null,
    usuarioNombre: autor?.nombre ?? null,
    ...(fecha ? { fecha } : {}),
  });
}

export async function crearDesarrollo(db: Db, values: DesarrolloValues, autor: Autor): Promise<Desarrollo> {
  return db.transaction((tx) => crearEn(tx, values, autor));
}

/**
 * Inserts a pendiente development inside the caller's transaction, with its first state row and its audit
 * row; `fecha` dates both (the seed backdates them to the request).
 */
export async function crearEn(
  tx: Tx,
  values: DesarrolloValues,
  autor: Autor | null,
  fecha?: Date,
): Promise<Desarrollo> {
  await comprobarVersion(tx, values);
  const [row] = await tx.insert(desarrollos).values(columnas(values)).returning({ id: desarrollos.id });
  await registrarCambio(tx, row!.id, null, 'pendiente', autor, fecha);
  const creado = await desarrolloDetalle(tx, row!.id);
  await writeAudit(tx, {
    autor,
    accion: 'crear',
    entidad: ENTIDAD,
    entidadId: creado.id,
    despues: auditado(creado),
    fecha,
  });
  return creado;
}

async function bloquear(tx: Tx, id: number): Promise<Desarrollo> {
  const [row] = await tx.select({ id: desarrollos.id }).from(desarrollos).where(eq(desarrollos.id, id)).for('update');
  if (!row) throw noExiste();
  return desarrolloDetalle(tx, id);
}

export async function modificarDesarrollo(
  db: Db,
  id: number,
  values: DesarrolloValues,
  autor: Autor,
): Promise<Desarrollo> {
  return db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    await comprobarVersion(tx, values);
    await tx
      .update(desarrollos)
      .set({ ...columnas(values), actualizado: sql`now()` })
      .where(eq(desarrollos.id, id));
    const despues = await desarrolloDetalle(tx, id);
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: auditado(antes),
      despues: auditado(despues),
    });
    return despues;
  });
}

/**
 * Moves a development to another state if the contract's table allows it (409 with the reason otherwise).
 * Delivering dates the delivery when it has no date yet (today, never before the request).
 */
export async function moverDesarrollo(db: Db, id: number, hacia: DesarrolloEstado, autor: Autor): Promise<Desarrollo> {
  return db.transaction((tx) => moverEn(tx, id, hacia, autor));
}

/**
 * The move inside the caller's transaction; `fecha` dates the state and audit rows (the seed backdates its history).
 */
export async function moverEn(
  tx: Tx,
  id: number,
  hacia: DesarrolloEstado,
  autor: Autor | null,
  fecha?: Date,
): Promise<Desarrollo> {
  const antes = await bloquear(tx, id);
  const rechazo = transicionRechazada(antes.estado, hacia);
  if (rechazo) throw new ApiError(409, rechazo, { estado: [rechazo] });
  await tx
    .update(desarrollos)
    .set({
      estado: hacia,
      fechaEntrega:
        hacia === 'entregado'
          ? sql`coalesce(${desarrollos.fechaEntrega}, greatest(${HOY}, ${desarrollos.fechaSolicitud}))`
          : desarrollos.fechaEntrega,
      actualizado: sql`now()`,
    })
    .where(eq(desarrollos.id, id));
  await registrarCambio(tx, id, antes.estado, hacia, autor, fecha);
  const despues = await desarrolloDetalle(tx, id);
  await writeAudit(tx, {
    autor,
    accion: 'modificar',
    entidad: ENTIDAD,
    entidadId: id,
    antes: auditado(antes),
    despues: auditado(despues),
    fecha,
  });
  return despues;
}

/** Deletes a development with its state history (cascade); the audit row keeps what it was. */
export async function eliminarDesarrollo(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    await tx.delete(desarrollos).where(eq(desarrollos.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes: auditado(antes) });
  });
}
