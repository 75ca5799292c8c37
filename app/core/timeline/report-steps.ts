/**
 * A database's consecutive reports (AWR, STATSPACK) as step series over their snapshot
 * intervals: each report is one interval, [begin snapshot, end snapshot], and one value of each
 * figure (DB time, average active sessions, the top waits' average wait, physical reads and
 * writes per second, the host's CPU). Reports group by database and instance, a RAC global
 * report apart ("SLOBRAC/slobrac1", "SLOBRAC/global"); SQL and compare-period reports are not
 * intervals of a running database and stay out.
 */
import { isIdleEventKey } from '../../../importers/awr/idle-events.js';
import type { RunRecord } from '../../contract/records.js';
import { isReportTool } from './layers.js';

/** Physical reads and writes per second, by the Load Profile label each release prints. */
export const READS_PER_S = ['load.read_io_requests_per_s', 'load.physical_reads_per_s', 'load.physical_read_blocks_per_s', 'load.physical_read_io_requests_per_s'];
export const WRITES_PER_S = ['load.write_io_requests_per_s', 'load.physical_writes_per_s', 'load.physical_write_blocks_per_s', 'load.physical_write_io_requests_per_s'];
const FIXED = ['db_time_s', 'aas', 'cpu_usr_pct', 'cpu_sys_pct', 'cpu_iowait_pct'];
/** How many of the group's busiest non-idle waits get a lane of their average wait. */
const TOP_WAITS = 3;

export interface ReportInterval {
  run: RunRecord;
  from: number;
  to: number;
}

const INTERVAL_KINDS = new Set(['awrrpt', 'awrgrpt', 'statspack']);

/** The group a report belongs to: its database and instance, or its database's global report. */
export function reportGroup(run: RunRecord): string {
  const db = String(run.params['db_name'] ?? 'database');
  if (run.params['report'] === 'awrgrpt') return `${db}/global`;
  return `${db}/${String(run.params['instance'] ?? run.params['inst_num'] ?? '?')}`;
}

/** The study's reports by group, each in time order, with their intervals. */
export function reportIntervals(runs: readonly RunRecord[]): Map<string, ReportInterval[]> {
  const out = new Map<string, ReportInterval[]>();
  for (const run of runs) {
    if (!isReportTool(run.tool) || !INTERVAL_KINDS.has(String(run.params['report'] ?? '')) || !run.start || !run.end) continue;
    const from = Date.parse(run.start);
    const to = Date.parse(run.end);
    if (!(to > from)) continue;
    const g = reportGroup(run);
    const list = out.get(g) ?? [];
    list.push({ run, from, to });
    out.set(g, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.from - b.from);
  return out;
}

/** The first of `names` the reports have: one label's key across a group, never a mix. */
export function firstPresent(reports: readonly ReportInterval[], names: readonly string[]): string | null {
  return names.find((n) => reports.some((r) => r.run.metrics[n] !== undefined)) ?? null;
}

/** The step metrics a group offers, most telling first. */
export function stepMetrics(reports: readonly ReportInterval[]): string[] {
  const has = (m: string): boolean => reports.some((r) => r.run.metrics[m] !== undefined);
  const time = new Map<string, number>();
  for (const r of reports) {
    for (const [k, v] of Object.entries(r.run.metrics)) {
      const m = /^wait\.(.+)\.time_s$/.exec(k);
      if (m && !isIdleEventKey(m[1]!) && has(`wait.${m[1]}.avg_ms`)) time.set(m[1]!, (time.get(m[1]!) ?? 0) + v);
    }
  }
  const waits = [...time].sort((a, b) => b[1] - a[1]).slice(0, TOP_WAITS).map(([e]) => `wait.${e}.avg_ms`);
  return [...['aas', 'db_time_s'].filter(has), firstPresent(reports, READS_PER_S), firstPresent(reports, WRITES_PER_S), ...waits, ...FIXED.slice(2).filter(has)]
    .filter((m): m is string => m !== null);
}

/** [start, end, value] per report that has the metric, times shifted by each run's offset (ms). */
export function steps(reports: readonly ReportInterval[], metric: string, shiftMs: (run: number) => number): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (const r of reports) {
    const v = r.run.metrics[metric];
    if (v === undefined || !Number.isFinite(v)) continue;
    const s = shiftMs(r.run.id);
    out.push([r.from + s, r.to + s, v]);
  }
  return out;
}
