/**
 * Tables of timed events: a row per query, benchmark phase or hour, with its start and end
 * ("Q1, 2024-05-01T10:00:00Z, 2024-05-01T10:00:42Z", or the S1 DBA's hourly slowest statement).
 * A table whose columns hold a start and an end time is read as spans, not as runs per row: the
 * mapping gives those columns the roles `start` and `end`, a name column the role `event`, and
 * every other figure stays a metric of its row (its value over that span).
 *
 * Times in cells: dates with a time in any shape importers/dates.ts reads (a zone or offset
 * where the table writes one, else read as UTC and said), seconds or milliseconds since the
 * epoch, or a spreadsheet's date serial (days since 1899-12-30, wall clock).
 */
import { parseDateText } from '../dates.js';
import type { Cell } from './grid.js';
import type { Column, TableShape } from './header.js';

export interface CellTime {
  ms: number;
  /** The instant is exact (an epoch number, or a date whose zone fixes it). */
  exact: boolean;
  /** The zone as written ("Z", "+08:00", "UTC"), null for epoch numbers and unzoned dates. */
  zone: string | null;
  epoch: boolean;
}

/** 1899-12-30T00:00Z, day 0 of a spreadsheet's date serials (before the years dates.ts accepts). */
const EXCEL_EPOCH_MS = -2_209_161_600_000;

/** A cell as an instant, or null when it is not one (a bare time of day is not: it has no date). */
export function cellTime(cell: Cell): CellTime | null {
  if (cell === null) return null;
  const n = typeof cell === 'number' ? cell : /^\s*\d{9,13}(\.\d+)?\s*$/.test(cell) ? Number(cell) : null;
  if (n !== null) {
    if (!Number.isFinite(n)) return null;
    // Seconds since the epoch (2001 to 2286), milliseconds (the same years), a date serial (1954 to 2119).
    if (n >= 1e9 && n < 1e10) return { ms: n * 1000, exact: true, zone: null, epoch: true };
    if (n >= 1e12 && n < 1e13) return { ms: n, exact: true, zone: null, epoch: true };
    if (typeof cell === 'number' && n >= 20000 && n < 80000) return { ms: EXCEL_EPOCH_MS + Math.round(n * 86_400_000), exact: false, zone: null, epoch: false };
    return null;
  }
  const s = String(cell).trim();
  // A date alone is a day, not a moment: a span needs times.
  if (!/\d{1,2}:\d{2}/.test(s)) return null;
  const d = parseDateText(s);
  return d ? { ms: d.epochMs, exact: d.known, zone: d.zone, epoch: false } : null;
}

/** A date with a time of day, as text: what makes a data row of a timed table a row of values. */
export const isDateTimeText = (s: string): boolean => /\d{1,2}:\d{2}/.test(s) && parseDateText(s) !== null;

const START = /(^|[\s_-])(start|started|begin|began|from)([\s_-]|$)|开始|起始/i;
const END = /(^|[\s_-])(end|ended|finish|finished|stop|stopped|until)([\s_-]|$)|结束|截止|完成时间/i;
const EVENT = /(^|[\s_-])(query|queries|phase|event|step|stage|statement|sql|name|task|job|test|operation)([\s_-]|$)|查询|阶段|事件|步骤|语句|名称/i;

/** Most of the column's cells are instants. */
function timeColumn(shape: TableShape, col: Column): boolean {
  const cells = shape.blocks.flatMap((b) => b.rows.map((r) => r.cells[col.index] ?? null)).filter((c) => c !== null && String(c).trim() !== '');
  // Most, not all: a cell typed wrong is named by the import's error, not a reason to read the table otherwise.
  return cells.length > 0 && cells.filter((c) => cellTime(c) !== null).length >= cells.length * 0.5;
}

export interface TimedColumns {
  start: number;
  end: number;
  event: number | null;
}

/** Where a table's start, end and event name are, when it is a table of timed events. */
export function findTimedColumns(shape: TableShape): TimedColumns | null {
  const cols = shape.columns;
  const start = cols.find((c) => START.test(c.leaf) && !END.test(c.leaf) && timeColumn(shape, c));
  const end = cols.find((c) => c !== start && END.test(c.leaf) && !START.test(c.leaf) && timeColumn(shape, c));
  if (!start || !end) return null;
  const text = cols.filter((c) => c !== start && c !== end && !c.numeric && c.tuple === 0 && !timeColumn(shape, c));
  const event = text.find((c) => EVENT.test(c.leaf)) ?? text[0] ?? null;
  return { start: start.index, end: end.index, event: event?.index ?? null };
}

/**
 * A time-valued metric of a span as the table says it ("slowest SQL elapsed (s)", "query time"):
 * seconds of SQL or query time, named so the dictionary knows them. Null: the usual proposal.
 */
export function spanMetric(col: Column): { name: string; unit: string } | null {
  const w = col.leaf.toLowerCase();
  if (col.unit?.dimension !== 'time' || !/sql|query|statement|elapsed|查询|语句|耗时/.test(w)) return null;
  const slowest = /slowest|longest|max|worst|最慢|最长|最大/.test(w);
  return { name: slowest ? 'sql.elapsed_max_s' : 'sql.elapsed_s', unit: col.unit.unit };
}
