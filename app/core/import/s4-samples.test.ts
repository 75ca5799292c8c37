import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { CompareResult } from '../../contract/records.js';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

const STUDY = 's4-aws-cluster';
const SINGLE = 'single node';
const SHARED = 'shared-disk cluster';
const TCP = 'in-AZ TCP mirror';
const UDP = 'in-AZ UDP mirror';
const CROSS = 'cross-AZ mirror';
const TUNINGS = ['MTU 9000', 'buffers x4', 'flow control x2'];
// STUDIES.md, S4: 4K random and sequential, 64K sequential, each at 100/0, 50/50, 0/100 read/write.
const NINE = [4096, 65536].flatMap((bs) => (bs === 4096 ? ['random', 'sequential'] : ['sequential']).flatMap((pattern) => [100, 50, 0].map((read) => `${bs} ${pattern} ${read}`)));

type Pair = CompareResult['pairs'][number];
const workloadOf = (p: Pair): string => `${p.workload_params['bs']} ${p.workload_params['pattern']} ${p.workload_params['read_pct']}`;

async function loaded(): Promise<Core> {
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  await loadSamples(core, [STUDY]);
  return core;
}

describe('study S4 from its IOmeter results', () => {
  it('five configurations run the same nine workloads, and they pair', async () => {
    const core = await loaded();
    const study = core.studies().find((s) => s.slug === STUDY)!;
    for (const c of [SINGLE, SHARED, TCP, UDP, CROSS]) assert.ok(study.configs.includes(c), c);
    assert.equal(study.configs.length, 5 + 3 * TUNINGS.length, 'five configurations and three tuning variants of each mirror');
    const r = core.compare({ study: STUDY, baseline: SINGLE, candidates: [SHARED, TCP, UDP, CROSS], metrics: ['total.iops'] });
    assert.deepEqual(r.unmatched, []);
    for (const c of [SHARED, TCP, UDP, CROSS]) {
      assert.deepEqual(r.pairs.filter((p) => p.candidate_label === c).map(workloadOf).sort(), [...NINE].sort(), `${c}: the nine workloads pair with the single node's`);
    }
    core.close();
  });

  it('IOmeter arithmetic: MB/s = IOPS x block size, response time by Little\'s law for the outstanding I/Os', async () => {
    const core = await loaded();
    for (const run of core.runs({ study: STUDY })) {
      const iops = run.metrics['total.iops']!;
      const bs = run.params['bs'] as number;
      assert.ok(Math.abs(run.metrics['total.bw_mib_s']! * 1048576 - iops * bs) < 1e-3 * iops * bs, `${run.config} ${run.name}: MiB/s`);
      const qd = run.params['iodepth'] as number;
      assert.ok(Math.abs(run.metrics['total.lat_avg_ms']! - (qd / iops) * 1000) < 1e-3, `${run.config} ${run.name}: Little's law`);
      assert.equal(run.params['runtime_s'], 300.002, 'a 5-minute run');
    }
    core.close();
  });

  it('single node and shared disk about 2,000 IOPS (8 MB/s at 4K); in-AZ mirrors about half; across AZs lower again; mirroring costs at most ~2% CPU', async () => {
    const core = await loaded();
    const r = core.compare({ study: STUDY, baseline: SINGLE, candidates: [SHARED, TCP, UDP, CROSS], metrics: ['total.iops', 'total.bw_mib_s', 'cpu_util_pct'] });
    const pair = (c: string, m: string, w: string): Pair => r.pairs.find((p) => p.candidate_label === c && p.metric === m && workloadOf(p) === w)!;
    for (const w of NINE) {
      for (const c of [SHARED]) {
        const p = pair(c, 'total.iops', w);
        for (const v of [p.baseline!, p.candidate!]) assert.ok(Math.abs(v - 2000) <= 200, `${w}: ${v} IOPS is about 2,000`);
      }
      if (w.startsWith('4096 ')) {
        // The study reports bandwidth in MB/s (10^6 bytes, IOmeter's "MBps (Decimal)"), as published.
        const bw = pair(SHARED, 'total.bw_mib_s', w);
        assert.equal(bw.unit, 'MB/s');
        for (const v of [bw.baseline!, bw.candidate!]) assert.ok(Math.abs(v - 8) <= 0.5, `${w}: ${v} MB/s is about 8 MB/s`);
      }
      for (const c of [TCP, UDP]) {
        const s = pair(c, 'total.iops', w).speedup!;
        assert.ok(s >= 0.4 && s <= 0.6, `${c} ${w}: ${s} of the single node is about half`);
        assert.ok(pair(CROSS, 'total.iops', w).candidate! < pair(c, 'total.iops', w).candidate!, `${w}: across AZs lower than ${c}`);
      }
      for (const c of [TCP, UDP, CROSS]) {
        const cpu = pair(c, 'cpu_util_pct', w);
        assert.ok(cpu.candidate! - cpu.baseline! <= 2.05 && cpu.candidate! >= cpu.baseline!, `${c} ${w}: CPU ${cpu.baseline} -> ${cpu.candidate}`);
      }
    }
    core.close();
  });

  it('tuning: MTU 9000 wins 4K 50/50 sequential over TCP in one AZ, buffers x4 win slightly 64K 50/50 sequential over UDP, flow control x2 wins across AZs', async () => {
    const core = await loaded();
    const variants = (mirror: string): CompareResult =>
      core.compare({ study: STUDY, baseline: mirror, candidates: TUNINGS.map((t) => `${mirror} / ${t}`), metrics: ['total.iops'] });
    const winner = (r: CompareResult, w: string): Pair => {
      const ps = r.pairs.filter((p) => workloadOf(p) === w);
      assert.equal(ps.length, 3, `${w}: three variants against none`);
      return ps.reduce((a, b) => (b.speedup! > a.speedup! ? b : a));
    };
    const tcp = winner(variants(TCP), '4096 sequential 50');
    assert.equal(tcp.candidate_label, `${TCP} / MTU 9000`);
    assert.ok(tcp.speedup! > 1.02, `MTU 9000 beats no tuning too (${tcp.speedup})`);

    const udp = winner(variants(UDP), '65536 sequential 50');
    assert.equal(udp.candidate_label, `${UDP} / buffers x4`);
    assert.ok(udp.speedup! > 1 && udp.speedup! < 1.1, `slightly (${udp.speedup})`);

    const cross = variants(CROSS);
    for (const w of NINE) assert.equal(winner(cross, w).candidate_label, `${CROSS} / flow control x2`, w);
    const best = cross.rollup.reduce((a, b) => (b.geomean_speedup! > a.geomean_speedup! ? b : a));
    assert.equal(best.candidate, `${CROSS} / flow control x2`);
    // One run a side: no test, so no 'wins'; the tie band alone reads every workload better.
    assert.ok(best.untested === 9 && best.untested_better === 9, 'better on every workload by the tie band');
    core.close();
  });
});
