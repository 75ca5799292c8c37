/**
 * The one ratio convention. `speedup` > 1 always means the candidate is better:
 * candidate / baseline when higher is better, baseline / candidate when lower is better.
 * `change_pct` is the raw change of the candidate against the baseline, sign as measured.
 * (7.31 ms -> 1.06 ms is a 6.90x speedup and a -85.5% change: never "690% improvement".)
 */
import type { Verdict } from '../../contract/records.js';
import type { Better } from '../metrics/dictionary.js';

export function speedup(baseline: number, candidate: number, better: Better): number | null {
  if (!(baseline > 0) || !(candidate > 0)) return null;
  return better === 'higher' ? candidate / baseline : baseline / candidate;
}

export function changePct(baseline: number, candidate: number): number | null {
  if (baseline === 0 || !Number.isFinite(baseline) || !Number.isFinite(candidate)) return null;
  return ((candidate - baseline) / Math.abs(baseline)) * 100;
}

/**
 * Better, worse or tie, decided once for every colour and word. A change within the tie band, or
 * one that prints as 1.00x (|speedup - 1| < 0.005), is a tie: "1.00x faster" in green overstates.
 * A volume metric (waits, executions) is neutral: its change is stated, never judged.
 */
export function verdictOf(speedupValue: number | null, changePctValue: number | null, tieBandPct: number, volume = false): Verdict {
  if (volume) return 'neutral';
  if (speedupValue === null || !Number.isFinite(speedupValue)) return changePctValue === 0 ? 'tie' : 'neutral';
  if (Math.abs(speedupValue - 1) < 0.005) return 'tie';
  if (changePctValue !== null && Math.abs(changePctValue) < tieBandPct) return 'tie';
  return speedupValue > 1 ? 'better' : 'worse';
}

/** Geometric mean: the only mean of ratios that treats 2x and 0.5x as cancelling out. */
export function geomean(values: readonly number[]): number | null {
  const usable = values.filter((v) => v > 0 && Number.isFinite(v));
  if (usable.length === 0) return null;
  return Math.exp(usable.reduce((s, v) => s + Math.log(v), 0) / usable.length);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "6.90x": two decimals, the way the studies quote ratios. */
export function formatSpeedup(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(2)}x`;
}

/** "+23.4%" / "-85.5%": one decimal, the sign always shown. */
export function formatChange(value: number | null): string {
  if (value === null) return '–';
  const rounded = value.toFixed(1);
  return `${value >= 0 && !rounded.startsWith('-') ? '+' : ''}${rounded}%`;
}
