import { LOG_NIVELES, type LogItem, type LogNivel, type LogsPage } from '@intranet/contract/areas/insights/logs';
import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { type AtributoLog, insightsLogs } from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import { existeProyecto } from '../proyectos.ts';

// Structured logs: what the SDKs send with `enableLogs` (`Sentry.logger.info(...)`), as `log` envelope items
// (`{items: [{timestamp, trace_id, level, body, attributes: {key: {value, type}}}]}`), or one OpenTelemetry record
// per `otel_log` item from older SDKs. Kept per project in month partitions of the log's own time, searched by
// level, text and time, and linked to the error events of the same trace.

const MAX_CUERPO = 8_192;
const MAX_ATRIBUTOS = 100;
const MAX_CLAVE = 200;
const MAX_VALOR = 2_000;
/** A log timestamped further ahead than this (a client's clock) is kept at its arrival time instead. */
const ADELANTO_MAX_MS = 24 * 3_600_000;
const TRACE = /^[0-9a-f]{32}$/;

export interface LogRecibido {
  fecha: Date;
  nivel: LogNivel;
  cuerpo: string;
  traceId: string | null;
  atributos: Record<string, AtributoLog>;
  release: string | null;
  environment: string | null;
}

const NIVEL_DE: Record<string, LogNivel> = {
  ...Object.fromEntries(LOG_NIVELES.map((n) => [n, n])),
  warning: 'warn',
  critical: 'fatal',
  log: 'info',
};

function nivelDe(v: unknown): LogNivel {
  if (typeof v !== 'string') return 'info';
  return NIVEL_DE[v.toLowerCase()] ?? 'info';
}

function fechaDe(v: unknown, ahora: Date): Date {
  // Seconds (Sentry) or nanoseconds as a string or number (OpenTelemetry).
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) / 1e9 : typeof v === 'number' ? v : NaN;
  const ms = n > 1e14 ? n / 1e6 : n * 1000;
  if (!Number.isFinite(ms) || ms <= 0 || ms > ahora.getTime() + ADELANTO_MAX_MS) return ahora;
  // Whole milliseconds: the page cursor carries them.
  return new Date(Math.floor(ms));
}

function atributo(v: unknown): AtributoLog | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const { value, type } = v as { value?: unknown; type?: unknown };
  const tipo = typeof type === 'string' ? type.slice(0, 20) : typeof value;
  if (typeof value === 'string') return { value: value.slice(0, MAX_VALOR), type: tipo };
  if (typeof value === 'number' && Number.isFinite(value)) return { value, type: tipo };
  if (typeof value === 'boolean') return { value, type: tipo };
  return undefined;
}

/** An OpenTelemetry attribute value (`{stringValue}`, `{intValue}`...) as Sentry's `{value, type}`. */
function atributoOtel(v: unknown): AtributoLog | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.stringValue === 'string') return { value: o.stringValue.slice(0, MAX_VALOR), type: 'string' };
  if (typeof o.boolValue === 'boolean') return { value: o.boolValue, type: 'boolean' };
  const entero = Number(o.intValue);
  if (o.intValue !== undefined && Number.isFinite(entero)) return { value: entero, type: 'integer' };
  if (typeof o.doubleValue === 'number') return { value: o.doubleValue, type: 'double' };
  return undefined;
}

function armar(
  nivel: LogNivel,
  cuerpo: unknown,
  fecha: Date,
  traceId: unknown,
  atributos: Record<string, AtributoLog>,
): LogRecibido | undefined {
  if (typeof cuerpo !== 'string') return undefined;
  const texto = (k: string) => {
    const v = atributos[k]?.value;
    return typeof v === 'string' && v !== '' ? v.slice(0, 200) : null;
  };
  const trace = typeof traceId === 'string' ? traceId.toLowerCase() : '';
  return {
    fecha,
    nivel,
    cuerpo: cuerpo.slice(0, MAX_CUERPO),
    traceId: TRACE.test(trace) && !/^0+$/.test(trace) ? trace : null,
    atributos,
    release: texto('sentry.release'),
    environment: texto('sentry.environment'),
  };
}

/** The logs of a `log` item (`{items: [...]}`) or of an `otel_log` item (one record); malformed ones are left out. */
export function logsDe(tipo: string, raw: unknown, ahora: Date): { logs: LogRecibido[]; invalidos: number } {
  if (raw === null || typeof raw !== 'object') return { logs: [], invalidos: 1 };
  const registros: unknown[] =
    tipo === 'otel_log'
      ? [raw]
      : Array.isArray((raw as { items?: unknown }).items)
        ? (raw as { items: unknown[] }).items
        : [];
  if (registros.length === 0) return { logs: [], invalidos: 1 };
  const logs: LogRecibido[] = [];
  for (const r of registros) {
    if (r === null || typeof r !== 'object') continue;
    const o = r as Record<string, unknown>;
    const atributos: Record<string, AtributoLog> = {};
    if (tipo === 'otel_log') {
      const lista = Array.isArray(o.attributes) ? o.attributes : [];
      for (const a of lista.slice(0, MAX_ATRIBUTOS)) {
        const { key, value } = (a ?? {}) as { key?: unknown; value?: unknown };
        const v = atributoOtel(value);
        if (typeof key === 'string' && v) atributos[key.slice(0, MAX_CLAVE)] = v;
      }
      const cuerpo = (o.body as { stringValue?: unknown } | undefined)?.stringValue;
      const log = armar(nivelDe(o.severityText), cuerpo, fechaDe(o.timeUnixNano, ahora), o.traceId, atributos);
      if (log) logs.push(log);
      continue;
    }
    const attrs = o.attributes !== null && typeof o.attributes === 'object' ? o.attributes : {};
    for (const [k, v] of Object.entries(attrs).slice(0, MAX_ATRIBUTOS)) {
      const a = atributo(v);
      if (a) atributos[k.slice(0, MAX_CLAVE)] = a;
    }
    const log = armar(nivelDe(o.level), o.body, fechaDe(o.timestamp, ahora), o.trace_id, atributos);
    if (log) logs.push(log);
  }
  return { logs, invalidos: registros.length - logs.length };
}

/** Rows per INSERT: a `log` item may carry hundreds. */
const LOTE = 500;

export async function guardarLogs(db: Executor, proyectoId: number, logs: LogRecibido[]): Promise<void> {
  for (let i = 0; i < logs.length; i += LOTE)
    await db.insert(insightsLogs).values(logs.slice(i, i + LOTE).map((l) => ({ ...l, proyectoId })));
}

export interface FiltrosLogs {
  nivel?: LogNivel | undefined;
  q?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  trace_id?: string | undefined;
  cursor?: string | undefined;
  size: number;
}

/** The json the events' subquery answers: parsed by the driver, or its text. */
function eventoDe(v: unknown): LogItem['evento'] {
  const o = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  if (o === null || typeof o !== 'object') return null;
  const { issue_id, event_id } = o as { issue_id?: unknown; event_id?: unknown };
  return { issue_id: Number(issue_id), event_id: String(event_id) };
}

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the project's logs, newest first, paged by (fecha, id): the next page starts after the last row, so a
 * log arriving meanwhile does not shift it. Each carries an error event of the project with the same trace, if kept.
 */
export async function logsDeProyecto(db: Executor, proyectoId: number, f: FiltrosLogs): Promise<LogsPage> {
  await existeProyecto(db, proyectoId);
  const donde: (SQL | undefined)[] = [eq(insightsLogs.proyectoId, proyectoId)];
  if (f.nivel) donde.push(eq(insightsLogs.nivel, f.nivel));
  if (f.q) donde.push(ilike(insightsLogs.cuerpo, `%${escaparLike(f.q)}%`));
  if (f.desde) donde.push(gte(insightsLogs.fecha, new Date(f.desde)));
  if (f.hasta) donde.push(lte(insightsLogs.fecha, new Date(f.hasta)));
  if (f.trace_id) donde.push(eq(insightsLogs.traceId, f.trace_id));
  if (f.cursor) {
    const [fecha, id] = f.cursor.split('~');
    donde.push(sql`(${insightsLogs.fecha}, ${insightsLogs.id}) < (${new Date(fecha!)}, ${Number(id)})`);
  }
  // The error of the same trace: one probe of the events' trace index per row shown.
  const evento = sql<unknown>`(
    select json_build_object('issue_id', e.issue_id, 'event_id', e.event_id) from insights_eventos e
     where e.proyecto_id = ${proyectoId} and (e.datos -> 'contexts' -> 'trace' ->> 'trace_id') = ${insightsLogs.traceId}
     limit 1)`;
  const filas = await db
    .select({
      ...wireColumns(insightsLogs, [
        'id',
        'fecha',
        'nivel',
        'cuerpo',
        'trace_id',
        'atributos',
        'release',
        'environment',
      ]),
      evento,
    })
    .from(insightsLogs)
    .where(and(...donde))
    .orderBy(desc(insightsLogs.fecha), desc(insightsLogs.id))
    .limit(f.size + 1);
  const pagina = filas.slice(0, f.size);
  const ultimo = pagina.at(-1);
  const items: LogItem[] = pagina.map((l) => ({
    ...l,
    fecha: l.fecha.toISOString(),
    nivel: nivelDe(l.nivel),
    evento: eventoDe(l.evento),
  }));
  return {
    items,
    siguiente: filas.length > f.size && ultimo ? `${ultimo.fecha.toISOString()}~${ultimo.id}` : null,
  };
}
