/**
 * Resolves a report into a document: every headline number, table and chart's data computed by
 * the one compare engine, in the report's convention and language. The preview, the PDF and the
 * XLSX all show this document, so they cannot disagree.
 */
import type {
  CompareWarning, RatioConvention, CompareResult, HeadlineFigure, HeadlineItem, RenderedSection, ReportDocument, ReportRecord, ReportSection, RunRecord, SavedChart, SweepHeadline,
} from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { chartData } from '../charts/chart-data.js';
import { metricNoun } from '../compare/compare.js';
import { rollupCountsText } from '../compare/methods.js';
import { scalingCurves } from '../compare/scaling.js';
import { formatChange, formatSpeedup, verdictOf } from '../compare/speedup.js';
import { runWarnings } from '../compare/warnings.js';
import { wordPair } from '../compare/wording.js';
import { dayInZone } from '../periods/timezone.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { displayUnit } from '../metrics/units.js';
import { formatWithUnit } from '../metrics/number-format.js';
import { median } from '../compare/speedup.js';
import { sameWorkload, workloadLabel, workloadParams } from '../compare/pairing.js';
import { buildEvidence } from './evidence.js';
import { renderPivot } from './pivot-records.js';
import { renderSweepHeadline } from './sweep-headline.js';
import { countOf } from '../plural.js';
import { figureValidity } from '../validity/compare-validity.js';

const ALL_OBJECTS = '*';

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function sectionTitle(section: ReportSection, zh: boolean): string {
  if (section.type !== 'chart' && section.title) return section.title;
  switch (section.type) {
    case 'headline': return zh ? '主要结论' : 'Headline';
    case 'text': return '';
    case 'table': return zh ? '对比明细' : 'Comparison';
    case 'pivot': return zh ? '数值表' : 'Values';
    case 'chart': return '';
  }
}

/**
 * What the two sides of a comparison are, in a sentence: the basis of the numbers. "Median of 3
 * runs" only for a side that had three: sides with different counts are each named.
 */
export function basis(compare: Pick<CompareResult, 'kind' | 'aggregation'>, nBaseline: number, nCandidate: number, zh: boolean): string {
  if (compare.kind === 'periods') return compare.aggregation ?? '';
  const one = (n: number): string => (zh ? (n > 1 ? `${n} 次运行的中位数` : '单次运行') : (n > 1 ? `median of ${n} runs` : 'one run'));
  if (nBaseline === nCandidate) return zh ? `每侧${one(nBaseline)}` : `${one(nBaseline)} a side`;
  return zh ? `基线：${one(nBaseline)}；候选：${one(nCandidate)}` : `baseline: ${one(nBaseline)}; candidate: ${one(nCandidate)}`;
}

/**
 * The warnings that concern the runs behind one figure, each cut to those runs: the reader sees
 * "runtime under 60 s (runs 3, 57)" under the headline it weakens, not only in the appendix. A
 * period figure takes its comparison's warnings whole (gaps name objects, not runs).
 */
function warningsFor(warnings: readonly CompareWarning[], runs: readonly number[], whole: boolean): CompareWarning[] {
  const mine = new Set(runs);
  const out: CompareWarning[] = [];
  for (const w of warnings) {
    if (whole || w.runs.length === 0) { out.push({ ...w, runs: [...w.runs] }); continue; }
    const hit = w.runs.filter((r) => mine.has(r));
    if (hit.length > 0) out.push({ ...w, runs: hit });
  }
  return out;
}

/** One configuration's measured value (median of its runs of the workload), against a limit if given. */
function valueFigure(core: StudyQueries, study: string, item: HeadlineItem, report: ReportRecord): HeadlineFigure {
  const zh = report.layout.locale === 'zh-CN';
  const info = describeMetric(item.metric);
  const settings = core.settings(study);
  const runs = core.runs({ study, config: item.baseline }).filter((r) => r.errors.length === 0 && r.metrics[item.metric] !== undefined)
    .filter((r) => item.workload === undefined || sameWorkload(workloadLabel(workloadParams(r, settings.pairing_keys)), item.workload));
  if (runs.length === 0) throw new Error(`${item.baseline}: no run${item.workload ? ` of "${item.workload}"` : ''} has ${item.metric}`);
  const { unit, factor } = displayUnit(info?.unit ?? '', settings.units);
  const value = median(runs.map((r) => r.metrics[item.metric]!)) * factor;
  // As every view prints it: one rule for numbers in their units.
  const shown = (v: number): string => formatWithUnit(v, unit, 'en-US');
  const better = info?.better ?? 'higher';
  const pct = item.limit ? (value / item.limit) * 100 : null;
  // A value has no second side, but the runs behind it can still be too short or cached.
  const warnings = runWarnings({ baseline: runs, candidate: [] }, [item.metric], settings.cache_bytes);
  if (runs.length === 1) warnings.push({ code: 'single-run', message: 'one run: no repetitions behind the value', runs: [runs[0]!.id] });
  const text = pct === null ? shown(value)
    : zh ? `${shown(value)}：限值 ${shown(item.limit!)} 的 ${pct.toFixed(1)}%` : `${shown(value)}: ${pct.toFixed(1)}% of the ${shown(item.limit!)} limit`;
  return {
    label: item.label ?? (info ? metricLabel(info, report.layout.locale) : item.metric), metric: item.metric, unit, better,
    baseline_label: item.baseline, candidate_label: item.baseline, workload: item.workload ?? null,
    workload_label: item.workload !== undefined ? workloadLabel(workloadParams(runs[0]!, settings.pairing_keys), report.layout.locale) : null, baseline: item.limit ?? null, candidate: value,
    speedup: null, text, speedup_text: '', change_text: pct === null ? '' : `${pct.toFixed(1)}%`, mark: '', verdict: null, n_baseline: runs.length, n_candidate: runs.length, warnings,
    basis: zh ? (runs.length > 1 ? `${runs.length} 次运行的中位数` : '单次运行') : (runs.length > 1 ? `median of ${runs.length} runs` : 'one run'),
  };
}

/** A headline: the chosen pair, the aggregate over all objects, or the geometric mean over the workloads. */
export function headlineFigure(core: StudyQueries, study: string, item: HeadlineItem, report: ReportRecord, warnings: CompareWarning[] = []): HeadlineFigure {
  if (item.candidate === undefined) return valueFigure(core, study, item, report);
  const candidate = item.candidate;
  const { convention, locale } = report.layout;
  const zh = locale === 'zh-CN';
  const isPeriods = core.periods(study).some((p) => p.name === item.baseline);
  const compare = core.compare({
    study, baseline: item.baseline, candidates: [candidate], metrics: [item.metric], convention, locale, where: report.layout.where,
    ...(isPeriods && item.perObjectDay ? { aggregation: { perObjectDay: item.perObjectDay } } : {}),
  });
  warnings.push(...compare.warnings);
  const info = describeMetric(item.metric);
  const label = item.label ?? (info ? metricLabel(info, locale) : item.metric);
  const pairs = compare.pairs.filter((p) => p.metric === item.metric && p.candidate_label === candidate);
  const pair = item.workload !== undefined
    ? pairs.find((p) => sameWorkload(p.workload, item.workload!))
    : pairs.find((p) => p.object === ALL_OBJECTS) ?? (pairs.length === 1 ? pairs[0] : undefined);
  if (item.workload !== undefined && !pair) {
    throw new Error(`${item.baseline} against ${candidate}: no workload "${item.workload}" for ${item.metric} (there are: ${pairs.map((p) => p.workload).join(', ') || 'none'})`);
  }
  if (pair) {
    const validity = figureValidity([pair], compare.withheld ?? [], pair.workload);
    return {
      ...(validity.length ? { validity } : {}),
      warnings: warningsFor(compare.warnings, [...pair.baseline_runs, ...pair.candidate_runs], compare.kind === 'periods'),
      label, metric: item.metric, unit: pair.unit, better: pair.better, baseline_label: pair.baseline_label, candidate_label: pair.candidate_label,
      workload: pair.object === ALL_OBJECTS ? null : pair.workload, workload_label: pair.object === ALL_OBJECTS ? null : pair.workload_label, baseline: pair.baseline, candidate: pair.candidate, speedup: pair.speedup,
      text: pair.text, speedup_text: pair.speedup_text, change_text: pair.change_text, mark: pair.mark, verdict: pair.verdict,
      n_baseline: pair.n_baseline, n_candidate: pair.n_candidate, basis: basis(compare, pair.n_baseline, pair.n_candidate, zh),
    };
  }
  // Many workloads and none chosen: the geometric mean of the speedups, never a mean of ratios.
  const roll = compare.rollup.find((r) => r.metric === item.metric && r.candidate === candidate);
  if (!roll || roll.geomean_speedup === null) throw new Error(`${item.baseline} against ${candidate}: no pairs of ${item.metric}`);
  const g = roll.geomean_speedup;
  const better = info?.better ?? 'higher';
  // Worded as if the baseline were 1: the same words a single pair with this speedup gets.
  const change = better === 'higher' ? (g - 1) * 100 : (1 / g - 1) * 100;
  const verdict = verdictOf(g, change, compare.tie_band_pct, info?.volume === true);
  const noun = metricNoun(item.metric, locale);
  // A % metric (CPU utilisation) over many workloads: the mean difference in percentage points,
  // which a geometric mean of ratios cannot say.
  const points = info?.unit === '%' && pairs.length > 0;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const text = points
    ? wordPair({ baseline: mean(pairs.map((p) => p.baseline)), candidate: mean(pairs.map((p) => p.candidate)), better, noun: noun ?? (info ? metricLabel(info, locale) : null), verdict, unit: '%' }, convention, locale)
    : wordPair({ baseline: better === 'higher' ? 1 : g, candidate: better === 'higher' ? g : 1, better, noun, verdict, unit: '' }, convention, locale);
  const behind = pairs.flatMap((p) => [...p.baseline_runs, ...p.candidate_runs]);
  const basisPoints = zh ? `${roll.pairs} 个负载差值（百分点）的平均；` : `mean difference over ${roll.pairs} workloads, in percentage points; `;
  const validity = figureValidity(pairs, compare.withheld ?? [], null);
  return {
    ...(validity.length ? { validity } : {}),
    warnings: warningsFor(compare.warnings, behind, false),
    label, metric: item.metric, unit: info?.unit ?? '', better, baseline_label: item.baseline, candidate_label: candidate,
    workload: null, workload_label: null, baseline: null, candidate: null, speedup: g, text, speedup_text: formatSpeedup(g), change_text: formatChange(change), mark: '',
    verdict,
    n_baseline: roll.pairs, n_candidate: roll.pairs,
    basis: (points ? basisPoints : '') + (zh
      ? `${roll.pairs} 个负载加速比的几何平均${points ? ` ${formatSpeedup(g)}` : ''}（${rollupCountsText(roll, locale)}）`
      : `geometric mean of the speedups over ${countOf(roll.pairs, 'workload')}${points ? ` ${formatSpeedup(g)}` : ''} (${rollupCountsText(roll, locale)})`),
  };
}

function renderSection(core: StudyQueries, study: string, section: ReportSection, report: ReportRecord, charts: Map<number, SavedChart>): RenderedSection {
  const zh = report.layout.locale === 'zh-CN';
  const title = sectionTitle(section, zh);
  switch (section.type) {
    case 'text':
      return { id: section.id, type: 'text', title, markdown: section.markdown };
    case 'headline': {
      const figures: HeadlineFigure[] = [];
      const errors: string[] = [];
      const warnings: CompareWarning[] = [];
      for (const item of section.items) {
        try {
          figures.push(headlineFigure(core, study, item, report, warnings));
        } catch (err) {
          errors.push(errorText(err));
        }
      }
      // A sweep's peaks first (sweep-headline.ts); the items follow as secondary figures.
      let sweep: SweepHeadline | undefined;
      if (section.sweep) {
        try {
          sweep = renderSweepHeadline(core, study, section.sweep, report.layout.locale);
        } catch (err) {
          errors.unshift(errorText(err));
        }
      }
      return { id: section.id, type: 'headline', title, figures, errors, warnings, ...(sweep ? { sweep } : {}) };
    }
    case 'table': {
      try {
        const isPeriods = core.periods(study).some((p) => p.name === section.baseline);
        const compare = core.compare({
          study, baseline: section.baseline, candidates: section.candidates, metrics: section.metrics,
          convention: report.layout.convention, locale: report.layout.locale, where: report.layout.where,
          ...(isPeriods && section.perObjectDay ? { aggregation: { perObjectDay: section.perObjectDay } } : {}),
        });
        return { id: section.id, type: 'table', title, compare, errors: [] };
      } catch (err) {
        return { id: section.id, type: 'table', title, compare: null, errors: [errorText(err)] };
      }
    }
    case 'pivot': {
      try {
        return renderPivot(core, study, section, report, title);
      } catch (err) {
        return { id: section.id, type: 'pivot', title, layout: section.layout ?? 'joined', tables: [], notes: [], errors: [errorText(err)] };
      }
    }
    case 'chart': {
      const chart = charts.get(section.chart) ?? null;
      if (!chart) return { id: section.id, type: 'chart', title: zh ? '图表' : 'Chart', caption: section.caption ?? '', chart: null, data: null, errors: [zh ? `图表 ${section.chart} 已被删除` : `chart ${section.chart} was deleted`] };
      try {
        return { id: section.id, type: 'chart', title: chart.name, caption: section.caption ?? '', chart, data: chartData(core, study, chart.spec, report.layout), errors: [] };
      } catch (err) {
        return { id: section.id, type: 'chart', title: chart.name, caption: section.caption ?? '', chart, data: null, errors: [errorText(err)] };
      }
    }
  }
}

/**
 * When the data was recorded: the runs' own start and end times (a period's samples lie inside
 * its runs), never the import date or the day of printing. Days are the data's zone's.
 */
export function dataSpan(runs: readonly RunRecord[], zone: string): { newest: string; from: string; to: string } | null {
  const times = runs.flatMap((r) => [r.start, r.end]).filter((t): t is string => t !== null).map((t) => Date.parse(t)).filter(Number.isFinite);
  if (times.length === 0) return null;
  const first = Math.min(...times);
  const last = Math.max(...times);
  return { newest: new Date(last).toISOString(), from: dayInZone(first, zone), to: dayInZone(last, zone) };
}

export function renderReport(core: StudyQueries, study: string, report: ReportRecord): ReportDocument {
  const summary = core.studies().find((s) => s.slug === study);
  if (!summary) throw new Error(`no study "${study}"`);
  const charts = new Map(core.charts(study).map((c) => [c.id, c]));
  const sections = report.sections.map((s) => renderSection(core, study, s, report, charts));
  const evidence = buildEvidence(core, study, report, sections);
  const span = dataSpan(core.runs({ study }).filter((r) => r.errors.length === 0), evidence.zone);
  return {
    study: { slug: summary.slug, name: summary.name },
    report: { id: report.id, name: report.name, layout: report.layout },
    data_as_of: span?.newest ?? null,
    data_span: span ? { from: span.from, to: span.to, zone: evidence.zone } : null,
    sections,
    evidence,
  };
}
