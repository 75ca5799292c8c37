/**
 * gnuplot-style data tables, as authors keep the numbers behind their charts (FORMATS.md 6.3):
 * plain text, whitespace- or tab-separated, '#' comment lines, the last comment line before the
 * data often naming the columns ("# threads  10.1.36  10.2.18  10.3.9"), the first column the
 * swept x (threads, queue depth, block size) and each further column one configuration's figure;
 * blank lines separate data blocks (gnuplot's index). Read into a grid as any table is: the
 * comment lines above the names are captions (they may name the metric), the names are the
 * header row, a comment line between blocks is the next block's title.
 */
import type { Cell, Grid } from './grid.js';
import { parseNumber, parseSize } from './values.js';

const COMMENT = /^\s*#/;
/** gnuplot's marks for a missing point. */
const MISSING = /^(\?|-|nan|NaN)$/;

const figure = (token: string): boolean => MISSING.test(token) || Number.isFinite(parseNumber(token) ?? NaN);
/** The swept x: a number, or a size ("4K", "64KiB"). */
const sweptX = (token: string): boolean => figure(token) || Number.isFinite(parseSize(token) ?? NaN);

interface Lines {
  lines: string[];
  /** Data lines split by tabs (all of them hold one) rather than by any run of blanks. */
  tabs: boolean;
  columns: number;
}

const splitData = (line: string, tabs: boolean): string[] => line.trim().split(tabs ? /\s*\t\s*/ : /\s+/);

/** The lines and column count of a gnuplot data table, or null when the text is not one. */
function shapeOf(text: string): Lines | null {
  const lines = text.split(/\r\n|\n|\r/);
  const data = lines.filter((l) => l.trim() !== '' && !COMMENT.test(l));
  if (data.length < 2 || !lines.some((l) => COMMENT.test(l))) return null;
  const tabs = data.every((l) => l.includes('\t'));
  const rows = data.map((l) => splitData(l, tabs));
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  const [columns, n] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
  if (columns < 2 || n < data.length * 0.8) return null;
  if (!rows.every((r) => r.length <= columns && sweptX(r[0]!) && r.slice(1).every(figure))) return null;
  return { lines, tabs, columns };
}

export function looksLikeGnuplot(text: string): boolean {
  return shapeOf(text) !== null;
}

/** The column names a comment line gives, split to the table's column count; null when it names none. */
function namesIn(comment: string, columns: number, tabs: boolean): string[] | null {
  const body = comment.replace(/^\s*#+\s*/, '').trim();
  if (body === '') return null;
  for (const re of tabs ? [/\s*\t\s*/] : [/\s{2,}|\t/, /\s+/]) {
    const names = body.split(re).filter((s) => s !== '');
    if (names.length === columns) return names;
  }
  return null;
}

export function gnuplotGrid(text: string): Grid | null {
  const shape = shapeOf(text);
  if (!shape) return null;
  const { lines, tabs, columns } = shape;
  const firstData = lines.findIndex((l) => l.trim() !== '' && !COMMENT.test(l));
  const comments = lines.slice(0, firstData).filter((l) => COMMENT.test(l));
  // The names: the last comment above the data that splits into as many names as there are
  // columns. Comments above it are captions; one below it is the first block's title.
  let at = comments.length - 1;
  while (at >= 0 && namesIn(comments[at]!, columns, tabs) === null) at--;
  const header = at >= 0 ? namesIn(comments[at]!, columns, tabs) : null;
  const rows: Cell[][] = [];
  for (const c of header ? comments.slice(0, at) : comments) {
    const t = c.replace(/^\s*#+\s*/, '').trim();
    if (t) rows.push([t]);
  }
  const headerRow = rows.length;
  rows.push(header ?? ['x', ...Array.from({ length: columns - 1 }, (_, i) => `column ${i + 2}`)]);
  // Blocks: blank lines part them (gnuplot's index 0, 1, ...); a comment line before a block is its title.
  const blocks: Array<{ title: string | null; rows: string[][] }> = [{ title: null, rows: [] }];
  let pendingTitle: string | null = header ? comments.slice(at + 1).map((c) => c.replace(/^\s*#+\s*/, '').trim()).filter(Boolean).pop() ?? null : null;
  for (let i = firstData; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      if (blocks[blocks.length - 1]!.rows.length > 0) blocks.push({ title: null, rows: [] });
      continue;
    }
    if (COMMENT.test(line)) {
      const t = line.replace(/^\s*#+\s*/, '').trim();
      if (t) pendingTitle = t;
      continue;
    }
    const block = blocks[blocks.length - 1]!;
    if (block.rows.length === 0 && pendingTitle !== null) block.title = pendingTitle;
    pendingTitle = null;
    block.rows.push(splitData(line, tabs).map((c) => (MISSING.test(c) ? '' : c)));
  }
  const filled = blocks.filter((b) => b.rows.length > 0);
  filled.forEach((b, k) => {
    // Several blocks: each is named (its comment, else its gnuplot index), so none is folded into another.
    if (filled.length > 1) rows.push([b.title ?? `index ${k}`]);
    rows.push(...b.rows.map((r) => r.map((c) => (c === '' ? null : c))));
  });
  return { sheet: null, rows, header: headerRow };
}
