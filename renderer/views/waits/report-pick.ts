/**
 * Which AWR report each side of the Wait events view shows. A configuration may hold several
 * (a RAC node's report and the global one): the baseline starts on its global report, the
 * candidate on the report of the same kind and instance. When the two picked are of different
 * instances the view says so, naming both: a node's waits are not the cluster's (issue 29).
 */
import type { RunRecord } from '../../../app/contract/records.js';

const AWR_TOOLS = new Set(['oracle-awr', 'oracle-statspack']);

/** Runs of a configuration that have wait event tables. */
export function reportsOf(runs: readonly RunRecord[], config: string): RunRecord[] {
  return runs.filter((r) => r.config === config && AWR_TOOLS.has(r.tool) && (Array.isArray(r.tables['top_events']) || Array.isArray(r.tables['foreground_events'])));
}

/** "RAC global (slobrac1, slobrac2)", "instance 2 (slobrac2)": what a report measured. */
export function instanceLabel(run: RunRecord): string {
  const p = run.params;
  const names = p['instance'] === undefined ? '' : String(p['instance']).split(',').map((s) => s.trim()).join(', ');
  if (p['report'] === 'awrgrpt') return `RAC global${names ? ` (${names})` : ''}`;
  if (p['inst_num'] !== undefined) return `instance ${String(p['inst_num'])}${names ? ` (${names})` : ''}`;
  return names || run.name;
}

const kind = (r: RunRecord): string => String(r.params['report'] ?? '');
const inst = (r: RunRecord): string => String(r.params['inst_num'] ?? '');

/** The baseline's first report: the global one where there is one. */
export function firstReport(reports: readonly RunRecord[]): RunRecord | null {
  return reports.find((r) => kind(r) === 'awrgrpt') ?? reports[0] ?? null;
}

/** The candidate report that matches the baseline's: same kind and instance, else same kind, else the first. */
export function matchingReport(reports: readonly RunRecord[], to: RunRecord | null): RunRecord | null {
  if (!to) return reports[0] ?? null;
  return reports.find((r) => kind(r) === kind(to) && inst(r) === inst(to))
    ?? reports.find((r) => kind(r) === kind(to))
    ?? reports[0] ?? null;
}

/** The two reports' instances when they differ (a node against another node, or against the cluster), else null. */
export function differentInstances(a: RunRecord | null, b: RunRecord | null): [string, string] | null {
  if (!a || !b) return null;
  const x = instanceLabel(a);
  const y = instanceLabel(b);
  return kind(a) === kind(b) && inst(a) === inst(b) ? null : [x, y];
}
