/**
 * What each view of a study opens on: its strongest view, not the first item of a list. Compare
 * on the primary metric with the most workloads in common (S5: NOPM over the virtual-user
 * sweep, not a COSBench stage), Scaling on the load that is swept (not block size), Time series
 * on a metric that varies, its runs from t = 0 when they ran at different times, and the Runs
 * table's columns per tool. Everything starts from the dictionary's primary metrics.
 */
import type { MetricInfo, RunColumn, RunRecord, StudyDefaults } from '../contract/records.js';
import { groupWorkloads } from './compare/pairing.js';
import { defaultMetrics, runColumns, runsByTool, topEventOf } from './metrics/default-metrics.js';
import { allMetrics, describeMetric, metricOrder } from './metrics/dictionary.js';

/** Loads in the order a sweep is usually named by. Block size is a workload, never a load. */
export const SWEPT_LOADS = ['vus', 'sessions', 'threads', 'iodepth', 'numjobs', 'clients', 'users', 'workers', 'concurrency', 'async_clients', 'outstanding'];
/** Other numeric parameters a curve may be drawn over when the user picks one. */
const OTHER_X = ['bs', 'read_pct'];
/** A period comparison's story is latency (S1: read response time before and after the cutover). */
const PERIOD_LATENCY = ['read.lat_avg_ms', 'total.lat_avg_ms', 'write.lat_avg_ms'];
/** Series metrics worth a first look when no primary metric has series (fio logs, monitors). */
const SERIES_FALLBACK = ['read.iops', 'write.iops', 'total.iops', 'read.clat_ms', 'write.clat_ms', 'read.lat_ms', 'write.lat_ms', 'tps', 'tpm', 'ops_per_s', 'util_pct'];
/** A series varies when some object's coefficient of variation reaches this (%); below, it draws as a flat line. */
export const VARIES_CV_PCT = 1;
/** At most this many candidate metrics are read to find one that varies. */
const MAX_SERIES_TRIED = 12;

export interface SeriesSpan {
  run: number;
  config: string;
  metric: string;
  from: number;
  to: number;
  objects: number;
}

export interface StudyDefaultsInput {
  study: string;
  configs: readonly string[];
  periods: readonly string[];
  runs: readonly RunRecord[];
  pairingKeys: readonly string[];
  spans: readonly SeriesSpan[];
  /** Configurations with series of a metric, the one with the most points first (what the view shows first). */
  seriesConfigs(metric: string): string[];
  /** Parameters the user defined (read from file paths): a column of the Runs table for every tool that has them. */
  userParams?: readonly string[];
  /**
   * Each series' coefficient of variation (%), from the store's per-series summary (its count,
   * mean and sum of squared deviations): never the points, so a 10-million-point log costs a row.
   */
  seriesCvs(metric: string, config: string | null): Array<number | null>;
}

/** A series' CV (%) from its summary: sample sd ÷ |mean| × 100; null with fewer than two samples or a zero mean. */
export function cvOfSummary(s: { samples: number; mean: number | null; m2: number | null }): number | null {
  if (s.samples < 2 || s.mean === null || s.m2 === null || s.mean === 0) return null;
  return (Math.sqrt(s.m2 / (s.samples - 1)) / Math.abs(s.mean)) * 100;
}

/** The series metric a period comparison is read on when none is named: latency, else the first. */
export function periodMetricDefault(seriesMetrics: Iterable<string>, runs: readonly RunRecord[] = []): string | null {
  const have = new Set(seriesMetrics);
  return [...PERIOD_LATENCY, ...defaultMetrics(runs).map((d) => d.metric)].find((m) => have.has(m)) ?? metricOrder(have)[0] ?? null;
}

/** The before and after of a study's periods, named as engineers name them; else the first two. */
export function beforeAfter(periods: readonly string[]): [string, string] | null {
  if (periods.length < 2) return null;
  const baseline = periods.find((p) => /before|pre/i.test(p)) ?? periods[0]!;
  const candidate = periods.find((p) => p !== baseline && /after|post/i.test(p) && !/pre/i.test(p)) ?? periods.find((p) => p !== baseline)!;
  return [baseline, candidate];
}

/** Workloads two configurations share, under the pairing keys, where both sides have the metric. */
function sharedWorkloads(runs: readonly RunRecord[], baseline: string, candidate: string, metric: string, keys: readonly string[]): number {
  const side = (c: string): Set<string> => new Set([...groupWorkloads(runs.filter((r) => r.config === c && r.metrics[metric] !== undefined), keys).keys()]);
  const b = side(baseline);
  return [...side(candidate)].filter((k) => b.has(k)).length;
}

function compareDefault(input: StudyDefaultsInput, runs: readonly RunRecord[], seriesMetrics: Set<string>): StudyDefaults['compare'] {
  const periods = beforeAfter(input.periods);
  if (periods && seriesMetrics.size > 0) {
    const metric = periodMetricDefault(seriesMetrics, runs)!;
    return { baseline: periods[0], candidate: periods[1], metric, pairs: 0, why: `the study's periods ${periods[0]} and ${periods[1]}, on ${metric}: a before/after study is read on latency` };
  }
  if (input.configs.length < 2) return null;
  const [baseline, candidate] = input.configs as [string, string];
  const defaults = defaultMetrics(runs);
  if (defaults.length === 0) return null;
  // A volume (AWR's active sessions, DB time) has no better or worse: its change carries no
  // verdict, so the study's strongest figure is a metric with a direction (issue 20: each study
  // opens on its strongest view). Volumes are the fallback, when nothing else pairs.
  const directed = defaults.filter((d) => !describeMetric(d.metric)?.volume);
  const pick = (candidates: typeof defaults): { best: (typeof defaults)[number]; pairs: number } | null => {
    let best: { best: (typeof defaults)[number]; pairs: number } | null = null;
    for (const d of candidates) {
      const n = sharedWorkloads(runs, baseline, candidate, d.metric, input.pairingKeys);
      if (!best || n > best.pairs) best = { best: d, pairs: n };
    }
    return best;
  };
  const withDirection = pick(directed);
  const chosen = withDirection && withDirection.pairs > 0 ? withDirection : pick(defaults)!;
  const kind = chosen.best === withDirection?.best ? 'primary metric with a direction' : 'primary metric';
  return { baseline, candidate, metric: chosen.best.metric, pairs: chosen.pairs, why: `${chosen.best.tool}'s ${kind} with the most workloads in common (${chosen.pairs})` };
}

/** Parameters whose numeric values differ within some configuration: what was swept. */
function sweptWithinConfig(runs: readonly RunRecord[], keys: readonly string[]): string[] {
  return keys.filter((k) => {
    const byConfig = new Map<string, Set<number>>();
    for (const r of runs) {
      const v = r.params[k];
      if (typeof v !== 'number') continue;
      const set = byConfig.get(r.config) ?? new Set<number>();
      set.add(v);
      byConfig.set(r.config, set);
    }
    return [...byConfig.values()].some((s) => s.size >= 2);
  });
}

function scalingDefault(runs: readonly RunRecord[]): StudyDefaults['scaling'] {
  const loads = sweptWithinConfig(runs, SWEPT_LOADS);
  const others = sweptWithinConfig(runs, OTHER_X);
  // A load when one is swept; else the one parameter that varies (issue 39's volumes, each at
  // seven block sizes and nothing else): that is the sweep. Of two (S4's block size and mix), none.
  const x = loads[0] ?? (others.length === 1 ? others[0]! : null);
  const swept = x ? runs.filter((r) => typeof r.params[x] === 'number') : runs;
  const defaults = defaultMetrics(swept);
  const metric = (defaults.find((d) => d.role === 'throughput') ?? defaults[0])?.metric ?? null;
  return { x, metric, loads, others };
}

/** Do these runs' series lie apart in time (different days, one run after another)? Then t = 0 aligns them. */
export function runsApart(spans: ReadonlyArray<{ from: number; to: number }>): boolean {
  if (spans.length < 2) return false;
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const overlap = sorted.some((s, i) => i > 0 && s.from < sorted[i - 1]!.to);
  if (overlap) return false;
  const longest = Math.max(...sorted.map((s) => s.to - s.from), 1);
  const whole = sorted[sorted.length - 1]!.to - sorted[0]!.from;
  // Back to back they already read as one curve; apart, each is a sliver of the whole axis.
  return whole > 2 * longest;
}

function varies(cvs: ReadonlyArray<number | null>): boolean {
  return cvs.some((cv) => (cv ?? 0) >= VARIES_CV_PCT);
}

function seriesDefault(input: StudyDefaultsInput, seriesMetrics: Set<string>): StudyDefaults['series'] {
  if (seriesMetrics.size === 0) return null;
  const withSeries = new Set(input.spans.map((s) => s.run));
  const primary = defaultMetrics(input.runs.filter((r) => withSeries.has(r.id))).map((d) => d.metric);
  const order = [...new Set([...(input.periods.length >= 2 ? PERIOD_LATENCY : []), ...primary, ...SERIES_FALLBACK, ...metricOrder(seriesMetrics)])].filter((m) => seriesMetrics.has(m));
  const pick = (metric: string): NonNullable<StudyDefaults['series']> => {
    const config = input.seriesConfigs(metric)[0] ?? null;
    const spans = input.spans.filter((s) => s.metric === metric && (config === null || s.config === config));
    // Periods cut one clock: a study with periods keeps its time axis.
    return { metric, config, align: input.periods.length === 0 && runsApart(spans), runs: spans.map((s) => s.run) };
  };
  for (const metric of order.slice(0, MAX_SERIES_TRIED)) {
    const chosen = pick(metric);
    if (varies(input.seriesCvs(metric, chosen.config))) return chosen;
  }
  return pick(order[0]!);
}

/**
 * What runs of one table ran on (fio's filename: the device or file), when they differ: four
 * volumes' runs in one configuration are otherwise four identical-looking rows per block size.
 */
function ranOnColumns(runs: readonly RunRecord[], shown: readonly RunColumn[]): RunColumn[] {
  return ['target', 'device'].filter((k) => !shown.some((c) => c.key === k)
    && new Set(runs.map((r) => r.params[k]).filter((v) => v !== undefined && v !== '')).size >= 2).map((key) => ({ kind: 'param', key }));
}

/** The Runs table's columns per configuration and tool (a configuration of S5 holds three tools). */
function runsColumns(input: StudyDefaultsInput, objects: Map<number, number>): StudyDefaults['runs_columns'] {
  const out: StudyDefaults['runs_columns'] = [];
  for (const config of input.configs) {
    const mine = input.runs.filter((r) => r.config === config);
    for (const [tool, runs] of runsByTool(mine)) {
      // A parameter read from file paths names the workload in Runs too (ranges=short beside the threads).
      const mine: RunColumn[] = (input.userParams ?? []).filter((k) => runs.some((r) => r.params[k] !== undefined)).map((key) => ({ kind: 'param', key }));
      const columns: RunColumn[] = [...mine, ...ranOnColumns(runs, mine), ...runColumns(tool, runs, (r) => objects.get((r as RunRecord).id))];
      out.push({ config, tool, runs: runs.map((r) => r.id), columns });
    }
  }
  return out;
}

function runFacts(runs: readonly RunRecord[], objects: Map<number, number>): StudyDefaults['run_facts'] {
  const out: StudyDefaults['run_facts'] = {};
  for (const r of runs) {
    const top = topEventOf(r);
    const n = objects.get(r.id);
    if (top !== null || n !== undefined) out[String(r.id)] = { ...(n !== undefined ? { objects: n } : {}), ...(top !== null ? { top_event: top } : {}) };
  }
  return out;
}

/** Metrics of the study the flat dictionary does not list (a tool's families), described. */
function described(runs: readonly RunRecord[], seriesMetrics: Set<string>): MetricInfo[] {
  const flat = new Set(allMetrics().map((m) => m.name));
  const names = new Set([...runs.flatMap((r) => Object.keys(r.metrics)), ...seriesMetrics]);
  return metricOrder([...names].filter((n) => !flat.has(n))).map(describeMetric).filter((m): m is MetricInfo => m !== null);
}

export function studyDefaults(input: StudyDefaultsInput): StudyDefaults {
  const ok = input.runs.filter((r) => r.errors.length === 0);
  const seriesMetrics = new Set(input.spans.map((s) => s.metric));
  const objects = new Map<number, number>();
  for (const s of input.spans) objects.set(s.run, Math.max(objects.get(s.run) ?? 0, s.objects));
  return {
    study: input.study,
    metrics: defaultMetrics(ok),
    runs_columns: runsColumns(input, objects),
    run_facts: runFacts(input.runs, objects),
    compare: compareDefault(input, ok, seriesMetrics),
    scaling: scalingDefault(ok),
    series: seriesDefault(input, seriesMetrics),
    described: described(input.runs, seriesMetrics),
    series_runs: input.spans.map((s) => ({ run: s.run, config: s.config, metric: s.metric })),
  };
}
