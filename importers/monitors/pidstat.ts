/**
 * pidstat text output (sysstat): per-process CPU (-u, the default), memory (-r), I/O (-d) and
 * context switches (-w), one report per interval, clock times or epoch seconds:
 *
 *   Linux 6.18.44 (db1)   11/28/26   _x86_64_   (2 CPU)
 *
 *   14:34:31      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
 *   14:34:32        0     22428    2.91   21.36    0.00   21.36   24.27     0  fio
 *
 *   # Time        UID       PID    %usr ... kB_rd/s   kB_wr/s kB_ccwr/s iodelay  Command     <- -h: one line per process
 *   1795876472      0     22428    2.97 ...                                                 <- -H: seconds since the epoch
 *
 * Epoch seconds are exact instants; clock times carry no zone (read as UTC, as every sysstat
 * report) and take the banner's date. Each process is an object "<command> (<pid>)" (a thread
 * under -t: its TID); each command also gets its total over its processes at every report
 * ("<command>"), since pidstat leaves a process out of a report in which it did nothing: a
 * database's CPU is the sum of its processes, zero where none of them ran. %CPU is in % of one
 * CPU (a process on 4 CPUs shows up to 400%); memory in KiB and I/O in KiB/s as sysstat prints
 * them are kept as MiB and MiB/s.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { UTC_ASSUMED } from './clock.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { AVERAGE_ROW, BannerReader, figure, NUMBER, RowClock, timedLine } from './sysstat-rows.js';
import { splitLines } from './text-lines.js';

const KIB_TO_MIB = 1 / 1024;

interface PidColumn {
  metric: string;
  unit: string;
  factor: number;
  /** Summed over a command's processes into the command's own series. */
  additive: boolean;
}

const c = (metric: string, unit: string, factor = 1, additive = true): PidColumn => ({ metric, unit, factor, additive });

const COLUMNS: Record<string, PidColumn> = {
  '%usr': c('cpu_usr_pct', '%'),
  '%user': c('cpu_usr_pct', '%'),
  '%system': c('cpu_sys_pct', '%'),
  '%guest': c('cpu_guest_pct', '%'),
  '%wait': c('cpu_wait_pct', '%'),
  '%CPU': c('proc_cpu_pct', '%'),
  'minflt/s': c('minflt_per_s', '1/s'),
  'majflt/s': c('majflt_per_s', '1/s'),
  VSZ: c('vsz_mib', 'MiB', KIB_TO_MIB),
  RSS: c('rss_mib', 'MiB', KIB_TO_MIB),
  '%MEM': c('mem_pct', '%'),
  'kB_rd/s': c('read.bw_mib_s', 'MiB/s', KIB_TO_MIB),
  'kB_wr/s': c('write.bw_mib_s', 'MiB/s', KIB_TO_MIB),
  'kB_ccwr/s': c('ccwr_mib_s', 'MiB/s', KIB_TO_MIB),
  iodelay: c('iodelay_ticks', 'ticks', 1, false),
  'cswch/s': c('cswch_per_s', '1/s'),
  'nvcswch/s': c('nvcswch_per_s', '1/s'),
};

/** Columns that name the row rather than measure it. */
const KEYS = new Set(['UID', 'USER', 'PID', 'TGID', 'TID', 'CPU', 'Command']);

/** pidstat's header: the process keys and Command last (under -h, after "# Time"). */
export function isPidstatHeader(words: readonly string[]): boolean {
  return words[words.length - 1] === 'Command' && (words.includes('PID') || words.includes('TGID')) && words.some((w) => w in COLUMNS);
}

/** "# Time UID PID ..." (-h) as header words, or null. */
function hashHeader(line: string): string[] | null {
  const m = /^#\s*Time\s+(.*)$/.exec(line);
  return m ? m[1]!.split(/\s+/) : null;
}

export function parsePidstat(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  const banners = new BannerReader();
  let clock: RowClock | null = null;
  let columns: string[] | null = null;
  const set = new SeriesSet();
  /** Report time → command → metric → sum over its processes. */
  const totals = new Map<number, Map<string, Map<string, number>>>();
  const commands = new Set<string>();
  const processes = new Set<string>();
  let startMs: number | null = null;
  let endMs: number | null = null;
  let bad = 0;
  let firstBad = 0;
  let other = 0;
  let firstOther = 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (banners.take(line, i + 1, clock !== null)) continue;
    const hashed = hashHeader(line);
    if (hashed) {
      if (isPidstatHeader(hashed)) columns = hashed;
      continue;
    }
    if (AVERAGE_ROW.test(line) && !timedLine(line)) continue;
    const timed = timedLine(line);
    if (!timed) {
      if (other++ === 0) firstOther = i + 1;
      continue;
    }
    clock ??= new RowClock(banners.banner?.date ?? null);
    if (isPidstatHeader(timed.words)) {
      columns = timed.words;
      const ms = clock.at(timed);
      startMs ??= ms;
      continue;
    }
    if (!columns) {
      if (other++ === 0) firstOther = i + 1;
      continue;
    }
    // Command is last and may hold spaces (-l prints the whole command line).
    const fixed = columns.length - 1;
    const words = timed.words;
    if (words.length < columns.length || !words.slice(0, fixed).every((w, j) => NUMBER.test(w) || columns![j] === 'USER' || w === '-')) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    const command = words.slice(fixed).join(' ');
    const get = (name: string): string | undefined => { const j = columns!.indexOf(name); return j >= 0 ? words[j] : undefined; };
    const tid = get('TID');
    const pid = tid && /^\d+$/.test(tid) ? tid : get('PID') ?? get('TGID') ?? '?';
    const object = `${command} (${pid})`;
    const ms = clock.at(timed);
    // -h prints no header per report: the first row of a report starts the capture there.
    startMs ??= ms;
    endMs = ms;
    processes.add(object);
    commands.add(command);
    let byCommand = totals.get(ms);
    if (!byCommand) totals.set(ms, (byCommand = new Map()));
    let sums = byCommand.get(command);
    if (!sums) byCommand.set(command, (sums = new Map()));
    columns.forEach((name, j) => {
      const spec = COLUMNS[name];
      if (!spec || KEYS.has(name) || !NUMBER.test(words[j]!)) return;
      const v = figure(words[j]!) * spec.factor;
      set.add(object, spec.metric, spec.unit, ms, v);
      if (spec.additive) sums!.set(spec.metric, (sums!.get(spec.metric) ?? 0) + v);
    });
  }
  if (set.size === 0) {
    return { runs: [], warnings, errors: [{ message: columns ? 'no process row under the pidstat header (file cut off?)' : 'no pidstat report ("<time> UID PID ... Command") found' }] };
  }
  // Each command's total at every report: zero where none of its processes did anything.
  const metricsOf = new Map<string, Set<string>>();
  for (const byCommand of totals.values()) for (const [command, sums] of byCommand) {
    const m = metricsOf.get(command) ?? new Set<string>();
    for (const k of sums.keys()) m.add(k);
    metricsOf.set(command, m);
  }
  const units = new Map(Object.values(COLUMNS).map((s) => [s.metric, s.unit]));
  for (const ms of [...totals.keys()].sort((a, b) => a - b)) {
    const byCommand = totals.get(ms)!;
    for (const [command, names] of metricsOf) {
      for (const metric of names) set.add(command, metric, units.get(metric)!, ms, byCommand.get(command)?.get(metric) ?? 0);
    }
  }
  if (bad > 0) warnings.push({ message: `${bad} row(s) that are not process rows of the report above them were left out (file cut off?)`, line: firstBad });
  if (other > 0) warnings.push({ message: `${other} line(s) that are not part of a pidstat report were left out`, line: firstOther });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  const statement = clock!.statement();
  const banner = banners.banner;
  if (!clock!.dated) warnings.push(banners.undatedWarning());
  else if (statement.kind === 'unzoned') warnings.push({ message: UTC_ASSUMED });

  const series = set.build();
  // The run's figures: every process together, as the mean of the reports' sums.
  const metrics: Record<string, number> = {};
  for (const metric of ['proc_cpu_pct', 'cpu_usr_pct', 'cpu_sys_pct', 'read.bw_mib_s', 'write.bw_mib_s']) {
    const parts = series.filter((s) => commands.has(s.object) && s.metric === metric);
    if (parts.length === 0) continue;
    const n = totals.size;
    metrics[metric] = parts.reduce((a, s) => a + s.values.reduce((x, y) => x + y, 0), 0) / n;
  }
  const busiest = [...commands].map((command) => {
    const cpu = series.find((s) => s.object === command && s.metric === 'proc_cpu_pct');
    return { command, cpu: cpu ? cpu.values.reduce((a, b) => a + b, 0) / cpu.values.length : null };
  }).sort((a, b) => (b.cpu ?? -1) - (a.cpu ?? -1));
  const interval = medianIntervalS(series);
  const params: Record<string, number> = {};
  if (banner?.cpus) params['cpus'] = banner.cpus;
  if (interval !== null) params['interval_s'] = interval;
  const dated = clock!.dated;
  const run: ParsedRun = {
    name: `pidstat ${banner?.host ?? ''}`.trim(),
    tool: 'pidstat',
    toolVersion: null,
    host: banner?.host ?? null,
    startMs: dated ? startMs : null,
    endMs: dated ? endMs : null,
    params,
    metrics,
    tables: {
      pidstat: { os: banner?.os ?? null, reports: totals.size, processes: processes.size, columns: columns ?? [] },
      commands: busiest.slice(0, 50),
      clock: statement,
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const pidstatImporter: Importer = {
  id: 'pidstat',
  version: '1.0.0',
  tool: 'pidstat',
  title: 'pidstat text (sysstat)',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    return lines.slice(0, 12).some((l) => {
      const words = hashHeader(l) ?? timedLine(l)?.words ?? null;
      return words !== null && isPidstatHeader(words);
    });
  },

  parse({ bytes }): ParseResult {
    return parsePidstat(decodeText(bytes).text);
  },
};
