/**
 * Oracle AWR and STATSPACK reports (FORMATS.md 3), text and HTML, 10g to 19c and later:
 * instance reports (awrrpt, single instance or one RAC instance), RAC global reports
 * (awrgrpt), SQL reports (awrsqrpt), STATSPACK (run.tool 'oracle-statspack'), and Compare
 * Periods reports (awrddrpt, one run per snapshot set). One report is one run, except a
 * compare report, which is two.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { compareRuns } from './compare-run.js';
import { globalRun } from './global-run.js';
import { instanceRun } from './instance-run.js';
import { readDocument } from './report-document.js';

/** Report titles (text first line, HTML `<title>` / `<h1>`), FORMATS.md 3.1 and 3.6. */
const TITLES = [
  // "WORKLOAD REPOSITORY report for", 19c "WORKLOAD REPOSITORY PDB report (root snapshots)".
  /WORKLOAD REPOSITORY (?:PDB )?report\b/i,
  /WORKLOAD REPOSITORY (?:SQL Report|COMPARE PERIOD REPORT|RAC report|Global report)/i,
  /<title>\s*AWR (?:RAC |SQL |Compare Periods? |Diff )?Report for DB:/i,
  // [ \t]*, not \s*: in multiline mode \s* runs over every following blank line, from every line start.
  /^[ \t]*STATSPACK (?:report|SQL report) for\b/im,
];

/** A report pasted without its title line still has its header blocks. */
const HEADER_BLOCKS = /^DB Name\s+DB Id\s+.*\bRelease\b[^\n]*\n-{6,}[- ]+\n[\s\S]{0,2000}?Snap Id\s+Snap Time/m;

export function detectAwr(head: string): boolean {
  return TITLES.some((re) => re.test(head)) || HEADER_BLOCKS.test(head);
}

function parseText(text: string, name: string): ParseResult {
  const doc = readDocument(text);
  let runs: ParsedRun[];
  if (doc.kind === 'awrddrpt') runs = compareRuns(doc, name);
  else if (doc.kind === 'awrgrpt') runs = [globalRun(doc, name)];
  else runs = [instanceRun(doc, name)];
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  runs = runs.filter((r) => Object.keys(r.metrics).length > 0 || r.params['begin_snap'] !== undefined || r.params['db_name'] !== undefined);
  if (runs.length === 0) {
    errors.push({ message: `${name}: no AWR report content found (no header, load profile or wait events)` });
    return { runs, warnings, errors };
  }
  if (runs.some((r) => r.startMs !== null)) {
    // Same convention as the other importers for zone-less dates (hammerdb/clock-date.ts).
    warnings.push({ message: `${name}: AWR snapshot times carry no time zone (database server local time); stored as if UTC` });
  }
  return { runs, warnings, errors };
}

export const awrImporter: Importer = {
  id: 'awr',
  // 1.1.0: averages printed as 0 computed, idle events marked, wait histograms, RAC text header, cut names by the longer list.
  // 1.2.0: RAC global text with group headings over their own rule, indented tables, bare titles.
  // 1.3.0: an instance restarted inside the snapshot window is a validity fact.
  version: '1.3.0',
  tool: 'oracle-awr',
  title: 'Oracle AWR / STATSPACK reports (awrrpt, awrgrpt, awrsqrpt, awrddrpt; text and HTML)',
  detect: detectAwr,
  parse({ bytes, name }): ParseResult {
    const { text } = decodeText(bytes);
    try {
      return parseText(text, name);
    } catch (e) {
      // A parser bug must not take the import pipeline down: report it as this file's error.
      return { runs: [], warnings: [], errors: [{ message: `${name}: internal error in the AWR importer: ${e instanceof Error ? e.message : String(e)}` }] };
    }
  },
};
