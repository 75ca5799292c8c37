/**
 * The X axis of a scaling curve, the same on screen and in a report: a swept parameter that
 * doubles (iodepth 1..32, block size 4K..1M) reads best on a log-2 axis, where each step is one
 * step apart; a metric on X (latency against throughput) or a narrow range stays linear.
 */
export function scalingLogX(xs: readonly number[], xIsMetric: boolean): boolean {
  if (xIsMetric || xs.length === 0) return false;
  const lo = Math.min(...xs);
  return lo > 0 && Math.max(...xs) / lo >= 8;
}
