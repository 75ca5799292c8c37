import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { fioVolumes, importFioVolumes, importSysbenchServers, SERVERS } from '../test-support/stranger-studies.js';
import { bindingMetric, compareParamValues, inWorkloadOrder, studyDesign } from './design.js';
import { DEFAULT_PAIRING_KEYS } from '../compare/pairing.js';

let next = 1;
function run(config: string, params: Record<string, ParamValue>, metrics: Record<string, number>, tool = 'fio'): RunRecord {
  const id = next++;
  return { id, study: 's', config, tool, tool_version: null, format: tool, name: `r${id}`, host: null, start: null, end: null, source: { file: `r${id}`, sha256: '' }, params, metrics, tables: {}, warnings: [], errors: [] };
}

describe('the design of a study', () => {
  it('four volumes over seven block sizes: one sentence, block size the axis, bandwidth binding from 128K', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importFioVolumes(core, path.join(tempDir(), 'fio'), 'ebs');
      const runs = core.runs({ study: 'ebs' });
      const design = studyDesign({ runs, configs: core.studies()[0]!.configs, keys: core.settings('ebs').pairing_keys, locale: 'en' });
      assert.equal(design.sentence, '4 configurations × 7 block sizes, one run each, random write at depth 16 × 16 jobs');
      assert.equal(design.axis, 'bs');
      assert.equal(design.load, null, 'block size is no load');
      assert.deepEqual(design.shape.find((f) => f.key === 'bs')!.values, [4096, 8192, 16384, 32768, 65536, 131072, 262144], 'natural order');
      assert.deepEqual(design.binding.map((b) => b.metric), ['total.iops', 'total.iops', 'total.iops', 'total.iops', 'total.iops', 'total.bw_mib_s', 'total.bw_mib_s']);
      const zh = studyDesign({ runs, configs: core.studies()[0]!.configs, keys: core.settings('ebs').pairing_keys, locale: 'zh-CN' });
      assert.equal(zh.sentence, '4 个配置 × 7 种块大小，每点 1 次运行，随机写，队列深度 16 × 16 个作业');
    } finally {
      core.close();
    }
  });

  it('other sizes and volumes: the sentence counts what is there', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importFioVolumes(core, path.join(tempDir(), 'fio'), 'ebs', fioVolumes([4, 16, 64, 256, 1024]).slice(0, 3), [4, 16, 64, 256, 1024]);
      const design = studyDesign({ runs: core.runs({ study: 'ebs' }), configs: core.studies()[0]!.configs, keys: core.settings('ebs').pairing_keys, locale: 'en' });
      assert.equal(design.sentence, '3 configurations × 5 block sizes, one run each, random write at depth 16 × 16 jobs');
    } finally {
      core.close();
    }
  });

  it('servers over threads: the load is the axis; two runs a point until a path parameter splits them', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS.slice(0, 3));
      const configs = core.studies()[0]!.configs;
      const before = studyDesign({ runs: core.runs({ study: 'db' }), configs, keys: core.settings('db').pairing_keys, locale: 'en' });
      assert.equal(before.sentence, '3 configurations × 9 thread counts, 2 runs each, oltp');
      assert.equal(before.axis, 'threads');
      core.updateSettings('db', { path_params: [{ pattern: 'ro\\.(short|long)\\.', param: 'ranges' }] });
      const after = studyDesign({ runs: core.runs({ study: 'db' }), configs, keys: core.settings('db').pairing_keys, locale: 'en' });
      assert.equal(after.sentence, '3 configurations × ranges (long, short) × 9 thread counts, one run each, oltp');
      assert.deepEqual(after.binding.map((b) => b.metric), ['tps', 'tps']);
    } finally {
      core.close();
    }
  });

  it('a parameter with one value per configuration is a configuration factor, not the workload', () => {
    const runs = [1, 4, 16].flatMap((qd) => [
      run('rbd', { bs: 4096, iodepth: qd, numjobs: 4 }, { 'total.iops': qd * 100 }),
      run('cephfs', { bs: 4096, iodepth: qd, numjobs: 1 }, { 'total.iops': qd * 90 }),
    ]);
    const d = studyDesign({ runs, configs: ['rbd', 'cephfs'], keys: DEFAULT_PAIRING_KEYS, locale: 'en' });
    assert.deepEqual(d.config_params.map((f) => f.key), ['numjobs']);
    assert.equal(d.load?.key, 'iodepth');
    assert.equal(d.sentence, '2 configurations × 3 I/O depths, one run each, 4K');
  });

  it('binding metric: bandwidth from 128K, IOPS below, the tool\'s throughput for a database', () => {
    assert.equal(bindingMetric([run('a', { bs: 131072 }, { 'total.iops': 1, 'total.bw_mib_s': 1 })]), 'total.bw_mib_s');
    assert.equal(bindingMetric([run('a', { bs: 65536 }, { 'total.iops': 1, 'total.bw_mib_s': 1 })]), 'total.iops');
    assert.equal(bindingMetric([run('a', { threads: 8 }, { tps: 1, qps: 2 }, 'sysbench')]), 'tps');
  });

  it('runs listed as a grid is read: by configuration, then 4K before 128K, whatever the files were named', () => {
    const runs = [131072, 16384, 262144, 4096].flatMap((bs) => [run('b', { bs }, {}), run('a', { bs }, {})]);
    const order = inWorkloadOrder(runs, ['b', 'a']).map((r) => `${r.config}:${r.params['bs'] as number / 1024}K`);
    assert.deepEqual(order, ['b:4K', 'b:16K', 'b:128K', 'b:256K', 'a:4K', 'a:16K', 'a:128K', 'a:256K']);
  });

  it('values sort naturally: 4K before 128K, run2 before run10', () => {
    assert.deepEqual([131072, 4096, 16384, 262144].sort(compareParamValues), [4096, 16384, 131072, 262144]);
    assert.deepEqual(['run10', 'run2', 'run1'].sort(compareParamValues), ['run1', 'run2', 'run10']);
  });
});
