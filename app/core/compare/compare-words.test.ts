/**
 * What a comparison says in words (issues 20 and 28): the metrics it compares when none are
 * named, the configurations an unpaired workload ran in, a warning's specifics apart from its
 * sentence, "median of 3 runs" only for a side that had three, a warning once however many
 * sections raised it, and English plurals.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompareWarning, ParamValue, RunRecord } from '../../contract/records.js';
import { basis } from '../reports/render-report.js';
import { uniqueWarnings } from '../reports/evidence.js';
import { countOf } from '../plural.js';
import { compareConfigs } from './compare.js';
import { rollupCountsText } from './methods.js';
import { sameWorkload, workloadLabel } from './pairing.js';

let nextId = 1;
function run(config: string, tool: string, params: Record<string, ParamValue>, metrics: Record<string, number>, more: Partial<RunRecord> = {}): RunRecord {
  const id = nextId++;
  return {
    id, study: 's', config, tool, tool_version: null, format: tool, name: `run${id}`, host: null, start: null, end: null,
    source: { file: `run${id}.out`, sha256: 'x' }, params, metrics, tables: {}, warnings: [], errors: [], ...more,
  };
}

const fio = (config: string, iodepth: number, iops: number, clat: number, direct = 1): RunRecord =>
  run(config, 'fio', { bs: 4096, pattern: 'random', read_pct: 100, iodepth, numjobs: 1, direct }, { 'total.iops': iops, 'total.bw_mib_s': iops / 256, 'total.lat_avg_ms': clat + 0.01, 'total.clat_avg_ms': clat });

describe('a comparison in words', () => {
  it('compares the tools\' primary metrics when none are named: fio IOPS, bandwidth and completion latency; sysbench TPS and p95', () => {
    const runs = [fio('a', 1, 10000, 0.1), fio('b', 1, 20000, 0.05)];
    assert.deepEqual(compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs }).metrics, ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms']);
    const sb = (config: string, tps: number) => run(config, 'sysbench', { test: 'oltp_read_write', threads: 32 }, { tps, qps: tps * 21, 'total.lat_avg_ms': 36, 'total.lat_p95_ms': 61 });
    assert.deepEqual(compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs: [sb('a', 869), sb('b', 1500)] }).metrics, ['tps', 'total.lat_p95_ms']);
  });

  it('an unpaired workload names every configuration that ran it, not only the side it was found on', () => {
    const runs = [fio('a', 1, 100, 1), fio('a', 32, 100, 1), fio('b', 1, 100, 1), fio('c', 1, 100, 1), fio('c', 32, 100, 1)];
    const r = compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs, metrics: ['total.iops'] });
    assert.equal(r.unmatched.length, 1);
    assert.deepEqual(r.unmatched[0]!.configs, ['a', 'c'], 'QD32 ran in a and in c, not in b');
  });

  it('a warning carries its specifics apart from its sentence', () => {
    const r = compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs: [fio('a', 1, 100, 1, 1), fio('b', 1, 100, 1, 0)], metrics: ['total.iops'] });
    const direct = r.warnings.find((w) => w.code === 'different-direct')!;
    assert.equal(direct.detail, 'baseline: 1; candidate: 0');
    assert.equal(r.warnings.find((w) => w.code === 'single-run')!.detail, undefined, 'its sentence says it all');
  });

  it('"median of 3 runs" only for a side that had three', () => {
    assert.equal(basis({ kind: 'configurations', aggregation: null }, 3, 3, false), 'median of 3 runs a side');
    assert.equal(basis({ kind: 'configurations', aggregation: null }, 3, 2, false), 'baseline: median of 3 runs; candidate: median of 2 runs');
    assert.equal(basis({ kind: 'configurations', aggregation: null }, 1, 3, false), 'baseline: one run; candidate: median of 3 runs');
    assert.equal(basis({ kind: 'configurations', aggregation: null }, 3, 2, true), '基线：3 次运行的中位数；候选：2 次运行的中位数');
  });

  it('one warning raised by several sections is listed once, over all its runs, without a section\'s pair count', () => {
    const a: CompareWarning = { code: 'few-repetitions', message: '3 runs per side cannot reach p < 0.05 (2 pairs, marked ~)', runs: [3, 1] };
    const b: CompareWarning = { code: 'few-repetitions', message: '3 runs per side cannot reach p < 0.05 (5 pairs, marked ~)', runs: [1, 7] };
    const c: CompareWarning = { code: 'short-runtime', message: 'runtime under 60 s', runs: [9] };
    const u = uniqueWarnings([a, b, c, { ...c, runs: [9, 10] }]);
    assert.deepEqual(u.map((w) => [w.code, w.message, w.runs]), [
      ['few-repetitions', '3 runs per side cannot reach p < 0.05', [1, 3, 7]],
      ['short-runtime', 'runtime under 60 s', [9, 10]],
    ]);
  });

  it('English plurals: "1 thread", "1 win, 1 loss, 1 tie"; labels saved with "1 threads" still match', () => {
    assert.equal(workloadLabel({ bs: 4096, pattern: 'sequential', read_pct: 50, iodepth: 8, threads: 1 }), '4K seq 50/50 QD8 1 thread');
    assert.equal(workloadLabel({ threads: 64 }), '64 threads');
    assert.equal(workloadLabel({ sessions: 1 }), '1 session');
    assert.ok(sameWorkload('4K seq 50/50 QD8 1 thread', '4K seq 50/50 QD8 1 threads'));
    assert.ok(!sameWorkload('4K seq 50/50 QD8 1 thread', '4K seq 50/50 QD8 2 threads'));
    assert.equal(rollupCountsText({ pairs: 3, wins: 1, losses: 1, ties: 1, untested: 0 }, 'en'), '1 win, 1 loss, 1 tie');
    assert.equal(countOf(2, 'loss', 'losses'), '2 losses');
  });
});
