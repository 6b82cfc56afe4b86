// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../testing.tsx';
import { CHART_CLASS, CountChart, type ChartKind } from './CountChart.tsx';

afterEach(cleanup);

const rows = [
  { mes: 'ene 26', ok: 3, error: 1 },
  { mes: 'feb 26', ok: 8, error: 0 },
  { mes: 'mar 26', ok: 5, error: 2 },
  { mes: 'abr 26', ok: 0, error: 4 },
];
const ok = { key: 'ok', label: 'Correctas', color: 'green.6' };
const error = { key: 'error', label: 'Con error', color: 'red.6' };

function draw(kind: ChartKind, series = [ok]) {
  const { container } = renderUi(
    createElement(CountChart, { kind, rows, x: 'mes', series, height: 200, axisWidth: 30, legend: series.length > 1 }),
  );
  const svg = container.querySelector(`svg.${CHART_CLASS}`)!;
  const texts = (selector: string) => [...svg.querySelectorAll(selector)].map((e) => e.textContent);
  return {
    container,
    svg,
    ticks: texts('.visx-axis-left .visx-axis-tick text'),
    categories: texts('.visx-axis-bottom .visx-axis-tick text'),
    titles: texts('title'),
  };
}

describe('CountChart', () => {
  it('draws a bar per row with its value, over whole ticks evenly spaced up to the highest count', () => {
    const { svg, ticks, categories, titles } = draw('bars');
    expect(svg.querySelectorAll('rect')).toHaveLength(4);
    expect(ticks).toEqual(['0', '2', '4', '6', '8']);
    expect(categories).toEqual(['ene 26', 'feb 26', 'mar 26', 'abr 26']);
    expect(titles).toEqual([
      'ene 26 · Correctas: 3',
      'feb 26 · Correctas: 8',
      'mar 26 · Correctas: 5',
      'abr 26 · Correctas: 0',
    ]);
    const heights = [...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    // Heights in proportion to the counts: the 8 is the axis' top, the 0 is flat.
    expect(heights[1]! / heights[0]!).toBeCloseTo(8 / 3);
    expect(heights[3]).toBe(0);
  });

  it('stacks the series of a row and reads the axis up to the highest total, with a legend', () => {
    const { container, svg, ticks, titles } = draw('stacked', [ok, error]);
    expect(svg.querySelectorAll('rect')).toHaveLength(8);
    expect(ticks).toEqual(['0', '2', '4', '6', '8']);
    expect(titles).toContain('mar 26 · Con error: 2');
    expect(container.textContent).toContain('Correctas');
    expect(container.textContent).toContain('Con error');
  });

  it('draws a line per series with a point per row', () => {
    const { svg, titles } = draw('lines', [ok, error]);
    expect(svg.querySelectorAll('path.visx-linepath')).toHaveLength(2);
    expect(svg.querySelectorAll('circle')).toHaveLength(8);
    expect(titles.slice(0, 4)).toEqual([
      'ene 26 · Correctas: 3',
      'feb 26 · Correctas: 8',
      'mar 26 · Correctas: 5',
      'abr 26 · Correctas: 0',
    ]);
  });
});
