/**
 * SQL statistics: "SQL ordered by Elapsed Time" of instance reports, and the SQL report
 * (awrsqrpt: header, "SQL Summary", then "Plan Statistics" per plan).
 *
 * In text reports each statement is a row of figures followed by `Module: ...`, optionally
 * `PDB: ...`, and the SQL text wrapped at 80 characters (FORMATS.md 3.4), then a blank line;
 * that is not a table the generic reader can cut, so it is read here line by line. HTML rows
 * carry the first 30 characters of the text; the full text comes from "Complete List of SQL
 * Text" when the report has it.
 */
import { snakeKey } from './names.js';
import { parseAwrNumber } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, headerKey, titleKey, type ReportTable } from './report-tables.js';
import { isTerminator, headerCells, spansWithLabel, splitRow, ruleSpans } from './text-tables.js';

export interface SqlRow {
  sql_id: string;
  elapsed_s: number | null;
  cpu_s: number | null;
  executions: number | null;
  per_exec_s: number | null;
  pct_total: number | null;
  pct_cpu: number | null;
  pct_io: number | null;
  module: string | null;
  text: string | null;
}

type SqlRole = 'perExec' | 'elapsed' | 'cpu' | 'execs' | 'pctTotal' | 'pctCpu' | 'pctIo' | 'id' | 'module' | 'text';

const SQL_ROLES: ReadonlyArray<[SqlRole, RegExp]> = [
  ['perExec', /per exec/],
  ['elapsed', /^elap(sed)? ?time ?\(s\)$|^elapsed$/],
  ['cpu', /^cpu ?time ?\(s\)$/],
  ['execs', /^executions$/],
  ['pctTotal', /% ?total/],
  ['pctCpu', /^% ?cpu$/],
  ['pctIo', /^% ?io$/],
  ['id', /^sql ?id$/],
  ['module', /module/],
  ['text', /sql text/],
];

const SQL_ID = /^[0-9a-z]{13}$/;
const ELAPSED_TITLE = /^sql ordered by elapsed time$/;

function rowFromCells(cells: readonly string[], c: Partial<Record<SqlRole, number>>): SqlRow | null {
  const id = cell(cells, c.id);
  if (!SQL_ID.test(id)) return null;
  return {
    sql_id: id,
    elapsed_s: parseAwrNumber(cell(cells, c.elapsed)),
    cpu_s: parseAwrNumber(cell(cells, c.cpu)),
    executions: parseAwrNumber(cell(cells, c.execs)),
    per_exec_s: parseAwrNumber(cell(cells, c.perExec)),
    pct_total: parseAwrNumber(cell(cells, c.pctTotal)),
    pct_cpu: parseAwrNumber(cell(cells, c.pctCpu)),
    pct_io: parseAwrNumber(cell(cells, c.pctIo)),
    module: cell(cells, c.module) || null,
    text: cell(cells, c.text) || null,
  };
}

/** Statements of one text section: figures row, Module:, PDB:, wrapped text, blank line. */
function textSqlRows(lines: readonly string[]): SqlRow[] {
  const out: SqlRow[] = [];
  let spans: ReturnType<typeof spansWithLabel> = null;
  let roles: Partial<Record<SqlRole, number>> = {};
  let current: SqlRow | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isTerminator(line)) break;
    if (!spans) {
      if (ruleSpans(line) && !/^\s*~/.test(line)) {
        spans = ruleSpans(line);
        const head: string[] = [];
        for (let j = i - 1; j >= 0 && lines[j]!.trim() !== '' && !/^\s*->/.test(lines[j]!); j--) head.unshift(lines[j]!);
        roles = columnRoles(headerCells(head, spans!), SQL_ROLES);
      }
      continue;
    }
    if (line.trim() === '') {
      current = null;
      continue;
    }
    // Figures rows are indented; Module: lines and most text lines are not, and need no cutting.
    const row = /^\s/.test(line) ? rowFromCells(splitRow(line, spans, false), roles) : null;
    if (row) {
      out.push(row);
      current = row;
      continue;
    }
    if (!current) continue;
    const module = /^Module:\s*(.*)$/.exec(line);
    if (module) {
      current.module = module[1]!.trim() || null;
    } else if (!/^\s*PDB:/.test(line)) {
      // The text is printed in pieces cut mid-word ("LEFT JO" / "IN (SELECT", "BOOLEAN :" /
      // "= FALSE"), at 80 characters or shorter: the pieces join with nothing between them.
      current.text = (current.text ?? '') + line.trimEnd();
    }
  }
  return out;
}

export function readSqlByElapsed(doc: ReportDocument): SqlRow[] {
  const rows: SqlRow[] = [];
  if (doc.layout === 'text') {
    for (const s of doc.textSections) if (ELAPSED_TITLE.test(titleKey(s.title))) rows.push(...textSqlRows(s.lines));
  } else {
    const full = new Map<string, string>();
    for (const t of tablesTitled(doc, /^complete list of sql text$/)) {
      const c = columnRoles(t.headers, [['id', /^sql ?id$/], ['text', /sql text/]]);
      for (const r of t.rows) if (cell(r, c.id)) full.set(cell(r, c.id), cell(r, c.text));
    }
    for (const t of tablesTitled(doc, ELAPSED_TITLE)) {
      const c = columnRoles(t.headers, SQL_ROLES);
      for (const r of t.rows) {
        const row = rowFromCells(r, c);
        if (!row) continue;
        const text = full.get(row.sql_id);
        if (text) row.text = text;
        rows.push(row);
      }
    }
  }
  // Sections repeat per page, and never list a statement twice.
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.sql_id) && seen.add(r.sql_id));
}

export interface PlanStatRow {
  plan: number;
  statistic: string;
  total: number | null;
  per_exec: number | null;
  pct_snap_total: number | null;
}

/**
 * awrsqrpt "Plan Statistics" tables (`Stat Name  Statement Total  Per Execution  % Snap
 * Total`), one per execution plan. Metrics `sql.<stat>` sum the plans; `sql.<stat>_per_exec`
 * divides that sum by the summed executions (the per-plan averages cannot be added).
 */
export function readPlanStatistics(doc: ReportDocument, metrics: Record<string, number>): PlanStatRow[] {
  const tables: ReportTable[] = doc.tables.filter((t) => {
    const k = t.headers.map(headerKey);
    return k[0] === 'stat name' && k.some((h) => /^statement( total)?$/.test(h));
  });
  const rows: PlanStatRow[] = [];
  tables.forEach((t, plan) => {
    const c = columnRoles(t.headers, [['name', /^stat name$/], ['total', /^statement/], ['exec', /per exec/], ['pct', /%/]]);
    for (const r of t.rows) {
      const statistic = cell(r, c.name);
      if (!statistic) continue;
      rows.push({ plan: plan + 1, statistic, total: parseAwrNumber(cell(r, c.total)), per_exec: parseAwrNumber(cell(r, c.exec)), pct_snap_total: parseAwrNumber(cell(r, c.pct)) });
    }
  });
  const totals = new Map<string, number>();
  for (const r of rows) if (r.total !== null) totals.set(r.statistic, (totals.get(r.statistic) ?? 0) + r.total);
  const executions = totals.get('Executions') ?? 0;
  for (const [statistic, total] of totals) {
    const key = snakeKey(statistic);
    metrics[`sql.${key}`] = total;
    if (executions > 0 && statistic !== 'Executions') metrics[`sql.${key}_per_exec`] = total / executions;
  }
  return rows;
}

/** awrsqrpt "SQL Summary": the statement's id, elapsed time and module. */
export function readSqlSummary(doc: ReportDocument): Array<Record<string, string | number | null>> {
  const out: Array<Record<string, string | number | null>> = [];
  for (const t of tablesTitled(doc, /^sql summary$/)) {
    for (const r of t.rows) {
      const rec: Record<string, string | number | null> = {};
      t.headers.forEach((h, i) => {
        const v = r[i] ?? '';
        rec[snakeKey(h) || `col${i}`] = parseAwrNumber(v) ?? (v || null);
      });
      // Module and text lines under the row are not rows of the table.
      if (Object.values(rec).some((v) => typeof v === 'string' && SQL_ID.test(v))) out.push(rec);
    }
  }
  return out;
}
