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
import type { Importer, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { firstLineColumns, scanRows } from './log-scan.js';

export type LogKind = 'bw' | 'iops' | 'lat' | 'clat' | 'slat';

const DIRS = ['read', 'write', 'trim'] as const;

/** Series metric and unit per kind; values are converted to them from fio's units. */
const KIND: Record<LogKind, { quantity: string; unit: string; factor: number }> = {
  bw: { quantity: 'bw_mib_s', unit: 'MiB/s', factor: 1 / 1024 }, // fio writes KiB/s
  iops: { quantity: 'iops', unit: 'IOPS', factor: 1 },
  lat: { quantity: 'lat_ms', unit: 'ms', factor: 1e-6 }, // assumed ns (fio 3)
  clat: { quantity: 'clat_ms', unit: 'ms', factor: 1e-6 },
  slat: { quantity: 'slat_ms', unit: 'ms', factor: 1e-6 },
};

/** Summary metric names for the run a log makes when no fio JSON claims it. */
const SUMMARY: Record<LogKind, string> = { bw: 'bw_mib_s', iops: 'iops', lat: 'lat_avg_ms', clat: 'clat_avg_ms', slat: 'slat_avg_ms' };

const LINE = /^\d+, -?\d+, (?:-?\d+, )?[0-2], \d+(?:, (?:\d+|0x[0-9a-f]+)){0,3}\s*$/;

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
    const columns = firstLineColumns(bytes);
    if (columns < 4 || columns > 8) return { runs: [], warnings: [], errors: [{ message: `an fio log has 4 to 8 columns; this file has ${columns}`, line: 1 }] };
    const scan = scanRows(bytes, columns);
    const warnings: string[] = [];
    if (scan.badLine !== null) warnings.push(`line ${scan.badLine} is not a complete log row: the log is read up to it (cut off?)`);
    if (scan.rows === 0) return { runs: [], warnings: [], errors: [{ message: 'no log rows', line: scan.badLine ?? 1 }] };

    // ddir is column 3, or column 4 when log_window_value=both adds a second value.
    const v = scan.values;
    const isDir = (col: number): boolean => {
      for (let r = 0; r < scan.rows; r++) if (v[r * columns + col]! > 2 || v[r * columns + col]! < 0) return false;
      return true;
    };
    const dirCol = isDir(2) ? 2 : isDir(3) ? 3 : -1;
    if (dirCol < 0) return { runs: [], warnings: [], errors: [{ message: 'no direction column (0, 1 or 2) where fio writes it' }] };
    const bsCol = dirCol + 1;

    const logName = parseLogName(name);
    const kind: LogKind = logName.kind ?? 'iops';
    if (!logName.kind) warnings.push(`the file name does not say which fio log this is (_bw, _iops, _lat, _clat, _slat): its values are read as IOPS`);
    const spec = KIND[kind];

    // Split by direction (rows of a randrw log interleave read and write): count, then fill.
    const counts = [0, 0, 0];
    let windowed = true;
    for (let r = 0; r < scan.rows; r++) {
      counts[v[r * columns + dirCol]!]!++;
      if (windowed && v[r * columns + bsCol]! !== 0) windowed = false;
    }
    const perDir = counts.map((c) => ({ t: new Float64Array(c), v: new Float64Array(c), n: 0, sum: 0 }));
    for (let r = 0; r < scan.rows; r++) {
      const d = perDir[v[r * columns + dirCol]!]!;
      const value = v[r * columns + 1]! * spec.factor;
      d.t[d.n] = v[r * columns]!;
      d.v[d.n++] = value;
      d.sum += value;
    }
    const object = logName.job !== null ? `${logName.stem} job ${logName.job}` : logName.stem;
    const series: ParsedSeries[] = [];
    const metrics: Record<string, number> = {};
    perDir.forEach((d, i) => {
      if (d.n === 0) return;
      series.push({ object, metric: `${DIRS[i]}.${spec.quantity}`, unit: spec.unit, times: d.t, values: d.v });
      metrics[`${DIRS[i]}.${SUMMARY[kind]}`] = d.sum / d.n;
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
          rows: scan.rows,
          columns,
          // log_avg_msec windows write bs = 0; per-I/O logs write the block size.
          windowed,
          times: 'ms since the job started',
          unit_assumed: kind === 'bw' ? 'KiB/s' : kind === 'iops' ? 'IOPS' : 'ns',
        },
      },
      series,
      // Whether the unit guess and the summary metrics matter depends on whether a fio JSON
      // claims this log: the import pipeline says so when none does.
      warnings,
      errors: [],
    };
    return { runs: [run], warnings: [], errors: [] };
  },
};
