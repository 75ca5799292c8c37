/**
 * nmon's spreadsheet file (nmon -f / -F, Linux and AIX):
 *   AAA,host,the-gibson            AAA,date,07-DEC-2012   AAA,time,13:18.31   AAA,interval,1
 *   BBBP,001,/etc/release,"DISTRIB_ID=Ubuntu"                (configuration text, not read)
 *   DISKBUSY,Disk %Busy the-gibson,sda,sda1,...              (a section's header: its columns)
 *   ZZZZ,T0001,13:18:32,07-DEC-2012                           (snapshot T0001 was taken then)
 *   DISKBUSY,T0001,0.7,0.0,...                                (a row of snapshot T0001)
 * nmon's own notes say the file may be run through `sort` before use, which moves every ZZZZ
 * line to the end: rows are therefore joined to their snapshot times after the whole file is read.
 *
 * Sections read: CPU_ALL (User% Sys% Wait% Idle% [Steal%]), MEM (MB = MiB), DISKBUSY (%),
 * DISKREAD / DISKWRITE (KB/s, KiB: nmon halves /proc/diskstats' 512-byte sectors), DISKXFER
 * (transfers/s), DISKRIO / DISKWIO where present, NET (<if>-read-KB/s, <if>-write-KB/s). Beyond
 * 150 disks nmon continues a section as DISKBUSY1, DISKBUSY2, ...; those join their section.
 * Per-CPU sections, processes, paging, file systems and top are not read.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { parseClock, parseMonthNameDate, UTC_ASSUMED, wallClockMs } from './clock.js';
import { cpuColumn, CPU_METRICS, type ColumnSpec } from './columns.js';
import { splitCsvRow } from './csv-row.js';
import { meansTable, objectMeans, pick, rollUpDevices } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { splitLines } from './text-lines.js';

const DISK: Record<string, ColumnSpec> = {
  DISKBUSY: { metric: 'util_pct', unit: '%', factor: 1 },
  DISKREAD: { metric: 'read.bw_mib_s', unit: 'MiB/s', factor: 1 / 1024 },
  DISKWRITE: { metric: 'write.bw_mib_s', unit: 'MiB/s', factor: 1 / 1024 },
  DISKXFER: { metric: 'total.iops', unit: 'IOPS', factor: 1 },
  DISKRIO: { metric: 'read.iops', unit: 'IOPS', factor: 1 },
  DISKWIO: { metric: 'write.iops', unit: 'IOPS', factor: 1 },
};

const MEM: Record<string, string> = {
  memfree: 'mem_free_mib', cached: 'mem_cached_mib', buffers: 'mem_buffers_mib', swapfree: 'swap_free_mib',
  'real free(mb)': 'mem_free_mib', 'virtual free(mb)': 'swap_free_mib', // AIX
};

const MEM_METRICS = ['mem_free_mib', 'mem_cached_mib', 'mem_buffers_mib', 'swap_free_mib'];

/** Where one column of a section goes: its object, metric and unit. */
interface Target {
  object: string;
  spec: ColumnSpec;
}

function targets(section: string, columns: string[]): Array<Target | null> {
  const disk = /^(DISK[A-Z]+?)\d*$/.exec(section);
  const diskSpec = disk ? DISK[disk[1]!] : undefined;
  if (diskSpec) return columns.map((c) => (c.trim() ? { object: c.trim(), spec: diskSpec } : null));
  if (section === 'CPU_ALL') return columns.map((c) => { const s = cpuColumn(c); return s ? { object: 'cpu', spec: s } : null; });
  if (section === 'MEM') {
    return columns.map((c) => {
      const metric = MEM[c.trim().toLowerCase()];
      return metric ? { object: 'memory', spec: { metric, unit: 'MiB', factor: 1 } } : null;
    });
  }
  if (section === 'NET') {
    return columns.map((c) => {
      const m = /^(.+)-(read|write)-KB\/s$/.exec(c.trim());
      if (!m) return null;
      return { object: m[1]!, spec: { metric: m[2] === 'read' ? 'net_recv_mib_s' : 'net_send_mib_s', unit: 'MiB/s', factor: 1 / 1024 } };
    });
  }
  return [];
}

const WANTED = /^(CPU_ALL|MEM|NET|DISK(?:BUSY|READ|WRITE|XFER|RIO|WIO)\d*),/;

export function parseNmon(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const aaa = new Map<string, string[]>();
  const snapshots = new Map<string, number>();
  const headers = new Map<string, Array<Target | null>>();
  const memColumns: string[] = [];
  const rows: Array<{ line: number; section: string; tag: string; cells: string[] }> = [];
  let badZ = 0;
  let release: string | null = null;
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('AAA,')) {
      const cells = splitCsvRow(line);
      aaa.set(cells[1] ?? '', cells.slice(2));
    } else if (line.startsWith('ZZZZ,')) {
      const [, tag, time, date] = splitCsvRow(line);
      const day = date ? parseMonthNameDate(date) : null;
      const secs = time ? parseClock(time) : null;
      if (tag && day && secs !== null) snapshots.set(tag, wallClockMs(day, secs));
      else badZ++;
    } else if (line.startsWith('BBBP,') && !release) {
      // The configuration capture; only the distribution's name is worth keeping.
      const m = /"(?:PRETTY_NAME|DISTRIB_DESCRIPTION)="?([^"]+)"?"?$/.exec(line);
      if (m) release = m[1]!;
    } else if (WANTED.test(line)) {
      const cells = splitCsvRow(line);
      const section = cells[0]!;
      const tag = cells[1] ?? '';
      if (/^T\d+$/.test(tag)) rows.push({ line: i + 1, section, tag, cells: cells.slice(2) });
      else {
        headers.set(section, targets(section, cells.slice(2)));
        if (section === 'MEM') memColumns.splice(0, memColumns.length, ...cells.slice(2).map((c) => c.trim().toLowerCase()));
      }
    }
  }
  if (aaa.size === 0) return { runs: [], warnings, errors: [{ message: 'no AAA header records: not an nmon file' }] };
  if (badZ > 0) warnings.push({ message: `${badZ} ZZZZ (snapshot time) line(s) could not be read` });

  const set = new SeriesSet();
  let orphan = 0;
  let ragged = 0;
  let firstRagged = 0;
  // Rows in snapshot order, whatever order the lines had.
  rows.sort((a, b) => (snapshots.get(a.tag) ?? 0) - (snapshots.get(b.tag) ?? 0));
  const diskNames = new Set<string>();
  const netNames = new Set<string>();
  for (const r of rows) {
    const ms = snapshots.get(r.tag);
    const cols = headers.get(r.section);
    if (ms === undefined || !cols) {
      orphan++;
      continue;
    }
    // CPU_ALL ends in an empty Busy cell on Linux; a short row is a cut one.
    if (r.cells.length < cols.length - 1 || r.cells.length > cols.length + 1) {
      if (ragged++ === 0) firstRagged = r.line;
      continue;
    }
    cols.forEach((t, k) => {
      const cell = r.cells[k];
      if (!t || cell === undefined || cell.trim() === '') return;
      if (r.section.startsWith('DISK')) diskNames.add(t.object);
      if (r.section === 'NET') netNames.add(t.object);
      set.add(t.object, t.spec.metric, t.spec.unit, ms, Number(cell) * t.spec.factor);
    });
  }
  if (ragged > 0) warnings.push({ message: `${ragged} row(s) with fewer or more figures than their header were left out (file cut off?)`, line: firstRagged });
  if (orphan > 0) warnings.push({ message: `${orphan} row(s) without a snapshot time (ZZZZ) or a section header were left out` });
  if (set.size === 0) return { runs: [], warnings, errors: [{ message: 'no CPU_ALL, MEM, DISK* or NET rows with snapshot times found' }] };
  warnings.push({ message: UTC_ASSUMED });

  const first = (key: string): string | undefined => aaa.get(key)?.[0]?.trim() || undefined;
  const asked = Number(first('snapshots'));
  if (Number.isFinite(asked) && asked > snapshots.size) {
    warnings.push({ message: `${snapshots.size} of the ${asked} snapshots nmon was asked for are in the file (stopped early or cut off)` });
  }
  const series = set.build();
  const means = objectMeans(series);
  const devices = rollUpDevices(new Map([...diskNames].map((d) => [d, means.get(d) ?? {}])));
  const metrics: Record<string, number> = { ...devices.metrics, ...pick(means.get('cpu'), CPU_METRICS), ...pick(means.get('memory'), MEM_METRICS) };
  const nets = [...netNames].filter((n) => n !== 'lo');
  for (const m of ['net_recv_mib_s', 'net_send_mib_s']) {
    const xs = nets.map((n) => means.get(n)?.[m]).filter((v): v is number => v !== undefined);
    if (xs.length > 0) metrics[m] = xs.reduce((a, b) => a + b, 0);
  }

  const host = first('host') ?? null;
  const startDay = first('date') ? parseMonthNameDate(first('date')!) : null;
  const startSecs = first('time') ? parseClock(first('time')!) : null;
  const times = [...snapshots.values()].sort((a, b) => a - b);
  const params: Record<string, number> = {};
  const interval = Number(first('interval'));
  if (Number.isFinite(interval) && interval > 0) params['interval_s'] = interval;
  else {
    const median = medianIntervalS(series);
    if (median !== null) params['interval_s'] = median;
  }
  const cpus = Number(first('cpus'));
  if (Number.isFinite(cpus) && cpus > 0) params['cpus'] = cpus;
  // Total memory is a constant of the host, so it is context rather than a series.
  const memRow = rows.find((r) => r.section === 'MEM');
  const memTotalCell = memRow?.cells[memColumns.indexOf('memtotal')];

  const run: ParsedRun = {
    name: `nmon ${host ?? ''}`.trim(),
    tool: 'nmon',
    toolVersion: first('version') ?? null,
    host,
    startMs: startDay && startSecs !== null ? wallClockMs(startDay, startSecs) : times[0] ?? null,
    endMs: times[times.length - 1] ?? null,
    params,
    metrics,
    tables: {
      nmon: {
        command: first('command') ?? null,
        os: aaa.get('OS')?.filter((s) => s.trim() !== '').join(' ') ?? null,
        release,
        snapshots: snapshots.size,
        snapshots_asked: Number.isFinite(asked) ? asked : null,
        mem_total_mib: memTotalCell !== undefined ? Number(memTotalCell) : null,
      },
      devices: meansTable(means, [...diskNames]),
      aggregation: { devices_summed: devices.summed, devices_excluded: devices.excluded, network_summed: nets },
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const nmonImporter: Importer = {
  id: 'nmon',
  version: '1.0.0',
  tool: 'nmon',
  title: 'nmon spreadsheet file',

  detect(head: string): boolean {
    const first = head.split(/\r?\n|\r/, 1)[0] ?? '';
    return /^AAA,\w+,/.test(first) && /^AAA,(?:progname|version),/m.test(head) && /^AAA,host,/m.test(head);
  },

  parse({ bytes }): ParseResult {
    return parseNmon(decodeText(bytes).text);
  },
};
