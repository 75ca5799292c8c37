import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { compareConfigs } from './compare.js';
import { changePct, formatChange, formatSpeedup, geomean, speedup } from './speedup.js';

let nextId = 1;
function run(config: string, params: Record<string, ParamValue>, metrics: Record<string, number>, name = `run${nextId}`): RunRecord {
  return {
    id: nextId++, study: 's', config, tool: 'fio', tool_version: 'fio-3.33', format: 'fio-json', name, host: null,
    start: null, end: null, source: { file: `${name}.json`, sha256: 'x' }, params, metrics, tables: {}, warnings: [], errors: [],
  };
}

const rr4k = { bs: 4096, pattern: 'random', read_pct: 100, iodepth: 16, numjobs: 1 };
const sw128k = { bs: 131072, pattern: 'sequential', read_pct: 0, iodepth: 8, numjobs: 1 };

describe('speedup convention', () => {
  it('> 1 always means better, whatever the direction (S1: 7.31 -> 1.06 ms is 6.90x, not "690%")', () => {
    assert.equal(formatSpeedup(speedup(7.31, 1.06, 'lower')), '6.90x');
    assert.equal(formatChange(changePct(7.31, 1.06)), '-85.5%');
    assert.equal(formatSpeedup(speedup(10.35, 1.895, 'lower')), '5.46x');
    assert.equal(formatSpeedup(speedup(504.4, 1494.5, 'higher')), '2.96x');
    assert.equal(formatChange(changePct(504.4, 1494.5)), '+196.3%');
    assert.equal(speedup(0, 5, 'higher'), null, 'no ratio against zero');
  });

  it('swapping baseline and candidate inverts the speedup', () => {
    for (const [a, b] of [[3, 7], [0.2, 0.9], [1000, 999]] as const) {
      for (const better of ['higher', 'lower'] as const) {
        assert.ok(Math.abs(speedup(a, b, better)! * speedup(b, a, better)! - 1) < 1e-12, `${a} ${b} ${better}`);
      }
    }
  });

  it('the geometric mean treats 2x and 0.5x as cancelling out', () => {
    assert.equal(geomean([2, 0.5]), 1);
    assert.ok(Math.abs(geomean([2, 8])! - 4) < 1e-12, 'geomean of 2 and 8 is 4');
  });
});

describe('compareConfigs', () => {
  it('pairs by workload parameters, not by file order, and states speedup per metric', () => {
    const runs = [
      run('A', rr4k, { 'total.iops': 1000, 'total.lat_avg_ms': 2 }),
      run('A', sw128k, { 'total.iops': 300, 'total.lat_avg_ms': 4 }),
      // B's files came in the other order, with other names.
      run('B', sw128k, { 'total.iops': 600, 'total.lat_avg_ms': 1 }, 'zzz'),
      run('B', rr4k, { 'total.iops': 500, 'total.lat_avg_ms': 8 }, 'aaa'),
    ];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.iops', 'total.lat_avg_ms'] });
    const get = (metric: string, bs: number) => r.pairs.find((p) => p.metric === metric && p.workload_params['bs'] === bs)!;
    assert.equal(get('total.iops', 4096).speedup, 0.5);
    assert.equal(get('total.iops', 131072).speedup, 2);
    assert.equal(get('total.lat_avg_ms', 4096).speedup, 0.25, 'latency 2 -> 8 ms is 4x worse');
    assert.equal(get('total.lat_avg_ms', 131072).speedup, 4);
    assert.equal(get('total.lat_avg_ms', 131072).change_pct, -75);
    assert.equal(r.geomean_speedup['total.iops'], 1);
    assert.equal(r.geomean_speedup['total.lat_avg_ms'], 1);
    assert.deepEqual(r.unmatched, []);
  });

  it('lists workloads that ran on one side only as unmatched', () => {
    const runs = [run('A', rr4k, { 'total.iops': 1 }), run('B', rr4k, { 'total.iops': 2 }), run('B', sw128k, { 'total.iops': 3 })];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    assert.equal(r.pairs.length, 1);
    assert.deepEqual(r.unmatched.map((u) => [u.side, u.workload]), [['candidate', '128K seq write QD8 ×1']]);
  });

  it('repetitions are reduced to their median, with n shown; adding one never changes pairing', () => {
    const runs = [
      run('A', rr4k, { 'total.iops': 100 }), run('A', rr4k, { 'total.iops': 110 }), run('A', rr4k, { 'total.iops': 400 }),
      run('B', rr4k, { 'total.iops': 220 }),
    ];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    assert.equal(r.pairs.length, 1);
    assert.equal(r.pairs[0]!.baseline, 110);
    assert.equal(r.pairs[0]!.n_baseline, 3);
    assert.equal(r.pairs[0]!.speedup, 2);
    const more = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [...runs, run('B', rr4k, { 'total.iops': 230 })] });
    assert.deepEqual(more.pairs.map((p) => p.workload), r.pairs.map((p) => p.workload));
  });

  it('identical sides give a geometric mean of exactly 1', () => {
    const runs = [run('A', rr4k, { 'total.iops': 123.4 }), run('A', sw128k, { 'total.iops': 5 }), run('B', rr4k, { 'total.iops': 123.4 }), run('B', sw128k, { 'total.iops': 5 })];
    assert.equal(compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs }).geomean_speedup['total.iops'], 1);
  });

  it('runs that reported errors are left out and named in a warning', () => {
    const bad = run('B', rr4k, { 'total.iops': 1 });
    bad.errors.push('fio reported error 28');
    const runs = [run('A', rr4k, { 'total.iops': 100 }), run('B', rr4k, { 'total.iops': 200 }), bad];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    assert.equal(r.pairs[0]!.candidate, 200);
    assert.equal(r.pairs[0]!.n_candidate, 1);
    const w = r.warnings.find((x) => x.code === 'failed-runs-excluded')!;
    assert.deepEqual(w.runs, [bad.id]);
  });

  it('the pairing keys can be narrowed (ignore the queue depth)', () => {
    const runs = [run('A', rr4k, { 'total.iops': 100 }), run('B', { ...rr4k, iodepth: 32 }, { 'total.iops': 300 })];
    assert.equal(compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs }).pairs.length, 0);
    const narrowed = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, pairingKeys: ['bs', 'pattern', 'read_pct'] });
    assert.equal(narrowed.pairs[0]!.speedup, 3);
  });
});
