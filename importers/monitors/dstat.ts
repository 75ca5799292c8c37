/**
 * dstat's CSV (`dstat --output file.csv`, Dstat 0.7.x and pcp-dstat):
 *   "pcp-dstat 5.0.3 CSV Output"
 *   "Author:","...","URL:","..."          (pcp-dstat leaves a quote open here: read by regex)
 *   "Host:","pkb-d43f64f0-0",,,,"User:","perfkit"
 *   "Cmdline:","dstat --epoch ...",,,,"Date:","05 Oct 2016 23:04:53 UTC"
 *
 *   "epoch","total cpu usage",,,,,,"dsk/total",,"dsk/sda",,...     <- groups, spanning empty cells
 *   "epoch","usr","sys","idl","wai","hiq","siq","read","writ",...  <- columns
 *   1475708693.291,6.400,5.216,86.808,...
 * Times: an "epoch" column (Unix seconds, exact), else "time" / "date/time" ("05-10 23:04:54",
 * day-month in the Date line's zone, applied when it fixes one offset; else read as UTC, and said).
 *
 * Units as dstat writes them to CSV (unscaled, unlike its screen): dsk and net in bytes/s, io in
 * requests/s, memory and swap in bytes, CPU in %. Groups read: cpu usage, dsk/*, io/*, net/*,
 * memory usage, load avg, system; others are listed in the run's tables.
 * Like iostat, dstat's first row holds averages since boot: it is skipped.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { zoneOffsetMinutes } from '../dates.js';
import { parseClock, parseMonthNameDate, UTC_ASSUMED, wallClockMs } from './clock.js';
import { cpuColumn, CPU_METRICS, type ColumnSpec } from './columns.js';
import { splitCsvRow } from './csv-row.js';
import { meansTable, objectMeans, pick, rollUpDevices } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { splitLines } from './text-lines.js';

const B_TO_MIB = 1 / 1048576;
const TITLE = /^"?((?:pcp-)?dstat) ([\w.-]+) CSV output"?/i;
const GROUP_ROW = /^"(?:epoch|system|time|date\/time|total cpu usage|cpu\d* usage|dsk\/[^"]+|io\/[^"]+|net\/[^"]+|memory usage|load avg|procs|paging)",/;

/** dstat's "total" column of disks and of interfaces, named so the two stay apart. */
const ALL_DISKS = 'all disks';
const ALL_INTERFACES = 'all interfaces';
const diskObject = (name: string): string => (name === 'total' ? ALL_DISKS : name);
const netObject = (name: string): string => (name === 'total' ? ALL_INTERFACES : name);

interface Target {
  object: string;
  spec: ColumnSpec;
}

const spec = (metric: string, unit: string, factor = 1): ColumnSpec => ({ metric, unit, factor });

/** Where a (group, column) cell goes; null for groups and columns not read. */
function target(group: string, column: string): Target | null | 'skip' {
  let m = /^(?:total )?(cpu\d*)? ?usage$/.exec(group);
  if (m && group !== 'memory usage') {
    const s = cpuColumn(column);
    return s ? { object: m[1] ?? 'cpu', spec: s } : null;
  }
  if ((m = /^dsk\/(.+)$/.exec(group))) {
    if (column === 'read') return { object: diskObject(m[1]!), spec: spec('read.bw_mib_s', 'MiB/s', B_TO_MIB) };
    if (column === 'writ') return { object: diskObject(m[1]!), spec: spec('write.bw_mib_s', 'MiB/s', B_TO_MIB) };
    return null;
  }
  if ((m = /^io\/(.+)$/.exec(group))) {
    if (column === 'read') return { object: diskObject(m[1]!), spec: spec('read.iops', 'IOPS') };
    if (column === 'writ') return { object: diskObject(m[1]!), spec: spec('write.iops', 'IOPS') };
    return null;
  }
  if ((m = /^net\/(.+)$/.exec(group))) {
    if (column === 'recv') return { object: netObject(m[1]!), spec: spec('net_recv_mib_s', 'MiB/s', B_TO_MIB) };
    if (column === 'send') return { object: netObject(m[1]!), spec: spec('net_send_mib_s', 'MiB/s', B_TO_MIB) };
    return null;
  }
  if (group === 'memory usage') {
    const names: Record<string, string> = { used: 'mem_used_mib', buff: 'mem_buffers_mib', cach: 'mem_cached_mib', free: 'mem_free_mib' };
    return names[column] ? { object: 'memory', spec: spec(names[column]!, 'MiB', B_TO_MIB) } : null;
  }
  if (group === 'load avg' && /^(1m|5m|15m)$/.test(column)) return { object: 'system', spec: spec(`load_${column}`, 'tasks') };
  if (group === 'system' && column === 'int') return { object: 'system', spec: spec('interrupts_per_s', '1/s') };
  if (group === 'system' && column === 'csw') return { object: 'system', spec: spec('ctx_switches_per_s', '1/s') };
  return 'skip';
}

const RUN_METRICS = [...CPU_METRICS, 'mem_used_mib', 'mem_buffers_mib', 'mem_cached_mib', 'mem_free_mib', 'load_1m', 'load_5m', 'load_15m', 'interrupts_per_s', 'ctx_switches_per_s'];

export function parseDstat(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  const title = TITLE.exec(lines[0] ?? '');
  const meta = (key: string): string | null => {
    for (const l of lines.slice(0, 12)) {
      const m = new RegExp(`"${key}:","([^"]*)"`).exec(l);
      if (m) return m[1]!;
    }
    return null;
  };
  // The group row: the first row that opens with a time group or a group dstat knows.
  const groupAt = lines.findIndex((l, i) => i < 40 && GROUP_ROW.test(l) && i + 1 < lines.length);
  if (groupAt < 0) return { runs: [], warnings, errors: [{ message: 'no dstat header rows (group names, then column names) found' }] };
  const groupCells = splitCsvRow(lines[groupAt]!);
  const columns = splitCsvRow(lines[groupAt + 1]!);
  const groups: string[] = [];
  columns.forEach((_, i) => groups.push(groupCells[i]?.trim() || groups[i - 1] || ''));

  const epochCol = columns.findIndex((c, i) => c === 'epoch' && groups[i] === 'epoch');
  const timeCol = columns.findIndex((c) => c === 'time' || c === 'date/time');
  const relative = epochCol < 0 && timeCol < 0;
  if (relative) warnings.push({ message: 'no epoch or time column (dstat ran without -t or --epoch): samples are placed 1 s apart and the run has no start or end time' });
  const dateLine = meta('Date');
  const zone = dateLine ? /\s([A-Za-z]{2,5}|[+-]\d{2}:?\d{2})$/.exec(dateLine)?.[1] ?? null : null;
  // The rows' clock is the Date line's zone ("16 Jun 2015 11:06:42 CDT"): a zone that fixes the
  // offset is used (importers/dates.ts); none, or an ambiguous one, is read as UTC and said.
  const offsetMin = zoneOffsetMinutes(zone);
  const startDay = dateLine ? parseMonthNameDate(dateLine.split(/\s+/).slice(0, 3).join(' ')) : null;
  if (timeCol >= 0 && epochCol < 0) {
    if (!startDay) return { runs: [], warnings, errors: [{ message: 'a time column without a readable "Date:" line: the year is unknown' }] };
    if (offsetMin === null) warnings.push({ message: zone ? `the "Date:" line's zone "${zone}" names more than one UTC offset: ${UTC_ASSUMED}` : UTC_ASSUMED });
  }

  const targets = columns.map((c, i) => target(groups[i]!, c));
  const skippedGroups = [...new Set(groups.filter((g, i) => targets[i] === 'skip' && i !== epochCol && i !== timeCol && g !== ''))];
  const set = new SeriesSet();
  let year = startDay?.y ?? 1970;
  let lastMonth = startDay?.m ?? 0;
  let rowsRead = 0;
  let bad = 0;
  let firstBad = 0;
  let sinceMs: number | null = null;
  for (let i = groupAt + 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (TITLE.test(line)) {
      // dstat appends to an existing file: a second session starts with its own title.
      warnings.push({ message: 'the file holds another dstat session appended after the first: only the first is read', line: i + 1 });
      break;
    }
    const cells = splitCsvRow(line);
    if (cells.length !== columns.length) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    let ms: number;
    if (epochCol >= 0) ms = Number(cells[epochCol]) * 1000;
    else if (relative) ms = rowsRead * 1000;
    else {
      const m = /^(\d{1,2})-(\d{1,2}) (\S+)$/.exec(cells[timeCol]!.trim());
      const secs = m ? parseClock(m[3]!) : null;
      if (!m || secs === null) {
        if (bad++ === 0) firstBad = i + 1;
        continue;
      }
      const month = Number(m[2]) - 1;
      if (month < lastMonth) year++; // December to January
      lastMonth = month;
      ms = wallClockMs({ y: year, m: month, d: Number(m[1]) }, secs) - (offsetMin ?? 0) * 60_000;
    }
    if (!Number.isFinite(ms)) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    if (rowsRead++ === 0) {
      sinceMs = ms; // averages since boot; its time is when dstat started
      continue;
    }
    targets.forEach((t, k) => {
      if (!t || t === 'skip') return;
      const v = cells[k]!.trim();
      if (v !== '') set.add(t.object, t.spec.metric, t.spec.unit, ms, Number(v) * t.spec.factor);
    });
  }
  if (bad > 0) warnings.push({ message: `${bad} row(s) with another number of cells than the header, or no time, were left out (file cut off?)`, line: firstBad });
  if (rowsRead === 0) return { runs: [], warnings, errors: [{ message: 'no dstat sample rows after the header' }] };
  warnings.push({ message: rowsRead > 1 ? 'the first row (averages since boot, not an interval) was skipped' : 'only one row: it holds averages since boot, not a measured interval' });
  if (rowsRead === 1) return { runs: [], warnings, errors: [{ message: 'no measured interval: the only row is dstat\'s since-boot average' }] };
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });

  const series = set.build();
  const means = objectMeans(series);
  const objectsOf = (prefix: string): string[] => [...new Set(groups.filter((g) => g.startsWith(prefix)).map((g) => g.slice(prefix.length)))];
  const disks = [...new Set([...objectsOf('dsk/'), ...objectsOf('io/')])].map(diskObject);
  // dstat's own total sums whole disks (it leaves partitions out); use it when present.
  const diskMeans = new Map((disks.includes(ALL_DISKS) ? [ALL_DISKS] : disks).map((d) => [d, means.get(d) ?? {}]));
  const rolled = rollUpDevices(diskMeans);
  const metrics: Record<string, number> = { ...rolled.metrics, ...pick(means.get('cpu'), RUN_METRICS), ...pick(means.get('memory'), RUN_METRICS), ...pick(means.get('system'), RUN_METRICS) };
  const nets = objectsOf('net/').map(netObject);
  const netObjects = nets.includes(ALL_INTERFACES) ? [ALL_INTERFACES] : nets.filter((n) => n !== 'lo');
  for (const m of ['net_recv_mib_s', 'net_send_mib_s']) {
    const xs = netObjects.map((n) => means.get(n)?.[m]).filter((v): v is number => v !== undefined);
    if (xs.length > 0) metrics[m] = xs.reduce((a, b) => a + b, 0);
  }

  const times = series.flatMap((s) => (s.times.length > 0 ? [s.times[0]!, s.times[s.times.length - 1]!] : []));
  const host = meta('Host');
  const params: Record<string, number> = {};
  const interval = medianIntervalS(series);
  if (interval !== null && !relative) params['interval_s'] = Math.round(interval * 1000) / 1000;
  const run: ParsedRun = {
    name: `dstat ${host ?? ''}`.trim(),
    tool: 'dstat',
    toolVersion: title ? `${title[1]} ${title[2]}` : null,
    host,
    startMs: relative ? null : sinceMs,
    endMs: !relative && times.length > 0 ? Math.max(...times) : null,
    params,
    metrics,
    tables: {
      dstat: { command: meta('Cmdline'), date: dateLine, times: epochCol >= 0 ? 'epoch' : relative ? 'relative, 1 s assumed' : 'clock', groups_not_imported: skippedGroups },
      devices: meansTable(means, disks),
      aggregation: { devices_summed: rolled.summed, devices_excluded: rolled.excluded, network_summed: netObjects },
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const dstatImporter: Importer = {
  id: 'dstat',
  version: '1.1.0',
  tool: 'dstat',
  title: 'dstat CSV (dstat --output, pcp-dstat)',

  detect(head: string): boolean {
    const first = head.split(/\r?\n|\r/, 1)[0] ?? '';
    if (TITLE.test(first)) return true;
    // A file without the title lines: dstat's two header rows.
    return /^"(?:epoch|system)","(?:total cpu usage|cpu\d* usage|dsk\/[^"]+|net\/[^"]+|memory usage)"/m.test(head)
      && /^"(?:epoch|time|date\/time)","/m.test(head);
  },

  parse({ bytes }): ParseResult {
    return parseDstat(decodeText(bytes).text);
  },
};
