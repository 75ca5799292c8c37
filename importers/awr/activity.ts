/**
 * Instance Activity Stats (a subset) and init.ora parameters.
 *
 * The activity list runs to several hundred statistics; the `instance_activity` table keeps
 * the ones a storage comparison reads, named in INSTANCE_ACTIVITY_SUBSET below: logical and
 * physical I/O volumes and requests, optimized (flash) requests, Exadata cell offload and
 * flash cache figures, redo, DBWR and buffer-wait pressure, commits, calls and parses, and
 * global cache transfers. Text reports cut statistic names at 32 characters (FORMATS.md 3.5:
 * "SQL*Net roundtrips to/from clien"); a cut name is matched to the subset by prefix.
 * Sources: "Instance Activity Stats" (10g-19c, and STATSPACK), "Key Instance Activity Stats"
 * and "Other Instance Activity Stats" (11.2.0.4+), "System Statistics (Global)" (RAC global).
 */
import { parseAwrNumber } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles } from './report-tables.js';

export const INSTANCE_ACTIVITY_SUBSET: readonly string[] = [
  'session logical reads', 'consistent gets', 'db block gets', 'db block changes',
  'physical reads', 'physical reads direct', 'physical reads cache', 'physical read IO requests',
  'physical read total IO requests', 'physical read total multi block requests', 'physical read bytes',
  'physical read total bytes', 'physical read requests optimized', 'physical read total bytes optimized',
  'physical writes', 'physical writes direct', 'physical writes from cache', 'physical write IO requests',
  'physical write total IO requests', 'physical write total multi block requests', 'physical write bytes',
  'physical write total bytes', 'physical write requests optimized', 'physical write total bytes optimized',
  'cell flash cache read hits', 'cell physical IO bytes eligible for predicate offload',
  'cell physical IO bytes saved by storage index', 'cell physical IO interconnect bytes',
  'cell physical IO interconnect bytes returned by smart scan', 'cell writes to flash cache',
  'flash cache inserts', 'flash cache eviction: aged out',
  'redo size', 'redo writes', 'redo blocks written', 'redo write time', 'redo synch writes', 'redo synch time',
  'DBWR checkpoint buffers written', 'DBWR checkpoints', 'DBWR undo block writes',
  'free buffer requested', 'free buffer inspected', 'dirty buffers inspected', 'write clones created in foreground',
  'user commits', 'user rollbacks', 'user calls', 'execute count', 'parse count (total)', 'parse count (hard)',
  'CPU used by this session', 'DB time', 'table scans (long tables)', 'table scans (short tables)',
  'sorts (disk)', 'sorts (memory)', 'logons cumulative',
  'gc cr blocks received', 'gc current blocks received', 'gc cr block receive time', 'gc current block receive time',
];

const SUBSET_LOWER = INSTANCE_ACTIVITY_SUBSET.map((s) => s.toLowerCase());

/** The subset's name for a printed statistic, or null when it is not in the subset. */
function subsetName(printed: string, width: number | undefined): string | null {
  const p = printed.trim().toLowerCase();
  const exact = SUBSET_LOWER.indexOf(p);
  if (exact >= 0) return INSTANCE_ACTIVITY_SUBSET[exact]!;
  if (width === undefined || p.length < width) return null;
  const m = SUBSET_LOWER.map((s, i) => [s, i] as const).filter(([s]) => s.startsWith(p));
  return m.length === 1 ? INSTANCE_ACTIVITY_SUBSET[m[0]![1]]! : null;
}

export interface ActivityRow {
  statistic: string;
  total: number | null;
  per_s: number | null;
  per_txn: number | null;
}

export function readInstanceActivity(doc: ReportDocument): ActivityRow[] {
  const out = new Map<string, ActivityRow>();
  const tables = tablesTitled(doc, /^(key |other )?instance activity stats$|^system statistics \(global\)$/);
  for (const t of tables) {
    const c = columnRoles(t.headers, [['name', /^statistic$/], ['total', /^total$/], ['s', /^per second$/], ['txn', /^per trans/]]);
    for (const r of t.rows) {
      const name = subsetName(cell(r, c.name), t.widths?.[c.name ?? -1]);
      if (!name || out.has(name)) continue;
      out.set(name, { statistic: name, total: parseAwrNumber(cell(r, c.total)), per_s: parseAwrNumber(cell(r, c.s)), per_txn: parseAwrNumber(cell(r, c.txn)) });
    }
  }
  // Report order is alphabetical by statistic; keep the subset's order instead, stable across releases.
  return INSTANCE_ACTIVITY_SUBSET.flatMap((n) => (out.has(n) ? [out.get(n)!] : []));
}

export interface InitParameterRow {
  name: string;
  begin: string;
  end: string | null;
  instance?: string;
}

/** "init.ora Parameters" (19c: "Modified Parameters"); text cuts names at 29 and values at 33 characters. */
export function readInitParameters(doc: ReportDocument): InitParameterRow[] {
  const out: InitParameterRow[] = [];
  for (const t of tablesTitled(doc, /^(init\.ora parameters|modified parameters)$/)) {
    const c = columnRoles(t.headers, [['name', /^parameter name$/], ['inst', /^i#$/], ['begin', /^begin value$/], ['end', /^end value/]]);
    for (const r of t.rows) {
      const name = cell(r, c.name);
      if (!name) continue;
      const row: InitParameterRow = { name, begin: cell(r, c.begin), end: cell(r, c.end) || null };
      if (c.inst !== undefined) row.instance = cell(r, c.inst);
      out.push(row);
    }
  }
  return out;
}

