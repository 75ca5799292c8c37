/**
 * A study's time series for one metric, ready to draw: objects ranked by their mean (the top N
 * by read response time, say; windowed-series.ts reads them), plus the scatter of one metric
 * against another per object and interval (write response time against write throughput: the
 * signature of a full write cache is high response at low throughput).
 */
import type { ObjectSeries } from '../periods/period-stats.js';

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
