import type {
  Certificado,
  Licencia,
  PuntoVenta,
  Renovacion,
  renovarInput,
  VencimientosCliente,
  VencimientoTipo,
} from '@intranet/contract/areas/clientes/vencimientos';
import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import {
  afipCertificados,
  afipPuntosVenta,
  clientes,
  physisLicencias,
  productos,
  vencimientoRenovaciones,
  vencimientos,
} from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import { ApiError } from '../../../core/api-error.ts';
import { ENTIDAD, noExiste } from './queries.ts';
import { certCampos, certificadoRow } from './certificados.ts';
import { filaGrid } from './grid.ts';
import { licenciaRow, licenciasSelect } from './licencias.ts';
import { puntoVentaRow, pvCampos } from './puntos-venta.ts';

// One item, whichever kind: its detail, delete, renewal and renewal history; a client's items.

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
    await tx
      .delete(vencimientoRenovaciones)
      .where(and(eq(vencimientoRenovaciones.tipo, tipo), eq(vencimientoRenovaciones.itemId, id)));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD[tipo], entidadId: id, antes });
  });
}

/**
 * "Renovar": the item gets its new expiry and the old one stays in `vencimiento_renovaciones` (and in the
 * audit log), in one transaction. The new date must be later than the current one.
 */
export async function renovar(
  db: Db,
  tipo: VencimientoTipo,
  id: number,
  values: z.output<typeof renovarInput>,
  autor: Autor,
): Promise<Renovacion> {
  return db.transaction(async (tx) => {
    await bloquear(tx, tipo, id);
    const antes = await itemRow(tx, tipo, id);
    if (!antes) throw noExiste(tipo);
    const anterior = venceDe(tipo, antes);
    if (!anterior)
      throw new ApiError(400, 'El ítem no tiene vencimiento que renovar', {
        vence: ['El ítem no tiene vencimiento que renovar'],
      });
    if (values.vence <= anterior) {
      const msg = `La nueva fecha debe ser posterior al vencimiento actual (${fechaCorta(anterior)})`;
      throw new ApiError(400, msg, { vence: [msg] });
    }
    if (tipo === 'certificado')
      await tx
        .update(afipCertificados)
        .set({ vence: values.vence, actualizado: sql`now()` })
        .where(eq(afipCertificados.id, id));
    else if (tipo === 'punto_venta')
      await tx
        .update(afipPuntosVenta)
        .set({ caiVence: values.vence, actualizado: sql`now()` })
        .where(eq(afipPuntosVenta.id, id));
    else
      await tx
        .update(physisLicencias)
        .set({ vence: values.vence, actualizado: sql`now()` })
        .where(eq(physisLicencias.id, id));
    const [row] = await tx
      .insert(vencimientoRenovaciones)
      .values({
        tipo,
        itemId: id,
        venceAnterior: anterior,
        venceNuevo: values.vence,
        nota: values.nota,
        usuarioId: autor.id,
        usuarioNombre: autor.nombre,
      })
      .returning(renovacionCampos);
    const despues = (await itemRow(tx, tipo, id))!;
    await writeAudit(tx, { autor, accion: 'renovar', entidad: ENTIDAD[tipo], entidadId: id, antes, despues });
    return renovacionWire(row!);
  });
}

const renovacionCampos = {
  ...wireColumns(vencimientoRenovaciones, ['id', 'vence_anterior', 'vence_nuevo', 'nota']),
  usuario: vencimientoRenovaciones.usuarioNombre,
  fecha: vencimientoRenovaciones.fecha,
};

const renovacionWire = <R extends { fecha: Date }>(r: R) => ({ ...r, fecha: r.fecha.toISOString() });

export async function renovacionesDe(db: Executor, tipo: VencimientoTipo, id: number): Promise<Renovacion[]> {
  if (!(await itemRow(db, tipo, id))) throw noExiste(tipo);
  const rows = await db
    .select(renovacionCampos)
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
export async function vencimientosDeCliente(db: Executor, clienteId: number): Promise<VencimientosCliente> {
  const [cliente] = await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId));
  if (!cliente) throw new ApiError(404, 'El cliente no existe');
  const [certs, pvs, lics, proximos] = await Promise.all([
    db
      .select(certCampos)
      .from(afipCertificados)
      .innerJoin(clientes, eq(clientes.id, afipCertificados.clienteId))
      .where(eq(afipCertificados.clienteId, clienteId))
      .orderBy(asc(afipCertificados.vence), asc(afipCertificados.id)),
    db
      .select(pvCampos)
      .from(afipPuntosVenta)
      .innerJoin(clientes, eq(clientes.id, afipPuntosVenta.clienteId))
      .where(eq(afipPuntosVenta.clienteId, clienteId))
      .orderBy(asc(afipPuntosVenta.numero)),
    licenciasSelect(db)
      .where(eq(physisLicencias.clienteId, clienteId))
      .orderBy(asc(productos.nombre), asc(physisLicencias.id)),
    db
      .select(filaGrid)
      .from(vencimientos)
      .where(eq(vencimientos.clienteId, clienteId))
      .orderBy(asc(vencimientos.vence), asc(vencimientos.id)),
  ]);
  return {
    certificados: certs.map((c) => ({ ...c, creado: c.creado.toISOString() })),
    puntos_venta: pvs,
    licencias: lics,
    proximos,
  };
}
