/**
 * Files as users have them, through the import pipeline (issue 24 "Nothing dropped"): every
 * block of a file becomes runs, metrics and series in the store, and what cannot be read fails
 * the file with its place, writing nothing. The files are the importers' test files
 * (importers/<tool>/test-files/), written for these tests from the formats' documentation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { describeMetric } from '../metrics/dictionary.js';
import { tempDir } from '../test-support/temp.js';

const testFile = (rel: string): string => path.join(REPO_ROOT, 'importers', rel);
const freshCore = (): Core => new Core(path.join(tempDir(), 'perfdelta.sqlite'));

describe('COSBench stage of two works, imported', () => {
  it('each work is a run of its own that pairs with the same work of another configuration', () => {
    const core = freshCore();
    const dir = testFile('benchmarks/test-files/cosbench-two-works');
    const result = core.importPaths([path.join(dir, 's1-prepare.csv'), path.join(dir, 'w1-two-sizes.csv')], 'Object store', 'baseline');
    assert.deepEqual(result.files.map((f) => [f.format, f.status, f.runs.length]), [['cosbench', 'imported', 2], ['cosbench', 'imported', 4]]);
    const runs = core.runs({ study: 'object-store' });
    const stage = runs.filter((r) => r.source.file.endsWith('s1-prepare.csv'));
    assert.deepEqual(stage.map((r) => [r.name, r.params['bs'], r.params['work']]), [['s1-prepare work 1 (64 KB objects)', 64000, 1], ['s1-prepare work 2 (64 MB objects)', 64000000, 2]]);
    assert.ok(Math.abs(stage[1]!.metrics['write.ops_per_s']! - 2) < 1e-12);
    assert.deepEqual(core.series(stage[1]!.id, 'write.ops_per_s')[0]!.points.map(([, v]) => v), [2, 2.4, 1.6]);

    // The candidate: the same stage file with the large objects' throughput doubled.
    const other = tempDir();
    const text = fs.readFileSync(path.join(dir, 's1-prepare.csv'), 'utf8').split('\n')
      .map((l, i) => (i < 2 || l === '' ? l : l.split(',').map((f, c) => (c === 10 || c === 12 ? String(Number(f) * 2) : f)).join(','))).join('\n');
    fs.writeFileSync(path.join(other, 's1-prepare.csv'), text);
    core.importPaths([path.join(other, 's1-prepare.csv')], 'Object store', 'candidate');
    const compared = core.compare({ study: 'object-store', baseline: 'baseline', candidates: ['candidate'], metrics: ['write.ops_per_s'] });
    const pairs = compared.pairs.filter((p) => p.metric === 'write.ops_per_s');
    assert.equal(pairs.length, 2, 'the 64 KB work pairs with the 64 KB work, the 64 MB with the 64 MB');
    const large = pairs.find((p) => /64M|work 2/.test(p.workload))!;
    assert.ok(Math.abs(large.speedup! - 2) < 1e-9, `${large.workload}: ${large.speedup}`);
    core.close();
  });

  it('an unreadable cell fails the file with its line and column, and nothing of it is written', () => {
    const core = freshCore();
    const dir = tempDir();
    const lines = fs.readFileSync(testFile('benchmarks/test-files/cosbench-two-works/s1-prepare.csv'), 'utf8').split('\n');
    lines[3] = lines[3]!.replace(',470,', ',47o,');
    fs.writeFileSync(path.join(dir, 's1-prepare.csv'), lines.join('\n'));
    const result = core.importPaths([dir], 'Object store', 'baseline');
    assert.equal(result.files[0]!.status, 'failed');
    assert.match(result.files[0]!.path, /s1-prepare\.csv$/);
    assert.match(result.files[0]!.errors[0]!, /^line 4: column 7 \(Avg-ResTime, prepare-write\): "47o" is not a figure/);
    assert.equal(core.runs({}).length, 0);
    core.close();
  });
});

describe('Spectrum Virtualize ls*stats keyed by their own column, imported', () => {
  it('lsenclosurestats as REST JSON and CLI text: two enclosures, named as the command they are', () => {
    const core = freshCore();
    const dir = testFile('svc/test-files');
    const result = core.importPaths([path.join(dir, 'lsenclosurestats-two-enclosures.json'), path.join(dir, 'lsenclosurestats-delim.txt')], 'Power', 'fs7300');
    assert.deepEqual(result.files.map((f) => [f.format, f.status]), [['svc-lsstats', 'imported'], ['svc-lsstats', 'imported']]);
    for (const run of core.runs({ study: 'power' })) {
      assert.equal(run.name, 'lsenclosurestats 1, 2');
      assert.deepEqual([run.metrics['enclosure.1.svc.power_w'], run.metrics['enclosure.2.svc.power_w'], run.metrics['enclosure.2.svc.temp_c_peak']], [207, 126, 23]);
      assert.equal(run.metrics['svc.power_w'], undefined, 'no system-wide figure made of one enclosure');
    }
    core.close();
  });

  it('two captures of different values in one file fail the file, naming both lines', () => {
    const core = freshCore();
    const result = core.importPaths([testFile('svc/test-files/lsenclosurestats-two-captures.txt')], 'Power', 'fs7300');
    assert.equal(result.files[0]!.status, 'failed');
    assert.match(result.files[0]!.errors[0]!, /^line 10: power_w of enclosure 1 is listed twice with different values \(line 2: 207/);
    assert.equal(core.runs({}).length, 0);
    core.close();
  });
});

describe('Unix sar -A, imported', () => {
  it('Solaris, AIX, HP-UX and a capture behind wrapper lines: every report in the dictionary, every device its own series', () => {
    const core = freshCore();
    const dir = testFile('monitors/test-files');
    const files = ['solaris-sar-A.txt', 'aix-sar-A.txt', 'hpux-sar-A.txt', 'solaris-sar-behind-wrapper.txt'];
    const result = core.importPaths(files.map((f) => path.join(dir, f)), 'Unix hosts', 'before');
    assert.deepEqual(result.files.map((f) => [f.format, f.status]), files.map(() => ['sar', 'imported']));
    for (const run of core.runs({ study: 'unix-hosts' })) {
      const names = new Set([...Object.keys(run.metrics), ...core.series(run.id).map((s) => s.metric)]);
      for (const name of names) {
        const info = describeMetric(name);
        assert.ok(info, `${run.name}: ${name} has no dictionary entry`);
        assert.ok(info.unit !== undefined && info.label && info.labelZh, name);
      }
    }
    const solaris = core.runs({ study: 'unix-hosts' }).find((r) => r.source.file.endsWith('solaris-sar-A.txt'))!;
    assert.equal(solaris.metrics['cpu_idle_pct'], 98);
    assert.deepEqual(core.series(solaris.id, 'util_pct').map((s) => s.object).sort(), ['nfs1', 'sd0', 'sd0,a', 'sd1']);
    assert.deepEqual(core.series(solaris.id, 'runq_sz', 'queue')[0]!.points.map(([, v]) => v), [1, 2]);
    assert.equal(describeMetric('runq_sz')!.better, 'lower');
    assert.equal(describeMetric('syscalls_per_s')!.volume, true);
    core.close();
  });
});

describe('Spectrum Virtualize statistics files of every kind, imported', () => {
  const dir = testFile('svc/test-files/node1-ten-minutes');

  it('two node statistics files ten minutes apart: CPU, port and node-to-node rates, and what was not read named', () => {
    const core = freshCore();
    const result = core.importPaths([path.join(dir, 'Nn_stats_78G00AA-1_240402_100000'), path.join(dir, 'Nn_stats_78G00AA-1_240402_101000')], 'SVC', 'prod');
    assert.deepEqual(result.files.map((f) => [f.status, f.runs.length]), [['imported', 1], ['imported', 1]]);
    const run = core.runs({ study: 'svc' })[0]!;
    const value = (metric: string, object: string): number => core.series(run.id, metric, object)[0]!.points[0]![1];
    assert.equal(value('cpu_pct', 'node1 cpu'), 35);
    assert.equal(value('cpu_pct', 'node1 cpu core 1'), 30);
    assert.equal(value('host_recv_mib_s', 'node1 port 1'), 100);
    assert.equal(value('peer_send_per_s', 'node1 to node2'), 200);
    assert.equal(core.series(run.id, 'cpu_pct', 'node1 cpu')[0]!.points[0]![0], Date.UTC(2024, 3, 2, 10, 10));
    assert.match(run.warnings.join('\n'), /node statistics \(Nn\): no rates derived from the records <dimm>, <partnership>, <uca>; .*the counters bbcz, rxpwr, tmp, txpwr of <port>/);
    assert.match(result.files[0]!.warnings[0]!, /combined into run .*node statistics \(Nn\): no rates derived/);
    for (const metric of new Set(core.series(run.id).map((s) => s.metric))) assert.ok(describeMetric(metric), `${metric} is in the dictionary`);
    core.close();
  });

  it('volumes, MDisks, drives and nodes each give their rates; volume groups are named as giving none', () => {
    const core = freshCore();
    core.importPaths([dir], 'SVC', 'prod');
    const run = core.runs({ study: 'svc' })[0]!;
    const objects = new Set(core.series(run.id).map((s) => s.object));
    for (const o of ['vol0', 'vol1', 'mdisk MDisk0', 'drive 0', 'drive 1', 'node1 cpu', 'node1 port 1']) assert.ok(objects.has(o), o);
    const point = (metric: string, object: string): number => core.series(run.id, metric, object)[0]!.points[0]![1];
    assert.equal(point('read.iops', 'vol0'), 100);
    assert.equal(point('write.lat_avg_ms', 'vol0'), 1);
    assert.equal(point('read.lat_avg_ms', 'mdisk MDisk0'), 2);
    assert.equal(point('read.iops', 'drive 0'), 10);
    assert.match(run.warnings.join('\n'), /volume group statistics \(Ng\): no rates from <volumegroup>/);
    assert.match(run.warnings.join('\n'), /volume statistics \(Nv\): no rates derived from <ca>, <cpy> of <vdsk>/);
    core.close();
  });

  it('volume group files alone: no run, and each file says why', () => {
    const core = freshCore();
    const result = core.importPaths([path.join(dir, 'Ng_stats_78G00AA-1_240402_100000'), path.join(dir, 'Ng_stats_78G00AA-1_240402_101000')], 'SVC', 'prod');
    assert.equal(core.runs({}).length, 0);
    assert.deepEqual(result.files.map((f) => f.status), ['imported', 'imported'], 'the files are kept');
    assert.match(result.files[0]!.warnings[0]!, /^no rates: .*none holds records rates are derived from.*volume group statistics \(Ng\): no rates from <volumegroup>/);
    core.close();
  });
});

describe('sysbench --histogram, imported', () => {
  it('the core\'s latency distribution draws the run\'s histogram as fio\'s json+ is drawn', () => {
    const core = freshCore();
    const file = testFile('benchmarks/test-files/sysbench-oltp-histogram.txt');
    const dir = tempDir();
    // The same run without --histogram: no distribution, and said so.
    fs.writeFileSync(path.join(dir, 'plain.txt'), fs.readFileSync(file, 'utf8').replace(/Latency histogram[\s\S]*?\n \n/, ''));
    core.importPaths([file, path.join(dir, 'plain.txt')], 'OLTP', 'mysql8');
    const [withBins, plain] = core.runs({ study: 'oltp' });
    assert.equal(withBins!.format, 'sysbench');
    const d = core.latencyDistribution('oltp', [withBins!.id, plain!.id]);
    assert.deepEqual(d.without_bins, [plain!.id]);
    assert.equal(d.curves.length, 1);
    const c = d.curves[0]!;
    assert.deepEqual([c.run, c.direction, c.source, c.total_ios], [withBins!.id, 'total', 'sysbench histogram', 12000]);
    assert.equal(c.points.length, 95);
    assert.deepEqual(c.points[0], [3.02, 12 / 12000, 11988 / 12000]);
    assert.deepEqual(c.points.at(-1), [16.762, 1, 0]);
    // sysbench's own 99th percentile (11.85 ms) is the bucket the curve's p99 falls in.
    assert.ok(Math.abs(c.percentiles['p99']! - withBins!.metrics['total.lat_p99_ms']!) < 0.01, `${c.percentiles['p99']}`);
    core.close();
  });
});
