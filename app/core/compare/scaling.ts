/**
 * Scaling curves: any parameter on X (virtual users, threads, iodepth, block size), any metric
 * on Y, one line per configuration (and per combination of the other workload parameters), the
 * knee marked where a knee means something: on a load parameter (virtual users, threads,
 * sessions, I/O depth, jobs, a rate), never on block size or a metric. The knee is the last point
 * before throughput stops growing meaningfully (doubling the load buys less than 10% more) while
 * latency outgrows it. Where no latency was measured, a closed-loop sweep's latency follows from
 * Little's law (concurrency / throughput), which grows faster than throughput whenever a
 * doubling buys less than about 41%: that alone marked S5's knee at 4 VU while NOPM still rose to
 * 16, so growth is judged first.
 *
 * Beside the knee, "stable up to": the last load before the latency the study states (the tool's
 * tail metric from the dictionary, p95 for sysbench, or the one the user picks) grows by more
 * than 50% for one doubling of the load. Judged on mean latency the knee sat a step before the
 * author's own reading in four of seven configurations (issue 28.2).
 */
import type { ParamValue, RunRecord, ScalingResult, ScalingSeries } from '../../contract/records.js';
import { describeMetric, metricLabel, TAIL_LATENCY } from '../metrics/dictionary.js';
import { compareWorkloads, DEFAULT_PAIRING_KEYS, workloadLabel, workloadParams } from './pairing.js';
import { median } from './stats.js';

/** Parameters that measure concurrency: Little's law applies to them. */
const CONCURRENCY = new Set(['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'async_clients', 'clients', 'users', 'workers', 'concurrency', 'outstanding']);
/** Offered rates (an open loop): a load too, but latency must be measured, Little's law does not give it. */
const RATES = new Set(['rate', 'rate_iops', 'iorate', 'iorate_target', 'curve_pct', 'target_rate']);

/** A load on the system: the only kind of X a knee can sit on. */
export function isLoadParameter(x: string): boolean {
  return CONCURRENCY.has(x) || RATES.has(x);
}

/**
 * Throughput has stopped growing meaningfully when a doubling of the load buys less than 10%
 * more: the elasticity ln(X1/X0) / ln(N1/N0) below log2(1.1), whatever the step (S2's sessions
 * go 256 -> 320 -> 392, S5's virtual users double).
 */
export const MEANINGFUL_GAIN_PER_DOUBLING = 0.1;

export interface KneeInput {
  x: number[];
  throughput: number[];
  /** Measured latency at each point, or null to derive it from concurrency / throughput. */
  latency: Array<number | null> | null;
}

export interface Knee {
  index: number;
  /** Throughput's gain over the next step, and latency's, as fractions (0.09 = +9%). */
  gain: number;
  latencyGrowth: number;
}

/** The knee, or null when throughput keeps growing (or latency keeps pace with it). */
export function findKnee({ x, throughput, latency }: KneeInput): Knee | null {
  const lat = latency ?? x.map((c, i) => (throughput[i]! > 0 ? c / throughput[i]! : null));
  const floor = Math.log2(1 + MEANINGFUL_GAIN_PER_DOUBLING);
  for (let i = 1; i < x.length; i++) {
    const t0 = throughput[i - 1]!;
    const t1 = throughput[i]!;
    const l0 = lat[i - 1];
    const l1 = lat[i];
    if (!(t0 > 0) || !(t1 > 0) || !(x[i]! > x[i - 1]!) || !(x[i - 1]! > 0) || l0 == null || l1 == null || !(l0 > 0)) continue;
    const elasticity = Math.log(t1 / t0) / Math.log(x[i]! / x[i - 1]!);
    const gain = (t1 - t0) / t0;
    const latencyGrowth = (l1 - l0) / l0;
    if (elasticity < floor && latencyGrowth > gain) return { index: i - 1, gain, latencyGrowth };
  }
  return null;
}

/** "Stable up to": latency may grow up to 50% for one doubling of the load, no more. */
export const STABLE_LATENCY_GROWTH_PER_DOUBLING = 0.5;

export interface Stable {
  /** The last point before latency's growth per doubling passes the limit; the last point when it never does. */
  index: number;
  /** Whether the rule fired within the sweep, and latency's growth per doubling over the step where it did. */
  fired: boolean;
  growthPerDoubling: number | null;
}

/** Where latency stops being stable, or null with fewer than two points of latency. */
export function stableUpTo(x: readonly number[], latency: ReadonlyArray<number | null>): Stable | null {
  let last = -1;
  for (let i = 0; i < x.length; i++) {
    const l1 = latency[i];
    if (l1 == null || !(l1 > 0) || !(x[i]! > 0)) continue;
    if (last >= 0) {
      const l0 = latency[last]!;
      const doublings = Math.log2(x[i]! / x[last]!);
      if (doublings > 0) {
        const perDoubling = (l1 / l0) ** (1 / doublings) - 1;
        if (perDoubling > STABLE_LATENCY_GROWTH_PER_DOUBLING) return { index: last, fired: true, growthPerDoubling: perDoubling };
      }
    }
    last = i;
  }
  return last > 0 ? { index: last, fired: false, growthPerDoubling: null } : null;
}

// fio's completion latency first (issue 27: the device's time, as fio's own reports lead with it), then total latency.
const LATENCY_GUESSES = ['total.clat_avg_ms', 'total.lat_avg_ms', 'neword.lat_avg_ms'];

/** The measured latency of a sweep: the one asked for, else the tool's tail metric, else a mean. */
export function sweepLatencyMetric(runs: readonly RunRecord[], asked?: string): string | null {
  if (asked) return asked;
  for (const r of runs) {
    const tail = TAIL_LATENCY[r.tool];
    if (tail && r.metrics[tail] !== undefined) return tail;
  }
  return LATENCY_GUESSES.find((m) => runs.some((r) => r.metrics[m] !== undefined)) ?? null;
}

/** A latency metric's short name in a rule: "latency p95", "mean latency". */
function latencyName(metric: string): string {
  const info = describeMetric(metric);
  return info ? metricLabel(info, 'en').replace(/^total /, '') : metric;
}

/** The rule in words: "latency p95 grows by more than 50% for one doubling of threads". */
export function stableRuleText(metric: string, x: string): string {
  return `${latencyName(metric)} grows by more than ${STABLE_LATENCY_GROWTH_PER_DOUBLING * 100}% for one doubling of ${x}`;
}

/**
 * A parameter that belongs to the configurations rather than the workloads: one value within
 * each configuration, not the same in all (issue 27's "RBD, numjobs=4" beside numjobs=1 mounts).
 * Curves are not split on it, so that configuration's lines share the other mounts' panels.
 */
function configurationKey(runs: readonly RunRecord[], key: string): boolean {
  const byConfig = new Map<string, Set<string>>();
  for (const r of runs) {
    const v = r.params[key];
    if (v === undefined) continue;
    const set = byConfig.get(r.config) ?? new Set<string>();
    set.add(String(v));
    byConfig.set(r.config, set);
  }
  if (byConfig.size < 2 || [...byConfig.values()].some((s) => s.size !== 1)) return false;
  return new Set([...byConfig.values()].map((s) => [...s][0])).size > 1;
}

export interface ScalingInput {
  runs: readonly RunRecord[];
  /** A parameter (vus, bs...) or a metric (total.iops: latency against throughput, vdbench curves). */
  x: string;
  metric: string;
  /** The latency metric for the knee; omitted: measured latency if the runs have one, else Little's law. */
  latencyMetric?: string;
  /** The parameters that make a workload (the study's pairing keys, path parameters among them): a line per combination. Default: the default pairing keys. */
  keys?: readonly string[];
}

export function scalingCurves(input: ScalingInput): ScalingResult {
  const info = describeMetric(input.metric);
  const others = (input.keys ?? DEFAULT_PAIRING_KEYS).filter((k) => k !== input.x && !configurationKey(input.runs, k));
  const groups = new Map<string, { config: string; params: Record<string, ParamValue>; byX: Map<number, RunRecord[]> }>();
  const xIsMetric = describeMetric(input.x) !== null;
  for (const r of input.runs) {
    const xv = xIsMetric ? r.metrics[input.x] : r.params[input.x];
    if (typeof xv !== 'number' || r.metrics[input.metric] === undefined || r.errors.length > 0) continue;
    // Observed parameters (an AWR report's session count) do not split a curve.
    const params: Record<string, ParamValue> = workloadParams(r, others);
    const key = JSON.stringify([r.config, others.map((k) => params[k] ?? null)]);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { config: r.config, params, byX: new Map() }));
    const list = g.byX.get(xv) ?? [];
    list.push(r);
    g.byX.set(xv, list);
  }
  const load = isLoadParameter(input.x);
  const latencyMetric = sweepLatencyMetric(input.runs, input.latencyMetric);
  const pct = (f: number): string => `${f >= 0 ? '+' : ''}${(f * 100).toFixed(1)}%`;
  const series: ScalingSeries[] = [...groups.values()].map((g) => {
    const xs = [...g.byX.keys()].sort((a, b) => a - b);
    const points = xs.map((xv) => {
      const runs = g.byX.get(xv)!;
      const lat = latencyMetric ? runs.map((r) => r.metrics[latencyMetric]).filter((v): v is number => v !== undefined) : [];
      return { x: xv, y: median(runs.map((r) => r.metrics[input.metric]!)), latency: lat.length ? median(lat) : null, runs: runs.map((r) => r.id) };
    });
    const throughputLike = info?.better === 'higher' && !xIsMetric;
    let knee: Knee | null = null;
    let kneeRule: string | null = null;
    if (throughputLike && load && points.length >= 3) {
      const measured = points.every((p) => p.latency !== null);
      if (measured || CONCURRENCY.has(input.x)) {
        knee = findKnee({ x: points.map((p) => p.x), throughput: points.map((p) => p.y), latency: measured ? points.map((p) => p.latency) : null });
        if (knee) {
          const next = points[knee.index + 1]!;
          const name = measured ? `${latencyName(latencyMetric!)} (${latencyMetric})` : `latency by Little's law (${input.x} / ${input.metric})`;
          kneeRule = `from ${input.x} ${points[knee.index]!.x} to ${next.x} ${input.metric} changes ${pct(knee.gain)} (under ${MEANINGFUL_GAIN_PER_DOUBLING * 100}% per doubling) while ${name} grows ${pct(knee.latencyGrowth)}`;
        }
      }
    }
    // "Stable up to" on measured latency only: Little's law restates throughput, it measures nothing.
    const stable = load && !xIsMetric && latencyMetric ? stableUpTo(points.map((p) => p.x), points.map((p) => p.latency)) : null;
    let stableNote: string | null = null;
    if (stable) {
      const at = points[stable.index]!;
      const next = stable.fired ? points.slice(stable.index + 1).find((p) => p.latency !== null) : undefined;
      stableNote = next
        ? `from ${input.x} ${at.x} to ${next.x} ${latencyName(latencyMetric!)} grows from ${at.latency!.toPrecision(4)} to ${next.latency!.toPrecision(4)} ms (${pct(stable.growthPerDoubling!)} per doubling, over ${STABLE_LATENCY_GROWTH_PER_DOUBLING * 100}%)`
        : `${latencyName(latencyMetric!)} grows by ${STABLE_LATENCY_GROWTH_PER_DOUBLING * 100}% or less per doubling over the whole sweep`;
    }
    const rest = workloadLabel(g.params);
    return {
      config: g.config, label: rest === 'all runs' ? g.config : `${g.config} · ${rest}`, params: g.params, points,
      knee: knee === null ? null : points[knee.index]!.x, knee_rule: knee === null ? null : kneeRule,
      stable_up_to: stable ? points[stable.index]!.x : null, stable_within_sweep: stable ? stable.fired : null, stable_rule: stableNote,
    };
  });
  // By configuration, then workloads as the comparison orders them (by value: 512B, 4K, 1M).
  series.sort((a, b) => a.config.localeCompare(b.config) || compareWorkloads(a.params, b.params));
  const measured = load && !xIsMetric && latencyMetric !== null && series.some((l) => l.stable_up_to !== null);
  return {
    x: input.x, metric: input.metric, unit: info?.unit ?? '', series, x_load: load && !xIsMetric,
    latency_metric: measured ? latencyMetric : null,
    stable_rule: measured ? stableRuleText(latencyMetric!, input.x) : null,
    stable_limit_pct: STABLE_LATENCY_GROWTH_PER_DOUBLING * 100,
  };
}
