/**
 * fio JSON and json+ (`--output-format=json`), fio 2.x and 3.x. One run per `jobs[]` entry,
 * which is a job, or a reporting group with group_reporting (FORMATS.md 1.1).
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, LatencyBins, ParamValue, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { findFioDocuments, type JsonDocument } from './json-documents.js';
import { BinCounts, readFioDocuments } from './json-scan.js';
import { jobValueProblems } from './json-values.js';
import { binEntries, latencyBins } from './latency-bins.js';
import { placeSequentialJobs } from './job-windows.js';
import { num, obj, stringMap, type Json } from './json-values.js';
import { optionSet, workloadParams, type JobOptions } from './options.js';
import { ioErrorsFact, jobErrorFact } from './job-error.js';

const DIRECTIONS = ['read', 'write', 'trim'] as const;

/** The percentiles PerfDelta names; fio writes the key as "%f" of the percentile. */
const PERCENTILES: ReadonlyArray<[string, string]> = [
  ['50.000000', 'p50'],
  ['90.000000', 'p90'],
  ['95.000000', 'p95'],
  ['99.000000', 'p99'],
  ['99.900000', 'p999'],
  ['99.990000', 'p9999'],
];

/**
 * Latency stats of one kind (clat, slat, lat) in milliseconds. fio 3 writes `clat_ns` in ns;
 * fio 2 wrote `clat` in µs (fio-2.99, commit d6bb626e, switched to ns).
 */
function latencyStats(dir: Json, kind: 'clat' | 'slat' | 'lat'): { stats: Json; toMs: number } | null {
  const ns = obj(dir[`${kind}_ns`]);
  if (ns) return { stats: ns, toMs: 1e-6 };
  const us = obj(dir[kind]);
  if (us) return { stats: us, toMs: 1e-3 };
  return null;
}

/** Number of I/Os a direction completed. fio < 3 has no total_ios: fall back on clat samples. */
function ioCount(dir: Json): number {
  const total = num(dir['total_ios']);
  if (total !== null) return total;
  const clat = latencyStats(dir, 'clat');
  const n = clat ? num(clat.stats['N']) : null;
  if (n !== null) return n;
  // Old fio: no count at all; iops x runtime is what fio itself reported.
  const iops = num(dir['iops']) ?? 0;
  const runtimeMs = num(dir['runtime']) ?? 0;
  return Math.round((iops * runtimeMs) / 1000);
}

/** MiB/s of a direction: bw_bytes (fio >= 3.2, B/s) when present, else bw (KiB/s). */
function bandwidthMibS(dir: Json): number | null {
  const bytes = num(dir['bw_bytes']);
  if (bytes !== null) return bytes / 1048576;
  const kib = num(dir['bw']);
  return kib === null ? null : kib / 1024;
}

function directionHasIo(dir: Json): boolean {
  return (num(dir['iops']) ?? 0) > 0 || (num(dir['io_bytes']) ?? 0) > 0 || (num(dir['total_ios']) ?? 0) > 0;
}

function directionMetrics(dir: Json, scope: string, metrics: Record<string, number>): void {
  const iops = num(dir['iops']);
  if (iops !== null) metrics[`${scope}.iops`] = iops;
  const bw = bandwidthMibS(dir);
  if (bw !== null) metrics[`${scope}.bw_mib_s`] = bw;

  for (const kind of ['lat', 'clat', 'slat'] as const) {
    const lat = latencyStats(dir, kind);
    if (!lat) continue;
    const samples = num(lat.stats['N']);
    // A zero-sample block (slat with psync, gtod_reduce) means "not measured", not "0 ms".
    if (samples === 0) continue;
    const mean = num(lat.stats['mean']);
    const max = num(lat.stats['max']);
    if (mean !== null && !(mean === 0 && (max ?? 0) === 0)) metrics[`${scope}.${kind}_avg_ms`] = mean * lat.toMs;
    if (kind !== 'slat' && max !== null && max > 0) metrics[`${scope}.${kind}_max_ms`] = max * lat.toMs;
    const pct = obj(lat.stats['percentile']);
    if (kind === 'clat' && pct) {
      for (const [key, name] of PERCENTILES) {
        const v = num(pct[key]);
        if (v !== null && v > 0) metrics[`${scope}.clat_${name}_ms`] = v * lat.toMs;
      }
    }
  }
}

/** Total = read + write + trim: rates add, mean latency is weighted by I/O count. */
function totalMetrics(dirs: Json[], metrics: Record<string, number>): void {
  let iops = 0;
  let bw = 0;
  let ios = 0;
  const weighted: Record<string, number> = {};
  const maxima: Record<string, number> = {};
  for (const dir of dirs) {
    iops += num(dir['iops']) ?? 0;
    bw += bandwidthMibS(dir) ?? 0;
    const n = ioCount(dir);
    ios += n;
    for (const kind of ['lat', 'clat'] as const) {
      const lat = latencyStats(dir, kind);
      const mean = lat ? num(lat.stats['mean']) : null;
      const max = lat ? num(lat.stats['max']) : null;
      if (lat && mean !== null) weighted[kind] = (weighted[kind] ?? 0) + mean * lat.toMs * n;
      if (lat && max !== null) maxima[kind] = Math.max(maxima[kind] ?? 0, max * lat.toMs);
    }
  }
  metrics['total.iops'] = iops;
  metrics['total.bw_mib_s'] = bw;
  if (ios > 0) {
    for (const [kind, sum] of Object.entries(weighted)) if (sum > 0) metrics[`total.${kind}_avg_ms`] = sum / ios;
  }
  for (const [kind, max] of Object.entries(maxima)) if (max > 0) metrics[`total.${kind}_max_ms`] = max;
}

/**
 * fio before 2.2 wrote no job options. Rather than invent a 4K read, derive what the results
 * prove: the read share of I/Os and the block size (bandwidth / IOPS), and say so.
 */
function derivedParams(job: Json, warnings: string[]): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  const dirs = DIRECTIONS.map((d) => [d, obj(job[d])] as const).filter(([, dir]) => dir && directionHasIo(dir));
  const read = dirs.find(([d]) => d === 'read')?.[1];
  const iosOf = (dir: Json | null | undefined): number => (dir ? ioCount(dir) : 0);
  const total = dirs.reduce((n, [, dir]) => n + iosOf(dir), 0);
  if (total > 0) params['read_pct'] = Math.round((iosOf(read) / total) * 100);
  const sizes = dirs.map(([, dir]) => {
    const iops = num(dir!['iops']) ?? 0;
    const bw = bandwidthMibS(dir!) ?? 0;
    return iops > 0 ? (bw * 1048576) / iops : null;
  }).filter((v): v is number => v !== null);
  if (sizes.length === 1) {
    const raw = sizes[0]!;
    const pow2 = 2 ** Math.round(Math.log2(raw));
    // Bandwidth and IOPS are rounded separately by fio: snap to the power of two they imply.
    params['bs'] = Math.abs(raw - pow2) / pow2 < 0.05 ? pow2 : Math.round(raw / 512) * 512;
  }
  warnings.push('fio wrote no job options (fio < 2.2): read % and block size are derived from the results (bandwidth / IOPS); pattern, I/O depth and job count are unknown');
  return params;
}

function jobRun(doc: Json, job: Json, index: number, globalOptions: JobOptions): ParsedRun {
  const fioVersion = typeof doc['fio version'] === 'string' ? (doc['fio version'] as string) : null;
  const warnings: string[] = jobValueProblems(job);
  const ownOptions = stringMap(job['job options']);
  const options: JobOptions = { ...globalOptions, ...ownOptions };
  const params = Object.keys(options).length > 0 ? workloadParams(options) : derivedParams(job, warnings);
  const metrics: Record<string, number> = {};
  const errors: string[] = [];
  const tables: Record<string, unknown> = {};

  // unified_rw_reporting: read and write reported as one "mixed" direction, instead of them
  // (=1, "mixed") or beside them (=both). Its figures are fio's own totals, percentiles included.
  const mixed = obj(job['mixed']);
  const active: Json[] = [];
  for (const d of DIRECTIONS) {
    const dir = obj(job[d]);
    if (dir && directionHasIo(dir)) {
      directionMetrics(dir, d, metrics);
      active.push(dir);
    }
  }
  if (mixed) directionMetrics(mixed, 'total', metrics);
  else if (active.length > 0) totalMetrics(active, metrics);

  const usr = num(job['usr_cpu']);
  const sys = num(job['sys_cpu']);
  if (usr !== null) metrics['cpu_usr_pct'] = usr;
  if (sys !== null) metrics['cpu_sys_pct'] = sys;

  // The job's errors are facts about whether its figures stand, not a broken file.
  const validity = [
    jobErrorFact(num(job['error']) ?? 0, typeof job['jobname'] === 'string' ? job['jobname'] : null),
    ioErrorsFact(num(job['total_err']), active.reduce((n, d) => n + ioCount(d), 0) + (mixed ? ioCount(mixed) : 0)),
  ].filter((f) => f !== null);
  if (!mixed && active.length === 0) warnings.push('the job completed no I/O in any direction');

  const runtimesMs = [...DIRECTIONS.map((d) => num(obj(job[d])?.['runtime'])), num(mixed?.['runtime'])]
    .filter((v): v is number => v !== null && v > 0);
  const runtimeMs = num(job['job_runtime']) ?? (runtimesMs.length ? Math.max(...runtimesMs) : null);
  if (params['runtime_s'] === undefined && runtimeMs !== null) params['runtime_s'] = runtimeMs / 1000;

  const reportMs = num(doc['timestamp_ms']) ?? (num(doc['timestamp']) !== null ? num(doc['timestamp'])! * 1000 : null);
  const jobStart = num(job['job_start']); // fio >= 3.36
  const startMs = jobStart ?? (reportMs !== null && runtimeMs !== null ? reportMs - runtimeMs : null);
  const endMs = jobStart !== null && runtimeMs !== null ? jobStart + runtimeMs : reportMs;

  // json+: keep the whole completion-latency distribution, so ladders and CDFs can be drawn from
  // it (fio 3 keys bins by bucket midpoint in ns; fio 2 by bucket index, its values in µs).
  const bins: Record<string, LatencyBins> = {};
  for (const d of DIRECTIONS) {
    const dir = obj(job[d]);
    const clat = dir ? latencyStats(dir, 'clat') : null;
    const raw = clat ? obj(clat.stats['bins']) : null;
    if (!raw) continue;
    const { values, counts } = raw instanceof BinCounts ? { values: raw.keys, counts: raw.counts } : binEntries(raw);
    const distribution = latencyBins(values, counts, clat!.toMs);
    if (distribution) bins[d] = distribution;
  }
  if (Object.keys(bins).length) tables['latency_bins'] = bins;

  // Where this job wrote its logs: how a log file dropped alongside finds its run.
  const logPrefixes = ['write_bw_log', 'write_iops_log', 'write_lat_log', 'write_hist_log']
    .map((k) => options[k])
    .filter((p): p is string => typeof p === 'string' && p !== '' && p !== '1');
  if (logPrefixes.length) tables['log_prefixes'] = [...new Set(logPrefixes)];
  // log_max_value=1: its windowed logs hold each window's maximum, not its mean. From fio 3.37 the
  // option is log_window_value (log_max_value its alias), and JSON names it so: "1" or "max".
  if (optionSet(options, 'log_max_value') || /^(1|max)$/i.test(options['log_window_value'] ?? '')) tables['log_window'] = 'max';
  // How many threads this run stands for, which is how fio numbers per-job logs (x_iops.3.log).
  // With group_reporting an entry may hold several job sections, and the JSON does not say how many.
  if (logPrefixes.length && !optionSet(options, 'group_reporting')) tables['log_threads'] = params['numjobs'] ?? 1;

  const diskUtil = doc['disk_util'];
  if (Array.isArray(diskUtil) && diskUtil.length > 0) tables['disk_util'] = diskUtil;

  const name = typeof job['jobname'] === 'string' && job['jobname'] ? (job['jobname'] as string) : `job ${index + 1}`;
  return {
    name,
    tool: 'fio',
    toolVersion: fioVersion,
    host: typeof job['hostname'] === 'string' ? (job['hostname'] as string) : null,
    startMs,
    endMs,
    params,
    metrics,
    tables,
    series: [],
    warnings,
    errors,
    ...(validity.length ? { validity } : {}),
  };
}

function jobEntries(doc: Json): Json[] {
  const list = Array.isArray(doc['jobs']) ? doc['jobs'] : Array.isArray(doc['client_stats']) ? doc['client_stats'] : [];
  return (list as unknown[]).map(obj).filter((j): j is Json => j !== null);
}

/** Sum of rates, I/O-weighted latency means, maxima of maxima; percentiles cannot be combined. */
function mergeDirection(dirs: Json[]): Json {
  const out: Json = {};
  const sum = (k: string): number => dirs.reduce((s, d) => s + (num(d[k]) ?? 0), 0);
  for (const k of ['iops', 'bw', 'bw_bytes', 'io_bytes', 'io_kbytes', 'total_ios', 'short_ios', 'drop_ios']) {
    if (dirs.some((d) => d[k] !== undefined)) out[k] = sum(k);
  }
  out['runtime'] = Math.max(...dirs.map((d) => num(d['runtime']) ?? 0));
  for (const kind of ['clat', 'slat', 'lat'] as const) {
    const stats = dirs.map((d) => ({ lat: latencyStats(d, kind), n: ioCount(d) })).filter((x) => x.lat !== null);
    if (stats.length === 0) continue;
    const key = obj(dirs[0]![`${kind}_ns`]) ? `${kind}_ns` : kind;
    const n = stats.reduce((s, x) => s + x.n, 0);
    out[key] = {
      min: Math.min(...stats.map((x) => num(x.lat!.stats['min']) ?? Infinity)),
      max: Math.max(...stats.map((x) => num(x.lat!.stats['max']) ?? 0)),
      mean: n > 0 ? stats.reduce((s, x) => s + (num(x.lat!.stats['mean']) ?? 0) * x.n, 0) / n : 0,
      N: n,
    };
  }
  return out;
}

/**
 * Without group_reporting, numjobs=N gives N entries of one job; each is a slice of the same
 * workload running in parallel, not a repetition. They become one run, as group_reporting would.
 */
function mergeClones(entries: Json[]): { entries: Json[]; merged: Map<Json, number> } {
  const groups = new Map<string, Json[]>();
  for (const e of entries) {
    const key = JSON.stringify([e['jobname'], e['groupid'], e['job options'] ?? null, e['hostname'] ?? null]);
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  const merged = new Map<Json, number>();
  const out = [...groups.values()].map((g) => {
    if (g.length === 1) return g[0]!;
    const job: Json = { ...g[0]! };
    for (const d of [...DIRECTIONS, 'mixed']) {
      const dirs = g.map((e) => obj(e[d])).filter((x): x is Json => x !== null);
      if (dirs.length) job[d] = mergeDirection(dirs);
    }
    job['usr_cpu'] = g.reduce((s, e) => s + (num(e['usr_cpu']) ?? 0), 0) / g.length;
    job['sys_cpu'] = g.reduce((s, e) => s + (num(e['sys_cpu']) ?? 0), 0) / g.length;
    job['error'] = g.map((e) => num(e['error']) ?? 0).find((e) => e !== 0) ?? 0;
    // continue_on_error's counts are the slices' together, as their I/Os are.
    if (g.some((e) => num(e['total_err']) !== null)) job['total_err'] = g.reduce((s, e) => s + (num(e['total_err']) ?? 0), 0);
    merged.set(job, g.length);
    return job;
  });
  return { entries: out, merged };
}

/**
 * fio writes "All clients" without job options (the hosts' entries have them). It sums every
 * host entry whatever its group (client.c handle_ts), so it takes their job name and options
 * only when every host ran the same job.
 */
function withHostsJob(all: Json, hosts: Json[]): Json {
  const same = (k: string): boolean => hosts.every((h) => JSON.stringify(h[k] ?? null) === JSON.stringify(hosts[0]![k] ?? null));
  if (hosts.length === 0 || all['job options'] !== undefined || !same('jobname') || !same('job options')) return all;
  return { ...all, jobname: hosts[0]!['jobname'], 'job options': hosts[0]!['job options'] };
}

function documentRuns(doc: Json): ParsedRun[] {
  const globalOptions = stringMap(doc['global options']);
  const entries = jobEntries(doc);
  // Client/server output: "All clients" sums the hosts. With it, the aggregate is the run and
  // the hosts a table; without it (one client), each host entry is a run.
  const hosts = entries.filter((j) => j['jobname'] !== 'All clients');
  const all = entries.filter((j) => j['jobname'] === 'All clients').map((j) => withHostsJob(j, hosts));
  const { entries: jobs, merged } = mergeClones(all.length > 0 ? all : hosts);
  const runs = jobs.map((job, i) => {
    const run = jobRun(doc, job, i, globalOptions);
    const n = merged.get(job);
    if (n) run.warnings.push(`${n} parallel entries of job "${run.name}" (numjobs without group_reporting) merged into one run: rates summed, mean latency weighted by I/O count; their percentiles cannot be combined and are left out`);
    if (all.length > 0) {
      run.host = 'all clients';
      run.tables['hosts'] = hosts.map((h) => ({
        host: h['hostname'] ?? null,
        iops: DIRECTIONS.reduce((s, d) => s + (num(obj(h[d])?.['iops']) ?? 0), 0),
        bw_mib_s: DIRECTIONS.reduce((s, d) => s + (bandwidthMibS(obj(h[d]) ?? {}) ?? 0), 0),
      }));
    }
    return run;
  });
  if (all.length === 0) placeSequentialJobs(doc, jobs, runs, globalOptions);
  return runs;
}

function jobSignature(doc: Json): string {
  return JSON.stringify(jobEntries(doc).map((j) => [j['jobname'], j['groupid'], j['job options'] ?? null]));
}

function reportTime(doc: Json): number {
  return num(doc['timestamp_ms']) ?? (num(doc['timestamp']) ?? 0) * 1000;
}

function totalIos(doc: Json): number {
  return jobEntries(doc).reduce((s, j) => s + DIRECTIONS.reduce((t, d) => t + (obj(j[d]) ? ioCount(obj(j[d])!) : 0), 0), 0);
}

/**
 * --status-interval writes the same jobs again and again, cumulative so far. The last document
 * is the result; the earlier ones become an IOPS series (per-interval, from total_ios deltas).
 */
function statusSeries(sequence: Json[], runs: ParsedRun[]): void {
  runs.forEach((run, jobIndex) => {
    for (const d of DIRECTIONS) {
      const times: number[] = [];
      const values: number[] = [];
      let prev: { t: number; ios: number } | null = null;
      for (const doc of sequence) {
        const t = reportTime(doc);
        const job = jobEntries(doc)[jobIndex];
        const dir = obj(job?.[d]);
        if (!dir) continue;
        const ios = ioCount(dir);
        if (prev && t > prev.t) {
          times.push(t);
          values.push(((ios - prev.ios) * 1000) / (t - prev.t));
        }
        prev = { t, ios };
      }
      if (values.some((v) => v > 0)) {
        const series: ParsedSeries = {
          object: run.name,
          metric: `${d}.iops`,
          unit: 'IOPS',
          times: Float64Array.from(times),
          values: Float64Array.from(values),
        };
        run.series.push(series);
      }
    }
  });
}

/**
 * Consecutive documents are one --status-interval sequence only when nothing but white space
 * separates them, the jobs and options are the same, time moves forward and the I/O count never
 * falls. Runs appended with `>>` restart their counters, so they stay separate runs.
 */
function groupStatusSequences(documents: JsonDocument[]): JsonDocument[][] {
  const groups: JsonDocument[][] = [];
  for (const doc of documents) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1]?.value;
    const continues = prev !== undefined && doc.adjacentToPrevious && jobSignature(prev) === jobSignature(doc.value)
      && reportTime(doc.value) > reportTime(prev) && totalIos(doc.value) >= totalIos(prev);
    if (continues) last!.push(doc);
    else groups.push([doc]);
  }
  return groups;
}

export const fioJsonImporter: Importer = {
  id: 'fio-json',
  version: '1.2.0',
  tool: 'fio',
  title: 'fio JSON / json+',

  detect(head: string): boolean {
    return /\{\s*"fio version"\s*:/.test(head);
  },

  parse({ bytes }): ParseResult {
    return parseFioJson(bytes);
  },
};

/**
 * The documents of a file: read straight from the bytes (json-scan.ts), or with `exact` (and
 * whenever that reader gives up) decoded and given to JSON.parse, which also says what is wrong.
 * `sameText(a, b)` tells whether two documents are the same text.
 */
function documentsOf(bytes: Uint8Array, exact: boolean): { documents: JsonDocument[]; errors: Diagnostic[]; sameText(a: number, b: number): boolean } {
  const scanned = exact ? null : readFioDocuments(bytes);
  if (scanned) {
    return {
      documents: scanned,
      errors: [],
      sameText: (a, b) => {
        const x = scanned[a]!;
        const y = scanned[b]!;
        if (x.end - x.start !== y.end - y.start) return false;
        for (let k = 0; k < x.end - x.start; k++) if (bytes[x.start + k] !== bytes[y.start + k]) return false;
        return true;
      },
    };
  }
  const { text } = decodeText(bytes);
  const { documents, errors } = findFioDocuments(text);
  return { documents, errors, sameText: (a, b) => text.slice(documents[a]!.start, documents[a]!.end) === text.slice(documents[b]!.start, documents[b]!.end) };
}

/** fio JSON to runs. `exact` forces the decode-and-JSON.parse path (tests compare the two). */
export function parseFioJson(bytes: Uint8Array, options: { exact?: boolean } = {}): ParseResult {
  const { documents, errors: broken, sameText } = documentsOf(bytes, options.exact ?? false);
  if (documents.length === 0) return { runs: [], warnings: [], errors: broken };
  // A broken document beside whole ones (a report cut short, then the next run's) loses only itself.
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = broken.map((e) => ({ ...e, message: `${e.message}: that document is left out, the others are imported` }));

  // The same document pasted twice (the same report kept twice) is one result, not two runs.
  const byLength = new Map<number, number[]>();
  const unique = documents.filter((doc, i) => {
    const earlier = byLength.get(doc.end - doc.start);
    if (earlier?.some((j) => sameText(i, j))) return false;
    if (earlier) earlier.push(i);
    else byLength.set(doc.end - doc.start, [i]);
    return true;
  });
  if (unique.length < documents.length) {
    warnings.push({ message: `${documents.length - unique.length} identical copies of a fio JSON document were ignored` });
  }
  const runs: ParsedRun[] = [];
  const groups = groupStatusSequences(unique);
  groups.forEach((group, document) => {
    const last = group[group.length - 1]!;
    const groupRuns = documentRuns(last.value);
    // Several fio runs in one file (appended with >>): which one each run came from, since
    // each numbers its per-job logs from 1 again.
    if (groups.length > 1) for (const run of groupRuns) run.tables['document'] = document;
    if (group.length > 1) {
      warnings.push({
        message: `${group.length} consecutive status reports of the same jobs (--status-interval): the last is the result, the others a series`,
      });
      statusSeries(group.map((d) => d.value), groupRuns);
    }
    runs.push(...groupRuns);
  });
  if (groups.length > 1 && runs.length > 0) warnings.push({ message: `${groups.length} separate fio JSON documents in one file; each gives its own runs` });
  if (runs.length === 0) errors.push({ message: 'the fio JSON holds no jobs' });
  return { runs, warnings, errors };
}
