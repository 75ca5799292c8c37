import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { corpusFile, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { LatencyBins } from '../types.js';
import { fioHistLogImporter } from './fio-hist-log.js';
import { fioJsonImporter } from './fio-json.js';
import { fioLogImporter, parseLogName } from './fio-log.js';
import { fioNormalImporter } from './fio-normal.js';
import { fioTerseImporter } from './fio-terse.js';
import { platIdxToVal, platIdxWidth, percentilesFromBins } from './latency-bins.js';

const DETAIL = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
const close = (a: number | undefined, e: number, rel = 1e-9): void => {
  assert.ok(a !== undefined && Math.abs(a - e) <= Math.abs(e) * rel, `expected ${e}, got ${a}`);
};
const parseCorpus = (importer: typeof fioLogImporter, rel: string) => {
  const p = corpusFile(rel);
  return p ? importer.parse({ bytes: readBytes(p), name: path.basename(p) }) : null;
};

describe('fio logs (corpus, figures read from each file)', () => {
  it('every corpus log is detected by content', (t) => {
    const dir = path.dirname(corpusFile('fio-log/fioplot__fio-2.18_randread_bw.1.log') ?? '');
    if (!fs.existsSync(dir) || dir === '.') return t.skip(SKIP_NO_CORPUS);
    for (const f of fs.readdirSync(dir)) {
      const expected = f.includes('clat_hist') ? 'fio-hist-log' : 'fio-log';
      assert.equal(detectFormat(readBytes(path.join(dir, f))).format, expected, f);
    }
  });

  it('2013 bw log: no job index in the name, four columns, KiB/s', (t) => {
    const r = parseCorpus(fioLogImporter, 'fio-log/fiorepo__2013_randwrite_128k_bw.log');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    const s = run.series.find((x) => x.metric === 'write.bw_mib_s')!;
    assert.equal(s.times.length, 130);
    assert.deepEqual([s.times[1], s.values[1]], [747, 16449 / 1024], 'second row: 747, 16449, 1, 131072');
    assert.equal((run.tables['log'] as { windowed: boolean }).windowed, false, 'per-I/O rows carry the block size');
  });

  it('fio 3.16 randrw lat log: read and write rows interleave, values in ns', (t) => {
    const r = parseCorpus(fioLogImporter, 'fio-log/fioplot__fio-3.16_randrw_job1_lat.1.log');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    const read = run.series.find((x) => x.metric === 'read.lat_ms')!;
    const write = run.series.find((x) => x.metric === 'write.lat_ms')!;
    assert.equal(read.times.length + write.times.length, 480);
    assert.equal(write.times[0], 286, 'first row: 286, 55032262, 1, 0');
    close(write.values[0], 55.032262);
    assert.equal(read.times[0], 423);
    close(read.values[0], 29.200153);
    assert.equal(parseLogName('fioplot__fio-3.16_randrw_job1_lat.1.log').job, 1);
  });

  it('iops logs with and without a job index', (t) => {
    const a = parseCorpus(fioLogImporter, 'fio-log/chrissanders__fio-3.1_rbd-kernel_randread-4k_iops.log');
    const b = parseCorpus(fioLogImporter, 'fio-log/fioplot__fio-3.1_randread_qd16_iops.1.log');
    if (!a || !b) return t.skip(SKIP_NO_CORPUS);
    const s = a.runs[0]!.series[0]!;
    assert.equal(s.metric, 'read.iops');
    assert.deepEqual([s.times.length, s.values[0], s.values[1]], [239, 108320, 107676]);
    // The fio-plot iops log marks its rows as writes although the job read (a fio 3.1 quirk):
    // it is kept as written, not second-guessed.
    assert.equal(b.runs[0]!.series[0]!.metric, 'write.iops');
    assert.equal(b.runs[0]!.series[0]!.values[0], 126);
  });

  it('fio 2.x histogram log: 1216 bins, µs, percentiles over time', (t) => {
    const r = parseCorpus(fioHistLogImporter, 'fio-log/pkb__fio-2.17_clat_hist.1.log');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal((run.tables['log'] as { bins: number; unit_in_file: string }).bins, 1216);
    assert.equal((run.tables['log'] as { unit_in_file: string }).unit_in_file, 'µs');
    const p50 = run.series.find((s) => s.metric === 'read.clat_p50_ms')!;
    assert.equal(p50.times[0], 1001);
    assert.ok(run.metrics['read.clat_p99_ms']! > run.metrics['read.clat_p50_ms']!, 'p99 above p50');
  });

  it('a log cut in the middle of a line keeps the rows before it and says so', () => {
    const text = '250, 100, 0, 0\n500, 200, 0, 0\n750, 3';
    const r = fioLogImporter.parse({ bytes: new TextEncoder().encode(text), name: 'x_iops.1.log' });
    assert.equal(r.runs[0]!.series[0]!.times.length, 2);
    assert.match(r.runs[0]!.warnings.join(' '), /line 3 is not a complete log row/);
  });
});

describe('fio output made on this machine (samples/fio/detail)', () => {
  it('json+ bins reproduce fio\'s own percentiles within one bin width', () => {
    const bytes = readBytes(path.join(DETAIL, 'randrw70.json'));
    const run = fioJsonImporter.parse({ bytes, name: 'randrw70.json' }).runs[0]!;
    const bins = run.tables['latency_bins'] as Record<string, LatencyBins>;
    for (const dir of ['read', 'write']) {
      const [p50, p99] = percentilesFromBins(bins[dir]!.ms, bins[dir]!.counts, [50, 99]);
      for (const [computed, fio] of [[p50!, run.metrics[`${dir}.clat_p50_ms`]!], [p99!, run.metrics[`${dir}.clat_p99_ms`]!]]) {
        const width = (computed as number) / 64; // 64 buckets per power of two
        assert.ok(Math.abs((computed as number) - (fio as number)) <= width, `${dir}: ${computed} vs fio ${fio}`);
      }
    }
  });

  it('the histogram log agrees with the JSON of the same run', () => {
    const json = fioJsonImporter.parse({ bytes: readBytes(path.join(DETAIL, 'randrw70.json')), name: 'randrw70.json' }).runs[0]!;
    const hist = fioHistLogImporter.parse({ bytes: readBytes(path.join(DETAIL, 'randrw70_clat_hist.1.log')), name: 'randrw70_clat_hist.1.log' }).runs[0]!;
    assert.equal((hist.tables['log'] as { bins: number }).bins, 1856, 'fio 3: 1856 bins');
    const a = hist.metrics['read.clat_p50_ms']!;
    const b = json.metrics['read.clat_p50_ms']!;
    assert.ok(Math.abs(a - b) / b < 0.05, `p50 from the histogram log ${a} vs fio ${b}`);
  });

  it('log_window_value=both: each window\'s maximum, written after its mean, becomes a series of its own', () => {
    // The layout FORMATS.md 1.3 gives: time, mean, max, ddir, bs (fio >= 3.36; written by hand here).
    const log = '1000, 250000, 900000, 0, 0\n1000, 300000, 800000, 1, 0\n2000, 260000, 950000, 0, 0\n';
    const result = fioLogImporter.parse({ bytes: new TextEncoder().encode(log), name: 'job_clat.1.log' });
    assert.deepEqual(result.errors, []);
    const series = Object.fromEntries(result.runs[0]!.series.map((s) => [s.metric, [...s.values]]));
    const ms = (...ns: number[]): number[] => ns.map((v) => v * 1e-6); // fio 3 ns, as the means are scaled
    assert.deepEqual(series, { 'read.clat_ms': ms(250000, 260000), 'read.clat_max_ms': ms(900000, 950000), 'write.clat_ms': ms(300000), 'write.clat_max_ms': ms(800000) });
    close(result.runs[0]!.metrics['read.clat_avg_ms'], 0.255, 1e-12);
  });

  it('terse with unified_rw_reporting: the mixed block alone (=1) or after the directions (=both) gives the totals', () => {
    const UNIFIED = path.join(REPO_ROOT, 'samples', 'fio', 'unified');
    const fields = (name: string): string[] => fs.readFileSync(path.join(UNIFIED, name), 'utf8').trim().split(';');
    const u = fields('randrw70-unified.terse3.txt');
    const unified = fioTerseImporter.parse({ bytes: readBytes(path.join(UNIFIED, 'randrw70-unified.terse3.txt')), name: 'u' });
    assert.deepEqual(unified.errors, []);
    const one = unified.runs[0]!;
    assert.equal(one.metrics['total.iops'], Number(u[7]), 'the mixed block: the first after the header');
    assert.equal(one.metrics['total.clat_p99_ms'], Number(u[5 + 12 + 12]!.split('=')[1]) / 1000, 'its 99th percentile (the 13th), µs to ms');
    assert.equal(one.metrics['read.iops'], undefined, 'no read block to report');
    assert.equal(one.params['bs'], 4096);
    assert.equal(one.params['read_pct'], undefined, 'the mixed block does not tell the read share');

    const b = fields('randrw70-both.terse5.txt');
    const both = fioTerseImporter.parse({ bytes: readBytes(path.join(UNIFIED, 'randrw70-both.terse5.txt')), name: 'b' }).runs[0]!;
    assert.equal(both.metrics['read.iops'], Number(b[7]));
    assert.equal(both.metrics['write.iops'], Number(b[5 + 47 + 2]));
    assert.equal(both.metrics['total.iops'], Number(b[5 + 3 * 47 + 2]), 'the mixed block after read, write and trim');
    // Read apart from the field offsets: fio's mixed figure is the sum of read and write (each rounded).
    close(both.metrics['total.iops'], both.metrics['read.iops']! + both.metrics['write.iops']!, 1e-3);
    assert.equal(both.metrics['total.clat_p99_ms'], Number(b[5 + 3 * 47 + 12 + 12]!.split('=')[1]) / 1000);
    assert.equal(both.params['read_pct'], Math.round((Number(b[7]) / (Number(b[7]) + Number(b[54]))) * 100));

    // A plain line cut short inside its write block is still a cut line, not unified output.
    const plain = fs.readFileSync(path.join(DETAIL, 'randread-4k.terse3.txt'), 'utf8').trim().split(';');
    const cut = fioTerseImporter.parse({ bytes: new TextEncoder().encode(plain.slice(0, 70).join(';')), name: 'cut' });
    assert.match(cut.errors[0]!.message, /fields, at least \d+ expected \(cut off\?\)/);
  });

  it('terse v3, v4 and v5 give the same figures as fio printed', () => {
    const v3 = fioTerseImporter.parse({ bytes: readBytes(path.join(DETAIL, 'randread-4k.terse3.txt')), name: 't3' }).runs[0]!;
    const f3 = fs.readFileSync(path.join(DETAIL, 'randread-4k.terse3.txt'), 'utf8').split(';');
    close(v3.metrics['read.iops'], Number(f3[7]));
    close(v3.metrics['read.bw_mib_s'], Number(f3[6]) / 1024);
    close(v3.metrics['read.clat_avg_ms'], Number(f3[15]) / 1000);
    assert.equal(v3.params['bs'], 4096);
    const v5 = fioTerseImporter.parse({ bytes: readBytes(path.join(DETAIL, 'randwrite-4k.terse5.txt')), name: 't5' }).runs[0]!;
    const f5 = fs.readFileSync(path.join(DETAIL, 'randwrite-4k.terse5.txt'), 'utf8').split(';');
    close(v5.metrics['write.iops'], Number(f5[54]), 1e-12);
    close(v5.metrics['write.clat_p99_ms'], Number(f5[76]!.split('=')[1]) / 1000);
    assert.equal(v5.params['read_pct'], 0);
    assert.equal(v5.metrics['read.iops'], undefined);
    // v4: v3's 41-field blocks, with the trim block after write.
    const v4 = fioTerseImporter.parse({ bytes: readBytes(path.join(DETAIL, 'randread-4k.terse4.txt')), name: 't4' });
    assert.deepEqual(v4.errors, []);
    const f4 = fs.readFileSync(path.join(DETAIL, 'randread-4k.terse4.txt'), 'utf8').split(';');
    assert.equal(f4[0], '4');
    close(v4.runs[0]!.metrics['read.iops'], Number(f4[7]));
    close(v4.runs[0]!.metrics['read.clat_p99_ms'], Number(f4[5 + 12 + 12]!.split('=')[1]) / 1000);
    assert.equal(v4.runs[0]!.metrics['write.iops'], undefined);
    assert.equal(v4.runs[0]!.tables['terse_version'], 4);
  });

  it('normal console output: options from the header, figures from the report', (t) => {
    const run = fioNormalImporter.parse({ bytes: readBytes(path.join(DETAIL, 'seqread-1m.normal.txt')), name: 'n' }).runs[0]!;
    assert.deepEqual([run.params['bs'], run.params['rw'], run.params['iodepth'], run.params['ioengine']], [1048576, 'read', 4, 'libaio']);
    const text = fs.readFileSync(path.join(DETAIL, 'seqread-1m.normal.txt'), 'utf8');
    // The exact figure the issued count implies (fio printed it rounded): issued ÷ runtime.
    const issued = Number(/issued rwts: total=(\d+),/.exec(text)![1]);
    const runtimeMs = Number(/read: IOPS=.*\/(\d+)msec\)/.exec(text)![1]);
    close(run.metrics['read.iops'], (issued * 1000) / runtimeMs);
    close(Math.round(run.metrics['read.iops']!), Number(/IOPS=(\d+)/.exec(text)![1]));
    close(run.metrics['read.clat_avg_ms'], Number(/clat \(usec\): min=\s*\d+, max=\s*\d+, avg=\s*([\d.]+)/.exec(text)![1]) / 1000);
    close(run.metrics['read.clat_p99_ms'], Number(/99\.00th=\[\s*(\d+)\]/.exec(text)![1]) / 1000);
    const p = corpusFile('other/chrissanders__fio-3.1_normal-output_randread-4k.out');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const c = fioNormalImporter.parse({ bytes: readBytes(p), name: 'c' }).runs[0]!;
    // "read: IOPS=109k, BW=426MiB/s", "clat (usec): ... avg=285.14", "99.00th=[  383]", iodepth=32
    // IOPS and bandwidth from "issued rwt: total=6550034" over 60.001 s (fio printed them rounded).
    assert.deepEqual([c.metrics['read.iops'], c.metrics['read.bw_mib_s'], c.params['iodepth'], c.params['bs']], [6550034 / 60.001, (6550034 * 4096) / 1048576 / 60.001, 32, 4096]);
    close(c.metrics['read.clat_avg_ms'], 0.28514);
    close(c.metrics['read.clat_p99_ms'], 0.383);
    close(c.metrics['cpu_sys_pct'], 65.5);
  });

  it('bucket arithmetic matches fio\'s stat.c', () => {
    assert.equal(platIdxToVal(100), 100, 'the first 128 buckets are exact');
    assert.equal(platIdxToVal(128), 129, 'bucket [128, 130): its midpoint');
    assert.equal(platIdxWidth(128), 2);
    assert.equal(platIdxToVal(192), 256 + 0.5 * 4);
    assert.equal(platIdxWidth(192), 4);
  });
});
