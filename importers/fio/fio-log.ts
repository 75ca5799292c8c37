/**
 * fio's per-interval and per-I/O logs (write_bw_log, write_iops_log, write_lat_log):
 *   time_ms, value[, value1], ddir, bs[, offset][, prio][, issue_time]     (FORMATS.md 1.3)
 * The format is recognised from content. What a log measures (bw, iops, lat, clat, slat) is
 * written only in fio's file-name convention (`<name>_clat.1.log`), so that is where it is read;
 * a log whose name does not say gets a warning and a generic metric.
 * Logs carry no units: latency is ns in fio 3 and µs in fio 2. The importer assumes ns and says
 * so (tables.log.unit_assumed); the import pipeline corrects it from the fio JSON imported
 * alongside (see app/core/import/link-logs.ts).
 */
import type { Diagnostic, Importer, ParsedRun, ParsedSeries, ParseResult, SeriesStream } from '../types.js';
import { collect } from '../series-stream.js';
import { firstLineColumns } from './log-scan.js';
import { directionColumn, FioLogStream, type LogPoints } from './log-stream.js';

export type LogKind = 'bw' | 'iops' | 'lat' | 'clat' | 'slat';

const DIRS = ['read', 'write', 'trim'] as const;

/**
 * Series metric and unit per kind; values are converted to them from fio's units. `max`: the
 * metric of each window's maximum (log_window_value=both writes it beside the mean; with
 * log_max_value=1 it is the only value, which the run's job options tell).
 */
export const KIND: Record<LogKind, { quantity: string; max: string; unit: string; factor: number }> = {
  bw: { quantity: 'bw_mib_s', max: 'bw_max_mib_s', unit: 'MiB/s', factor: 1 / 1024 }, // fio writes KiB/s
  iops: { quantity: 'iops', max: 'iops_max', unit: 'IOPS', factor: 1 },
  lat: { quantity: 'lat_ms', max: 'lat_max_ms', unit: 'ms', factor: 1e-6 }, // assumed ns (fio 3)
  clat: { quantity: 'clat_ms', max: 'clat_max_ms', unit: 'ms', factor: 1e-6 },
  slat: { quantity: 'slat_ms', max: 'slat_max_ms', unit: 'ms', factor: 1e-6 },
};

/** Summary metric names for the run a log makes when no fio JSON claims it. */
const SUMMARY: Record<LogKind, string> = { bw: 'bw_mib_s', iops: 'iops', lat: 'lat_avg_ms', clat: 'clat_avg_ms', slat: 'slat_avg_ms' };

const LINE = /^\d+, -?\d+, (?:-?\d+, )?[0-2], \d+(?:, (?:\d+|0x[0-9a-f]+)){0,3}\s*$/;

/**
 * What an fio log's run says about its file (this importer and fio-hist-log.ts write it): the
 * import pipeline reads it to attach the log to its JSON run.
 */
export interface FioLogTable {
  kind: string;
  stem: string;
  job?: number | null;
  rows?: number;
  /** log_avg_msec windows (block size 0), not per-I/O rows. */
  windowed?: boolean;
  /** Times are ms since 1970 (log_unix_epoch=1), not since the job started. */
  epoch?: boolean;
  unit_assumed?: string;
}

/** An fio log run's table, if the run is one. */
export const fioLogTable = (run: ParsedRun): FioLogTable | undefined => run.tables['log'] as FioLogTable | undefined;

/**
 * Times at or past this (about 3 years, in ms) are epoch times: fio's log_unix_epoch=1 writes
 * ms since 1970 instead of ms since the job started, and no job runs for years.
 */
const EPOCH_MS = 1e11;

/** Whether a log whose first row is at `firstTime` is written in epoch time, and how its times read. */
export function logTimes(firstTime: number | null | undefined): { epoch: boolean; times: string } {
  const epoch = firstTime != null && firstTime >= EPOCH_MS;
  return { epoch, times: epoch ? 'ms since 1970 (log_unix_epoch)' : 'ms since the job started' };
}

export interface LogName {
  stem: string;
  kind: LogKind | null;
  job: number | null;
}

/** fio's log file names: `<stem>_<kind>[.<job>].log` (HOWTO write_bw_log). */
export function parseLogName(name: string): LogName {
  const base = name.split(/[\\/]/).pop() ?? name;
  const m = /^(.*?)_(bw|iops|lat|clat|slat)(?:\.(\d+))?\.log$/i.exec(base);
  if (!m) return { stem: base.replace(/\.log$/i, ''), kind: null, job: null };
  return { stem: m[1]!, kind: m[2]!.toLowerCase() as LogKind, job: m[3] ? Number(m[3]) : null };
}

export const fioLogImporter: Importer = {
  id: 'fio-log',
  version: '1.0.0',
  tool: 'fio',
  title: 'fio log (bw, iops, lat, clat, slat)',

  detect(head: string): boolean {
    const lines = head.split('\n').slice(0, 6).filter((l) => l.trim() !== '');
    if (lines.length === 0) return false;
    // The last line of a 64 KiB head may be cut: judge the complete ones.
    const whole = lines.length > 1 ? lines.slice(0, -1) : lines;
    return whole.every((l) => LINE.test(l));
  },

  parse({ bytes, name }): ParseResult {
    const stream = fioLogImporter.stream!({ name, head: bytes.subarray(0, 64 * 1024) });
    if ('error' in stream) return { runs: [], warnings: [], errors: [stream.error] };
    return collect(stream, bytes);
  },

  stream({ name, head }): SeriesStream | { error: Diagnostic } {
    const columns = firstLineColumns(head);
    if (columns < 4 || columns > 8) return { error: { message: `an fio log has 4 to 8 columns; this file has ${columns}`, line: 1 } };
    const dirCol = directionColumn(head, columns);
    if (dirCol === null) return { error: { message: 'no direction column (0, 1 or 2) where fio writes it' } };
    const logName = parseLogName(name);
    const kind: LogKind = logName.kind ?? 'iops';
    const spec = KIND[kind];
    const scanner = new FioLogStream({ columns, dirCol, factor: spec.factor });
    const object = logName.job !== null ? `${logName.stem} job ${logName.job}` : logName.stem;
    const toSeries = (points: LogPoints[]): ParsedSeries[] =>
      points.flatMap((p) => [
        { object, metric: `${DIRS[p.dir]}.${spec.quantity}`, unit: spec.unit, times: p.times, values: p.values },
        ...(p.maxima ? [{ object, metric: `${DIRS[p.dir]}.${spec.max}`, unit: spec.unit, times: p.times, values: p.maxima }] : []),
      ]);
    return {
      push: (chunk) => toSeries(scanner.push(chunk)),
      end: () => {
        const series = toSeries(scanner.end());
        const warnings: string[] = [];
        if (scanner.badLine !== null) warnings.push(`line ${scanner.badLine} is not a complete log row: the log is read up to it (cut off?)`);
        if (!logName.kind) warnings.push(`the file name does not say which fio log this is (_bw, _iops, _lat, _clat, _slat): its values are read as IOPS`);
        if (scanner.rows === 0) return { result: { runs: [], warnings: [], errors: [{ message: 'no log rows', line: scanner.badLine ?? 1 }] }, series: [] };
        const metrics: Record<string, number> = {};
        scanner.counts.forEach((n, d) => {
          if (n > 0) metrics[`${DIRS[d]}.${SUMMARY[kind]}`] = scanner.sums[d]! / n;
        });
        const run: ParsedRun = {
          name: object,
          tool: 'fio',
          toolVersion: null,
          host: null,
          startMs: null,
          endMs: null,
          params: {},
          metrics,
          tables: {
            log: {
              kind,
              stem: logName.stem,
              job: logName.job,
              rows: scanner.rows,
              columns,
              // log_avg_msec windows write bs = 0; per-I/O rows write the block size.
              windowed: scanner.windowed,
              ...logTimes(scanner.firstTime),
              unit_assumed: kind === 'bw' ? 'KiB/s' : kind === 'iops' ? 'IOPS' : 'ns',
            },
          },
          series: [],
          // Whether the unit guess and the summary metrics matter depends on whether a fio JSON
          // claims this log: the import pipeline says so when none does.
          warnings,
          errors: [],
        };
        return { result: { runs: [run], warnings: [], errors: [] }, series };
      },
    };
  },
};
