/**
 * Fixed-width tables of the AWR / STATSPACK text layout, cut into cells.
 *
 * Column positions come from the dashed underline row under the headings (FORMATS.md 3.5,
 * as awr-parser.sh does). Cutting rows at those positions is not enough: values outgrow
 * their columns (`12.2K` in the 4-character time column of 11.2.0.4, `9.2233720368547758E+18`),
 * names run into the next column, and cells are often blank. So each row is split into
 * whitespace-separated tokens and every token goes to one column, in order, by a small dynamic
 * programme that keeps tokens in column order and prefers the column a token overlaps; two
 * numbers never share a cell, while words may (an event name, "User I/O", "52.86 s").
 */
import { looksNumeric } from './numbers.js';

export interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * Column spans of an underline row: groups of '-' (and the leading '~' group of summary blocks
 * such as "~~~~~~~~~~~~~~~   ---------------", FORMATS.md 3.2); null for any other line.
 */
export function ruleSpans(line: string): Span[] | null {
  if (!line.includes('-') || !/^[\s~-]+$/.test(line)) return null;
  const spans: Span[] = [];
  const re = /-+|~+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) spans.push({ start: m.index, end: m.index + m[0].length });
  return spans;
}

/**
 * The line that closes a section: one long run of hyphens, indented (54 hyphens from 12c, 61 in
 * 10g/11g, FORMATS.md 3.5; the RAC compare report prints longer ones).
 */
const THIRTY_HYPHENS = '-'.repeat(30);

export function isTerminator(line: string): boolean {
  return line.includes(THIRTY_HYPHENS) && /^\s{4,}-{30,}\s*$/.test(line);
}

interface Token {
  text: string;
  start: number;
  end: number;
  numeric: boolean;
}

const UNIT = /^(?:s|ms|us|ns)$/;

function tokensOf(line: string, from = 0): Token[] {
  const out: Token[] = [];
  const re = /\S+/g;
  re.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) {
    const prev = out[out.length - 1];
    // "52.86 s": the 12.2+ unit suffix after a space belongs to the number (FORMATS.md 3.3).
    if (prev && prev.numeric && UNIT.test(m[0]) && m.index === prev.end + 1) {
      prev.text += ` ${m[0]}`;
      prev.end = m.index + m[0].length;
      continue;
    }
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, numeric: looksNumeric(m[0]) });
  }
  return out;
}

/** How badly a token sits in a column: 0 inside it, growing with the distance outside it. */
function misfit(t: Token, c: Span): number {
  const overlap = Math.min(t.end, c.end) - Math.max(t.start, c.start);
  if (overlap > 0) return (t.end - t.start - overlap) * 0.25;
  return 1 + Math.max(c.start - t.end, t.start - c.end);
}

/**
 * The common case, without the dynamic programme: every token lies wholly inside a column, in
 * column order, and no cell would hold a number next to another token. That assignment costs 0,
 * and no other does (columns do not overlap), so it is exactly what `assign` would choose.
 */
function assignInside(tokens: Token[], spans: Span[]): number[] | null {
  const out = new Array<number>(tokens.length);
  let c = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    while (c < spans.length && spans[c]!.end < t.end) c++;
    if (c === spans.length || spans[c]!.start > t.start) return null;
    if (i > 0 && out[i - 1] === c && (t.numeric || tokens[i - 1]!.numeric)) return null;
    out[i] = c;
  }
  return out;
}

/** Token-to-column assignment minimising total misfit; columns never go backwards. */
function assign(tokens: Token[], spans: Span[]): number[] {
  const T = tokens.length;
  const C = spans.length;
  if (T === 0 || C === 0) return [];
  const inside = assignInside(tokens, spans);
  if (inside) return inside;
  const cost: number[][] = [];
  const from: number[][] = [];
  for (let i = 0; i < T; i++) {
    cost.push(new Array<number>(C).fill(Infinity));
    from.push(new Array<number>(C).fill(-1));
    for (let c = 0; c < C; c++) {
      const here = misfit(tokens[i]!, spans[c]!);
      if (i === 0) {
        cost[0]![c] = here;
        continue;
      }
      for (let p = 0; p <= c; p++) {
        const prev = cost[i - 1]![p]!;
        if (prev === Infinity) continue;
        let share = 0;
        if (p === c) {
          const a = tokens[i - 1]!;
          const b = tokens[i]!;
          // Two numbers in one cell would be a misread row; a number inside a name is rare.
          share = a.numeric && b.numeric ? 1000 : a.numeric || b.numeric ? 3 : 0;
        }
        const total = prev + here + share;
        if (total < cost[i]![c]!) {
          cost[i]![c] = total;
          from[i]![c] = p;
        }
      }
    }
  }
  let best = 0;
  for (let c = 1; c < C; c++) if (cost[T - 1]![c]! < cost[T - 1]![best]!) best = c;
  const out = new Array<number>(T);
  for (let i = T - 1, c = best; i >= 0; i--) {
    out[i] = c;
    c = from[i]![c]!;
  }
  return out;
}

/**
 * A leading label that ends in ':' ("Redo size (bytes):", "Begin Snap:"), as the summary
 * blocks print their row names right-aligned across the first column's boundary.
 */
const LABEL = /^\s*([A-Za-z%][^:]*?:)(?=\s|$)/;

/** Cells of one row. With `label`, a leading "Name:" fills the first column whole. */
export function splitRow(line: string, spans: Span[], label: boolean): string[] {
  const cells = spans.map(() => '');
  let from = 0;
  let first = 0;
  if (label && spans.length > 1) {
    const m = LABEL.exec(line);
    if (m && m[0].length <= spans[1]!.start + 1) {
      cells[0] = m[1]!.trim();
      from = m[0].length;
      first = 1;
    }
  }
  const tokens = tokensOf(line, from);
  const cols = assign(tokens, spans.slice(first));
  tokens.forEach((t, i) => {
    const c = cols[i]! + first;
    cells[c] = cells[c] ? `${cells[c]} ${t.text}` : t.text;
  });
  return cells;
}

/** Column headings: the words of the lines above the underline, joined per column. */
export function headerCells(lines: string[], spans: Span[]): string[] {
  const cells = spans.map(() => '');
  for (const line of lines) {
    // "---------- Read ---------": a group label drawn with dashes; the words count, the dashes do not.
    const tokens = tokensOf(line).filter((t) => !/^-+$/.test(t.text)).map((t) => ({ ...t, numeric: false }));
    const cols = assign(tokens, spans);
    tokens.forEach((t, i) => {
      const c = cols[i]!;
      cells[c] = cells[c] ? `${cells[c]} ${t.text}` : t.text;
    });
  }
  return cells;
}

/**
 * The spans of an underline row, with a label column added in front when the first dashes
 * start well right of the margin: the snapshot block's "Begin Snap:" rows sit left of them.
 */
export function spansWithLabel(rule: string): Span[] | null {
  const spans = ruleSpans(rule);
  if (!spans || spans.length === 0) return null;
  if (spans[0]!.start >= 4) spans.unshift({ start: 0, end: spans[0]!.start - 1 });
  return spans;
}
