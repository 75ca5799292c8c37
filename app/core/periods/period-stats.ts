/**
 * Statistics of time-series data within a period, with the aggregation order chosen and shown:
 * a statistic per object per day, then across objects, then across days. That is how study S1
 * gets its figures: the mean read response time of each volume over 08:30-15:30 each day, the
 * mean of the four volumes each day (7.145, 7.25, 7.53 ms before; 1.06 after), and the mean of
 * the days (7.31 ms).
 */
import { inRanges, type PeriodDefinition } from './period-spec.js';
import { dayInZone } from './timezone.js';
import { medianIntervalMs } from '../series/align.js';
import { lowerBound } from '../series/lttb.js';

export const PER_OBJECT_DAY = ['mean', 'max', 'min', 'p50', 'p95', 'p99'] as const;
export const ACROSS = ['mean', 'max', 'min', 'sum', 'median'] as const;
export type PerObjectDayStat = (typeof PER_OBJECT_DAY)[number];
export type AcrossStat = (typeof ACROSS)[number];

export interface Aggregation {
  perObjectDay: PerObjectDayStat;
  acrossObjects: AcrossStat;
  acrossDays: AcrossStat;
}

export const DEFAULT_AGGREGATION: Aggregation = { perObjectDay: 'mean', acrossObjects: 'mean', acrossDays: 'mean' };

export interface ObjectSeries {
  object: string;
  times: Float64Array;
  values: Float64Array;
}

export interface PeriodStats {
  /** The figure for the whole period (across objects, then across days). */
  value: number | null;
  days: Array<{ day: string; value: number; objects: Record<string, number> }>;
  /** Per object: its per-day statistic, then across days. */
  objects: Record<string, { value: number; samples: number }>;
  samples: number;
  gaps: string[];
}

function quantile(sorted: readonly number[], q: number): number {
  // Linear interpolation between closest ranks (type 7, what spreadsheets use).
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function reduce(values: readonly number[], stat: PerObjectDayStat | AcrossStat): number {
  switch (stat) {
    case 'mean': return values.reduce((s, v) => s + v, 0) / values.length;
    case 'sum': return values.reduce((s, v) => s + v, 0);
    case 'max': return values.reduce((m, v) => (v > m ? v : m), -Infinity);
    case 'min': return values.reduce((m, v) => (v < m ? v : m), Infinity);
    case 'median':
    case 'p50': return quantile([...values].sort((a, b) => a - b), 0.5);
    case 'p95': return quantile([...values].sort((a, b) => a - b), 0.95);
    case 'p99': return quantile([...values].sort((a, b) => a - b), 0.99);
  }
}

const STAT_ZH: Record<PerObjectDayStat | AcrossStat, string> = {
  mean: '平均值', max: '最大值', min: '最小值', sum: '总和', median: '中位数', p50: 'p50', p95: 'p95', p99: 'p99',
};

/**
 * The aggregation order in words, printed beside every period figure:
 * "mean over days of (mean over objects of (max per object per day))", and in a Chinese report
 * "各天的平均值（各对象的平均值（每个对象每天的最大值））".
 */
export function describeAggregation(a: Aggregation, locale: 'en' | 'zh-CN' = 'en'): string {
  if (locale === 'zh-CN') return `各天的${STAT_ZH[a.acrossDays]}（各对象的${STAT_ZH[a.acrossObjects]}（每个对象每天的${STAT_ZH[a.perObjectDay]}））`;
  return `${a.acrossDays} over days of (${a.acrossObjects} over objects of (${a.perObjectDay} per object per day))`;
}

function ascending(times: Float64Array): boolean {
  for (let i = 1; i < times.length; i++) if (!(times[i]! >= times[i - 1]!)) return false;
  return true;
}

/** Disjoint ranges in time order covering what inRanges accepts; an open end is ±Infinity. */
function mergedRanges(ranges: PeriodDefinition['ranges']): Array<[number, number]> {
  const sorted = ranges.map((r): [number, number] => [r.start ?? -Infinity, r.end ?? Infinity]).filter(([a, b]) => a < b).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * Calls visit(from, to, day) for the runs of an object's samples inside the period that fall on
 * one day of the zone, in time order. Only the samples inside the ranges are looked at (binary
 * search), and the day is worked out once per range when the range lies within one day (a local
 * day is one stretch of UTC time), else per sample: 1,000 volumes over a week were 3 million
 * dayInZone calls per comparison.
 */
function eachDayRun(times: Float64Array, ranges: ReadonlyArray<[number, number]>, zone: string, visit: (from: number, to: number, day: string) => void): void {
  for (const [start, end] of ranges) {
    const from = start === -Infinity ? 0 : lowerBound(times, start);
    const to = end === Infinity ? times.length : lowerBound(times, end);
    if (from >= to) continue;
    const first = dayInZone(times[from]!, zone);
    if (first === dayInZone(times[to - 1]!, zone)) visit(from, to, first);
    else for (let i = from; i < to; i++) visit(i, i + 1, dayInZone(times[i]!, zone));
  }
}

export function periodStats(series: readonly ObjectSeries[], period: PeriodDefinition, agg: Aggregation = DEFAULT_AGGREGATION): PeriodStats {
  const cells = new Map<string, Map<string, number[]>>(); // day -> object -> samples
  const perObjectSamples = new Map<string, number>();
  const gaps: string[] = [];
  const merged = mergedRanges(period.ranges);
  for (const s of series) {
    let n = 0;
    const add = (from: number, to: number, day: string): void => {
      let bucket: number[] | undefined;
      for (let i = from; i < to; i++) {
        const v = s.values[i]!;
        if (!Number.isFinite(v)) continue;
        if (!bucket) {
          let byObject = cells.get(day);
          if (!byObject) cells.set(day, (byObject = new Map()));
          bucket = byObject.get(s.object);
          if (!bucket) byObject.set(s.object, (bucket = []));
        }
        bucket.push(v);
        n++;
      }
    };
    if (ascending(s.times)) eachDayRun(s.times, merged, period.zone, add);
    else {
      for (let i = 0; i < s.times.length; i++) if (inRanges(s.times[i]!, period.ranges)) add(i, i + 1, dayInZone(s.times[i]!, period.zone));
    }
    perObjectSamples.set(s.object, (perObjectSamples.get(s.object) ?? 0) + n);
    // Gaps: fewer samples than the bounded ranges should hold at this object's sampling interval.
    const interval = medianIntervalMs(s.times);
    if (interval) {
      const expected = period.ranges
        .filter((r) => r.start !== null && r.end !== null)
        .reduce((sum, r) => sum + Math.floor((r.end! - r.start!) / interval), 0);
      if (expected > 0 && n < expected * 0.9) gaps.push(`${s.object}: ${n} of ${expected} expected samples in the period`);
    }
  }

  const days = [...cells.keys()].sort().map((day) => {
    const objects: Record<string, number> = {};
    for (const [obj, values] of cells.get(day)!) objects[obj] = reduce(values, agg.perObjectDay);
    return { day, value: reduce(Object.values(objects), agg.acrossObjects), objects };
  });

  const objects: PeriodStats['objects'] = {};
  for (const obj of perObjectSamples.keys()) {
    const perDay = days.map((d) => d.objects[obj]).filter((v): v is number => v !== undefined);
    if (perDay.length) objects[obj] = { value: reduce(perDay, agg.acrossDays), samples: perObjectSamples.get(obj)! };
  }
  const samples = [...perObjectSamples.values()].reduce((s, v) => s + v, 0);
  return { value: days.length ? reduce(days.map((d) => d.value), agg.acrossDays) : null, days, objects, samples, gaps };
}
