import type { Span } from '@intranet/contract/areas/insights/rendimiento';
import { describe, expect, it } from 'vitest';
import { cascada, formatDuracion } from './cascada.ts';

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const span = (span_id: string, parent_span_id: string | null, desdeMs: number, ms: number): Span => ({
  span_id,
  parent_span_id,
  op: 'op',
  description: span_id,
  inicio: new Date(T0 + desdeMs).toISOString(),
  duracion_ms: ms,
  estado: 'ok',
});
const transaccion = (spans: Span[], duracion_ms = 1000) => ({
  inicio: new Date(T0).toISOString(),
  duracion_ms,
  span_id: 'raiz',
  spans,
});
const resumen = (t: ReturnType<typeof transaccion>) =>
  cascada(t).map((f) => [f.span.span_id, f.nivel, Math.round(f.desde * 100) / 100, Math.round(f.ancho * 100) / 100]);

describe('the span waterfall', () => {
  it('puts each span under its parent, in start order, with its bar relative to the transaction', () => {
    const t = transaccion([
      span('render', 'raiz', 700, 200),
      span('sql', 'consulta', 150, 300),
      span('consulta', 'raiz', 100, 500),
      span('cache', 'consulta', 120, 10),
      span('fila', 'sql', 200, 50),
    ]);
    expect(resumen(t)).toEqual([
      ['consulta', 0, 10, 50],
      ['cache', 1, 12, 1],
      ['sql', 1, 15, 30],
      ['fila', 2, 20, 5],
      ['render', 0, 70, 20],
    ]);
  });

  it('hangs a span whose parent was not sent from the transaction, and keeps bars within it', () => {
    const t = transaccion([span('huerfano', 'otro', -50, 100), span('largo', null, 900, 400)]);
    expect(resumen(t)).toEqual([
      ['huerfano', 0, 0, 10],
      ['largo', 0, 90, 10],
    ]);
  });

  it('shows spans that name each other as parents (a cycle) once each, the first at the top', () => {
    const t = transaccion([span('a', 'b', 0, 10), span('b', 'a', 10, 10)]);
    expect(cascada(t).map((f) => [f.span.span_id, f.nivel])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('reads durations in ms or seconds', () => {
    expect(formatDuracion(850.4)).toBe('850 ms');
    expect(formatDuracion(1250)).toBe('1,25 s');
    expect(formatDuracion(0.5)).toBe('0,5 ms');
  });
});
