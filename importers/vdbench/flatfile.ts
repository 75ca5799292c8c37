/**
 * flatfile.html (Flat.java, FORMATS.md 2.4): `*` legend lines, one header line of column names,
 * then one line per interval and per run total. Values never are blank (missing ones print
 * "n/a"), so white-space splitting is right here, and it survives a run name wider than its
 * `%10s` column in the older fixed-width layout (a real file: "sequential_write_max_4k").
 */
import type { Diagnostic, ParamValue, ParsedRun } from '../types.js';
import { flatField, parseNumber, rowMetrics, type Fields, type Workload } from './row-metrics.js';
import { applyParam, rdParams } from './run-definition.js';
import { buildSeries, observedBlockSize, runResult, type ResultRow } from './run-parts.js';
import { parseTimeOfDay, WallClock, zoneOffsetMs, type CalendarDate } from './wall-clock.js';

export const FLAT_HEADER = /^\s*tod\s+(?:timestamp\s+)?Run\s+Interval\b/i;

interface FlatRow extends ResultRow {
  run: string;
  local: number;
  byColumn: Record<string, string>;
}

interface Group {
  run: string;
  intervals: FlatRow[];
  avg: FlatRow | null;
}

/** "03/08/2019-15:14:56-ICT": the only full timestamp vdbench writes, with a zone abbreviation. */
function parseTimestamp(text: string): { date: CalendarDate; zone: string } | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})-\d{2}:\d{2}:\d{2}-(\S+)$/.exec(text);
  return m ? { date: { year: Number(m[3]), month: Number(m[1]) - 1, day: Number(m[2]) }, zone: m[4]! } : null;
}

/** FileAnchor.whatSize, so a flatfile run is named like its "For loops:" text ("xfersize=4k"). */
function sizeText(n: number): string {
  for (const [unit, size] of [['g', 1024 ** 3], ['m', 1024 ** 2], ['k', 1024]] as const) {
    if (n >= size && n % size === 0) return `${n / size}${unit}`;
  }
  return String(n);
}

function groupParams(kind: Workload, row: FlatRow): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = { ...rdParams(row.run), layout: kind };
  const c = row.byColumn;
  // File-system "Xfersize" holds the observed average (a format run shows 129581), so only
  // a raw run's xfersize column is taken as the requested block size.
  if (kind === 'raw' && c['xfersize'] !== undefined) applyParam(params, 'xfersize', c['xfersize']);
  for (const key of ['threads', 'rdpct', 'seekpct', 'reqrate']) {
    if (c[key] !== undefined) applyParam(params, key, c[key]);
  }
  return params;
}

function nameSuffix(params: Record<string, ParamValue>): string {
  const parts: string[] = [];
  if (typeof params['bs'] === 'number') parts.push(`xfersize=${sizeText(params['bs'])}`);
  if (params['read_pct'] !== undefined) parts.push(`rdpct=${params['read_pct']}`);
  if (params['seekpct'] !== undefined) parts.push(`seekpct=${params['seekpct']}`);
  if (typeof params['threads'] === 'number') parts.push(`threads=${sizeText(params['threads'])}`);
  return parts.join(' ');
}

export function parseFlatfile(lines: readonly string[]): { runs: ParsedRun[]; warnings: Diagnostic[]; errors: Diagnostic[] } {
  const warnings: Diagnostic[] = [];
  const headerIndex = lines.findIndex((l) => FLAT_HEADER.test(l));
  if (headerIndex < 0) return { runs: [], warnings, errors: [{ message: 'flatfile: no "tod ... Run Interval" header line', line: lines.length }] };
  const header = lines[headerIndex]!.trim().split(/\s+/).map((h) => h.toLowerCase());
  const col = (name: string): number => header.indexOf(name);
  const kind: Workload = col('read_rate') >= 0 || col('mkdir_rate') >= 0 ? 'fs' : 'raw';
  const clock = new WallClock(null);
  let zone: string | null = null;
  const groups: Group[] = [];
  let cut: Diagnostic | null = null;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('*')) continue;
    const cells = line.trim().split(/\s+/);
    const tod = parseTimeOfDay(cells[col('tod')] ?? '');
    if (tod === null) continue;
    if (cells.length < header.length) {
      warnings.push({ message: `line ${i + 1}: flatfile row has ${cells.length} of ${header.length} columns (file cut?): skipped`, line: i + 1 });
      cut ??= { message: `line ${i + 1}: incomplete flatfile row`, line: i + 1 };
      continue;
    }
    const stamp = col('timestamp') >= 0 ? parseTimestamp(cells[col('timestamp')]!) : null;
    if (stamp) {
      clock.setDate(stamp.date);
      zone ??= stamp.zone;
    }
    const byColumn: Record<string, string> = {};
    const fields: Fields = {};
    header.forEach((h, k) => {
      byColumn[h] = cells[k]!;
      const v = parseNumber(cells[k]);
      if (v !== null) fields[flatField(h)] = v;
    });
    const row: FlatRow = { run: cells[col('run')]!, label: cells[col('interval')]!, line: i + 1, local: clock.place(tod), fields, byColumn };
    if (/^(std|max)_/.test(row.label)) continue;
    const last = groups[groups.length - 1];
    const group = last && last.run === row.run && !last.avg ? last : { run: row.run, intervals: [], avg: null };
    if (group !== last) groups.push(group);
    if (/^avg_/.test(row.label)) group.avg = row;
    else group.intervals.push(row);
  }
  if (zone !== null) clock.offsetMs = zoneOffsetMs(zone);

  const repeated = new Set(groups.map((g) => g.run).filter((r, i, all) => all.indexOf(r) !== i));
  const runs = groups.map((g): ParsedRun => {
    const first = g.avg ?? g.intervals[0]!;
    const params = groupParams(kind, first);
    const warnings: string[] = [];
    const result = runResult(kind, g.run, g.avg, g.intervals);
    if (result.warning) warnings.push(result.warning);
    const fallback = observedBlockSize(params, first.fields);
    if (fallback) warnings.push(fallback);
    const version = first.byColumn['version'];
    const rows = [...g.intervals, ...(g.avg ? [g.avg] : [])];
    // The first row is stamped at the end of the first interval; the interval length moves it back.
    const step = g.intervals.length > 1 ? g.intervals[1]!.local - g.intervals[0]!.local : 0;
    return {
      name: repeated.has(g.run) ? `${g.run} ${nameSuffix(params)}`.trim() : g.run,
      tool: 'vdbench',
      toolVersion: version && version !== 'n/a' ? version : null,
      host: null,
      startMs: clock.dated ? clock.toEpoch(rows[0]!.local - step) : null,
      endMs: clock.dated ? clock.toEpoch(rows[rows.length - 1]!.local) : null,
      params,
      metrics: result.metrics,
      tables: { avg_source: result.source, ...(g.avg ? { avg_row: g.avg.byColumn } : {}) },
      series: buildSeries(g.run, g.intervals.map((r) => ({ time: clock.toEpoch(r.local), metrics: rowMetrics(kind, r.fields, true) }))),
      warnings,
      errors: [],
    };
  });
  if (runs.length > 0 && !clock.dated) warnings.push({ message: 'this flatfile has no timestamp column (vdbench before 50406?): series times are ms since its first row, start and end unknown' });
  if (runs.length > 0 && clock.dated && clock.offsetMs === null) warnings.push({ message: `time zone "${zone}" is ambiguous or unknown: wall-clock times are stored as if UTC` });
  const errors: Diagnostic[] = runs.length > 0 ? [] : [cut ? { message: `no vdbench result could be read: ${cut.message}`, line: cut.line } : { message: 'flatfile: a header line but no data rows', line: headerIndex + 1 }];
  return { runs, warnings, errors };
}
