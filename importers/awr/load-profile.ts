/**
 * Load Profile (FORMATS.md 3.2) and IO Profile (FORMATS.md 3.4, 11.2.0.4 and later).
 *
 * Load Profile rows become `load.<statistic>_per_s` and `load.<statistic>_per_txn`, the
 * statistic being the printed label in snake case (names.ts: "Physical read (blocks)" ->
 * physical_read_blocks). Labels changed at 12c ("Redo size" -> "Redo size (bytes)",
 * "Logical reads" -> "Logical read (blocks)"); the keys follow the label as printed, so two
 * reports compare row for row only within one labelling (10g/11.2.0.3 vs 11.2.0.4+).
 * `Transactions:` has a per-second value only.
 */
import { snakeKey } from './names.js';
import { parseAwrNumber } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles } from './report-tables.js';

export interface LoadProfileRow {
  statistic: string;
  per_s: number | null;
  per_txn: number | null;
  per_exec: number | null;
  per_call: number | null;
}

export interface IoProfileRow {
  statistic: string;
  read_write_per_s: number | null;
  read_per_s: number | null;
  write_per_s: number | null;
}

const label = (s: string): string => s.trim().replace(/:$/, '').trim();

export function readLoadProfile(doc: ReportDocument, metrics: Record<string, number>): LoadProfileRow[] {
  const rows: LoadProfileRow[] = [];
  for (const t of tablesTitled(doc, /^load profile$/)) {
    const c = columnRoles(t.headers, [['s', /per second/], ['txn', /per trans/], ['exec', /per exec/], ['call', /per call/]]);
    for (const r of t.rows) {
      const statistic = label(r[0] ?? '');
      if (!statistic || rows.some((x) => x.statistic === statistic)) continue;
      const row: LoadProfileRow = {
        statistic,
        per_s: parseAwrNumber(cell(r, c.s)),
        per_txn: parseAwrNumber(cell(r, c.txn)),
        per_exec: parseAwrNumber(cell(r, c.exec)),
        per_call: parseAwrNumber(cell(r, c.call)),
      };
      rows.push(row);
      const key = snakeKey(statistic);
      if (row.per_s !== null) metrics[`load.${key}_per_s`] ??= row.per_s;
      if (row.per_txn !== null) metrics[`load.${key}_per_txn`] ??= row.per_txn;
    }
  }
  return rows;
}

/**
 * IO Profile: requests and MB per second, read+write / read / write. "MB" here is 2^20 bytes
 * (AWR derives it from the byte statistics / 1048576, as it does for "Read IO (MB)"), hence
 * the `_mib_s` names. Redo rows can be blank (FORMATS.md 3.4): blank stays absent.
 */
export function readIoProfile(doc: ReportDocument, metrics: Record<string, number>): IoProfileRow[] {
  const rows: IoProfileRow[] = [];
  for (const t of tablesTitled(doc, /^io profile( \(global\))?$/)) {
    const c = columnRoles(t.headers, [['rw', /read ?\+ ?write/], ['r', /^reads?\b/], ['w', /^writes?\b/]]);
    for (const r of t.rows) {
      const statistic = label(r[0] ?? '');
      if (!statistic || rows.some((x) => x.statistic === statistic)) continue;
      rows.push({
        statistic,
        read_write_per_s: parseAwrNumber(cell(r, c.rw)),
        read_per_s: parseAwrNumber(cell(r, c.r)),
        write_per_s: parseAwrNumber(cell(r, c.w)),
      });
    }
  }
  const set = (name: string, v: number | null | undefined): void => {
    if (v !== null && v !== undefined) metrics[name] = v;
  };
  const requests = rows.find((r) => /^total requests$/i.test(r.statistic));
  const mb = rows.find((r) => /^total \(mb\)$/i.test(r.statistic));
  set('io.read_iops', requests?.read_per_s);
  set('io.write_iops', requests?.write_per_s);
  set('io.total_iops', requests?.read_write_per_s);
  set('io.read_mib_s', mb?.read_per_s);
  set('io.write_mib_s', mb?.write_per_s);
  set('io.total_mib_s', mb?.read_write_per_s);
  return rows;
}
