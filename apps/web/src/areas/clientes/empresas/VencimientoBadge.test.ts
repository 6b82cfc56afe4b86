import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { colorVencimiento, diasHasta } from './VencimientoBadge.tsx';

describe('the next-expiry badge colour', () => {
  it('is red when expired, orange up to 30 days, yellow up to 90, green beyond', () => {
    expect(colorVencimiento(-1)).toBe('red');
    expect(colorVencimiento(0)).toBe('orange');
    expect(colorVencimiento(30)).toBe('orange');
    expect(colorVencimiento(31)).toBe('yellow');
    expect(colorVencimiento(90)).toBe('yellow');
    expect(colorVencimiento(91)).toBe('green');
  });

  it('counts whole days from today', () => {
    const hoy = dayjs('2026-03-10T18:30:00');
    expect(diasHasta('2026-03-10', hoy)).toBe(0);
    expect(diasHasta('2026-03-11', hoy)).toBe(1);
    expect(diasHasta('2026-03-09', hoy)).toBe(-1);
    expect(diasHasta('2026-06-08', hoy)).toBe(90);
  });
});
