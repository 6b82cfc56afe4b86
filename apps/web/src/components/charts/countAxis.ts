/** Tick steps within each power of ten: 1, 2, 5, 10, 20, 50... */
const STEPS = [1, 2, 5];

/**
 * The ticks of an axis of counts up to `max`: whole numbers from 0, evenly spaced by a round step, at most
 * `maxTicks` of them, the last at or above `max` (left to itself recharts read 0, 2, 4, 8).
 */
export function countTicks(max: number, maxTicks = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / (maxTicks - 1);
  let step = 1;
  for (let magnitude = 1; step < rough; magnitude *= 10)
    step = STEPS.map((s) => s * magnitude).find((s) => s >= rough) ?? step;
  const end = Math.ceil(top / step) * step;
  return Array.from({ length: end / step + 1 }, (_, i) => i * step);
}
