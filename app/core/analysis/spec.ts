/**
 * The analysis specification: what one analysis of a study compares (baseline, candidates,
 * metrics, latency, workload filter, pairing keys, tie band), resolved once from the study's
 * settings, the report's saved specification and the options of the command line or the section
 * editor, and checked: a name the study does not have is an error naming the closest ones, and an
 * option that cannot apply (a filter on a parameter no run has) is an error, never ignored.
 */
import type { AnalysisSpec, ResolvedAnalysisSpec, RunRecord } from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { closestNames, unknownName, UnknownNameError } from '../closest-names.js';
import { parseWorkloadFilter, filterText } from '../compare/workload-filter.js';
import { defaultMetrics } from '../metrics/default-metrics.js';
import { metricOrder } from '../metrics/dictionary.js';
import { tieBandOf } from './tie-band.js';
import { bindingMetric } from './design.js';

/** What the caller adds to a saved specification (the command line's options, the editor's fields). */
export interface SpecOptions extends AnalysisSpec {
  /** The workload filter: replaces the saved one; "" clears it. */
  where?: string | readonly string[];
}

/** Parameters a filter or a pairing key may name: every parameter some run of the study has. */
export function studyParameters(runs: readonly RunRecord[]): string[] {
  return [...new Set(runs.flatMap((r) => Object.keys(r.params)))].sort();
}

/** A workload filter whose every clause names a parameter some run has; else an error naming the closest. */
export function checkedWhere(where: string | readonly string[] | undefined | null, runs: readonly RunRecord[], studyName: string): string | null {
  if (where === undefined || where === null) return null;
  const text = (typeof where === 'string' ? [where] : [...where]).join('; ').trim();
  if (!text) return null;
  const clauses = parseWorkloadFilter(text);
  const params = studyParameters(runs);
  for (const c of clauses) {
    if (!params.includes(c.key)) throw unknownName('parameter', c.key, params, `the runs of study "${studyName}" (a filter on it would keep every run)`);
  }
  return filterText(clauses).replace(/ ≠ /g, '!=').replace(/ = /g, '=').replace(/, /g, ',');
}

/** The metrics an analysis states by default: the binding throughputs present, then the tools' primary latency. */
function defaultSpecMetrics(runs: readonly RunRecord[]): { metrics: string[]; latency: string | null } {
  const defaults = defaultMetrics(runs);
  const throughput = defaults.filter((d) => d.role === 'throughput').map((d) => d.metric);
  // Both of a storage tool's throughputs where some workload binds on each (IOPS for small blocks,
  // bandwidth for large), and each tool's own where a study has several.
  const groups = new Map<string, RunRecord[]>();
  for (const r of runs) {
    const k = `${r.tool}\u0000${String(r.params['bs'] ?? '')}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const binding = new Set([...groups.values()].map((g) => bindingMetric(g)).filter((m): m is string => m !== null));
  const picked = throughput.filter((m) => binding.has(m));
  const metrics = picked.length ? picked : throughput.slice(0, 1);
  if (metrics.length === 0 && defaults[0]) metrics.push(defaults[0].metric);
  const latency = defaults.find((d) => d.role === 'latency')?.metric ?? null;
  return { metrics, latency };
}

/**
 * The specification with every default filled in. `saved`: the report's; `options`: what the
 * caller gives now (wins over `saved`). Throws, naming the closest, on a name the study lacks.
 */
export function resolveSpec(queries: StudyQueries, study: string, saved: AnalysisSpec | undefined, savedWhere: string | undefined, options: SpecOptions = {}): ResolvedAnalysisSpec {
  const summary = queries.studies().find((s) => s.slug === study || s.name === study);
  if (!summary) throw unknownName('study', study, queries.studies().map((s) => s.slug), 'this data folder');
  const settings = queries.settings(summary.slug);
  const all = queries.runs({ study: summary.slug, all: true });
  const runs = all.filter((r) => !r.excluded && r.errors.length === 0);
  const configs = summary.configs;
  const where = checkedWhere(options.where !== undefined ? options.where : savedWhere, runs, summary.name);
  const pick = <K extends keyof AnalysisSpec>(k: K): AnalysisSpec[K] => (options[k] !== undefined ? options[k] : saved?.[k]);

  const baseline = pick('baseline') ?? configs[0];
  if (baseline === undefined) throw new Error(`study "${summary.name}" has no configuration to analyse yet: import some results`);
  if (!configs.includes(baseline)) {
    if (summary.periods.includes(baseline)) throw new Error(`"${baseline}" is a period: the analysis sets configurations against each other (compare periods with perfdelta compare)`);
    throw unknownName('configuration', baseline, configs, `study "${summary.name}"`);
  }
  const asked = pick('candidates');
  for (const c of asked ?? []) if (!configs.includes(c)) throw unknownName('configuration', c, configs, `study "${summary.name}"`);
  const candidates = (asked?.length ? asked : configs).filter((c) => c !== baseline);

  const names = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort();
  const checkMetric = (m: string): void => {
    if (!names.includes(m)) throw unknownName('metric', m, names, `the runs of study "${summary.name}"`);
  };
  const fallback = defaultSpecMetrics(runs);
  const metrics = pick('metrics')?.length ? metricOrder(pick('metrics')!) : fallback.metrics;
  metrics.forEach(checkMetric);
  const latency = pick('latency') ?? fallback.latency;
  if (pick('latency') !== undefined) checkMetric(latency!);

  const params = studyParameters(runs);
  const keys = pick('pairing_keys') ?? settings.pairing_keys;
  for (const k of pick('pairing_keys') ?? []) {
    if (!params.includes(k)) {
      const close = closestNames(k, params);
      throw new UnknownNameError('parameter', k, close, `unknown parameter "${k}" in the runs of study "${summary.name}": pairing on it would change nothing${close.length ? `; the closest: ${close.map((c) => `"${c}"`).join(', ')}` : ''}`);
    }
  }
  const band = pick('tie_band_pct');
  if (band !== undefined && !(band >= 0 && band <= 100)) throw new Error(`the tie band is a percentage from 0 to 100, not ${band}`);
  const tieBand = band !== undefined ? tieBandOf(band, { pct: settings.tie_band?.noise_pct ?? null, workloads: settings.tie_band?.noise_workloads ?? 0 })
    : settings.tie_band ?? tieBandOf(settings.tie_band_pct, { pct: null, workloads: 0 });

  return {
    study: summary.slug, baseline, candidates, metrics, latency: latency ?? null, where, pairing_keys: [...keys], tie_band: tieBand,
    path_params: settings.path_params, excluded_runs: all.filter((r) => r.excluded).map((r) => r.id),
  };
}

/** The specification as a report saves it: only what differs from the study's defaults is kept open to change with them. */
export function savedSpec(spec: SpecOptions, before: AnalysisSpec | undefined): AnalysisSpec {
  const out: AnalysisSpec = { ...(before ?? {}) };
  for (const k of ['baseline', 'candidates', 'metrics', 'latency', 'pairing_keys', 'tie_band_pct'] as const) {
    if (spec[k] !== undefined) (out as Record<string, unknown>)[k] = spec[k];
  }
  return out;
}
