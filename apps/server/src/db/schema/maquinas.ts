import { MAQUINA_ESTADOS, MAQUINA_TIPOS } from '@intranet/contract/areas/maquinas';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';
import { usuarios } from './cuentas.ts';
import { personas } from './directorio.ts';

// ---- Máquinas and their assignment history ----

/** The text a machine list search looks in; the trigram index is built on exactly this expression. */
export function maquinaBusqueda(t: {
  nombre: AnyPgColumn;
  nroInventario: AnyPgColumn;
  serie: AnyPgColumn;
  fabricante: AnyPgColumn;
  modelo: AnyPgColumn;
  ip: AnyPgColumn;
  mac: AnyPgColumn;
  ubicacion: AnyPgColumn;
}) {
  return sql`(${t.nombre} || ' ' || coalesce(${t.nroInventario}, '') || ' ' || coalesce(${t.serie}, '') || ' ' || coalesce(${t.fabricante}, '') || ' ' || coalesce(${t.modelo}, '') || ' ' || coalesce(${t.ip}, '') || ' ' || coalesce(${t.mac}, '') || ' ' || coalesce(${t.ubicacion}, ''))`;
}

export const maquinas = pgTable(
  'maquinas',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nroInventario: text('nro_inventario'),
    serie: text('serie'),
    tipo: text('tipo', { enum: MAQUINA_TIPOS }).notNull(),
    fabricante: text('fabricante'),
    modelo: text('modelo'),
    so: text('so'),
    soVersion: text('so_version'),
    cpu: text('cpu'),
    ramGb: integer('ram_gb'),
    discoGb: integer('disco_gb'),
    ip: text('ip'),
    mac: text('mac'),
    ubicacion: text('ubicacion'),
    estado: text('estado', { enum: MAQUINA_ESTADOS }).notNull().default('disponible'),
    fechaCompra: date('fecha_compra', { mode: 'string' }),
    garantiaHasta: date('garantia_hasta', { mode: 'string' }),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('maquinas_tipo_ck', sql`${t.tipo} in ('notebook', 'pc', 'servidor', 'vm')`),
    check('maquinas_estado_ck', sql`${t.estado} in ('en_uso', 'disponible', 'reparacion', 'baja')`),
    check('maquinas_ram_ck', sql`${t.ramGb} is null or ${t.ramGb} >= 0`),
    check('maquinas_disco_ck', sql`${t.discoGb} is null or ${t.discoGb} >= 0`),
    uniqueIndex('maquinas_nombre_uq').on(sql`lower(${t.nombre})`),
    uniqueIndex('maquinas_inventario_uq').on(sql`lower(${t.nroInventario})`),
    index('maquinas_nombre_idx').on(t.nombre, t.id),
    index('maquinas_estado_idx').on(t.estado, t.id),
    index('maquinas_tipo_idx').on(t.tipo, t.id),
    index('maquinas_garantia_idx').on(t.garantiaHasta, t.id),
    index('maquinas_busqueda_trgm').using('gin', sql`${maquinaBusqueda(t)} gin_trgm_ops`),
  ],
);

/**
 * Who had which machine when. "Asignar" opens a row (hasta null), "Devolver" closes it; at most one open row
 * per machine, so the open row is the machine's current holder.
 */
export const maquinaAsignaciones = pgTable(
  'maquina_asignaciones',
  {
    id: id(),
    maquinaId: integer('maquina_id')
      .notNull()
      .references(() => maquinas.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'restrict' }),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }),
    notas: text('notas'),
    asignadoPor: integer('asignado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    devueltoPor: integer('devuelto_por').references(() => usuarios.id, { onDelete: 'set null' }),
    creado: creado(),
  },
  (t) => [
    uniqueIndex('maquina_asignaciones_abierta_uq').on(t.maquinaId).where(sql`${t.hasta} is null`),
    index('maquina_asignaciones_maquina_idx').on(t.maquinaId, t.desde),
    index('maquina_asignaciones_persona_idx').on(t.personaId),
    check('maquina_asignaciones_fechas_ck', sql`${t.hasta} is null or ${t.hasta} >= ${t.desde}`),
  ],
);
