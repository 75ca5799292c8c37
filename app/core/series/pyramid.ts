/**
 * A series' overview pyramid: min/max/mean buckets at a few levels, each FACTOR times coarser
 * than the one below (level 1: 16 points a bucket, level 2: 256, level 3: 4,096...). A chart of
 * ten million points reads a few thousand buckets instead of the points, and a zoom reads the
 * level whose buckets are about as many as the chart has pixels (range-read.ts).
 *
 * Every bucket keeps its minimum and maximum with the times they occurred: a spike of one
 * sample is the maximum of its bucket at every level, so it is drawn at every level, at its
 * own time. The mean and the sum of squared deviations (Welford's m2, combined by Chan's
 * formula) give a window's mean, standard deviation and CV without reading its points.
 *
 * A bucket never ends between two samples of the same time (an fio latency log writes several
 * rows per millisecond): buckets of one level are then disjoint in time, so a window's buckets
 * split cleanly into those wholly inside it and, at its two edges, raw points.
 *
 * Built as the points are written (a streamed 2 GB log is never whole in memory): each level
 * keeps one open bucket and one block of closed buckets; a full block goes to the store.
 */

/** How many buckets (or points, at level 1) one bucket of the next level holds. */
export const PYRAMID_FACTOR = 16;
/** Buckets per stored block (one row of series_levels). */
export const BLOCK_BUCKETS = 4096;
/** A level with fewer buckets is not kept: no chart is that narrow, the level below serves it. */
export const MIN_LEVEL_BUCKETS = 256;
/** Level 6 holds 16.7 M points a bucket: enough for a billion-point series' overview. */
export const MAX_LEVELS = 6;

/** The fields of a bucket, stored column by column in a block: field f of bucket j at f * n + j. */
export const FIELDS = ['t_first', 't_last', 'count', 'mean', 'm2', 'min', 't_min', 'max', 't_max'] as const;
export const T_FIRST = 0;
export const T_LAST = 1;
export const COUNT = 2;
export const MEAN = 3;
export const M2 = 4;
export const MIN = 5;
export const T_MIN = 6;
export const MAX = 7;
export const T_MAX = 8;
const NF = FIELDS.length;

/** Running statistics of finite values: count, mean, m2, min and max with their times. */
export class Stats {
  count = 0;
  mean = 0;
  m2 = 0;
  min = Infinity;
  tMin = NaN;
  max = -Infinity;
  tMax = NaN;

  add(t: number, v: number): void {
    if (!Number.isFinite(v)) return;
    const n = ++this.count;
    const d = v - this.mean;
    this.mean += d / n;
    this.m2 += d * (v - this.mean);
    if (v < this.min) { this.min = v; this.tMin = t; }
    if (v > this.max) { this.max = v; this.tMax = t; }
  }

  /** Chan et al.'s pairwise combination: exact for any split of the samples. */
  merge(count: number, mean: number, m2: number, min: number, tMin: number, max: number, tMax: number): void {
    if (!(count > 0)) return;
    const n = this.count + count;
    const d = mean - this.mean;
    this.mean += (d * count) / n;
    this.m2 += m2 + (d * d * this.count * count) / n;
    this.count = n;
    if (min < this.min) { this.min = min; this.tMin = tMin; }
    if (max > this.max) { this.max = max; this.tMax = tMax; }
  }

  mergeStats(o: Stats): void {
    this.merge(o.count, o.mean, o.m2, o.min, o.tMin, o.max, o.tMax);
  }

  /** Sample standard deviation (n − 1), 0 with fewer than two samples (as variation.ts). */
  get sd(): number {
    return this.count > 1 ? Math.sqrt(Math.max(0, this.m2) / (this.count - 1)) : 0;
  }
}

/** A block of closed buckets of one level, ready to store. */
export interface PyramidBlock {
  level: number;
  block: number;
  n: number;
  tFirst: number;
  tLast: number;
  /** NF columns of n float64 each. */
  buckets: Float64Array;
}

/** A series' whole extent and statistics, and how many levels it has. */
export interface PyramidSummary {
  points: number;
  tFirst: number;
  tLast: number;
  /** Times never went back: the levels (and the window reads that use them) are valid. */
  ordered: boolean;
  /** Levels kept: 1..levels (0: the series is small enough to read raw). */
  levels: number;
  stats: Stats;
}

/** One level's open bucket and its block of closed ones. */
class Level {
  readonly open = new Stats();
  tFirst = NaN;
  tLast = NaN;
  /** Points (level 1) or child buckets in the open bucket. */
  members = 0;
  /** Closed buckets of this level so far. */
  total = 0;
  blocks = 0;
  // Allocated at the first closed bucket: most levels of a short series never close one.
  private block = new Float64Array(0);
  private cap = 0;
  private n = 0;

  constructor(readonly level: number) {}

  /** Closes the open bucket into the block; returns a full block to store, or null. */
  close(): PyramidBlock | null {
    if (this.members === 0) return null;
    if (this.n === this.cap) this.grow();
    const cap = this.cap;
    const b = this.block;
    const j = this.n++;
    const o = this.open;
    b[T_FIRST * cap + j] = this.tFirst;
    b[T_LAST * cap + j] = this.tLast;
    b[COUNT * cap + j] = o.count;
    b[MEAN * cap + j] = o.count ? o.mean : NaN;
    b[M2 * cap + j] = o.count ? o.m2 : NaN;
    b[MIN * cap + j] = o.count ? o.min : NaN;
    b[T_MIN * cap + j] = o.tMin;
    b[MAX * cap + j] = o.count ? o.max : NaN;
    b[T_MAX * cap + j] = o.tMax;
    this.total++;
    this.members = 0;
    o.count = 0;
    o.mean = 0;
    o.m2 = 0;
    o.min = Infinity;
    o.max = -Infinity;
    o.tMin = NaN;
    o.tMax = NaN;
    return this.n === BLOCK_BUCKETS ? this.flush() : null;
  }

  /** The closed buckets not yet stored, as a block (null when there are none). */
  flush(): PyramidBlock | null {
    if (this.n === 0) return null;
    const n = this.n;
    const cap = this.cap;
    const out = new Float64Array(NF * n);
    for (let f = 0; f < NF; f++) out.set(this.block.subarray(f * cap, f * cap + n), f * n);
    this.n = 0;
    return { level: this.level, block: this.blocks++, n, tFirst: out[T_FIRST * n]!, tLast: out[T_LAST * n + n - 1]!, buckets: out };
  }

  private grow(): void {
    const cap = Math.min(BLOCK_BUCKETS, Math.max(64, this.cap * 4));
    const next = new Float64Array(NF * cap);
    for (let f = 0; f < NF; f++) next.set(this.block.subarray(f * this.cap, f * this.cap + this.n), f * cap);
    this.block = next;
    this.cap = cap;
  }
}

/**
 * Builds a series' pyramid from its points in order. `push` takes points as they are written;
 * full blocks go to `sink` at once; `finish` closes the open buckets, stores the last blocks of
 * the levels worth keeping, and returns the summary.
 */
export class PyramidBuilder {
  private readonly levels: Level[] = [];
  private readonly whole = new Stats();
  private points = 0;
  private tFirst = NaN;
  private lastT = -Infinity;
  private ordered = true;

  constructor(private readonly sink: (block: PyramidBlock) => void) {
    for (let l = 1; l <= MAX_LEVELS; l++) this.levels.push(new Level(l));
  }

  push(times: ArrayLike<number>, values: ArrayLike<number>): void {
    const level1 = this.levels[0]!;
    const open = level1.open;
    for (let i = 0; i < times.length; i++) {
      const t = times[i]!;
      const v = values[i]!;
      if (t < this.lastT) this.ordered = false;
      // A full bucket closes at the next new time: samples of one instant stay in one bucket.
      if (level1.members >= PYRAMID_FACTOR && t !== this.lastT) this.closeUp(0);
      if (level1.members === 0) level1.tFirst = t;
      level1.tLast = t;
      level1.members++;
      // Stats.add, inlined: this loop runs once per point of every series written.
      if (Number.isFinite(v)) {
        const n = ++open.count;
        const d = v - open.mean;
        open.mean += d / n;
        open.m2 += d * (v - open.mean);
        if (v < open.min) { open.min = v; open.tMin = t; }
        if (v > open.max) { open.max = v; open.tMax = t; }
      }
      if (this.points === 0) this.tFirst = t;
      this.points++;
      this.lastT = t;
    }
  }

  /** Closes level i's open bucket, adds it to level i + 1's, and closes that one when it is full. */
  private closeUp(i: number): void {
    const level = this.levels[i]!;
    const o = level.open;
    const up = this.levels[i + 1];
    if (i === 0) this.whole.merge(o.count, o.mean, o.m2, o.min, o.tMin, o.max, o.tMax);
    if (up) {
      if (up.members === 0) up.tFirst = level.tFirst;
      up.tLast = level.tLast;
      up.members++;
      up.open.merge(o.count, o.mean, o.m2, o.min, o.tMin, o.max, o.tMax);
    }
    const full = level.close();
    if (full) this.sink(full);
    if (up && up.members === PYRAMID_FACTOR) this.closeUp(i + 1);
  }

  finish(): PyramidSummary {
    // The open buckets close as they are, from the finest up (each feeds the next).
    for (let i = 0; i < this.levels.length; i++) if (this.levels[i]!.members > 0) this.closeUp(i);
    let kept = 0;
    if (this.ordered) {
      for (const level of this.levels) {
        if (level.total < MIN_LEVEL_BUCKETS) break;
        kept = level.level;
        const last = level.flush();
        if (last) this.sink(last);
      }
    }
    return { points: this.points, tFirst: this.points ? this.tFirst : NaN, tLast: this.points ? this.lastT : NaN, ordered: this.ordered, levels: kept, stats: this.whole };
  }
}

/** A block's columns as views of its blob (decoded float64). */
export function blockColumns(buckets: Float64Array, n: number): Float64Array[] {
  return FIELDS.map((_, f) => buckets.subarray(f * n, (f + 1) * n));
}
