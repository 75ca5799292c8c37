/**
 * A trend over a study of the local store (a history: nightly runs, a dated table): no server
 * needed. A saved trend chart and `perfdelta catalog trend` without --url both read it here; the
 * study's pairing keys say what one workload is.
 */
import type { TrendResult } from '../../../contract/catalog-records.js';
import type { ChartSpec } from '../../../contract/records.js';
import type { StudyQueries } from '../../study-queries.js';
import { emptyTrend, TrendError, trendOf, type TrendQuery } from './trend.js';

export function trendQueryOf(spec: Extract<ChartSpec, { kind: 'trend' }>): TrendQuery {
  return {
    metric: spec.metric, workload: spec.workload, config: spec.config,
    windowLen: spec.windowLen, maxPValue: spec.maxPValue, minMagnitude: spec.minMagnitude, minLevelRuns: spec.minLevelRuns,
  };
}

/** The study's trend; a chart's runs that no longer make one trend give an empty one saying why. */
export function studyTrend(queries: StudyQueries, study: string, spec: Extract<ChartSpec, { kind: 'trend' }>, locale: 'en' | 'zh-CN' = 'en'): TrendResult {
  const q = { ...trendQueryOf(spec), pairingKeys: queries.settings(study).pairing_keys };
  try {
    return trendOf(queries.runs({ study }), q, locale);
  } catch (err) {
    if (err instanceof TrendError) return emptyTrend(q, err.message, locale, err.workloads);
    throw err;
  }
}
