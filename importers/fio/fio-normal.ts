/**
 * fio's normal console report (the default --output-format), fio 2.18 to 3.x: many users kept
 * only this. Read per job: the header line's options (rw, bs, ioengine, iodepth), each
 * direction's IOPS/BW line, slat/clat/lat lines and the clat percentile block, the cpu line and
 * the issued I/O counts; around the report, what the capture shows of the job's other options
 * (console-options.ts: command line, job file, "Laying out IO file").
 *   nvme-direct: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., ioengine=libaio, iodepth=32
 *   nvme-direct: (groupid=0, jobs=1): err= 0: pid=1529227: Fri Jun 19 01:58:18 2020
 *      read: IOPS=109k, BW=426MiB/s (447MB/s)(24.0GiB/60001msec)
 *       clat (usec): min=63, max=5864, avg=285.14, stdev=58.59
 *      issued rwt: total=6550034,0,0, short=0,0,0, dropped=0,0,0
 *
 * Figures (stat.c show_ddir_status): "IOPS=109k" is num2str's rounding of
 * 1000 × total_io_u / runtime, and the issued line prints total_io_u itself, so the exact IOPS
 * is issued ÷ runtime (fio's JSON iops is that figure). Bandwidth is exact the same way when the
 * direction's block size is fixed and no I/O was short; otherwise it is fio's rounded figure.
 * The run notes (tables.notes) say which each is.
 *
 * Time: the date after "pid=" is when fio printed the report (stat.c: time(NULL) at printing;
 * checked with fio 3.33: the date of a 3 s job was its end), in the host's local time with no
 * zone. The run ends then and starts its runtime earlier.
 */
import { parseDateText } from '../dates.js';
import { decodeText } from '../text.js';
import type { Importer, ParamValue, ParsedRun, ParseResult } from '../types.js';
import { consoleOptions, type ConsoleOptions } from './console-options.js';
import { derivedWorkload, figuresToMetrics, type DirectionFigures } from './figures.js';
import { jobErrorFact } from './job-error.js';
import { canonicalRw, parseFioSize, workloadParams } from './options.js';

// A failed job names where it failed in parentheses, colons and all: "err=28 (file:io_u.c:1845, func=io_u error, error=No space left on device): pid=...".
const JOB_HEAD = /^(\S.*?): \(groupid=(\d+), jobs=(\d+)\): err=\s*(-?\d+)(?:\s*\([^)]*\))?[^:]*(?:: pid=\d+)?(?:: (.+?))?\s*$/;
const OPTIONS_HEAD = /^(\S.*?): \(g=\d+\): rw=([\w:]+), bs=(.*?), ioengine=([\w.]+), iodepth=(\d+)/;
const DIR_LINE = /^\s+(read|write|trim|mixed)\s*: IOPS=([\d.]+)([kMG]?), BW=([\d.]+)([KMGT]i?B|B)\/s.*?\(([\d.]+[KMGT]?i?B)\/(\d+)msec\)/;
const LAT_LINE = /^\s+(slat|clat|lat) \((nsec|usec|msec)\): min=\s*([\d.]+)([kKM]?), max=\s*([\d.]+)([kKM]?), avg=\s*([\d.]+)([kKM]?)/;
const PCT_HEAD = /^\s+clat percentiles \((nsec|usec|msec)\):/;
const PCT_CELL = /([\d.]+)th=\[\s*(\d+)\]/g;
const CPU = /^\s+cpu\s*: usr=([\d.]+)%, sys=([\d.]+)%/;
/** "issued rwts: total=1,0,0,0 short=0,0,0,0" (3.x) or "issued rwt: total=6550034,0,0, short=0,0,0" (2.18-3.1). */
const ISSUED = /^\s+issued rwts?: total=(\d+),(\d+),(\d+)(?:,(\d+))?,?\s+short=(\d+),(\d+),(\d+)/;

const SUFFIX: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
const TO_MS: Record<string, number> = { nsec: 1e-6, usec: 1e-3, msec: 1 };
const BW_TO_MIB: Record<string, number> = { B: 1 / 1048576, KiB: 1 / 1024, MiB: 1, GiB: 1024, TiB: 1048576, KB: 1000 / 1048576, MB: 1e6 / 1048576, GB: 1e9 / 1048576 };
const DIR_INDEX: Record<string, number> = { read: 0, write: 1, trim: 2 };

interface Printed {
  iops: string;
  bw: string;
}

interface JobBlock {
  name: string;
  jobs: number;
  error: number;
  reportDate: string | null;
  dirs: Partial<Record<string, DirectionFigures>>;
  printed: Partial<Record<string, Printed>>;
  dir: string | null;
  pctUnit: string | null;
  cpu: [number, number] | null;
  issued: { total: number[]; short: number[] } | null;
}

interface Header {
  params: Record<string, ParamValue>;
  /** Fixed block size per direction (read, write, trim), null where it is a range. */
  fixedBs: Array<number | null>;
}

/** "(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B" (3.x) or "4K-4K/4K-4K/4K-4K" (2.x): per direction [min, max]. */
function blockSizes(raw: string): Array<[number | null, number | null]> {
  const three = /\(R\)\s*([\w.]+)-([\w.]+), \(W\)\s*([\w.]+)-([\w.]+), \(T\)\s*([\w.]+)-([\w.]+)/.exec(raw)
    ?? /^([\w.]+)-([\w.]+)\/([\w.]+)-([\w.]+)\/([\w.]+)-([\w.]+)/.exec(raw);
  if (!three) return [];
  const size = (s: string): number | null => parseFioSize(s.replace(/i?B$/, ''));
  return [0, 1, 2].map((i) => [size(three[1 + i * 2]!), size(three[2 + i * 2]!)]);
}

function header(o: RegExpExecArray): Header {
  const sizes = blockSizes(o[3]!);
  const p = workloadParams({ rw: o[2]!, iodepth: o[5]!, ioengine: o[4]! });
  delete p['direct']; // the header does not say
  const rw = canonicalRw(o[2]!);
  const bs = sizes[rw === 'write' || rw === 'randwrite' ? 1 : 0]?.[0] ?? null;
  if (bs !== null) p['bs'] = bs;
  else delete p['bs'];
  p['rw'] = rw;
  return { params: p, fixedBs: [0, 1, 2].map((i) => (sizes[i] && sizes[i]![0] !== null && sizes[i]![0] === sizes[i]![1] ? sizes[i]![0] : null)) };
}

/**
 * The exact figures the issued counts imply, in place of fio's rounded ones, with a note each.
 * A count that disagrees with the printed figure beyond its rounding keeps the printed one.
 */
function exactFigures(job: JobBlock, fixedBs: Array<number | null>, notes: string[]): void {
  if (!job.issued) {
    notes.push('IOPS and bandwidth: as fio printed them, rounded (the report has no "issued" line)');
    return;
  }
  for (const [dir, f] of Object.entries(job.dirs) as Array<[string, DirectionFigures]>) {
    const printed = job.printed[dir]!;
    const slots = dir === 'mixed' ? [0, 1, 2] : [DIR_INDEX[dir]!];
    const issued = slots.reduce((s, i) => s + (job.issued!.total[i] ?? 0), 0);
    const short = slots.reduce((s, i) => s + (job.issued!.short[i] ?? 0), 0);
    if (!(f.runtimeMs > 0) || issued === 0) continue;
    const seconds = f.runtimeMs / 1000;
    const iops = issued / seconds;
    // num2str keeps 4 significant figures at most: more than 1% off is another count.
    if (Math.abs(iops - f.iops) > Math.max(0.01 * f.iops, 1)) {
      notes.push(`${dir} IOPS: as fio printed it ("IOPS=${printed.iops}"): the issued count ${issued} over ${seconds} s gives ${round1(iops)}, which it does not round to`);
      continue;
    }
    f.iops = iops;
    notes.push(`${dir} IOPS: exact, issued I/Os ÷ runtime (${issued} / ${seconds} s = ${round1(iops)}; fio printed "IOPS=${printed.iops}")`);
    const bs = dir === 'mixed' ? (new Set(fixedBs).size === 1 ? fixedBs[0] : null) : fixedBs[DIR_INDEX[dir]!];
    if (bs !== null && bs !== undefined && short === 0) {
      const bw = (issued * bs) / 1048576 / seconds;
      if (Math.abs(bw - f.bwMibS) <= Math.max(0.01 * f.bwMibS, 0.01)) {
        f.bwMibS = bw;
        notes.push(`${dir} bandwidth: exact, issued I/Os × the fixed block size ÷ runtime (${issued} × ${bs} B / ${seconds} s = ${round3(bw)} MiB/s; fio printed "BW=${printed.bw}")`);
        continue;
      }
    }
    notes.push(`${dir} bandwidth: as fio printed it, rounded ("BW=${printed.bw}"${short > 0 ? `; ${short} short I/Os` : bs === null ? '; the block size is not fixed' : ''})`);
  }
}

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

function jobRun(job: JobBlock, version: string | null, head: Header | undefined, capture: ConsoleOptions): ParsedRun {
  const dirs = (job.dirs.mixed ? { read: job.dirs.mixed } : job.dirs) as Partial<Record<'read' | 'write' | 'trim', DirectionFigures>>;
  const notes: string[] = [];
  const warnings: string[] = head ? [] : ['no job header line with the options: read % and block size are derived from the results'];
  exactFigures(job, head?.fixedBs ?? [null, null, null], notes);
  const metrics = figuresToMetrics(dirs);
  if (job.dirs.mixed) {
    // unified_rw_reporting: the one direction is the total.
    for (const k of Object.keys(metrics)) if (k.startsWith('read.')) delete metrics[k];
  }
  if (job.cpu) {
    metrics['cpu_usr_pct'] = job.cpu[0];
    metrics['cpu_sys_pct'] = job.cpu[1];
  }
  // From the capture (command line, job file, layout line): what the header does not print.
  // rw, bs, iodepth and ioengine stay the header's (fio printed them for this run), numjobs the
  // report's "jobs=N", the runtime the measured one.
  const captured: Record<string, string> = { ...capture.global, ...(capture.jobs.get(job.name) ?? {}) };
  const fromCapture = Object.keys(captured).length > 0 ? workloadParams(captured) : {};
  const extra: Record<string, ParamValue> = {};
  if (captured['direct'] !== undefined) extra['direct'] = fromCapture['direct']!;
  if (fromCapture['size_bytes'] !== undefined) extra['size_bytes'] = fromCapture['size_bytes'];
  if (fromCapture['target'] !== undefined) extra['target'] = fromCapture['target'];
  if (!head && captured['ioengine'] !== undefined) extra['ioengine'] = fromCapture['ioengine']!;
  const params: Record<string, ParamValue> = { ...derivedWorkload(dirs), ...extra, ...(head?.params ?? {}), numjobs: job.jobs };
  const taken = ['direct', 'size_bytes'].filter((k) => extra[k] !== undefined);
  if (taken.length > 0) notes.push(`${taken.join(' and ')} from ${[...capture.sources].join(' and ')}`);

  // What ran: the longest direction's runtime (the "runtime under 60 s" warning reads it).
  const runMs = Math.max(0, ...Object.values(job.dirs).map((f) => f!.runtimeMs));
  if (runMs > 0) params['runtime_s'] = runMs / 1000;
  let startMs: number | null = null;
  let endMs: number | null = null;
  const date = job.reportDate ? parseDateText(job.reportDate) : null;
  if (date) {
    endMs = date.epochMs;
    startMs = runMs > 0 ? endMs - runMs : null;
    notes.push(`time: fio printed the report at "${job.reportDate}" (the run's end); it started its runtime (${runMs / 1000} s) earlier`);
    if (!date.known) warnings.push('fio prints the report\'s date in the host\'s local time without a zone: read as UTC (absolute times may be off by the host\'s UTC offset; the runtime is exact)');
  } else if (job.reportDate) {
    warnings.push(`the report's date "${job.reportDate}" could not be read: the run has no time`);
  }
  return {
    name: job.name, tool: 'fio', toolVersion: version, host: null, startMs, endMs, params, metrics,
    tables: { notes }, series: [], warnings,
    errors: [],
    ...(job.error !== 0 ? { validity: [jobErrorFact(job.error, job.name)!] } : {}),
  };
}

export const fioNormalImporter: Importer = {
  id: 'fio-normal',
  version: '1.2.0',
  tool: 'fio',
  title: 'fio normal console output',

  detect(head: string): boolean {
    return /^\S.*?: \(groupid=\d+, jobs=\d+\): err=/m.test(head) && /^[ \t]+(read|write|trim|mixed)\s*: IOPS=/m.test(head);
  },

  parse({ bytes }): ParseResult {
    const { text } = decodeText(bytes);
    const lines = text.split(/\r?\n/);
    const version = /^fio-\d[^\s]*$/m.exec(text)?.[0] ?? null;
    const capture = consoleOptions(text);
    const headers = new Map<string, Header>();
    const runs: ParsedRun[] = [];
    let current: JobBlock | null = null;
    const finish = (): void => {
      if (current) runs.push(jobRun(current, version, headers.get(current.name), capture));
      current = null;
    };
    for (const line of lines) {
      const o = OPTIONS_HEAD.exec(line);
      if (o) {
        headers.set(o[1]!, header(o));
        continue;
      }
      const h = JOB_HEAD.exec(line);
      if (h) {
        finish();
        current = { name: h[1]!, jobs: Number(h[3]), error: Number(h[4]), reportDate: h[5]?.trim() || null, dirs: {}, printed: {}, dir: null, pctUnit: null, cpu: null, issued: null };
        continue;
      }
      if (!current) continue;
      const d = DIR_LINE.exec(line);
      if (d) {
        current.dir = d[1]!;
        current.dirs[d[1]!] = { iops: Number(d[2]) * SUFFIX[d[3]!]!, bwMibS: Number(d[4]) * (BW_TO_MIB[d[5]!] ?? 1), runtimeMs: Number(d[7]), clatPercentiles: {} };
        current.printed[d[1]!] = { iops: `${d[2]}${d[3]}`, bw: `${d[4]}${d[5]}/s` };
        continue;
      }
      const fig = current.dir ? current.dirs[current.dir] : undefined;
      const l = LAT_LINE.exec(line);
      if (l && fig) {
        const v = (x: string, s: string): number => Number(x) * SUFFIX[s]! * TO_MS[l[2]!]!;
        fig[l[1] as 'slat' | 'clat' | 'lat'] = { meanMs: v(l[7]!, l[8]!), maxMs: v(l[5]!, l[6]!) };
        continue;
      }
      const ph = PCT_HEAD.exec(line);
      if (ph) {
        current.pctUnit = ph[1]!;
        continue;
      }
      if (current.pctUnit && fig && line.trimStart().startsWith('|')) {
        for (const m of line.matchAll(PCT_CELL)) fig.clatPercentiles![Number(m[1])] = Number(m[2]) * TO_MS[current.pctUnit]!;
        continue;
      }
      current.pctUnit = null;
      const c = CPU.exec(line);
      if (c) {
        current.cpu = [Number(c[1]), Number(c[2])];
        continue;
      }
      const i = ISSUED.exec(line);
      if (i) current.issued = { total: [i[1], i[2], i[3], i[4] ?? '0'].map(Number), short: [i[5], i[6], i[7]].map(Number) };
    }
    finish();
    if (runs.length === 0) return { runs, warnings: [], errors: [{ message: 'no job report found (a line like "name: (groupid=0, jobs=1): err= 0")' }] };
    return { runs, warnings: [], errors: [] };
  },
};
