import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { compareConfigs } from './compare.js';
import { applyWorkloadFilter, parseWorkloadFilter } from './workload-filter.js';

let nextId = 1;
function run(config: string, params: Record<string, ParamValue>, ops: number): RunRecord {
  const id = nextId++;
  return {
    id, study: 's5', config, tool: 'x', tool_version: null, format: 'x', name: `r${id}`, host: null, start: null, end: null,
    source: { file: `r${id}`, sha256: 'x' }, params, metrics: { ops_per_s: ops }, tables: {}, warnings: [], errors: [],
  };
}

/** S5's shape: CockroachDB workloads beside COSBench stages; the stages other than the measured one do not change. */
function s5(): RunRecord[] {
  const figures: Array<[Record<string, ParamValue>, number, number]> = [
    [{ workload: 'bank', threads: 8 }, 504.4, 1494.5],
    [{ workload: 'movr', threads: 8 }, 233.2, 258.8],
    [{ workload: 'ycsb', threads: 8 }, 50766.5, 57635.6],
    [{ stage: 's1-init' }, 6.99, 6.99],
    [{ stage: 's2-prepare', bs: 4000 }, 812.34, 812.34],
    [{ stage: 's3-4k-70r30w', bs: 4000, read_pct: 70 }, 2589.33, 3198.58],
    [{ stage: 's5-cleanup' }, 1230.77, 1230.77],
  ];
  return figures.flatMap(([params, b, c]) => [run('baseline', params, b), run('config-2', params, c)]);
}

describe('workload filter', () => {
  it('S5: leaving out the COSBench init, prepare and cleanup stages lifts the geometric mean they diluted', () => {
    const runs = s5();
    const all = compareConfigs({ study: 's5', baseline: 'baseline', candidates: ['config-2'], runs, metrics: ['ops_per_s'] });
    const where = parseWorkloadFilter('stage!=*init,*prepare,*cleanup');
    const main = compareConfigs({ study: 's5', baseline: 'baseline', candidates: ['config-2'], runs, metrics: ['ops_per_s'], where });
    assert.equal(all.rollup[0]!.pairs, 7);
    assert.equal(main.rollup[0]!.pairs, 4, 'bank, movr, ycsb and the measured COSBench stage');
    assert.equal(main.pairs.filter((p) => p.object !== '*' && p.tie).length, 0, 'no 1.00x pairs left');
    const expected = Math.exp((Math.log(1494.5 / 504.4) + Math.log(258.8 / 233.2) + Math.log(57635.6 / 50766.5) + Math.log(3198.58 / 2589.33)) / 4);
    assert.ok(Math.abs(main.geomean_speedup['ops_per_s']! - expected) < 1e-9);
    assert.ok(all.geomean_speedup['ops_per_s']! < 1.3 && main.geomean_speedup['ops_per_s']! > 1.45);
    assert.match(main.workload_filter!, /stage ≠ \*init, \*prepare, \*cleanup \(6 runs left out; runs without stage are kept\)/);
    assert.equal(all.workload_filter, null);
  });

  it('= keeps only the values named; block sizes may be written as engineers write them', () => {
    const runs = [run('a', { bs: 4096 }, 1), run('a', { bs: 8192 }, 1), run('a', { bs: 32768 }, 1), run('a', {}, 1)];
    assert.deepEqual(applyWorkloadFilter(runs, parseWorkloadFilter('bs=4K,32K')).map((r) => r.params['bs'] ?? null), [4096, 32768, null]);
    assert.deepEqual(applyWorkloadFilter(runs, parseWorkloadFilter(['bs!=4096', 'bs!=8K'])).map((r) => r.params['bs'] ?? null), [32768, null]);
  });

  it('a clause that cannot be read is an error that shows the way to write it', () => {
    assert.throws(() => parseWorkloadFilter('stage main'), /workload filter "stage main": write it as PARAM=VALUE/);
    assert.throws(() => parseWorkloadFilter('stage=,'), /no value after =/);
    assert.deepEqual(parseWorkloadFilter(' ; '), []);
  });
});
