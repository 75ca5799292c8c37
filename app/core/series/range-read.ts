/**
 * Range reads: what a chart of one or more series (lanes) shows of a window at a width in
 * pixels, read from SQL for that window only.
 *
 * Per lane: when the window holds about as many samples as the chart has pixels (up to two a
 * pixel), its raw samples, exactly as stored. Otherwise the coarsest pyramid level with at least
 * one bucket a pixel: the buckets wholly inside the window, and raw samples in the window's two
 * edge buckets; then the min/max of each pixel column (min-max.ts), so every spike is drawn. A
 * first paint of ten million points reads a few thousand buckets; a zoom to 1% reads about as
 * many; only a window of a few thousand samples reads samples at all.
 *
 * Each lane also carries the window's exact statistics (count, mean, sd, min, max over every
 * sample in it): the buckets inside give theirs, the edges are counted from their samples.
 *
 * Lanes are independent (several series on one shared zoom: a run's read and write, the next
 * round's timeline), and results are typed arrays end to end.
 */
import { ColumnReducer } from './min-max.js';
import { COUNT, M2, MAX, MEAN, MIN, PYRAMID_FACTOR, Stats, T_FIRST, T_LAST, T_MAX, T_MIN } from './pyramid.js';
import type { SeriesKey, SeriesLevels, SeriesSummaryRow } from '../store/series-levels.js';

export type { SeriesKey };

export interface RangeWindow {
  /** Epoch ms (or the series' own clock), both ends included. */
  from: number;
  to: number;
}

export interface WindowStats {
  /** Finite samples in the window. */
  samples: number;
  mean: number;
  /** Sample standard deviation (n − 1), and the sum of squared deviations it comes from. */
  sd: number;
  m2: number;
  min: number;
  max: number;
}

export interface Lane {
  key: SeriesKey;
  unit: string;
  /** The series' first and last time, and its points (all of it, not the window). */
  extent: { from: number; to: number } | null;
  points: number;
  /** 0: the window's raw samples (or their min/max per pixel); L: read from pyramid level L. */
  level: number;
  /** True when `times`/`values` are every sample of the window, as stored. */
  raw: boolean;
  times: Float64Array;
  values: Float64Array;
  stats: WindowStats;
}

export interface RangeOptions {
  /** The chart's plot width in pixels: one min/max column each. */
  width: number;
  /** Raw samples are returned as they are up to this many (default: two a pixel). */
  rawLimit?: number;
  /** Every sample of the window, never downsampled (an export, the CLI). */
  allRaw?: boolean;
  /** Only the window's statistics (no points): ranking a study's objects. */
  statsOnly?: boolean;
}

const EMPTY = new Float64Array(0);

/** The coarsest level with at least `width` buckets in a window of about `points` samples; 0 when none. */
export function chooseLevel(points: number, width: number, levels: number): number {
  let level = 0;
  for (let l = 1; l <= levels; l++) if (points / PYRAMID_FACTOR ** l >= width) level = l;
  return level;
}

/** Samples collected as they are, until there are more than `limit` (then only reduced). */
class RawKeeper {
  times: number[] = [];
  values: number[] = [];
  overflow = false;
  constructor(readonly limit: number) {}

  add(times: Float64Array, values: Float64Array, a: number, b: number): void {
    if (this.overflow) return;
    if (this.times.length + (b - a) > this.limit) {
      this.overflow = true;
      this.times = [];
      this.values = [];
      return;
    }
    for (let i = a; i < b; i++) {
      this.times.push(times[i]!);
      this.values.push(values[i]!);
    }
  }
}

function statsOf(s: Stats): WindowStats {
  return { samples: s.count, mean: s.count ? s.mean : NaN, sd: s.sd, m2: s.count ? s.m2 : 0, min: s.count ? s.min : NaN, max: s.count ? s.max : NaN };
}

/** The first index with t[i] >= x (or > x when `open`) in ascending t[lo, hi). */
function bound(t: Float64Array, x: number, open: boolean, lo = 0, hi = t.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (open ? t[mid]! <= x : t[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RangeReader {
  constructor(private readonly store: SeriesLevels) {}

  /** One lane per key, in the order asked; `window` null: each series' whole extent. */
  read(keys: readonly SeriesKey[], window: RangeWindow | null, options: RangeOptions): Lane[] {
    return keys.map((k) => this.lane(k, window, options));
  }

  lane(key: SeriesKey, window: RangeWindow | null, options: RangeOptions): Lane {
    const width = Math.max(1, Math.floor(options.width));
    const rawLimit = options.allRaw ? Infinity : options.statsOnly ? 0 : options.rawLimit ?? 2 * width;
    const s = this.store.summary(key);
    const extent = s && s.t_first !== null && s.t_last !== null ? { from: s.t_first, to: s.t_last } : null;
    const empty: Lane = { key, unit: s?.unit ?? '', extent, points: s?.points ?? 0, level: 0, raw: true, times: EMPTY, values: EMPTY, stats: statsOf(new Stats()) };
    if (!s || !extent) return empty;
    const from = Math.max(window?.from ?? extent.from, extent.from);
    const to = Math.min(window?.to ?? extent.to, extent.to);
    if (!(from <= to)) return empty;
    const stats = new Stats();
    const reducer = options.statsOnly ? null : new ColumnReducer(from, to, width);
    const raw = new RawKeeper(rawLimit);
    const level = s.ordered && !options.allRaw ? chooseLevel(this.store.pointsIn(key, from, to), width, s.levels) : 0;
    const inner = level > 0 ? this.levelInto(key, level, from, to, reducer, stats) : null;
    if (!inner) {
      this.rawInto(key, s, from, to, false, false, reducer, stats, raw);
    } else {
      // The edges: samples before the first bucket wholly inside, and after the last.
      if (inner.first > from) this.rawInto(key, s, from, inner.first, false, true, reducer, stats, null);
      if (inner.last < to) this.rawInto(key, s, inner.last, to, true, false, reducer, stats, null);
    }
    const common = { key, unit: s.unit, extent, points: s.points, stats: statsOf(stats) };
    if (!reducer) return { ...common, level, raw: false, times: EMPTY, values: EMPTY };
    if (!inner && !raw.overflow) {
      let times: Float64Array = Float64Array.from(raw.times);
      let values: Float64Array = Float64Array.from(raw.values);
      if (!s.ordered) [times, values] = sortedByTime(times, values);
      return { ...common, level: 0, raw: true, times, values };
    }
    const r = reducer.result();
    return { ...common, level: inner ? level : 0, raw: false, times: r.times, values: r.values };
  }

  /**
   * The level's buckets wholly inside [from, to] into the reducer and the statistics; the span
   * they cover (its first and last sample's times), or null when no bucket lies wholly inside.
   */
  private levelInto(key: SeriesKey, level: number, from: number, to: number, reducer: ColumnReducer | null, stats: Stats): { first: number; last: number } | null {
    let first = Infinity;
    let last = -Infinity;
    for (const block of this.store.blocksIn(key, level, from, to)) {
      const n = block.n;
      const col = (f: number): Float64Array => block.buckets.subarray(f * n, (f + 1) * n);
      const tFirst = col(T_FIRST);
      const tLast = col(T_LAST);
      // Buckets of a level are disjoint and in time order: those inside are one run of them.
      const a = bound(tFirst, from, false);
      const b = bound(tLast, to, true);
      if (a >= b) continue;
      const count = col(COUNT);
      const mean = col(MEAN);
      const m2 = col(M2);
      const min = col(MIN);
      const tMin = col(T_MIN);
      const max = col(MAX);
      const tMax = col(T_MAX);
      for (let j = a; j < b; j++) {
        if (count[j]! > 0) {
          reducer?.point(tMin[j]!, min[j]!);
          reducer?.point(tMax[j]!, max[j]!);
          stats.merge(count[j]!, mean[j]!, m2[j]!, min[j]!, tMin[j]!, max[j]!, tMax[j]!);
        }
      }
      if (tFirst[a]! < first) first = tFirst[a]!;
      if (tLast[b - 1]! > last) last = tLast[b - 1]!;
    }
    return Number.isFinite(first) ? { first, last } : null;
  }

  /** Raw samples in the range (each end included unless open) into the reducer, the statistics and the keeper. */
  private rawInto(key: SeriesKey, s: SeriesSummaryRow, lo: number, hi: number, loOpen: boolean, hiOpen: boolean,
    reducer: ColumnReducer | null, stats: Stats, keep: RawKeeper | null): void {
    // An unordered series' chunks may hold times outside their first and last: all are read.
    const chunks = s.ordered ? this.store.chunksIn(key, lo, hi) : this.store.chunksIn(key, -Infinity, Infinity);
    for (const c of chunks) {
      const t = c.times;
      const v = c.values;
      let a = 0;
      let b = t.length;
      if (s.ordered) {
        a = bound(t, lo, loOpen);
        b = bound(t, hi, !hiOpen, a);
      }
      for (let i = a; i < b; i++) {
        const tm = t[i]!;
        if (!s.ordered && (tm < lo || tm > hi || (loOpen && tm === lo) || (hiOpen && tm === hi))) continue;
        reducer?.point(tm, v[i]!);
        stats.add(tm, v[i]!);
      }
      if (keep && keep.limit > 0) {
        if (s.ordered) keep.add(t, v, a, b);
        else {
          const inside: number[] = [];
          for (let i = 0; i < t.length; i++) if (t[i]! >= lo && t[i]! <= hi) inside.push(i);
          const ti = Float64Array.from(inside, (i) => t[i]!);
          const vi = Float64Array.from(inside, (i) => v[i]!);
          keep.add(ti, vi, 0, ti.length);
        }
      }
    }
  }
}

function sortedByTime(times: Float64Array, values: Float64Array): [Float64Array, Float64Array] {
  const order = Array.from(times, (_, i) => i).sort((a, b) => times[a]! - times[b]!);
  return [Float64Array.from(order, (i) => times[i]!), Float64Array.from(order, (i) => values[i]!)];
}
