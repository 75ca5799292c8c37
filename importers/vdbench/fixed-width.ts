/**
 * vdbench's interval tables are fixed-width: two header lines, values right-aligned under the
 * second. Splitting on white space is wrong twice over (FORMATS.md 2.2, 2.3):
 * - 50407 file-system std_/max_ rows leave whole columns blank;
 * - a value wider than its column pushes the rest of the line right (a real file:
 *   "0.00 449135.46   53.911", write max taking one character more than `%8.2f` gives it).
 * So each value is placed by where it starts, and an overflow shifts the later columns.
 */
import { parseHeaderDate, parseTimeOfDay } from './wall-clock.js';

export interface Token {
  text: string;
  start: number;
  /** Exclusive. */
  end: number;
}

export function tokens(line: string): Token[] {
  const out: Token[] = [];
  for (const m of line.matchAll(/\S+/g)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

export interface Column {
  /** Lower-case "group sub" label, e.g. "i/o rate", "reqstdops resp", "cpu% sys+u". */
  name: string;
  end: number;
}

export interface TableLayout {
  kind: 'raw' | 'fs';
  /** Where the interval label ("1", "avg_2-5") ends. */
  labelEnd: number;
  columns: Column[];
}

/** The header's first line: a date, then "interval i/o MB/sec" (raw) or ".Interval. .ReqstdOps" (file system). */
export function isHeaderLine1(line: string): boolean {
  return /\binterval\s+i\/o\s+MB\/sec\b/i.test(line) || /\.Interval\.+\s+\.+ReqstdOps/i.test(line);
}

/** The width of "HH:mm:ss.SSS", which the second header line leaves blank. */
const TOD_WIDTH = 12;

/**
 * Builds the column layout from the two header lines. Line 1 is the date plus a fixed-format
 * header: its labels sit (12 - date length) characters off their columns (a Chinese month "5月"
 * is one character shorter than "Oct"). Each line-2 label takes the line-1 group above it.
 */
export function headerLayout(line1: string, line2: string): TableLayout | null {
  if (!isHeaderLine1(line1)) return null;
  const date = parseHeaderDate(line1);
  const shift = date ? TOD_WIDTH - date.length : 0;
  const groups = tokens(date ? line1.slice(date.length) : line1).map((t) => {
    const offset = date ? date.length + shift : 0;
    return { text: t.text, start: t.start + offset, end: t.end + offset };
  });
  const interval = groups.find((g) => /interval/i.test(g.text));
  if (!interval) return null;
  const subs = tokens(line2);
  if (subs.length === 0) return null;
  const columns: Column[] = subs.map((s) => {
    let best: Token | null = null;
    let bestScore = -Infinity;
    for (const g of groups) {
      if (g === interval) continue;
      const overlap = Math.min(g.end, s.end) - Math.max(g.start, s.start);
      // No overlap: prefer the nearest group, scored negative by distance.
      const score = overlap > 0 ? overlap : overlap - 1000;
      if (score > bestScore) {
        best = g;
        bestScore = score;
      }
    }
    const group = (best?.text ?? '').replace(/^\.+|\.+$/g, '');
    return { name: `${group} ${s.text}`.toLowerCase(), end: s.end };
  });
  const kind = /reqstdops/i.test(line1) ? 'fs' : 'raw';
  return { kind, labelEnd: interval.end, columns };
}

/** A data line: time of day, interval label, values. */
export const DATA_LINE = /^(\d{2}:\d{2}:\d{2}\.\d{3})\s+(\d+|(?:avg|std|max)_\d+-\d+)(?=\s|$)/;

export interface TableRow {
  tod: number;
  label: string;
  /** Raw text per column; null where the column is blank. */
  cells: Array<string | null>;
  /** Columns that hold a value. */
  filled: number;
  /** Values left over past the last column. */
  extra: number;
}

export function splitRow(line: string, layout: TableLayout): TableRow | null {
  const m = DATA_LINE.exec(line);
  if (!m) return null;
  const tod = parseTimeOfDay(m[1]!);
  if (tod === null) return null;
  const toks = tokens(line).slice(2);
  const cols = layout.columns;
  const cells: Array<string | null> = cols.map(() => null);
  const labelEnd = m[0].length;
  let shift = Math.max(0, labelEnd - layout.labelEnd);
  let next = 0;
  let extra = 0;
  for (const t of toks) {
    let i = next;
    // Blank columns: skip every column that ends before this value starts.
    while (i < cols.length && t.start >= cols[i]!.end + shift) i++;
    if (i >= cols.length) {
      extra++;
      continue;
    }
    cells[i] = t.text;
    if (t.end > cols[i]!.end + shift) shift = t.end - cols[i]!.end;
    next = i + 1;
  }
  return { tod, label: m[2]!, cells, filled: cells.filter((c) => c !== null).length, extra };
}
