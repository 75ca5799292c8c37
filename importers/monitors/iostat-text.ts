/**
 * iostat text output (sysstat), extended (-x) or plain, with or without -t timestamps:
 *
 *   Linux 3.13.0-76-generic (object2)   03/15/2016   _x86_64_   (4 CPU)
 *   03/15/2016 09:34:00 AM                          <- only with -t, in the locale's %x %X
 *   avg-cpu:  %user   %nice %system %iowait  %steal   %idle
 *              1.41    0.00    0.46    0.17    0.00   97.95
 *   Device:  rrqm/s wrqm/s r/s w/s rMB/s wMB/s avgrq-sz avgqu-sz await r_await w_await svctm %util
 *   sda        0.03   1.59 1.72 2.43 ...
 *
 * sysstat < 11.5 writes "Device:" and avgrq-sz/avgqu-sz; 11.5+ writes "Device", %rrqm, r_await,
 * rareq-sz, aqu-sz, and 12 adds discard (d/s ...) and flush (f/s) columns. Columns are read by
 * name (columns.ts), so any of these layouts and -k/-m units parse the same way.
 *
 * The first report holds averages since boot, not an interval: it is skipped (unless it is the
 * only one) and its time marks the start of the capture. Without -t there are no times at all:
 * samples are then placed 1 s apart from the start (iostat's interval is not in the output) and
 * the run has no start or end. A capture saved without the banner line is recognised by its
 * reports' shape and read alike, with a warning naming what only the banner gives.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { parseTimestamp, UTC_ASSUMED, type Instant } from './clock.js';
import { cpuColumn, CPU_METRICS, DEVICE_COLUMNS } from './columns.js';
import { meansTable, objectMeans, pick, rollUpDevices } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { splitLines } from './text-lines.js';

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const num = (s: string): number => Number(s.replace(',', '.')); // some locales print 0,25

/** sysstat's banner: "<OS> <release> (<host>) <date> _<arch>_ (<n> CPU)". */
export const SYSSTAT_BANNER = /^(\S+)\s+(\S+)\s+\(([^)]*)\)\s+(\S+)\s+_(\S+)_(?:\s+\((\d+) CPU\))?\s*$/;

/** iostat's device block header: "Device:" (sysstat < 11.5) or "Device", then rates (r/s, rrqm/s) or tps. */
const DEVICE_HEADER = /^Device:?\s+(\S+\/s|tps)\s/;

/**
 * A capture saved without its banner line (FORMATS: the banner is only the first line): it
 * starts at a report, with a -t timestamp, "avg-cpu:" or a Device header, and its block holds
 * rows of as many figures as its header has columns. sar never prints these block headers.
 */
export function looksLikeBannerlessIostat(lines: readonly string[]): boolean {
  let i = 0;
  while (i < lines.length && i < 2 && parseTimestamp(lines[i]!)) i++;
  const first = lines[i];
  if (first === undefined || !(/^avg-cpu:\s+%/.test(first) || DEVICE_HEADER.test(first))) return false;
  for (let k = i; k < Math.min(lines.length - 1, i + 40); k++) {
    const l = lines[k]!;
    const row = lines[k + 1]!.split(/\s+/);
    if (/^avg-cpu:\s+%/.test(l)) {
      if (row.length === l.split(/\s+/).length - 1 && row.every((t) => NUMBER.test(t))) return true;
    } else if (DEVICE_HEADER.test(l)) {
      if (row.length === l.split(/\s+/).length && row.slice(1).every((t) => NUMBER.test(t)) && !NUMBER.test(row[0]!)) return true;
    }
  }
  return false;
}

interface Report {
  line: number;
  time: Instant | null;
  cpu: Record<string, number> | null;
  devices: Array<{ name: string; values: Record<string, number> }>;
}


/**
 * What a capture saved without sysstat's first line cannot tell: the banner alone names the host,
 * the kernel and the CPU count, and without -t it alone gives the date.
 */
function missingBannerWarning(timed: boolean, zoned: boolean): string {
  const unknown = ['the host', 'the OS release', 'the CPU count'];
  if (!timed) unknown.push('the date');
  else if (!zoned) unknown.push("the time zone (the -t timestamps carry none)");
  return `the file starts without sysstat's banner line ("Linux <release> (<host>) <date> _<arch>_ (<n> CPU)"): ${unknown.slice(0, -1).join(', ')} and ${unknown[unknown.length - 1]} are not known; the first report is still taken as the since-boot averages, which it is not if the capture was cut from a longer one`;
}

export function parseIostatText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  let banner: RegExpExecArray | null = null;
  const reports: Report[] = [];
  let current = null as Report | null;
  const start = (line: number, time: Instant | null): Report => {
    if (current && !current.time && !current.cpu && current.devices.length === 0) {
      current.time = time;
      return current;
    }
    current = { line, time, cpu: null, devices: [] };
    reports.push(current);
    return current;
  };
  let mode: 'none' | 'cpu' | 'device' = 'none';
  let cpuColumns: string[] = [];
  let deviceColumns: string[] = [];
  let pendingName: string | null = null;
  const skippedColumns = new Set<string>();
  let badRows = 0;
  let firstBad = 0;
  let unknown = 0;
  let firstUnknown = 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') {
      mode = 'none';
      continue;
    }
    if (!banner && reports.length === 0 && (banner = SYSSTAT_BANNER.exec(line))) continue;
    if (/^avg-cpu:/.test(line)) {
      const r: Report = current ?? start(i + 1, null);
      if (r.cpu || r.devices.length > 0) start(i + 1, null);
      cpuColumns = line.split(/\s+/).slice(1);
      mode = 'cpu';
      continue;
    }
    if (/^Device:?(\s|$)/.test(line)) {
      const r: Report = current ?? start(i + 1, null);
      if (r.devices.length > 0) start(i + 1, null);
      deviceColumns = line.split(/\s+/).slice(1);
      mode = 'device';
      pendingName = null;
      continue;
    }
    const tokens = line.split(/\s+/);
    if (mode === 'cpu' && tokens.every((t) => NUMBER.test(t))) {
      if (tokens.length !== cpuColumns.length) {
        if (badRows++ === 0) firstBad = i + 1;
      } else current!.cpu = Object.fromEntries(cpuColumns.map((c, k) => [c, num(tokens[k]!)]));
      mode = 'none';
      continue;
    }
    if (mode === 'device') {
      // With -h or long names, sysstat prints the name alone and the figures on the next line.
      if (tokens.length === 1 && !NUMBER.test(tokens[0]!)) {
        pendingName = tokens[0]!;
        continue;
      }
      const name = pendingName ?? tokens[0]!;
      const figures = pendingName ? tokens : tokens.slice(1);
      pendingName = null;
      if (figures.length !== deviceColumns.length || !figures.every((t) => NUMBER.test(t))) {
        if (badRows++ === 0) firstBad = i + 1;
        continue;
      }
      current!.devices.push({ name, values: Object.fromEntries(deviceColumns.map((c, k) => [c, num(figures[k]!)])) });
      continue;
    }
    const time = parseTimestamp(line);
    if (time) {
      start(i + 1, time);
      continue;
    }
    if (unknown++ === 0) firstUnknown = i + 1;
  }
  if (badRows > 0) warnings.push({ message: `${badRows} row(s) whose figures do not match their header were left out (file cut off?)`, line: firstBad });
  if (unknown > 0) warnings.push({ message: `${unknown} line(s) that are not part of an iostat report were ignored`, line: firstUnknown });

  const filled = reports.filter((r) => r.cpu || r.devices.length > 0);
  if (filled.length === 0) return { runs: [], warnings, errors: [{ message: 'no iostat report (avg-cpu or Device block) found' }] };
  const kept = filled.length > 1 ? filled.slice(1) : filled;
  if (filled.length > 1) warnings.push({ message: 'the first report (averages since boot, not an interval) was skipped; if iostat ran with -y, one real interval was dropped', line: filled[0]!.line });
  else warnings.push({ message: 'only one report: it holds averages since boot, not a measured interval', line: filled[0]!.line });

  const timed = filled.every((r) => r.time !== null);
  if (!timed) warnings.push({ message: 'no timestamps (iostat ran without -t): samples are placed 1 s apart from the start and the run has no start or end time' });
  else if (filled.some((r) => !r.time!.zoned)) warnings.push({ message: UTC_ASSUMED });
  if (!banner) warnings.push({ message: missingBannerWarning(timed, timed && filled.every((r) => r.time!.zoned)), line: 1 });

  const set = new SeriesSet();
  kept.forEach((r, k) => {
    // Untimed: the report's place after the since-boot one, at an assumed 1 s interval.
    const ms = timed ? r.time!.ms : (k + (filled.length > 1 ? 1 : 0)) * 1000;
    for (const [col, v] of Object.entries(r.cpu ?? {})) {
      const spec = cpuColumn(col);
      if (spec) set.add('cpu', spec.metric, spec.unit, ms, v * spec.factor);
      else skippedColumns.add(col);
    }
    for (const d of r.devices) {
      for (const [col, v] of Object.entries(d.values)) {
        const spec = DEVICE_COLUMNS[col];
        if (spec) set.add(d.name, spec.metric, spec.unit, ms, v * spec.factor);
        else skippedColumns.add(col);
      }
    }
  });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  const series = set.build();
  const means = objectMeans(series);
  const deviceNames = [...new Set(kept.flatMap((r) => r.devices.map((d) => d.name)))];
  const devices = rollUpDevices(new Map(deviceNames.map((d) => [d, means.get(d) ?? {}])));
  const columns = new Set(deviceColumns);
  const layout = columns.has('avgqu-sz') ? 'extended (-x), sysstat < 11.5 names'
    : columns.has('aqu-sz') ? 'extended (-x), sysstat >= 11.5 names'
      : columns.has('tps') ? 'basic' : 'other';
  const host = banner?.[3] || null;
  const interval = timed ? medianIntervalS(series) : null;
  const params: Record<string, number> = {};
  if (banner?.[6]) params['cpus'] = Number(banner[6]);
  if (interval !== null) params['interval_s'] = interval;

  const run: ParsedRun = {
    name: `iostat ${host ?? ''}`.trim(),
    tool: 'iostat',
    toolVersion: null,
    host,
    startMs: timed ? filled[0]!.time!.ms : null,
    endMs: timed ? kept[kept.length - 1]!.time!.ms : null,
    params,
    metrics: { ...devices.metrics, ...pick(means.get('cpu'), CPU_METRICS) },
    tables: {
      iostat: {
        layout,
        os: banner ? `${banner[1]} ${banner[2]}` : null,
        reports: filled.length,
        reports_used: kept.length,
        times: timed ? 'clock' : 'relative, 1 s assumed',
        columns_not_imported: [...skippedColumns],
      },
      devices: meansTable(means, deviceNames),
      aggregation: { devices_summed: devices.summed, devices_excluded: devices.excluded },
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const iostatTextImporter: Importer = {
  id: 'iostat',
  version: '1.1.0',
  tool: 'iostat',
  title: 'iostat text (sysstat)',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    if (lines.length < 2) return false;
    // sar shares the banner; only iostat prints these block headers.
    if (SYSSTAT_BANNER.test(lines[0]!)) return lines.slice(1, 40).some((l) => /^avg-cpu:\s+%/.test(l) || DEVICE_HEADER.test(l));
    return looksLikeBannerlessIostat(lines);
  },

  parse({ bytes }): ParseResult {
    return parseIostatText(decodeText(bytes).text);
  },
};
