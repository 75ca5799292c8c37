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
 * One run per result TimeSpan; targets and threads become tables, -D buckets series. The text
 * report (diskspd-text.ts) fills the same DiskspdSpan, and diskspd-run.ts makes the run of both.
 */
import { parseDateText } from '../dates.js';
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { DISKSPD_DIRS, diskspdRun, nextSpanStart, type DirValues, type DiskspdDir, type DiskspdSpan, type DiskspdThreadTarget } from './diskspd-run.js';
import { looksLikeDiskspdText, parseDiskspdReport } from './diskspd-text.js';
import { pushAt, seriesOf } from './shared.js';
import { child, childNum, childText, children, parseXml, type XmlElement } from './xml-lite.js';

/** Workload parameters of each target of a profile time span (the run builder checks they agree). */
function profileTargets(span: XmlElement | null): Array<Record<string, ParamValue>> {
  return children(child(span, 'Targets'), 'Target').map((t): Record<string, ParamValue> => {
    const p: Record<string, ParamValue> = {};
    const path = childText(t, 'Path');
    if (path !== null) p['path'] = path;
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
    // Only -Su / -Sh (unbuffered) is written as <DisableOSCache>; its absence is the cached default.
    p['direct'] = childText(t, 'DisableOSCache') === 'true' ? 1 : 0;
    const size = childNum(t, 'FileSize');
    if (size !== null && size > 0) p['size_bytes'] = size;
    return p;
  });
}

function latencySummary(latency: XmlElement | null): Pick<DiskspdSpan, 'latencyAvgMs' | 'latencyStdevMs' | 'percentilesMs'> {
  const out: Pick<DiskspdSpan, 'latencyAvgMs' | 'latencyStdevMs' | 'percentilesMs'> = { latencyAvgMs: {}, latencyStdevMs: {}, percentilesMs: new Map() };
  if (!latency) return out;
  const avg: Record<DiskspdDir, string> = { read: 'AverageReadMilliseconds', write: 'AverageWriteMilliseconds', total: 'AverageTotalMilliseconds' };
  const sd: Record<DiskspdDir, string> = { read: 'ReadLatencyStdev', write: 'WriteLatencyStdev', total: 'LatencyStdev' };
  const tag: Record<DiskspdDir, string> = { read: 'ReadMilliseconds', write: 'WriteMilliseconds', total: 'TotalMilliseconds' };
  for (const d of DISKSPD_DIRS) {
    const a = childNum(latency, avg[d]);
    if (a !== null) out.latencyAvgMs[d] = a;
    const s = childNum(latency, sd[d]);
    if (s !== null) out.latencyStdevMs[d] = s;
  }
  for (const bucket of children(latency, 'Bucket')) {
    const p = childText(bucket, 'Percentile');
    if (p === null) continue;
    const values: DirValues = {};
    for (const d of DISKSPD_DIRS) {
      const v = childNum(bucket, tag[d]);
      if (v !== null) values[d] = v;
    }
    out.percentilesMs.set(p, values);
  }
  return out;
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

/** A result <TimeSpan> as a DiskspdSpan, or the reason it holds no results. */
function xmlSpan(sys: XmlElement | null, profileSpan: XmlElement | null, span: XmlElement): DiskspdSpan | string {
  const error = childText(span, 'Error');
  if (error !== null) return error;
  const seconds = childNum(span, 'TestTimeSeconds');
  if (seconds === null || seconds <= 0) return 'no TestTimeSeconds in the result time span';
  const rows: DiskspdThreadTarget[] = [];
  const iopsByTarget = new Map<string, XmlElement[]>();
  for (const th of children(span, 'Thread')) {
    for (const t of children(th, 'Target')) {
      const path = childText(t, 'Path') ?? '?';
      rows.push({
        thread: childNum(th, 'Id') ?? rows.length, path, fileSize: childNum(t, 'FileSize'),
        readCount: childNum(t, 'ReadCount') ?? 0, writeCount: childNum(t, 'WriteCount') ?? 0,
        readBytes: childNum(t, 'ReadBytes') ?? 0, writeBytes: childNum(t, 'WriteBytes') ?? 0,
        readLatAvgMs: childNum(t, 'AverageReadLatencyMilliseconds'), writeLatAvgMs: childNum(t, 'AverageWriteLatencyMilliseconds'),
      });
      const iops = child(t, 'Iops');
      if (iops) iopsByTarget.set(path, [...(iopsByTarget.get(path) ?? []), iops]);
    }
  }
  const cpu = child(child(span, 'CpuUtilization'), 'Average');
  const overall = child(span, 'Iops');
  return {
    host: childText(sys, 'ComputerName'),
    toolVersion: childText(child(sys, 'Tool'), 'Version'),
    testTimeS: seconds,
    threadCount: childNum(span, 'ThreadCount'),
    profileTargets: profileTargets(profileSpan),
    durationS: childNum(profileSpan, 'Duration'),
    warmupS: childNum(profileSpan, 'Warmup') ?? 0,
    cooldownS: childNum(profileSpan, 'Cooldown') ?? 0,
    rows,
    ...latencySummary(child(span, 'Latency')),
    cpu: cpu ? { usage: childNum(cpu, 'UsagePercent'), user: childNum(cpu, 'UserPercent'), kernel: childNum(cpu, 'KernelPercent') } : null,
    series: (startMs) => {
      // Without a start time the buckets keep their offsets from the measured interval's start.
      const base = startMs ?? 0;
      const out: ParsedSeries[] = overall ? bucketSeries('all targets', [overall], base) : [];
      if (startMs !== null) for (const [path, els] of iopsByTarget) out.push(...bucketSeries(path, els, base));
      return out;
    },
  };
}

/** "2018/10/18 21:39:04 UTC" (GetSystemTime: always UTC, the zone printed or not). */
function runTimeMs(text: string | null): number | null {
  const d = text ? parseDateText(/[A-Z]$/i.test(text.trim()) ? text : `${text} UTC`) : null;
  return d ? d.epochMs : null;
}

export function parseDiskspdXml(text: string): ParseResult {
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
    const s = xmlSpan(sys, profileSpan, span);
    if (typeof s === 'string') warnings.push({ message: `time span ${i + 1}: ${s}`, line: span.line });
    else runs.push(diskspdRun(s, i, clock));
    clock = nextSpanStart(clock, {
      warmupS: childNum(profileSpan, 'Warmup') ?? 0, cooldownS: childNum(profileSpan, 'Cooldown') ?? 0,
      testTimeS: childNum(span, 'TestTimeSeconds'), durationS: childNum(profileSpan, 'Duration'),
    });
  });
  const errors: Diagnostic[] = runs.length === 0 ? [{ message: 'no DiskSpd time span with results', line: root.line }] : [];
  return { runs, warnings, errors };
}

function looksLikeDiskspdXml(head: string): boolean {
  // The root is <Results>, after at most an XML declaration and comments; SVC and other XML
  // stats files have other roots.
  const body = head.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!body.startsWith('<Results>')) return false;
  return /<System>/.test(body) && /<(TimeSpans|ProcessorTopology|TestTimeSeconds)[\s/>]/.test(body) && /<(ComputerName|Tool)>/.test(body);
}

/** The text report when the file is one, else the XML (whose reader names what is wrong with it). */
export function parseDiskspdText(text: string): ParseResult {
  return looksLikeDiskspdText(text.slice(0, 65536)) ? parseDiskspdReport(text) : parseDiskspdXml(text);
}

export const diskspdImporter: Importer = {
  id: 'diskspd',
  version: '1.2.0',
  tool: 'diskspd',
  title: 'DiskSpd results (XML or text report)',

  detect(head: string): boolean {
    return looksLikeDiskspdXml(head) || looksLikeDiskspdText(head);
  },

  parse({ bytes }): ParseResult {
    return parseDiskspdText(decodeText(bytes).text);
  },
};
