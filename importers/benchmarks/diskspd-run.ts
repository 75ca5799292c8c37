/**
 * One DiskSpd result time span as both of DiskSpd's outputs give it, and the run made of it.
 * The XML (`-Rxml`, diskspd.ts) and the default text report (diskspd-text.ts) print the same
 * counts from the same structures (github.com/microsoft/diskspd XmlResultParser.cpp and
 * ResultParser.cpp): each reader fills a DiskspdSpan and this module alone turns it into metrics,
 * so a text file and the XML of the same run give the same metrics.
 *
 * DiskSpd writes counts, not rates: IOPS and MiB/s are counts over the span's test time (printed
 * "%.2f" in both outputs), as its own text report computes them.
 */
import type { ParamValue, ParsedRun, ParsedSeries } from '../types.js';
import { emptyRun } from './shared.js';

const MIB = 1048576;
export const DISKSPD_DIRS = ['read', 'write', 'total'] as const;
export type DiskspdDir = (typeof DISKSPD_DIRS)[number];
export type DirValues = Partial<Record<DiskspdDir, number>>;

/**
 * DiskSpd's percentile keys ("50", "99.9") under PerfDelta's names; 100 is the maximum. The
 * minimum (0) and the quartiles have no metric in the dictionary: they stay out of both readings.
 */
const PERCENTILES: Record<string, string> = { '50': 'p50', '90': 'p90', '95': 'p95', '99': 'p99', '99.9': 'p999', '99.99': 'p9999', '100': 'max' };

/** One thread's counts on one target (a row of the XML's <Thread>/<Target>, of the text's IO tables). */
export interface DiskspdThreadTarget {
  thread: number;
  path: string;
  /** The target's size in bytes as the results give it; null where not printed. */
  fileSize: number | null;
  readCount: number;
  writeCount: number;
  readBytes: number;
  writeBytes: number;
  /** -L: the thread's mean latency on this target, per direction, ms. */
  readLatAvgMs: number | null;
  writeLatAvgMs: number | null;
}

export interface DiskspdSpan {
  host: string | null;
  toolVersion: string | null;
  /** The span's measured time, s (TestTimeSeconds / "actual test time"). */
  testTimeS: number;
  threadCount: number | null;
  /** The profile's workload parameters, one map per target (bs, read_pct, pattern, iodepth, direct, size_bytes). */
  profileTargets: Array<Record<string, ParamValue>>;
  durationS: number | null;
  warmupS: number;
  cooldownS: number;
  rows: DiskspdThreadTarget[];
  /** -L: mean and standard deviation over all targets, ms. */
  latencyAvgMs: DirValues;
  latencyStdevMs: DirValues;
  /** -L: latency percentiles over all targets, keyed as DiskSpd's XML keys them ("0", "50", "99.9", "100"), ms. */
  percentilesMs: Map<string, DirValues>;
  cpu: { usage: number | null; user: number | null; kernel: number | null } | null;
  /** -D interval buckets (XML only), drawn once the span's start is known (null: relative to 0). */
  series?: (startMs: number | null) => ParsedSeries[];
}

interface TargetTotals {
  path: string;
  threads: number;
  readCount: number;
  writeCount: number;
  readBytes: number;
  writeBytes: number;
  readLat: { sum: number; n: number };
  writeLat: { sum: number; n: number };
}

/** Workload parameters shared by every target; a difference is said, not guessed. */
function sharedParams(per: Array<Record<string, ParamValue>>, params: Record<string, ParamValue>, warnings: string[]): void {
  for (const key of new Set(per.flatMap((p) => Object.keys(p)))) {
    const values = new Set(per.map((p) => p[key]));
    if (values.size === 1 && per.every((p) => p[key] !== undefined)) params[key] = per[0]![key]!;
    else warnings.push(`the targets differ in ${key} (${[...values].join(', ')}): no single value, see tables.targets`);
  }
}

function targetTotals(rows: readonly DiskspdThreadTarget[]): Map<string, TargetTotals> {
  const targets = new Map<string, TargetTotals>();
  for (const r of rows) {
    let t = targets.get(r.path);
    if (!t) targets.set(r.path, (t = { path: r.path, threads: 0, readCount: 0, writeCount: 0, readBytes: 0, writeBytes: 0, readLat: { sum: 0, n: 0 }, writeLat: { sum: 0, n: 0 } }));
    t.threads++;
    t.readCount += r.readCount;
    t.writeCount += r.writeCount;
    t.readBytes += r.readBytes;
    t.writeBytes += r.writeBytes;
    // A thread's mean latency on this target; over threads, weighted by their I/O counts.
    if (r.readLatAvgMs !== null && r.readCount > 0) {
      t.readLat.sum += r.readLatAvgMs * r.readCount;
      t.readLat.n += r.readCount;
    }
    if (r.writeLatAvgMs !== null && r.writeCount > 0) {
      t.writeLat.sum += r.writeLatAvgMs * r.writeCount;
      t.writeLat.n += r.writeCount;
    }
  }
  return targets;
}

function runName(p: Record<string, ParamValue>, threads: number | null, index: number): string {
  const bs = typeof p['bs'] === 'number' ? `${p['bs'] % 1024 === 0 ? `${p['bs'] / 1024}K` : `${p['bs']}B`} ` : '';
  const mix = p['read_pct'] === 100 ? 'read' : p['read_pct'] === 0 ? 'write' : p['read_pct'] !== undefined ? `${p['read_pct']}% read` : 'I/O';
  const label = `${bs}${typeof p['pattern'] === 'string' ? `${p['pattern']} ` : ''}${mix}`;
  return `${label}${threads !== null ? `, ${threads} threads` : ''}${p['iodepth'] !== undefined ? `, QD ${p['iodepth']}` : ''}${index > 0 ? ` (time span ${index + 1})` : ''}`;
}

/** The run of one result time span; `startMs` is the span's start (before its warm-up), null when unknown. */
export function diskspdRun(span: DiskspdSpan, index: number, startMs: number | null): ParsedRun {
  const seconds = span.testTimeS;
  const run = emptyRun('diskspd', '', span.toolVersion);
  run.host = span.host;
  const p = run.params;
  const perTarget = span.profileTargets.map((t) => ({ ...t }));
  // The target's size, where the profile does not give one (-c creates it): the results' size.
  for (const [i, t] of perTarget.entries()) {
    if (t['size_bytes'] !== undefined) continue;
    const path = t['path'];
    const size = span.rows.find((r) => r.path === path && r.fileSize !== null && r.fileSize > 0)?.fileSize;
    if (size) perTarget[i]!['size_bytes'] = size;
  }
  sharedParams(perTarget.map(({ path: _path, ...rest }) => rest), p, run.warnings);
  if (span.threadCount !== null) p['threads'] = span.threadCount;
  if (span.durationS !== null) p['runtime_s'] = span.durationS;

  const targets = targetTotals(span.rows);
  const sum = (f: (t: TargetTotals) => number): number => [...targets.values()].reduce((s, t) => s + f(t), 0);
  const [rc, wc, rb, wb] = [sum((t) => t.readCount), sum((t) => t.writeCount), sum((t) => t.readBytes), sum((t) => t.writeBytes)];
  const m = run.metrics;
  // Like fio, a direction that did no I/O has no metrics rather than zeros.
  if (rc > 0) Object.assign(m, { 'read.iops': rc / seconds, 'read.bw_mib_s': rb / MIB / seconds });
  if (wc > 0) Object.assign(m, { 'write.iops': wc / seconds, 'write.bw_mib_s': wb / MIB / seconds });
  m['total.iops'] = (rc + wc) / seconds;
  m['total.bw_mib_s'] = (rb + wb) / MIB / seconds;
  for (const d of DISKSPD_DIRS) {
    const avg = span.latencyAvgMs[d];
    if (avg !== undefined) m[`${d}.lat_avg_ms`] = avg;
    const sd = span.latencyStdevMs[d];
    if (sd !== undefined) m[`${d}.lat_stddev_ms`] = sd;
  }
  for (const [key, values] of span.percentilesMs) {
    const name = PERCENTILES[key];
    if (!name) continue;
    for (const d of DISKSPD_DIRS) {
      const v = values[d];
      if (v !== undefined) m[`${d}.lat_${name}_ms`] = v;
    }
  }
  if (span.cpu) {
    if (span.cpu.user !== null) m['cpu_usr_pct'] = span.cpu.user;
    if (span.cpu.kernel !== null) m['cpu_sys_pct'] = span.cpu.kernel;
    if (span.cpu.usage !== null) m['cpu_util_pct'] = span.cpu.usage;
  }

  run.tables['targets'] = [...targets.values()].map((t) => ({
    path: t.path, threads: t.threads, read_iops: t.readCount / seconds, write_iops: t.writeCount / seconds,
    iops: (t.readCount + t.writeCount) / seconds, bw_mib_s: (t.readBytes + t.writeBytes) / MIB / seconds,
    read_lat_avg_ms: t.readLat.n ? t.readLat.sum / t.readLat.n : null,
    write_lat_avg_ms: t.writeLat.n ? t.writeLat.sum / t.writeLat.n : null,
  }));
  // Per thread and target: the counts as printed, and the rates they give over the test time.
  run.tables['threads'] = span.rows.map((r) => ({
    thread: r.thread, path: r.path, io_count: r.readCount + r.writeCount, read_count: r.readCount, write_count: r.writeCount,
    bytes: r.readBytes + r.writeBytes, iops: (r.readCount + r.writeCount) / seconds, bw_mib_s: (r.readBytes + r.writeBytes) / MIB / seconds,
    avg_read_ms: r.readLatAvgMs, avg_write_ms: r.writeLatAvgMs,
  }));
  run.tables['test_time_s'] = seconds;

  // The measured interval starts after the warm-up.
  if (startMs !== null) {
    run.startMs = startMs + span.warmupS * 1000;
    run.endMs = run.startMs + seconds * 1000;
  }
  if (span.series) run.series.push(...span.series(run.startMs));
  run.name = runName(p, span.threadCount, index);
  return run;
}

/** Where the next time span starts: after this one's warm-up, test time and cool-down. */
export function nextSpanStart(startMs: number | null, span: { warmupS: number; cooldownS: number; testTimeS: number | null; durationS: number | null }): number | null {
  if (startMs === null) return null;
  return startMs + (span.warmupS + (span.testTimeS ?? span.durationS ?? 0) + span.cooldownS) * 1000;
}
