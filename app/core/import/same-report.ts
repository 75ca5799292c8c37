/**
 * One AWR report is one run, whatever form it came in. DBAs keep a report as text and as HTML,
 * and gzip the HTML to mail it: three files, one measurement. Counted as three runs, they gave a
 * comparison a fake second repetition, a confidence interval and a p-value (issue 29).
 *
 * A report is known by what it measured: its kind (instance, RAC global, compare side), the
 * database (DBID), the instance or instances, and the snapshot range (begin and end snapshot
 * ids and times). Two files that agree on all of them are forms of one report; two that differ
 * in any are never folded. A report whose header did not give DBID and snapshots is never
 * matched. The later form is kept as a file and linked to the run; its figures are compared with
 * the run's, and figures only it has (an HTML form's full event names) are added.
 */
import type { ParamValue, ParsedRun } from '../../../importers/types.js';

const AWR_TOOLS = new Set(['oracle-awr', 'oracle-statspack']);

interface Identified {
  tool: string;
  params: Record<string, ParamValue>;
  startMs: number | null;
  endMs: number | null;
}

/** The identity of a report, or null when it is not an AWR report or its header did not say enough. */
export function reportIdentity(run: Identified): string | null {
  if (!AWR_TOOLS.has(run.tool)) return null;
  const p = run.params;
  if (p['db_id'] === undefined || p['begin_snap'] === undefined || p['end_snap'] === undefined) return null;
  const instances = p['instance'] === undefined ? '' : String(p['instance']).split(',').map((s) => s.trim().toLowerCase()).sort().join(',');
  // Times to the minute: the RAC global report prints its snapshot times without seconds in one
  // layout and may print them with seconds in another; the snapshot ids already pin the range.
  const minute = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 60000));
  return JSON.stringify([run.tool, p['report'] ?? '', p['side'] ?? '', String(p['db_id']), instances, p['inst_num'] ?? '', p['begin_snap'], p['end_snap'], minute(run.startMs), minute(run.endMs)]);
}

/** Another form of a run: the file that carried it. */
export interface ReportForm {
  file: string;
  sha256: string;
  format: string;
}

export interface FormComparison {
  /** Figures the later form has and the run lacks: added to the run. */
  added: Record<string, number>;
  /** Figures both forms have, and of them the Load Profile's. */
  shared: number;
  sharedLoad: number;
  /** Figures both have that differ beyond the two forms' printing (relative 0.5% and 0.01 absolute). */
  differing: Array<{ metric: string; kept: number; other: number }>;
  /** Tables the later form has and the run lacks. */
  addedTables: Record<string, unknown>;
}

/**
 * What the later form holds against the run: text and HTML print the same figures with
 * different digits (a text column cut to whole seconds), so only a difference beyond that is
 * named.
 */
export function compareForms(kept: { metrics: Record<string, number>; tables: Record<string, unknown> }, other: ParsedRun): FormComparison {
  const added: Record<string, number> = {};
  const differing: FormComparison['differing'] = [];
  let shared = 0;
  let sharedLoad = 0;
  for (const [k, v] of Object.entries(other.metrics)) {
    const mine = kept.metrics[k];
    if (mine === undefined) {
      added[k] = v;
      continue;
    }
    shared++;
    if (k.startsWith('load.')) sharedLoad++;
    const diff = Math.abs(mine - v);
    if (diff > 0.01 && diff > 0.005 * Math.max(Math.abs(mine), Math.abs(v))) differing.push({ metric: k, kept: mine, other: v });
  }
  const addedTables: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(other.tables)) if (kept.tables[k] === undefined && k !== 'sections') addedTables[k] = v;
  return { added, shared, sharedLoad, differing, addedTables };
}

/**
 * Two forms of one report print the same measurement, but not with the same digits: the text
 * form cuts wait times to whole seconds and small figures to one decimal, so dozens of a real
 * pair's figures may part beyond the tolerance of `compareForms`. The Load Profile is printed by
 * both forms with its decimals: two of its figures of 10 or more parting by more than 1% (far
 * beyond a rounding) say the file is another measurement (a report edited, a header copied into
 * another). Without a Load Profile both hold, a quarter of the shared figures must part. Such a
 * file is kept as a run of its own: folding it would lose what it holds.
 */
export function anotherMeasurement(c: FormComparison): boolean {
  const load = c.differing.filter((d) => d.metric.startsWith('load.') && Math.max(Math.abs(d.kept), Math.abs(d.other)) >= 10
    && Math.abs(d.kept - d.other) > 0.01 * Math.max(Math.abs(d.kept), Math.abs(d.other)));
  if (load.length >= 2) return true;
  return c.sharedLoad === 0 && c.differing.length > 3 && c.differing.length > 0.25 * c.shared;
}

/** The outcome's note for a file whose header claims a stored report but whose figures are another measurement. */
export function notAFormNote(source: { file: string; runId: number }, c: FormComparison): string {
  const shown = c.differing.slice(0, 3).map((d) => `${d.metric} ${d.other} here, ${d.kept} there`).join('; ');
  return `its header names the same report as ${source.file} (run ${source.runId}: DBID, instances and snapshots) but ${c.differing.length} of the ${c.shared} figures both hold differ (${shown}${c.differing.length > 3 ? '; …' : ''}): not another form of it, kept as a run of its own`;
}

/** The outcome's note for a folded form. */
export function formNote(source: { file: string; runId: number; config: string }, config: string, c: FormComparison): string[] {
  const notes = [`same report as ${source.file} (run ${source.runId}${source.config !== config ? `, configuration "${source.config}"` : ''}): kept as another form of it, no run of its own`];
  const added = Object.keys(c.added).length;
  if (added > 0) notes.push(`${added} figure(s) only this form has were added to run ${source.runId}`);
  if (c.differing.length > 0) {
    const shown = c.differing.slice(0, 5).map((d) => `${d.metric} ${d.kept} kept, ${d.other} here`).join('; ');
    notes.push(`the forms differ on ${c.differing.length} figure(s): ${shown}${c.differing.length > 5 ? '; …' : ''} (run ${source.runId} keeps the first form's)`);
  }
  return notes;
}

/** A stored report's run: what a later form is folded into. */
export interface KnownReport {
  runId: number;
  file: string;
  config: string;
}

interface Queryable {
  prepare(sql: string): { all(...args: unknown[]): unknown[] };
}

/** The study's AWR runs by report identity (the first run of an identity wins). */
export function knownReports(db: Queryable, studyId: number): Map<string, KnownReport> {
  const rows = db.prepare(
    `SELECT r.id, r.tool, r.params, r.start_ms, r.end_ms, r.config, i.file_name FROM runs r JOIN imports i ON i.id = r.import_id
     WHERE r.study_id = ? AND r.tool IN ('oracle-awr', 'oracle-statspack') ORDER BY r.id`,
  ).all(studyId) as Array<{ id: number; tool: string; params: string; start_ms: number | null; end_ms: number | null; config: string; file_name: string }>;
  const out = new Map<string, KnownReport>();
  for (const r of rows) {
    const id = reportIdentity({ tool: r.tool, params: JSON.parse(r.params) as Record<string, ParamValue>, startMs: r.start_ms, endMs: r.end_ms });
    if (id !== null && !out.has(id)) out.set(id, { runId: r.id, file: r.file_name, config: r.config });
  }
  return out;
}

/** Runs a file is another form of (it gave no run of its own). */
export function runsWithForm(db: Queryable, studyId: number, sha256: string): number[] {
  return (db.prepare(
    `SELECT r.id FROM runs r WHERE r.study_id = ? AND json_type(r.tables, '$.forms') = 'array'
       AND EXISTS (SELECT 1 FROM json_each(r.tables, '$.forms') f WHERE json_extract(f.value, '$.sha256') = ?) ORDER BY r.id`,
  ).all(studyId, sha256) as Array<{ id: number }>).map((r) => r.id);
}
