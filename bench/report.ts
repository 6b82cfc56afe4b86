/** One printed figure with its target, so every benchmark reads the same. */
export function figure(label: string, value: number, unit: string, target?: { max?: number; min?: number }): void {
  let verdict = '';
  if (target?.max !== undefined)
    verdict =
      value <= target.max
        ? `  (objetivo ≤ ${target.max} ${unit}: cumple)`
        : `  (objetivo ≤ ${target.max} ${unit}: NO cumple)`;
  if (target?.min !== undefined)
    verdict =
      value >= target.min
        ? `  (objetivo ≥ ${target.min} ${unit}: cumple)`
        : `  (objetivo ≥ ${target.min} ${unit}: NO cumple)`;
  // A missed target fails the run (`npm run bench` exits non-zero), after every figure is printed.
  if (verdict.includes('NO cumple')) process.exitCode = 1;
  console.log(`${label}: ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}${verdict}`);
}
