/**
 * Where a table's header is and what each column is called: multi-row headers (a merged or
 * repeated group above its sub-columns: "4K random read / IOPS"), a units row under the header,
 * titles above a table ("Config D: SVC + V7000 ..."), repeated headers starting a new block,
 * blank and total rows skipped.
 */
import { createHash } from 'node:crypto';
import type { Cell, Grid } from './grid.js';
import { readRunTime } from './run-time.js';
import { parseUnit, unitInHeader, type UnitInfo } from './units.js';
import { isDateTimeText } from './timed-columns.js';
import { parseNumber, parseSize } from './values.js';

export interface Column {
  index: number;
  /** The whole name, group and leaf: "4K random read / IOPS". */
  header: string;
  /** The group above the column (a merged or repeated cell), when it has one. */
  group: string | null;
  leaf: string;
  unit: UnitInfo | null;
  /** A few data values, as text, for the mapping table. */
  samples: string[];
  /** Cells hold numbers (most of them); `tuple`: how many numbers each cell holds split by '/' ("307135.53 / 1199.75 / 0.831"). */
  numeric: boolean;
  tuple: number;
  /** Every cell is a read/write mix ("70/30", "50:50": two whole shares adding up to 100): a parameter, never two figures. */
  mix: boolean;
  /** The smallest value written as a bare number (no unit): a block size under 512 cannot be bytes. */
  minBare: number | null;
}

/** "70/30", "70%/30%", "50:50": two whole shares that add up to 100. */
export function isReadMix(cell: string): boolean {
  const m = /^(\d{1,3})\s*%?\s*[/:]\s*(\d{1,3})\s*%?$/.exec(cell.trim());
  return m !== null && Number(m[1]) + Number(m[2]) === 100;
}

export interface DataRow {
  /** 1-based row number in the sheet or text, for messages. */
  line: number;
  cells: Cell[];
}

export interface Block {
  title: string | null;
  rows: DataRow[];
}

export interface TableShape {
  sheet: string | null;
  /** 1-based rows the header takes, the units row included. */
  headerLines: number[];
  unitsLine: number | null;
  columns: Column[];
  blocks: Block[];
  /** Text above the table (titles, captions): it may say the cells' units, e.g. "IOPS / MB/s / ms". */
  captions: string[];
  skipped: { blank: number; totals: number };
  /** sha256 of the normalised header cells: the key a remembered mapping is found by. */
  signature: string;
}

const text = (c: Cell): string => (c === null ? '' : String(c).trim());
const filled = (row: Cell[]): number => row.filter((c) => text(c) !== '').length;
const TUPLE = /^\s*[-+]?[\d.,]+\s*(\/\s*[-+]?[\d.,]+\s*)+$/;
const TOTAL = /^(total|totals|sum|average|avg|mean|overall|合计|总计|平均|平均值|小计|汇总)\b/i;

/** A value a data row holds: a number, a tuple of numbers, a size ("4K"), a percent, a date (a dated table's time). */
function valueLike(c: Cell, decimalComma = false): boolean {
  if (c === null) return false;
  if (typeof c === 'number') return true;
  const s = c.trim();
  if (s === '') return false;
  const n = parseNumber(s, decimalComma);
  if (n !== null && Number.isFinite(n)) return true;
  if (TUPLE.test(s)) return true;
  // A date with its time is a value of a timed row (a query's start), never a column name.
  if (isDateTimeText(s)) return true;
  const size = parseSize(s);
  if (size !== null && Number.isFinite(size)) return true;
  return /\d/.test(s) && readRunTime(s) !== null;
}

const isHeaderLike = (row: Cell[]): boolean => {
  const cells = row.filter((c) => text(c) !== '');
  return cells.length >= 2 && cells.filter((c) => !valueLike(c)).length >= cells.length * 0.6;
};
/** A row of units; cells repeating the cell above (a vertical merge spread down) do not count. */
const isUnitsRow = (row: Cell[], above: Cell[]): boolean => {
  const cells = row.filter((c, i) => text(c) !== '' && text(c) !== text(above[i] ?? null));
  return cells.length >= 1 && cells.every((c) => parseUnit(text(c)) !== null);
};
const norm = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const sameRow = (a: Cell[], b: Cell[]): boolean => {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (norm(text(a[i] ?? null)) !== norm(text(b[i] ?? null))) return false;
  return true;
};

export class HeaderError extends Error {}

export function analyseGrid(grid: Grid, decimalComma = false): TableShape {
  const rows = grid.rows;
  const where = grid.sheet ? `sheet "${grid.sheet}"` : 'the table';
  // A format that says which row names the columns is believed (a gnuplot table's names may be
  // versions, "10.1.36", that read as figures); otherwise the first row of names above values.
  const headerAt = grid.header ?? rows.findIndex((r, i) => isHeaderLike(r) && rows.slice(i + 1).some((n) => filled(n) >= 2 && !isHeaderLike(n)));
  if (headerAt < 0) throw new HeaderError(`${where}: no header row found (a row of column names above rows of values)`);
  const captions = rows.slice(0, headerAt).filter((r) => filled(r) >= 1).map((r) => r.map(text).filter(Boolean).join(' '));
  const titleRows = rows.slice(0, headerAt).filter((r) => filled(r) === 1);
  const firstTitle = titleRows.length ? text(titleRows[titleRows.length - 1]!.find((c) => text(c) !== '') ?? null) : null;

  // Header rows: the first, and up to two more rows of names (no values) under it.
  const headerRows = [headerAt];
  let unitsAt: number | null = null;
  // A header the format names is that one row (a gnuplot block's title may follow it).
  for (let i = headerAt + 1; grid.header === undefined && i < Math.min(rows.length, headerAt + 3); i++) {
    const row = rows[i]!;
    if (filled(row) === 0 || row.some((c) => valueLike(c) && parseUnit(text(c)) === null)) break;
    headerRows.push(i);
    if (isUnitsRow(row, rows[i - 1]!)) {
      unitsAt = i;
      break;
    }
  }
  const width = Math.max(...headerRows.map((i) => rows[i]!.length), ...rows.slice(headerAt).map((r) => r.length));
  const nameRows = headerRows.filter((i) => i !== unitsAt);

  // A cell left blank to the right of a group name in a header row belongs to that group (text
  // tables cannot merge cells; people leave the cells after a group name empty).
  const spread = nameRows.map((i, level) => {
    const out: string[] = [];
    for (let c = 0; c < width; c++) {
      const own = text(rows[i]![c] ?? null);
      const below = level < nameRows.length - 1 ? text(rows[nameRows[level + 1]!]![c] ?? null) : '';
      out.push(own || (level < nameRows.length - 1 && below && c > 0 ? out[c - 1]! : ''));
    }
    return out;
  });

  const columns: Column[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (const level of spread) {
      const v = level[c]!;
      if (v && parts[parts.length - 1] !== v) parts.push(v);
    }
    const unitCell = unitsAt !== null ? text(rows[unitsAt]![c] ?? null) : '';
    let group: string | null = null;
    let leaf = parts[parts.length - 1] ?? '';
    if (parts.length >= 2) {
      group = parts.slice(0, -1).join(' / ');
    } else if (parts.length === 1 && unitCell && nameRows.length === 1) {
      // A group over its units only: "4K random read" spread over IOPS | MB/s | ms.
      const top = spread[0]!;
      if ((c > 0 && top[c - 1] === parts[0]) || top[c + 1] === parts[0]) {
        group = parts[0]!;
        leaf = unitCell;
      }
    }
    const header = group ? `${group} / ${leaf}` : leaf || `column ${c + 1}`;
    const unit = (unitCell ? parseUnit(unitCell) : null) ?? unitInHeader(leaf) ?? (group ? null : unitInHeader(header));
    columns.push({ index: c, header, group, leaf: leaf || header, unit, samples: [], numeric: false, tuple: 0, mix: false, minBare: null });
  }

  // Data, in blocks: a one-cell row is the title of the block after it; a repeat of the header
  // starts a new block; blank and total rows are skipped.
  const blocks: Block[] = [{ title: firstTitle, rows: [] }];
  const skipped = { blank: 0, totals: 0 };
  const headerRow = rows[headerAt]!;
  for (let i = headerRows[headerRows.length - 1]! + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const n = filled(row);
    const current = blocks[blocks.length - 1]!;
    if (n === 0) {
      skipped.blank++;
      continue;
    }
    if (n === 1 && !valueLike(row.find((c) => text(c) !== '') ?? null)) {
      const title = text(row.find((c) => text(c) !== '') ?? null);
      if (current.rows.length === 0) current.title = title;
      else blocks.push({ title, rows: [] });
      continue;
    }
    if (sameRow(row, headerRow)) {
      if (current.rows.length > 0) blocks.push({ title: null, rows: [] });
      i += headerRows.length - 1;
      continue;
    }
    if (TOTAL.test(text(row.find((c) => text(c) !== '') ?? null))) {
      skipped.totals++;
      continue;
    }
    current.rows.push({ line: i + 1, cells: row });
  }
  const data = blocks.flatMap((b) => b.rows);
  for (const col of columns) {
    const values = data.map((r) => r.cells[col.index] ?? null).filter((c) => text(c) !== '');
    col.samples = values.slice(0, 3).map(text);
    // Mostly numbers: a stray "n.a." or a typo must not turn a metric column into text.
    const numbers = values.filter((v) => { const x = parseNumber(v, decimalComma); return x !== null && Number.isFinite(x); }).length;
    col.numeric = values.length > 0 && numbers >= values.length / 2;
    const tuples = values.filter((v) => typeof v === 'string' && TUPLE.test(v)).map((v) => String(v).split('/').length);
    col.tuple = tuples.length > 0 && tuples.length === values.length && tuples.every((t) => t === tuples[0]) ? tuples[0]! : 0;
    col.mix = values.length > 0 && values.every((v) => isReadMix(text(v)));
    const bare = values.filter((v) => typeof v === 'number' || /^\d+(\.\d+)?$/.test(text(v))).map((v) => Number(text(v)));
    col.minBare = bare.length > 0 ? Math.min(...bare) : null;
  }
  const signature = createHash('sha256')
    .update(JSON.stringify(columns.map((c) => [norm(c.header), c.unit?.unit ?? ''])))
    .digest('hex');
  return {
    sheet: grid.sheet,
    headerLines: headerRows.map((i) => i + 1),
    unitsLine: unitsAt === null ? null : unitsAt + 1,
    columns,
    blocks: blocks.filter((b) => b.rows.length > 0),
    captions,
    skipped,
    signature,
  };
}

/** "C" for the third column, as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
