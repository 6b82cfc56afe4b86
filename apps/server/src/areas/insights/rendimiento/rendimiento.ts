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
import type { Db, Executor } from '../../../db/client.ts';
import { borrarEnTandas } from '../../../db/tandas.ts';
import {
  insightsEventos,
  insightsIssues,
  insightsProyectos,
  insightsReglasLentitud,
  insightsTransacciones,
  insightsTransaccionesHoras,
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

export type Obj = Record<string, unknown>;
/** Readers of an SDK's JSON, shared with the streamed spans (spans-streaming.ts). */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
export const texto = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string') return null;
  const limpio = v.replaceAll('\0', '').trim();
  if (limpio === '') return null;
  const corto = limpio.length > max ? limpio.slice(0, max) : limpio;
  return corto.isWellFormed() ? corto : corto.toWellFormed();
};
export const hexId = (v: unknown, n: number): string | null => {
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

/**
 * The rollup (insights_transacciones_horas) of the transactions of `nuevas` (a CTE with their proyecto_id, nombre,
 * inicio, duracion_ms, estado, environment and release), added to what it holds. The same statement as the
 * backfill of migration 0064 and the bench's fill: change them together.
 */
const SUMAR_AL_RESUMEN = sql.raw(`
cubetas as (
  select n.proyecto_id, s.horas, date_trunc(case s.horas when 1 then 'hour' else 'day' end, n.inicio, 'UTC') as hora,
         n.nombre, coalesce(n.environment, '') as environment, coalesce(n.release, '') as release,
         (floor(8 * ln(greatest(n.duracion_ms, 1.0 / 1024)) / ln(2)) + 1)::smallint as cubeta,
         count(*) as cantidad,
         count(*) filter (where n.estado not in (${ESTADOS_SIN_FALLA.map((e) => `'${e}'`).join(', ')})) as fallas
    from nuevas n cross join (values (1), (24)) as s(horas)
   group by 1, 2, 3, 4, 5, 6, 7
),
niveles as (
  select proyecto_id, horas, grouping(environment, release) as nivel, hora, nombre,
         coalesce(environment, '') as environment, coalesce(release, '') as release, cubeta,
         sum(cantidad) as cantidad, sum(fallas) as fallas
    from cubetas
   group by grouping sets ((proyecto_id, horas, hora, nombre, environment, release, cubeta),
                           (proyecto_id, horas, hora, nombre, environment, cubeta),
                           (proyecto_id, horas, hora, nombre, release, cubeta),
                           (proyecto_id, horas, hora, nombre, cubeta))
)
insert into insights_transacciones_horas as h
       (proyecto_id, horas, nivel, hora, nombre, environment, release, cantidad, fallas, cubetas, cuentas)
select proyecto_id, horas, nivel, hora, nombre, environment, release, sum(cantidad)::int, sum(fallas)::int,
       array_agg(cubeta order by cubeta), array_agg(cantidad::int order by cubeta)
  from niveles
 group by 1, 2, 3, 4, 5, 6, 7
 -- In key order, so that concurrent intakes lock the rows they share in the same order and do not deadlock.
 order by 1, 2, 3, 6, 7, 4, 5
on conflict (proyecto_id, horas, nivel, environment, release, hora, nombre) do update
   set cantidad = h.cantidad + excluded.cantidad, fallas = h.fallas + excluded.fallas,
       (cubetas, cuentas) = (
         select array_agg(c order by c), array_agg(n order by c)
           from (select c, sum(n)::int as n
                  from unnest(h.cubetas || excluded.cubetas, h.cuentas || excluded.cuentas) as u(c, n)
                  group by c) m)`);

type TransaccionDe = TransaccionRecibida & { proyectoId: number };

/** Inserts them and adds those that went in to the rollup: one statement, atomic without a transaction of its own. */
async function insertarConResumen(db: Executor, filas: TransaccionDe[]): Promise<void> {
  const T = insightsTransacciones;
  const insertadas = db
    .insert(T)
    .values(filas)
    .onConflictDoNothing()
    .returning(wireColumns(T, ['proyecto_id', 'nombre', 'inicio', 'duracion_ms', 'estado', 'environment', 'release']));
  await db.execute(sql`with nuevas as (${insertadas.getSQL()}), ${SUMAR_AL_RESUMEN}`);
}

/** The most transactions one statement writes. */
const MAX_LOTE = 200;

/**
 * One writer per connection pool (or transaction): what arrives while a statement runs waits and goes in the next
 * one, all together. The rollup's rows of a name and hour are few and every transaction of it updates them: written
 * by concurrent statements, each would wait for the previous one's commit on those rows (50 senders made ~50
 * transactions/s); one statement at a time, each with all that is waiting, does not wait on any.
 */
class Escritor {
  private espera: { filas: TransaccionDe[]; listo: () => void; error: (e: unknown) => void }[] = [];
  private escribiendo = false;

  constructor(private readonly db: Executor) {}

  guardar(filas: TransaccionDe[]): Promise<void> {
    return new Promise((listo, error) => {
      this.espera.push({ filas, listo, error });
      if (!this.escribiendo) void this.escribir();
    });
  }

  private async escribir(): Promise<void> {
    this.escribiendo = true;
    try {
      while (this.espera.length > 0) {
        const lote: typeof this.espera = [];
        let n = 0;
        while (this.espera.length > 0 && (lote.length === 0 || n + this.espera[0]!.filas.length <= MAX_LOTE)) {
          const x = this.espera.shift()!;
          lote.push(x);
          n += x.filas.length;
        }
        try {
          await insertarConResumen(
            this.db,
            lote.flatMap((x) => x.filas),
          );
          for (const x of lote) x.listo();
        } catch (err) {
          for (const x of lote) x.error(err);
        }
      }
    } finally {
      this.escribiendo = false;
    }
  }
}

const escritores = new WeakMap<Executor, Escritor>();

/**
 * Stores them, and adds them to the Rendimiento tab's rollup in the same statement; a transaction sent again (same
 * event id and start) is stored and counted once. Answers once they are committed (with others' that waited along).
 */
export async function guardarTransacciones(
  db: Executor,
  proyectoId: number,
  transacciones: TransaccionRecibida[],
): Promise<void> {
  if (transacciones.length === 0) return;
  let escritor = escritores.get(db);
  if (!escritor) {
    escritor = new Escritor(db);
    escritores.set(db, escritor);
  }
  await escritor.guardar(transacciones.map((t) => ({ ...t, proyectoId })));
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

const H = insightsTransaccionesHoras;

/** The filters' level of the rollup: 0 environment and release, 1 environment, 2 release, 3 neither. */
const nivelDe = (f: Filtros) => (f.environment === undefined ? 2 : 0) + (f.release === undefined ? 1 : 0);

const HORA_MS = 3_600_000;
const DIA_MS = 24 * HORA_MS;

/**
 * The rollup's rows of a range and filters: whole UTC days from its daily rows, the hours before the first whole
 * day and from today's midnight on from its hourly ones. The range is counted in whole hours, from the hour its
 * start falls in (up to 59 minutes more than asked).
 */
function resumenDe(proyectoId: number, f: Filtros, ahora: Date): SQL {
  const h0 = Math.floor(desdeDe(f.rango, ahora).getTime() / HORA_MS) * HORA_MS;
  const d1 = Math.floor(ahora.getTime() / DIA_MS) * DIA_MS;
  const d0 = Math.min(Math.ceil(h0 / DIA_MS) * DIA_MS, d1);
  // A level's rows hold '' in the columns it adds up over: stated, the key reads exactly the range's rows.
  const filtros = and(
    eq(H.proyectoId, proyectoId),
    eq(H.nivel, nivelDe(f)),
    eq(H.environment, f.environment ?? ''),
    eq(H.release, f.release ?? ''),
  );
  const tramo = (horas: number, desde: number, hasta?: number) => sql`
    select ${H.nombre} as nombre, ${H.hora} as hora, ${H.cantidad} as cantidad, ${H.fallas} as fallas,
           ${H.cubetas} as cubetas, ${H.cuentas} as cuentas
      from ${H}
     where ${filtros} and ${H.horas} = ${horas} and ${H.hora} >= ${iso(new Date(desde))}::timestamptz
       ${hasta === undefined ? sql`` : sql`and ${H.hora} < ${iso(new Date(hasta))}::timestamptz`}`;
  return sql`${tramo(1, h0, d0)} union all ${tramo(24, d0, d1)} union all ${tramo(1, d1)}`;
}

/** Bucket `i`'s bounds in ms (see insights_transacciones_horas): [2^((i-1)/8), 2^(i/8)). */
const limitesDe = (i: number): [number, number] => [2 ** ((i - 1) / 8), 2 ** (i / 8)];

/**
 * A percentile (0..1) of a histogram, as percentile_cont reads it from the durations: between the values of rank
 * ⌊p·(n−1)⌋ and the next, each estimated as spread evenly on a log scale over its bucket. The error is within half
 * a bucket (±4.5 %), less on real distributions.
 */
export function percentilDe(cubetas: number[], cuentas: number[], p: number): number {
  const n = cuentas.reduce((a, b) => a + b, 0);
  if (n === 0) return 0;
  // The j-th smallest duration (0-based), estimated.
  const valor = (j: number) => {
    let antes = 0;
    for (let k = 0; k < cubetas.length; k++) {
      const c = cuentas[k]!;
      if (j < antes + c || k === cubetas.length - 1) {
        const [lo, hi] = limitesDe(cubetas[k]!);
        return lo * (hi / lo) ** Math.min(1, (j - antes + 0.5) / c);
      }
      antes += c;
    }
    return 0;
  };
  const rango = p * (n - 1);
  const abajo = Math.floor(rango);
  const a = valor(abajo);
  return abajo === rango ? a : a + (rango - abajo) * (valor(abajo + 1) - a);
}

/** A name's totals and its histograms merged (bucket → count). */
interface PorNombre {
  cantidad: number;
  fallas: number;
  histograma: Map<number, number>;
}

/** The UTC day (YYYY-MM-DD) an instant falls in. */
const diaDe = (ms: number) => new Date(Math.floor(ms / DIA_MS) * DIA_MS).toISOString().slice(0, 10);

/**
 * The Rendimiento tab: per transaction name, throughput, percentiles and failure rate; per day, how many. Read from
 * the rollup (a few rows per name and hour or day), not from the transactions: the range's rows (about 3,200 for
 * 30 days of 60 names) are added up per name and per day, and each name's histograms here, where summing 150,000
 * buckets takes a millisecond (in SQL, unnesting them took most of the call's time).
 */
export async function rendimientoDe(
  db: Executor,
  proyectoId: number,
  f: Filtros,
  ahora = new Date(),
): Promise<Rendimiento> {
  await existeProyecto(db, proyectoId);
  const minutos = RANGO_HORAS[f.rango] * 60;
  const desde = desdeDe(f.rango, ahora);
  const r = resumenDe(proyectoId, f, ahora);
  // The range's rows are read once, added up per name and day, and here per name and per day: read twice (a
  // statement for the names, another for the days, side by side) they took the rollup's pages twice, and with an
  // environment and a release over 30 days (about 3,000 rows, most on a page of their own) that was most of the call
  // (median 75 ms, slowest 150; now 33-37 ms and 67-76). Each name's histograms of a day come as one text
  // ('buckets;counts' of each row, joined by '|'): the driver's parser of arrays took 30 ms for 3,200 rows,
  // splitting the text takes a few.
  const leidoP = db.execute<{
    nombre: string;
    dia: string;
    cantidad: number;
    fallas: number;
    histogramas: string;
  }>(sql`
    select nombre, to_char(hora at time zone 'UTC', 'YYYY-MM-DD') as dia, sum(cantidad)::int as cantidad,
           sum(fallas)::int as fallas,
           string_agg(array_to_string(cubetas, ',') || ';' || array_to_string(cuentas, ','), '|') as histogramas
      from (${r}) r
     group by 1, 2`);
  // What the filters offer, from the days of the range (level 1 has the environments, level 2 the releases).
  const valores = async (columna: typeof H.environment | typeof H.release, nivel: number) => {
    const { rows } = await db.execute<{ v: string }>(sql`
      select distinct ${columna} as v from ${H}
       where ${H.proyectoId} = ${proyectoId} and ${H.horas} = 24 and ${H.nivel} = ${nivel}
         and ${H.hora} >= ${iso(new Date(Math.floor(desde.getTime() / DIA_MS) * DIA_MS))}::timestamptz
         and ${columna} <> ''
       order by 1 limit 100`);
    return rows.map((x) => x.v);
  };
  const [{ rows: leido }, environments, releases] = await Promise.all([
    leidoP,
    valores(H.environment, 1),
    valores(H.release, 2),
  ]);

  const nombres = new Map<string, PorNombre>();
  const porDia = new Map<string, number>();
  for (const n of leido) {
    porDia.set(n.dia, (porDia.get(n.dia) ?? 0) + Number(n.cantidad));
    let nombre = nombres.get(n.nombre);
    if (!nombre) {
      nombre = { cantidad: 0, fallas: 0, histograma: new Map() };
      nombres.set(n.nombre, nombre);
    }
    nombre.cantidad += Number(n.cantidad);
    nombre.fallas += Number(n.fallas);
    for (const fila of n.histogramas.split('|')) {
      const [cubetas = '', cuentas = ''] = fila.split(';');
      const c = cubetas.split(',');
      const k = cuentas.split(',');
      for (let i = 0; i < c.length; i++) {
        const cubeta = Number(c[i]);
        nombre.histograma.set(cubeta, (nombre.histograma.get(cubeta) ?? 0) + Number(k[i]));
      }
    }
  }
  const principales = [...nombres]
    .sort(([a, x], [b, y]) => y.cantidad - x.cantidad || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_NOMBRES);
  const serie: Rendimiento['serie'] = [];
  for (let d = Math.floor(desde.getTime() / DIA_MS) * DIA_MS; d <= ahora.getTime(); d += DIA_MS)
    serie.push({ fecha: diaDe(d), cantidad: porDia.get(diaDe(d)) ?? 0 });
  return {
    filas: principales.map(([nombre, { cantidad, fallas, histograma }]) => {
      const cubetas = [...histograma.keys()].sort((a, b) => a - b);
      const cuentas = cubetas.map((c) => histograma.get(c)!);
      return {
        nombre,
        cantidad,
        por_minuto: cantidad / minutos,
        p50: percentilDe(cubetas, cuentas, 0.5),
        p75: percentilDe(cubetas, cuentas, 0.75),
        p95: percentilDe(cubetas, cuentas, 0.95),
        tasa_fallas: cantidad === 0 ? 0 : fallas / cantidad,
      };
    }),
    serie,
    environments,
    releases,
  };
}

/**
 * Retention of the rollup: its rows that end before the cut (`dias` days before `ahora`) go, as the transactions
 * they count do; a day's row goes once the whole day is past it. Answers how many went.
 */
export async function quitarResumenViejo(db: Db, dias: number, ahora = new Date()): Promise<number> {
  const corte = new Date(ahora.getTime() - dias * DIA_MS);
  const diaAntes = new Date(corte.getTime() - DIA_MS);
  return borrarEnTandas(
    db,
    'insights_transacciones_horas',
    sql`hora < ${iso(corte)}::timestamptz and (horas = 1 or hora <= ${iso(diaAntes)}::timestamptz)`,
  );
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
    .select({ ...resumen, ...wireColumns(T, ['span_id', 'parent_span_id', 'fin']), lista: T.spans })
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
