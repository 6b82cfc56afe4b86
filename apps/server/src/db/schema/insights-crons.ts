import { CHECKIN_ESTADOS, PROGRAMA_TIPOS, UNIDADES_INTERVALO } from '@intranet/contract/areas/insights/monitores';
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { creado, actualizado, id, instante } from './columns.ts';
import { insightsProyectos } from './insights.ts';

// ---- Monitor de errores: cron monitors (the SDKs' `check_in` items) ----

/** A scheduled job watched by its check-ins, per project and slug: created by its first check-in or by hand. */
export const insightsMonitores = pgTable(
  'insights_monitores',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    nombre: text('nombre').notNull(),
    programaTipo: text('programa_tipo', { enum: PROGRAMA_TIPOS }).notNull(),
    /** The crontab line, when `programa_tipo` is crontab. */
    crontab: text('crontab'),
    /** Every `intervalo` `unidad`s, when `programa_tipo` is interval. */
    intervalo: integer('intervalo'),
    unidad: text('unidad', { enum: UNIDADES_INTERVALO }),
    /** Minutes a run may come late before it counts as missed. */
    margenMinutos: integer('margen_minutos').notNull().default(1),
    /** Minutes a run may stay in progress before it counts as timed out. */
    maxMinutos: integer('max_minutos').notNull().default(30),
    /** The IANA zone the crontab is read in. */
    zona: text('zona').notNull().default('UTC'),
    /** The next run expected (null while the schedule yields none): the detection job's cursor. */
    proxima: instante('proxima'),
    ultimoCheckin: instante('ultimo_checkin'),
    /** A check-in's status: the SDK's three, and 'missed' and 'timeout' that the detection job writes. */
    ultimoEstado: text('ultimo_estado', { enum: CHECKIN_ESTADOS }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('insights_monitores_slug_uq').on(t.proyectoId, t.slug),
    index('insights_monitores_proxima_idx').on(t.proxima),
  ],
);

/**
 * The check-ins, in one partition per UTC month of `fecha` (when the run started, or was expected for a missed
 * one), as the events are (migration 0032): retention drops whole months.
 */
export const insightsCheckins = pgTable(
  'insights_checkins',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_checkins_id_seq')`),
    proyectoId: integer('proyecto_id').notNull(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => insightsMonitores.id, { onDelete: 'cascade' }),
    /** The SDK's check_in_id (32 hex characters): a later check-in with it updates this one. */
    checkInId: text('check_in_id').notNull(),
    estado: text('estado', { enum: CHECKIN_ESTADOS }).notNull(),
    fecha: instante('fecha').notNull(),
    /** Seconds the run took, as the SDK said. */
    duracion: doublePrecision('duracion'),
    environment: text('environment'),
    release: text('release'),
    /** When it was last written (received, finished, or marked missed or timed out): the alerts read this. */
    recibido: instante('recibido').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'insights_checkins_pkey', columns: [t.fecha, t.id] }),
    index('insights_checkins_monitor_idx').on(t.monitorId, t.fecha),
    index('insights_checkins_check_in_id_idx').on(t.monitorId, t.checkInId),
    index('insights_checkins_en_curso_idx').on(t.fecha).where(sql`${t.estado} = 'in_progress'`),
    index('insights_checkins_fallas_idx').on(t.recibido).where(sql`${t.estado} in ('missed', 'error', 'timeout')`),
  ],
);
