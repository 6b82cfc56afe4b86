import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instante } from './columns.ts';
import { insightsProyectos } from './insights.ts';

/** A log attribute as the SDKs send it: `{ value, type }` (string, integer, double, boolean). */
export interface AtributoLog {
  value: string | number | boolean;
  type: string;
}

/**
 * The structured logs an SDK sends with `enableLogs` (`log` envelope items; `otel_log` from older ones). Partitioned
 * by month of `fecha`, the log's own time (migration 0059), and removed as the events are (INSIGHTS_RETENCION_DIAS).
 */
export const insightsLogs = pgTable(
  'insights_logs',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_logs_id_seq')`),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    fecha: instante('fecha').notNull(),
    recibido: instante('recibido').notNull().defaultNow(),
    /** trace, debug, info, warn, error, fatal. */
    nivel: text('nivel').notNull(),
    cuerpo: text('cuerpo').notNull(),
    /** 32 hex characters, when the SDK sent one: the log's trace, which its error events share. */
    traceId: text('trace_id'),
    atributos: jsonb('atributos').$type<Record<string, AtributoLog>>().notNull(),
    release: text('release'),
    environment: text('environment'),
  },
  (t) => [
    primaryKey({ name: 'insights_logs_pkey', columns: [t.fecha, t.id] }),
    // A project's logs newest first, paged by (fecha, id).
    index('insights_logs_proyecto_idx').on(t.proyectoId, t.fecha, t.id),
    index('insights_logs_trace_idx').on(t.traceId),
    // The text search (ILIKE on the body).
    index('insights_logs_cuerpo_trgm').using('gin', sql`${t.cuerpo} gin_trgm_ops`),
  ],
);
