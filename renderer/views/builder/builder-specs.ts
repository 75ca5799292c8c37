/**
 * The chart builder's spec logic, apart from its controls: which kinds a study can draw, a spec
 * of another kind carrying over what both have (the metric, the sides, the runs), and the title
 * a chart gets until the user names it.
 */
import type { ChartSpec, RunRecord, StudySummary } from '../../../app/contract/records.js';

export type Kind = ChartSpec['kind'];
export const KINDS: Kind[] = ['compare-bars', 'speedup-heatmap', 'scaling', 'time-series', 'latency-cdf', 'latency-exceedance', 'run-series', 'wait-events', 'scatter', 'repetitions', 'box-plot', 'trend', 'timeline'];
export const X_PARAMS = ['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'bs', 'read_pct'];

export const hasBins = (r: RunRecord): boolean => Boolean(r.tables['latency_bins'] || r.tables['hist_log_bins']);
export const hasWaits = (r: RunRecord): boolean => Array.isArray(r.tables['top_events']);

/** The metric a spec draws (its Y metric for a scatter), if it names one. */
export function specMetric(spec: ChartSpec): string | undefined {
  if (spec.kind === 'scatter') return spec.y;
  return 'metric' in spec ? spec.metric : undefined;
}

/** The baseline a spec compares against, if any. */
export function specBaseline(spec: ChartSpec): string | undefined {
  return 'baseline' in spec ? spec.baseline : undefined;
}

/** Every candidate a spec compares with the baseline. */
export function specCandidates(spec: ChartSpec): string[] {
  if (spec.kind === 'compare-bars') return spec.candidates?.length ? spec.candidates : [spec.candidate];
  return 'candidate' in spec ? [spec.candidate] : [];
}

export interface StudyChoices {
  study: StudySummary;
  runs: RunRecord[];
  seriesMetrics: string[];
  /** Parameters with two or more numeric values. */
  xs: string[];
}

/** The first runs offered to a latency or runs-over-time chart: the same workload on every configuration. */
export function defaultRunsFor(kind: Kind, runs: RunRecord[]): number[] {
  const pool = kind === 'run-series' ? runs : runs.filter(hasBins);
  const first = pool[0];
  if (!first) return [];
  const same = pool.filter((r) => r.name === first.name);
  return (same.length > 1 ? same : pool.slice(0, 2)).map((r) => r.id);
}

/** A spec of another kind, carrying over what both have. */
export function respec(spec: ChartSpec, kind: Kind, c: StudyChoices): ChartSpec {
  const labels = [...c.study.configs, ...c.study.periods];
  const metric = specMetric(spec) ?? c.seriesMetrics[0] ?? '';
  const baseline = specBaseline(spec) ?? labels[0] ?? '';
  const candidates = specCandidates(spec).filter((x) => x !== baseline);
  const candidate = candidates[0] ?? labels.find((l) => l !== baseline) ?? '';
  const runsOf = (): number[] => ('runs' in spec && spec.runs.length ? spec.runs : defaultRunsFor(kind, c.runs));
  const seriesMetric = c.seriesMetrics.includes(metric) ? metric : c.seriesMetrics[0] ?? metric;
  switch (kind) {
    case 'compare-bars': return { kind, baseline, candidate, ...(candidates.length > 1 ? { candidates } : {}), metric };
    case 'speedup-heatmap': return { kind, baseline, metric };
    case 'scaling': return { kind, x: c.xs[0] ?? 'bs', metric };
    case 'time-series': return { kind, metric: seriesMetric, top: 8 };
    case 'latency-cdf':
    case 'latency-exceedance': return { kind, runs: runsOf() };
    case 'run-series': return { kind, runs: runsOf(), align: true };
    case 'wait-events': {
      const awr = c.study.configs.filter((x) => c.runs.some((r) => r.config === x && hasWaits(r)));
      const b = awr.includes(baseline) ? baseline : awr[0] ?? baseline;
      return { kind, baseline: b, candidate: awr.find((x) => x !== b && candidates.includes(x)) ?? awr.find((x) => x !== b) ?? candidate, events: 'foreground' };
    }
    case 'scatter': {
      const y = c.seriesMetrics.includes('write.lat_avg_ms') ? 'write.lat_avg_ms' : seriesMetric;
      const x = c.seriesMetrics.includes('write.iops') ? 'write.iops' : c.seriesMetrics.find((m) => m !== y) ?? y;
      return { kind, x, y, top: 10 };
    }
    case 'repetitions': return { kind, baseline, candidate, metric };
    case 'box-plot': return { kind, metric, over: 'runs' };
    // The workload is picked from the trend's answer (the workloads its runs hold).
    case 'trend': return { kind, metric: c.runs.some((r) => r.metrics[metric] !== undefined) ? metric : Object.keys(c.runs[0]?.metrics ?? {})[0] ?? metric };
    // The lanes the study opens on; the controls pick others.
    case 'timeline': return { kind };
  }
}
