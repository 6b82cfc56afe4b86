import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { insightsTransacciones, type SpanGuardado } from '../../../db/schema.ts';
import { hexId, isObj, MAX_ITEM_TRANSACCION, type Obj, type TransaccionRecibida, texto } from './rendimiento.ts';

// Streamed spans: SDKs with `traceLifecycle: 'stream'` (the default of @sentry/browser 11) send `span` items
// (`application/vnd.sentry.items.span.v2+json`, `{"items": [span, …]}`) instead of whole transactions. Each span
// names its segment, the root of its local tree (`is_segment: true` on the root, `sentry.segment.id` on the rest):
// a segment is kept as a transaction row and the spans of its segment as that row's spans, as a `transaction`
// item's are, so the Rendimiento tab, the waterfall and the trace page read them unchanged.

/** Sentry's cap on a transaction's spans, as for `transaction` items: an append past it is left out. */
const MAX_SPANS = 1_000;

/** A streamed span as read: the fields a transaction row or one of its spans needs. */
export interface SpanStreamed {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  /** The span id of its segment (its own when it is one). */
  segmentId: string;
  esSegmento: boolean;
  nombre: string;
  op: string | null;
  estado: string;
  inicio: number;
  fin: number;
  release: string | null;
  environment: string | null;
}

/** A `span` item read: the spans kept, and how many were dropped and why (counted on "Datos recibidos"). */
export interface SpansLeidos {
  spans: SpanStreamed[];
  descartados: { motivo: string; cantidad: number }[];
}

const segundos = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
/** An attribute's value: `{type, value}` in v2, a bare value tolerated. */
const atributo = (attrs: Obj | undefined, clave: string): unknown => {
  const a = attrs?.[clave];
  return isObj(a) ? a.value : a;
};

/**
 * The names the browser SDK gives its pageload and navigation segments when streaming (low cardinality: no route is
 * known there); the path they name it by otherwise (`traceLifecycle: 'static'`) is in `url.path`.
 */
const NOMBRES_SIN_RUTA = new Set(['Pageload', 'Navigation']);

/** A segment's name as a transaction's: the page's path for a browser's unrouted pageload or navigation. */
function nombreDe(v: Obj, attrs: Obj | undefined, esSegmento: boolean): string {
  const nombre = texto(v.name, 500) ?? texto(atributo(attrs, 'sentry.segment.name'), 500) ?? '(sin nombre)';
  if (!esSegmento || !NOMBRES_SIN_RUTA.has(nombre) || atributo(attrs, 'sentry.segment.name.source') !== 'url')
    return nombre;
  return texto(atributo(attrs, 'url.path'), 500) ?? nombre;
}

const MOTIVO_ITEM = 'Ítem de spans ilegible';
const MOTIVO_SPAN = 'Span sin ids, nombre u horario válido';

/** One streamed span, or undefined when it lacks what a transaction or a waterfall row needs. */
function spanStreamedDe(v: unknown): SpanStreamed | undefined {
  if (!isObj(v)) return undefined;
  const traceId = hexId(v.trace_id, 32);
  const spanId = hexId(v.span_id, 16);
  const inicio = segundos(v.start_timestamp);
  const fin = segundos(v.end_timestamp) ?? inicio;
  if (!traceId || !spanId || inicio === null || fin === null || fin < inicio) return undefined;
  const attrs = isObj(v.attributes) ? v.attributes : undefined;
  const esSegmento = v.is_segment === true;
  const segmentId = esSegmento ? spanId : hexId(atributo(attrs, 'sentry.segment.id'), 16);
  if (!segmentId) return undefined;
  return {
    traceId,
    spanId,
    parentSpanId: hexId(v.parent_span_id, 16),
    segmentId,
    esSegmento,
    nombre: nombreDe(v, attrs, esSegmento),
    op: texto(atributo(attrs, 'sentry.op'), 200),
    estado: texto(v.status, 60) ?? 'unknown',
    inicio,
    fin,
    release: texto(atributo(attrs, 'sentry.release'), 200),
    environment: texto(atributo(attrs, 'sentry.environment'), 200),
  };
}

/** A `span` item's payload read; never throws (what cannot be read is counted as dropped). */
export function spansDe(payload: Buffer, cantidadDeclarada: number): SpansLeidos {
  const ilegible = { spans: [], descartados: [{ motivo: MOTIVO_ITEM, cantidad: Math.max(1, cantidadDeclarada) }] };
  if (payload.length > MAX_ITEM_TRANSACCION * 2) return ilegible;
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    return ilegible;
  }
  if (!isObj(raw) || !Array.isArray(raw.items)) return ilegible;
  const spans: SpanStreamed[] = [];
  let malos = 0;
  for (const s of raw.items) {
    const leido = spanStreamedDe(s);
    if (leido) spans.push(leido);
    else malos += 1;
  }
  return { spans, descartados: malos > 0 ? [{ motivo: MOTIVO_SPAN, cantidad: malos }] : [] };
}

const guardado = (s: SpanStreamed): SpanGuardado => ({
  span_id: s.spanId,
  parent_span_id: s.parentSpanId,
  op: s.op,
  description: s.nombre,
  start_timestamp: s.inicio,
  timestamp: s.fin,
  status: s.estado,
});

/** A segment's row has no event id of its own: one derived from its trace and span, so a resend is stored once. */
const eventIdDe = (s: SpanStreamed) => createHash('md5').update(`${s.traceId}:${s.spanId}`).digest('hex');

/** A segment span with its children as the transaction row a `transaction` item would make. */
export function transaccionDeSegmento(segmento: SpanStreamed, hijos: SpanStreamed[]): TransaccionRecibida {
  return {
    eventId: eventIdDe(segmento),
    nombre: segmento.nombre,
    traceId: segmento.traceId,
    spanId: segmento.spanId,
    parentSpanId: segmento.parentSpanId,
    op: segmento.op,
    estado: segmento.estado,
    inicio: new Date(segmento.inicio * 1000),
    fin: new Date(segmento.fin * 1000),
    duracionMs: (segmento.fin - segmento.inicio) * 1000,
    release: segmento.release,
    environment: segmento.environment,
    spans: hijos.slice(0, MAX_SPANS).map(guardado),
  };
}

/**
 * Appends spans to their segment's row when it was stored already (they came after it); answers whether it was.
 * The row's `json` column is concatenated as jsonb, up to MAX_SPANS; a span it holds already is not added again.
 */
export async function agregarASegmento(
  db: Executor,
  proyectoId: number,
  traceId: string,
  segmentId: string,
  spans: SpanStreamed[],
): Promise<boolean> {
  const T = insightsTransacciones;
  const nuevos = JSON.stringify(spans.map(guardado));
  const filas = await db
    .update(T)
    .set({
      // Only those not there yet (an SDK resends an envelope it got no answer for), and none past the cap.
      spans: sql`(select (case when json_array_length(${T.spans}) + count(*) <= ${MAX_SPANS}
                               then ${T.spans}::jsonb || coalesce(jsonb_agg(n), '[]') else ${T.spans}::jsonb end)::json
                  from jsonb_array_elements(${nuevos}::jsonb) n
                  where not ${T.spans}::jsonb @> jsonb_build_array(jsonb_build_object('span_id', n->'span_id')))`,
    })
    .where(and(eq(T.proyectoId, proyectoId), eq(T.traceId, traceId), eq(T.spanId, segmentId)))
    .returning({ id: T.id });
  return filas.length > 0;
}

/** How long children wait for their segment, and how many spans a process holds at most. */
const ESPERA_MS = 5 * 60_000;
const MAX_EN_ESPERA = 20_000;

/**
 * Children that came before their segment (the SDK flushes a trace's buffer by size or after five seconds, so a
 * long page load's spans can go out before it ends), held in memory until it comes. Memory rather than a table:
 * the case is uncommon, a segment follows within seconds, usually to the same process, and what is lost when it
 * does not (another process, a restart) is only some rows of one waterfall, not the transaction; a table would
 * cost a write and a read on every such envelope and its own retention. Bounded in time and size.
 */
export class SpansEnEspera {
  private readonly grupos = new Map<string, { hasta: number; spans: SpanStreamed[] }>();
  private total = 0;

  private clave = (proyectoId: number, traceId: string, segmentId: string) => `${proyectoId}:${traceId}:${segmentId}`;

  private purgar(ahora: number): void {
    for (const [k, g] of this.grupos) {
      if (g.hasta > ahora) break; // inserted in order of their deadline
      this.grupos.delete(k);
      this.total -= g.spans.length;
    }
  }

  /** Holds them; answers how many were held (the rest, over the cap, are dropped). */
  guardar(proyectoId: number, traceId: string, segmentId: string, spans: SpanStreamed[], ahora = Date.now()): number {
    this.purgar(ahora);
    const caben = Math.max(0, Math.min(spans.length, MAX_EN_ESPERA - this.total));
    if (caben === 0) return 0;
    const k = this.clave(proyectoId, traceId, segmentId);
    const g = this.grupos.get(k);
    if (g) {
      g.spans.push(...spans.slice(0, caben));
    } else {
      this.grupos.set(k, { hasta: ahora + ESPERA_MS, spans: spans.slice(0, caben) });
    }
    this.total += caben;
    return caben;
  }

  /** The children held for a segment, taken out. */
  tomar(proyectoId: number, traceId: string, segmentId: string, ahora = Date.now()): SpanStreamed[] {
    this.purgar(ahora);
    const k = this.clave(proyectoId, traceId, segmentId);
    const g = this.grupos.get(k);
    if (!g) return [];
    this.grupos.delete(k);
    this.total -= g.spans.length;
    return g.spans;
  }
}
