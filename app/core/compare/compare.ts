/**
 * Baseline against one or more candidates: pair workloads, reduce repetitions to their median,
 * state the speedup per metric with its significance, and roll it up (geometric mean,
 * wins/losses/ties, the configurations x workloads matrix), with sanity warnings attached.
 */
import type {
  CompareMatrix, ComparePair, CompareResult, CompareRollup, PeriodSide, RunRecord, UnmatchedWorkload,
} from '../../contract/records.js';
import { displayUnit, type DisplayUnits } from '../metrics/units.js';
import { describeMetric, metricLabel, metricOrder } from '../metrics/dictionary.js';
import { defaultMetricNames } from '../metrics/default-metrics.js';
import { compareWorkloads, DEFAULT_PAIRING_KEYS, groupWorkloads, workloadKey, workloadLabel, workloadParams, type Workload } from './pairing.js';
import { changePct, formatChange, formatSpeedup, geomean, speedup, verdictOf } from './speedup.js';
import { ALPHA, significanceOf, tooFewSentence, type SampleNoun } from './significance.js';
import { median, medianInterval } from './stats.js';
import { instanceWarnings } from './instances.js';
import { foldedSettingWarnings, runWarnings } from './warnings.js';
import { applyWorkloadFilter, describeFilter, type WorkloadClause } from './workload-filter.js';
import { countOf } from '../plural.js';
import { leftOutConfigs, proposePairing } from './pairing-proposal.js';
import { conventionNote, shortPair, wordPair, type RatioConvention, type WordingLocale } from './wording.js';
import { pairValidity, validityWarnings, withheldRuns } from '../validity/compare-validity.js';

export { ALPHA };

export interface CompareOptions {
  metrics?: readonly string[];
  pairingKeys?: readonly string[];
  convention?: RatioConvention;
  locale?: WordingLocale;
  /** |change| below this % counts as a tie. */
  tieBandPct?: number;
  cacheBytes?: number;
}

export interface CompareInput extends CompareOptions {
  study: string;
  baseline: string;
  candidates: readonly string[];
  /** Runs of the study; the sides are picked by configuration label. */
  runs: readonly RunRecord[];
  /** Only runs this workload filter keeps (stated in the result). */
  where?: readonly WorkloadClause[];
  /**
   * Runs of the study their own output leaves out (`excluded.automatic`: most users failed...):
   * not compared, but named with their facts, as the sides' exclusions (validity/).
   */
  withheld?: readonly RunRecord[];
}

/** The noun a lower-is-better metric is worded with ("latency 6.90x lower"). */
export function metricNoun(metric: string, locale: WordingLocale): string | null {
  const info = describeMetric(metric);
  if (!info || info.better !== 'lower') return null;
  // "mean latency", but "CPU utilisation" and "DB time" keep their capitals.
  const noun = metricLabel(info, locale).replace(/^(total|总计) ?/, '');
  return /^[A-Z][a-z]/.test(noun) ? noun.charAt(0).toLowerCase() + noun.slice(1) : noun;
}

export interface SideValues {
  values: number[];
  runs: number[];
}

/** One pair's figures and its significance. Shared by configuration and period comparisons. */
export function makePair(
  base: SideValues, cand: SideValues,
  meta: { workload: string; workload_label: string; workload_params: ComparePair['workload_params']; metric: string; baseline_label: string; candidate_label: string; object?: string },
  options: { convention: RatioConvention; locale: WordingLocale; tieBandPct: number; noun?: SampleNoun },
  /**
   * The figures to compare when they are not the medians (a period's mean over days). No interval
   * is given then: the order-statistic interval is the median's, not a mean's.
   */
  centers?: { baseline: number; candidate: number },
): ComparePair {
  const info = describeMetric(meta.metric);
  const better = info?.better ?? 'higher';
  const volume = info?.volume === true;
  const b = centers?.baseline ?? median(base.values);
  const c = centers?.candidate ?? median(cand.values);
  // A volume has no speedup ("speedup > 1 means the candidate is better" cannot hold): its
  // change is all there is to say.
  const s = volume ? null : speedup(b, c, better);
  const ch = changePct(b, c);
  const nb = base.values.length;
  const nc = cand.values.length;
  const sig = significanceOf(base.values, cand.values, options.locale, options.noun ?? 'run');
  const verdict = verdictOf(s, ch, options.tieBandPct, volume);
  const unit = info?.unit ?? '';
  const wording = { baseline: b, candidate: c, better, noun: volume ? null : metricNoun(meta.metric, options.locale), verdict, unit, volume };
  return {
    ...meta,
    metric_label: info ? metricLabel(info, options.locale) : meta.metric,
    unit,
    better,
    baseline: b,
    candidate: c,
    speedup: s,
    change_pct: ch,
    speedup_text: formatSpeedup(s),
    change_text: formatChange(ch),
    text: wordPair(wording, options.convention, options.locale),
    short_text: shortPair({ ...wording, noun: null }, options.convention, s, options.locale),
    mark: sig.mark,
    n_baseline: nb,
    n_candidate: nc,
    ci_baseline: centers ? null : medianInterval(base.values),
    ci_candidate: centers ? null : medianInterval(cand.values),
    p_value: sig.p_value,
    p_min: sig.p_min,
    p_method: sig.p_method,
    significant: sig.significant,
    significance_note: sig.significance_note,
    // A change that prints as 1.00x is a tie as much as one inside the band.
    tie: verdict === 'tie',
    verdict,
    baseline_runs: base.runs,
    candidate_runs: cand.runs,
    baseline_values: [...base.values],
    candidate_values: [...cand.values],
  };
}

/**
 * How a pair counts in a roll-up. A pair is better or worse only when its test is significant and
 * its verdict (the tie band, 1.00x) says so; every "~" pair is a tie, so noise never reads as
 * "2 wins, 1 loss" (issue 25). A pair no test can decide (one run on a side, or so few runs that
 * the smallest possible p is 0.05 or more: 3 a side) is "~", so a tie, and untested; what the tie band alone says of it (`band`) is kept
 * so the roll-up can state it beside the count, not hide a halved throughput. A neutral verdict
 * (a volume metric, or no ratio) is counted in none of the three.
 */
export function rollupOutcome(p: ComparePair): { outcome: 'win' | 'loss' | 'tie' | null; untested: boolean; band: 'win' | 'loss' | 'tie' | null } {
  const untested = p.p_value === null || (p.p_min !== null && p.p_min >= ALPHA);
  const band = p.verdict === 'better' ? 'win' : p.verdict === 'worse' ? 'loss' : p.verdict === 'tie' ? 'tie' : null;
  if (p.verdict === 'neutral' || band === null) return { outcome: null, untested, band: null };
  if (p.significant !== true) return { outcome: 'tie', untested, band };
  return { outcome: band, untested, band };
}

export function rollups(pairs: readonly ComparePair[], candidates: readonly string[], metrics: readonly string[]): CompareRollup[] {
  const out: CompareRollup[] = [];
  for (const candidate of candidates) {
    for (const metric of metrics) {
      const ps = pairs.filter((p) => p.candidate_label === candidate && p.metric === metric && p.object !== '*');
      if (ps.length === 0) continue;
      const g = geomean(ps.filter((p) => p.speedup !== null).map((p) => p.speedup!));
      const outcomes = ps.map(rollupOutcome);
      out.push({
        candidate,
        metric,
        geomean_speedup: g,
        pairs: ps.length,
        wins: outcomes.filter((o) => o.outcome === 'win').length,
        losses: outcomes.filter((o) => o.outcome === 'loss').length,
        ties: outcomes.filter((o) => o.outcome === 'tie').length,
        untested: outcomes.filter((o) => o.untested && o.outcome !== null).length,
        untested_better: outcomes.filter((o) => o.untested && o.band === 'win').length,
        untested_worse: outcomes.filter((o) => o.untested && o.band === 'loss').length,
      });
    }
  }
  return out;
}

/**
 * Pairs no test can decide, said on the page: one warning per reason ("3 runs per side cannot
 * reach p < 0.05; at least 4 per side are needed"), naming the runs behind it.
 */
export function significanceWarnings(pairs: readonly ComparePair[], locale: WordingLocale, noun: SampleNoun = 'run'): CompareResult['warnings'] {
  const runsOf = (ps: readonly ComparePair[]): number[] => [...new Set(ps.flatMap((p) => [...p.baseline_runs, ...p.candidate_runs]))];
  const out: CompareResult['warnings'] = [];
  const single = pairs.filter((p) => p.n_baseline === 1 || p.n_candidate === 1);
  if (single.length > 0) {
    const both = single.every((p) => p.n_baseline === 1 && p.n_candidate === 1);
    const message = locale === 'zh-CN'
      ? `部分${noun === 'run' ? '负载' : '对象'}${both ? '每侧' : '一侧'}只有 1 ${noun === 'run' ? '次运行' : '天'}：无法判断显著性（标为 ~）`
      : `one ${noun} ${both ? 'per side' : 'on a side'} for some ${noun === 'run' ? 'workloads' : 'objects'}: no significance possible (marked ~)`;
    out.push({ code: 'single-run', message, runs: runsOf(single) });
  }
  const few = new Map<string, ComparePair[]>();
  for (const p of pairs) {
    if (p.p_min === null || p.p_min < ALPHA) continue;
    const reason = tooFewSentence(p.n_baseline, p.n_candidate, locale, noun) ?? p.significance_note;
    few.set(reason, [...(few.get(reason) ?? []), p]);
  }
  for (const [reason, ps] of few) {
    const count = locale === 'zh-CN' ? `${ps.length} 对，标为 ~` : `${countOf(ps.length, 'pair')}, marked ~`;
    out.push({ code: 'few-repetitions', message: `${reason} (${count})`, detail: `${reason} (${count})`, runs: runsOf(ps) });
  }
  return out;
}

/** The workload key of a run, by id. */
function workloadKeyOf(id: number, runs: readonly RunRecord[], keys: readonly string[]): string | null {
  const run = runs.find((r) => r.id === id);
  return run ? workloadKey(workloadParams(run, keys), keys) : null;
}

export function compareConfigs(given: CompareInput): CompareResult {
  const where = given.where ?? [];
  const sideLabels = new Set([given.baseline, ...given.candidates]);
  const kept = applyWorkloadFilter(given.runs, where);
  const filteredOut = given.runs.filter((r) => sideLabels.has(r.config)).length - kept.filter((r) => sideLabels.has(r.config)).length;
  const input = { ...given, runs: kept };
  const keys = input.pairingKeys ?? DEFAULT_PAIRING_KEYS;
  const convention = input.convention ?? 'x-fold';
  const locale = input.locale ?? 'en';
  const tieBandPct = input.tieBandPct ?? 0;
  // A run whose tool reported an error (fio stopped by ENOSPC...) would drag a median down:
  // it is left out and named in a warning.
  const failed = input.runs.filter((r) => r.errors.length > 0 && [input.baseline, ...input.candidates].includes(r.config));
  const sideRuns = (label: string): RunRecord[] => input.runs.filter((r) => r.config === label && r.errors.length === 0);
  const base = groupWorkloads(sideRuns(input.baseline), keys);

  // Metrics not named: the primary metrics (the dictionary's) of the tools on these sides, in
  // their order (fio: IOPS, bandwidth, completion latency; sysbench: TPS, p95).
  const metrics = input.metrics && input.metrics.length > 0 ? metricOrder(input.metrics) : defaultMetricNames(input.runs.filter((r) => sideLabels.has(r.config) && r.errors.length === 0));

  const pairs: ComparePair[] = [];
  const unmatched: UnmatchedWorkload[] = [];
  const matched = new Map<string, Workload>();
  const pairedBase: RunRecord[] = [];
  const pairedCand: RunRecord[] = [];

  for (const candidate of input.candidates) {
    const cand = groupWorkloads(sideRuns(candidate), keys);
    const shared = [...base.values()].filter((w) => cand.has(w.key)).sort((a, b) => compareWorkloads(a.params, b.params));
    for (const w of shared) {
      matched.set(w.key, w);
      pairedBase.push(...w.runs);
      pairedCand.push(...cand.get(w.key)!.runs);
    }
    for (const metric of metrics) {
      for (const bw of shared) {
        const cw = cand.get(bw.key)!;
        const side = (w: Workload): SideValues => {
          const withMetric = w.runs.filter((r) => r.metrics[metric] !== undefined);
          return { values: withMetric.map((r) => r.metrics[metric]!), runs: withMetric.map((r) => r.id) };
        };
        const b = side(bw);
        const c = side(cw);
        if (b.values.length === 0 || c.values.length === 0) continue;
        pairs.push(makePair(b, c, {
          workload: bw.label, workload_label: workloadLabel(bw.params, locale), workload_params: bw.params, metric, baseline_label: input.baseline, candidate_label: candidate,
        }, { convention, locale, tieBandPct }));
      }
    }
    for (const w of cand.values()) {
      if (!base.has(w.key)) unmatched.push({ side: 'candidate', candidate, workload: w.label, workload_label: workloadLabel(w.params, locale), runs: w.runs.map((r) => r.id) });
    }
  }
  for (const w of base.values()) {
    if (!matched.has(w.key)) unmatched.push({ side: 'baseline', candidate: null, workload: w.label, workload_label: workloadLabel(w.params, locale), runs: w.runs.map((r) => r.id) });
  }

  // "Ran in one configuration only" names every configuration that ran the workload.
  const ranIn = new Map<string, Set<string>>();
  for (const w of groupWorkloads(input.runs.filter((r) => r.errors.length === 0), keys).values()) ranIn.set(w.key, new Set(w.runs.map((r) => r.config)));
  const allConfigs = [...new Set(input.runs.map((r) => r.config))];
  for (const u of unmatched) {
    const key = workloadKeyOf(u.runs[0]!, input.runs, keys);
    const configs = key === null ? null : ranIn.get(key);
    if (configs) u.configs = allConfigs.filter((c) => configs.has(c));
  }

  const workloads = [...matched.values()].sort((a, b) => compareWorkloads(a.params, b.params));
  const cell = (candidate: string, metric: string, w: Workload): ComparePair | undefined =>
    pairs.find((p) => p.candidate_label === candidate && p.metric === metric && JSON.stringify(p.workload_params) === JSON.stringify(w.params));
  const matrix: CompareMatrix[] = metrics.map((metric) => ({
    metric,
    baseline: input.baseline,
    candidates: [...input.candidates],
    workloads: workloads.map((w) => w.label),
    workload_labels: workloads.map((w) => workloadLabel(w.params, locale)),
    speedup: input.candidates.map((c) => workloads.map((w) => cell(c, metric, w)?.speedup ?? null)),
    verdicts: input.candidates.map((c) => workloads.map((w) => cell(c, metric, w)?.verdict ?? null)),
    marks: input.candidates.map((c) => workloads.map((w) => cell(c, metric, w)?.mark ?? null)),
  }));

  // What the tools said about the runs: beside each pair, and the runs left out, as exclusions.
  const byId = new Map(input.runs.map((r) => [r.id, r]));
  for (const p of pairs) {
    const facts = pairValidity(p, byId);
    if (facts.length) p.validity = facts;
  }
  const withheld = withheldRuns(applyWorkloadFilter(given.withheld ?? [], where), input.baseline, input.candidates, keys, locale);
  const rollup = rollups(pairs, input.candidates, metrics);
  for (const r of rollup) {
    const n = withheld.filter((w) => w.config === r.candidate || w.side === 'baseline').length;
    if (n > 0) r.withheld = n;
  }
  const first = input.candidates[0]!;
  const geomeanSpeedup: Record<string, number> = {};
  for (const r of rollup) if (r.candidate === first && r.geomean_speedup !== null) geomeanSpeedup[r.metric] = r.geomean_speedup;

  const warnings = runWarnings({ baseline: pairedBase, candidate: pairedCand }, metrics, input.cacheBytes);
  warnings.push(...instanceWarnings(pairs, input.runs));
  // Repetitions that differ in a setting (raiseerror false and true) are not repetitions: said.
  warnings.push(...foldedSettingWarnings([base, ...input.candidates.map((c) => groupWorkloads(sideRuns(c), keys))]
    .flatMap((side) => [...side.values()].filter((w) => matched.has(w.key)).map((w) => ({ config: w.runs[0]!.config, label: workloadLabel(w.params, locale), runs: w.runs })))));
  if (failed.length > 0) {
    const errors = [...new Set(failed.flatMap((r) => r.errors))].join('; ');
    warnings.unshift({ code: 'failed-runs-excluded', message: `runs with errors are left out of the comparison: ${errors}`, detail: errors, runs: failed.map((r) => r.id) });
  }
  warnings.push(...significanceWarnings(pairs, locale));
  warnings.unshift(...validityWarnings(pairs, withheld, locale));

  // A candidate with no pair drops out of the matrix and the roll-up: said, with its reason,
  // and the key to pair without when every run differs in one.
  const sides = new Map([input.baseline, ...input.candidates].map((label) => [label, sideRuns(label)] as const));
  const proposal = proposePairing(input.baseline, input.candidates, sides, keys, locale);
  const leftOut = leftOutConfigs(input.baseline, input.candidates, sides, keys, new Set(pairs.map((p) => p.candidate_label)), metrics, proposal, locale);
  for (const l of leftOut) warnings.push({ code: 'config-left-out', message: l.message, runs: l.runs });

  return {
    study: input.study,
    kind: 'configurations',
    baseline: input.baseline,
    candidate: first,
    candidates: [...input.candidates],
    metrics,
    pairing_keys: [...keys],
    convention,
    convention_note: conventionNote(convention, locale),
    tie_band_pct: tieBandPct,
    pairs,
    unmatched,
    geomean_speedup: geomeanSpeedup,
    rollup,
    matrix,
    warnings,
    proposal,
    left_out: leftOut,
    withheld,
    aggregation: null,
    workload_filter: where.length ? describeFilter(where, filteredOut, locale) : null,
    periods: null,
  };
}

/**
 * Shows a result in the study's units. Only values change (and the unit that names them);
 * speedups and % changes are ratios and stay as they are.
 */
export function inDisplayUnits(result: CompareResult, units: DisplayUnits): CompareResult {
  const pairs = result.pairs.map((p) => {
    const { unit, factor } = displayUnit(p.unit, units);
    if (factor === 1 && unit === p.unit) return p;
    const scale = (ci: ComparePair['ci_baseline']): ComparePair['ci_baseline'] => (ci ? { ...ci, low: ci.low * factor, high: ci.high * factor } : null);
    return { ...p, unit, baseline: p.baseline * factor, candidate: p.candidate * factor, ci_baseline: scale(p.ci_baseline), ci_candidate: scale(p.ci_candidate),
      baseline_values: p.baseline_values.map((v) => v * factor), candidate_values: p.candidate_values.map((v) => v * factor) };
  });
  const periods = result.periods?.map((side) => {
    const info = describeMetric(side.metric);
    const { factor } = displayUnit(info?.unit ?? '', units);
    const scaleSide = (ps: PeriodSide): PeriodSide => ({ ...ps, value: ps.value === null ? null : ps.value * factor, days: ps.days.map((d) => ({ ...d, value: d.value * factor })) });
    return { ...side, baseline: scaleSide(side.baseline), candidates: side.candidates.map(scaleSide) };
  }) ?? null;
  return { ...result, pairs, periods };
}
