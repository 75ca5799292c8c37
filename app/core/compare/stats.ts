/**
 * Whether a difference is real, decided as Go's benchstat decides it (golang.org/x/perf/benchmath,
 * AssumeNothing): each side's median with an order-statistic interval, and a two-sided
 * Mann-Whitney U test between the sides. The test lives in ./mann-whitney.ts, the interval in
 * ./median-interval.ts; the known answers they are checked against in ./known-answers/.
 */
export { mannWhitneyU, type MannWhitney } from './mann-whitney.js';
export { medianInterval } from './median-interval.js';

/** The median; with an even number of values the mean of the two middle ones (as benchstat's R8 quantile at ½). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}
