/**
 * Pieces every vdbench run is built from, whichever report it comes from.
 */
import type { ParamValue, ParsedSeries } from '../types.js';
import { allZero, averageIntervals, metricUnit, rowMetrics, type Fields, type Workload } from './row-metrics.js';

export interface TimedMetrics {
  /** Epoch ms (or ms since the first line when the file has no date). */
  time: number;
  metrics: Record<string, number>;
}

/**
 * One series per metric over the interval rows. A metric that is zero in every interval
 * (an operation the workload never did) makes no series.
 */
export function buildSeries(object: string, points: readonly TimedMetrics[]): ParsedSeries[] {
  const byMetric = new Map<string, { times: number[]; values: number[] }>();
  for (const p of points) {
    for (const [metric, value] of Object.entries(p.metrics)) {
      let s = byMetric.get(metric);
      if (!s) byMetric.set(metric, (s = { times: [], values: [] }));
      s.times.push(p.time);
      s.values.push(value);
    }
  }
  const out: ParsedSeries[] = [];
  for (const [metric, s] of byMetric) {
    if (s.values.every((v) => v === 0)) continue;
    out.push({ object, metric, unit: metricUnit(metric), times: Float64Array.from(s.times), values: Float64Array.from(s.values) });
  }
  return out;
}

/**
 * When no xfersize is stated, the observed bytes per I/O (raw) or xfer size (file system) is the
 * block size only if it is one: a multiple of 512. A mix of sizes averages to something else
 * (a real totals.html of a "4K" test shows 7817 bytes/io), which is no block size at all.
 * Returns the warning to attach when it fills bs in.
 */
export function observedBlockSize(params: Record<string, ParamValue>, fields: Fields): string | null {
  if (params['bs'] !== undefined) return null;
  const observed = fields['bytes_per_io'] ?? fields['xfer_size'];
  if (observed === undefined || !(observed > 0) || observed % 512 !== 0) return null;
  params['bs'] = observed;
  return `bs ${observed} is the observed bytes per I/O: the file does not state xfersize`;
}

export interface ResultRow {
  label: string;
  line: number;
  fields: Fields;
}

/**
 * A run's result metrics from vdbench's avg row; without one (run aborted, file cut), from the
 * interval rows vdbench's own avg would have used: `skip` leading intervals are warm-up (one by
 * default: "avg_2-N", FORMATS.md 2.2). The warning says which happened.
 */
export function runResult(
  kind: Workload,
  rdName: string,
  avg: ResultRow | null,
  intervals: readonly ResultRow[],
  skip = 1,
): { metrics: Record<string, number>; warning: string | null; source: string } {
  if (avg && allZero(avg.fields)) {
    return {
      metrics: {},
      warning: `RD=${rdName}: vdbench's ${avg.label} row is all zeros (the run ended within its first interval, FORMATS.md 2.2): no result metrics`,
      source: avg.label,
    };
  }
  if (avg) return { metrics: rowMetrics(kind, avg.fields), warning: null, source: avg.label };
  const used = intervals.length > skip ? intervals.slice(skip) : intervals.slice(-1);
  const range = `${used[0]?.label ?? '?'}-${used[used.length - 1]?.label ?? '?'}`;
  return {
    metrics: averageIntervals(used.map((r) => rowMetrics(kind, r.fields))),
    warning: `RD=${rdName} has no avg row (run aborted or file cut after line ${intervals[intervals.length - 1]?.line ?? '?'}): its metrics are PerfDelta's average of intervals ${range} (rates averaged, response times weighted by rate, no standard deviation), not vdbench's`,
    source: `intervals ${range}`,
  };
}
