/**
 * A study's time series for one metric, ready to draw: objects ranked by their mean (the top N
 * by read response time, say), each downsampled to a drawable number of points, plus the
 * scatter of one metric against another per object and interval (write response time against
 * write throughput: the signature of a full write cache is high response at low throughput).
 */
import type { ObjectSeries } from '../periods/period-stats.js';
import { lowerBound, lttb } from './lttb.js';
import { variation } from './variation.js';

export interface StudySeriesObject {
  object: string;
  mean: number;
  max: number;
  samples: number;
  /** Sample standard deviation and coefficient of variation over every sample, not the drawn points. */
  sd: number;
  cv_pct: number | null;
  points: Array<[number, number]>;
}

/** The part of each series inside [from, to] (epoch ms; either end open): a zoomed chart's window. */
export function clipToWindow(series: readonly ObjectSeries[], from: number | null, to: number | null): ObjectSeries[] {
  if (from === null && to === null) return [...series];
  return series.map((s) => {
    const a = from === null ? 0 : lowerBound(s.times, from);
    const b = to === null ? s.times.length : lowerBound(s.times, to + 1e-9);
    return { ...s, times: s.times.subarray(a, b), values: s.values.subarray(a, b) };
  }).filter((s) => s.times.length > 0);
}

export function rankAndDownsample(series: readonly ObjectSeries[], options: { top?: number; objects?: string[]; maxPoints?: number }): StudySeriesObject[] {
  const maxPoints = options.maxPoints ?? 1500;
  const stats = series
    .filter((s) => !options.objects || options.objects.includes(s.object))
    .map((s) => {
      let max = -Infinity;
      for (const v of s.values) if (Number.isFinite(v) && v > max) max = v;
      const v = variation(s.values);
      return { s, mean: v.mean, max: v.n ? max : 0, n: v.n, sd: v.sd, cv: v.cv_pct };
    })
    .sort((a, b) => b.mean - a.mean || a.s.object.localeCompare(b.s.object));
  return stats.slice(0, options.top ?? stats.length).map(({ s, mean, max, n, sd, cv }) => {
    const d = lttb(s.times, s.values, maxPoints);
    return { object: s.object, mean, max, samples: n, sd, cv_pct: cv, points: d.times.map((t, i) => [t, d.values[i]!] as [number, number]) };
  });
}

/** Pairs two metrics of the same object at the same time: [x, y, time] per interval. */
export function scatterByTime(xs: readonly ObjectSeries[], ys: readonly ObjectSeries[], objects: readonly string[]): Array<{ object: string; points: Array<[number, number, number]> }> {
  return objects.map((object) => {
    const x = xs.find((s) => s.object === object);
    const y = ys.find((s) => s.object === object);
    const points: Array<[number, number, number]> = [];
    if (x && y) {
      const byTime = new Map<number, number>();
      x.times.forEach((t, i) => byTime.set(t, x.values[i]!));
      y.times.forEach((t, i) => {
        const xv = byTime.get(t);
        if (xv !== undefined) points.push([xv, y.values[i]!, t]);
      });
    }
    return { object, points };
  });
}
