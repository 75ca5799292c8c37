/**
 * Issue #3: every file of the shared corpus's fio and fio-log directories imports, and its
 * figures match what the file itself says. Each file is detected by the registry and parsed by
 * the importer detection picks; the expected values below were read by hand from the file's
 * text (the comment beside each gives the line it comes from) and converted the way fio
 * documents its units (FORMATS.md 1.1, 1.3):
 *   fio 3 `*_ns` ns -> ms / 1e6;  fio 2 `clat`/`lat` µs -> ms / 1e3;
 *   `bw` KiB/s -> MiB/s / 1024;   `bw_bytes` B/s -> MiB/s / 1048576.
 * Floats are compared with a relative tolerance of 1e-9 (the importer only scales); the one
 * wider tolerance is where fio itself rounds (its integer `bw` next to `bw_bytes`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { detectFormat } from '../registry.js';
import { corpusFile, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun, ParsedSeries, ParseResult } from '../types.js';

// ---------------------------------------------------------------------------------------------
// Helpers

const REL = 1e-9;

function close(actual: number | undefined, expected: number, what: string, rel = REL): void {
  assert.ok(actual !== undefined, `${what}: expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel, `${what}: expected ${expected}, got ${actual}`);
}

interface Loaded {
  format: string | null;
  result: ParseResult;
  text: string;
}

/** Detects the file with the registry and parses it with the importer detection chose. */
function load(rel: string): Loaded | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const bytes = readBytes(p);
  const detection = detectFormat(bytes);
  assert.ok(detection.importer, `${rel}: not detected (${detection.reason})`);
  const result = detection.importer.parse({ bytes, name: path.basename(p) });
  assert.deepEqual(result.errors, [], `${rel}: import errors`);
  assert.ok(result.runs.length > 0, `${rel}: no runs`);
  return { format: detection.format, result, text: fs.readFileSync(p, 'utf8') };
}

/** Loads a corpus file or skips the test (saying why) when the corpus is not there. */
function loadOrSkip(t: TestContext, rel: string): Loaded | null {
  const loaded = load(rel);
  if (!loaded) t.skip(SKIP_NO_CORPUS);
  return loaded;
}

/** One direction of a fio JSON job, as written in the file (latencies in the file's unit). */
interface DirectionFigures {
  iops: number;
  /** "bw_bytes", B/s (fio >= 3.2 only). */
  bwBytes?: number;
  /** "bw", KiB/s; fio writes it as an integer. */
  bwKib: number;
  /** clat mean, clat 99th percentile and lat mean: ns for fio 3 (`*_ns`), µs for fio 2. */
  clatMean: number;
  clatP99: number;
  latMean: number;
}

function checkDirection(run: ParsedRun, dir: 'read' | 'write', unit: 'ns' | 'us', f: DirectionFigures): void {
  const toMs = unit === 'ns' ? 1e-6 : 1e-3;
  const m = run.metrics;
  const at = `${run.name} ${dir}`;
  close(m[`${dir}.iops`], f.iops, `${at}.iops`);
  if (f.bwBytes !== undefined) {
    close(m[`${dir}.bw_mib_s`], f.bwBytes / 1048576, `${at}.bw_mib_s (bw_bytes)`);
    // fio truncates bw_bytes / 1024 to the integer "bw": the two agree to within 1 KiB/s only.
    const kib = m[`${dir}.bw_mib_s`]! * 1024;
    assert.ok(kib >= f.bwKib - 1e-6 && kib < f.bwKib + 1, `${at}: ${kib} KiB/s vs fio's truncated bw ${f.bwKib}`);
  } else {
    close(m[`${dir}.bw_mib_s`], f.bwKib / 1024, `${at}.bw_mib_s (bw)`);
  }
  close(m[`${dir}.clat_avg_ms`], f.clatMean * toMs, `${at}.clat_avg_ms`);
  close(m[`${dir}.clat_p99_ms`], f.clatP99 * toMs, `${at}.clat_p99_ms`);
  close(m[`${dir}.lat_avg_ms`], f.latMean * toMs, `${at}.lat_avg_ms`);
}

function pick<T extends object>(o: T, keys: Array<keyof T>): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Partial<T>;
}

const PARAM_KEYS = ['rw', 'pattern', 'read_pct', 'bs', 'iodepth', 'numjobs', 'ioengine', 'direct', 'size_bytes', 'runtime_s', 'target'] as const;

function params(run: ParsedRun): Record<string, unknown> {
  return pick(run.params as Record<string, unknown>, [...PARAM_KEYS]);
}

function seriesOf(run: ParsedRun, metric: string): ParsedSeries {
  const s = run.series.find((x) => x.metric === metric);
  assert.ok(s, `${run.name}: no series ${metric} (has ${run.series.map((x) => x.metric).join(', ')})`);
  return s;
}

interface LogDirection {
  rows: number;
  first: [number, number];
  last: [number, number];
}

/** Rows per direction, first and last row (time ms, value in the series' unit) of a plain log. */
function checkLogSeries(run: ParsedRun, metric: string, f: LogDirection): void {
  const s = seriesOf(run, metric);
  assert.equal(s.times.length, f.rows, `${metric}: rows`);
  assert.equal(s.values.length, f.rows, `${metric}: values`);
  assert.equal(s.times[0], f.first[0], `${metric}: time of the first row`);
  close(s.values[0], f.first[1], `${metric}: value of the first row`);
  assert.equal(s.times[f.rows - 1], f.last[0], `${metric}: time of the last row`);
  close(s.values[f.rows - 1], f.last[1], `${metric}: value of the last row`);
}

// fio's latency buckets, written out again from fio's stat.c (plat_idx_to_val, FIO_IO_U_PLAT_BITS
// = 6, FIO_IO_U_PLAT_VAL = 64) rather than imported from the code under test.
function platIdxToVal(idx: number): number {
  if (idx < 128) return idx; // below 2 * 64 every value has its own bucket
  const errorBits = (idx >> 6) - 1;
  const base = 1 << (errorBits + 6);
  const k = idx % 64;
  return base + (k + 0.5) * (1 << errorBits); // the bucket's midpoint
}
function bucketWidth(idx: number): number {
  return idx < 128 ? 1 : 1 << ((idx >> 6) - 1);
}
/** fio's own rule (stat.c calc_clat_percentiles): the first bucket whose running count reaches p% of all. */
function fioPercentileIndex(counts: number[], p: number): number {
  const total = counts.reduce((a, b) => a + b, 0);
  let cum = 0;
  for (let i = 0; i < counts.length; i++) {
    cum += counts[i]!;
    if (counts[i]! > 0 && cum >= (p / 100) * total) return i;
  }
  return counts.length - 1;
}
/**
 * What fio's tools/hist/fiologparser_hist.py (--noweight) prints for the same row: each bin's value
 * is plat_idx_to_val_coarse(i, 0) = midway between the lower edge of bucket i and the upper edge of
 * bucket i + 1, and weighted_percentile interpolates linearly on cdf = 100 (cumsum - w/2) / sum.
 */
function fiologparserPercentile(counts: number[], p: number): number {
  const edge = (idx: number, e: number): number => {
    if (idx < 128) return idx;
    const errorBits = (idx >> 6) - 1;
    return (1 << (errorBits + 6)) + ((idx % 64) + e) * (1 << errorBits);
  };
  const values = counts.map((_, i) => (edge(i, 0) + edge(i + 1, 1)) / 2);
  const total = counts.reduce((a, b) => a + b, 0);
  let cum = 0;
  const cdf = counts.map((w) => ((cum += w), (100 * (cum - w / 2)) / total));
  for (let i = 1; i < cdf.length; i++) {
    if (cdf[i]! >= p && cdf[i]! > cdf[i - 1]!) {
      return values[i - 1]! + ((values[i]! - values[i - 1]!) * (p - cdf[i - 1]!)) / (cdf[i]! - cdf[i - 1]!);
    }
  }
  return values[values.length - 1]!;
}

// ---------------------------------------------------------------------------------------------
// The files. Every file in corpus/fio and corpus/fio-log must have an entry here.

const FIO_FILES = [
  'arau__fio-3.12_two-json-docs-with-shell-noise.txt',
  'fioplot__fio-2.18_randread_md127.json',
  'fioplot__fio-3.16_randrw_16jobs_group-reporting.json',
  'fioplot__fio-3.34_sigint-prefix.json',
  'fioplot__fio-3.6-31_ceph-rbd_randread.json',
  'pkb__fio-2.1.4_5jobs_no-group-reporting_usec-clat.json',
  'styliteag__fio-3.40_readwrite.json',
  'whitepau__fio-3.28_51jobs_bs-time-sweep_no-group-reporting.json',
];
const LOG_FILES = [
  'chrissanders__fio-3.1_rbd-kernel_randread-4k_iops.log',
  'fioplot__fio-2.18_randread_bw.1.log',
  'fioplot__fio-2.18_randread_clat.1.log',
  'fioplot__fio-3.16_randrw_job1_lat.1.log',
  'fioplot__fio-3.1_randread_qd16_iops.1.log',
  'fiorepo__2013_randwrite_128k_bw.log',
  'pkb__fio-2.17_clat_hist.1.log',
];

describe('fio corpus: every file imports with the figures read from it by hand (issue #3)', () => {
  it('every file of corpus/fio and corpus/fio-log has hand-read figures in this test', (t) => {
    const fio = corpusFiles('fio').map((f) => path.basename(f));
    const logs = corpusFiles('fio-log').map((f) => path.basename(f));
    if (fio.length === 0 && logs.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(fio, [...FIO_FILES].sort(), 'corpus/fio');
    assert.deepEqual(logs, [...LOG_FILES].sort(), 'corpus/fio-log');
  });

  // ----------------------------------------------------------------------------- fio JSON

  it('fio/arau__fio-3.12_two-json-docs-with-shell-noise.txt', (t) => {
    const f = loadOrSkip(t, 'fio/arau__fio-3.12_two-json-docs-with-shell-noise.txt');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    // The two documents (lines 1-313 and 317-629, shell lines between) are byte-identical: one run.
    assert.equal(f.result.runs.length, 1);
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.12'); // line 2
    assert.equal(r.name, 'vol0'); // line 23
    assert.deepEqual(params(r), {
      rw: 'randrw', // "rw" : "randrw" (global options, line 12)
      pattern: 'mixed', // "percentage_random" : "85" (line 15): neither all random nor sequential
      read_pct: 0, // "rwmixread" : "0" (line 13)
      bs: 4096, // "bs" : "4k" (line 16)
      iodepth: 16, // "iodepth" : "16" (line 17)
      numjobs: 1, // not set: fio's default
      ioengine: 'libaio', // line 8
      direct: 1, // line 9
      size_bytes: 4 * 1024 ** 3, // "size" : "4GB" (line 7), kb_base 1024
      runtime_s: 2293.543, // no runtime option: "job_runtime" : 2293543 ms (line 236)
      target: '/usr/share/nginx/html/p2', // job options "filename" (line 29)
    });
    // jobs[0].write, from line 90 (read and trim are all zeros)
    checkDirection(r, 'write', 'ns', {
      iops: 457.18591, // "iops" : 457.185910 (line 95)
      bwBytes: 1872633, // "bw_bytes" : 1872633 (line 93)
      bwKib: 1828, // "bw" : 1828 (line 94)
      clatMean: 34979929.88508, // clat_ns "mean" : 34979929.885080 (line 109)
      clatP99: 708837376, // clat_ns percentile "99.000000" : 708837376 (line 124)
      latMean: 34994520.266948, // lat_ns "mean" : 34994520.266948 (line 134)
    });
    assert.equal(r.metrics['read.iops'], undefined, 'the read direction did no I/O');
    close(r.metrics['total.iops'], 457.18591, 'total.iops');
  });

  it('fio/fioplot__fio-2.18_randread_md127.json', (t) => {
    const f = loadOrSkip(t, 'fio/fioplot__fio-2.18_randread_md127.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 1);
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-2.18-59-g618e'); // line 2
    assert.deepEqual(params(r), {
      rw: 'randread', // line 14
      pattern: 'random',
      read_pct: 100,
      bs: 4096, // "bs" : "4k" (line 15)
      iodepth: 1, // "iodepth" : "01" (line 16)
      numjobs: 1, // "numjobs" : "01" (line 23)
      ioengine: 'libaio', // line 17
      direct: 1, // line 18
      size_bytes: undefined, // no size option
      runtime_s: 10, // "runtime" : "10" (line 20)
      target: '/dev/md127', // "filename" (line 30)
    });
    // fio 2.x: "clat"/"lat" in µs, no bw_bytes; percentile keys "99.000000" (line 64)
    checkDirection(r, 'read', 'us', {
      iops: 73.182907, // line 35
      bwKib: 292, // "bw" : 292 (line 34)
      clatMean: 13643.395634, // clat "mean" (line 49)
      clatP99: 23168, // clat percentile "99.000000" : 23168 (line 64)
      latMean: 13657.451569, // lat "mean" (line 77)
    });
    assert.equal(r.metrics['write.iops'], undefined);
    // The duplicate "0.00" : 0 keys of fio 2 (lines 69-71) are unused slots, not a 0th percentile.
    close(r.metrics['read.clat_p9999_ms'], 25.216, 'read.clat_p9999_ms'); // "99.990000" : 25216 (line 68)
  });

  it('fio/fioplot__fio-3.16_randrw_16jobs_group-reporting.json', (t) => {
    const f = loadOrSkip(t, 'fio/fioplot__fio-3.16_randrw_16jobs_group-reporting.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 1, 'group_reporting: one jobs[] entry');
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.16'); // line 2
    assert.deepEqual(params(r), {
      rw: 'randrw', // line 14
      pattern: 'random',
      read_pct: 50, // no rwmixread: fio's default 50
      bs: 4096, // line 15
      iodepth: 1, // line 19
      numjobs: 16, // line 24
      ioengine: 'libaio', // line 18
      direct: 1, // line 20
      size_bytes: 50000 * 1048576, // "size" : "50000Mi" (line 16)
      runtime_s: 60, // "runtime" : "60" (line 23)
      target: 'test.bin', // "filename" (line 31) wins over "directory" (line 17)
    });
    checkDirection(r, 'read', 'ns', {
      iops: 108.374629, // line 38
      bwBytes: 443902, // line 36
      bwKib: 433, // line 37
      clatMean: 53607647.995565, // line 52
      clatP99: 509607936, // line 67
      latMean: 53644473.103686, // line 77
    });
    checkDirection(r, 'write', 'ns', {
      iops: 110.363459, // line 97
      bwBytes: 452048, // line 95
      bwKib: 441, // line 96
      clatMean: 91911667.679531, // line 111
      clatP99: 591396864, // line 126
      latMean: 92017507.258748, // line 136
    });
    close(r.metrics['total.iops'], 108.374629 + 110.363459, 'total.iops');
    close(r.metrics['total.bw_mib_s'], (443902 + 452048) / 1048576, 'total.bw_mib_s');
    // Mean over both directions, weighted by "total_ios" : 6539 (line 40) and 6659 (line 99).
    close(r.metrics['total.clat_avg_ms'], (53.607647995565 * 6539 + 91.911667679531 * 6659) / (6539 + 6659), 'total.clat_avg_ms');
  });

  it('fio/fioplot__fio-3.34_sigint-prefix.json', (t) => {
    const f = loadOrSkip(t, 'fio/fioplot__fio-3.34_sigint-prefix.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 1);
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.34'); // line 4, after "fio: terminating on signal 2" (line 2)
    assert.equal(r.name, 'FIOJOB'); // line 10
    assert.deepEqual(params(r), {
      rw: 'randread', // line 18
      pattern: 'random',
      read_pct: 100,
      bs: 4096, // line 20
      iodepth: 1, // line 21
      numjobs: 1, // line 22
      ioengine: 'sync', // line 17
      direct: 1, // line 25
      size_bytes: 1024 ** 3, // "size" : "1G" (line 19)
      runtime_s: 10, // "runtime" : "10" (line 23): the configured time; the run was interrupted at 2768 ms
      target: '/Volumes/Temporary Storage/fio', // "directory" (line 30)
    });
    checkDirection(r, 'read', 'ns', {
      iops: 10102.601156, // line 37
      bwBytes: 41380254, // line 35
      bwKib: 40410, // line 36
      clatMean: 95948.612502, // line 52
      clatP99: 175104, // line 68
      latMean: 96095.658704, // line 78
    });
    assert.equal(r.metrics['write.iops'], undefined);
  });

  it('fio/fioplot__fio-3.6-31_ceph-rbd_randread.json', (t) => {
    const f = loadOrSkip(t, 'fio/fioplot__fio-3.6-31_ceph-rbd_randread.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 1);
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.6-31-g4386'); // line 2
    assert.equal(r.name, 'random-read'); // line 8
    assert.deepEqual(params(r), {
      rw: 'randread', // line 14
      pattern: 'random',
      read_pct: 100,
      bs: 4096, // line 15
      iodepth: 1, // line 17
      numjobs: 1, // line 22
      ioengine: 'libaio', // line 16
      direct: 1, // line 18
      size_bytes: undefined, // no size option (a whole block device)
      runtime_s: 60, // line 21
      target: '/dev/rbd0', // line 28
    });
    checkDirection(r, 'read', 'ns', {
      iops: 1060.238956, // line 35
      bwBytes: 4342738, // line 33
      bwKib: 4240, // line 34
      clatMean: 887968.353629, // line 49
      clatP99: 13959168, // line 64
      latMean: 931579.22046, // "mean" : 931579.220460 (line 74)
    });
    assert.equal(r.metrics['write.iops'], undefined);
  });

  it('fio/pkb__fio-2.1.4_5jobs_no-group-reporting_usec-clat.json', (t) => {
    const f = loadOrSkip(t, 'fio/pkb__fio-2.1.4_5jobs_no-group-reporting_usec-clat.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    // Five differently named jobs (lines 5, 207, 407, 607, 807): five runs.
    assert.deepEqual(f.result.runs.map((r) => r.name), ['sequential_write', 'sequential_read', 'random_write_test', 'random_read_test', 'random_read_test_parallel']);
    const [sw, sr, rwt, rrt, rrp] = f.result.runs as [ParsedRun, ParsedRun, ParsedRun, ParsedRun, ParsedRun];
    for (const r of f.result.runs) {
      assert.equal(r.toolVersion, 'fio-2.1.4'); // line 2
      // fio 2.1.4 wrote no "job options": nothing about the workload is invented...
      for (const k of ['rw', 'pattern', 'iodepth', 'numjobs', 'ioengine', 'direct', 'size_bytes', 'target']) {
        assert.equal(r.params[k], undefined, `${r.name}: ${k} is not in the file`);
      }
    }
    // ...only what the figures prove: the direction, and bs = bw KiB/s * 1024 / iops, which fio
    // rounds separately (68118 * 1024 / 133 = 524459.5, snapped to 512 KiB).
    assert.deepEqual([sw.params['read_pct'], sw.params['bs']], [0, 524288]);
    assert.deepEqual([sr.params['read_pct'], sr.params['bs']], [100, 524288]); // 129836 * 1024 / 253
    assert.deepEqual([rwt.params['read_pct'], rwt.params['bs']], [0, 4096]); // 6443 * 1024 / 1610
    assert.deepEqual([rrt.params['read_pct'], rrt.params['bs']], [100, 4096]); // 1269 * 1024 / 317
    assert.deepEqual([rrp.params['read_pct'], rrp.params['bs']], [100, 4096]); // 1292 * 1024 / 323
    // µs latencies, "bw" in KiB/s, integer iops.
    checkDirection(sw, 'write', 'us', {
      iops: 133, // line 64
      bwKib: 68118, // line 63
      clatMean: 477734.84, // line 75
      clatP99: 823296, // line 92
      latMean: 478737.47, // line 105
    });
    checkDirection(sr, 'read', 'us', {
      iops: 253, // line 213
      bwKib: 129836, // line 212
      clatMean: 250667.06, // line 224
      clatP99: 473088, // line 241
      latMean: 250770.05, // line 254
    });
    checkDirection(rwt, 'write', 'us', {
      iops: 1610, // line 464
      bwKib: 6443, // line 463
      clatMean: 587.02, // line 475
      clatP99: 1688, // line 492
      latMean: 617.69, // line 505
    });
    checkDirection(rrt, 'read', 'us', {
      iops: 317, // line 613
      bwKib: 1269, // line 612
      clatMean: 3117.62, // line 624
      clatP99: 3728, // line 641
      latMean: 3146.5, // line 654
    });
    checkDirection(rrp, 'read', 'us', {
      iops: 323, // line 813
      bwKib: 1292, // line 812
      clatMean: 198030.44, // line 824
      clatP99: 209920, // line 841
      latMean: 198058.86, // line 854
    });
    assert.equal(sw.params['runtime_s'], 5.314, 'no runtime option: the measured "runtime" : 5314 ms (line 65)');
  });

  it('fio/styliteag__fio-3.40_readwrite.json', (t) => {
    const f = loadOrSkip(t, 'fio/styliteag__fio-3.40_readwrite.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 1);
    const r = f.result.runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.40'); // line 2
    assert.equal(r.startMs, 1752000373052, '"job_start" : 1752000373052 (line 10)');
    assert.deepEqual(params(r), {
      rw: 'rw', // "rw" : "readwrite" (line 16), the same as rw
      pattern: 'sequential',
      read_pct: 50, // no rwmixread: fio's default 50
      bs: 4096, // line 17
      iodepth: 1, // line 23
      numjobs: 1, // line 19
      ioengine: 'psync', // line 27
      direct: 1, // line 24
      size_bytes: 1048576, // "size" : "1M" (line 18)
      runtime_s: 10, // line 20
      target: '/tmp/fio_test/fio_test_read_4k', // line 26
    });
    checkDirection(r, 'read', 'ns', {
      iops: 10084.191581, // line 37
      bwBytes: 41304848, // line 35
      bwKib: 40336, // line 36
      clatMean: 46715.533653, // line 52
      clatP99: 140288, // line 68
      latMean: 46871.544441, // line 78
    });
    checkDirection(r, 'write', 'ns', {
      iops: 10056.894311, // line 99
      bwBytes: 41193039, // line 97
      bwKib: 40227, // line 98
      clatMean: 49045.755078, // line 114
      clatP99: 154624, // line 130
      latMean: 49263.245807, // line 140
    });
    close(r.metrics['total.iops'], 10084.191581 + 10056.894311, 'total.iops');
    close(r.metrics['total.bw_mib_s'], (41304848 + 41193039) / 1048576, 'total.bw_mib_s');
    // "total_ios" : 100852 (line 39) and 100579 (line 101)
    close(r.metrics['total.clat_avg_ms'], (0.046715533653 * 100852 + 0.049045755078 * 100579) / (100852 + 100579), 'total.clat_avg_ms');
  });

  it('fio/whitepau__fio-3.28_51jobs_bs-time-sweep_no-group-reporting.json', (t) => {
    const f = loadOrSkip(t, 'fio/whitepau__fio-3.28_51jobs_bs-time-sweep_no-group-reporting.json');
    if (!f) return;
    assert.equal(f.format, 'fio-json');
    assert.equal(f.result.runs.length, 51, '51 differently named jobs, no group_reporting');
    const byName = (n: string): ParsedRun => {
      const r = f.result.runs.find((x) => x.name === n);
      assert.ok(r, n);
      return r;
    };
    // "global options" (lines 6-18): io_uring, direct 1, size 16G, numjobs 1, iodepth 128,
    // rw write, filename /media/usbstick/fio_testfile; each job adds bs and runtime.
    const global = { rw: 'write', pattern: 'sequential', read_pct: 0, iodepth: 128, numjobs: 1, ioengine: 'io_uring', direct: 1, size_bytes: 16 * 1024 ** 3, target: '/media/usbstick/fio_testfile' };

    const first = byName('r_bs4k_20s'); // jobs[0], line 21
    assert.equal(first.toolVersion, 'fio-3.28');
    assert.deepEqual(params(first), { ...global, bs: 4096, runtime_s: 20 }); // "bs" : "4k", "runtime" : "20s" (lines 27-28)
    checkDirection(first, 'write', 'ns', {
      iops: 78116.864941, // line 78
      bwBytes: 319992680, // line 76
      bwKib: 312492, // line 77
      clatMean: 1636093.755796, // line 93
      clatP99: 1777664, // line 109
      latMean: 1638017.857561, // line 119
    });

    const mid = byName('r_bs1M_40s'); // line 4413
    assert.deepEqual(params(mid), { ...global, bs: 1048576, runtime_s: 40 }); // lines 4419-4420
    checkDirection(mid, 'write', 'ns', {
      iops: 416.190452, // line 4470
      bwBytes: 439756650, // line 4468
      bwKib: 429449, // line 4469
      clatMean: 303916792.910621, // line 4485
      clatP99: 692060160, // line 4501
      latMean: 306312798.685095, // line 4511
    });

    const last = byName('r_bs16M_100s'); // jobs[50], line 12221
    assert.deepEqual(params(last), { ...global, bs: 16 * 1048576, runtime_s: 100 }); // lines 12227-12228
    checkDirection(last, 'write', 'ns', {
      iops: 23.904421, // line 12278
      bwBytes: 421813318, // line 12276
      bwKib: 411927, // line 12277
      clatMean: 5145906397.687592, // line 12293
      clatP99: 12415139840, // line 12309
      latMean: 5159521486.326356, // line 12319
    });
    for (const r of [first, mid, last]) assert.equal(r.metrics['read.iops'], undefined, `${r.name}: no reads`);
  });

  // ----------------------------------------------------------------------------- fio logs

  it('fio-log/chrissanders__fio-3.1_rbd-kernel_randread-4k_iops.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/chrissanders__fio-3.1_rbd-kernel_randread-4k_iops.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number; columns: number };
    assert.deepEqual([log.kind, log.job, log.rows, log.columns], ['iops', null, 239, 4], '"_iops.log" without a job index; 239 lines of 4 columns');
    assert.deepEqual(r.series.map((s) => s.metric), ['read.iops'], 'every row has direction 0');
    // first line "250, 108320, 0, 0", last line (239) "59750, 108656, 0, 0"; IOPS as written
    checkLogSeries(r, 'read.iops', { rows: 239, first: [250, 108320], last: [59750, 108656] });
  });

  it('fio-log/fioplot__fio-2.18_randread_bw.1.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/fioplot__fio-2.18_randread_bw.1.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number; windowed: boolean };
    assert.deepEqual([log.kind, log.job, log.rows, log.windowed], ['bw', 1, 20, true], '"_bw.1.log"; 20 rows with bs 0 (log_avg_msec=500)');
    assert.deepEqual(r.series.map((s) => s.metric), ['read.bw_mib_s']);
    // first line "500, 288, 0, 0", last line (20) "10000, 304, 0, 0"; KiB/s -> MiB/s
    checkLogSeries(r, 'read.bw_mib_s', { rows: 20, first: [500, 288 / 1024], last: [10000, 304 / 1024] });
    // The 20 values add up to 5856 KiB/s: a mean of 292.8 KiB/s (the sibling JSON's "bw_mean" : 292.800000).
    close(r.metrics['read.bw_mib_s'], 292.8 / 1024, 'read.bw_mib_s (mean of the rows)');
  });

  it('fio-log/fioplot__fio-2.18_randread_clat.1.log: layout', (t) => {
    const f = loadOrSkip(t, 'fio-log/fioplot__fio-2.18_randread_clat.1.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number; unit_assumed: string };
    assert.deepEqual([log.kind, log.job, log.rows], ['clat', 1, 20], '"_clat.1.log"; 20 rows');
    assert.deepEqual(r.series.map((s) => s.metric), ['read.clat_ms']);
    const s = seriesOf(r, 'read.clat_ms');
    assert.deepEqual([s.times.length, s.times[0], s.times[19]], [20, 507, 10015], 'first line "507, 13694, 0, 0", last "10015, 13353, 0, 0"');
    // The log does not say its unit; the importer says what it assumed.
    assert.equal(log.unit_assumed, 'ns');
  });

  it('fio-log/fioplot__fio-2.18_randread_clat.1.log: alone, read as fio 3 ns, as the importer says (the import sheet asks; its fio 2 JSON decides µs)', (t) => {
    const f = loadOrSkip(t, 'fio-log/fioplot__fio-2.18_randread_clat.1.log');
    if (!f) return;
    const r = f.result.runs[0]!;
    // A log carries no unit: on its own the importer assumes fio 3's ns and records that assumption.
    // First line "507, 13694, 0, 0", last "10015, 13353, 0, 0"; the 20 values add up to 273596.
    assert.equal((r.tables['log'] as { unit_assumed: string }).unit_assumed, 'ns');
    checkLogSeries(r, 'read.clat_ms', { rows: 20, first: [507, 0.013694], last: [10015, 0.013353] });
    close(r.metrics['read.clat_avg_ms'], 0.0136798, 'read.clat_avg_ms (mean of the rows)');
  });

  it('fio-log/fioplot__fio-3.16_randrw_job1_lat.1.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/fioplot__fio-3.16_randrw_job1_lat.1.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number };
    assert.deepEqual([log.kind, log.job, log.rows], ['lat', 1, 480], '"_lat.1.log"; 480 lines');
    // fio 3: ns -> ms. Direction 0 (read): 240 rows, first "423, 29200153, 0, 0" (line 2),
    // last "60336, 15470710, 0, 0" (line 480).
    checkLogSeries(r, 'read.lat_ms', { rows: 240, first: [423, 29.200153], last: [60336, 15.47071] });
    // Direction 1 (write): 240 rows, first "286, 55032262, 1, 0" (line 1), last "60336, 399185616, 1, 0" (line 479).
    checkLogSeries(r, 'write.lat_ms', { rows: 240, first: [286, 55.032262], last: [60336, 399.185616] });
  });

  it('fio-log/fioplot__fio-3.1_randread_qd16_iops.1.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/fioplot__fio-3.1_randread_qd16_iops.1.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number };
    assert.deepEqual([log.kind, log.job, log.rows], ['iops', 1, 120]);
    // Every row has direction 1 (write) although the job read (MANIFEST: a fio 3.1 quirk): the
    // file says write, and the importer keeps what the file says.
    assert.deepEqual(r.series.map((s) => s.metric), ['write.iops']);
    // first line "500, 126, 1, 0", last line (120) "60000, 108, 1, 0"
    checkLogSeries(r, 'write.iops', { rows: 120, first: [500, 126], last: [60000, 108] });
  });

  it('fio-log/fiorepo__2013_randwrite_128k_bw.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/fiorepo__2013_randwrite_128k_bw.log');
    if (!f) return;
    assert.equal(f.format, 'fio-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; job: number | null; rows: number; windowed: boolean };
    assert.deepEqual([log.kind, log.job, log.rows, log.windowed], ['bw', null, 130, false], '"_bw.log" without a job index; per-I/O rows carry bs 131072');
    assert.deepEqual(r.series.map((s) => s.metric), ['write.bw_mib_s']);
    // first line "0, 24, 1, 131072", last line (130) "60451, 17715, 1, 131072"; KiB/s -> MiB/s
    checkLogSeries(r, 'write.bw_mib_s', { rows: 130, first: [0, 24 / 1024], last: [60451, 17715 / 1024] });
  });

  it('fio-log/pkb__fio-2.17_clat_hist.1.log', (t) => {
    const f = loadOrSkip(t, 'fio-log/pkb__fio-2.17_clat_hist.1.log');
    if (!f) return;
    assert.equal(f.format, 'fio-hist-log');
    const r = f.result.runs[0]!;
    const log = r.tables['log'] as { kind: string; rows: number; bins: number; coarseness: number; unit_in_file: string };
    // 9 lines, each "time, 0, 16384, " and 1216 bin counts (fio 2: 19 groups x 64); µs.
    assert.deepEqual([log.kind, log.rows, log.bins, log.coarseness, log.unit_in_file], ['clat_hist', 9, 1216, 0, 'µs']);
    const lines = f.text.split('\n').filter((l) => l.trim() !== '');
    assert.equal(lines.length, 9);
    for (const l of lines) assert.equal(l.split(',').length, 3 + 1216, 'every row: time, ddir, bs and 1216 bins');

    // First row: "1001, 0, 16384, 0, ...". Its bins hold 8325 I/Os. Read by hand, the running count
    // passes 50 % (4162.5) at bin 75 (4085 through bin 74, 4189 through 75), 90 % (7492.5) at bin
    // 133 (7489 through 132, 7528 through 133) and 99 % (8241.75) at bin 330 (8238 through 329,
    // 8256 through 330). plat_idx_to_val: bin 75 -> 75 µs (exact below 128); bin 133 -> 128 + 5.5 x 2
    // = 139 µs; bin 330 -> 1024 + 10.5 x 16 = 1192 µs.
    const row1 = lines[0]!.split(',').map((c) => Number(c.trim()));
    assert.deepEqual(row1.slice(0, 3), [1001, 0, 16384]);
    const counts = row1.slice(3);
    assert.equal(counts.reduce((a, b) => a + b, 0), 8325);
    const cumThrough = (i: number): number => counts.slice(0, i + 1).reduce((a, b) => a + b, 0);
    assert.deepEqual([cumThrough(74), cumThrough(75), cumThrough(132), cumThrough(133), cumThrough(329), cumThrough(330)], [4085, 4189, 7489, 7528, 8238, 8256]);
    const expected: Array<[number, string, number, number]> = [
      [50, 'read.clat_p50_ms', 75, 75],
      [90, 'read.clat_p90_ms', 133, 139],
      [99, 'read.clat_p99_ms', 330, 1192],
    ];
    for (const [p, metric, bin, us] of expected) {
      assert.equal(fioPercentileIndex(counts, p), bin, `p${p} bin`);
      assert.equal(platIdxToVal(bin), us, `bin ${bin} value`);
      const s = seriesOf(r, metric);
      assert.equal(s.times[0], 1001, `${metric}: first row's time`);
      close(s.values[0], us / 1e3, `${metric} of the first row`); // µs -> ms
      // fio's tools/hist/fiologparser_hist.py interpolates between bins and places each bin half a
      // bucket higher, so it prints slightly different figures (75.7, 139.2, 1196.4 µs here); the
      // two agree to within one bucket width.
      const py = fiologparserPercentile(counts, p);
      assert.ok(Math.abs(py - us) <= bucketWidth(bin), `p${p}: fiologparser_hist ${py} µs vs ${us} µs`);
    }
    // Every row is a read interval with I/O: one point per row in each percentile series.
    assert.deepEqual(r.series.filter((s) => s.metric.startsWith('write.')), []);
    assert.equal(seriesOf(r, 'read.clat_p99_ms').times.length, 9);
    assert.equal(seriesOf(r, 'read.clat_p99_ms').times[8], 9001, 'last line starts "9001, 0, 16384"');

    // The run's distribution is the sum of the 9 rows: recomputed from the text the same way.
    const sum = new Array<number>(1216).fill(0);
    for (const l of lines) l.split(',').slice(3).forEach((c, i) => { sum[i]! += Number(c); });
    for (const [p, metric] of [[50, 'read.clat_p50_ms'], [99, 'read.clat_p99_ms']] as const) {
      close(r.metrics[metric], platIdxToVal(fioPercentileIndex(sum, p)) / 1e3, `${metric} over all rows`);
    }
  });
});
