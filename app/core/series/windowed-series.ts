/**
 * The core's series reads over range reads (range-read.ts): a run's series for its chart, the
 * lanes of a shared zoom, and a study's top objects of a metric, each read for its window only.
 */
import type { SeriesInfo, SeriesKeyRecord, SeriesLaneRecord, SeriesRecord } from '../../contract/records.js';
import type { SeriesLevels, SeriesSummaryRow } from '../store/series-levels.js';
import { minMaxDownsample } from './min-max.js';
import { Stats } from './pyramid.js';
import { RangeReader, type Lane, type RangeWindow } from './range-read.js';
import type { StudySeriesObject } from './study-series.js';

/** Pixel columns for at most `maxPoints` points: two a column and the window's two ends. */
export function widthFor(maxPoints: number): number {
  return Math.max(1, Math.floor((maxPoints - 2) / 2));
}

/** A window's statistics read from a level with at least this many buckets in it: raw edges stay small. */
const STATS_COLUMNS = 64;

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function laneRecord(l: Lane): SeriesLaneRecord {
  const s = l.stats;
  return {
    run: l.key.run, object: l.key.object, metric: l.key.metric, unit: l.unit, points: l.points, extent: l.extent, level: l.level, raw: l.raw,
    times: l.times, values: l.values,
    stats: { samples: s.samples, mean: finiteOrNull(s.mean), sd: s.samples > 1 ? s.sd : null, min: finiteOrNull(s.min), max: finiteOrNull(s.max) },
  };
}

const keyOf = (r: SeriesSummaryRow): SeriesKeyRecord => ({ run: r.run_id, object: r.object, metric: r.metric });

function windowOf(from: number | null | undefined, to: number | null | undefined): RangeWindow | null {
  return (from === undefined || from === null) && (to === undefined || to === null) ? null : { from: from ?? -Infinity, to: to ?? Infinity };
}

export class WindowedSeries {
  readonly reader: RangeReader;

  constructor(private readonly levels: SeriesLevels) {
    this.reader = new RangeReader(levels);
  }

  /** The series of a run, known without reading them. */
  list(run: number): SeriesInfo[] {
    return this.levels.summariesOfRun(run).map((r) => ({ ...keyOf(r), unit: r.unit, points: r.points, from: r.t_first, to: r.t_last }));
  }

  /** Lanes of one window (each series' whole extent without one) for a chart `width` pixels wide. */
  lanes(keys: readonly SeriesKeyRecord[], from: number | undefined, to: number | undefined, width: number): SeriesLaneRecord[] {
    return this.reader.read(keys, windowOf(from, to), { width }).map(laneRecord);
  }

  /**
   * A run's series of a window (or whole) as points: at most maxPoints each (every sample when
   * the window holds no more), every sample of the window without maxPoints.
   */
  runSeries(run: number, metric: string | undefined, object: string | undefined, maxPoints: number | undefined, from: number | undefined, to: number | undefined): SeriesRecord[] {
    const keys = this.levels.summariesOfRun(run).filter((r) => (!metric || r.metric === metric) && (!object || r.object === object)).map(keyOf);
    const options = maxPoints === undefined ? { width: 1, allRaw: true } : { width: widthFor(maxPoints), rawLimit: maxPoints };
    return this.reader.read(keys, windowOf(from, to), options).map((l) => ({
      run, object: l.key.object, metric: l.key.metric, unit: l.unit,
      points: Array.from(l.times, (t, i) => [t, l.values[i]!] as [number, number]),
    }));
  }

  /** The statistics of a run's series over all their samples, from their summaries. */
  wholeStats(run: number, metric: string): Array<{ row: SeriesSummaryRow; stats: Stats }> {
    return this.levels.summariesOfRun(run).filter((r) => r.metric === metric).map((row) => ({ row, stats: summaryStats(row) }));
  }

  /**
   * A study's objects of one metric in a window (all of it without one): ranked by their mean
   * over every sample in it, the top ones with their points (at most maxPoints each). An object
   * stored in several runs is one object here (SVC statistics imported week by week).
   */
  studyObjects(studyId: number, metric: string, config: string | null, options: { top?: number; objects?: string[]; maxPoints?: number; from?: number | null; to?: number | null }): { objects: StudySeriesObject[]; all: string[] } {
    const window = windowOf(options.from, options.to);
    const maxPoints = options.maxPoints ?? 1500;
    const rows = this.levels.summariesOfStudy(studyId, metric, config, options.from ?? null, options.to ?? null);
    const byObject = new Map<string, SeriesSummaryRow[]>();
    for (const r of rows) {
      const list = byObject.get(r.object);
      if (list) list.push(r);
      else byObject.set(r.object, [r]);
    }
    // Statistics first, for every object: from the summaries when the whole extent is shown,
    // else over the window's samples (a pyramid level's buckets and raw edges).
    const ranked = [...byObject.entries()].map(([object, parts]) => {
      const stats = new Stats();
      for (const p of parts) {
        if (!window) stats.mergeStats(summaryStats(p));
        else {
          const s = this.reader.lane(keyOf(p), window, { width: STATS_COLUMNS, statsOnly: true }).stats;
          stats.merge(s.samples, s.mean, s.m2, s.min, NaN, s.max, NaN);
        }
      }
      return { object, parts, stats };
    }).filter((o) => o.stats.count > 0);
    const all = ranked.map((o) => o.object).sort();
    const chosen = ranked
      .filter((o) => !options.objects || options.objects.includes(o.object))
      .sort((a, b) => b.stats.mean - a.stats.mean || a.object.localeCompare(b.object))
      .slice(0, options.top ?? ranked.length);
    const width = widthFor(maxPoints);
    const objects = chosen.map(({ object, parts, stats }) => {
      const lanes = this.reader.read(parts.map(keyOf), window, { width, rawLimit: maxPoints });
      let times = lanes[0]!.times;
      let values = lanes[0]!.values;
      if (lanes.length > 1) {
        const merged = mergeByTime(lanes);
        const reduced = merged.times.length > maxPoints ? minMaxDownsample(merged.times, merged.values, width) : merged;
        times = reduced.times;
        values = reduced.values;
      }
      const sd = stats.sd;
      return {
        object, mean: stats.mean, max: stats.max, samples: stats.count, sd,
        cv_pct: stats.count > 1 && stats.mean !== 0 ? (sd / Math.abs(stats.mean)) * 100 : null,
        points: Array.from(times, (t, i) => [t, values[i]!] as [number, number]),
      };
    });
    return { objects, all };
  }
}

/** A series' whole-extent statistics as its summary keeps them. */
export function summaryStats(r: SeriesSummaryRow): Stats {
  const s = new Stats();
  if (r.samples > 0) s.merge(r.samples, r.mean ?? 0, r.m2 ?? 0, r.min ?? NaN, NaN, r.max ?? NaN, NaN);
  return s;
}

function mergeByTime(lanes: readonly Lane[]): { times: Float64Array; values: Float64Array } {
  const n = lanes.reduce((k, l) => k + l.times.length, 0);
  const order: Array<[number, number]> = [];
  for (const l of lanes) for (let i = 0; i < l.times.length; i++) order.push([l.times[i]!, l.values[i]!]);
  order.sort((a, b) => a[0] - b[0]);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  order.forEach(([t, v], i) => { times[i] = t; values[i] = v; });
  return { times, values };
}
