/**
 * Two series that should move together (a process's CPU and the host's user CPU; a disk's read
 * MB/s and vmstat's bi): their Pearson correlation on a common grid, and the shift of the second
 * that maximises it. The grid's step is the coarser series' interval (a grid point is the mean
 * of the samples in the interval ending at it, as align.ts resamples); empty points are gaps,
 * left out, never zeros.
 *
 * The shift is searched over every lag at which the two overlap by at least a quarter of the
 * shorter one, first on a coarse grid (at most COARSE_POINTS points over both spans), then ever
 * finer around the best lag down to the coarser series' step, then within a step either way in
 * the finer series' interval. r is computed per lag over the points both series have there, with
 * their means and deviations over those points only.
 */
import { medianIntervalMs } from '../series/align.js';

export interface Samples {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

const COARSE_POINTS = 4000;
const FINE_POINTS = 20000;
/** Correlations closer than this to the best are as good: the smaller shift is taken. */
const TIE_R = 0.002;
/** Fewer points in common than this, and no correlation is stated. */
export const MIN_POINTS = 8;

/** Means of the samples in (origin + (k − 1)·step, origin + k·step], k = 0 .. n − 1; NaN where none. */
export function toGrid(s: Samples, origin: number, step: number, n: number): Float64Array {
  const sum = new Float64Array(n);
  const count = new Float64Array(n);
  for (let i = 0; i < s.times.length; i++) {
    const v = s.values[i]!;
    if (!Number.isFinite(v)) continue;
    const k = Math.ceil((s.times[i]! - origin) / step - 1e-9);
    if (k < 0 || k >= n) continue;
    sum[k]! += v;
    count[k]!++;
  }
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = count[k]! > 0 ? sum[k]! / count[k]! : NaN;
  return out;
}

/** Pearson's r of a[j + m] against b[j] over the j where both are numbers; null without enough points or variance. */
export function pearsonAt(a: Float64Array, b: Float64Array, m: number): { r: number | null; n: number } {
  const lo = Math.max(0, -m);
  const hi = Math.min(b.length, a.length - m);
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let j = lo; j < hi; j++) {
    const x = a[j + m]!;
    const y = b[j]!;
    if (x !== x || y !== y) continue; // NaN: a gap
    n++;
    sa += x;
    sb += y;
  }
  if (n < MIN_POINTS) return { r: null, n };
  const ma = sa / n;
  const mb = sb / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let j = lo; j < hi; j++) {
    const x = a[j + m]!;
    const y = b[j]!;
    if (x !== x || y !== y) continue;
    const dx = x - ma;
    const dy = y - mb;
    sab += dx * dy;
    saa += dx * dx;
    sbb += dy * dy;
  }
  // A series that does not vary (a single report's step) has nothing to correlate; rounding
  // leaves it a variance of 1e-25, not 0.
  if (!(saa > 1e-12 * n * (ma * ma + 1)) || !(sbb > 1e-12 * n * (mb * mb + 1))) return { r: null, n };
  return { r: sab / Math.sqrt(saa * sbb), n };
}

const span = (s: Samples): { from: number; to: number } => ({ from: s.times[0]!, to: s.times[s.times.length - 1]! });

/** r of a and b (b shifted by `shiftMs`) on a grid of `step` ms over their overlap (at most `maxPoints` points of it). */
export function correlationAt(a: Samples, b: Samples, shiftMs: number, step: number, maxPoints = 200_000): { r: number | null; n: number } {
  const A = span(a);
  const B = span(b);
  const from = Math.max(A.from, B.from + shiftMs);
  const to = Math.min(A.to, B.to + shiftMs);
  if (!(to >= from)) return { r: null, n: 0 };
  const st = Math.max(step, (to - from) / maxPoints);
  const n = Math.floor((to - from) / st) + 2;
  const origin = from;
  const ga = toGrid(a, origin, st, n);
  const gb = toGrid({ times: Array.from(b.times, (t) => t + shiftMs), values: b.values }, origin, st, n);
  return pearsonAt(ga, gb, 0);
}

export interface LagSearch {
  stepMs: number;
  /** r and its points with b as it is (shift 0). */
  atZero: { r: number | null; n: number };
  /** The shift (ms added to b's times) that maximises r, null when no lag had enough points in common. */
  bestShiftMs: number | null;
  best: { r: number | null; n: number };
  searched: { fromMs: number; toMs: number };
}

/**
 * The shift of b that maximises its correlation with a. `maxShiftMs` bounds the search around 0
 * (default: every lag at which they overlap enough).
 */
export function bestShift(a: Samples, b: Samples, options: { maxShiftMs?: number } = {}): LagSearch {
  const step = Math.max(medianIntervalMs(a.times) ?? 0, medianIntervalMs(b.times) ?? 0) || 1000;
  const atZero = a.times.length && b.times.length ? correlationAt(a, b, 0, step) : { r: null, n: 0 };
  const empty: LagSearch = { stepMs: step, atZero, bestShiftMs: null, best: { r: null, n: 0 }, searched: { fromMs: 0, toMs: 0 } };
  if (a.times.length < MIN_POINTS || b.times.length < MIN_POINTS) return empty;
  const A = span(a);
  const B = span(b);
  const shorter = Math.min(A.to - A.from, B.to - B.from);
  // Shifts at which b overlaps a by at least a quarter of the shorter span.
  const need = shorter / 4;
  let lo = A.from - B.to + need;
  let hi = A.to - B.from - need;
  if (options.maxShiftMs !== undefined) {
    lo = Math.max(lo, -options.maxShiftMs);
    hi = Math.min(hi, options.maxShiftMs);
  }
  if (!(hi >= lo)) return { ...empty, searched: { fromMs: lo, toMs: hi } };

  // Coarse: one grid over a's span for a, b's own grid from its first sample; shift m bins.
  let cs = Math.max(step, (A.to - A.from + B.to - B.from) / COARSE_POINTS);
  let best = scan(a, b, cs, lo, hi, A, B);
  // Finer, around the best, down to the series' own step.
  while (best.shift !== null && cs > step * 1.0001) {
    const fs = Math.max(step, cs / 10);
    const around = { lo: Math.max(lo, best.shift - 2 * cs), hi: Math.min(hi, best.shift + 2 * cs) };
    const finer = scan(a, b, fs, around.lo, around.hi, A, B, FINE_POINTS);
    if (finer.shift === null) break;
    best = finer;
    cs = fs;
  }
  if (best.shift === null) return { ...empty, searched: { fromMs: lo, toMs: hi } };
  // The grids' phase (where each series' first sample falls) limits the scan to whole steps:
  // within a step either way, the finer series' interval decides, and no shift at all is a
  // candidate too: when its r is within TIE_R of the best it is kept, so two captures of one
  // clock a fraction of a step apart are not moved for a difference in the fourth decimal.
  const finer = Math.max(Math.min(medianIntervalMs(a.times) ?? step, medianIntervalMs(b.times) ?? step), step / 20);
  const candidates: Array<{ s: number; r: number }> = [];
  const tryShift = (s: number): void => {
    if (s < lo || s > hi) return;
    const c = correlationAt(a, b, s, step, FINE_POINTS).r;
    if (c !== null) candidates.push({ s, r: c });
  };
  for (let d = -step; d <= step + 1e-9; d += finer) tryShift(best.shift + d);
  if (Math.abs(best.shift) <= 2 * step) tryShift(0);
  if (candidates.length === 0) return { ...empty, searched: { fromMs: lo, toMs: hi } };
  const winner = candidates.reduce((x, y) => (y.r > x.r + 1e-12 ? y : x));
  const zero = candidates.find((c) => c.s === 0);
  const shift = zero && zero.r >= winner.r - TIE_R ? 0 : winner.s;
  return { stepMs: step, atZero, bestShiftMs: shift, best: correlationAt(a, b, shift, step), searched: { fromMs: lo, toMs: hi } };
}

/**
 * Every shift in [lo, hi] on a grid of `st` ms: the best r. With a `cap`, b is cut to the part
 * that meets a at the middle shift (at most `cap` points of it) and a to what that part can meet:
 * the fine levels search a few lags, never the whole series again.
 */
function scan(a: Samples, b: Samples, st: number, lo: number, hi: number, A: { from: number; to: number }, B: { from: number; to: number }, cap = Infinity): { shift: number | null; r: number } {
  let [bFrom, bTo, aFrom, aTo] = [B.from, B.to, A.from, A.to];
  if (Number.isFinite(cap)) {
    const c = (lo + hi) / 2;
    bFrom = Math.max(B.from, A.from - c);
    bTo = Math.min(B.to, A.to - c);
    if ((bTo - bFrom) / st > cap) {
      const mid = (bFrom + bTo) / 2;
      bFrom = mid - (cap * st) / 2;
      bTo = mid + (cap * st) / 2;
    }
    aFrom = Math.max(A.from, bFrom + lo - st);
    aTo = Math.min(A.to, bTo + hi + st);
    if (!(aTo > aFrom) || !(bTo > bFrom)) return { shift: null, r: NaN };
  }
  // b's bin j sits at bFrom + j·st; shifted by s = (aFrom − bFrom) + m·st it falls on a's bin j + m.
  const ga = toGrid(a, aFrom, st, Math.floor((aTo - aFrom) / st) + 2);
  const gb = toGrid(b, bFrom, st, Math.floor((bTo - bFrom) / st) + 2);
  const base = aFrom - bFrom;
  const mLo = Math.ceil((lo - base) / st);
  const mHi = Math.floor((hi - base) / st);
  let bestR = -Infinity;
  let bestM: number | null = null;
  for (let m = mLo; m <= mHi; m++) {
    const { r } = pearsonAt(ga, gb, m);
    if (r !== null && r > bestR) {
      bestR = r;
      bestM = m;
    }
  }
  return bestM === null ? { shift: null, r: NaN } : { shift: base + bestM * st, r: bestR };
}
