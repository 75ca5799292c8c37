/**
 * Collects samples into series keyed by (object, metric) while a monitor file is read, then
 * hands them over as typed arrays. Rows of a device come and go (hot-plug, sar restarts), so
 * each series keeps its own times rather than sharing a report clock.
 */
import type { ParsedSeries } from '../types.js';

interface Growing {
  object: string;
  metric: string;
  unit: string;
  times: number[];
  values: number[];
}

export class SeriesSet {
  private readonly byKey = new Map<string, Growing>();
  /** Samples refused because their time did not move forward. */
  outOfOrder = 0;

  add(object: string, metric: string, unit: string, ms: number, value: number): void {
    // A blank or "-nan" cell is a missing sample, not a zero.
    if (!Number.isFinite(value) || !Number.isFinite(ms)) return;
    const key = `${object}\u0000${metric}`;
    let s = this.byKey.get(key);
    if (!s) {
      s = { object, metric, unit, times: [], values: [] };
      this.byKey.set(key, s);
    }
    const last = s.times[s.times.length - 1];
    if (last !== undefined && ms <= last) {
      this.outOfOrder++;
      return;
    }
    s.times.push(ms);
    s.values.push(value);
  }

  get size(): number {
    return this.byKey.size;
  }

  build(): ParsedSeries[] {
    return [...this.byKey.values()].map((s) => ({
      object: s.object,
      metric: s.metric,
      unit: s.unit,
      times: Float64Array.from(s.times),
      values: Float64Array.from(s.values),
    }));
  }
}

/** First and last sample time over all series, for a run's start and end. */
export function timeSpan(series: readonly ParsedSeries[]): { first: number; last: number } | null {
  let first = Infinity;
  let last = -Infinity;
  for (const s of series) {
    if (s.times.length === 0) continue;
    first = Math.min(first, s.times[0]!);
    last = Math.max(last, s.times[s.times.length - 1]!);
  }
  return first <= last ? { first, last } : null;
}

/** The median gap between consecutive samples, in seconds: the monitor's interval. */
export function medianIntervalS(series: readonly ParsedSeries[]): number | null {
  const longest = [...series].sort((a, b) => b.times.length - a.times.length)[0];
  if (!longest || longest.times.length < 2) return null;
  const gaps: number[] = [];
  for (let i = 1; i < longest.times.length; i++) gaps.push(longest.times[i]! - longest.times[i - 1]!);
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]! / 1000;
}
