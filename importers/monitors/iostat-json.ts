/**
 * iostat's JSON output (sysstat >= 11, `iostat -o JSON`):
 *   {"sysstat": {"hosts": [{"nodename": ..., "number-of-cpus": 24, "date": "2024-03-14",
 *     "statistics": [{"timestamp": "2024-03-14T17:53:14-0700", "avg-cpu": {"user": 0.72, ...},
 *                     "disk": [{"disk_device": "sda", "r/s": 1.25, "rkB/s": 72.02, ..., "util": 1.98}]}]}]}}
 * Disk keys are the text output's column headers ("util" instead of "%util"), so they are read
 * with the same table (columns.ts); "rrqm"/"wrqm" there are the %rrqm/%wrqm shares and are not
 * imported. With -t and S_TIME_FORMAT=ISO the timestamp carries the host's UTC offset and is
 * exact; a locale timestamp is read as UTC, and without -t there is none.
 *
 * iostat stopped with Ctrl-C can leave the document unclosed: the complete reports before the
 * cut are read and the cut is reported, as the text importer does with a cut line.
 * The first report holds averages since boot and is skipped, as in the text output.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { parseTimestamp, UTC_ASSUMED, type Instant } from './clock.js';
import { cpuColumn, CPU_METRICS, DEVICE_COLUMNS } from './columns.js';
import { meansTable, objectMeans, pick, rollUpDevices } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The text up to the last complete element of sysstat.hosts[0].statistics, closed, or null.
 * Depth 5 is inside that array: { sysstat { hosts [ { statistics [ ...
 */
export function closeCutDocument(text: string): { text: string; reports: number } | null {
  let depth = 0;
  let inString = false;
  let lastEnd = -1;
  let reports = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 5 && c === '}') {
        lastEnd = i;
        reports++;
      }
    }
  }
  return lastEnd < 0 ? null : { text: `${text.slice(0, lastEnd + 1)}]}]}}`, reports };
}

export function parseIostatJson(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    const closed = closeCutDocument(text);
    try {
      if (!closed) throw err;
      doc = JSON.parse(closed.text);
      warnings.push({ message: `the JSON document is cut off (iostat interrupted?): the ${closed.reports} complete report(s) before the cut are read` });
    } catch {
      return { runs: [], warnings, errors: [{ message: `not valid JSON and no complete iostat report in it: ${(err as Error).message}` }] };
    }
  }
  const hosts = isObject(doc) && isObject(doc['sysstat']) ? doc['sysstat']['hosts'] : undefined;
  if (!Array.isArray(hosts) || hosts.length === 0 || !isObject(hosts[0])) {
    return { runs: [], warnings, errors: [{ message: 'no sysstat.hosts[] in the JSON: not iostat -o JSON output' }] };
  }
  if (hosts.length > 1) warnings.push({ message: `${hosts.length} hosts in one file: only the first, "${String(hosts[0]['nodename'])}", is read` });
  const host = hosts[0] as Json;
  const stats = Array.isArray(host['statistics']) ? host['statistics'].filter(isObject) : [];
  const reports = stats.filter((s) => isObject(s['avg-cpu']) || Array.isArray(s['disk']));
  if (reports.length === 0) return { runs: [], warnings, errors: [{ message: 'no report (avg-cpu or disk) in sysstat.hosts[0].statistics' }] };
  const kept = reports.length > 1 ? reports.slice(1) : reports;
  warnings.push({
    message: reports.length > 1
      ? 'the first report (averages since boot, not an interval) was skipped; if iostat ran with -y, one real interval was dropped'
      : 'only one report: it holds averages since boot, not a measured interval',
  });

  const times: Array<Instant | null> = reports.map((s) => (typeof s['timestamp'] === 'string' ? parseTimestamp(s['timestamp']) : null));
  const timed = times.every((t) => t !== null);
  if (!timed) warnings.push({ message: 'no readable timestamps (iostat ran without -t?): samples are placed 1 s apart and the run has no start or end time' });
  else if (times.some((t) => !t!.zoned)) warnings.push({ message: UTC_ASSUMED });

  const set = new SeriesSet();
  const skipped = new Set<string>();
  const deviceNames = new Set<string>();
  kept.forEach((s, k) => {
    const index = reports.length > 1 ? k + 1 : k;
    const ms = timed ? times[index]!.ms : index * 1000;
    const cpu = s['avg-cpu'];
    if (isObject(cpu)) {
      for (const [key, v] of Object.entries(cpu)) {
        const spec = cpuColumn(key);
        if (spec && typeof v === 'number') set.add('cpu', spec.metric, spec.unit, ms, v * spec.factor);
      }
    }
    const disks = Array.isArray(s['disk']) ? s['disk'].filter(isObject) : [];
    for (const d of disks) {
      const name = d['disk_device'] ?? d['disk-device'];
      if (typeof name !== 'string') continue;
      deviceNames.add(name);
      for (const [key, v] of Object.entries(d)) {
        if (key === 'disk_device' || key === 'disk-device' || typeof v !== 'number') continue;
        const spec = DEVICE_COLUMNS[key];
        if (spec) set.add(name, spec.metric, spec.unit, ms, v * spec.factor);
        else skipped.add(key);
      }
    }
  });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  const series = set.build();
  const means = objectMeans(series);
  const devices = rollUpDevices(new Map([...deviceNames].map((d) => [d, means.get(d) ?? {}])));
  const hostName = typeof host['nodename'] === 'string' ? host['nodename'] : null;
  const params: Record<string, number> = {};
  if (typeof host['number-of-cpus'] === 'number') params['cpus'] = host['number-of-cpus'];
  const interval = timed ? medianIntervalS(series) : null;
  if (interval !== null) params['interval_s'] = interval;

  const run: ParsedRun = {
    name: `iostat ${hostName ?? ''}`.trim(),
    tool: 'iostat',
    toolVersion: null,
    host: hostName,
    startMs: timed ? times[0]!.ms : null,
    endMs: timed ? times[times.length - 1]!.ms : null,
    params,
    metrics: { ...devices.metrics, ...pick(means.get('cpu'), CPU_METRICS) },
    tables: {
      iostat: {
        layout: 'JSON',
        os: [host['sysname'], host['release'], host['machine']].filter((x) => typeof x === 'string').join(' ') || null,
        reports: reports.length,
        reports_used: kept.length,
        times: timed ? 'clock' : 'relative, 1 s assumed',
        columns_not_imported: [...skipped],
      },
      devices: meansTable(means, [...deviceNames]),
      aggregation: { devices_summed: devices.summed, devices_excluded: devices.excluded },
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const iostatJsonImporter: Importer = {
  id: 'iostat-json',
  version: '1.0.0',
  tool: 'iostat',
  title: 'iostat JSON (sysstat -o JSON)',

  detect(head: string): boolean {
    // sadf -j (sar's JSON) opens with "sysdata-version" and names its keys "disk-device",
    // "cpu-load": it is not taken here.
    return /^\s*\{\s*"sysstat"\s*:\s*\{\s*"hosts"\s*:\s*\[/.test(head) && /"(?:disk_device|avg-cpu)"\s*:/.test(head);
  },

  parse({ bytes }): ParseResult {
    return parseIostatJson(decodeText(bytes).text);
  },
};
