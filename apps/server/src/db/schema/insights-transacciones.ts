import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creado, id, instante } from './columns.ts';
import { insightsProyectos } from './insights.ts';

// ---- Monitor de errores: rendimiento (transactions and their spans) ----

/** One span of a transaction, as kept on its row (seconds since the epoch, as the SDKs send them). */
export interface SpanGuardado {
  span_id: string;
  parent_span_id: string | null;
  op: string | null;
  description: string | null;
  start_timestamp: number;
  timestamp: number;
  status: string | null;
}

/**
 * A transaction an SDK sent (a `transaction` envelope item), with its spans. Partitioned by month of `inicio`
 * (its migration; drizzle does not describe partitions), as the events are, so retention drops a month at once:
 * hence `inicio` in the primary key and the unique index, and the id from a plain sequence.
 */
export const insightsTransacciones = pgTable(
  'insights_transacciones',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_transacciones_id_seq')`),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** The SDK's event_id: 32 hex characters. A retried transaction is stored once. */
    eventId: text('event_id').notNull(),
    /** The transaction's name (`transaction`): what the Rendimiento tab groups by. */
    nombre: text('nombre').notNull(),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    op: text('op'),
    /** The trace context's status as the SDK sent it ('ok', 'internal_error'…; 'unknown' when none). */
    estado: text('estado').notNull(),
    inicio: instante('inicio').notNull(),
    fin: instante('fin').notNull(),
    duracionMs: doublePrecision('duracion_ms').notNull(),
    release: text('release'),
    environment: text('environment'),
    recibido: instante('recibido').notNull().defaultNow(),
    /** Its spans, read only whole with the transaction (the waterfall): `json`, kept as written. */
    spans: json('spans').$type<SpanGuardado[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'insights_transacciones_pkey', columns: [t.inicio, t.id] }),
    uniqueIndex('insights_transacciones_event_id_uq').on(t.proyectoId, t.eventId, t.inicio),
    // The Rendimiento tab: a project's transactions over a range, grouped by name; and one name's latest.
    index('insights_transacciones_proyecto_idx').on(t.proyectoId, t.inicio),
    index('insights_transacciones_nombre_idx').on(t.proyectoId, t.nombre, t.inicio),
    index('insights_transacciones_trace_idx').on(t.traceId),
  ],
);

/**
 * The Rendimiento tab's rollup, written by the intake in the statement that inserts the transactions (rendimiento.ts)
 * and read instead of them: per UTC hour (`horas` 1) and per UTC day (`horas` 24, `hora` its midnight), per name,
 * how many, how many failed and a histogram of their durations. Each transaction is counted at four `nivel`s, one per
 * filter the tab combines (GROUPING of environment and release): 0 with both, 1 with the environment (release ''),
 * 2 with the release (environment ''), 3 with neither; '' is also a transaction without one (the SDKs never send '').
 * So that a month is read as ~30 rows per name, whatever the filters, instead of thousands of transactions.
 *
 * The histogram is sparse: `cubetas` (sorted) and their `cuentas`. Bucket i holds [2^((i-1)/8), 2^(i/8)) ms (under
 * 1/1024 ms counts as that, bucket -79): each 9 % wide, so a percentile read from it at the bucket's geometric middle
 * is within ±4.5 % of the exact one.
 */
export const insightsTransaccionesHoras = pgTable(
  'insights_transacciones_horas',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** 1: the row is of an hour; 24: of the UTC day starting at `hora`. */
    horas: smallint('horas').notNull(),
    nivel: smallint('nivel').notNull(),
    hora: instante('hora').notNull(),
    nombre: text('nombre').notNull(),
    environment: text('environment').notNull(),
    release: text('release').notNull(),
    cantidad: integer('cantidad').notNull(),
    fallas: integer('fallas').notNull(),
    cubetas: smallint('cubetas').array().notNull(),
    cuentas: integer('cuentas').array().notNull(),
  },
  (t) => [
    // The Rendimiento tab reads one tier, level, environment and release over a range of hours: in this order the
    // key finds exactly those rows (with the hour before the filters, a filtered read walked every environment's and
    // release's rows of the range: 18,000 entries for 1,800 rows).
    primaryKey({
      name: 'insights_transacciones_horas_pkey',
      columns: [t.proyectoId, t.horas, t.nivel, t.environment, t.release, t.hora, t.nombre],
    }),
    // Retention deletes by hour, across projects.
    index('insights_transacciones_horas_hora_idx').on(t.hora),
  ],
);

/**
 * An alert rule on a transaction's speed: its p95 over the last `ventanaMinutos` above `p95Ms` (with at least
 * `minimo` transactions in the window) tells the project's followers, at most once an hour (alertas.ts).
 */
export const insightsReglasLentitud = pgTable(
  'insights_reglas_lentitud',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    transaccion: text('transaccion').notNull(),
    p95Ms: integer('p95_ms').notNull(),
    ventanaMinutos: integer('ventana_minutos').notNull().default(60),
    minimo: integer('minimo').notNull().default(5),
    creado: creado(),
  },
  (t) => [
    uniqueIndex('insights_reglas_lentitud_uq').on(t.proyectoId, t.transaccion),
    check('insights_reglas_lentitud_ck', sql`${t.p95Ms} > 0 and ${t.ventanaMinutos} > 0 and ${t.minimo} > 0`),
  ],
);
