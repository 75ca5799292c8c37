/**
 * Every table of an AWR HTML report, with the title printed above it. AWR HTML is generated
 * by one PL/SQL package and is regular: `<table ... summary="...">`, header cells `<th>`, data
 * cells `<td>`, titles as `<h3 class="awr">` or as bare text between `<p />` tags, notes as
 * `<li class="awr">` (FORMATS.md 3.6). 11.1 tables have no `summary=` at all, so the title is
 * what identifies a table in every release. One pass over the tags (nextTag, a hand-written
 * scanner) finds every table and its title; a table's cells are read only when a section asks
 * for them (tableGrid).
 */
import { lazyTable, lineLocator, type ReportTable } from './report-tables.js';

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the entities AWR writes (`&#160;` for an empty cell, `&gt;` in notes, `&quot;`). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      // A no-break space means "empty" in AWR cells; keep it as a plain space so trim() removes it.
      if (code === 160) return ' ';
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * Cell and title text: entities decoded, whitespace runs made one space, trimmed. Trimming
 * first gives the same result; most cells are then plain ASCII with single spaces, and are
 * returned without the whitespace regex.
 */
function clean(s: string): string {
  const t = decodeEntities(s).trim();
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c > 32 && c < 127) continue;
    const next = t.charCodeAt(i + 1);
    if (c === 32 && next > 32 && next < 127) continue;
    return t.replace(/\s+/g, ' ');
  }
  return t;
}

const ATTR_PATTERNS = new Map<string, RegExp>();

function attr(attrs: string, name: string): string | null {
  let re = ATTR_PATTERNS.get(name);
  if (re === undefined) {
    re = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
    ATTR_PATTERNS.set(name, re);
  }
  const m = re.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/** colspan / rowspan of a cell's attributes, 1 when absent; most cells have neither. */
function span(attrs: string, name: 'colspan' | 'rowspan'): number {
  if (!attrs.includes('span')) return 1;
  return Math.max(1, Math.min(1000, parseInt(attr(attrs, name) ?? '1', 10) || 1));
}

interface PendingCell {
  text: string;
  header: boolean;
  colspan: number;
  rowspan: number;
}

interface TableBuilder {
  rows: PendingCell[][];
  row: PendingCell[] | null;
  cell: PendingCell | null;
}

/**
 * Lays rows out on a grid honouring colspan and rowspan (the RAC global report heads its
 * tables with two rows of spanning cells). Leading rows made only of `<th>` become the
 * column names, joined per column with a space.
 */
/**
 * Columns a table may have. AWR's widest (the RAC global report's) have about a hundred; a row
 * of a million cells (a damaged file) would otherwise pad every row of its table to a million
 * (gigabytes, found by the fuzz suite). Cells past it are left out.
 */
const MAX_COLUMNS = 1000;

function gridOf(b: TableBuilder): { headers: string[]; rows: string[][] } {
  const grid: Array<Array<{ text: string; header: boolean } | undefined>> = [];
  b.rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of row) {
      while (grid[r]![c] !== undefined) c++;
      if (c >= MAX_COLUMNS) break;
      for (let dr = 0; dr < cell.rowspan; dr++) {
        const target = (grid[r + dr] ??= []);
        for (let dc = 0; dc < cell.colspan && c + dc < MAX_COLUMNS; dc++) {
          // A spanned cell's text goes to its first column only, so values are never counted twice.
          target[c + dc] = { text: dc === 0 ? cell.text : '', header: cell.header };
        }
      }
      c += cell.colspan;
    }
  });
  // A heading row holds <th> cells; the RAC global report opens one with an empty <td>.
  const isHeading = (r: Array<{ text: string; header: boolean } | undefined>): boolean =>
    r.some((c) => c?.header) && r.every((c) => c === undefined || c.header || c.text === '');
  let headerRows = 0;
  while (headerRows < grid.length && isHeading(grid[headerRows]!)) headerRows++;
  const width = Math.max(0, ...grid.map((r) => r.length));
  const headers: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (let r = 0; r < headerRows; r++) {
      const t = grid[r]![c]?.text ?? '';
      if (t && parts[parts.length - 1] !== t) parts.push(t);
    }
    headers.push(parts.join(' '));
  }
  const rows = grid.slice(headerRows).filter((r) => r.length > 0).map((r) => {
    const out: string[] = [];
    for (let c = 0; c < width; c++) out.push(r[c]?.text ?? '');
    return out;
  });
  return { headers, rows };
}

export interface HtmlReport {
  /** `<title>` text. */
  pageTitle: string;
  /** Text of the `<h1>` headings ("WORKLOAD REPOSITORY report for"). */
  headings: string[];
  tables: ReportTable[];
  /** Every section title, in order, whether a table follows it or not. */
  titles: string[];
  /** Titles of sections whose body is "No data exists for this section of the report." */
  noData: string[];
}

/** Tags that end a run of text: what lies on either side of them are different titles. */
const BLOCK_TAGS = new Set(['p', 'br', 'h1', 'h2', 'h3', 'h4', 'ul', 'li', 'div', 'table', 'hr', 'pre', 'body', 'center']);

/** One tag: `<name attrs>` or `</name attrs>`, or a comment (name ''). */
interface Tag {
  /** Offset of '<'. */
  start: number;
  /** Offset after '>'. */
  end: number;
  closing: boolean;
  /** Lowercase. */
  name: string;
  attrsStart: number;
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number): boolean => isLetter(c) || (c >= 48 && c <= 57);

/**
 * The next tag or comment at or after `from`, into `tag`; false when there is none. Matches
 * exactly what /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->/g would, without a match
 * array and three substrings per tag: a 500 KB report has some 30,000 tags.
 */
function nextTag(text: string, from: number, tag: Tag): boolean {
  for (let i = text.indexOf('<', from); i >= 0; i = text.indexOf('<', i + 1)) {
    const closing = text.charCodeAt(i + 1) === 47; // '/'
    const nameStart = closing ? i + 2 : i + 1;
    if (isLetter(text.charCodeAt(nameStart))) {
      let nameEnd = nameStart + 1;
      while (nameEnd < text.length && isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
      const gt = text.indexOf('>', nameEnd);
      // No '>' anywhere after: no tag, and no comment end ("-->"), can follow.
      if (gt < 0) return false;
      tag.start = i;
      tag.end = gt + 1;
      tag.closing = closing;
      tag.name = text.slice(nameStart, nameEnd).toLowerCase();
      tag.attrsStart = nameEnd;
      return true;
    }
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close >= 0) {
        tag.start = i;
        tag.end = close + 3;
        tag.closing = false;
        tag.name = '';
        tag.attrsStart = i;
        return true;
      }
    }
  }
  return false;
}

const attrsOf = (text: string, t: Tag): string => text.slice(t.attrsStart, t.end - 1);

const isHeadingTag = (name: string): boolean => name.length === 2 && name.charCodeAt(0) === 104 && name >= 'h1' && name <= 'h4';

/** Closes the cell being read, its text cleaned, into its row. */
function endCell(b: TableBuilder, trailing = ''): void {
  if (!b.cell) return;
  b.cell.text = clean(b.cell.text + trailing);
  (b.row ??= []).push(b.cell);
  b.cell = null;
}

/**
 * The cells of the table whose `<table>` tag starts at `start`, read the first time a section
 * reader asks for them. The scan that found the table kept its place only: most tables of a
 * report (SQL lists, segments, latches, advisories) are never read, and building their cells
 * was most of the HTML parse. Cells of tables nested inside this one belong to those tables.
 */
function tableGrid(text: string, start: number): { headers: string[]; rows: string[][] } {
  const b: TableBuilder = { rows: [], row: null, cell: null };
  const tag: Tag = { start: 0, end: start, closing: false, name: '', attrsStart: 0 };
  let depth = 0;
  let pos = start;
  let skipUntil: string | null = null;
  while (nextTag(text, tag.end, tag)) {
    const prev = pos;
    pos = tag.end;
    const { closing, name } = tag;
    if (name === '') continue; // comment
    if (skipUntil) {
      if (closing && name === skipUntil) skipUntil = null;
      continue;
    }
    if (depth === 1 && b.cell) b.cell.text += text.slice(prev, tag.start);
    if (name === 'script' || name === 'style') {
      if (!closing) skipUntil = name;
      continue;
    }
    if (name === 'table') {
      depth += closing ? -1 : 1;
      if (depth === 0) {
        if (b.row) b.rows.push(b.row);
        return gridOf(b);
      }
      continue;
    }
    if (depth !== 1) continue;
    if (name === 'tr') {
      endCell(b);
      if (b.row) b.rows.push(b.row);
      b.row = closing ? null : [];
    } else if (name === 'td' || name === 'th') {
      endCell(b);
      if (!closing) {
        const a = attrsOf(text, tag);
        b.cell = { text: '', header: name === 'th', colspan: span(a, 'colspan'), rowspan: span(a, 'rowspan') };
      }
    } else if (name === 'br' && b.cell) {
      b.cell.text += ' ';
    }
  }
  // A report cut off inside a table still yields the rows it has (FORMATS.md 3: "imports what it has").
  endCell(b, text.slice(pos));
  if (b.row) b.rows.push(b.row);
  return gridOf(b);
}

interface OpenTable {
  summary: string;
  title: string;
  offset: number;
  /** Inside a `<td>` / `<th>`: text there is cell text, not a title. */
  inCell: boolean;
}

export function parseHtmlTables(text: string): HtmlReport {
  const lineAt = lineLocator(text);
  const tables: ReportTable[] = [];
  const headings: string[] = [];
  const titles: string[] = [];
  const noData: string[] = [];
  let pageTitle = '';
  const stack: OpenTable[] = [];
  let chunk = '';
  let lastTitle = '';
  let inLi = 0;
  let inLink = 0;
  let inHeading: string | null = null;
  let headingText = '';
  let skipUntil: string | null = null;

  const flushChunk = (): void => {
    const t = clean(chunk);
    chunk = '';
    if (!t || inLi > 0 || inLink > 0 || stack.length > 0) return;
    // The body of an empty section, not a title: it marks the section above it.
    if (/No data exists for this section/i.test(t)) {
      if (lastTitle) noData.push(lastTitle);
      return;
    }
    lastTitle = t;
    titles.push(t);
  };
  const close = (t: OpenTable, end: number): void => {
    tables.push(lazyTable(t.title, t.summary, () => grid().headers, () => grid().rows, lineAt(t.offset), undefined, () => text.slice(text.indexOf('>', t.offset) + 1, end)));
    let cells: { headers: string[]; rows: string[][] } | undefined;
    const grid = (): { headers: string[]; rows: string[][] } => (cells ??= tableGrid(text, t.offset));
  };

  const tag: Tag = { start: 0, end: 0, closing: false, name: '', attrsStart: 0 };
  let pos = 0;
  while (nextTag(text, tag.end, tag)) {
    const prev = pos;
    pos = tag.end;
    const { closing, name } = tag;
    if (name === '') continue; // comment
    if (skipUntil) {
      if (closing && name === skipUntil) skipUntil = null;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top?.inCell) {
      // Cell text: read with the table's cells, if ever.
    } else if (inHeading) headingText += text.slice(prev, tag.start);
    else if (inLink === 0 && inLi === 0 && tag.start > prev) chunk += text.slice(prev, tag.start);

    if (name === 'td' || name === 'th') {
      if (top) top.inCell = !closing;
      continue;
    }
    if (name === 'tr') {
      if (top) top.inCell = false;
      continue;
    }
    if (name === 'script' || name === 'style') {
      if (!closing) skipUntil = name;
      continue;
    }
    if (name === 'title') {
      if (closing) pageTitle = clean(headingText);
      inHeading = closing ? null : 'title';
      headingText = '';
      continue;
    }
    if (isHeadingTag(name)) {
      flushChunk();
      if (!closing) {
        inHeading = name;
        headingText = '';
      } else if (inHeading) {
        const t = clean(headingText);
        if (name === 'h1' && t) headings.push(t);
        if (t && stack.length === 0) {
          lastTitle = t;
          titles.push(t);
        }
        inHeading = null;
      }
      continue;
    }
    if (name === 'a') {
      // "Back to Top" and table-of-contents links are navigation, never a title.
      if (!closing && attr(attrsOf(text, tag), 'href') !== null && !top?.inCell && !inHeading) inLink++;
      else if (closing && inLink > 0) inLink--;
      continue;
    }
    if (name === 'li') {
      flushChunk();
      inLi = closing ? Math.max(0, inLi - 1) : inLi + 1;
      continue;
    }
    if (name === 'table') {
      if (!closing) {
        flushChunk();
        stack.push({ summary: clean(attr(attrsOf(text, tag), 'summary') ?? ''), title: lastTitle, offset: tag.start, inCell: false });
      } else if (top) {
        close(stack.pop()!, pos);
      }
      continue;
    }
    if (!top && BLOCK_TAGS.has(name)) flushChunk();
  }
  while (stack.length > 0) close(stack.pop()!, text.length);
  return { pageTitle, headings, tables, titles, noData };
}
