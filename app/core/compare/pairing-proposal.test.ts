/**
 * Issue 27.3: numjobs=4 against numjobs=1 paired nothing and the configuration dropped out of the
 * matrix unsaid. The comparison now proposes the key to pair without, and names every
 * configuration a matrix leaves out with its reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { compareConfigs } from './compare.js';
import { DEFAULT_PAIRING_KEYS } from './pairing.js';

let nextId = 1;
function run(config: string, params: Record<string, ParamValue>, metrics: Record<string, number>): RunRecord {
  const id = nextId++;
  return {
    id, study: 's', config, tool: 'fio', tool_version: 'fio-3.7', format: 'fio-normal', name: `run${id}`, host: null,
    start: null, end: null, source: { file: `run${id}.txt`, sha256: 'x' }, params, metrics, tables: {}, warnings: [], errors: [],
  };
}

const WORKLOADS = [
  { bs: 4096, pattern: 'random', read_pct: 100 }, { bs: 4096, pattern: 'random', read_pct: 0 },
  { bs: 65536, pattern: 'sequential', read_pct: 100 }, { bs: 65536, pattern: 'sequential', read_pct: 0 },
];
const DEPTHS = [1, 2, 4, 8, 16, 32, 64, 128];

/** Issue 27's shape: a configuration per mount, each 4 workloads x 8 depths at numjobs=1, and RBD again at numjobs=4. */
function cephStudy(): RunRecord[] {
  const runs: RunRecord[] = [];
  for (const [config, numjobs, k] of [['RBD', 1, 1], ['CephFS', 1, 0.8], ['NFS', 1, 0.5], ['RBD x4', 4, 1.6]] as const) {
    for (const w of WORKLOADS) for (const iodepth of DEPTHS) runs.push(run(config, { ...w, iodepth, numjobs }, { 'total.iops': k * 1000 * Math.min(iodepth, 16) }));
  }
  return runs;
}

describe('pairing proposal (issue 27.3)', () => {
  it('numjobs=4 against numjobs=1: nothing pairs, and the comparison proposes pairing without numjobs, with the pairs it gives', () => {
    const runs = cephStudy();
    const r = compareConfigs({ study: 's', baseline: 'RBD', candidates: ['RBD x4'], runs, metrics: ['total.iops'] });
    assert.equal(r.pairs.length, 0);
    assert.equal(r.unmatched.length, 64, '32 workloads on each side unmatched');
    assert.ok(r.proposal, 'a proposal');
    assert.equal(r.proposal.key, 'numjobs');
    assert.equal(r.proposal.pairs, 32);
    assert.equal(r.proposal.pairs_now, 0);
    assert.deepEqual(r.proposal.pairing_keys, DEFAULT_PAIRING_KEYS.filter((k) => k !== 'numjobs'));
    assert.deepEqual(r.proposal.candidates, [{ candidate: 'RBD x4', baseline_value: 1, candidate_value: 4, pairs: 32, pairs_now: 0 }]);
    // numjobs is a load (issue 40): never "what is being compared", always "loads differ" first.
    assert.equal(r.proposal.loads_differ, true);
    assert.equal(r.proposal.message, 'loads differ (4 vs 1 jobs): every run of "RBD x4" has numjobs = 4, every run of "RBD" 1. Pairing without numjobs gives 32 pairs (now 0) that set different loads against each other, not the configurations at one load.');
    assert.doesNotMatch(r.proposal.message, /is what is being compared/);
    // Applied, it pairs what the proposal says, and each pair is numjobs 4 against 1 at one depth.
    const applied = compareConfigs({ study: 's', baseline: 'RBD', candidates: ['RBD x4'], runs, metrics: ['total.iops'], pairingKeys: r.proposal.pairing_keys });
    assert.equal(applied.pairs.length, 32);
    assert.equal(applied.proposal, null, 'nothing left to propose');
    assert.ok(applied.pairs.every((p) => p.n_baseline === 1 && p.n_candidate === 1), 'no two workloads folded into one');
    assert.equal(applied.pairs.find((p) => p.workload_params['iodepth'] === 8 && p.workload_params['bs'] === 4096 && p.workload_params['read_pct'] === 100)?.speedup_text, '1.60x');
  });

  it('in Chinese the proposal is worded in Chinese', () => {
    const r = compareConfigs({ study: 's', baseline: 'RBD', candidates: ['RBD x4'], runs: cephStudy(), metrics: ['total.iops'], locale: 'zh-CN' });
    assert.match(r.proposal!.message, /^负载不同（4 对 1 个作业）：“RBD x4”的每次运行 numjobs = 4，“RBD”为 1。不按 numjobs 配对得到的 32 对（现为 0 对）比较的是不同的负载，而不是配置。$/);
  });

  it('a matrix never drops a configuration unsaid: the one without pairs is named with its reason and the key', () => {
    const r = compareConfigs({ study: 's', baseline: 'RBD', candidates: ['CephFS', 'NFS', 'RBD x4'], runs: cephStudy(), metrics: ['total.iops'] });
    assert.deepEqual(r.rollup.map((x) => x.candidate), ['CephFS', 'NFS'], 'the roll-up has what pairs');
    assert.deepEqual(r.left_out?.map((l) => [l.candidate, l.reason, l.key]), [['RBD x4', 'no-common-workload', 'numjobs']]);
    const w = r.warnings.find((x) => x.code === 'config-left-out');
    assert.ok(w, 'a warning says so');
    assert.match(w.message, /^"RBD x4" has no workload in common with "RBD" under the pairing keys \(.*numjobs.*\): loads differ \(4 vs 1 jobs\)$/);
    assert.equal(w.runs.length, 32, 'naming its runs');
    assert.equal(r.proposal?.key, 'numjobs');
    assert.equal(r.proposal?.pairs, 3 * 32, 'the other candidates keep their pairs');
  });

  it('a 10-user run against a 100-user run (issue 40): proposed only as "loads differ (10 vs 100 users)"', () => {
    const hammer = (config: string, vus: number, nopm: number): RunRecord => ({ ...run(config, { benchmark: 'TPROC-C', vus }, { nopm }), tool: 'hammerdb' });
    const r = compareConfigs({ study: 's', baseline: 'PG attempt 3', candidates: ['MySQL at 100'], runs: [hammer('PG attempt 3', 10, 2602), hammer('MySQL at 100', 100, 2891)], metrics: ['nopm'] });
    assert.equal(r.pairs.length, 0, 'nothing pairs in silence');
    assert.equal(r.proposal?.key, 'vus');
    assert.equal(r.proposal?.loads_differ, true);
    assert.match(r.proposal!.message, /^loads differ \(100 vs 10 users\): every run of "MySQL at 100" has vus = 100, every run of "PG attempt 3" 10\./);
    assert.doesNotMatch(r.proposal!.message, /vus is what is being compared/);
    // A key that is no load keeps its words: a block size is what a candidate may be about.
    const bs = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [run('A', { bs: 4096 }, { 'total.iops': 1 }), run('B', { bs: 8192 }, { 'total.iops': 2 })], metrics: ['total.iops'] });
    assert.equal(bs.proposal?.loads_differ, undefined);
    assert.match(bs.proposal!.message, /bs is what is being compared/);
  });

  it('no proposal where dropping the key would fold two workloads of a side into one', () => {
    const runs = cephStudy();
    // NFS ran both numjobs 1 and 4: without numjobs, its two runs per depth would become "repetitions".
    runs.push(...WORKLOADS.map((w) => run('NFS', { ...w, iodepth: 1, numjobs: 4 }, { 'total.iops': 700 })));
    const r = compareConfigs({ study: 's', baseline: 'RBD', candidates: ['NFS', 'RBD x4'], runs, metrics: ['total.iops'] });
    assert.equal(r.proposal, null);
    assert.match(r.warnings.find((x) => x.code === 'config-left-out')!.message, /"RBD x4" has no workload in common with "RBD" under the pairing keys \([^)]*\)$/, 'still said, without a key to drop');
  });

  it('no proposal where everything pairs, nor where the sides differ in more than one key on some run', () => {
    const runs = cephStudy();
    assert.equal(compareConfigs({ study: 's', baseline: 'RBD', candidates: ['CephFS'], runs, metrics: ['total.iops'] }).proposal, null);
    const mixed = [run('A', { bs: 4096, iodepth: 1, numjobs: 1 }, { 'total.iops': 1 }), run('B', { bs: 8192, iodepth: 2, numjobs: 4 }, { 'total.iops': 2 })];
    assert.equal(compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: mixed, metrics: ['total.iops'] }).proposal, null, 'one key dropped still pairs nothing');
  });

  it('a configuration without the metric, or without runs, is left out with that reason', () => {
    const runs = [
      run('A', { bs: 4096 }, { 'total.iops': 10 }),
      run('B', { bs: 4096 }, { 'total.bw_mib_s': 1 }),
      { ...run('C', { bs: 4096 }, { 'total.iops': 5 }), errors: ['fio: ENOSPC'] },
    ];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B', 'C'], runs, metrics: ['total.iops'] });
    assert.deepEqual(r.left_out?.map((l) => [l.candidate, l.reason]), [['B', 'no-metric'], ['C', 'no-runs']]);
  });
});
