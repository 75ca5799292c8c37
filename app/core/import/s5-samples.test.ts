import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

describe('study S5 from its CockroachDB, COSBench and HammerDB results', () => {
  it('up to 2.96x throughput (bank 504.4 -> 1494.5 ops/s) and latency at 34.2% of baseline (437.8 -> 149.7 ms)', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s5-rook-ceph-optane']);
    const r = core.compare({ study: 's5-rook-ceph-optane', baseline: 'baseline', candidates: ['config-2'], metrics: ['ops_per_s', 'total.lat_avg_ms'], convention: 'percent-of-baseline' });
    const bank = (m: string) => r.pairs.find((p) => p.metric === m && p.workload_params['workload'] === 'bank')!;
    assert.deepEqual([bank('ops_per_s').baseline, bank('ops_per_s').candidate, bank('ops_per_s').speedup_text], [504.4, 1494.5, '2.96x']);
    assert.equal(bank('total.lat_avg_ms').text, 'mean latency at 34.2% of baseline');
    const speedups = r.pairs.filter((p) => p.metric === 'ops_per_s' && p.speedup !== null).map((p) => p.speedup!);
    assert.equal(Math.max(...speedups).toFixed(2), '2.96', '"up to 2.96x": the largest gain is bank');
    // COSBench 4K 70/30 stage: read and write op/s as published.
    const cos = core.runs({ study: 's5-rook-ceph-optane', config: 'config-1' }).find((x) => x.params['stage'] === 's3-4k-70r30w')!;
    assert.deepEqual([cos.metrics['read.ops_per_s'], cos.metrics['write.ops_per_s'], cos.metrics['read.lat_avg_ms'], cos.metrics['write.lat_avg_ms']], [2813.52, 1207.04, 4.36, 16.25]);
    assert.ok(!r.warnings.some((w) => w.code === 'latency-missing'), 'HammerDB results carry no latency by nature: no warning');
    core.close();
  });
});
