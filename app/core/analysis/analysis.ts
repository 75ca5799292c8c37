/**
 * One analysis of a study under one specification: its design, the check of its repetitions,
 * the comparison of the baseline with every candidate, the swept load's peaks, and the findings.
 * A report's headline, tables and charts, Scaling, the XLSX and `perfdelta analyse --json` are
 * all computed from the same specification, so they cannot disagree (a report's workload filter
 * reaches its peaks as it reaches its tables).
 */
import type { RatioConvention, ResolvedAnalysisSpec, RunRecord, StudyAnalysis, SweepHeadline } from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { applyWorkloadFilter, parseWorkloadFilter } from '../compare/workload-filter.js';
import { sweepPeaks } from '../reports/sweep-headline.js';
import { studyDesign } from './design.js';
import { findings } from './findings.js';
import { checkRepetitions, notRepetitionRuns } from './repetitions.js';
import { tieBandIn } from './tie-band.js';

type Locale = 'en' | 'zh-CN';

/** The runs an analysis looks at: counted (not excluded), without errors, through its workload filter. */
export function analysedRuns(queries: StudyQueries, spec: ResolvedAnalysisSpec): RunRecord[] {
  const runs = queries.runs({ study: spec.study }).filter((r) => r.errors.length === 0);
  return applyWorkloadFilter(runs, parseWorkloadFilter(spec.where));
}

/** The swept load's peaks under the specification, or null without a swept load. */
export function sweepOf(queries: StudyQueries, spec: ResolvedAnalysisSpec, load: string, runs: readonly RunRecord[], locale: Locale): SweepHeadline | null {
  const metric = spec.metrics[0];
  if (!metric) return null;
  const settings = queries.settings(spec.study);
  try {
    return sweepPeaks({
      runs, allRuns: queries.runs({ study: spec.study, all: true }), configs: [spec.baseline, ...spec.candidates],
      spec: { x: load, metric, ...(spec.latency ? { latency: spec.latency } : {}), baseline: spec.baseline },
      constants: queries.constants(spec.study), derived: settings.derived_metrics ?? [], tieBandPct: spec.tie_band.pct, units: settings.units, locale, keys: spec.pairing_keys,
    });
  } catch {
    // No run has both the load and the metric (a filter left none): no peaks to state.
    return null;
  }
}

export function analyse(queries: StudyQueries, given: ResolvedAnalysisSpec, options: { locale?: Locale; convention?: RatioConvention } = {}): StudyAnalysis {
  const locale = options.locale ?? 'en';
  // The tie band stated in the analysis' language.
  const spec: ResolvedAnalysisSpec = { ...given, tie_band: tieBandIn(given.tie_band, locale) };
  const summary = queries.studies().find((s) => s.slug === spec.study)!;
  const runs = analysedRuns(queries, spec);
  const design = studyDesign({ runs, configs: summary.configs, keys: spec.pairing_keys, locale });
  const repetitions = checkRepetitions(runs, spec.pairing_keys, locale);
  const compare = spec.candidates.length && spec.metrics.length
    ? queries.compare({
      study: spec.study, baseline: spec.baseline, candidates: spec.candidates, metrics: spec.metrics, pairingKeys: spec.pairing_keys,
      tieBandPct: spec.tie_band.pct, locale, convention: options.convention ?? queries.settings(spec.study).convention, ...(spec.where ? { where: spec.where } : {}),
    })
    : null;
  // Peaks stand on repetitions that are repetitions: runs that disagree are no point of a curve.
  const folded = notRepetitionRuns(repetitions);
  const sweep = design.load ? sweepOf(queries, spec, design.load.key, runs.filter((r) => !folded.has(r.id)), locale) : null;
  return { spec, design, repetitions, compare, sweep, findings: findings({ spec, design, compare, sweep, repetitions, locale }) };
}
