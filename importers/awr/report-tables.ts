/**
 * The shape both AWR layouts are reduced to before any section is read: titled tables of
 * trimmed cell strings. HTML reports give tables directly; text reports are cut into columns
 * by their dashed underline rows (text-tables.ts). Section readers only ever see this shape,
 * so one reader serves the text and the HTML layouts of every release.
 */

export interface ReportTable {
  /** The section title as printed ("Foreground Wait Events", "Load Profile"). */
  title: string;
  /** HTML `summary=` attribute; '' for text reports. */
  summary: string;
  /** Column names, multi-line headings joined with one space ("Total Wait Time (sec)"). */
  headers: string[];
  /** Cell text, trimmed, '' for an empty cell. */
  rows: string[][];
  /** 1-based line of the table's first row in the decoded text, for messages. */
  line: number;
  /**
   * Text layout only: each column's width in characters (its dashed underline). A name as long
   * as its column may have been cut (FORMATS.md 3.5); undefined for HTML, which cuts nothing.
   */
  widths?: number[];
}

const SOURCE = Symbol('table source');

/**
 * False only when `test` says the table's printed text (the HTML inside its `<table>` tag, or
 * its text lines) cannot hold what a reader looks for: a cheap test before building its cells.
 * `test` must allow for the tags, entities and line breaks cell text is cleaned of. Tables
 * built whole (no printed text kept) always pass.
 */
export function tableMayHold(t: ReportTable, test: (source: string) => boolean): boolean {
  const source = (t as unknown as Record<symbol, (() => string) | undefined>)[SOURCE];
  return source === undefined || test(source());
}

/**
 * A table whose headers and rows are worked out on first use, then kept. To its readers it is
 * a plain ReportTable (enumerable properties, so spreading and deep comparison see the cells).
 */
export function lazyTable(
  title: string, summary: string, headers: () => string[], rows: () => string[][], line: number, widths?: number[], source?: () => string,
): ReportTable {
  // Accessors in the literal, not Object.defineProperties: a report makes hundreds of tables.
  const keep = <K extends 'headers' | 'rows'>(key: K, value: ReportTable[K]): ReportTable[K] => {
    Object.defineProperty(t, key, { value, enumerable: true, writable: true, configurable: true });
    return value;
  };
  const t: ReportTable = {
    title,
    summary,
    get headers(): string[] {
      return keep('headers', headers());
    },
    set headers(value: string[]) {
      keep('headers', value);
    },
    get rows(): string[][] {
      return keep('rows', rows());
    },
    set rows(value: string[][]) {
      keep('rows', value);
    },
    line,
  };
  if (widths !== undefined) t.widths = widths;
  if (source) Object.defineProperty(t, SOURCE, { value: source, enumerable: false });
  return t;
}

/** A section title as a lookup key: lowercase, single spaces, no trailing colon. */
export function titleKey(title: string): string {
  return title.toLowerCase().replace(/\s+/g, ' ').replace(/:$/, '').trim();
}

/** Header text as a matching key: lowercase, spaces collapsed ("Wait Avg(ms)" -> "wait avg(ms)"). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Finds which column plays each role. Each role is tried in the order given and takes the
 * first column (not yet taken) whose header matches, so a generic pattern listed late
 * ("time") cannot steal a column a specific one ("avg") claims first.
 */
export function columnRoles<R extends string>(headers: readonly string[], roles: ReadonlyArray<[R, RegExp]>): Partial<Record<R, number>> {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const out: Partial<Record<R, number>> = {};
  for (const [role, re] of roles) {
    const i = keys.findIndex((k, idx) => !taken.has(idx) && re.test(k));
    if (i >= 0) {
      out[role] = i;
      taken.add(i);
    }
  }
  return out;
}

/** The cell of a row in a role's column; '' when the role was not found or the row is short. */
export function cell(row: readonly string[], index: number | undefined): string {
  return index === undefined ? '' : (row[index] ?? '');
}

/**
 * 1-based line numbers for many offsets of one text. `lineAt` in ../text.ts rescans from the
 * start on every call, which is quadratic over the hundreds of tables of a 1.6 MB report.
 */
export function lineLocator(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
