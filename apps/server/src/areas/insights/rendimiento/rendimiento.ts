import {
  ESTADOS_SIN_FALLA,
  RANGO_HORAS,
  type ReglaLentitud,
  type ReglaLentitudInput,
  type Rendimiento,
  type RendimientoRango,
  type Span,
  type Transaccion,
  type TransaccionResumen,
  type Traza,
} from '@intranet/contract/areas/insights/rendimiento';
import { and, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../../core/api-error.ts';
import type { Executor } from '../../../db/client.ts';
import {
  insightsEventos,
  insightsIssues,
  insightsProyectos,
  insightsReglasLentitud,
  insightsTransacciones,
  type SpanGuardado,
} from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import { existeProyecto } from '../proyectos.ts';

// Performance data: the transactions an SDK sends when tracing is on (`tracesSampleRate`; every transaction that
// arrives is kept, none is sampled again here), each with its spans, grouped by name on the Rendimiento tab.

/**
 * The largest `transaction` item kept (its JSON), half the envelope's limit: a thousand spans fit well within it,
 * and one sender's huge item does not take a whole write. A bigger one is counted as dropped.
 */
export const MAX_ITEM_TRANSACCION = 512 * 1024;
/** Sentry's own cap on a transaction's spans; the rest are left out. */
const MAX_SPANS = 1_000;
/** The most transaction names the tab lists, and transactions of one name. */
const MAX_NOMBRES = 200;
const MAX_RECIENTES = 100;

/** Why a `transaction` item was not kept (counted on "Datos recibidos"). */
export class TransaccionInvalida extends Error {}

export interface TransaccionRecibida {
  eventId: string;
  nombre: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  op: string | null;
  estado: string;
  inicio: Date;
  fin: Date;
  duracionMs: number;
  release: string | null;
  environment: string | null;
  spans: SpanGuardado[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const texto = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string') return null;
  const limpio = v.replaceAll('\0', '').trim();
  if (limpio === '') return null;
  const corto = limpio.length > max ? limpio.slice(0, max) : limpio;
  return corto.isWellFormed() ? corto : corto.toWellFormed();
};
const hexId = (v: unknown, n: number): string | null => {
  if (typeof v !== 'string') return null;
  const s = v.replaceAll('-', '').toLowerCase();
  return new RegExp(`^[0-9a-f]{${n}}$`).test(s) ? s : null;
};

/** A Sentry timestamp (seconds since the epoch, or RFC 3339 as the Python SDK writes it) in seconds. */
function segundos(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v : null;
  if (typeof v === 'string' && v.length <= 40) {
    // Without a zone the SDKs mean UTC.
    const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
    if (Number.isFinite(ms)) {
      // Date keeps milliseconds; the microseconds the Python SDK writes are added back.
      const micro = /\.(\d{4,6})/.exec(v)?.[1];
      const extra = micro ? Number(`0.${micro}`) - Number(`0.${micro.slice(0, 3)}`) : 0;
      return ms / 1000 + extra;
    }
  }
  return null;
}

function spanDe(v: unknown): SpanGuardado | undefined {
  if (!isObj(v)) return undefined;
  const spanId = hexId(v.span_id, 16);
  const inicio = segundos(v.start_timestamp);
  const fin = segundos(v.timestamp) ?? inicio;
  if (!spanId || inicio === null || fin === null || fin < inicio) return undefined;
  return {
    span_id: spanId,
    parent_span_id: hexId(v.parent_span_id, 16),
    op: texto(v.op, 200),
    description: texto(v.description, 2_000),
    start_timestamp: inicio,
    timestamp: fin,
    status: texto(v.status, 60),
  };
}

/**
 * A `transaction` item's event as kept: its name, trace context, times and spans. Throws TransaccionInvalida
 * (with the reason "Datos recibidos" shows) when it is not one.
 */
export function transaccionDe(payload: Buffer, eventIdDefecto: string): TransaccionRecibida {
  if (payload.length > MAX_ITEM_TRANSACCION) throw new TransaccionInvalida('Transacción demasiado grande');
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new TransaccionInvalida('Transacción que no es JSON');
  }
  if (!isObj(raw)) throw new TransaccionInvalida('Transacción que no es un objeto JSON');
  if (raw.type !== undefined && raw.type !== 'transaction') throw new TransaccionInvalida('Ítem de otro tipo');
  const nombre = texto(raw.transaction, 500);
  if (!nombre) throw new TransaccionInvalida('Transacción sin nombre');
  const traza = isObj(raw.contexts) && isObj(raw.contexts.trace) ? raw.contexts.trace : undefined;
  const traceId = hexId(traza?.trace_id, 32);
  const spanId = hexId(traza?.span_id, 16);
  if (!traza || !traceId || !spanId) throw new TransaccionInvalida('Transacción sin contexto de traza');
  const inicio = segundos(raw.start_timestamp);
  const fin = segundos(raw.timestamp);
  if (inicio === null || fin === null || fin < inicio) throw new TransaccionInvalida('Transacción sin horario válido');
  const spans = (Array.isArray(raw.spans) ? raw.spans.slice(0, MAX_SPANS) : []).flatMap((s) => spanDe(s) ?? []);
  return {
    eventId: hexId(raw.event_id, 32) ?? eventIdDefecto,
    nombre,
    traceId,
    spanId,
    parentSpanId: hexId(traza.parent_span_id, 16),
    op: texto(traza.op, 200),
    estado: texto(traza.status, 60) ?? 'unknown',
    inicio: new Date(inicio * 1000),
    fin: new Date(fin * 1000),
    duracionMs: (fin - inicio) * 1000,
    release: texto(raw.release, 200),
    environment: texto(raw.environment, 200),
    spans,
  };
}

/** Stores them; a transaction sent again (same event id and start) is stored once. */
export async function guardarTransacciones(
  db: Executor,
  proyectoId: number,
  transacciones: TransaccionRecibida[],
): Promise<void> {
  if (transacciones.length === 0) return;
  await db
    .insert(insightsTransacciones)
    .values(transacciones.map((t) => ({ proyectoId, ...t })))
    .onConflictDoNothing();
}

// ---- Reading ----

const iso = (d: Date) => d.toISOString();
const T = insightsTransacciones;

interface Filtros {
  rango: RendimientoRango;
  environment?: string | undefined;
  release?: string | undefined;
}

const desdeDe = (rango: RendimientoRango, ahora: Date) => new Date(ahora.getTime() - RANGO_HORAS[rango] * 3_600_000);

function donde(proyectoId: number, f: Filtros, ahora: Date, ...mas: SQL[]): SQL | undefined {
  return and(
    eq(T.proyectoId, proyectoId),
    gte(T.inicio, desdeDe(f.rango, ahora)),
    f.environment === undefined ? undefined : eq(T.environment, f.environment),
    f.release === undefined ? undefined : eq(T.release, f.release),
    ...mas,
  );
}

const falla = sql`${T.estado} not in (${sql.join(
  ESTADOS_SIN_FALLA.map((e) => sql`${e}`),
  sql`, `,
)})`;

/** The Rendimiento tab: per transaction name, throughput, percentiles and failure rate; per day, how many. */
export async function rendimientoDe(
  db: Executor,
  proyectoId: number,
  f: Filtros,
  ahora = new Date(),
): Promise<Rendimiento> {
  await existeProyecto(db, proyectoId);
  const minutos = RANGO_HORAS[f.rango] * 60;
  const filas = await db
    .select({
      nombre: T.nombre,
      cantidad: sql<number>`count(*)::int`,
      p50: sql<number>`percentile_cont(0.5) within group (order by ${T.duracionMs})`,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${T.duracionMs})`,
      p95: sql<number>`percentile_cont(0.95) within group (order by ${T.duracionMs})`,
      fallas: sql<number>`(count(*) filter (where ${falla}))::int`,
    })
    .from(T)
    .where(donde(proyectoId, f, ahora))
    .groupBy(T.nombre)
    .orderBy(sql`count(*) desc`, T.nombre)
    .limit(MAX_NOMBRES);
  const desde = desdeDe(f.rango, ahora);
  const { rows: serie } = await db.execute<{ fecha: string; cantidad: number }>(sql`
    select to_char(d, 'YYYY-MM-DD') as fecha, coalesce(c.n, 0)::int as cantidad
      from generate_series(date_trunc('day', ${iso(desde)}::timestamptz at time zone 'UTC'),
                           date_trunc('day', ${iso(ahora)}::timestamptz at time zone 'UTC'), interval '1 day') d
      left join (select date_trunc('day', ${T.inicio} at time zone 'UTC') as dia, count(*) as n
                   from ${T} where ${donde(proyectoId, f, ahora)} group by 1) c on c.dia = d
     order by d`);
  const valores = async (columna: typeof T.environment | typeof T.release) => {
    const r = await db
      .selectDistinct({ v: columna })
      .from(T)
      .where(and(eq(T.proyectoId, proyectoId), gte(T.inicio, desde), sql`${columna} is not null`))
      .orderBy(columna)
      .limit(100);
    return r.flatMap((x) => (x.v === null ? [] : [x.v]));
  };
  return {
    filas: filas.map(({ fallas, ...r }) => ({
      ...r,
      p50: Number(r.p50),
      p75: Number(r.p75),
      p95: Number(r.p95),
      por_minuto: r.cantidad / minutos,
      tasa_fallas: r.cantidad === 0 ? 0 : fallas / r.cantidad,
    })),
    serie: serie.map((s) => ({ fecha: s.fecha, cantidad: Number(s.cantidad) })),
    environments: await valores(T.environment),
    releases: await valores(T.release),
  };
}

const resumen = {
  ...wireColumns(T, [
    'event_id',
    'nombre',
    'trace_id',
    'op',
    'estado',
    'inicio',
    'duracion_ms',
    'release',
    'environment',
  ]),
  spans: sql<number>`json_array_length(${T.spans})::int`,
};
const aResumen = (r: Omit<TransaccionResumen, 'inicio'> & { inicio: Date }): TransaccionResumen => ({
  ...r,
  inicio: iso(r.inicio),
});

/** A name's latest transactions within the filters, newest first. */
export async function transaccionesDe(
  db: Executor,
  proyectoId: number,
  f: Filtros & { nombre: string },
  ahora = new Date(),
): Promise<TransaccionResumen[]> {
  await existeProyecto(db, proyectoId);
  const filas = await db
    .select(resumen)
    .from(T)
    .where(donde(proyectoId, f, ahora, eq(T.nombre, f.nombre)))
    .orderBy(desc(T.inicio))
    .limit(MAX_RECIENTES);
  return filas.map(aResumen);
}

const spanWire = (s: SpanGuardado): Span => ({
  span_id: s.span_id,
  parent_span_id: s.parent_span_id,
  op: s.op,
  description: s.description,
  inicio: new Date(s.start_timestamp * 1000).toISOString(),
  duracion_ms: (s.timestamp - s.start_timestamp) * 1000,
  estado: s.status,
});

/** One transaction with its spans, in the order they started. */
export async function transaccionDetalle(db: Executor, proyectoId: number, eventId: string): Promise<Transaccion> {
  await existeProyecto(db, proyectoId);
  const [t] = await db
    .select({ ...resumen, span_id: T.spanId, parent_span_id: T.parentSpanId, fin: T.fin, lista: T.spans })
    .from(T)
    .where(and(eq(T.proyectoId, proyectoId), eq(T.eventId, eventId)))
    .orderBy(desc(T.inicio))
    .limit(1);
  if (!t) throw new ApiError(404, 'La transacción no existe');
  const { lista, spans: _n, ...rest } = t;
  return {
    ...rest,
    inicio: iso(t.inicio),
    fin: iso(t.fin),
    spans: [...lista].sort((a, b) => a.start_timestamp - b.start_timestamp).map(spanWire),
  };
}

/** A trace: its transactions (by start) and the error events sent with its id (newest first), of any project. */
export async function trazaDe(db: Executor, traceId: string): Promise<Traza> {
  const proyecto = { proyecto_id: insightsProyectos.id, proyecto_nombre: insightsProyectos.nombre };
  const transacciones = await db
    .select({ ...resumen, ...proyecto })
    .from(T)
    .innerJoin(insightsProyectos, eq(insightsProyectos.id, T.proyectoId))
    .where(eq(T.traceId, traceId))
    .orderBy(T.inicio)
    .limit(MAX_RECIENTES);
  // The expression of the partial index of migration 0057 (insights_eventos_trace_idx), and its condition.
  const traceIdDelEvento = sql`(${insightsEventos.datos} -> 'contexts' -> 'trace' ->> 'trace_id')`;
  const errores = await db
    .select({
      ...proyecto,
      ...wireColumns(insightsEventos, ['event_id', 'issue_id', 'nivel', 'fecha', 'mensaje']),
      titulo: insightsIssues.titulo,
    })
    .from(insightsEventos)
    .innerJoin(insightsIssues, eq(insightsIssues.id, insightsEventos.issueId))
    .innerJoin(insightsProyectos, eq(insightsProyectos.id, insightsEventos.proyectoId))
    .where(and(sql`${traceIdDelEvento} = ${traceId}`, sql`${traceIdDelEvento} is not null`))
    .orderBy(desc(insightsEventos.fecha))
    .limit(MAX_RECIENTES);
  if (transacciones.length === 0 && errores.length === 0) throw new ApiError(404, 'La traza no existe');
  return {
    trace_id: traceId,
    transacciones: transacciones.map((x) => ({ ...x, inicio: iso(x.inicio) })),
    errores: errores.map((e) => ({ ...e, fecha: iso(e.fecha) })),
  };
}

// ---- Alert rules ----

const R = insightsReglasLentitud;
const reglaColumnas = wireColumns(R, ['id', 'transaccion', 'p95_ms', 'ventana_minutos', 'minimo', 'creado']);
const reglaWire = (r: Omit<ReglaLentitud, 'creado'> & { creado: Date }): ReglaLentitud => ({
  ...r,
  creado: iso(r.creado),
});

export async function reglasLentitud(db: Executor, proyectoId: number): Promise<ReglaLentitud[]> {
  await existeProyecto(db, proyectoId);
  const filas = await db.select(reglaColumnas).from(R).where(eq(R.proyectoId, proyectoId)).orderBy(R.transaccion);
  return filas.map(reglaWire);
}

/** Creates the rule of a transaction name, or changes it when that name has one. */
export async function guardarReglaLentitud(
  db: Executor,
  proyectoId: number,
  input: Required<ReglaLentitudInput>,
): Promise<ReglaLentitud> {
  await existeProyecto(db, proyectoId);
  const valores = { p95Ms: input.p95_ms, ventanaMinutos: input.ventana_minutos, minimo: input.minimo };
  const [r] = await db
    .insert(R)
    .values({ proyectoId, transaccion: input.transaccion, ...valores })
    .onConflictDoUpdate({ target: [R.proyectoId, R.transaccion], set: valores })
    .returning(reglaColumnas);
  return reglaWire(r!);
}

export async function eliminarReglaLentitud(db: Executor, proyectoId: number, reglaId: number): Promise<void> {
  const borradas = await db
    .delete(R)
    .where(and(eq(R.id, reglaId), eq(R.proyectoId, proyectoId)))
    .returning({ id: R.id });
  if (borradas.length === 0) throw new ApiError(404, 'La alerta no existe');
}
