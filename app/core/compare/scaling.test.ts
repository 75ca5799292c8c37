import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { findKnee, scalingCurves } from './scaling.js';

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
