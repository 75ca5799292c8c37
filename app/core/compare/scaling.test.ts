import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { findKnee, scalingCurves, stableUpTo } from './scaling.js';

describe('scaling curves and the knee', () => {
  it('the knee: the last point before throughput stops growing meaningfully while latency outgrows it', () => {
    // Throughput doubles, doubles, then gains 5% while latency (given) jumps 80%.
    assert.equal(findKnee({ x: [1, 2, 4, 8], throughput: [100, 200, 400, 420], latency: [1, 1, 1, 1.8] })?.index, 2);
    // Little's law: 1->2->4 users with linear throughput keep latency flat; 8 users at +5% throughput
    // nearly doubles it.
    assert.equal(findKnee({ x: [1, 2, 4, 8], throughput: [100, 200, 400, 420], latency: null })?.index, 2);
    assert.equal(findKnee({ x: [1, 2, 4], throughput: [100, 200, 400], latency: null }), null, 'linear scaling has no knee');
    // +23% for a doubling of the users still grows meaningfully, although Little's latency grows
    // faster (+63%): the old rule put the knee here (S5's baseline at 4 VU).
    assert.equal(findKnee({ x: [1, 2, 4, 8], throughput: [763, 1374, 2061, 2544], latency: null }), null);
    // Throughput that stalls while measured latency stays flat is no knee either.
    assert.equal(findKnee({ x: [1, 2, 4, 8], throughput: [100, 200, 400, 401], latency: [1, 1, 1, 1] }), null);
    // Steps that are not doublings are judged per doubling: +5% for +25% sessions is a healthy +24% per doubling.
    assert.equal(findKnee({ x: [256, 320], throughput: [1000, 1050], latency: null }), null);
    assert.equal(findKnee({ x: [32, 64, 128, 256, 320], throughput: [100, 190, 350, 600, 610], latency: null })?.index, 3);
  });

  it('S5: NOPM against virtual users, a line per configuration, faster storage scaling further', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s5-rook-ceph-optane']);
    const r = scalingCurves({ runs: core.runs({ study: 's5-rook-ceph-optane' }), x: 'vus', metric: 'nopm' });
    assert.deepEqual(r.series.map((s) => s.config), ['baseline', 'config-1', 'config-2']);
    for (const s of r.series) assert.deepEqual(s.points.map((p) => p.x), [1, 2, 4, 8, 16, 32, 64]);
    const at8 = r.series.map((s) => s.points.find((p) => p.x === 8)!.y);
    assert.deepEqual(at8, [2544, 2844, 3525], 'the published 8-VU NOPM');
    assert.equal(r.x_load, true, 'virtual users are a load');
    const knees = r.series.map((s) => s.knee);
    assert.ok(knees.every((k) => k !== null), 'every sweep saturates');
    // No knee where NOPM still grows meaningfully: never at 4 VU (+23% at 8), and at each knee
    // the next doubling buys under 10% more.
    for (const s of r.series) {
      const i = s.points.findIndex((p) => p.x === s.knee);
      assert.ok(s.knee! >= 8, `${s.config}: knee at ${s.knee} VU`);
      assert.ok(s.points[i + 1]!.y < s.points[i]!.y * 1.1, `${s.config}: NOPM grows under 10% after the knee`);
      assert.ok(s.points.slice(1, i + 1).every((p, k) => p.y >= s.points[k]!.y * 1.1), `${s.config}: NOPM grows at least 10% per doubling up to the knee`);
    }
    assert.deepEqual(knees, [8, 16, 16]);
    assert.ok(knees[2]! > knees[0]!, `config-2's knee (${knees[2]}) comes later than the baseline's (${knees[0]})`);
    assert.match(r.series[0]!.knee_rule!, /Little's law/);
    assert.match(r.series[0]!.knee_rule!, /from vus 8 to 16 nopm changes \+9\.0%/);
    core.close();
  });

  it('latency against throughput: a metric on X (vdbench iorate=curve points)', () => {
    const mk = (id: number, pct: number, iops: number, ms: number) => ({
      id, study: 's', config: 'A', tool: 'vdbench', tool_version: null, format: 'vdbench', name: `rd_(${pct}%)`, host: null, start: null, end: null,
      source: { file: 'f', sha256: 'x' }, params: { rd: 'rd', iorate: 'curve', curve_pct: pct, bs: 4096 }, metrics: { 'total.iops': iops, 'total.lat_avg_ms': ms },
      tables: {}, warnings: [], errors: [],
    });
    const runs = [mk(1, 10, 1000, 0.5), mk(2, 50, 5000, 0.6), mk(3, 90, 9000, 1.4), mk(4, 100, 9500, 4.0)];
    const r = scalingCurves({ runs, x: 'total.iops', metric: 'total.lat_avg_ms' });
    assert.equal(r.series.length, 1);
    assert.deepEqual(r.series[0]!.points.map((p) => [p.x, p.y]), [[1000, 0.5], [5000, 0.6], [9000, 1.4], [9500, 4.0]]);
  });

  it('curves per block size come in block-size order (512B, 4K, 64K, 1M), not in the order of their names', () => {
    const mk = (id: number, bs: number, qd: number) => ({
      id, study: 's', config: 'A', tool: 'fio', tool_version: null, format: 'fio-json', name: `j${id}`, host: null, start: null, end: null,
      source: { file: 'f', sha256: 'x' }, params: { rw: 'randread', pattern: 'random', read_pct: 100, bs, iodepth: qd, numjobs: 1 }, metrics: { 'total.iops': 1000 * qd },
      tables: {}, warnings: [], errors: [],
    });
    const sizes = [1048576, 4096, 512, 65536];
    const runs = sizes.flatMap((bs, i) => [1, 4, 16].map((qd, k) => mk(i * 3 + k, bs, qd)));
    const r = scalingCurves({ runs, x: 'iodepth', metric: 'total.iops' });
    assert.deepEqual(r.series.map((s) => s.params['bs']), [512, 4096, 65536, 1048576]);
  });

  it('vdbench grid: response time against block size, a line per configuration and pattern', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration']);
    const r = scalingCurves({ runs: core.runs({ study: 's1-flash-migration' }), x: 'bs', metric: 'total.lat_avg_ms' });
    assert.equal(r.series.length, 5 * 6);
    const v7000rr = r.series.find((s) => s.config === 'V7000 thick' && s.params['pattern'] === 'random' && s.params['read_pct'] === 100)!;
    assert.deepEqual(v7000rr.points.map((p) => [p.x, p.y]), [[4096, 14.966], [8192, 27.106], [32768, 13.448]]);
    assert.equal(v7000rr.knee, null, 'no knee on a lower-is-better metric');
    // Nor on block size, whatever the metric: a bigger block is no more load.
    const iops = scalingCurves({ runs: core.runs({ study: 's1-flash-migration' }), x: 'bs', metric: 'total.iops' });
    assert.equal(iops.x_load, false);
    assert.ok(iops.series.length > 0 && iops.series.every((s) => s.knee === null && s.knee_rule === null), 'no knee on block size');
    core.close();
  });
});

describe('"stable up to" and the knee on the latency the study states (issue 28.2)', () => {
  const mk = (id: number, config: string, threads: number, tps: number, mean: number, p95: number, p99: number) => ({
    id, study: 's', config, tool: 'sysbench', tool_version: '1.0.20', format: 'sysbench', name: `oltp_read_write, ${threads} threads`, host: null, start: null, end: null,
    source: { file: `${config}-${threads}.log`, sha256: 'x' }, params: { test: 'oltp_read_write', threads },
    metrics: { tps, 'total.lat_avg_ms': mean, 'total.lat_p95_ms': p95, 'total.lat_p99_ms': p99 }, tables: {}, warnings: [], errors: [],
  });
  // Mean latency grows gently up to 64 threads while p95 nearly doubles from 32 to 64: judged on
  // the mean, latency is stable up to 64; on p95 (what sysbench's summary and the study state)
  // up to 32. TPS stalls from 64 to 128: the knee.
  const THREADS = [2, 4, 8, 16, 32, 64, 128, 256];
  const TPS = [300, 600, 1150, 2200, 4000, 5000, 5100, 5150];
  const MEAN = [6.7, 6.7, 7.0, 7.3, 8.0, 10.4, 20.1, 44.0];
  const P95 = [8.0, 8.1, 8.6, 9.4, 11.0, 21.0, 48.0, 110.0];
  const P99 = [9, 9, 10, 11, 14, 30, 70, 160];
  const runs = THREADS.map((t, i) => mk(i + 1, 'aws', t, TPS[i]!, MEAN[i]!, P95[i]!, P99[i]!));

  it('the rule: the last load before latency grows by more than 50% for one doubling', () => {
    assert.deepEqual(stableUpTo([2, 4, 8], [1, 1.4, 2.0]), { index: 2, fired: false, growthPerDoubling: null }, '+40%, +43%: stable over the sweep');
    assert.deepEqual(stableUpTo([2, 4, 8], [1, 1.4, 2.2])?.index, 1, '+57% from 4 to 8');
    // Steps that are not doublings are judged per doubling: 256 -> 392 is 0.61 of a doubling.
    assert.equal(stableUpTo([256, 392], [10, 12.5])!.fired, false, '+25% over 0.61 doublings is +44% per doubling');
    assert.equal(stableUpTo([256, 392], [10, 13.5])!.fired, true, '+35% over 0.61 doublings is +63% per doubling');
    assert.equal(stableUpTo([2], [1]), null, 'one point says nothing');
  });

  it('sysbench: judged on p95 by default (the dictionary\'s tail metric), the rule stated in words', () => {
    const r = scalingCurves({ runs, x: 'threads', metric: 'tps' });
    assert.equal(r.latency_metric, 'total.lat_p95_ms');
    assert.equal(r.stable_rule, 'latency p95 grows by more than 50% for one doubling of threads');
    const s = r.series[0]!;
    assert.equal(s.stable_up_to, 32, 'p95 +91% from 32 to 64');
    assert.equal(s.stable_within_sweep, true);
    assert.equal(s.stable_rule, 'from threads 32 to 64 latency p95 grows from 11.00 to 21.00 ms (+90.9% per doubling, over 50%)');
    assert.equal(s.knee, 64, 'TPS +2% from 64 to 128 while p95 grows +129%');
    assert.match(s.knee_rule!, /from threads 64 to 128 tps changes \+2\.0% \(under 10% per doubling\) while latency p95 \(total\.lat_p95_ms\) grows \+128\.6%/);
  });

  it('the user picks the latency: on the mean, latency reads stable a step further; p99 as asked', () => {
    const mean = scalingCurves({ runs, x: 'threads', metric: 'tps', latencyMetric: 'total.lat_avg_ms' });
    assert.equal(mean.latency_metric, 'total.lat_avg_ms');
    assert.equal(mean.stable_rule, 'mean latency grows by more than 50% for one doubling of threads');
    assert.equal(mean.series[0]!.stable_up_to, 64, 'mean +30% from 32 to 64, +93% from 64 to 128');
    assert.equal(mean.series[0]!.knee, 64);
    const p99 = scalingCurves({ runs, x: 'threads', metric: 'tps', latencyMetric: 'total.lat_p99_ms' });
    assert.equal(p99.series[0]!.stable_up_to, 32);
    assert.deepEqual(p99.series[0]!.points.map((p) => p.latency), P99, 'the points carry the chosen latency');
  });

  it('no "stable up to" on block size, nor without measured latency (Little\'s law measures nothing)', () => {
    const bs = scalingCurves({ runs: runs.map((r) => ({ ...r, params: { ...r.params, bs: r.params.threads * 1024 } })), x: 'bs', metric: 'tps' });
    assert.ok(bs.series.every((s) => s.stable_up_to === null) && bs.stable_rule === null);
    const bare = runs.map((r) => ({ ...r, metrics: { tps: r.metrics.tps } }));
    const little = scalingCurves({ runs: bare, x: 'threads', metric: 'tps' });
    assert.equal(little.latency_metric, null);
    assert.equal(little.series[0]!.stable_up_to, null);
  });
});

describe('curves of a configuration that differs in a parameter on every run (issue 27)', () => {
  it('numjobs=4 beside numjobs=1 mounts: its curves join the same workloads, not panels of their own', () => {
    const mk = (id: number, config: string, bs: number, iodepth: number, numjobs: number) => ({
      id, study: 's', config, tool: 'fio', tool_version: null, format: 'fio-normal', name: `j${id}`, host: null, start: null, end: null,
      source: { file: 'f', sha256: 'x' }, params: { rw: 'randread', pattern: 'random', read_pct: 100, bs, iodepth, numjobs }, metrics: { 'total.iops': 1000 * iodepth * numjobs },
      tables: {}, warnings: [], errors: [],
    });
    let id = 1;
    const runs = [['RBD', 1], ['CephFS', 1], ['RBD x4', 4]].flatMap(([c, nj]) => [4096, 65536].flatMap((bs) => [1, 2, 4].map((qd) => mk(id++, c as string, bs, qd, nj as number))));
    const r = scalingCurves({ runs, x: 'iodepth', metric: 'total.iops' });
    assert.deepEqual([...new Set(r.series.map((s) => s.label.split(' · ')[1]))], ['4K random read', '64K random read'], 'two workloads, whatever numjobs each mount ran');
    assert.equal(r.series.length, 6);
    // Within one configuration numjobs still splits its curves: a sweep over numjobs and depth.
    const one = scalingCurves({ runs: [1, 4].flatMap((nj) => [1, 2, 4].map((qd) => mk(id++, 'RBD', 4096, qd, nj))), x: 'iodepth', metric: 'total.iops' });
    assert.deepEqual(one.series.map((s) => s.label), ['RBD · 4K random read ×1', 'RBD · 4K random read ×4']);
  });
});
