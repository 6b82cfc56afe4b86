// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { SerieSparkline } from './SerieSparkline.tsx';

afterEach(cleanup);

describe('SerieSparkline', () => {
  it('says the total to a screen reader and draws the days as a line from the first to the last, red when there were events', () => {
    renderUi(createElement(SerieSparkline, { serie: [0, 2, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 4] }));
    const imagen = screen.getByRole('img', { name: '12 eventos en los últimos 14 días' });
    const [relleno, linea] = [...imagen.querySelectorAll('path')];
    expect(linea?.getAttribute('stroke')).toBe('var(--mantine-color-red-6)');
    const d = linea?.getAttribute('d') ?? '';
    expect(d.startsWith('M0,')).toBe(true);
    expect(d).toMatch(/96,[\d.]+$/);
    // The highest day touches the top (less half the stroke), a day without events the bottom.
    expect(d).toContain(',1.5');
    expect(relleno?.getAttribute('d')).toContain('L96,28');
  });

  it('is a grey flat line for two weeks without events', () => {
    renderUi(createElement(SerieSparkline, { serie: new Array(14).fill(0) }));
    const linea = screen.getByRole('img', { name: '0 eventos en los últimos 14 días' }).querySelectorAll('path')[1];
    expect(linea?.getAttribute('stroke')).toBe('var(--mantine-color-gray-4)');
    expect(linea?.getAttribute('d')).toMatch(/^M0,26.5/);
  });
});
