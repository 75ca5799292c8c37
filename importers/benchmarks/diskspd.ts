/**
 * DiskSpd XML results (`-Rxml`; github.com/microsoft/diskspd XmlResultParser.cpp, Common.cpp).
 *   <Results><System> ComputerName, Tool/Version, RunTime ("2018/10/18 21:39:04 UTC", the start)
 *   <Profile><TimeSpans><TimeSpan> Duration, Warmup, Cooldown, Targets/Target: BlockSize,
 *     WriteRatio, RequestCount (outstanding I/Os per thread), ThreadsPerFile, <Random> (random
 *     offsets aligned to it; <RandomRatio> when not 100%) or <StrideSize> (sequential)
 *   <TimeSpan> TestTimeSeconds, ThreadCount, CpuUtilization/Average, [Latency with percentile
 *     Buckets, -L], [Iops Buckets, -D], Thread/Target: Path, ReadBytes, ReadCount, WriteBytes, ...
 * DiskSpd writes counts, not rates: IOPS and MiB/s are counts over TestTimeSeconds, as its text
 * report computes them. Trap: <SequentialScan>/<RandomAccess> are the FILE_FLAG_* cache hints
 * (-fs, -fr), not the access pattern, which is <Random> vs <StrideSize>.
 * One run per result TimeSpan; targets and threads become tables, -D buckets series.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { emptyRun, pushAt, seriesOf } from './shared.js';
import { child, childNum, childText, children, parseXml, type XmlElement } from './xml-lite.js';

const MIB = 1048576;
const DIRS = ['read', 'write', 'total'] as const;

/** DiskSpd's percentile keys ("50", "99.9") under PerfDelta's names; 100 is the maximum. */
const PERCENTILES: Record<string, string> = { '50': 'p50', '90': 'p90', '95': 'p95', '99': 'p99', '99.9': 'p999', '99.99': 'p9999' };

interface TargetTotals {
  path: string;
  readCount: number;
  writeCount: number;
  readBytes: number;
  writeBytes: number;
  latency: Record<string, number>;
  threads: number;
}

/** Workload parameters shared by every target of a profile time span; a difference is said, not guessed. */
function profileParams(span: XmlElement | null, params: Record<string, ParamValue>, warnings: string[]): void {
  const targets = children(child(span, 'Targets'), 'Target');
  if (targets.length === 0) return;
  const per = targets.map((t): Record<string, ParamValue> => {
    const p: Record<string, ParamValue> = {};
    const bs = childNum(t, 'BlockSize');
    if (bs !== null) p['bs'] = bs;
    const writeRatio = childNum(t, 'WriteRatio');
    if (writeRatio !== null) p['read_pct'] = 100 - writeRatio;
    if (child(t, 'Random')) {
      const ratio = childNum(t, 'RandomRatio') ?? 100;
      p['pattern'] = ratio >= 100 ? 'random' : 'mixed';
      p['random_pct'] = ratio;
    } else if (child(t, 'StrideSize')) {
      p['pattern'] = 'sequential';
      p['random_pct'] = 0;
    }
    const qd = childNum(t, 'RequestCount');
    if (qd !== null) p['iodepth'] = qd;
    const direct = childText(t, 'DisableOSCache');
    if (direct !== null) p['direct'] = direct === 'true' ? 1 : 0;
    const size = childNum(t, 'FileSize');
    if (size !== null && size > 0) p['size_bytes'] = size;
    return p;
  });
  for (const key of new Set(per.flatMap((p) => Object.keys(p)))) {
    const values = new Set(per.map((p) => p[key]));
    if (values.size === 1 && per.every((p) => p[key] !== undefined)) params[key] = per[0]![key]!;
    else warnings.push(`the targets differ in ${key} (${[...values].join(', ')}): no single value, see tables.targets`);
  }
}

function latencyMetrics(latency: XmlElement | null, metrics: Record<string, number>): void {
  if (!latency) return;
  const avg: Record<string, string> = { read: 'AverageReadMilliseconds', write: 'AverageWriteMilliseconds', total: 'AverageTotalMilliseconds' };
  const sd: Record<string, string> = { read: 'ReadLatencyStdev', write: 'WriteLatencyStdev', total: 'LatencyStdev' };
  const tag: Record<string, string> = { read: 'ReadMilliseconds', write: 'WriteMilliseconds', total: 'TotalMilliseconds' };
  for (const d of DIRS) {
    const a = childNum(latency, avg[d]!);
    if (a !== null) metrics[`${d}.lat_avg_ms`] = a;
    const s = childNum(latency, sd[d]!);
    if (s !== null) metrics[`${d}.lat_stddev_ms`] = s;
  }
  for (const bucket of children(latency, 'Bucket')) {
    const p = childText(bucket, 'Percentile');
    if (p === null) continue;
    const name = p === '100' ? 'max' : PERCENTILES[p];
    if (!name) continue;
    for (const d of DIRS) {
      const v = childNum(bucket, tag[d]!);
      if (v !== null) metrics[`${d}.lat_${name}_ms`] = v;
    }
  }
}

/** -D buckets: per-interval rates (already per second) and mean latencies of one object. */
function bucketSeries(object: string, iopsEls: XmlElement[], baseMs: number): ParsedSeries[] {
  const byTime = new Map<number, Record<string, number>>();
  for (const el of iopsEls) {
    for (const b of children(el, 'Bucket')) {
      const t = Number(b.attrs['SampleMillisecond']);
      if (!Number.isFinite(t)) continue;
      const acc = byTime.get(t) ?? {};
      byTime.set(t, acc);
      for (const [attr, key] of [['Read', 'read.iops'], ['Write', 'write.iops'], ['Total', 'total.iops']] as const) {
        acc[key] = (acc[key] ?? 0) + (Number(b.attrs[attr]) || 0);
      }
      // Mean latencies of several threads combine weighted by their I/O rates.
      for (const [attr, rate, key] of [['ReadAvgLatencyMilliseconds', 'Read', 'read'], ['WriteAvgLatencyMilliseconds', 'Write', 'write']] as const) {
        const lat = Number(b.attrs[attr]);
        const n = Number(b.attrs[rate]) || 0;
        if (Number.isFinite(lat) && lat > 0 && n > 0) {
          acc[`${key}.latw`] = (acc[`${key}.latw`] ?? 0) + lat * n;
          acc[`${key}.latn`] = (acc[`${key}.latn`] ?? 0) + n;
        }
      }
    }
  }
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const cols = new Map<string, number[]>();
  times.forEach((t, i) => {
    const acc = byTime.get(t)!;
    for (const k of ['read.iops', 'write.iops', 'total.iops']) pushAt(cols, k, i, acc[k] ?? 0);
    for (const d of ['read', 'write']) {
      const n = acc[`${d}.latn`] ?? 0;
      if (n > 0) pushAt(cols, `${d}.lat_avg_ms`, i, acc[`${d}.latw`]! / n);
    }
  });
  return seriesOf(object, cols, times.map((t) => baseMs + t));
}

function spanRun(sys: XmlElement | null, profileSpan: XmlElement | null, span: XmlElement, index: number, startMs: number | null): ParsedRun | string {
  const error = childText(span, 'Error');
  if (error !== null) return error;
  const seconds = childNum(span, 'TestTimeSeconds');
  if (seconds === null || seconds <= 0) return 'no TestTimeSeconds in the result time span';
  const run = emptyRun('diskspd', '', childText(child(sys, 'Tool'), 'Version'));
  run.host = childText(sys, 'ComputerName');
  const p = run.params;
  profileParams(profileSpan, p, run.warnings);
  const threads = childNum(span, 'ThreadCount');
  if (threads !== null) p['threads'] = threads;
  const duration = childNum(profileSpan, 'Duration');
  if (duration !== null) p['runtime_s'] = duration;

  const targets = new Map<string, TargetTotals>();
  const threadRows: unknown[] = [];
  const iopsByTarget = new Map<string, XmlElement[]>();
  for (const th of children(span, 'Thread')) {
    for (const t of children(th, 'Target')) {
      const path = childText(t, 'Path') ?? '?';
      const tt = targets.get(path) ?? { path, readCount: 0, writeCount: 0, readBytes: 0, writeBytes: 0, latency: {}, threads: 0 };
      targets.set(path, tt);
      tt.threads++;
      tt.readCount += childNum(t, 'ReadCount') ?? 0;
      tt.writeCount += childNum(t, 'WriteCount') ?? 0;
      tt.readBytes += childNum(t, 'ReadBytes') ?? 0;
      tt.writeBytes += childNum(t, 'WriteBytes') ?? 0;
      // -L: a thread's mean latency on this target; over threads, weighted by their I/O counts.
      for (const [tag, count, key] of [['AverageReadLatencyMilliseconds', 'ReadCount', 'read'], ['AverageWriteLatencyMilliseconds', 'WriteCount', 'write']] as const) {
        const lat = childNum(t, tag);
        const n = childNum(t, count) ?? 0;
        if (lat !== null && n > 0) {
          tt.latency[`${key}_sum`] = (tt.latency[`${key}_sum`] ?? 0) + lat * n;
          tt.latency[`${key}_n`] = (tt.latency[`${key}_n`] ?? 0) + n;
        }
      }
      threadRows.push({ thread: childNum(th, 'Id'), path, io_count: childNum(t, 'IOCount'), read_count: childNum(t, 'ReadCount'), write_count: childNum(t, 'WriteCount'), bytes: childNum(t, 'BytesCount'), avg_read_ms: childNum(t, 'AverageReadLatencyMilliseconds'), avg_write_ms: childNum(t, 'AverageWriteLatencyMilliseconds') });
      const iops = child(t, 'Iops');
      if (iops) iopsByTarget.set(path, [...(iopsByTarget.get(path) ?? []), iops]);
    }
  }
  const m = run.metrics;
  const sum = (f: (t: TargetTotals) => number): number => [...targets.values()].reduce((s, t) => s + f(t), 0);
  const [rc, wc, rb, wb] = [sum((t) => t.readCount), sum((t) => t.writeCount), sum((t) => t.readBytes), sum((t) => t.writeBytes)];
  // Like fio, a direction that did no I/O has no metrics rather than zeros.
  if (rc > 0) Object.assign(m, { 'read.iops': rc / seconds, 'read.bw_mib_s': rb / MIB / seconds });
  if (wc > 0) Object.assign(m, { 'write.iops': wc / seconds, 'write.bw_mib_s': wb / MIB / seconds });
  m['total.iops'] = (rc + wc) / seconds;
  m['total.bw_mib_s'] = (rb + wb) / MIB / seconds;
  latencyMetrics(child(span, 'Latency'), m);
  const cpu = child(child(span, 'CpuUtilization'), 'Average');
  const usr = childNum(cpu, 'UserPercent');
  const krn = childNum(cpu, 'KernelPercent');
  const all = childNum(cpu, 'UsagePercent');
  if (usr !== null) m['cpu_usr_pct'] = usr;
  if (krn !== null) m['cpu_sys_pct'] = krn;
  if (all !== null) m['cpu_util_pct'] = all;

  run.tables['targets'] = [...targets.values()].map((t) => ({
    path: t.path, threads: t.threads, read_iops: t.readCount / seconds, write_iops: t.writeCount / seconds,
    iops: (t.readCount + t.writeCount) / seconds, bw_mib_s: (t.readBytes + t.writeBytes) / MIB / seconds,
    read_lat_avg_ms: t.latency['read_n'] ? t.latency['read_sum']! / t.latency['read_n'] : null,
    write_lat_avg_ms: t.latency['write_n'] ? t.latency['write_sum']! / t.latency['write_n'] : null,
  }));
  run.tables['threads'] = threadRows;
  run.tables['test_time_s'] = seconds;

  // The measured interval starts after the warm-up; earlier time spans ran before this one.
  if (startMs !== null) {
    run.startMs = startMs + (childNum(profileSpan, 'Warmup') ?? 0) * 1000;
    run.endMs = run.startMs + seconds * 1000;
    const overall = child(span, 'Iops');
    if (overall) run.series.push(...bucketSeries('all targets', [overall], run.startMs));
    for (const [path, els] of iopsByTarget) run.series.push(...bucketSeries(path, els, run.startMs));
  } else if (child(span, 'Iops')) {
    run.series.push(...bucketSeries('all targets', [child(span, 'Iops')!], 0));
  }

  const bs = typeof p['bs'] === 'number' ? `${p['bs'] % 1024 === 0 ? `${p['bs'] / 1024}K` : `${p['bs']}B`} ` : '';
  const mix = p['read_pct'] === 100 ? 'read' : p['read_pct'] === 0 ? 'write' : p['read_pct'] !== undefined ? `${p['read_pct']}% read` : 'I/O';
  const label = `${bs}${typeof p['pattern'] === 'string' ? `${p['pattern']} ` : ''}${mix}`;
  run.name = `${label}${threads !== null ? `, ${threads} threads` : ''}${p['iodepth'] !== undefined ? `, QD ${p['iodepth']}` : ''}${index > 0 ? ` (time span ${index + 1})` : ''}`;
  return run;
}

/** "2018/10/18 21:39:04 UTC" */
function runTimeMs(text: string | null): number | null {
  const m = text ? /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: UTC)?$/.exec(text) : null;
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : null;
}

export function parseDiskspdText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const xml = parseXml(text.slice(Math.max(0, text.indexOf('<'))));
  if (xml.error) return { runs: [], warnings, errors: [{ message: `DiskSpd XML: ${xml.error.message}`, line: xml.error.line }] };
  const root = xml.root;
  if (root.name !== 'Results') return { runs: [], warnings, errors: [{ message: `not DiskSpd results: the root element is <${root.name}>`, line: root.line }] };
  const sys = child(root, 'System');
  const profileSpans = children(child(child(root, 'Profile'), 'TimeSpans'), 'TimeSpan');
  let clock = runTimeMs(childText(sys, 'RunTime'));
  const runs: ParsedRun[] = [];
  children(root, 'TimeSpan').forEach((span, i) => {
    const profileSpan = profileSpans[i] ?? null;
    const r = spanRun(sys, profileSpan, span, i, clock);
    if (typeof r === 'string') warnings.push({ message: `time span ${i + 1}: ${r}`, line: span.line });
    else runs.push(r);
    if (clock !== null) {
      const spent = (childNum(profileSpan, 'Warmup') ?? 0) + (childNum(span, 'TestTimeSeconds') ?? childNum(profileSpan, 'Duration') ?? 0) + (childNum(profileSpan, 'Cooldown') ?? 0);
      clock += spent * 1000;
    }
  });
  const errors: Diagnostic[] = runs.length === 0 ? [{ message: 'no DiskSpd time span with results', line: root.line }] : [];
  return { runs, warnings, errors };
}

export const diskspdImporter: Importer = {
  id: 'diskspd',
  version: '1.0.0',
  tool: 'diskspd',
  title: 'DiskSpd XML results',

  detect(head: string): boolean {
    // The root is <Results>, after at most an XML declaration and comments; SVC and other XML
    // stats files have other roots.
    const body = head.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
    if (!body.startsWith('<Results>')) return false;
    return /<System>/.test(body) && /<(TimeSpans|ProcessorTopology|TestTimeSeconds)[\s/>]/.test(body) && /<(ComputerName|Tool)>/.test(body);
  },

  parse({ bytes }): ParseResult {
    return parseDiskspdText(decodeText(bytes).text);
  },
};
