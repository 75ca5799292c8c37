/**
 * Interval reports: summary.html, totals.html, logfile.html, host/slave summaries and the
 * per-SD/WD/FSD/FWD reports. All share one layout (FORMATS.md 2.2, 2.3): a "Starting RD=" line,
 * then two-line headers repeated every 30 intervals, interval rows, and an avg row (plus std and
 * max rows for 50407 file-system runs). logfile.html interleaves other log lines, skipped here.
 */
import type { Diagnostic, ParamValue, ParsedRun, ValidityFact } from '../types.js';
import { errorShare, stopped } from '../validity.js';
import { DATA_LINE, headerLayout, isHeaderLine1, splitRow, type TableLayout, type TableRow } from './fixed-width.js';
import { collectDefinitions, definitionParams, type Definitions } from './parameter-lines.js';
import type { ReportFile } from './report-file.js';
import { parseNumber, rowMetrics, tableField, type Fields } from './row-metrics.js';
import { parseStartingRd, runName, type StartingRd } from './run-definition.js';
import { buildSeries, observedBlockSize, runResult } from './run-parts.js';
import { parseHeaderDate, startBefore, WallClock } from './wall-clock.js';

interface Row {
  line: number;
  local: number;
  label: string;
  fields: Fields;
  /** vdbench's own column labels, for the run's tables. */
  byColumn: Record<string, number | null>;
}

interface Draft {
  rd: StartingRd | null;
  layout: TableLayout | null;
  intervals: Row[];
  avg: Row | null;
  std: Row | null;
  max: Row | null;
  warnings: string[];
  /** I/O error lines (logfile.html, the console) and the intervals they fell in. */
  ioErrors: number;
  intervalsWithErrors: number;
  /** Errors seen since the last interval row: they belong to the next one. */
  pendingErrors: number;
  /** "Total Data Validation or I/O error count: N", the largest printed. */
  totalErrors: number | null;
  /** "Vdbench terminating due to Data Validation or I/O errors". */
  terminated: boolean;
}

export interface ParsedReport {
  runs: ParsedRun[];
  warnings: Diagnostic[];
  errors: Diagnostic[];
}

function toRow(row: TableRow, layout: TableLayout, line: number, local: number): Row {
  const fields: Fields = {};
  const byColumn: Record<string, number | null> = {};
  layout.columns.forEach((c, i) => {
    const v = parseNumber(row.cells[i]);
    byColumn[c.name] = v;
    if (v !== null) fields[tableField(c.name)] = v;
  });
  return { line, local, label: row.label, fields, byColumn };
}

/** std_ and max_ rows (50407 file-system runs) restate the avg row's columns as spread and peak. */
function withSpread(avg: Fields, std: Row | null, max: Row | null): Fields {
  const f: Fields = { ...avg };
  for (const [row, suffix] of [[std, 'std'], [max, 'max']] as const) {
    if (!row) continue;
    if (row.fields['resp'] !== undefined) f[`resp_${suffix}`] = row.fields['resp'];
    for (const d of ['read', 'write'] as const) {
      if (row.fields[`${d}_resp`] !== undefined) f[`${d}_${suffix}`] = row.fields[`${d}_resp`]!;
    }
  }
  return f;
}

/**
 * How many leading intervals vdbench leaves out of its avg row: the first by default, all of
 * warmup= when set (RD_entry). The interval length is read from the rows' own times.
 */
function warmupIntervals(d: Draft): number {
  const warmup = d.rd?.warmupS ?? null;
  const [a, b] = d.intervals;
  if (warmup === null || !a || !b) return 1;
  const intervalS = Math.max(1, Math.round((b.local - a.local) / 1000));
  return Math.max(1, Math.ceil(warmup / intervalS));
}

function draftRun(d: Draft, file: ReportFile, clock: WallClock, defs: Definitions, index: number): ParsedRun | null {
  const rows = [...d.intervals, ...(d.avg ? [d.avg] : [])];
  if (rows.length === 0 || !d.layout) return null;
  const kind = d.layout.kind;
  const warnings = [...d.warnings];
  const name = d.rd ? runName(d.rd) : `run ${index + 1}`;
  // Parameter lines quoted in the file first; the "Starting RD=" line (its for-loops) wins.
  const params: Record<string, ParamValue> = {
    ...(d.rd ? definitionParams(defs, d.rd.name) : {}),
    ...(d.rd?.params ?? {}),
    ...file.params,
    layout: kind,
  };
  const avg = d.avg ? { ...d.avg, fields: withSpread(d.avg.fields, d.std, d.max) } : null;
  const result = runResult(kind, d.rd?.name ?? name, avg, d.intervals, warmupIntervals(d));
  if (result.warning) warnings.push(result.warning);
  const tables: Record<string, unknown> = { avg_source: result.source };
  if (d.avg) tables['avg_row'] = d.avg.byColumn;
  if (d.std) tables['std_row'] = d.std.byColumn;
  if (d.max) tables['max_row'] = d.max.byColumn;
  const fallback = observedBlockSize(params, d.avg?.fields ?? d.intervals[d.intervals.length - 1]?.fields ?? {});
  if (fallback) warnings.push(fallback);

  const series = buildSeries(
    d.rd?.name ?? name,
    d.intervals.map((r) => ({ time: clock.toEpoch(r.local), metrics: rowMetrics(kind, r.fields, true) })),
  );
  const first = rows[0]!;
  const last = d.avg ?? d.intervals[d.intervals.length - 1]!;
  let startMs: number | null = null;
  let endMs: number | null = null;
  if (clock.dated) {
    const startLocal = d.rd?.tod != null ? startBefore(d.rd.tod, first.local, d.rd.elapsedS, d.intervals.length === 0) : first.local;
    startMs = clock.toEpoch(startLocal);
    endMs = clock.toEpoch(last.local);
  }
  return {
    name,
    tool: 'vdbench',
    toolVersion: file.toolVersion,
    host: file.host,
    startMs,
    endMs,
    params,
    metrics: result.metrics,
    tables,
    series,
    warnings,
    errors: [],
    ...(validityOf(d, result.metrics['total.iops'])),
  };
}

function validityOf(d: Draft, iops: number | undefined): { validity?: ValidityFact[] } {
  const facts = ioErrorFacts(d, iops);
  return facts.length ? { validity: facts } : {};
}

const IO_ERROR_LINE = /\bop:\s*(?:read|write)\b.*\blun:.*\berrno:\s*\S+/;
const TOTAL_ERRORS = /Total Data Validation or I\/O error count:\s*(\d+)/;
const TERMINATING = /Vdbench terminating due to Data Validation or I\/O errors/;

/**
 * The errors a run met, against the I/Os it did (its rate over its intervals): a fact about
 * whether it stands. vdbench stops a run on them unless told not to: then it is no result.
 */
function ioErrorFacts(d: Draft, iops: number | undefined): ValidityFact[] {
  const errors = Math.max(d.ioErrors, d.totalErrors ?? 0);
  if (errors === 0 && !d.terminated) return [];
  const intervals = d.intervals.length;
  const span = d.intervalsWithErrors > 0 ? `in ${d.intervalsWithErrors} of ${intervals} interval${intervals === 1 ? '' : 's'}` : null;
  const where = span ? ` (${span})` : '';
  if (d.terminated) return [stopped('io-errors', `vdbench terminated the run on Data Validation or I/O errors: ${errors.toLocaleString('en-US')} counted${span ? `, ${span}` : ''}`)];
  const [a, b] = d.intervals;
  const stepS = a && b ? Math.max(1, Math.round((b.local - a.local) / 1000)) : null;
  const ios = iops !== undefined && stepS !== null ? Math.round(iops * stepS * intervals) : null;
  const fact = errorShare('io-errors', errors, ios, { errors: `I/O error${errors === 1 ? '' : 's'}${where}`, ops: 'I/Os' });
  return fact ? [fact] : [];
}

export function parseIntervalReport(lines: readonly string[], file: ReportFile): ParsedReport {
  const warnings: Diagnostic[] = [];
  const defs = collectDefinitions(lines);
  const clock = new WallClock(file.created?.offsetMs ?? null);
  if (file.created?.date) clock.setDate(file.created.date);
  const drafts: Draft[] = [];
  const newDraft = (rd: StartingRd | null): Draft => {
    const d: Draft = { rd, layout: null, intervals: [], avg: null, std: null, max: null, warnings: [], ioErrors: 0, intervalsWithErrors: 0, pendingErrors: 0, totalErrors: null, terminated: false };
    drafts.push(d);
    return d;
  };
  let current: Draft | null = null;
  let failedAt: Diagnostic | null = null;
  let unknownDate: string | null = null;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    const rd = parseStartingRd(line, lineNo);
    if (rd) {
      current = newDraft(rd);
      continue;
    }
    // logfile.html and the console carry the errors vdbench met (IO_task.io_error_report,
    // Reporter): each "op: read lun: ... errno: EIO" line, the total, and the termination.
    if (IO_ERROR_LINE.test(line)) {
      current ??= newDraft(null);
      current.ioErrors++;
      current.pendingErrors++;
      continue;
    }
    const total = TOTAL_ERRORS.exec(line);
    if (total) {
      current ??= newDraft(null);
      current.totalErrors = Math.max(current.totalErrors ?? 0, Number(total[1]));
      continue;
    }
    if (TERMINATING.test(line)) {
      current ??= newDraft(null);
      current.terminated = true;
      continue;
    }
    if (isHeaderLine1(line)) {
      const layout = lines[i + 1] !== undefined ? headerLayout(line, lines[i + 1]!) : null;
      if (!layout) {
        failedAt = { message: `line ${lineNo}: a vdbench table header without its second line (file cut?)`, line: lineNo };
        continue;
      }
      const date = parseHeaderDate(line);
      if (date?.date) clock.setDate(date.date);
      else if (date) unknownDate ??= date.text;
      current ??= newDraft(null);
      if (current.layout && current.layout.columns.length !== layout.columns.length && current.intervals.length > 0) {
        current.warnings.push(`line ${lineNo}: the table's columns changed mid-run`);
      }
      current.layout = layout;
      i++;
      continue;
    }
    if (!DATA_LINE.test(line) || !current?.layout) continue;
    const row = splitRow(line, current.layout);
    if (!row) continue;
    const isTotal = /^avg_/.test(row.label);
    const isSpread = /^(std|max)_/.test(row.label);
    // Interval and avg rows fill every column; std/max rows leave some blank (FORMATS.md 2.3).
    if (!isSpread && row.filled < current.layout.columns.length) {
      current.warnings.push(`line ${lineNo}: row ${row.label} has ${row.filled} of ${current.layout.columns.length} columns (file cut?): skipped`);
      failedAt ??= { message: `line ${lineNo}: incomplete table row`, line: lineNo };
      continue;
    }
    const r = toRow(row, current.layout, lineNo, clock.place(row.tod));
    if (!isTotal && !isSpread && current.pendingErrors > 0) {
      current.intervalsWithErrors++;
      current.pendingErrors = 0;
    }
    if (isTotal) current.avg = r;
    else if (row.label.startsWith('std_')) current.std = r;
    else if (row.label.startsWith('max_')) current.max = r;
    else if (current.avg) {
      // An interval after the avg row without a new RD line: a new, unnamed run.
      current = newDraft(current.rd);
      current.layout = drafts[drafts.length - 2]!.layout;
      current.intervals.push(r);
    } else current.intervals.push(r);
  }

  const runs: ParsedRun[] = [];
  drafts.forEach((d, i) => {
    const run = draftRun(d, file, clock, defs, i);
    if (run) runs.push(run);
    else if (d.rd) warnings.push({ message: `RD=${d.rd.name} (line ${d.rd.line}) reports no interval or avg row`, line: d.rd.line });
  });
  if (drafts.some((d) => !d.rd && d.intervals.length + (d.avg ? 1 : 0) > 0)) {
    warnings.push({ message: 'a table with no "Starting RD=" line before it: its run is named by position' });
  }
  if (runs.length > 0 && !clock.dated) {
    const why = unknownDate ? `header date "${unknownDate}" not understood` : 'the file gives times of day but no date';
    warnings.push({ message: `${why}: series times are ms since the first line, start and end unknown` });
  }
  if (runs.length > 0 && clock.dated && clock.offsetMs === null) {
    const zone = file.created?.zone;
    warnings.push({ message: `time zone ${zone ? `"${zone}" is ambiguous or unknown` : 'not stated'}: wall-clock times are stored as if UTC` });
  }
  const errors: Diagnostic[] = [];
  if (runs.length === 0) {
    const lastRd = drafts.filter((d) => d.rd).pop()?.rd;
    errors.push(
      failedAt
        ? { message: `no vdbench result could be read: ${failedAt.message}`, line: failedAt.line }
        : lastRd
          ? { message: `no vdbench result could be read: RD=${lastRd.name} at line ${lastRd.line} is followed by no table (file cut?)`, line: lastRd.line }
          : { message: 'no vdbench interval table found', line: lines.length },
    );
  }
  return { runs, warnings, errors };
}
