import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instante } from './columns.ts';
import { archivos } from './archivos.ts';
import { insightsProyectos } from './insights.ts';

/**
 * A file an SDK attached to an event (`attachment` envelope items: a log file, a screenshot, a minidump). The bytes
 * are in the portal's file store (`archivos`, kept once per content); the sweep removes them once no row holds them.
 * Partitioned by month of `fecha`, the event's own time (migration 0059), so retention drops them with its events;
 * the event's issue is read through the event (issues merge, the event keeps its event_id).
 */
export const insightsAdjuntos = pgTable(
  'insights_adjuntos',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_adjuntos_id_seq')`),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** The event it belongs to (the envelope's event_id), 32 hex characters. */
    eventId: text('event_id').notNull(),
    fecha: instante('fecha').notNull(),
    recibido: instante('recibido').notNull().defaultNow(),
    /** As the SDK named it; shown and offered as the download's name. */
    nombre: text('nombre').notNull(),
    /** The content type the SDK declared: shown only; the download goes as application/octet-stream. */
    tipo: text('tipo').notNull(),
    /** Sentry's `attachment_type`: event.attachment, event.minidump, event.view_hierarchy... */
    clase: text('clase').notNull(),
    tamano: integer('tamano').notNull(),
    archivoId: integer('archivo_id')
      .notNull()
      .references(() => archivos.id),
  },
  (t) => [
    primaryKey({ name: 'insights_adjuntos_pkey', columns: [t.fecha, t.id] }),
    index('insights_adjuntos_evento_idx').on(t.proyectoId, t.eventId),
    index('insights_adjuntos_archivo_idx').on(t.archivoId),
  ],
);
