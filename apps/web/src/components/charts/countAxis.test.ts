import { describe, expect, it } from 'vitest';
import { countTicks } from './countAxis.ts';

const evenlySpaced = (ticks: number[]) => new Set(ticks.slice(1).map((t, i) => t - ticks[i]!)).size === 1;

describe('countTicks', () => {
  it('reads 0, 2, 4, 6, 8 where the chart library read 0, 2, 4, 8', () => {
    expect(countTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('keeps small counts one by one and never shows a fraction', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(2.5)).toEqual([0, 1, 2, 3]);
  });

  it('steps by 1, 2 or 5 times a power of ten, whole and evenly spaced, up to the highest count', () => {
    expect(countTicks(11)).toEqual([0, 5, 10, 15]);
    expect(countTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (let max = 0; max <= 5000; max += 7) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), String(max)).toBe(true);
      expect(evenlySpaced(ticks) || ticks.length === 2, String(max)).toBe(true);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(5);
      expect(ticks[ticks.length - 1]!, String(max)).toBeGreaterThanOrEqual(max);
    }
  });
});
