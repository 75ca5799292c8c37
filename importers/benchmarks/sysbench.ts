/**
 * sysbench console output, 0.4, 0.5 and 1.0+ (lines read in sysbench-lines.ts). One run per
 * sysbench run in the file: scripts that sweep thread counts append one output after another,
 * each opened by its version banner, a pasted command line or "Running the test with following
 * options:". sysbench prints no wall-clock time, so interval series are in seconds since the
 * run's start (relative times, the convention for undated series).
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParseResult, ValidityFact } from '../types.js';
import { errorShare } from '../validity.js';
import { latencyBins } from '../fio/latency-bins.js';
import { emptyRun, pushAt, seriesOf, splitLines } from './shared.js';
import { oltpFromMix, readBanner, readCommand, readInterval, readRate, testFromOutput, type IntervalLine } from './sysbench-lines.js';

interface Test {
  name: string;
  how: 'command' | 'output';
}

/** What a sysbench run leaves for the next ones: the table size of a prepare, the test named on a command line. */
interface Context {
  test: Test | null;
  tableSize: number | null;
  tables: number | null;
  commandThreads: number | null;
  /** `--rate` (`--tx-rate` in 0.5): the transaction rate asked for; 0 is no cap. */
  commandRate: number | null;
}

interface Section {
  line: number;
  version: string | null;
  hasBanner: boolean;
  hasCommand: boolean;
  running: boolean;
  threads: number | null;
  ctx: Context;
  outputTest: string | null;
  intervals: IntervalLine[];
  /** True once the final statistics begin ("SQL statistics:" and the like). */
  final: boolean;
  /** Interval lines that stop short (cut off mid-line): left out rather than misread. */
  cutLines: number;
  /** Summary figures by name (tps, qps, rw_per_s, ...). */
  summary: Record<string, number>;
  /** The counts printed beside those rates ("ignored errors: 12 (0.20 per sec.)"), by the same names. */
  counts: Record<string, number>;
  /** "Target transaction rate: 100/sec": the cap sysbench says it ran at. */
  targetRate: number | null;
  queries: Record<string, number>;
  latency: Record<string, number>;
  percentile: { rank: number; ms: number } | null;
  /** `--histogram`: the latency buckets (ms) and their event counts, as printed. */
  histogram: { ms: number[]; counts: number[]; line: number; bad: number; firstBad: number } | null;
  /** Further figures of the final statistics: General statistics, Threads fairness, fileio's blocks. */
  extra: Record<string, number>;
  /** Blocks of the output this importer does not know, by their header and line: named, not read past in silence. */
  unread: string[];
}

function newSection(line: number, ctx: Context): Section {
  return {
    line, version: null, hasBanner: false, hasCommand: false, running: false, threads: null, ctx: { ...ctx }, outputTest: null, intervals: [], final: false, cutLines: 0,
    summary: {}, counts: {}, targetRate: null, queries: {}, latency: {}, percentile: null, histogram: null, extra: {}, unread: [],
  };
}

const hasResults = (s: Section): boolean => s.intervals.length > 0 || s.final || s.histogram !== null;

/**
 * Blocks of sysbench's output, by their header line (sysbench.c report_cumulative, db_driver.c,
 * the 0.4/0.5 sb_oltp.c and fileio.c): each is read below. A header of any other name opens a
 * block the run names as not read.
 */
const KNOWN_BLOCKS = /^(SQL statistics|OLTP test statistics|General statistics|Latency \(ms\)|per-request statistics|response time|Threads fairness|Throughput|CPU speed|File operations|Test execution summary|Operations performed|Latency distribution):$/;

/** A histogram row, sb_histogram_print's "%12.3f |%-40s %llu": the bucket's latency (ms), its bar, its count. */
const HISTOGRAM_ROW = /^(\d+(?:\.\d+)?)\s*\|\**\s+(\d+)$/;

/** Lines of the final statistics kept as extra figures (tables), by their label. */
const EXTRA: ReadonlyArray<[RegExp, string[]]> = [
  [/^total number of events:\s+(\d+)$/, ['events']],
  [/^events \(avg\/stddev\):\s+([\d.]+)\/([\d.]+)$/, ['events_per_thread_avg', 'events_per_thread_stddev']],
  [/^execution time \(avg\/stddev\):\s+([\d.]+)\/([\d.]+)$/, ['thread_time_avg_s', 'thread_time_stddev_s']],
  // fileio: "File operations:" reads/s, writes/s, fsyncs/s; "Throughput:" read, MiB/s / written, MiB/s.
  [/^reads\/s:\s+([\d.]+)$/, ['reads_per_s']],
  [/^writes\/s:\s+([\d.]+)$/, ['writes_per_s']],
  [/^fsyncs\/s:\s+([\d.]+)$/, ['fsyncs_per_s']],
  [/^read, MiB\/s:\s+([\d.]+)$/, ['read_mib_s']],
  [/^written, MiB\/s:\s+([\d.]+)$/, ['written_mib_s']],
];

/** The "<label>: <count> (<rate> per sec.)" lines of the final statistics, by summary name. */
const RATES: ReadonlyArray<[string, string]> = [
  ['transactions', 'tps'], ['queries', 'qps'], ['read\\/write requests', 'rw_per_s'], ['other operations', 'other_per_s'],
  ['ignored errors', 'errors_per_s'], ['deadlocks', 'errors_per_s'], ['reconnects', 'reconnects_per_s'],
];

function readSections(text: string): Section[] {
  const sections: Section[] = [];
  const ctx: Context = { test: null, tableSize: null, tables: null, commandThreads: null, commandRate: null };
  let cur = newSection(1, ctx);
  let block: 'queries' | 'latency' | 'histogram' | 'other' | null = null;
  const open = (line: number): void => {
    sections.push(cur);
    cur = newSection(line, ctx);
    block = null;
  };
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const version = readBanner(line);
    if (version !== null) {
      if (cur.hasBanner || cur.running || hasResults(cur)) open(i + 1);
      cur.version = version;
      cur.hasBanner = true;
      continue;
    }
    if (/^Running the test with following options:/.test(line)) {
      if (cur.running || hasResults(cur)) open(i + 1);
      cur.running = true;
      continue;
    }
    const command = readCommand(line);
    if (command) {
      // A command line starts the next run; the run it names follows it.
      ctx.test = command.test ? { name: command.test, how: 'command' } : ctx.test;
      const o = command.options;
      const size = Number(o['table-size'] ?? o['oltp-table-size'] ?? Number.NaN);
      if (Number.isFinite(size)) ctx.tableSize = size;
      const tables = Number(o['tables'] ?? o['oltp-tables-count'] ?? Number.NaN);
      if (Number.isFinite(tables)) ctx.tables = tables;
      const threads = Number(o['threads'] ?? o['num-threads'] ?? Number.NaN);
      ctx.commandThreads = Number.isFinite(threads) ? threads : null;
      const rate = Number(o['rate'] ?? o['tx-rate'] ?? Number.NaN);
      ctx.commandRate = Number.isFinite(rate) ? rate : null;
      if (cur.hasCommand || cur.hasBanner || cur.running || hasResults(cur)) open(i + 1);
      cur.ctx = { ...ctx };
      cur.hasCommand = true;
      continue;
    }
    let m = /^Number of threads:\s*(\d+)/.exec(line);
    if (m) {
      cur.threads = Number(m[1]);
      continue;
    }
    m = /^Target transaction rate:\s*(\d+(?:\.\d+)?)\s*\/\s*sec/i.exec(line);
    if (m) {
      cur.targetRate = Number(m[1]);
      continue;
    }
    // The prepare step prints the table size (1.0: "Inserting 10000 records into 'sbtest1'";
    // 0.4: "Creating 1000000 records in table 'sbtest'..."): later runs use those tables.
    m = /^(?:Inserting (\d+) records into|Creating (\d+) records in table)/.exec(line);
    if (m) {
      ctx.tableSize = cur.ctx.tableSize = Number(m[1] ?? m[2]);
      continue;
    }
    const outputTest = testFromOutput(line);
    if (outputTest && cur.outputTest === null) cur.outputTest = outputTest;
    const interval = readInterval(line);
    if (interval) {
      if (cur.final) open(i + 1); // a new run without any header
      if (interval.complete) cur.intervals.push(interval);
      else cur.cutLines++;
      continue;
    }
    if (/^Latency histogram \(values are in milliseconds\)$/.test(line)) {
      block = 'histogram';
      cur.histogram = { ms: [], counts: [], line: i + 1, bad: 0, firstBad: 0 };
      continue;
    }
    if (block === 'histogram') {
      if (/^value\s+-+\s*distribution\s*-+\s+count$/.test(line)) continue;
      m = HISTOGRAM_ROW.exec(line);
      if (m) {
        cur.histogram!.ms.push(Number(m[1]));
        cur.histogram!.counts.push(Number(m[2]));
        continue;
      }
      // A row that stops short (the file cut inside the block) is counted, never half-read.
      if (/^\d+(?:\.\d+)?\s*\|/.test(line)) {
        if (cur.histogram!.bad++ === 0) cur.histogram!.firstBad = i + 1;
        continue;
      }
      block = null;
    }
    if (/^queries performed:/.test(line)) {
      block = 'queries';
      cur.final = true;
      continue;
    }
    if (/^(Latency \(ms\)|per-request statistics|response time):$/.test(line)) {
      block = 'latency';
      continue;
    }
    if (/^[A-Z][\w /(),-]*:$/.test(line)) {
      // "General statistics:", "Threads fairness:": read line by line below; any other is named.
      block = KNOWN_BLOCKS.test(line) ? null : 'other';
      if (block === 'other') cur.unread.push(`"${line}" (line ${i + 1})`);
      continue;
    }
    for (const [re, names] of EXTRA) {
      const x = re.exec(line);
      if (x) names.forEach((n, k) => { cur.extra[n] = Number(x[k + 1]); });
    }
    if (block === 'queries') {
      m = /^(read|write|other|total):\s+(\d+)$/.exec(line);
      if (m) cur.queries[m[1]!] = Number(m[2]);
    }
    if (block === 'latency') {
      m = /^(min|avg|max|sum):\s+([\d.]+)(?:ms)?$/.exec(line);
      if (m) cur.latency[m[1]!] = Number(m[2]);
      m = /^(?:approx\.\s+)?(\d+)(?:th)? percentile:\s+([\d.]+)(?:ms)?$/.exec(line);
      if (m) cur.percentile = { rank: Number(m[1]), ms: Number(m[2]) };
    }
    for (const [label, key] of RATES) {
      const r = readRate(line, label);
      if (r) {
        cur.final = true;
        cur.summary[key] = r[1];
        cur.counts[key] = r[0];
        if (key === 'tps') cur.queries['transactions'] = r[0];
      }
    }
    m = /^(?:total time|time elapsed):\s+([\d.]+)s$/.exec(line);
    if (m) {
      cur.final = true;
      cur.summary['time_s'] = Number(m[1]);
    }
    m = /^(?:events per second|events\/s \(eps\)):\s+([\d.]+)$/.exec(line);
    if (m) {
      cur.final = true;
      cur.summary['eps'] = Number(m[1]);
    }
  }
  sections.push(cur);
  return sections.filter(hasResults);
}

/** The percentile a run reports under its canonical name; the 100th is a maximum, kept as a table. */
const percentileMetric = (rank: number): string | null => (rank > 0 && rank < 100 ? `total.lat_p${String(rank).replace('.', '')}_ms` : null);

function testOf(s: Section, warnings: string[]): string | null {
  if (s.ctx.test?.how === 'command') return s.ctx.test.name;
  if (s.outputTest) return s.outputTest;
  const q = s.queries;
  if (q['read'] !== undefined && q['transactions'] !== undefined) {
    const major = Number((s.version ?? '1').split('.')[0]);
    if (major < 1) return 'oltp'; // 0.5's tests/db/oltp.lua
    const name = oltpFromMix(q['read'], q['write'] ?? 0, q['other'] ?? 0, q['transactions']);
    warnings.push(`sysbench does not print the test's name: "${name}" is inferred from the query mix per transaction (${(q['read'] / q['transactions']).toFixed(1)} reads, ${((q['write'] ?? 0) / q['transactions']).toFixed(1)} writes, ${((q['other'] ?? 0) / q['transactions']).toFixed(1)} other)`);
    return name;
  }
  return s.ctx.test?.name ?? null;
}

function sectionRun(s: Section): ParsedRun {
  const warnings: string[] = [];
  const test = testOf(s, warnings);
  const threads = s.threads ?? s.intervals.reduce<number | null>((n, x) => (x.threads !== null ? Math.max(n ?? 0, x.threads) : n), null) ?? s.ctx.commandThreads;
  const run = emptyRun('sysbench', `${test ?? 'sysbench'}${threads !== null ? `, ${threads} threads` : ''}`, s.version);
  run.warnings = warnings;
  const params: Record<string, ParamValue> = run.params;
  if (test) params['test'] = test;
  if (threads !== null) params['threads'] = threads;
  if (s.ctx.tableSize !== null) params['table_size'] = s.ctx.tableSize;
  if (s.ctx.tables !== null) params['tables'] = s.ctx.tables;

  const sum = s.summary;
  const m = run.metrics;
  if (sum['tps'] !== undefined) m['tps'] = sum['tps'];
  // 1.0 prints all queries per second; 0.4/0.5 split them into read/write requests and other
  // operations (BEGIN, COMMIT), which together are the same count.
  if (sum['qps'] !== undefined) m['qps'] = sum['qps'];
  else if (sum['rw_per_s'] !== undefined) m['qps'] = sum['rw_per_s'] + (sum['other_per_s'] ?? 0);
  if (sum['tps'] === undefined && sum['eps'] !== undefined) m['ops_per_s'] = sum['eps'];
  if (s.latency['avg'] !== undefined) m['total.lat_avg_ms'] = s.latency['avg'];
  if (s.latency['max'] !== undefined) m['total.lat_max_ms'] = s.latency['max'];
  if (s.percentile) {
    const name = percentileMetric(s.percentile.rank);
    if (name) m[name] = s.percentile.ms;
  }
  if (sum['errors_per_s'] !== undefined) m['errors_per_s'] = sum['errors_per_s'];
  if (sum['reconnects_per_s'] !== undefined) m['reconnects_per_s'] = sum['reconnects_per_s'];
  if (sum['time_s'] !== undefined) params['runtime_s'] = sum['time_s'];
  // A capped rate measures latency at a load asked for, not how many transactions the system can
  // do: a parameter, so it pairs and reads as what it is.
  const rate = s.targetRate ?? s.ctx.commandRate;
  if (rate !== null && rate > 0) params['rate'] = rate;
  const validity = errorFacts(s);
  if (validity.length) run.validity = validity;

  if (Object.keys(s.queries).length > 0) run.tables['queries'] = { ...s.queries };
  if (Object.keys(s.latency).length > 0 || s.percentile) {
    run.tables['latency_ms'] = { ...s.latency, ...(s.percentile ? { [`p${s.percentile.rank}`]: s.percentile.ms } : {}) };
  }

  if (!s.final) {
    // Cut off before the final statistics: the interval means are all there is.
    const mean = (f: (x: IntervalLine) => number | null): number | null => {
      const v = s.intervals.map(f).filter((x): x is number => x !== null);
      return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
    };
    const tps = mean((x) => x.tps);
    const qps = mean((x) => x.qps);
    const eps = mean((x) => x.eps);
    if (tps !== null) m['tps'] = tps;
    if (qps !== null) m['qps'] = qps;
    if (tps === null && eps !== null) m['ops_per_s'] = eps;
    warnings.push(`no final statistics (the output ends after ${s.intervals.length} interval lines: cut off?): tps/qps are the means of the interval lines, and there is no latency summary`);
  } else if (s.latency['avg'] === undefined && sum['tps'] !== undefined) {
    warnings.push('the final statistics stop before the latency summary (cut off?)');
  }

  if (s.cutLines > 0) warnings.push(`${s.cutLines} interval line(s) stop before their last field (cut off?) and were left out`);
  if (Object.keys(s.extra).length > 0) run.tables['statistics'] = { ...s.extra };
  // fileio's own figures: its "File operations" and "Throughput" blocks are per direction.
  if (s.extra['reads_per_s'] !== undefined) m['read.iops'] = s.extra['reads_per_s'];
  if (s.extra['writes_per_s'] !== undefined) m['write.iops'] = s.extra['writes_per_s'];
  if (s.extra['read_mib_s'] !== undefined) m['read.bw_mib_s'] = s.extra['read_mib_s'];
  if (s.extra['written_mib_s'] !== undefined) m['write.bw_mib_s'] = s.extra['written_mib_s'];
  if (s.histogram) {
    const h = s.histogram;
    // --histogram: every event's latency in sysbench's log buckets, kept as the run's latency
    // distribution (total: sysbench times events, not reads and writes apart), drawn as fio's.
    const bins = latencyBins(h.ms, h.counts, 1);
    if (bins) run.tables['latency_bins'] = { total: bins };
    else warnings.push(`the latency histogram (line ${h.line}) has no bucket with a count`);
    if (h.bad > 0) warnings.push(`${h.bad} latency histogram row(s) stop short (cut off?) and were left out of the distribution (first: line ${h.firstBad})`);
    const events = h.counts.reduce((a, b) => a + b, 0);
    const expected = s.extra['events'] ?? s.queries['transactions'];
    if (bins && expected !== undefined && events !== expected) warnings.push(`the latency histogram counts ${events} events where the statistics count ${expected}`);
  }
  if (s.unread.length > 0) warnings.push(`blocks of the output this importer does not read: ${s.unread.join(', ')}`);
  if (s.intervals.length > 0) {
    const cols = new Map<string, number[]>();
    s.intervals.forEach((x, i) => {
      if (x.tps !== null) pushAt(cols, 'tps', i, x.tps);
      // 0.4/0.5 interval lines count reads and writes only, not BEGIN/COMMIT: summed they would
      // not be the qps of the summary, so they make no qps series.
      if (x.qps !== null) pushAt(cols, 'qps', i, x.qps);
      if (x.tps === null && x.eps !== null) pushAt(cols, 'ops_per_s', i, x.eps);
      if (x.latency) pushAt(cols, percentileMetric(x.latency.rank) ?? 'total.lat_max_ms', i, x.latency.ms);
    });
    run.series = seriesOf(test ?? 'sysbench', cols, s.intervals.map((x) => x.s * 1000));
  }
  return run;
}

/**
 * Errors sysbench counted ("ignored errors", 0.4's "deadlocks") and reconnects, against the
 * transactions done (an error rolls a transaction back; sysbench restarts it): from the final
 * statistics, else the interval lines' rates over their steps.
 */
function errorFacts(s: Section): ValidityFact[] {
  const fromIntervals = (pick: (x: IntervalLine) => number | null): number | null => {
    let total = 0;
    let seen = false;
    s.intervals.forEach((x, i) => {
      const v = pick(x);
      if (v === null) return;
      seen = true;
      total += v * (x.s - (i > 0 ? s.intervals[i - 1]!.s : 0));
    });
    return seen ? Math.round(total) : null;
  };
  const transactions = s.queries['transactions'] ?? fromIntervals((x) => x.tps);
  const errors = s.counts['errors_per_s'] ?? (s.final ? null : fromIntervals((x) => x.errorsPerS));
  const reconnects = s.counts['reconnects_per_s'] ?? (s.final ? null : fromIntervals((x) => x.reconnectsPerS));
  const ops = transactions === null ? null : transactions + (errors ?? 0);
  return [
    errors === null ? null : errorShare('errors', errors, ops, { errors: `error${errors === 1 ? '' : 's'} (transactions rolled back and retried)`, ops: 'transactions' }),
    reconnects === null ? null : errorShare('reconnects', reconnects, ops, { errors: `reconnect${reconnects === 1 ? '' : 's'}`, ops: 'transactions' }),
  ].filter((f): f is ValidityFact => f !== null);
}

export function parseSysbenchText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const sections = readSections(text);
  const runs = sections.map(sectionRun);
  // Repeats at one thread count keep their order in the name.
  const seen = new Map<string, number>();
  for (const r of runs) {
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    if (n > 1) r.name = `${r.name} #${n}`;
  }
  if (runs.length === 0) errors.push({ message: 'no sysbench results found (no interval lines "[ 1s ] thds: ..." and no final statistics)' });
  return { runs, warnings, errors };
}

export const sysbenchImporter: Importer = {
  id: 'sysbench',
  version: '1.2.0',
  tool: 'sysbench',
  title: 'sysbench output (0.4, 0.5, 1.0+)',

  detect(head: string): boolean {
    const lines = splitLines(head).slice(0, 400).map((l) => l.trim());
    if (lines.some((l) => readBanner(l) !== null && /multi-threaded system evaluation benchmark|LuaJIT|^sysbench \d+\.\d+[\w.-]*$/.test(l))) return true;
    if (lines.some((l) => /^Running the test with following options:/.test(l)) && lines.some((l) => /^Number of threads:\s*\d+/.test(l))) return true;
    // A fragment: interval lines or the final statistics on their own.
    if (lines.filter((l) => readInterval(l) !== null).length >= 2) return true;
    return lines.some((l) => /^(SQL|OLTP test) statistics:$/.test(l)) && lines.some((l) => readRate(l, 'transactions') !== null);
  },

  parse({ bytes }): ParseResult {
    return parseSysbenchText(decodeText(bytes).text);
  },
};
