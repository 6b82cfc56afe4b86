import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { aplicaciones } from './aplicaciones.ts';
import { actualizado, instante } from './columns.ts';

// ---- AppsStore ----

/**
 * The store's configuration: one row (id 1), written by `PUT /api/appsstore/config`. While it does not exist
 * the store runs on the defaults of areas/appsstore/config.ts.
 */
export const appsstoreConfig = pgTable(
  'appsstore_config',
  {
    id: integer('id').primaryKey().default(1),
    nombre: text('nombre').notNull(),
    /** The channels offered, a non-empty subset of ('estable', 'beta'). */
    canales: text('canales').array().notNull(),
    versionMinima: text('version_minima'),
    mantenimiento: boolean('mantenimiento').notNull().default(false),
    mantenimientoMensaje: text('mantenimiento_mensaje'),
    /** When maintenance was turned on; null while it is off. */
    mantenimientoDesde: instante('mantenimiento_desde'),
    actualizado: actualizado(),
  },
  (t) => [
    check('appsstore_config_unica_ck', sql`${t.id} = 1`),
    check(
      'appsstore_config_canales_ck',
      sql`cardinality(${t.canales}) > 0 and ${t.canales} <@ array['estable', 'beta']::text[]`,
    ),
  ],
);

/** The featured applications, in their order (`orden` from 0); only published ones may be chosen. */
export const appsstoreDestacadas = pgTable(
  'appsstore_destacadas',
  {
    aplicacionId: integer('aplicacion_id')
      .primaryKey()
      .references(() => aplicaciones.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
  },
  (t) => [check('appsstore_destacadas_orden_ck', sql`${t.orden} >= 0`)],
);
