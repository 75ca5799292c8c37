/**
 * The lines of sysbench console output, one reader per kind, for 0.4, 0.5 and 1.0+.
 * Formats from the sysbench sources (github.com/akopytov/sysbench, branches 0.4, 0.5, master):
 *   interval, 1.0 (db_driver.c db_report_intermediate; lua report_default writes "err/s" without
 *     the colon):
 *     [ 2s ] thds: 16 tps: 1012.86 qps: 20333.18 (r/w/o: 14240.02/4061.44/2031.72) lat (ms,95%): 28.67 err/s: 0.00 reconn/s: 0.00
 *   interval, 1.0 without a database (sysbench.c sb_report_intermediate):
 *     [ 1s ] thds: 4 eps: 3995.91 lat (ms,95%): 1.01
 *   interval, 0.5 (db_driver.c; log_timestamp prints "[%4.0fs] "):
 *     [  10s] threads: 8, tps: 1160.78, reads: 16252.02, writes: 4643.22, response time: 9.38ms (95%), errors: 0.00, reconnects:  0.00
 *   interval, late 0.4 (sb_oltp.c): "... reads/s: 16252.02, writes/s: 4643.22 response time: 9.38ms (95%)"
 *   summary: "transactions: 29611  (986.49 per sec.)", "queries: ..." (1.0) or "read/write requests:"
 *     and "other operations:" (0.4/0.5), "ignored errors:" (0.5+) or "deadlocks:" (0.4),
 *     latency "min: 12.38" / "95th percentile: 28.67" (1.0, ms) or "min: 2.40ms" /
 *     "approx.  95 percentile: 11.52ms" (0.4/0.5).
 */

export interface IntervalLine {
  /** Seconds since the run started, as printed. */
  s: number;
  threads: number | null;
  tps: number | null;
  /** All queries per second, BEGIN/COMMIT included: only 1.0 prints it. */
  qps: number | null;
  eps: number | null;
  latency: { rank: number; ms: number } | null;
  errorsPerS: number | null;
  reconnectsPerS: number | null;
  /** False when the line stops before its last field: a file cut off mid-line. */
  complete: boolean;
}

const field = (rest: string, re: RegExp): number | null => {
  const m = re.exec(rest);
  return m ? Number(m[1]) : null;
};

export function readInterval(line: string): IntervalLine | null {
  const m = /^\[\s*(\d+(?:\.\d+)?)s\s*\]\s*(.*)$/.exec(line);
  if (!m) return null;
  const rest = m[2]!;
  const tps = field(rest, /\btps:\s*([\d.]+)/);
  const eps = field(rest, /\beps:\s*([\d.]+)/);
  // "[ 10s ] queue length: 0, concurrency: 3" (--rate) shares the prefix but is no sample.
  if (tps === null && eps === null) return null;
  const lat1 = /lat \(ms,\s*(\d+(?:\.\d+)?)%\):\s*([\d.]+)/.exec(rest);
  const lat0 = /response time:\s*([\d.]+)ms\s*\((\d+(?:\.\d+)?)%\)/.exec(rest);
  const latency = lat1 ? { rank: Number(lat1[1]), ms: Number(lat1[2]) } : lat0 ? { rank: Number(lat0[2]), ms: Number(lat0[1]) } : null;
  return {
    s: Number(m[1]),
    threads: field(rest, /\b(?:thds|threads):\s*(\d+)/),
    tps,
    qps: field(rest, /\bqps:\s*([\d.]+)/),
    eps,
    latency,
    errorsPerS: field(rest, /\berr\/s:?\s*([\d.]+)/) ?? field(rest, /\berrors:\s*([\d.]+)/),
    reconnectsPerS: field(rest, /\breconn(?:\/s|ects):?\s*([\d.]+)/),
    // Each layout ends in a known field; a line cut short may end in a truncated number.
    complete: /reconn(?:\/s|ects):?\s*\d+\.\d{2}$/.test(rest) || (eps !== null && /lat \(ms,[\d.]+%\):\s*\d+\.\d{2}$/.test(rest)) || /response time:\s*[\d.]+ms\s*\(\d+%\)$/.test(rest),
  };
}

/** "transactions:  29611  (986.49 per sec.)" -> [29611, 986.49] */
export function readRate(line: string, label: string): [number, number] | null {
  const m = new RegExp(`^${label}:\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)`).exec(line);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** "sysbench 1.0.12 (using bundled LuaJIT 2.1.0-beta2)", "sysbench 0.5:  multi-threaded ..." */
export function readBanner(line: string): string | null {
  const m = /^sysbench\s+v?(\d+\.\d+(?:\.\d+)?(?:[-.][0-9a-z]+)*)(?::|\s|$)/i.exec(line);
  return m ? m[1]! : null;
}

export interface CommandLine {
  test: string | null;
  mode: string | null;
  options: Record<string, string>;
}

/**
 * A pasted command line: "$ sysbench oltp_read_write --threads=16 run" (1.0: the test is the
 * first word), "sysbench --test=oltp --num-threads=8 run" (0.4), "--test=tests/db/oltp.lua" (0.5).
 */
export function readCommand(line: string): CommandLine | null {
  const m = /(?:^|[\s$#>:])sysbench\s+(.*)$/.exec(line);
  if (!m) return null;
  const tokens = m[1]!.trim().split(/\s+/).filter((t) => t !== '' && t !== '\\');
  if (tokens.length === 0 || /^v?\d/.test(tokens[0]!)) return null; // the version banner
  const options: Record<string, string> = {};
  let test: string | null = null;
  let mode: string | null = null;
  for (const raw of tokens) {
    const t = raw.replace(/^['"]|['"]$/g, '');
    const opt = /^--([\w-]+)(?:=(.*))?$/.exec(t);
    if (opt) options[opt[1]!.replace(/_/g, '-')] = opt[2] ?? 'on';
    else if (/^(run|prepare|cleanup|help|prewarm|warmup)$/.test(t)) mode = t;
    else if (test === null && /^[\w./-]+$/.test(t)) test = testName(t);
  }
  if (options['test']) test = testName(options['test']);
  if (test === null && mode === null && Object.keys(options).length === 0) return null;
  return { test, mode, options };
}

/** "/usr/share/sysbench/oltp_read_write.lua" -> "oltp_read_write" */
function testName(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.lua$/, '');
}

/** Test names sysbench writes into its own output, for the builtin tests. */
export function testFromOutput(line: string): string | null {
  if (/^Doing OLTP test\b/.test(line)) return 'oltp';
  if (/^Doing CPU performance benchmark|^Prime numbers limit:/.test(line)) return 'cpu';
  if (/memory (operations )?speed test/i.test(line)) return 'memory';
  if (/^Extra file open flags|^Doing (random|sequential) .*test|^Doing file I\/O/i.test(line)) return 'fileio';
  if (/thread subsystem performance test/i.test(line)) return 'threads';
  if (/mutex performance test/i.test(line)) return 'mutex';
  return null;
}

/**
 * sysbench 1.0 does not print the test's name. Its OLTP scripts have a fixed query mix per
 * transaction with default options (oltp_common.lua: 10 point selects + 4 range queries, 4
 * writes, BEGIN + COMMIT), so an exact mix names the script; anything else stays "oltp".
 */
export function oltpFromMix(reads: number, writes: number, other: number, transactions: number): string {
  if (transactions <= 0) return 'oltp';
  const per = (n: number): number => n / transactions;
  const is = (v: number, k: number): boolean => Math.abs(v - k) <= Math.max(0.005 * k, 0.001);
  const [r, w, o] = [per(reads), per(writes), per(other)];
  if (is(r, 14) && is(w, 4) && is(o, 2)) return 'oltp_read_write';
  if (is(r, 14) && w === 0 && is(o, 2)) return 'oltp_read_only';
  if (r === 0 && is(w, 4) && is(o, 2)) return 'oltp_write_only';
  if (is(r, 1) && w === 0 && o === 0) return 'oltp_point_select';
  return 'oltp';
}
