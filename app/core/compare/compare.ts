/**
 * Baseline against candidate: pair workloads, take the median of repetitions, state the
 * speedup per metric and its geometric mean across workloads.
 */
import type { CompareResult, ComparePair, RunRecord, UnmatchedWorkload } from '../../contract/records.js';
import { describeMetric, metricOrder } from '../metrics/dictionary.js';
import { compareWorkloads, DEFAULT_PAIRING_KEYS, groupWorkloads } from './pairing.js';
import { changePct, formatChange, formatSpeedup, geomean, median, speedup } from './speedup.js';

export const DEFAULT_COMPARE_METRICS = ['total.iops', 'total.bw_mib_s', 'total.lat_avg_ms'];

export interface CompareInput {
  study: string;
  baseline: string;
  candidate: string;
  /** Runs of the study; the sides are picked by configuration label. */
  runs: readonly RunRecord[];
  metrics?: readonly string[];
  pairingKeys?: readonly string[];
}

export function compareConfigs(input: CompareInput): CompareResult {
  const keys = input.pairingKeys ?? DEFAULT_PAIRING_KEYS;
  const sideRuns = (label: string): RunRecord[] => input.runs.filter((r) => r.config === label);
  const base = groupWorkloads(sideRuns(input.baseline), keys);
  const cand = groupWorkloads(sideRuns(input.candidate), keys);

  const available = new Set<string>();
  for (const r of input.runs) for (const m of Object.keys(r.metrics)) available.add(m);
  const metrics = input.metrics && input.metrics.length > 0
    ? [...input.metrics]
    : DEFAULT_COMPARE_METRICS.filter((m) => available.has(m));

  const shared = [...base.values()]
    .filter((w) => cand.has(w.key))
    .sort((a, b) => compareWorkloads(a.params, b.params));

  const pairs: ComparePair[] = [];
  for (const metric of metricOrder(metrics)) {
    const info = describeMetric(metric);
    for (const bw of shared) {
      const cw = cand.get(bw.key)!;
      const bVals = bw.runs.map((r) => r.metrics[metric]).filter((v): v is number => v !== undefined);
      const cVals = cw.runs.map((r) => r.metrics[metric]).filter((v): v is number => v !== undefined);
      if (bVals.length === 0 || cVals.length === 0) continue;
      const b = median(bVals);
      const c = median(cVals);
      const better = info?.better ?? 'higher';
      const s = speedup(b, c, better);
      const ch = changePct(b, c);
      pairs.push({
        workload: bw.label,
        workload_params: bw.params,
        metric,
        unit: info?.unit ?? '',
        better,
        baseline: b,
        candidate: c,
        speedup: s,
        change_pct: ch,
        speedup_text: formatSpeedup(s),
        change_text: formatChange(ch),
        n_baseline: bVals.length,
        n_candidate: cVals.length,
        baseline_runs: bw.runs.map((r) => r.id),
        candidate_runs: cw.runs.map((r) => r.id),
      });
    }
  }

  const unmatched: UnmatchedWorkload[] = [
    ...[...base.values()].filter((w) => !cand.has(w.key)).map((w) => ({ side: 'baseline' as const, workload: w.label, runs: w.runs.map((r) => r.id) })),
    ...[...cand.values()].filter((w) => !base.has(w.key)).map((w) => ({ side: 'candidate' as const, workload: w.label, runs: w.runs.map((r) => r.id) })),
  ];

  const geomeanSpeedup: Record<string, number> = {};
  for (const metric of metrics) {
    const g = geomean(pairs.filter((p) => p.metric === metric && p.speedup !== null).map((p) => p.speedup!));
    if (g !== null) geomeanSpeedup[metric] = g;
  }

  return {
    study: input.study,
    baseline: input.baseline,
    candidate: input.candidate,
    metrics: metricOrder(metrics),
    pairing_keys: [...keys],
    pairs,
    unmatched,
    geomean_speedup: geomeanSpeedup,
  };
}
