/**
 * What the report templates share: the metrics a report leads with, a values table section, the
 * closed-loop test behind the Little's-law note, and the swept parameters.
 */
import { randomUUID } from 'node:crypto';
import type { PivotValue, ReportLayout, ReportSection, RunRecord } from '../../contract/records.js';
import { describeMetric, metricLabel, metricOrder } from '../metrics/dictionary.js';
import { defaultMetrics } from '../metrics/default-metrics.js';
import { CLOSED_LOOP_TOOLS, sweptLoad } from '../analysis/design.js';

export { sweptLoad };

export const THROUGHPUT = ['total.iops', 'nopm', 'tpm', 'ops_per_s', 'tps', 'qps', 'total.bw_mib_s', 'read.iops', 'write.iops', 'read.ops_per_s'];
export const LATENCY = ['total.lat_avg_ms', 'read.lat_avg_ms', 'write.lat_avg_ms', 'total.clat_avg_ms', 'lat_avg_ms', 'read.clat_avg_ms'];
const SWEEP_KEYS = ['vus', 'sessions', 'threads', 'iodepth', 'numjobs'];

export const id = (): string => randomUUID().slice(0, 8);

/** A table of the values themselves beside the ratios: what engineers otherwise rebuild in a spreadsheet. */
export function valuesTable(title: string, rows: string[], columns: string[], values: PivotValue[], only?: Record<string, string[]>): ReportSection {
  return { id: id(), type: 'pivot', title, source: { kind: 'runs' }, rows, columns, values, ...(only ? { only } : {}) };
}

export function present(runs: readonly RunRecord[], wanted: readonly string[]): string[] {
  const have = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
  return wanted.filter((m) => have.has(m));
}

/** The metric most runs of the study have, from a preference list; else the most common one. */
function pick(runs: readonly RunRecord[], wanted: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const r of runs) for (const m of Object.keys(r.metrics)) counts.set(m, (counts.get(m) ?? 0) + 1);
  const ranked = wanted.filter((m) => counts.has(m)).sort((a, b) => counts.get(b)! - counts.get(a)!);
  return ranked[0] ?? null;
}

/** The throughput and the latency a report leads with: the first of each role among the tools' primary metrics. */
export function keyMetrics(runs: readonly RunRecord[]): { throughput: string | null; latency: string | null } {
  const defaults = defaultMetrics(runs);
  const throughput = defaults.find((d) => d.role === 'throughput')?.metric ?? defaults[0]?.metric
    ?? pick(runs, THROUGHPUT) ?? pick(runs, metricOrder(new Set(runs.flatMap((r) => Object.keys(r.metrics)))));
  const latency = defaults.find((d) => d.role === 'latency')?.metric ?? pick(runs, LATENCY);
  return { throughput, latency: latency === throughput ? null : latency };
}

/** Parameters that cap the rate (an open loop): there latency is a finding of its own. */
const RATE_LIMITS = ['rate_iops', 'rate', 'iorate', 'rate_iops_min', 'target_rate', 'rate_bytes_s'];

/**
 * Each workload ran a closed loop at one fixed load (queue depth, threads, virtual users): then
 * throughput and latency say the same thing, by Little's law (mean latency = I/Os in flight ÷
 * throughput), and a headline that printed both would state one finding twice.
 */
export function closedLoopAtFixedLoad(runs: readonly RunRecord[]): boolean {
  if (runs.length === 0 || !runs.every((r) => CLOSED_LOOP_TOOLS.has(r.tool))) return false;
  return !runs.some((r) => RATE_LIMITS.some((k) => typeof r.params[k] === 'number' && (r.params[k] as number) > 0));
}

export function littlesLawNote(throughput: string, latency: string, locale: 'en' | 'zh-CN'): string {
  const name = (m: string): string => { const i = describeMetric(m); return i ? metricLabel(i, locale) : m; };
  return locale === 'zh-CN'
    ? `在固定队列深度（或线程数）下，${name(throughput)}与${name(latency)}说明的是同一件事（利特尔定律：平均延迟 = 在途请求数 ÷ 吞吐量），因此主要结论只列${name(throughput)}；下表给出两者。`
    : `At a fixed queue depth (or thread count) ${name(throughput)} and ${name(latency)} say the same thing (Little's law: mean latency = requests in flight ÷ throughput), so the headline gives ${name(throughput)} alone; the table gives both.`;
}

export function sweepKey(runs: readonly RunRecord[]): string | null {
  for (const k of SWEEP_KEYS) {
    const values = new Set(runs.map((r) => r.params[k]).filter((v) => typeof v === 'number'));
    if (values.size >= 3) return k;
  }
  return null;
}


export interface TemplateResult {
  name: string;
  layout: ReportLayout;
  sections: ReportSection[];
}

export interface TemplateOptions {
  /** The configuration the others are set against; absent: the first configuration imported (never the alphabetically first). */
  baseline?: string;
}
