/**
 * A table's cells, whatever it came in: an XLSX / XLS workbook (SheetJS), or delimited text
 * (CSV, TSV as pasted from a spreadsheet, ';'-separated with decimal commas, markdown pipes).
 * Merged cells are spread over every cell they cover, so a merged "4K random read" above
 * IOPS | MB/s | ms heads all three columns.
 */
import * as XLSX from '@e965/xlsx';
import { decodeTable, type TableEncoding } from './decode.js';
import { gnuplotGrid, looksLikeGnuplot } from './gnuplot.js';

export type Cell = string | number | null;

export interface Grid {
  /** The sheet's name in a workbook; null for text. */
  sheet: string | null;
  rows: Cell[][];
  /** The header row, where the format says which it is (a gnuplot table's naming comment). */
  header?: number;
}

export type TableKind = 'xlsx' | 'xls' | 'csv' | 'tsv' | 'semicolon' | 'markdown' | 'gnuplot';

export interface TableSource {
  kind: TableKind;
  encoding: TableEncoding | null;
  /** ';'-separated text writes decimals with a comma ("0,831"). */
  decimalComma: boolean;
  grids: Grid[];
}

const ascii = (bytes: Uint8Array, from: number, to: number): string => {
  let s = '';
  for (let i = from; i < Math.min(to, bytes.length); i++) s += String.fromCharCode(bytes[i]!);
  return s;
};

/**
 * XLSX is a zip whose part names (stored uncompressed in the local headers) include the workbook
 * part; legacy XLS is an OLE2 compound file with a "Workbook" (BIFF8) or "Book" (BIFF5) stream.
 */
export function workbookKind(bytes: Uint8Array): 'xlsx' | 'xls' | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 1 << 20));
    return /xl\/workbook\.xml|xl\/workbook\.bin/.test(head) ? 'xlsx' : null;
  }
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (ole.every((b, i) => bytes[i] === b)) {
    // Directory entries name streams in UTF-16LE.
    const utf16 = (s: string): string => [...s].map((c) => `${c}\u0000`).join('');
    const all = ascii(bytes, 0, bytes.length);
    return all.includes(utf16('Workbook')) || all.includes(utf16('Book')) ? 'xls' : null;
  }
  return null;
}

function workbookGrids(bytes: Uint8Array): Grid[] {
  const wb = XLSX.read(bytes, { type: 'array', cellDates: false, dense: false });
  return wb.SheetNames.map((name) => {
    const ws = wb.Sheets[name]!;
    const rows = XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
    const grid: Cell[][] = rows.map((r) => r.map((c) => (c === undefined || c === null || c === '' ? null : typeof c === 'number' || typeof c === 'string' ? c : String(c))));
    // sheet_to_json starts at the used range's first row: merges are in sheet coordinates.
    const range = ws['!ref'] ? XLSX.utils.decode_range(ws['!ref']) : { s: { r: 0, c: 0 } };
    for (const m of ws['!merges'] ?? []) {
      const r0 = m.s.r - range.s.r;
      const c0 = m.s.c - range.s.c;
      const value = grid[r0]?.[c0] ?? null;
      for (let r = r0; r <= m.e.r - range.s.r; r++) {
        const row = (grid[r] ??= []);
        for (let c = c0; c <= m.e.c - range.s.c; c++) row[c] = value;
      }
    }
    // Columns before the used range are absent, not blank.
    return { sheet: name, rows: grid.map((r) => [...r].map((c) => c ?? null)) };
  });
}

/** Splits one CSV record honouring quotes ("a,b" is one cell; "" is a quote). */
function splitQuoted(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  // Whether the cell so far is blank (cur.trim() === ''; a quote then opens it): kept as the cell grows, since
  // trimming the cell at every quote made a long line full of quotes quadratic (the fuzz suite).
  let blank = true;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; blank = false; }
      else if (ch === '"') quoted = false;
      else {
        cur += ch;
        if (blank && ch.trim() !== '') blank = false;
      }
    } else if (ch === '"' && blank) {
      quoted = true;
      cur = '';
    } else if (ch === sep) {
      out.push(cur);
      cur = '';
      blank = true;
    } else {
      cur += ch;
      if (blank && ch.trim() !== '') blank = false;
    }
  }
  out.push(cur);
  return out;
}

/**
 * Joins physical lines into records where a quoted cell spans lines. The quotes are counted per
 * line as it comes: counting them again over the growing record made a stray quote near the top
 * of a long file cost the square of its length (the fuzz suite: a minute for 256 KB).
 */
function records(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: string[] = [];
  let pending: string[] = [];
  let quotes = 0;
  for (const line of lines) {
    pending.push(line);
    for (let i = line.indexOf('"'); i >= 0; i = line.indexOf('"', i + 1)) quotes++;
    if (quotes % 2 === 0) {
      out.push(pending.length === 1 ? line : pending.join('\n'));
      pending = [];
      quotes = 0;
    }
  }
  if (pending.length > 0) out.push(pending.join('\n'));
  return out;
}

const isMarkdownRule = (line: string): boolean => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);

/** The separator a text table uses, from its first lines: the one that splits most lines alike. */
export function sniffSeparator(text: string): { sep: string; kind: TableKind } | null {
  // '#' comments over whitespace-separated figures: a gnuplot data table, whatever its blanks are.
  if (looksLikeGnuplot(text)) return { sep: ' ', kind: 'gnuplot' };
  const lines = records(text).slice(0, 60).filter((l) => l.trim() !== '');
  if (lines.length < 2) return null;
  const piped = lines.filter((l) => /^\s*\|.*\|\s*$/.test(l)).length;
  if (piped >= 2 && piped >= lines.length * 0.5 && lines.some(isMarkdownRule)) return { sep: '|', kind: 'markdown' };
  let best: { sep: string; kind: TableKind; score: number } | null = null;
  for (const [sep, kind] of [['\t', 'tsv'], [';', 'semicolon'], [',', 'csv']] as const) {
    const counts = lines.map((l) => splitQuoted(l, sep).length);
    const multi = counts.filter((c) => c >= 2);
    if (multi.length < 2) continue;
    const mode = [...new Set(multi)].map((c) => [c, multi.filter((m) => m === c).length] as const).sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    // Most lines with cells agree on a count; title lines (one cell) are allowed.
    const score = mode[1] / lines.length;
    if (score >= 0.5 && (!best || score > best.score + 0.05)) best = { sep, kind, score };
  }
  return best ? { sep: best.sep, kind: best.kind } : null;
}

function textGrid(text: string, sep: string, kind: TableKind): Grid {
  const rows: Cell[][] = [];
  for (const line of records(text)) {
    if (kind === 'markdown') {
      if (isMarkdownRule(line)) continue;
      const trimmed = line.trim();
      if (!trimmed.startsWith('|')) {
        // Prose between markdown tables (S1's "Config D: ..." lines) is a one-cell row: a title.
        rows.push(trimmed === '' ? [] : [trimmed]);
        continue;
      }
      rows.push(trimmed.replace(/^\||\|$/g, '').split('|').map((c) => c.trim() || null));
      continue;
    }
    if (line.trim() === '') {
      rows.push([]);
      continue;
    }
    rows.push(splitQuoted(line, sep).map((c) => c.trim() || null));
  }
  return { sheet: null, rows };
}

export class TableReadError extends Error {}

/** Reads a table from bytes; `text` is given for a table pasted from the clipboard. */
export function readSource(bytes: Uint8Array): TableSource {
  const book = workbookKind(bytes);
  if (book) {
    let grids: Grid[];
    try {
      grids = workbookGrids(bytes);
    } catch (err) {
      throw new TableReadError(`the ${book.toUpperCase()} workbook could not be read: ${(err as Error).message}`);
    }
    return { kind: book, encoding: null, decimalComma: false, grids };
  }
  const { text, encoding } = decodeTable(bytes);
  const sniffed = sniffSeparator(text);
  if (!sniffed) throw new TableReadError('no table found: the text has no lines split alike by tabs, semicolons, commas, pipes or, under # comment lines, blanks');
  const grid = sniffed.kind === 'gnuplot' ? gnuplotGrid(text)! : textGrid(text, sniffed.sep, sniffed.kind);
  return { kind: sniffed.kind, encoding, decimalComma: sniffed.sep === ';', grids: [grid] };
}
