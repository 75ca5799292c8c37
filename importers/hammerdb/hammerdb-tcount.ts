/**
 * The HammerDB transaction counter log, `hdbtcount.log` / `hdbtcount_<GUID>.log`
 * (FORMATS.md 5.2, `src/generic/gentccmn.tcl`):
 *   Hammerdb Transaction Counter Log @ Thu Jun 30 22:43:39 UTC 2022
 *   +-+-+-+-...
 *   0 PostgreSQL tpm @ Thu Jun 30 22:43:40 UTC 2022
 *   324540 PostgreSQL tpm @ Thu Jun 30 22:43:41 UTC 2022
 * `<number> <rdbms> <metric>`, with ` @ <date>` only when tc_log_timestamps=1; the metric is `tpm`
 * for TPROC-C and `qph` otherwise. The file is opened in append mode, so each header starts a run.
 *
 * Time zone: the dates are Tcl `clock format` in the host's local zone, which prints the zone
 * abbreviation. "UTC"/"GMT" and unambiguous abbreviations give exact epoch times; an ambiguous one
 * (CST, IST, BST) is read as UTC wall-clock time with a warning (see clock-date.ts).
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { parseTclClockDate, zoneWarning, type ClockDate } from './clock-date.js';
import { canonicalDb } from './result-line.js';

export interface CounterSample {
  value: number;
  /** Epoch ms, or null when the line carried no timestamp. */
  ms: number | null;
}

/**
 * Summary metrics and the series of one counter: `<metric>` is the mean from the first nonzero
 * sample on (the counter's first sample has no previous count to diff and is 0, FORMATS.md 5.2;
 * zeros later in the run are real stalls and stay), `<metric>_max` the largest sample.
 */
export function counterRunParts(db: string, metric: 'tpm' | 'qph', samples: CounterSample[]):
  { metrics: Record<string, number>; series: ParsedSeries[]; warnings: string[] } {
  const metrics: Record<string, number> = {};
  const warnings: string[] = [];
  const series: ParsedSeries[] = [];
  const first = samples.findIndex((s) => s.value !== 0);
  if (first >= 0) {
    const counted = samples.slice(first);
    metrics[metric] = counted.reduce((s, x) => s + x.value, 0) / counted.length;
    metrics[`${metric}_max`] = Math.max(...counted.map((x) => x.value));
  } else if (samples.length > 0) {
    warnings.push(`every ${metric} sample is 0: no transactions were counted`);
  }
  const timed = samples.filter((s) => s.ms !== null);
  if (timed.length === samples.length && samples.length > 0) {
    const times = samples.map((s) => s.ms!);
    if (times.some((t, i) => i > 0 && t < times[i - 1]!)) {
      warnings.push('sample times go backwards (clock change?): no series is kept');
    } else {
      series.push({
        object: db,
        metric,
        unit: metric === 'tpm' ? 'TPM' : 'QPH',
        times: Float64Array.from(times),
        values: Float64Array.from(samples.map((s) => s.value)),
      });
    }
  } else if (samples.length > 0) {
    warnings.push(`${samples.length - timed.length} of ${samples.length} samples carry no timestamp (tc_log_timestamps=0): no series, only the summary`);
  }
  return { metrics, series, warnings };
}

const HEADER = /^Hammerdb Transaction Counter Log @ (.+)$/;
const SAMPLE = /^(\d+(?:\.\d+)?) (\S.*?) (tpm|qph)(?: @ (.+))?$/;

interface Section {
  startLine: number;
  header: ClockDate | null;
  rdbms: string | null;
  metric: 'tpm' | 'qph' | null;
  samples: CounterSample[];
}

export function parseTcountText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const dates: ClockDate[] = [];
  const sections: Section[] = [];
  const open = (line: number): Section => {
    const s: Section = { startLine: line, header: null, rdbms: null, metric: null, samples: [] };
    sections.push(s);
    return s;
  };
  let current = null as Section | null;
  let unreadable = 0;
  let firstUnreadable = 0;
  const lines = text.split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || /^\+-\+-/.test(line)) continue;
    let m = HEADER.exec(line);
    if (m) {
      current = open(i + 1);
      current.header = parseTclClockDate(m[1]!);
      if (current.header) dates.push(current.header);
      continue;
    }
    m = SAMPLE.exec(line);
    if (!m) {
      if (unreadable++ === 0) firstUnreadable = i + 1;
      continue;
    }
    const date = m[4] !== undefined ? parseTclClockDate(m[4]) : null;
    if (date) dates.push(date);
    const rdbms = canonicalDb(m[2]!);
    const metric = m[3] as 'tpm' | 'qph';
    let section = current ?? (current = open(i + 1));
    if (section.samples.length > 0 && (section.rdbms !== rdbms || section.metric !== metric)) {
      warnings.push({ message: `the counter changes from "${section.rdbms} ${section.metric}" to "${rdbms} ${metric}" without a new header: a new run starts here`, line: i + 1 });
      section = current = open(i + 1);
    }
    section.rdbms = rdbms;
    section.metric = metric;
    section.samples.push({ value: Number(m[1]), ms: date?.ms ?? null });
  }
  if (unreadable > 0) warnings.push({ message: `${unreadable} line(s) that are not counter samples were ignored`, line: firstUnreadable });

  const runs: ParsedRun[] = [];
  for (const s of sections) {
    if (s.samples.length === 0 || !s.rdbms || !s.metric) {
      if (s.header) warnings.push({ message: 'a counter log header with no samples after it', line: s.startLine });
      continue;
    }
    const parts = counterRunParts(s.rdbms, s.metric, s.samples);
    const times = s.samples.map((x) => x.ms).filter((t): t is number => t !== null);
    runs.push({
      name: `${s.rdbms} transaction counter${sections.length > 1 ? ` #${runs.length + 1}` : ''}`,
      tool: 'hammerdb',
      toolVersion: null,
      host: null,
      startMs: times[0] ?? s.header?.ms ?? null,
      endMs: times.length > 0 ? times[times.length - 1]! : null,
      params: { db: s.rdbms, benchmark: s.metric === 'tpm' ? 'TPROC-C' : 'TPROC-H' },
      metrics: parts.metrics,
      tables: {},
      series: parts.series,
      warnings: parts.warnings,
      errors: [],
    });
  }
  const zone = zoneWarning(dates);
  if (zone) warnings.push({ message: zone });
  if (runs.length === 0) errors.push({ message: 'no transaction counter samples ("<number> <database> tpm|qph") found' });
  return { runs, warnings, errors };
}

export const hammerdbTcountImporter: Importer = {
  id: 'hammerdb-tcount',
  version: '1.1.0',
  tool: 'hammerdb',
  title: 'HammerDB transaction counter log',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    if (lines.length === 0) return false;
    if (HEADER.test(lines[0]!)) return true;
    // No header (a copied fragment): a few sample lines in a row and nothing else.
    const probe = lines.slice(0, 5);
    return probe.length >= 3 && probe.every((l) => SAMPLE.test(l));
  },

  parse({ bytes }): ParseResult {
    return parseTcountText(decodeText(bytes).text);
  },
};
