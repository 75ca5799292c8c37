/**
 * Change points in a metric's history by E-divisive means, as Apache Otava 0.8.0 computes them
 * (otava/analysis.py `compute_change_points`, the algorithm of Fleming et al., "Hunter: Using
 * Change Point Detection to Hunt for Performance Regressions", ICPE 2023):
 *
 * 1. Split: a window of `windowLen` points slides along the series by half a window; inside each,
 *    E-divisive (Matteson and James) repeatedly takes the split that maximises the energy
 *    statistic Q̂ over every (τ, κ) and keeps it while a two-sided Student t-test between the
 *    points on either side gives p ≤ a relaxed first-pass threshold (10 × max p below 0.05). The
 *    union of what the windows find are the "weak" change points.
 * 2. Merge: the weakest point (the largest p; once every p is below `maxPValue`, the smallest
 *    magnitude when it does not exceed `minMagnitude`) is removed and its neighbours' statistics
 *    computed again over the new segments, until every point is significant and large enough.
 *
 * A change point's statistics are those of the segments on either side of it (bounded by its
 * neighbouring change points): means, standard deviations (population, ddof 0), the t-test p
 * and the magnitude max(|m2/m1 - 1|, |m1/m2 - 1|). Defaults are Otava's: window 50, p 0.001,
 * magnitude 0. The arithmetic follows Otava's numpy code step by step (the same cumulative sums
 * in the same order, ties going to the first maximum), so the indices agree exactly and the
 * p-values to rounding: known-answers/ holds Otava's own answers and the tests compare.
 *
 * One rule is PerfDelta's own (`minLevelRuns`, default 3): a level must last that many runs.
 * Otava marks a single-run dip in a long history as two change points (into the dip and out of
 * it, both with tiny p), which is an outlier, not a change of level. A shorter level between two
 * change points is an excursion when the levels on either side agree (both points go and the
 * excursion is listed), and a transition when they differ (one change point stays, on the side
 * of the level the excursion's runs are closer to); a short first or last level is an excursion
 * (the latest run alone does not make a level yet). What is left is merged again as Otava
 * merges. `minLevelRuns: 1` gives Otava's answer unchanged.
 */
import { tTestFromStats } from './student-t.js';

export interface ChangePointOptions {
  /** Points analysed at once (Otava's --window; default 50). */
  windowLen?: number;
  /** Largest accepted p-value (Otava's -P; default 0.001). */
  maxPValue?: number;
  /** Smallest accepted relative change, abs(new mean / old mean - 1) (Otava's -M; default 0). */
  minMagnitude?: number;
  /** Runs a level must last to count (PerfDelta's rule; 1: Otava's answer as it is). Default 3. */
  minLevelRuns?: number;
}

export const OTAVA_DEFAULTS = { windowLen: 50, maxPValue: 0.001, minMagnitude: 0 } as const;
/**
 * Three, not two: Otava sometimes ends a one-run dip's "level" a run late (the split that
 * maximises Q̂ in its window), so a single bad night can bound a level of two runs; a change
 * undone within two runs is listed as an excursion either way.
 */
export const DEFAULT_MIN_LEVEL_RUNS = 3;

/** Runs that left their level for fewer than `minLevelRuns` runs and came back (or are the first or latest). */
export interface Excursion {
  /** The first run of the excursion and how many runs it holds. */
  index: number;
  count: number;
  where: 'start' | 'inside' | 'end';
  mean: number;
  /** The mean of the level around it (its runs left out). */
  levelMean: number;
  /** mean / levelMean - 1. */
  change: number;
  /** The t-test of the excursion's runs against the level's (as a change point's p). */
  pValue: number;
}

export interface SegmentStats {
  meanBefore: number;
  meanAfter: number;
  sdBefore: number;
  sdAfter: number;
  pValue: number;
}

export interface ChangePoint extends SegmentStats {
  /** The first point of the new level (Otava's index: series[index] is after the change). */
  index: number;
  qhat: number;
  /** meanAfter / meanBefore - 1 (0 when meanBefore is 0, as Otava). */
  forwardChange: number;
  /** max(|forward|, |backward|) (Otava's change_magnitude). */
  magnitude: number;
}

/** A half-open run of indices [start, stop) between change points. */
interface Interval {
  start: number;
  stop: number;
}

function forward(s: SegmentStats): number {
  return s.meanBefore === 0 ? 0 : s.meanAfter / s.meanBefore - 1;
}

function magnitudeOf(s: SegmentStats): number {
  const backward = s.meanAfter === 0 ? 0 : s.meanBefore / s.meanAfter - 1;
  return Math.max(Math.abs(forward(s)), Math.abs(backward));
}

/** numpy's mean and population standard deviation (ddof 0). */
function meanSd(values: readonly number[], from: number, to: number): { mean: number; sd: number } {
  const n = to - from;
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i]!;
  const mean = sum / n;
  let ss = 0;
  for (let i = from; i < to; i++) ss += (values[i]! - mean) ** 2;
  return { mean, sd: Math.sqrt(ss / n) };
}

/** Otava's TTestSignificanceTester.compare: the two segments' statistics and their t-test p. */
export function compareSegments(values: readonly number[], left: Interval, right: Interval): SegmentStats {
  const n1 = left.stop - left.start;
  const n2 = right.stop - right.start;
  const a = meanSd(values, left.start, left.stop);
  const b = meanSd(values, right.start, right.stop);
  const sd1 = n1 >= 2 ? a.sd : 0;
  const sd2 = n2 >= 2 ? b.sd : 0;
  const p = n1 + n2 > 2 ? tTestFromStats(a.mean, sd1, n1, b.mean, sd2, n2).p : 1;
  return { meanBefore: a.mean, meanAfter: b.mean, sdBefore: sd1, sdAfter: sd2, pValue: p };
}

/** The segments between sorted change points over a series of `n` points. */
function intervalsOf(indices: readonly number[], n: number): Interval[] {
  const out: Interval[] = [];
  for (let i = 0; i <= indices.length; i++) {
    const start = i === 0 ? 0 : indices[i - 1]!;
    const stop = i === indices.length ? n : indices[i]!;
    if (start !== stop) out.push({ start, stop });
  }
  return out;
}

/**
 * The statistics of a change point at `index`: between the segment ending at it and the next
 * (an existing point), or the two halves of the segment it splits (a new candidate).
 */
function statsAt(values: readonly number[], index: number, intervals: readonly Interval[]): SegmentStats {
  for (let i = 0; i < intervals.length; i++) {
    const iv = intervals[i]!;
    if (iv.stop === index) return compareSegments(values, iv, intervals[i + 1]!);
    if (iv.start < index && index < iv.stop) return compareSegments(values, { start: iv.start, stop: index }, { start: index, stop: iv.stop });
  }
  throw new Error(`change point ${index} lies in no segment`);
}

/**
 * Otava's PairDistanceCalculator over one series (a window): the energy statistic Q̂(τ, κ) of
 * every split of an interval, from the pairwise distances' cumulative sums.
 */
class PairDistances {
  private readonly n: number;
  /** |x_i - x_j|, row-major n × n. */
  private readonly d: Float64Array;
  /** V[c] = Σ_{r ≤ c} d[r][c + 1] (numpy: triu(D, 1)[:-1, 1:].sum(axis=0)). */
  private readonly v: Float64Array;
  /** H[r][c] = Σ_{c' ≤ c} triu[r][c'] ((n - 1) × (n - 1), row-major). */
  private readonly h: Float64Array;

  constructor(private readonly x: Float64Array) {
    const n = (this.n = x.length);
    const d = (this.d = new Float64Array(n * n));
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) d[i * n + j] = Math.abs(x[i]! - x[j]!);
    const m = n - 1;
    this.v = new Float64Array(Math.max(m, 0));
    this.h = new Float64Array(Math.max(m * m, 0));
    // triu[r][c] = d[r][c + 1] where c + 1 > r, else 0; summed in numpy's order.
    for (let r = 0; r < m; r++) {
      let acc = 0;
      for (let c = 0; c < m; c++) {
        const t = c >= r ? d[r * n + c + 1]! : 0;
        acc += t;
        this.h[r * m + c] = acc;
        this.v[c] = this.v[c]! + t;
      }
    }
  }

  /** The best split of x[start, end): Otava's get_candidate_change_point (first maximum, row-major). */
  candidate(start: number, end: number): { index: number; qhat: number } {
    const { n, d, v, h } = this;
    const m = n - 1;
    const L = end - start - 1;
    // V_s[k] = V[start + k] - Σ_{r < start} d[r][start + k + 1]
    const vs = new Float64Array(L);
    for (let k = 0; k < L; k++) {
      let col = 0;
      for (let r = 0; r < start; r++) col += d[r * n + start + k + 1]!;
      vs[k] = v[start + k]! - col;
    }
    const cv = new Float64Array(L);
    let acc = 0;
    for (let k = 0; k < L; k++) cv[k] = acc += vs[k]!;
    const hs = (a: number, b: number): number => h[(start + a) * m + start + b]!;
    // CH[a][b]: cumulative sums of H_s down the rows; S[a][b]: of H_s[1:, 1:] up from the last row.
    const ch = new Float64Array(L * L);
    for (let b = 0; b < L; b++) {
      let s = 0;
      for (let a = 0; a < L; a++) ch[a * L + b] = s += hs(a, b);
    }
    const up = new Float64Array(L * L);
    for (let b = 1; b < L; b++) {
      let s = 0;
      for (let a = L - 1; a >= 1; a--) up[(a - 1) * L + b] = s += hs(a, b);
    }
    let best = -Infinity;
    let bi = 0;
    let bj = 0;
    for (let a = 0; a < L; a++) {
      for (let b = 0; b < L; b++) {
        let q = 0;
        if (b >= a) {
          const A = (2 / (b + 2)) * (ch[a * L + b]! - (a >= 1 ? cv[a - 1]! : 0));
          const B = a >= 1 && b >= 1 ? ((2 * (b - a + 1)) / ((b + 2) * a)) * cv[a - 1]! : 0;
          const C = b > a && a < L - 1 ? ((2 * (a + 1)) / ((b + 2) * (b - a))) * up[a * L + b]! : 0;
          q = A - B - C;
        }
        if (q > best) {
          best = q;
          bi = a;
          bj = b;
        }
      }
    }
    void bj;
    return { index: bi + 1 + start, qhat: best };
  }

  /** The best candidate over the intervals of more than one point (the largest Q̂, first on a tie). */
  next(intervals: readonly Interval[]): { index: number; qhat: number } | null {
    let out: { index: number; qhat: number } | null = null;
    for (const iv of intervals) {
      if (iv.stop - iv.start <= 1) continue;
      const c = this.candidate(iv.start, iv.stop);
      if (!out || c.qhat > out.qhat) out = c;
    }
    return out;
  }
}

/** E-divisive over one series (a window) with the t-test as its stopping rule (Otava's ChangePointDetector). */
export function eDivisive(window: Float64Array, maxPValue: number): Array<{ index: number; qhat: number; stats: SegmentStats }> {
  const calc = new PairDistances(window);
  const found: Array<{ index: number; qhat: number; stats: SegmentStats }> = [];
  const values = Array.from(window);
  for (;;) {
    const intervals = intervalsOf(found.map((c) => c.index), window.length);
    const candidate = calc.next(intervals);
    if (!candidate) break;
    const stats = statsAt(values, candidate.index, intervals);
    if (!(stats.pValue <= maxPValue)) break;
    found.push({ ...candidate, stats });
    found.sort((p, q) => p.index - q.index);
  }
  return found;
}

function withStats(index: number, qhat: number, stats: SegmentStats): ChangePoint {
  return { index, qhat, ...stats, forwardChange: forward(stats), magnitude: magnitudeOf(stats) };
}

/** Otava's split step: the weak change points, with statistics over the whole series. */
export function weakChangePoints(values: readonly number[], windowLen: number, maxPValue: number): ChangePoint[] {
  if (!(windowLen >= 2)) throw new Error('the window must hold at least 2 points');
  const step = Math.floor(windowLen / 2);
  const found: Array<{ index: number; qhat: number }> = [];
  for (let start = 0; start < values.length;) {
    const end = Math.min(start + windowLen, values.length);
    const inWindow = eDivisive(Float64Array.from(values.slice(start, end)), maxPValue).map((c) => ({ index: c.index + start, qhat: c.qhat }));
    const last = inWindow.length ? inWindow[inWindow.length - 1]!.index : 0;
    start = Math.max(last, start + step);
    for (const c of inWindow) if (!found.some((f) => f.index === c.index)) found.push(c);
  }
  found.sort((a, b) => a.index - b.index);
  const intervals = intervalsOf(found.map((c) => c.index), values.length);
  return found.map((c) => withStats(c.index, c.qhat, statsAt(values, c.index, intervals)));
}

/** Otava's merge step: drops the weakest change point until every one is significant and large enough. */
function merge(points: ChangePoint[], values: readonly number[], maxPValue: number, minMagnitude: number): ChangePoint[] {
  const cps = [...points];
  while (cps.length) {
    // Python's max() keeps the first of equal keys and never replaces with (or after) a NaN.
    let weakest = 0;
    for (let i = 1; i < cps.length; i++) if (cps[i]!.pValue > cps[weakest]!.pValue) weakest = i;
    if (cps[weakest]!.pValue < maxPValue) {
      let smallest = 0;
      for (let i = 1; i < cps.length; i++) if (cps[i]!.magnitude < cps[smallest]!.magnitude) smallest = i;
      if (cps[smallest]!.magnitude > minMagnitude) return cps;
      weakest = smallest;
    }
    cps.splice(weakest, 1);
    const intervals = intervalsOf(cps.map((c) => c.index), values.length);
    // As Otava: the points at the removed one's place and the one after it are computed again
    // (the one before keeps its statistics until it is itself reconsidered).
    for (const i of [weakest, weakest + 1]) {
      if (i < 0 || i >= cps.length) continue;
      cps[i] = withStats(cps[i]!.index, cps[i]!.qhat, statsAt(values, cps[i]!.index, intervals));
    }
  }
  return cps;
}

export interface ChangePointResult {
  changePoints: ChangePoint[];
  /** The split step's candidates (Otava's weak change points). */
  weak: ChangePoint[];
  /** Levels shorter than `minLevelRuns` (none with minLevelRuns 1). */
  excursions: Excursion[];
  options: Required<ChangePointOptions>;
}

const slice = (values: readonly number[], iv: Interval): number[] => values.slice(iv.start, iv.stop);

/** Statistics of every change point over the segments its neighbours bound (as Otava's split step ends). */
function restate(values: readonly number[], cps: readonly ChangePoint[]): ChangePoint[] {
  const intervals = intervalsOf(cps.map((c) => c.index), values.length);
  return cps.map((c) => withStats(c.index, c.qhat, statsAt(values, c.index, intervals)));
}

/**
 * PerfDelta's rule on Otava's answer: levels shorter than `minRuns` are excursions or
 * transitions (see the module comment). Returns the change points left and the excursions.
 */
function shortLevels(values: readonly number[], cps: readonly ChangePoint[], minRuns: number, maxPValue: number, minMagnitude: number): { kept: ChangePoint[]; excursions: Excursion[] } {
  const n = values.length;
  const bounds = [0, ...cps.map((c) => c.index), n];
  const drop = new Set<number>();
  const add: ChangePoint[] = [];
  const excursions: Excursion[] = [];
  const excursion = (iv: Interval, level: number[], where: Excursion['where']): void => {
    const runs = slice(values, iv);
    const stats = compareSegments([...level, ...runs], { start: 0, stop: level.length }, { start: level.length, stop: level.length + runs.length });
    excursions.push({ index: iv.start, count: runs.length, where, mean: stats.meanAfter, levelMean: stats.meanBefore, change: forward(stats), pValue: stats.pValue });
  };
  for (let k = 0; k + 1 < bounds.length; k++) {
    const iv = { start: bounds[k]!, stop: bounds[k + 1]! };
    if (iv.stop - iv.start >= minRuns || iv.stop === iv.start) continue;
    const before = k > 0 ? { start: bounds[k - 1]!, stop: iv.start } : null;
    const after = k + 2 < bounds.length ? { start: iv.stop, stop: bounds[k + 2]! } : null;
    if (!before && !after) continue;
    if (!before) {
      drop.add(iv.stop);
      excursion(iv, slice(values, after!), 'start');
      continue;
    }
    if (!after) {
      drop.add(iv.start);
      excursion(iv, slice(values, before), 'end');
      continue;
    }
    drop.add(iv.start);
    drop.add(iv.stop);
    const nb = before.stop - before.start;
    const levels = compareSegments([...slice(values, before), ...slice(values, after)], { start: 0, stop: nb }, { start: nb, stop: nb + after.stop - after.start });
    if (levels.pValue < maxPValue && magnitudeOf(levels) > minMagnitude) {
      // A step with runs in between: one change point, where the in-between runs join the level they are closer to.
      const m = slice(values, iv).reduce((a, b) => a + b, 0) / (iv.stop - iv.start);
      const at = Math.abs(m - levels.meanBefore) <= Math.abs(m - levels.meanAfter) ? iv.stop : iv.start;
      add.push({ ...cps.find((c) => c.index === iv.start)!, index: at });
    } else {
      excursion(iv, [...slice(values, before), ...slice(values, after)], 'inside');
    }
  }
  if (drop.size === 0) return { kept: [...cps], excursions };
  const kept = [...cps.filter((c) => !drop.has(c.index)), ...add.filter((a) => !cps.some((c) => c.index === a.index && !drop.has(c.index)))].sort((a, b) => a.index - b.index);
  return { kept: merge(restate(values, kept), values, maxPValue, minMagnitude), excursions };
}

/** Change points of a series by Otava's method and defaults. */
export function changePoints(values: readonly number[], options: ChangePointOptions = {}): ChangePointResult {
  const windowLen = options.windowLen ?? OTAVA_DEFAULTS.windowLen;
  const maxPValue = options.maxPValue ?? OTAVA_DEFAULTS.maxPValue;
  const minMagnitude = options.minMagnitude ?? OTAVA_DEFAULTS.minMagnitude;
  const minLevelRuns = options.minLevelRuns ?? DEFAULT_MIN_LEVEL_RUNS;
  if (!Number.isInteger(minLevelRuns) || minLevelRuns < 1) throw new Error(`a level lasts a whole number of runs, at least 1 (not ${minLevelRuns})`);
  if (!Number.isInteger(windowLen) || windowLen < 2) throw new Error(`the window is a whole number of points, at least 2 (not ${windowLen})`);
  if (!(maxPValue > 0 && maxPValue <= 1)) throw new Error(`the largest p-value is above 0 and at most 1 (not ${maxPValue})`);
  if (!(minMagnitude >= 0)) throw new Error(`the smallest magnitude is 0 or more (not ${minMagnitude})`);
  for (const v of values) if (!Number.isFinite(v)) throw new Error('a trend needs finite values');
  // The first pass is relaxed (Otava: 10 × p below 0.05, 2 × below 0.5), the merge is strict.
  const firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
  const weak = weakChangePoints(values, windowLen, firstPass);
  const otava = merge(weak, values, maxPValue, minMagnitude);
  const { kept, excursions } = minLevelRuns > 1 ? shortLevels(values, otava, minLevelRuns, maxPValue, minMagnitude) : { kept: otava, excursions: [] };
  return { changePoints: kept, weak, excursions, options: { windowLen, maxPValue, minMagnitude, minLevelRuns } };
}
