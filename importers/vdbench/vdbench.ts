/**
 * vdbench output (FORMATS.md 2): summary.html, totals.html, logfile.html, flatfile.html,
 * histogram.html and the per-host, per-slave, per-SD/WD and per-FSD/FWD reports, for raw I/O
 * (sd/wd) and file-system (fsd/fwd) workloads. Each file is parsed on its own; each run
 * definition (RD, or each expansion of one by its for-loops) becomes a run.
 */
import { decodeText } from '../text.js';
import type { Importer, ParseResult } from '../types.js';
import { FLAT_HEADER, parseFlatfile } from './flatfile.js';
import { HISTOGRAM_HEADER, parseHistogram } from './histogram.js';
import { isHeaderLine1 } from './fixed-width.js';
import { parseIntervalReport } from './interval-report.js';
import { reportFile, textLines } from './report-file.js';

/** The two header lines of a raw (sd/wd) or file-system (fsd/fwd) interval table. */
const RAW_TABLE = /\binterval\s+i\/o\s+MB\/sec\b[^\n]*\r?\n\s+rate\s+(?:1024|1000)\*\*2/i;
const FS_TABLE = /\.Interval\.+\s+\.+ReqstdOps\.+/;
/** The flatfile header names its columns; "reqrate"/"Rate" keeps other "tod Run Interval" tables out. */
// [ \t]*, not \s*: in multiline mode \s* runs over every following blank line, from every line start.
const FLAT_TABLE = /^[ \t]*tod\s+(?:timestamp\s+)?Run\s+Interval\b.*\b(?:reqrate|rate)\b/im;

/**
 * Reports that print "Starting RD=" lines (Report.displayRunStart writes them to every report)
 * but hold no results this importer reads (kstat and nfsstat tables are Solaris/NFS host
 * statistics): detecting them would turn a dropped output directory into errors.
 */
const NO_RESULTS = /^(?:errorlog|parmfile|parmscan|status|skew|config|anchors|swat_mon|kstat|.*\.kstat|.*\.nfsstat\d|.*\.stdout)\.html$/i;

function titleName(head: string): string | null {
  const m = /<title>\s*Vdbench\s+([^<]*?)\s*<\/title>/i.exec(head);
  return m ? (m[1]!.split('/').pop() ?? null) : null;
}

export function detectVdbench(head: string): boolean {
  if (RAW_TABLE.test(head) || FS_TABLE.test(head) || FLAT_TABLE.test(head)) return true;
  const title = titleName(head);
  if (title !== null && NO_RESULTS.test(title)) return false;
  const vdbench = title !== null || /Vdbench distribution:\s*vdbench/i.test(head);
  if (!vdbench) return false;
  // A results report cut before its first table is still vdbench, and an error to report.
  return /\bStarting RD=/.test(head) || HISTOGRAM_HEADER.test(head) || /Vdbench distribution:/i.test(head) || /^(?:summary|totals|flatfile)\.html$/i.test(title ?? '');
}

/**
 * Which report a file is, in tables.report: one output folder holds the same results several
 * times (flatfile, summary, totals, logfile), and the import pipeline keeps one of them
 * (app/core/import/link-vdbench.ts).
 */
function marked(r: ParseResult, report: 'flatfile' | 'histogram' | 'interval'): ParseResult {
  for (const run of r.runs) run.tables['report'] = report;
  return r;
}

function parseText(text: string): ParseResult {
  const lines = textLines(text);
  const file = reportFile(text.slice(0, 4096), lines);
  if (lines.some((l) => FLAT_HEADER.test(l))) {
    const r = parseFlatfile(lines);
    for (const run of r.runs) run.toolVersion ??= file.toolVersion;
    return marked(r, 'flatfile');
  }
  if (!lines.some(isHeaderLine1) && lines.some((l) => HISTOGRAM_HEADER.test(l))) {
    return marked(parseHistogram(lines, file), 'histogram');
  }
  return marked(parseIntervalReport(lines, file), 'interval');
}

export const vdbenchImporter: Importer = {
  id: 'vdbench',
  version: '1.2.0',
  tool: 'vdbench',
  title: 'vdbench reports (summary, totals, logfile, flatfile, histogram, host/SD/FSD reports)',
  detect: detectVdbench,
  parse({ bytes, name }): ParseResult {
    const { text } = decodeText(bytes);
    try {
      return parseText(text);
    } catch (e) {
      // A parser bug must not take the import pipeline down: report it as this file's error.
      return { runs: [], warnings: [], errors: [{ message: `${name}: internal error in the vdbench importer: ${e instanceof Error ? e.message : String(e)}` }] };
    }
  },
};
