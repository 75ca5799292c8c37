/**
 * A trend's change points and excursions in words, under its chart in the builder, the catalog
 * panel and a report: what changed, by how much, between which builds, with what p, and the
 * method and options that found it.
 */
import type { TrendResult } from '../../../app/contract/catalog-records.js';
import { pText } from '../../charts/kinds/trend.js';
import type { MessageKey } from '../../i18n/messages.js';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

const pct = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
const day = (iso: string): string => iso.slice(0, 10);

/** Each change point: "−11.0% from abc123 to abc124 (2024-03-11, p 2.1e-40, magnitude 0.124)". */
export function changeLines(trend: TrendResult, t: T): string[] {
  return trend.change_points.map((c) => t('trend.change', {
    change: pct(c.change_pct), before: c.before.version, after: c.after.version, date: day(c.time), p: pText(c.p_value), magnitude: c.magnitude.toFixed(3),
    verdict: t(`trend.verdict.${c.verdict}`),
  }));
}

export function excursionLines(trend: TrendResult, t: T): string[] {
  return trend.excursions.map((e) => t('trend.excursionLine', {
    versions: e.points.map((p) => p.version).join(t('list.sep')), count: e.count, change: pct(e.change_pct), p: pText(e.p_value),
  }));
}

export function methodLine(trend: TrendResult, t: T): string {
  const o = trend.options;
  return t('trend.method', { window: o.window_len, p: o.max_pvalue, magnitude: o.min_magnitude, level: o.min_level_runs });
}

/** One line: how many changes and excursions, then the method. */
export function trendCaption(trend: TrendResult, t: T): string {
  return [
    t('trend.summary', { runs: trend.points.length, changes: trend.change_points.length, excursions: trend.excursions.length }),
    ...changeLines(trend, t),
    ...excursionLines(trend, t),
    ...(trend.untimed ? [t('trend.untimed', { n: trend.untimed })] : []),
    methodLine(trend, t),
  ].join(t('text.sep'));
}
