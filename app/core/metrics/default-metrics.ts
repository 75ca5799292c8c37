/**
 * "The default metrics for these runs": each tool's primary metrics (the dictionary's tool
 * profiles) resolved against what the runs hold. Compare, Scaling, Time series, the report
 * templates and the CLI all start from this one answer, so sysbench opens on TPS and p95, fio on
 * IOPS, bandwidth and completion latency, HammerDB on NOPM, AWR on its active sessions.
 */
import type { RunColumn, RunRecord } from '../../contract/records.js';
import { snakeKey } from '../../../importers/awr/names.js';
import { describeMetric, TOP_EVENT_WAITS, toolProfile, type PrimaryRole, type RunColumnSpec } from './dictionary.js';

export type RunLike = Pick<RunRecord, 'tool' | 'metrics' | 'params' | 'tables'>;

export interface DefaultMetric {
  metric: string;
  role: PrimaryRole;
  /** The tool whose primary metric it is. */
  tool: string;
}

/** How many of AWR's top events' average waits count as primary. */
const TOP_EVENTS = 3;

/** The runs per tool, the tool with the most runs first (the first met breaks a tie). */
export function runsByTool<R extends Pick<RunRecord, 'tool'>>(runs: readonly R[]): Array<[string, R[]]> {
  const groups = new Map<string, R[]>();
  for (const r of runs) {
    const list = groups.get(r.tool);
    if (list) list.push(r);
    else groups.set(r.tool, [r]);
  }
  return [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
}

/** The first of `names` that some run has (fio: clat where the runs have it, else lat). */
function firstPresent(names: readonly string[], runs: readonly RunLike[]): string | null {
  return names.find((n) => runs.some((r) => r.metrics[n] !== undefined)) ?? null;
}

interface TopEventRow { name?: unknown; waits?: unknown; pct_db_time?: unknown; time_s?: unknown; idle?: unknown }

/**
 * A row that is a wait worth naming: DB CPU has no waits, and an idle-class event (the importer
 * marks it `idle`, e.g. a RAC global report's 'watchdog main loop') is time spent waiting for
 * work, not time the database lost: it must never read as the run's top event.
 */
function isNonIdleWait(row: TopEventRow): row is TopEventRow & { name: string } {
  return typeof row.name === 'string' && row.waits !== null && row.waits !== undefined && row.idle !== true;
}

/**
 * The non-idle events of the runs' Top Events tables, biggest share of DB time first (DB CPU is
 * time, not a wait: it has no average), as the average-wait metrics the runs hold.
 */
export function topEventWaits(runs: readonly RunLike[], count = TOP_EVENTS): string[] {
  const share = new Map<string, number>();
  for (const r of runs) {
    const rows = r.tables['top_events'];
    if (!Array.isArray(rows)) continue;
    for (const row of rows as TopEventRow[]) {
      if (!isNonIdleWait(row)) continue;
      const pct = typeof row.pct_db_time === 'number' ? row.pct_db_time : 0;
      share.set(row.name, Math.max(share.get(row.name) ?? 0, pct));
    }
  }
  return [...share.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name]) => `wait.${snakeKey(name)}.avg_ms`)
    .filter((m) => runs.some((r) => r.metrics[m] !== undefined))
    .slice(0, count);
}

/** The top non-idle wait event of one run (by share of DB time), DB CPU aside: the Runs table's "top event". */
export function topEventOf(run: RunLike): string | null {
  const rows = run.tables['top_events'];
  if (!Array.isArray(rows)) return null;
  const waits = (rows as TopEventRow[]).filter(isNonIdleWait);
  const best = waits.sort((a, b) => (Number(b.pct_db_time) || 0) - (Number(a.pct_db_time) || 0))[0];
  return best ? best.name : null;
}

/**
 * A metric each database engine (or tool) counts its own way, among runs of several engines
 * (tools): no default, however primary (HammerDB's TPM of MySQL and of PostgreSQL; NOPM is).
 */
function countedDifferently(metric: string, runs: readonly RunLike[]): boolean {
  const spec = describeMetric(metric)?.specific;
  if (!spec) return false;
  const kinds = new Set(runs.filter((r) => r.metrics[metric] !== undefined && r.tool !== 'spreadsheet')
    .map((r) => (spec.to === 'engine' ? r.params['db'] ?? r.params['db_driver'] ?? r.params['database'] : r.tool)).filter((k) => k !== undefined));
  return kinds.size > 1;
}

/** The default metrics for these runs: every tool's primary metrics it has, the tool with the most runs first. */
export function defaultMetrics(runs: readonly RunLike[]): DefaultMetric[] {
  const out: DefaultMetric[] = [];
  const seen = new Set<string>();
  for (const [tool, rs] of runsByTool(runs)) {
    for (const p of toolProfile(tool).primary) {
      const names = p.names[0] === TOP_EVENT_WAITS ? topEventWaits(rs) : [firstPresent(p.names, rs)].filter((n): n is string => n !== null);
      for (const metric of names) {
        if (seen.has(metric) || countedDifferently(metric, runs)) continue;
        seen.add(metric);
        out.push({ metric, role: p.role, tool });
      }
    }
  }
  return out;
}

/** The names of the default metrics, in order. */
export function defaultMetricNames(runs: readonly RunLike[]): string[] {
  return defaultMetrics(runs).map((d) => d.metric);
}

/** The first default metric of a role (throughput, latency...), or null. */
export function defaultOfRole(runs: readonly RunLike[], role: PrimaryRole): string | null {
  return defaultMetrics(runs).find((d) => d.role === role)?.metric ?? null;
}

/**
 * The Runs table's columns for runs of one tool: the tool's own (dictionary), only those some of
 * the runs have, so no column is all dashes. A figure with alternatives (fio's clat, else lat)
 * gets the first name the runs have, and a second column only for runs that lack the first.
 */
export function runColumns(tool: string, runs: readonly RunLike[], objects: (run: RunLike) => number | undefined = () => undefined): RunColumn[] {
  const out: RunColumn[] = [];
  for (const spec of toolProfile(tool).columns) out.push(...resolveColumn(spec, runs, objects));
  return out;
}

function resolveColumn(spec: RunColumnSpec, runs: readonly RunLike[], objects: (run: RunLike) => number | undefined): RunColumn[] {
  switch (spec.kind) {
    case 'param':
      return runs.some((r) => r.params[spec.key] !== undefined && r.params[spec.key] !== '') ? [{ kind: 'param', key: spec.key }] : [];
    case 'top-event':
      return runs.some((r) => topEventOf(r) !== null) ? [{ kind: 'top-event', key: 'top_event' }] : [];
    case 'objects':
      return runs.some((r) => (objects(r) ?? 0) > 0) ? [{ kind: 'objects', key: 'objects' }] : [];
    case 'metric': {
      const shown: RunColumn[] = [];
      for (let i = 0; i < spec.names.length; i++) {
        const name = spec.names[i]!;
        const earlier = spec.names.slice(0, i);
        if (runs.some((r) => r.metrics[name] !== undefined && earlier.every((e) => r.metrics[e] === undefined))) shown.push({ kind: 'metric', key: name });
      }
      return shown;
    }
  }
}
