import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diaActual, mesActual, mesesEntre, mesEtiqueta, REPORTE_IDS, REPORTES, type ParametroDef } from './reportes.ts';

/** The query keys a parameter of the form fills. */
const claves = (p: ParametroDef): string[] =>
  p.tipo === 'rango_meses' || p.tipo === 'rango_fechas'
    ? ['desde', 'hasta']
    : p.tipo === 'empresa'
      ? ['empresa_id']
      : p.tipo === 'producto'
        ? ['producto_id']
        : [p.clave];

describe('the catalogue of reports', () => {
  it.each(REPORTE_IDS)('%s: its form, schema, columns and chart agree', (id) => {
    const def = REPORTES[id];
    expect(def.schema).toBeInstanceOf(z.ZodObject);
    expect(def.parametros.flatMap(claves).sort()).toEqual(Object.keys(def.schema.shape).sort());
    const columnas = def.columnas.map((c) => c.clave);
    expect(new Set(columnas).size).toBe(columnas.length);
    expect(columnas).toContain(def.grafico.x);
    for (const serie of def.grafico.series) expect(columnas).toContain(serie);
    expect(def.schema.safeParse({}).success).toBe(true);
    for (const p of def.parametros) {
      if (p.tipo === 'opcion')
        for (const o of p.opciones) expect(def.schema.safeParse({ [p.clave]: o.valor }).success).toBe(true);
    }
  });
});

describe('months and days in Buenos Aires', () => {
  it('moves months across years and counts them inclusively', () => {
    const hoy = new Date('2026-01-01T02:00:00Z'); // still 31 December in Buenos Aires
    expect(mesActual(0, hoy)).toBe('2025-12');
    expect(mesActual(1, hoy)).toBe('2026-01');
    expect(mesActual(-12, hoy)).toBe('2024-12');
    expect(diaActual(0, hoy)).toBe('2025-12-31');
    expect(mesesEntre('2025-11', '2026-02')).toBe(4);
    expect(mesEtiqueta('2026-03')).toBe('mar 2026');
  });

  it('defaults month ranges to whole months around this one', () => {
    const p = REPORTES['vencimientos-por-mes'].schema.parse({});
    expect(p).toEqual({ desde: mesActual(), hasta: mesActual(11) });
    expect(mesesEntre(p.desde, p.hasta)).toBe(12);
  });
});
