import type { Span, Transaccion } from '@intranet/contract/areas/insights/rendimiento';

// The span waterfall of a transaction: each span under its parent (by parent_span_id), in the order they
// started, with its bar's offset and width as a share of the transaction's duration.

export interface FilaCascada {
  span: Span;
  /** How deep under the transaction: 0 for a span whose parent is the transaction (or is not among the spans). */
  nivel: number;
  /** Where its bar starts and how wide it is, in percent of the transaction (clamped to 0..100). */
  desde: number;
  ancho: number;
}

const limitar = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The rows of the waterfall, depth first: a span, then its children, each level in start order. */
export function cascada(t: Pick<Transaccion, 'inicio' | 'duracion_ms' | 'span_id' | 'spans'>): FilaCascada[] {
  const inicio = Date.parse(t.inicio);
  const total = t.duracion_ms > 0 ? t.duracion_ms : 1;
  const ids = new Set(t.spans.map((s) => s.span_id));
  const hijos = new Map<string, Span[]>();
  for (const s of t.spans) {
    // A span whose parent was not sent (or is itself) hangs from the transaction.
    const padre =
      s.parent_span_id && s.parent_span_id !== s.span_id && ids.has(s.parent_span_id) ? s.parent_span_id : t.span_id;
    const lista = hijos.get(padre) ?? [];
    lista.push(s);
    hijos.set(padre, lista);
  }
  for (const lista of hijos.values()) lista.sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio));
  const filas: FilaCascada[] = [];
  const vistos = new Set<string>();
  const recorrer = (padre: string, nivel: number) => {
    for (const span of hijos.get(padre) ?? []) {
      // A cycle in what an SDK sent never loops.
      if (vistos.has(span.span_id)) continue;
      vistos.add(span.span_id);
      const desde = limitar(((Date.parse(span.inicio) - inicio) / total) * 100, 0, 100);
      const ancho = limitar((span.duracion_ms / total) * 100, 0, 100 - desde);
      filas.push({ span, nivel, desde, ancho });
      recorrer(span.span_id, nivel + 1);
    }
  };
  recorrer(t.span_id, 0);
  // Spans left out by a cycle among themselves: the first at the top level, the rest under it, rather than lost.
  for (const span of t.spans)
    if (!vistos.has(span.span_id)) {
      vistos.add(span.span_id);
      const desde = limitar(((Date.parse(span.inicio) - inicio) / total) * 100, 0, 100);
      filas.push({ span, nivel: 0, desde, ancho: limitar((span.duracion_ms / total) * 100, 0, 100 - desde) });
      recorrer(span.span_id, 1);
    }
  return filas;
}

/** A duration as people read it: 850 ms, 1,25 s. */
export function formatDuracion(ms: number): string {
  if (ms < 1) return `${ms.toLocaleString('es-AR', { maximumFractionDigits: 2 })} ms`;
  if (ms < 1000) return `${Math.round(ms).toLocaleString('es-AR')} ms`;
  return `${(ms / 1000).toLocaleString('es-AR', { maximumFractionDigits: 2 })} s`;
}
