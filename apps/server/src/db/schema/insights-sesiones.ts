import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instante } from './columns.ts';
import { insightsProyectos } from './insights.ts';

// ---- Monitor de errores: release health ----

/**
 * The sessions the SDKs report (`session` and `sessions` envelope items), for the releases' crash-free rates.
 * A `session` item is one session's state: kept as one row per session (`sid`), rewritten by each later update
 * of it. A `sessions` item (request-mode aggregates) is counts per start minute: one row per aggregate, without
 * `sid`. The counts are exclusive: a session is crashed, abnormal, errored (ended with errors) or healthy;
 * `sesiones` counts them all.
 *
 * Partitioned by month of `inicio` (the session's start, which its updates repeat) as the events are (migration
 * 0057 creates it; drizzle does not describe partitions): hence `inicio` in the primary key and the unique index.
 */
export const insightsSesiones = pgTable(
  'insights_sesiones',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_sesiones_id_seq')`),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** The SDK's session id, 32 hex characters; null for an aggregate row. */
    sid: text('sid'),
    inicio: instante('inicio').notNull(),
    /** The SDK's `timestamp` of the state kept: an older update arriving late does not overwrite a newer one. */
    actualizado: instante('actualizado').notNull(),
    release: text('release').notNull(),
    environment: text('environment'),
    /** The session's distinct id (`did`): the user, for the crash-free users. */
    usuario: text('usuario'),
    sesiones: integer('sesiones').notNull(),
    errored: integer('errored').notNull().default(0),
    abnormal: integer('abnormal').notNull().default(0),
    crashed: integer('crashed').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'insights_sesiones_pkey', columns: [t.inicio, t.id] }),
    uniqueIndex('insights_sesiones_sid_uq').on(t.proyectoId, t.sid, t.inicio),
    // A project's sessions of a period per release: the Releases tab's health and the crash-free alert.
    index('insights_sesiones_proyecto_idx').on(t.proyectoId, t.inicio, t.release),
  ],
);

/**
 * A project's sessions per release, environment and UTC hour of their start, kept by the intake in the same
 * transaction as insights_sesiones (a session sent again moves its counts to its new state, so it counts once):
 * release health reads these instead of the sessions. `entorno` is the sessions' environment, '' for those without
 * one. `usuarios` and `usuariosCrashed` count the users (insights_sesiones_usuarios) whose latest session, or
 * latest crashed session, of the release started in that hour: the users of a period that ends now are the sum
 * over its hours. Those of rows with entorno '' count the users across every environment (a user seen in two
 * counts once there), those of the other rows the environment's.
 */
export const insightsSesionesHoras = pgTable(
  'insights_sesiones_horas',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    hora: instante('hora').notNull(),
    release: text('release').notNull(),
    entorno: text('entorno').notNull(),
    sesiones: bigint('sesiones', { mode: 'number' }).notNull().default(0),
    errored: bigint('errored', { mode: 'number' }).notNull().default(0),
    abnormal: bigint('abnormal', { mode: 'number' }).notNull().default(0),
    crashed: bigint('crashed', { mode: 'number' }).notNull().default(0),
    usuarios: integer('usuarios').notNull().default(0),
    usuariosCrashed: integer('usuarios_crashed').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'insights_sesiones_horas_pkey', columns: [t.proyectoId, t.hora, t.release, t.entorno] })],
);

/**
 * Each user (the sessions' `did`) of a release: when their latest session, and latest crashed one, started; per
 * environment, and with entorno '' across every environment. Kept with insights_sesiones_horas, whose user counts
 * it moves from hour to hour.
 */
export const insightsSesionesUsuarios = pgTable(
  'insights_sesiones_usuarios',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    release: text('release').notNull(),
    entorno: text('entorno').notNull(),
    usuario: text('usuario').notNull(),
    ultima: instante('ultima').notNull(),
    ultimaCaida: instante('ultima_caida'),
  },
  (t) => [
    primaryKey({ name: 'insights_sesiones_usuarios_pkey', columns: [t.proyectoId, t.release, t.entorno, t.usuario] }),
  ],
);

/**
 * A project's crash-free alert, when it is not the default: a release whose sessions of the last 24 hours are fewer
 * than `umbral` % crash-free (with at least `minimoSesiones` of them) is announced through the monitor's alerts.
 */
export const insightsSaludAlertas = pgTable(
  'insights_salud_alertas',
  {
    proyectoId: integer('proyecto_id')
      .primaryKey()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** Percentage (0 turns the alert off). */
    umbral: doublePrecision('umbral').notNull(),
    minimoSesiones: integer('minimo_sesiones').notNull(),
  },
  (t) => [
    check('insights_salud_alertas_umbral_ck', sql`${t.umbral} >= 0 and ${t.umbral} <= 100`),
    check('insights_salud_alertas_minimo_ck', sql`${t.minimoSesiones} >= 1`),
  ],
);
