/**
 * A side's interval of the median as printed beside it: "98–102 (96.88%)". The coverage is the
 * probability the interval holds the median (the runs' range for 2-5 runs, 93.75% at 5; the
 * order-statistic interval from 6), never an assumed 95%. Mirrors app/core/compare/median-interval.ts,
 * which the renderer may not import.
 */
import type { ConfidenceInterval } from '../../../app/contract/records.js';
import { formatValue } from '../../format.js';

export function formatCoverage(coverage: number): string {
  const pct = coverage * 100;
  if (pct < 100 && pct >= 99.995) return '> 99.99%';
  return `${Number(pct.toFixed(2))}%`;
}

export function intervalText(ci: ConfidenceInterval | null, unit: string, locale: string): string {
  if (!ci) return '–';
  // A result saved before coverage was recorded has none to print: its level is all there is.
  const coverage = typeof ci.coverage === 'number' ? ci.coverage : ci.level;
  return `${formatValue(ci.low, unit, locale)}–${formatValue(ci.high, unit, locale)} (${formatCoverage(coverage)})`;
}
