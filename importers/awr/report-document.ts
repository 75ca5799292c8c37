/**
 * One AWR-family report, whatever its layout: the tables, the section titles it printed, the
 * sections that said "No data exists for this section of the report." (FORMATS.md 3.4), and
 * whether it reached "End of Report". Section readers look tables up here by title.
 */
import { parseHtmlTables } from './html-tables.js';
import { type ReportTable, titleKey } from './report-tables.js';
import { GLOBAL_BARE_TITLES, parseTextReport, type TextSection } from './text-report.js';

export type ReportKind = 'awrrpt' | 'awrgrpt' | 'awrsqrpt' | 'awrddrpt' | 'statspack';

export interface ReportDocument {
  layout: 'text' | 'html';
  kind: ReportKind;
  tables: ReportTable[];
  /** titleKey of every section the report printed, tables or not. */
  titles: Set<string>;
  /** titleKey of sections that printed "No data exists for this section of the report." */
  noData: Set<string>;
  /** Text layout only: the sections with their raw lines (SQL text, header lines). */
  textSections: TextSection[];
  /** True when "End of Report" was printed: a report without it was cut off. */
  complete: boolean;
  /** HTML `<title>` and `<h1>` text; the first lines for text. */
  banner: string;
}

const NO_DATA = /No data exists for this section of the report/i;

export function reportKind(head: string): ReportKind {
  if (/STATSPACK report for/i.test(head)) return 'statspack';
  if (/COMPARE PERIOD REPORT/i.test(head)) return 'awrddrpt';
  if (/WORKLOAD REPOSITORY SQL Report/i.test(head) || /AWR SQL Report for/i.test(head)) return 'awrsqrpt';
  if (/AWR RAC Report for DB/i.test(head) || /WORKLOAD REPOSITORY (?:REPORT \(RAC\)|RAC report|Global report)/i.test(head)) return 'awrgrpt';
  return 'awrrpt';
}

function htmlDocument(text: string): ReportDocument {
  const html = parseHtmlTables(text);
  const titles = new Set<string>(html.titles.map(titleKey));
  for (const t of html.tables) titles.add(titleKey(t.title));
  const banner = `${html.pageTitle}\n${html.headings.join('\n')}`;
  return {
    layout: 'html',
    kind: reportKind(banner),
    tables: html.tables,
    titles,
    noData: new Set(html.noData.map(titleKey)),
    textSections: [],
    complete: /End of Report/i.test(text.slice(-4096)),
    banner,
  };
}

function textDocument(text: string): ReportDocument {
  const kind = reportKind(text.slice(0, 4096));
  const report = parseTextReport(text, kind === 'awrgrpt' ? GLOBAL_BARE_TITLES : []);
  const titles = new Set<string>();
  const noData = new Set<string>();
  // One search of the whole text (cleaned of CR / FF, which could split the phrase) spares a
  // search of every line when no section is empty.
  const mayHaveNoData = NO_DATA.test(/[\r\f]/.test(text) ? text.replace(/[\r\f]/g, '') : text);
  for (const s of report.sections) {
    if (!s.title) continue;
    titles.add(titleKey(s.title));
    if (mayHaveNoData && s.lines.some((l) => NO_DATA.test(l))) noData.add(titleKey(s.title));
  }
  const banner = report.sections[0]?.lines.slice(0, 8).join('\n') ?? '';
  return {
    layout: 'text',
    kind,
    tables: report.tables,
    titles,
    noData,
    textSections: report.sections,
    complete: /^[ \t]*End of Report\b/m.test(text.slice(-8192)),
    banner,
  };
}

export function isHtml(head: string): boolean {
  return /^\s*(?:<!DOCTYPE[^>]*>\s*)?<html\b/i.test(head) || /<table\b[^>]*>/i.test(head.slice(0, 20000));
}

export function readDocument(text: string): ReportDocument {
  return isHtml(text.slice(0, 4096)) ? htmlDocument(text) : textDocument(text);
}

/** titleKey of each of a document's tables, worked out once: readers look tables up by title dozens of times. */
const tableKeys = new WeakMap<ReportDocument, string[]>();

/** Tables whose title matches, in report order. */
export function tablesTitled(doc: ReportDocument, title: RegExp): ReportTable[] {
  let keys = tableKeys.get(doc);
  if (keys === undefined || keys.length !== doc.tables.length) {
    keys = doc.tables.map((t) => titleKey(t.title));
    tableKeys.set(doc, keys);
  }
  const out: ReportTable[] = [];
  keys.forEach((k, i) => {
    if (title.test(k)) out.push(doc.tables[i]!);
  });
  return out;
}

/** True when the report printed a section with a matching title (with or without data). */
export function hasSection(doc: ReportDocument, title: RegExp): boolean {
  for (const t of doc.titles) if (title.test(t)) return true;
  return false;
}
