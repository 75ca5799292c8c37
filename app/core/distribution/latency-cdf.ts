/**
 * A latency distribution as curves: the CDF (fraction of I/Os at or below a latency) and the
 * exceedance (fraction above it, 1 − CDF, drawn on a log axis so the tail is readable). Built
 * from fio's bucket counts (json+ "bins" or a histogram log's summed rows), [ms, count] pairs.
 */
import { LADDER, percentilesFromBins } from '../../../importers/fio/latency-bins.js';

export interface LatencyCurve {
  /** I/Os counted. */
  total: number;
  /** [latency ms, CDF, exceedance], one point per non-empty bucket, by latency. */
  points: Array<[number, number, number]>;
  /** p50 … p99.99 from the same buckets (fio's rule: the first bucket reaching the rank). */
  percentiles: Record<string, number>;
}

/**
 * Bins in any order, a latency possibly repeated (merged), empty buckets skipped. Exceedance is
 * counted from the top ((total − cumulative) / total), not 1 − CDF, so a tail of 1e-6 is not
 * lost to rounding; the last point's exceedance is 0 (a log axis leaves it out).
 */
export function latencyCurve(bins: ReadonlyArray<readonly [number, number]>): LatencyCurve {
  const merged = new Map<number, number>();
  for (const [ms, count] of bins) {
    if (!Number.isFinite(ms) || !Number.isFinite(count) || count <= 0) continue;
    merged.set(ms, (merged.get(ms) ?? 0) + count);
  }
  const sorted = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  let total = 0;
  for (const [, c] of sorted) total += c;
  const points: Array<[number, number, number]> = [];
  let cum = 0;
  for (const [ms, c] of sorted) {
    cum += c;
    points.push([ms, cum / total, (total - cum) / total]);
  }
  const percentiles: Record<string, number> = {};
  const values = sorted.map(([ms]) => ms);
  const counts = sorted.map(([, c]) => c);
  percentilesFromBins(values, counts, LADDER).forEach((v, i) => { if (v !== null) percentiles[`p${LADDER[i]}`] = v; });
  return { total, points, percentiles };
}
