/**
 * A text AWR / STATSPACK report cut into titled sections and their tables.
 *
 * Section titles are of two kinds (FORMATS.md 3.4): detail sections open with
 * `<Title>   DB/Inst: X/Y  Snaps: a-b` (the title may run into "DB/Inst:" when long, as in
 * "SQL ordered by Physical Reads (UnOptimized)DB/Inst:"), and the summary blocks at the top
 * are a title line underlined with '~'. Long sections repeat their title and headings at every
 * page; the pieces keep the same title and their rows are joined by the readers.
 */
import { lazyTable, type ReportTable } from './report-tables.js';
import { looksNumeric } from './numbers.js';
import { headerCells, isTerminator, ruleSpans, spansWithLabel, splitRow } from './text-tables.js';

export interface TextSection {
  title: string;
  /** The section's lines, title line included. */
  lines: string[];
  /** 1-based line number, in the decoded text, of each of `lines`. */
  origins: number[];
}

export interface TextReport {
  /** In order; the first (title '') holds the lines before any section: the report header. */
  sections: TextSection[];
  tables: ReportTable[];
}

const DETAIL_TITLE = /^(\S.*?)\s*DB\/Inst:\s*\S/;

/** Same as `line.trim() === ''`, without making the trimmed string. */
const isBlank = (line: string): boolean => !/\S/.test(line);

/** A detail section's title line; the substring test first spares the regex on every other line. */
const detailTitle = (line: string): RegExpExecArray | null => (line.includes('DB/Inst:') ? DETAIL_TITLE.exec(line) : null);

/**
 * The report's lines, cleaned of what SQL*Plus and mail clients add (FORMATS.md 3.5): CR and
 * form feed characters, and the `OUTPUT` page heading that `SELECT output FROM
 * TABLE(DBMS_WORKLOAD_REPOSITORY.AWR_REPORT_TEXT(...))` prints every page, even mid-table,
 * with the blank line (and underline, when present) that comes with it.
 */
export function reportLines(text: string): { lines: string[]; origin: number[] } {
  const raw = text.split('\n');
  const lines: string[] = [];
  const origin: number[] = [];
  // Few reports have CR or FF, and then on few lines: only those lines are rewritten.
  const strip = text.includes('\r') || text.includes('\f');
  for (let i = 0; i < raw.length; i++) {
    let line = raw[i]!;
    if (strip && (line.includes('\r') || line.includes('\f'))) line = line.replace(/[\r\f]/g, '');
    if (line.startsWith('OUTPUT') && /^OUTPUT\s*$/.test(line)) {
      if (lines.length > 0 && lines[lines.length - 1]!.trim() === '') {
        lines.pop();
        origin.pop();
      }
      if (/^-{6,}\s*$/.test(raw[i + 1] ?? '')) i++;
      continue;
    }
    lines.push(line);
    origin.push(i + 1);
  }
  return { lines, origin };
}

/** A summary title line with the title itself blanked, leaving the headings printed after it. */
function blankTitle(line: string): string {
  const m = /^(\s*\S.*?)(\s{2,}|$)/.exec(line);
  return m ? ' '.repeat(m[1]!.length) + line.slice(m[1]!.length) : line;
}

function summaryTitle(line: string): string {
  return line.trim().split(/\s{2,}/)[0] ?? '';
}

/**
 * Section titles the RAC global report (awrgrpt) prints on a line of their own, with or without
 * a '~' underline or a "DB/Inst:" tail: its tables are per instance (I#) and cluster-wide, and
 * a title is known by its words alone (the titles of the real 12.2 awrgrpt HTML in
 * ../shared/corpus; the line-parser in the public Getperf awrgrpt reader keys on the same
 * bare lines, "^Time Model$").
 */
export const GLOBAL_BARE_TITLES: readonly string[] = [
  'Database Summary', 'Database Instances Included In Report', 'OS Statistics By Instance', 'Time Model', 'Time Model - % of DB time',
  'Foreground Wait Classes', 'Foreground Wait Classes - % of Total DB time', 'Foreground Wait Classes - % of DB time', 'Top Timed Events',
  'Top Timed Foreground Events', 'Top Timed Background Events', 'Foreground Wait Events (Global)', 'Background Wait Events (Global)',
  'Wait Event Histogram (Global)', 'System Statistics', 'System Statistics - Per Second', 'System Statistics - Per Transaction',
  'IO Profile (Global)', 'IOStat by Function', 'IOStat by File Type', 'SQL ordered by Elapsed Time (Global)', 'init.ora Parameters',
];

const bareKey = (line: string): string => line.trim().replace(/\s+/g, ' ').toLowerCase();

export function splitSections(lines: string[], origin: number[], bareTitles: readonly string[] = []): TextSection[] {
  const bare = new Set(bareTitles.map(bareKey));
  const sections: TextSection[] = [];
  let current: TextSection = { title: '', lines: [], origins: [] };
  const open = (title: string): void => {
    if (current.lines.length > 0 || current.title) sections.push(current);
    current = { title, lines: [], origins: [] };
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const detail = detailTitle(line);
    if (detail) {
      open(detail[1]!.trim());
    } else if (/^~{3,}/.test(lines[i + 1] ?? '') && !isBlank(line) && !/^\s*~/.test(line)) {
      open(summaryTitle(line));
    } else if (bare.size > 0 && bare.has(bareKey(line)) && !/^\s/.test(line)) {
      open(line.trim());
    }
    current.lines.push(line);
    current.origins.push(origin[i] ?? i + 1);
  }
  sections.push(current);
  return sections;
}

/** Lines that end a run of table rows. */
function endsRows(line: string): boolean {
  return isBlank(line) || isTerminator(line) || detailTitle(line) !== null;
}

/** A line of column headings: words, none of them a figure ("Id Name Unique Name ... Block Size Begin End"). */
function headingOnly(line: string): boolean {
  return /\S/.test(line) && !line.trim().split(/\s+/).some(looksNumeric);
}

/** Lines that cannot be column headings: notes, title underlines, titles. */
function notHeading(line: string): boolean {
  return isBlank(line) || /^\s*->/.test(line) || /^~+\s*$/.test(line) || detailTitle(line) !== null || isTerminator(line);
}

/**
 * Every underlined table of a section. Headings are the non-blank lines right above the
 * underline; rows run to the next blank line, terminator or title. Summary blocks whose
 * underline starts with '~' carry their headings on the title line itself ("Load Profile
 * Per Second ..."), and print row names as "Label:" (FORMATS.md 3.2).
 */
export function sectionTables(section: TextSection): ReportTable[] {
  const tables: ReportTable[] = [];
  const { lines } = section;
  for (let i = 0; i < lines.length; i++) {
    const rule = lines[i]!;
    const dashes = ruleSpans(rule);
    if (!dashes || isTerminator(rule)) continue;
    const spans = spansWithLabel(rule);
    if (!spans) continue;
    const labelled = /^\s*~/.test(rule) || spans.length !== dashes.length;
    const head: string[] = [];
    for (let j = i - 1; j >= 0 && head.length < 4; j--) {
      const l = lines[j]!;
      // A summary title carries the headings ("Load Profile    Per Second ..."): keep it, then stop.
      if (/^\s*~/.test(rule) && j === i - 1) {
        head.unshift(l);
        break;
      }
      // "~~~~~~~~~~~~~~~~~~   wait   Call": the title's underline carries headings too, and so
      // does the title line above it ("Top 5 Timed Events    Avg %Total", 10g and STATSPACK).
      if (/^~/.test(l)) {
        head.unshift(l.replace(/^~+/, (m) => ' '.repeat(m.length)));
        // Not a detail title: its "DB/Inst: X/Y Snaps: a-b" tail is the report's identity, not headings.
        if (j > 0 && lines[j - 1]!.trim() !== '' && detailTitle(lines[j - 1]!) === null) head.unshift(blankTitle(lines[j - 1]!));
        break;
      }
      // A section's first line is its title (a bare one, as the RAC global report's, has no rule under it).
      if (notHeading(l) || ruleSpans(l) || (j === 0 && section.title !== '')) break;
      head.unshift(l);
    }
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (endsRows(l) || (ruleSpans(l) && !isTerminator(l))) break;
    }
    // A two-level heading (the RAC global report's Database Summary, FORMATS.md 3.6): group
    // headings over a rule of their own, then the column headings and their rule. The lines
    // between the two rules are headings, not rows: the table is the one under the second rule.
    if (j < lines.length && j > i + 1 && j - i - 1 <= 3 && ruleSpans(lines[j]!) && !isTerminator(lines[j]!) && lines.slice(i + 1, j).every(headingOnly)) continue;
    // Cells are cut when a reader asks: most tables of a report (SQL sections, latches,
    // segments) are never read, and cutting rows into columns is most of the text parse.
    const rowLines = lines.slice(i + 1, j);
    tables.push(lazyTable(
      section.title, '',
      () => headerCells(head, spans),
      () => rowLines.map((l) => splitRow(l, spans, labelled)),
      section.origins[i + 1] ?? section.origins[i] ?? 1,
      spans.map((s) => s.end - s.start),
      () => `${head.join('\n')}\n${rowLines.join('\n')}`,
    ));
    i = j - 1;
  }
  return tables;
}

export function parseTextReport(text: string, bareTitles: readonly string[] = []): TextReport {
  const { lines, origin } = reportLines(text);
  const sections = splitSections(lines, origin, bareTitles);
  const tables = sections.flatMap(sectionTables);
  return { sections, tables };
}

