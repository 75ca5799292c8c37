/**
 * The RAC global report's per-instance rows (I# 1, 2, ...), kept per instance beside the
 * cluster-wide figures the run reports: a DBA comparing one node's report with another's, or
 * checking that the load was spread evenly, reads these. Rows of "Sum", "Avg" or "*" are the
 * report's own summaries and are left to the cluster-wide figures.
 */
import { isIdleEvent } from './idle-events.js';
import type { NameResolver } from './names.js';
import { parseAwrNumber, parseWaitMs } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, type ReportTable } from './report-tables.js';

const instanceNumber = (row: readonly string[]): number | null => (/^\d+$/.test((row[0] ?? '').trim()) ? Number(row[0]!.trim()) : null);

/** I# to instance name, from "Database Instances Included In Report". */
function instanceNames(doc: ReportDocument): Map<number, string> {
  const t = tablesTitled(doc, /^database instances included in report$/)[0];
  const out = new Map<number, string>();
  if (!t) return out;
  const c = columnRoles(t.headers, [['inst', /^instance$/]]);
  for (const r of t.rows) {
    const n = instanceNumber(r);
    if (n !== null && cell(r, c.inst)) out.set(n, cell(r, c.inst));
  }
  return out;
}

/** Every numeric column of an I# table, one row per instance and column. */
function perColumn(t: ReportTable | undefined, names: Map<number, string>, value: string): Array<Record<string, string | number | null>> {
  if (!t) return [];
  const out: Array<Record<string, string | number | null>> = [];
  for (const r of t.rows) {
    const n = instanceNumber(r);
    if (n === null) continue;
    t.headers.forEach((h, i) => {
      if (i === 0) return;
      const v = parseAwrNumber(r[i]);
      if (v !== null) out.push({ instance: n, instance_name: names.get(n) ?? null, statistic: h.replace(/\s*\(s\)$|\/s$/, '').trim(), [value]: v });
    });
  }
  return out;
}

export function perInstanceTables(doc: ReportDocument, resolver: NameResolver): Record<string, unknown[]> {
  const names = instanceNames(doc);
  const out: Record<string, unknown[]> = {
    instance_time_model: perColumn(tablesTitled(doc, /^time model$/)[0], names, 'time_s'),
    instance_load: perColumn(tablesTitled(doc, /^system statistics - per second$/)[0], names, 'per_s'),
  };
  const top = tablesTitled(doc, /^top timed foreground events$/)[0];
  if (top) {
    const c = columnRoles(top.headers, [['cls', /class$/], ['name', /^(wait )?event( name)?$/], ['waits', /waits$/], ['time', /total\s*\(s\)/], ['avg', /^(wait time )?avg wait$/], ['pct', /%\s*db time/]]);
    const rows: unknown[] = [];
    for (const r of top.rows) {
      const n = instanceNumber(r);
      const printed = cell(r, c.name);
      if (n === null || !printed) continue;
      const name = resolver.resolve(printed, top.widths?.[c.name ?? -1]);
      const cls = cell(r, c.cls);
      rows.push({
        instance: n, instance_name: names.get(n) ?? null, name, wait_class: cls || null,
        waits: parseAwrNumber(cell(r, c.waits)), time_s: parseAwrNumber(cell(r, c.time)), avg_ms: parseWaitMs(cell(r, c.avg)),
        pct_db_time: parseAwrNumber(cell(r, c.pct)), ...(isIdleEvent(name, cls || null) ? { idle: true } : {}),
      });
    }
    out['instance_top_events'] = rows;
  }
  return out;
}
