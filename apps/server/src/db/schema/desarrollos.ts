import type { DocumentJson } from '@intranet/editor';
import { DESARROLLO_ESTADOS, DESARROLLO_PRIORIDADES } from '@intranet/contract/areas/desarrollos';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { clientes, personas } from './directorio.ts';
import { actualizado, creado, id, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';
import { productos } from './productos.ts';
import { versiones } from './versiones.ts';

// ---- Desarrollos. Reportes reads these columns: keep them. ----

const horas = <N extends string>(name: N) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

/** A development asked for by a client (or internal when empresa_id is null) on one product. */
export const desarrollos = pgTable(
  'desarrollos',
  {
    id: id(),
    titulo: text('titulo').notNull(),
    clienteId: integer('empresa_id').references(() => clientes.id, { onDelete: 'restrict' }),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'restrict' }),
    // The editor's JSON document, validated against its schema before every write.
    descripcion: jsonb('descripcion').$type<DocumentJson>().notNull(),
    estado: text('estado', { enum: DESARROLLO_ESTADOS }).notNull().default('pendiente'),
    prioridad: text('prioridad', { enum: DESARROLLO_PRIORIDADES }).notNull().default('media'),
    responsableId: integer('responsable_id').references(() => personas.id, { onDelete: 'restrict' }),
    horasEstimadas: horas('horas_estimadas'),
    horasReales: horas('horas_reales'),
    fechaSolicitud: date('fecha_solicitud', { mode: 'string' }).notNull().default(sql`current_date`),
    fechaCompromiso: date('fecha_compromiso', { mode: 'string' }),
    fechaEntrega: date('fecha_entrega', { mode: 'string' }),
    /** The version that ships it: one of the same product's versions (checked on write). */
    versionId: integer('version_id').references(() => versiones.id, { onDelete: 'restrict' }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check(
      'desarrollos_estado_ck',
      sql`${t.estado} in ('pendiente', 'analisis', 'desarrollo', 'testing', 'entregado', 'cancelado')`,
    ),
    check('desarrollos_prioridad_ck', sql`${t.prioridad} in ('baja', 'media', 'alta', 'urgente')`),
    check('desarrollos_horas_ck', sql`coalesce(${t.horasEstimadas}, 0) >= 0 and coalesce(${t.horasReales}, 0) >= 0`),
    check(
      'desarrollos_compromiso_ck',
      sql`${t.fechaCompromiso} is null or ${t.fechaCompromiso} >= ${t.fechaSolicitud}`,
    ),
    check('desarrollos_entrega_ck', sql`${t.fechaEntrega} is null or ${t.fechaEntrega} >= ${t.fechaSolicitud}`),
    index('desarrollos_estado_idx').on(t.estado, t.id),
    index('desarrollos_empresa_idx').on(t.clienteId),
    index('desarrollos_producto_idx').on(t.productoId),
    index('desarrollos_responsable_idx').on(t.responsableId),
    index('desarrollos_version_idx').on(t.versionId),
    index('desarrollos_compromiso_idx').on(t.fechaCompromiso, t.id),
    index('desarrollos_actualizado_idx').on(t.actualizado, t.id),
    index('desarrollos_titulo_trgm').using('gin', sql`${t.titulo} gin_trgm_ops`),
  ],
);

/** Every state change of a development, dated, with who made it (creation is the row with desde null). */
export const desarrolloEstados = pgTable(
  'desarrollo_estados',
  {
    id: id(),
    desarrolloId: integer('desarrollo_id')
      .notNull()
      .references(() => desarrollos.id, { onDelete: 'cascade' }),
    desde: text('desde', { enum: DESARROLLO_ESTADOS }),
    hacia: text('hacia', { enum: DESARROLLO_ESTADOS }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** The author's name when it happened, kept if the account goes. */
    usuarioNombre: text('usuario_nombre'),
    fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [index('desarrollo_estados_desarrollo_idx').on(t.desarrolloId, t.fecha, t.id)],
);
