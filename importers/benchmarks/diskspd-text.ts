/**
 * DiskSpd's default text report (no -R, or -Rtext; github.com/microsoft/diskspd
 * ResultParser.cpp, Common.h SystemInformation::GetText), the form most published DiskSpd
 * results take:
 *
 *   Command Line: diskspd -c10G -d60 -r -w30 -t2 -o32 -b8K -Sh -L D:\data.dat   (often cut off)
 *   Input parameters:          per "timespan: N": duration, warm up / cool down time, "thread
 *                              pool with N threads", then per target "path: '...'" and its
 *                              options (block size, performing read/write/mix test, using
 *                              random / sequential I/O, outstanding I/Os, software cache disabled)
 *   System information:        computer name, start time ("2024/07/01 08:00:00 UTC"; 2.0.20+)
 *   Results for timespan N:    actual test time, thread count, the CPU table (its "avg." line),
 *                              the Total IO / Read IO / Write IO tables (one row per thread and
 *                              target: bytes, I/Os, MiB/s, I/O per s, [AvgLat, IopsStdDev,
 *                              LatStdDev], "file (size)"; then a "total:" line), and with -L the
 *                              latency percentile tables (min, 25th ... 99th, 3-nines ..., max):
 *                              one per target, then "total:" and the one over all targets.
 *
 * The counts are the XML's counts: the rows fill the same DiskspdSpan as -Rxml does, and
 * diskspd-run.ts makes the metrics. Older releases (2.0.1x) print "MB/s" for the same 2^20-byte
 * figure, sizes as "10GB" (also 2^30) or bare bytes, and "number of outstanding I/O operations:".
 */
import { parseDateText } from '../dates.js';
import type { Diagnostic, ParamValue, ParsedRun, ParseResult } from '../types.js';
import { diskspdRun, nextSpanStart, type DirValues, type DiskspdSpan, type DiskspdThreadTarget } from './diskspd-run.js';
import { num, splitLines } from './shared.js';

/**
 * What the head of a file needs to be DiskSpd's text report: the "Input parameters:" block with
 * its "timespan: N" entries. Not the "Command Line:" line above it: harnesses save the output
 * from "Input parameters:" on (FORMATS.md 6.1), and the profile is all a reader needs of it.
 */
export function looksLikeDiskspdText(head: string): boolean {
  return /^Input parameters:\s*$/m.test(head) && /^\s*timespan:\s+\d+\s*$/m.test(head);
}

const SIZE_SHIFT: Record<string, number> = { TIB: 40, TB: 40, GIB: 30, GB: 30, MIB: 20, MB: 20, KIB: 10, KB: 10, B: 0, '': 0 };

/** "8KiB", "1.50GiB", "10GB" (2.0.1x, also binary), "65536": bytes. */
export function diskspdSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(TiB|GiB|MiB|KiB|TB|GB|MB|KB|B)?\s*$/i.exec(text);
  if (!m) return null;
  const shift = SIZE_SHIFT[(m[2] ?? '').toUpperCase()];
  return shift === undefined ? null : Math.round(Number(m[1]) * 2 ** shift);
}

interface ProfileSpan {
  durationS: number | null;
  warmupS: number;
  cooldownS: number;
  /** "thread pool with N threads" spans give the outstanding I/Os once, for every target. */
  poolRequests: number | null;
  targets: Array<Record<string, ParamValue>>;
}

/** The "Input parameters:" block: one ProfileSpan per "timespan: N". */
function readProfile(lines: readonly string[]): ProfileSpan[] {
  const spans: ProfileSpan[] = [];
  let span: ProfileSpan | null = null;
  let target: Record<string, ParamValue> | null = null;
  for (const raw of lines) {
    if (/^(System information:|Results for timespan)/.test(raw)) break;
    const line = raw.trim();
    if (/^timespan:\s+\d+$/.test(line)) {
      spans.push((span = { durationS: null, warmupS: 0, cooldownS: 0, poolRequests: null, targets: [] }));
      target = null;
      continue;
    }
    if (!span) continue;
    let m: RegExpExecArray | null;
    if ((m = /^path: (?:template target )?'(.*)'$/.exec(line))) {
      span.targets.push((target = { path: m[1]! }));
    } else if (!target) {
      if ((m = /^duration: (\d+)s$/.exec(line))) span.durationS = Number(m[1]);
      else if ((m = /^warm up time: (\d+)s$/.exec(line))) span.warmupS = Number(m[1]);
      else if ((m = /^cool down time: (\d+)s$/.exec(line))) span.cooldownS = Number(m[1]);
      else if ((m = /^number of outstanding I\/O operations per thread: (\d+)$/.exec(line))) span.poolRequests = Number(m[1]);
    } else if ((m = /^block size: (.+)$/.exec(line))) {
      const bs = diskspdSize(m[1]!);
      if (bs !== null) target['bs'] = bs;
    } else if (line === 'performing read test') target['read_pct'] = 100;
    else if (line === 'performing write test') target['read_pct'] = 0;
    else if ((m = /^performing mix test \(read\/write ratio: (\d+)\/(\d+)\)$/.exec(line))) target['read_pct'] = Number(m[1]);
    else if (line.startsWith('using random I/O')) Object.assign(target, { pattern: 'random', random_pct: 100 });
    else if ((m = /^using mixed random\/sequential I\/O \((\d+)% random\)/.exec(line))) Object.assign(target, { pattern: 'mixed', random_pct: Number(m[1]) });
    else if (/^using (interlocked )?sequential I\/O/.test(line)) Object.assign(target, { pattern: 'sequential', random_pct: 0 });
    else if ((m = /^number of outstanding I\/O operations(?: per thread)?: (\d+)$/.exec(line))) target['iodepth'] = Number(m[1]);
    // -Su / -Sh: unbuffered (the XML's <DisableOSCache>); 2.0.1x's -h "software and hardware write cache disabled" too.
    else if (line === 'software cache disabled' || line === 'software and hardware write cache disabled') target['direct'] = 1;
    else if (line === 'using software cache' || /^using software and hardware write cache$/.test(line) || /^local software cache disabled, remote caches? enabled$/.test(line)) target['direct'] = 0;
  }
  for (const s of spans) {
    for (const t of s.targets) {
      if (t['iodepth'] === undefined && s.poolRequests !== null) t['iodepth'] = s.poolRequests;
      if (t['direct'] === undefined) t['direct'] = 0;
    }
  }
  return spans;
}

interface IoTable {
  rows: Array<{ thread: number; path: string; size: number | null; bytes: number; ios: number; avgLatMs: number | null }>;
  total: { avgLatMs: number | null; latStdevMs: number | null } | null;
}

/** One of the Total IO / Read IO / Write IO tables, starting at its header line; null when the lines are not one. */
function readIoTable(lines: readonly string[], at: number): IoTable | null {
  const header = lines[at]?.split('|').map((c) => c.trim()) ?? [];
  if (header[0] !== 'thread') return null;
  const col = (name: RegExp): number => header.findIndex((h) => name.test(h));
  const [bytesAt, iosAt, latAt, sdAt] = [col(/^bytes$/), col(/^I\/Os$/), col(/^AvgLat$/), col(/^LatStdDev$/)];
  if (bytesAt < 0 || iosAt < 0) return null;
  const table: IoTable = { rows: [], total: null };
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^-+\s*$/.test(line)) continue;
    const cells = line.split('|');
    if (/^total:/.test(line)) {
      // "total:   <bytes> | <I/Os> | ...": no thread column, the label shares the bytes' cell.
      const t = ['', cells[0]!.replace(/^total:/, ''), ...cells.slice(1)];
      table.total = { avgLatMs: latAt >= 0 ? num(t[latAt]) : null, latStdevMs: sdAt >= 0 ? num(t[sdAt]) : null };
      break;
    }
    const thread = num(cells[0]);
    if (thread === null || cells.length < header.length) break;
    // The file cell is the rest of the line ("D:\data.dat (10GiB)"); a path holds no '|' on Windows.
    const file = cells.slice(header.length - 1).join('|').trim();
    const fm = /^(.*) \(([^()]*)\)$/.exec(file);
    table.rows.push({
      thread, path: fm ? fm[1]! : file, size: fm ? diskspdSize(fm[2]!) : null,
      bytes: num(cells[bytesAt]) ?? 0, ios: num(cells[iosAt]) ?? 0, avgLatMs: latAt >= 0 ? num(cells[latAt]) : null,
    });
  }
  return table;
}

/** "min", "25th", "3-nines", "max" as the XML's percentile keys ("0", "25", "99.9", "100"). */
function percentileKey(label: string): string | null {
  if (label === 'min') return '0';
  if (label === 'max') return '100';
  let m = /^(\d+)th$/.exec(label);
  if (m) return m[1]!;
  m = /^(\d)-nines$/.exec(label);
  return m ? `99.${'9'.repeat(Number(m[1]) - 2)}` : null;
}

/**
 * The latency percentile table over all targets. With several targets DiskSpd prints one chart
 * per target first, each under its path alone on a line, then the chart of all targets under
 * "total:" (ResultParser.cpp _PrintLatencyPercentiles); one target gets only that chart, with
 * or without the label. A report relabelled "Total latency distribution:" is read the same.
 * Without a label, the last chart is the one over all targets: it is always printed last.
 */
function readPercentiles(lines: readonly string[]): Map<string, DirValues> {
  const out = new Map<string, DirValues>();
  const charts = lines.flatMap((l, i) => (/^\s*%-ile\s*\|\s*Read \(ms\)/.test(l) ? [i] : []));
  if (charts.length === 0) return out;
  const labelAbove = (at: number): string => {
    for (let i = at - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return lines[i]!.trim();
    return '';
  };
  const headerAt = charts.find((at) => /^(total:|Total latency distribution:)$/.test(labelAbove(at))) ?? charts[charts.length - 1]!;
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^-+\s*$/.test(line)) continue;
    const cells = line.split('|').map((c) => c.trim());
    const key = cells.length === 4 ? percentileKey(cells[0]!) : null;
    if (key === null) break;
    const values: DirValues = {};
    (['read', 'write', 'total'] as const).forEach((d, j) => {
      const v = num(cells[j + 1]);
      if (v !== null) values[d] = v;
    });
    out.set(key, values);
  }
  return out;
}

/** One "Results for timespan N:" section as a DiskspdSpan, or the reason it has none. */
function readResultSection(lines: readonly string[], profile: ProfileSpan | undefined, system: { host: string | null }): DiskspdSpan | string {
  if (lines.some((l) => /The test was interrupted before the measurements began/.test(l))) return 'The test was interrupted before the measurements began. No results are displayed.';
  const value = (re: RegExp): number | null => {
    for (const l of lines) {
      const m = re.exec(l);
      if (m) return num(m[1]);
    }
    return null;
  };
  const seconds = value(/^actual test time:\s*([\d.]+)s\s*$/);
  if (seconds === null || seconds <= 0) return 'no "actual test time" in the results';
  const tables: Partial<Record<'total' | 'read' | 'write', IoTable>> = {};
  for (let i = 0; i < lines.length; i++) {
    const m = /^(Total|Read|Write) IO\s*$/.exec(lines[i]!);
    const t = m ? readIoTable(lines, i + 1) : null;
    if (m && t) tables[m[1]!.toLowerCase() as 'total' | 'read' | 'write'] = t;
  }
  if (!tables.read || !tables.write) return 'the Read IO and Write IO tables are missing';
  const rows: DiskspdThreadTarget[] = tables.read.rows.map((r, i) => {
    const w = tables.write!.rows[i];
    const reads = r.ios;
    const writes = w?.ios ?? 0;
    return {
      thread: r.thread, path: r.path, fileSize: r.size, readCount: reads, writeCount: writes, readBytes: r.bytes, writeBytes: w?.bytes ?? 0,
      // A direction with no I/O prints 0.000 (an empty histogram's mean); the XML leaves it out.
      readLatAvgMs: reads > 0 ? r.avgLatMs : null, writeLatAvgMs: writes > 0 ? (w?.avgLatMs ?? null) : null,
    };
  });
  const avg: DirValues = {};
  const sd: DirValues = {};
  for (const d of ['read', 'write', 'total'] as const) {
    const t = tables[d];
    const count = d === 'read' ? rows.reduce((s, r) => s + r.readCount, 0) : d === 'write' ? rows.reduce((s, r) => s + r.writeCount, 0) : rows.reduce((s, r) => s + r.readCount + r.writeCount, 0);
    if (!t?.total || count === 0) continue;
    if (t.total.avgLatMs !== null) avg[d] = t.total.avgLatMs;
    if (t.total.latStdevMs !== null) sd[d] = t.total.latStdevMs;
  }
  const cpuLine = lines.map((l) => /^\s*avg\.\|\s*([\d.]+)%\|\s*([\d.]+)%\|\s*([\d.]+)%\|\s*([\d.]+)%/.exec(l)).find((m) => m);
  return {
    host: system.host,
    toolVersion: null,
    testTimeS: seconds,
    threadCount: value(/^thread count:\s*(\d+)\s*$/),
    profileTargets: profile?.targets ?? [],
    durationS: profile?.durationS ?? null,
    warmupS: profile?.warmupS ?? 0,
    cooldownS: profile?.cooldownS ?? 0,
    rows,
    latencyAvgMs: avg,
    latencyStdevMs: sd,
    percentilesMs: readPercentiles(lines),
    cpu: cpuLine ? { usage: num(cpuLine[1]), user: num(cpuLine[2]), kernel: num(cpuLine[3]) } : null,
  };
}

export function parseDiskspdReport(text: string): ParseResult {
  const lines = splitLines(text);
  const warnings: Diagnostic[] = [];
  const inputAt = lines.findIndex((l) => /^Input parameters:/.test(l));
  const profile = readProfile(inputAt >= 0 ? lines.slice(inputAt + 1) : []);
  const hostLine = lines.map((l) => /^\s*computer name: (.*)$/.exec(l)).find((m) => m);
  const startLine = lines.map((l) => /^\s*start time: (.+)$/.exec(l)).find((m) => m);
  const start = startLine ? parseDateText(startLine[1]!.trim()) : null;
  let clock = start ? start.epochMs : null;
  const system = { host: hostLine && hostLine[1]!.trim() !== '' ? hostLine[1]!.trim() : null };

  const sectionStarts = lines.flatMap((l, i) => (/^Results for timespan \d+:/.test(l) ? [i] : []));
  const totalsAt = lines.findIndex((l) => /^Totals:\s*$/.test(l));
  const runs: ParsedRun[] = [];
  sectionStarts.forEach((at, i) => {
    const end = sectionStarts[i + 1] ?? (totalsAt > at ? totalsAt : lines.length);
    const s = readResultSection(lines.slice(at + 1, end), profile[i], system);
    if (typeof s === 'string') warnings.push({ message: `time span ${i + 1}: ${s}`, line: at + 1 });
    else runs.push(diskspdRun(s, i, clock));
    const p = profile[i];
    clock = nextSpanStart(clock, { warmupS: p?.warmupS ?? 0, cooldownS: p?.cooldownS ?? 0, testTimeS: typeof s === 'string' ? null : s.testTimeS, durationS: p?.durationS ?? null });
  });
  if (start === null && runs.length > 0) {
    for (const r of runs) r.warnings.push('the report has no start time (DiskSpd before 2.0.20 prints none): the runs have no time');
  }
  const errors: Diagnostic[] = runs.length === 0
    ? [{ message: sectionStarts.length === 0 ? 'DiskSpd text report without results: no "Results for timespan" section (the run was stopped, or only the profile was printed)' : 'no DiskSpd time span with results', line: (sectionStarts[0] ?? inputAt) + 1 }]
    : [];
  return { runs, warnings, errors };
}
