/**
 * fio's latency histogram: bin index -> latency, and percentiles from bin counts. The same
 * log-linear buckets back json+ "bins" and histogram logs (stat.h FIO_IO_U_PLAT_BITS = 6:
 * 64 buckets per power of two, so each value is within ~1/128 of the truth).
 */

import type { LatencyBins } from '../types.js';

const PLAT_BITS = 6;
const PLAT_VAL = 1 << PLAT_BITS;

/**
 * The latency of each bucket of a json+ "bins" object, and its count. fio 3 keys bins by the
 * bucket's latency (ns); fio 2.x json+ (2.2.12 to 2.99) by bucket index, 0 to FIO_IO_U_PLAT_NR - 1,
 * with the bucket constants beside them (fio's tools/fio_latency2csv.py reads them so).
 */
export function binEntries(raw: Record<string, unknown>): { values: number[]; counts: number[] } {
  const bits = raw['FIO_IO_U_PLAT_BITS'];
  const values: number[] = [];
  const counts: number[] = [];
  for (const [key, count] of Object.entries(raw)) {
    if (!/^\d+$/.test(key)) continue; // fio 2's constants
    values.push(typeof bits === 'number' ? platIdxToVal(Number(key), bits) : Number(key));
    counts.push(Number(count));
  }
  return { values, counts };
}

/**
 * stat.c plat_idx_to_val: the midpoint of bucket `idx`, in fio's unit (ns in 3.x, µs in 2.x).
 * `bits`: FIO_IO_U_PLAT_BITS, 6 in every fio so far (fio 2 json+ states it beside its bins).
 */
export function platIdxToVal(idx: number, bits = PLAT_BITS): number {
  const val = 2 ** bits;
  if (idx < val * 2) return idx;
  const errorBits = Math.floor(idx / val) - 1;
  const base = 2 ** (errorBits + bits);
  const k = idx % val;
  return base + (k + 0.5) * 2 ** errorBits;
}

/** Width of bucket `idx`: how close a percentile from bins can be to fio's own. */
export function platIdxWidth(idx: number): number {
  if (idx < PLAT_VAL << 1) return 1;
  return 2 ** ((idx >> PLAT_BITS) - 1);
}

export const LADDER = [50, 90, 95, 99, 99.9, 99.99] as const;
export const LADDER_NAMES: Record<(typeof LADDER)[number], string> = { 50: 'p50', 90: 'p90', 95: 'p95', 99: 'p99', 99.9: 'p999', 99.99: 'p9999' };

/**
 * Percentiles from (value, count) pairs sorted by value, the way fio computes its own
 * (stat.c calc_clat_percentiles): the first bucket whose cumulative count reaches the rank.
 */
export function percentilesFromBins(values: ArrayLike<number>, counts: ArrayLike<number>, percentiles: readonly number[]): Array<number | null> {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i]!;
  if (total === 0) return percentiles.map(() => null);
  return percentiles.map((p) => {
    const rank = (p / 100) * total;
    let cum = 0;
    for (let i = 0; i < counts.length; i++) {
      cum += counts[i]!;
      if (cum >= rank && counts[i]! > 0) return values[i]!;
    }
    return values[counts.length - 1]!;
  });
}

/** The CDF of a distribution: [value, fraction of I/Os at or below it]. */
export function cdf(values: ArrayLike<number>, counts: ArrayLike<number>): Array<[number, number]> {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i]!;
  const out: Array<[number, number]> = [];
  let cum = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! === 0) continue;
    cum += counts[i]!;
    out.push([values[i]!, cum / total]);
  }
  return out;
}

/**
 * A distribution from buckets as a file lists them: latency in the file's unit times `toMs`,
 * buckets with no I/O (or no finite latency) left out, sorted by latency when the file was not.
 * Null when no bucket holds an I/O.
 */
export function latencyBins(values: ArrayLike<number>, counts: ArrayLike<number>, toMs: number): LatencyBins | null {
  const ms = new Float64Array(values.length);
  const kept = new Float64Array(values.length);
  let n = 0;
  let sorted = true;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]! * toMs;
    const c = counts[i]!;
    if (!Number.isFinite(v) || !(c > 0)) continue;
    if (n > 0 && v < ms[n - 1]!) sorted = false;
    ms[n] = v;
    kept[n++] = c;
  }
  if (n === 0) return null;
  if (sorted) return { ms: ms.slice(0, n), counts: kept.slice(0, n) };
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ms[a]! - ms[b]!);
  return { ms: Float64Array.from(order, (i) => ms[i]!), counts: Float64Array.from(order, (i) => kept[i]!) };
}
