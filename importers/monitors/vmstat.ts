/**
 * vmstat (procps) text output, with or without -t:
 *
 *   procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----
 *    r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 CST
 *    4  0      0 20845904  44612 2504816    0    0  1453  6006  711 2402 50 17 33  1  0 2026-11-28 08:33:12
 *
 * With -t each row ends with the local date and time and the column header names the zone as
 * an abbreviation ("UTC", "CST", "CEST"): applied where it fixes one offset (importers/dates.ts),
 * else stated and the times read as UTC; CST (US Central, China or Cuba) is the common case.
 * Without -t there are no times at all: rows are placed 1 s apart from t = 0 (the interval is not
 * in the output), the run has no start, and the timeline places it with a clock offset.
 *
 * Columns are read by name, so -a (inact/active instead of buff/cache), -w (wide) and the newer
 * procps' gu (guest) column read alike. Units as procps prints them: memory in KiB (vmstat -S
 * changes that and says nothing in the output: it is read as the default), si/so and bi/bo in
 * KiB/s (bi/bo count 1 KiB blocks read from and written to block devices), in/cs per second,
 * CPU in % of all CPUs. Like iostat, the first row holds averages since boot: it is skipped.
 */
import { fromWallClock, zoneOffsetMinutes } from '../dates.js';
import { namedZoneClock, RELATIVE_CLOCK, UNZONED_CLOCK, type ClockStatement } from '../clock-statement.js';
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { UTC_ASSUMED } from './clock.js';
import { meansTable, objectMeans } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { splitLines } from './text-lines.js';

const KIB_TO_MIB = 1 / 1024;

interface VmstatColumn {
  object: string;
  metric: string;
  unit: string;
  factor: number;
}

const col = (object: string, metric: string, unit: string, factor = 1): VmstatColumn => ({ object, metric, unit, factor });

/** The block devices' traffic as vmstat counts it (bi/bo): reads and writes of every disk together. */
export const VMSTAT_IO_OBJECT = 'block devices';

const COLUMNS: Record<string, VmstatColumn> = {
  r: col('procs', 'runq_sz', 'processes'),
  b: col('procs', 'procs_blocked', 'processes'),
  swpd: col('memory', 'swap_used_mib', 'MiB', KIB_TO_MIB),
  free: col('memory', 'mem_free_mib', 'MiB', KIB_TO_MIB),
  buff: col('memory', 'mem_buffers_mib', 'MiB', KIB_TO_MIB),
  cache: col('memory', 'mem_cached_mib', 'MiB', KIB_TO_MIB),
  inact: col('memory', 'mem_inactive_mib', 'MiB', KIB_TO_MIB),
  active: col('memory', 'mem_active_mib', 'MiB', KIB_TO_MIB),
  si: col('swap', 'swap_in_mib_s', 'MiB/s', KIB_TO_MIB),
  so: col('swap', 'swap_out_mib_s', 'MiB/s', KIB_TO_MIB),
  bi: col(VMSTAT_IO_OBJECT, 'read.bw_mib_s', 'MiB/s', KIB_TO_MIB),
  bo: col(VMSTAT_IO_OBJECT, 'write.bw_mib_s', 'MiB/s', KIB_TO_MIB),
  in: col('system', 'interrupts_per_s', '1/s'),
  cs: col('system', 'ctx_switches_per_s', '1/s'),
  us: col('cpu', 'cpu_usr_pct', '%'),
  sy: col('cpu', 'cpu_sys_pct', '%'),
  id: col('cpu', 'cpu_idle_pct', '%'),
  wa: col('cpu', 'cpu_iowait_pct', '%'),
  st: col('cpu', 'cpu_steal_pct', '%'),
  gu: col('cpu', 'cpu_guest_pct', '%'),
};

/** The run metrics: each object's mean, under the names the other monitors use. */
const RUN_METRICS: Array<[string, string]> = [
  ['cpu', 'cpu_usr_pct'], ['cpu', 'cpu_sys_pct'], ['cpu', 'cpu_iowait_pct'], ['cpu', 'cpu_steal_pct'], ['cpu', 'cpu_idle_pct'],
  ['procs', 'runq_sz'], ['procs', 'procs_blocked'], ['memory', 'mem_free_mib'], ['memory', 'swap_used_mib'],
  ['swap', 'swap_in_mib_s'], ['swap', 'swap_out_mib_s'], [VMSTAT_IO_OBJECT, 'read.bw_mib_s'], [VMSTAT_IO_OBJECT, 'write.bw_mib_s'],
  ['system', 'interrupts_per_s'], ['system', 'ctx_switches_per_s'],
];

const GROUP_LINE = /^procs\s+-+\s*memory\s*-+/;
const COLUMN_LINE = /^r\s+b\s+\S/;
const NUMBER = /^\d+(?:[.,]\d+)?$/;
const STAMP = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2}):(\d{2})$/;

export function parseVmstat(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  let columns: string[] | null = null;
  /** With -t: the zone word that ends the column header ("UTC", "CST"), and whether rows carry times. */
  let zone: string | null = null;
  let timed = false;
  const rows: Array<{ line: number; values: number[]; wall: number | null }> = [];
  let bad = 0;
  let firstBad = 0;
  let other = 0;
  let firstOther = 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    // vmstat prints its two header lines again every screenful when writing to a terminal.
    if (GROUP_LINE.test(line)) {
      timed = /timestamp/.test(line);
      continue;
    }
    if (COLUMN_LINE.test(line)) {
      const words = line.split(/\s+/);
      const last = words[words.length - 1]!;
      // -t: the header's last word is the zone the timestamps are in, not a column.
      if (timed && !(last in COLUMNS)) {
        zone = last;
        words.pop();
      }
      columns = words;
      continue;
    }
    if (!columns) {
      if (other++ === 0) firstOther = i + 1;
      continue;
    }
    const words = line.split(/\s+/);
    let wall: number | null = null;
    if (timed) {
      const d = STAMP.exec(words[words.length - 2] ?? '');
      const c = CLOCK.exec(words[words.length - 1] ?? '');
      const reading = d && c
        ? fromWallClock({ year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(c[1]), minute: Number(c[2]), second: Number(c[3]) })
        : null;
      if (!reading) {
        if (bad++ === 0) firstBad = i + 1;
        continue;
      }
      wall = reading.epochMs;
      words.splice(-2, 2);
    }
    if (words.length !== columns.length || !words.every((w) => NUMBER.test(w))) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    rows.push({ line: i + 1, values: words.map((w) => Number(w.replace(',', '.'))), wall });
  }
  if (!columns || rows.length === 0) {
    return { runs: [], warnings, errors: [{ message: columns ? 'no vmstat row under the header (file cut off?)' : 'no vmstat header ("procs ---memory--- ..." over "r b swpd free ...") found' }] };
  }
  if (bad > 0) warnings.push({ message: `${bad} row(s) that do not match the header's ${columns.length} columns${timed ? ' and a date and time' : ''} were left out (file cut off?)`, line: firstBad });
  if (other > 0) warnings.push({ message: `${other} line(s) before vmstat's header are not vmstat output and were left out`, line: firstOther });

  const kept = rows.length > 1 ? rows.slice(1) : rows;
  warnings.push(rows.length > 1
    ? { message: "the first row (averages since boot for CPU, swap, I/O and the system's rates, not an interval) was skipped", line: rows[0]!.line }
    : { message: 'only one row: it holds averages since boot, not a measured interval', line: rows[0]!.line });

  // The zone the header names: applied when it means one offset, else stated (CST) and read as UTC.
  const offset = zone ? zoneOffsetMinutes(zone) : null;
  const clock: ClockStatement = !timed ? RELATIVE_CLOCK : zone ? namedZoneClock(zone, offset) : UNZONED_CLOCK;
  if (!timed) warnings.push({ message: 'no timestamps (vmstat ran without -t): rows are placed 1 s apart from t = 0 and the run has no start or end time; a clock offset places it on a timeline' });
  else if (clock.kind === 'unzoned') warnings.push({ message: clock.note ?? UTC_ASSUMED });
  const shift = offset !== null ? offset * 60_000 : 0;

  const set = new SeriesSet();
  const unread = columns.filter((c) => !(c in COLUMNS));
  kept.forEach((r, k) => {
    // Untimed: the row's place after the since-boot one, at an assumed 1 s interval.
    const ms = r.wall !== null ? r.wall - shift : (k + (rows.length > 1 ? 1 : 0)) * 1000;
    columns!.forEach((c, j) => {
      const spec = COLUMNS[c];
      if (spec) set.add(spec.object, spec.metric, spec.unit, ms, r.values[j]! * spec.factor);
    });
  });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  const series = set.build();
  const means = objectMeans(series);
  const metrics: Record<string, number> = {};
  // bi/bo are every block device's traffic together: the run's read and write MiB/s, as a disk monitor's sum is.
  for (const [object, metric] of RUN_METRICS) {
    const v = means.get(object)?.[metric];
    if (v !== undefined) metrics[metric] = v;
  }
  const interval = timed ? medianIntervalS(series) : null;
  const first = kept[0]!;
  const last = kept[kept.length - 1]!;
  const run: ParsedRun = {
    name: 'vmstat',
    tool: 'vmstat',
    toolVersion: null,
    host: null,
    // The since-boot row's time is when the capture started.
    startMs: timed ? rows[0]!.wall! - shift : null,
    endMs: timed ? last.wall! - shift : null,
    params: interval !== null ? { interval_s: interval } : {},
    metrics,
    tables: {
      vmstat: { rows: rows.length, rows_used: kept.length, times: timed ? 'clock (-t)' : 'relative, 1 s assumed', columns_not_imported: unread, first_row_used: first.line },
      means: meansTable(means),
      clock,
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const vmstatImporter: Importer = {
  id: 'vmstat',
  version: '1.0.0',
  tool: 'vmstat',
  title: 'vmstat text (procps)',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    // The group line over the column line; a capture may start with a shell prompt or two.
    const at = lines.slice(0, 5).findIndex((l) => GROUP_LINE.test(l));
    return at >= 0 && COLUMN_LINE.test(lines[at + 1] ?? '');
  },

  parse({ bytes }): ParseResult {
    return parseVmstat(decodeText(bytes).text);
  },
};
