/**
 * A trend: one workload's metric across runs in time (nightly fio on the same array, firmware
 * after firmware), with its change points (change-points.ts). The same function serves a study
 * of the local store that holds a history and the team catalog's runs across studies.
 *
 * Which runs: those with the metric, not excluded, matching the workload strictly (a run must
 * have each named parameter: `bs=4K; pattern=random; read_pct=100; iodepth=32`), and optionally
 * of one configuration, tool or host. They must then be one workload under the study's pairing
 * keys (block size, pattern, mix, depth, jobs, threads, VUs...): a trend of 4K and 64K runs
 * together would show their difference as a change, so several workloads are refused, each
 * named, to narrow with --workload. Each run is placed at its start (else its end); runs
 * without a time are left out and counted.
 *
 * Each point carries what identifies the build it measured: the first of its parameters
 * commit, build, revision, version, firmware (a dated table's columns), else its configuration.
 */
import type { TrendChangePoint, TrendExcursion, TrendPoint, TrendResult } from '../../../contract/catalog-records.js';
import type { ParamValue } from '../../../contract/records.js';
import { DEFAULT_PAIRING_KEYS, formatBlockSize, groupWorkloads, workloadLabel, workloadParams } from '../../compare/pairing.js';
import { parseWorkloadFilter, keepsRun, type WorkloadClause } from '../../compare/workload-filter.js';
import { describeMetric, metricLabel } from '../../metrics/dictionary.js';
import { changePoints, type ChangePointOptions } from './change-points.js';

/** What a trend needs of a run: a local RunRecord or a catalog row. */
export interface TrendRun {
  id: number;
  study: string;
  config: string;
  tool: string;
  name: string;
  host: string | null;
  start: string | null;
  end: string | null;
  params: Record<string, ParamValue>;
  metrics: Record<string, number>;
}

export interface TrendQuery extends ChangePointOptions {
  metric: string;
  /** Strict parameter clauses: `bs=4K; pattern=random`. */
  workload?: string | string[];
  config?: string;
  tool?: string;
  host?: string;
  pairingKeys?: readonly string[];
}

/** The parameters that name the build a run measured, first found first. */
export const VERSION_PARAMS = ['commit', 'build', 'revision', 'version', 'firmware'] as const;

/** A trend that cannot be drawn as asked, with the workloads it could be of. */
export class TrendError extends Error {
  constructor(message: string, readonly workloads: TrendResult['workloads'] = []) {
    super(message);
    this.name = 'TrendError';
  }
}

/** A workload's parameters as a --workload value (block sizes as engineers write them). */
export function workloadClauses(params: Record<string, ParamValue>): string {
  return Object.entries(params).map(([k, v]) => `${k}=${k === 'bs' && typeof v === 'number' ? formatBlockSize(v) : String(v)}`).join('; ');
}

function strictlyKeeps(run: TrendRun, clauses: readonly WorkloadClause[]): boolean {
  return clauses.every((c) => run.params[c.key] !== undefined) && keepsRun(run as never, clauses);
}

const globMatch = (pattern: string, value: string): boolean => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(value);

function versionOf(run: TrendRun): string {
  for (const k of VERSION_PARAMS) if (run.params[k] !== undefined && run.params[k] !== '') return String(run.params[k]);
  return run.config;
}

function pointOf(run: TrendRun, value: number, ms: number): TrendPoint {
  return { time: new Date(ms).toISOString(), value, run: run.id, study: run.study, config: run.config, name: run.name, version: versionOf(run) };
}

const METHOD = "E-divisive means as Apache Otava 0.8.0 (split over sliding windows, merge by Student's t-test); a level must last min_level_runs runs";

/** A trend with no points, saying why (what a saved chart draws when its runs no longer make one). */
export function emptyTrend(q: TrendQuery, problem: string, locale: 'en' | 'zh-CN' = 'en', workloads: TrendResult['workloads'] = []): TrendResult {
  const info = describeMetric(q.metric);
  const r = changePoints([], q);
  return {
    metric: q.metric, metric_label: info ? metricLabel(info, locale) : q.metric, unit: info?.unit ?? '', better: info?.better ?? null,
    workload: {}, workload_label: '', points: [], change_points: [], excursions: [], untimed: 0,
    options: { window_len: r.options.windowLen, max_pvalue: r.options.maxPValue, min_magnitude: r.options.minMagnitude, min_level_runs: r.options.minLevelRuns },
    method: METHOD, problem, workloads,
  };
}

/** The trend of `q.metric` over `runs` (any order), with change points by Otava's method. */
export function trendOf(runs: readonly TrendRun[], q: TrendQuery, locale: 'en' | 'zh-CN' = 'en'): TrendResult {
  const clauses = parseWorkloadFilter(q.workload);
  const keys = q.pairingKeys ?? DEFAULT_PAIRING_KEYS;
  const withMetric = runs.filter((r) => Number.isFinite(r.metrics[q.metric])
    && (q.config === undefined || globMatch(q.config, r.config))
    && (q.tool === undefined || r.tool === q.tool)
    && (q.host === undefined || (r.host !== null && globMatch(q.host, r.host))));
  const all = [...groupWorkloads(withMetric as never, keys).values()].map((w) => ({ label: workloadLabel(w.params, locale), workload: workloadClauses(w.params), runs: w.runs.length }));
  const picked = withMetric.filter((r) => strictlyKeeps(r, clauses));
  const workloads = [...groupWorkloads(picked as never, keys).values()];
  if (workloads.length > 1) {
    const list = workloads.slice(0, 12).map((w) => `${w.label} (${w.runs.length} runs)`).join(', ');
    throw new TrendError(`the runs with ${q.metric}${clauses.length ? ' matching the workload' : ''} are ${workloads.length} workloads: ${list}${workloads.length > 12 ? ', …' : ''}; name one with --workload (for example "${workloadClauses(workloads[0]!.params) || 'bs=4K'}")`, all);
  }
  const timed: Array<{ run: TrendRun; ms: number }> = [];
  let untimed = 0;
  for (const r of picked) {
    const t = r.start ?? r.end;
    const ms = t === null ? NaN : Date.parse(t);
    if (Number.isFinite(ms)) timed.push({ run: r, ms });
    else untimed++;
  }
  timed.sort((a, b) => a.ms - b.ms || a.run.study.localeCompare(b.run.study) || a.run.id - b.run.id);
  const points = timed.map(({ run, ms }) => pointOf(run, run.metrics[q.metric]!, ms));
  const values = points.map((p) => p.value);
  const result = changePoints(values, q);
  const info = describeMetric(q.metric);
  const better = info?.better ?? null;
  const verdictOf = (change: number): 'better' | 'worse' | 'neutral' => {
    if (better === 'higher') return change > 0 ? 'better' : 'worse';
    if (better === 'lower') return change < 0 ? 'better' : 'worse';
    return 'neutral';
  };
  const change_points: TrendChangePoint[] = result.changePoints.map((c) => ({
    index: c.index,
    time: points[c.index]!.time,
    before: points[c.index - 1]!,
    after: points[c.index]!,
    mean_before: c.meanBefore,
    mean_after: c.meanAfter,
    sd_before: c.sdBefore,
    sd_after: c.sdAfter,
    change_pct: c.forwardChange * 100,
    magnitude: c.magnitude,
    p_value: c.pValue,
    verdict: verdictOf(c.forwardChange),
  }));
  const excursions: TrendExcursion[] = result.excursions.map((e) => ({
    index: e.index, count: e.count, where: e.where, points: points.slice(e.index, e.index + e.count),
    mean: e.mean, level_mean: e.levelMean, change_pct: e.change * 100, p_value: e.pValue,
  }));
  const workload = workloads[0] ? workloadParams(workloads[0].runs[0]!, keys) : {};
  return {
    metric: q.metric,
    metric_label: info ? metricLabel(info, locale) : q.metric,
    unit: info?.unit ?? '',
    better,
    workload,
    workload_label: workloads[0] ? workloadLabel(workloads[0].params, locale) : '',
    points,
    change_points,
    excursions,
    untimed,
    options: { window_len: result.options.windowLen, max_pvalue: result.options.maxPValue, min_magnitude: result.options.minMagnitude, min_level_runs: result.options.minLevelRuns },
    method: METHOD,
    workloads: all,
  };
}
