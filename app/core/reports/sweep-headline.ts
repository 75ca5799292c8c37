/**
 * The headline of a sweep (issue 28.1): configurations swept over a load are told by their
 * peaks. A geometric mean over the sweep weighs 2 threads like 128 and named "AWS 2.21x slower"
 * where the study's finding was 5,892 TPS at its peak against about 1,500 ("4x"). Per
 * configuration: the peak of the tool's primary throughput (the median of each load's runs,
 * excluded runs out) and the load where it occurs, the latency at that load (the tool's tail
 * metric), "stable up to" (scaling.ts), and price-performance at the peak where the configuration
 * has a price; each candidate's peak against the baseline's peak.
 */
import type { ConfigConstant, DerivedMetric, RunRecord, ScalingSeries, SweepHeadline, SweepHeadlineSpec, SweepPeak } from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { scalingCurves, stableRuleText, STABLE_LATENCY_GROWTH_PER_DOUBLING, sweepLatencyMetric } from '../compare/scaling.js';
import { speedup, verdictOf } from '../compare/speedup.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { derivedFormula, KNOWN_CONSTANTS } from '../metrics/derived.js';
import { displayUnit, type DisplayUnits } from '../metrics/units.js';

type Locale = 'en' | 'zh-CN';

/** The highest point of a curve; on a tie the lowest load (the same throughput for less load). */
export function peakOf(points: ReadonlyArray<{ x: number; y: number }>): number | null {
  let best = -1;
  for (let i = 0; i < points.length; i++) {
    if (!Number.isFinite(points[i]!.y)) continue;
    if (best < 0 || points[i]!.y > points[best]!.y) best = i;
  }
  return best < 0 ? null : best;
}

/** A metric's short name on a page: its unit where the unit names it (TPS, NOPM, IOPS), else its label. */
export function shortMetricLabel(metric: string, locale: Locale): string {
  const info = describeMetric(metric);
  if (!info) return metric;
  if (/^[A-Z]{2,6}$/.test(info.unit)) return info.unit;
  return metricLabel(info, locale).replace(/^total /, '').replace(/^总计/, '');
}

/** The stable rule in the report's language. */
export function stableRuleWords(latency: string, x: string, locale: Locale): string {
  if (locale !== 'zh-CN') return stableRuleText(latency, x);
  return `${shortMetricLabel(latency, locale)} 在 ${x} 每翻一倍时增长超过 ${STABLE_LATENCY_GROWTH_PER_DOUBLING * 100}%`;
}

/** A price constant: a well-known one ($/month first) or any constant whose unit is in dollars. */
function isPrice(name: string, unit: string): boolean {
  return name.startsWith('price') || unit.includes('$');
}

export interface PricePerformance {
  label: string;
  unit: string;
  formula: string;
  constant: string;
  factor: number;
}

/**
 * Price-performance of a throughput: the study's derived metric over it and a price (what the
 * user defined, with its label and factor); else, where a configuration has a monthly price,
 * the standard one (TPS per 1,000 $/month, as `perfdelta help derived` names it). Null without a price.
 */
export function pricePerformance(metric: string, derived: readonly DerivedMetric[], constants: readonly ConfigConstant[], locale: Locale): PricePerformance | null {
  const def = derived.find((d) => d.metric === metric && isPrice(d.constant, constants.find((c) => c.name === d.constant)?.unit ?? ''));
  if (def && constants.some((c) => c.name === def.constant)) return { label: def.label, unit: def.unit, formula: derivedFormula(def, locale), constant: def.constant, factor: def.factor };
  const price = ['price_usd_month', ...new Set(constants.filter((c) => isPrice(c.name, c.unit)).map((c) => c.name))].find((n) => constants.some((c) => c.name === n));
  if (!price) return null;
  const unitOfPrice = constants.find((c) => c.name === price)!.unit || KNOWN_CONSTANTS[price]?.unit || price;
  const short = shortMetricLabel(metric, locale);
  const label = locale === 'zh-CN' ? `每 1,000 ${unitOfPrice} 的 ${short}` : `${short} per 1,000 ${unitOfPrice}`;
  const formula = locale === 'zh-CN'
    ? `${label}（越高越好）= ${metric} ÷ 配置常量 ${price} × 1,000`
    : `${label} (higher is better) = ${metric} ÷ the configuration's constant ${price} × 1,000`;
  return { label, unit: label, formula, constant: price, factor: 1000 };
}

export interface SweepPeakInput {
  runs: readonly RunRecord[];
  /** Every run of the study, excluded ones too (their reasons are stated). */
  allRuns: readonly RunRecord[];
  /** The configurations in import order. */
  configs: readonly string[];
  spec: SweepHeadlineSpec;
  constants: readonly ConfigConstant[];
  derived: readonly DerivedMetric[];
  tieBandPct: number;
  units: DisplayUnits;
  locale: Locale;
}

/** The sweep headline's figures. Throws, naming what is missing, where nothing was swept. */
export function sweepPeaks(input: SweepPeakInput): SweepHeadline {
  const { spec, locale } = input;
  const configs = spec.configs?.length ? spec.configs.filter((c) => input.configs.includes(c)) : [...input.configs];
  if (configs.length === 0) throw new Error(`none of the configurations ${spec.configs?.join(', ')} is in the study`);
  const baseline = spec.baseline ?? configs[0]!;
  if (!input.configs.includes(baseline)) throw new Error(`the baseline "${baseline}" is not a configuration of the study (there are: ${input.configs.join(', ')})`);
  const runs = input.runs.filter((r) => r.errors.length === 0 && configs.concat(baseline).includes(r.config));
  const latencyMetric = sweepLatencyMetric(runs, spec.latency);
  const scaling = scalingCurves({ runs, x: spec.x, metric: spec.metric, ...(latencyMetric ? { latencyMetric } : {}) });
  if (scaling.series.length === 0) throw new Error(`no run has both ${spec.x} and ${spec.metric}`);
  const info = describeMetric(spec.metric);
  const better = info?.better ?? 'higher';
  const { unit, factor } = displayUnit(info?.unit ?? '', input.units);
  const latInfo = latencyMetric ? describeMetric(latencyMetric) : null;
  const lat = latencyMetric ? displayUnit(latInfo?.unit ?? 'ms', input.units) : null;
  const price = pricePerformance(spec.metric, input.derived, input.constants, locale);
  const priceOf = (config: string): number | null => {
    const c = price ? input.constants.find((k) => k.config === config && k.name === price.constant) : undefined;
    return c && c.value > 0 ? c.value : null;
  };
  const key = (s: ScalingSeries): string => JSON.stringify(s.params);
  const baseSeries = scaling.series.filter((s) => s.config === baseline);
  const basePeak = (s: ScalingSeries): number | null => {
    const b = baseSeries.find((x) => key(x) === key(s)) ?? (baseSeries.length === 1 ? baseSeries[0] : undefined);
    const i = b ? peakOf(b.points) : null;
    return b && i !== null ? b.points[i]!.y : null;
  };
  const peaks: SweepPeak[] = [];
  for (const config of configs) {
    const excluded = input.allRuns.filter((r) => r.config === config && r.excluded && typeof r.params[spec.x] === 'number')
      .map((r) => ({ run: r.id, reason: r.excluded!.reason }));
    const mine = scaling.series.filter((x) => x.config === config);
    for (const s of mine) {
      const i = peakOf(s.points);
      if (i === null) continue;
      const p = s.points[i]!;
      // The baseline's own peaks carry no ratio: they are what the others are set against.
      const base = config === baseline ? null : basePeak(s);
      const ratio = base !== null ? speedup(base, p.y, better) : null;
      const change = ratio === null || base === null || base === 0 ? null : ((p.y - base) / base) * 100;
      const money = priceOf(config);
      // What the tools said about the runs behind the peak (2 of 10 users failed), beside it.
      const validity = runs.filter((r) => p.runs.includes(r.id)).flatMap((r) => (r.validity ?? []).map((f) => ({ run: r.id, severity: f.severity, message: f.message })));
      peaks.push({
        // The workload named only where the configuration swept several (oltp_read_only beside oltp_read_write).
        config, label: mine.length > 1 ? s.label : config, is_baseline: config === baseline,
        peak: p.y * factor, peak_at: p.x, peak_at_last_load: i === s.points.length - 1 && s.points.length > 1, max_load: s.points[s.points.length - 1]!.x,
        runs: p.runs.length, latency: p.latency === null || !lat ? null : p.latency * lat.factor,
        stable_up_to: s.stable_up_to ?? null, stable_within_sweep: s.stable_within_sweep ?? null,
        price_performance: price && money !== null ? (p.y / money) * price.factor : null,
        ratio, change_pct: change, verdict: ratio === null ? null : verdictOf(ratio, change, input.tieBandPct),
        excluded,
        ...(validity.length ? { validity } : {}),
      });
    }
  }
  const measured = latencyMetric !== null && peaks.some((p) => p.latency !== null);
  return {
    x: spec.x, metric: spec.metric, metric_label: shortMetricLabel(spec.metric, locale), unit,
    latency_metric: measured ? latencyMetric : null, latency_label: measured ? shortMetricLabel(latencyMetric!, locale) : null, latency_unit: measured ? lat!.unit : null,
    baseline, stable_rule: measured && peaks.some((p) => p.stable_up_to !== null) ? stableRuleWords(latencyMetric!, spec.x, locale) : null,
    price: price && peaks.some((p) => p.price_performance !== null) ? { label: price.label, unit: price.unit, formula: price.formula } : null,
    peaks,
  };
}

/** The sweep headline of a study's report, from what the core holds. */
export function renderSweepHeadline(core: StudyQueries, study: string, spec: SweepHeadlineSpec, locale: Locale): SweepHeadline {
  const summary = core.studies().find((s) => s.slug === study)!;
  const settings = core.settings(study);
  return sweepPeaks({
    runs: core.runs({ study }), allRuns: core.runs({ study, all: true }), configs: summary.configs, spec,
    constants: core.constants(study), derived: settings.derived_metrics ?? [], tieBandPct: settings.tie_band_pct, units: settings.units, locale,
  });
}
