import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { rollupCountsText } from './methods.js';
import { compareConfigs } from './compare.js';
import { workloadLabel } from './pairing.js';
import { changePct, formatChange, formatSpeedup, geomean, speedup, verdictOf } from './speedup.js';

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

/** A small deterministic PRNG (mulberry32), so property tests replay the same cases. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomStudy(rand: () => number): RunRecord[] {
  const runs: RunRecord[] = [];
  for (const bs of [4096, 8192, 32768]) {
    for (const read of [100, 70, 0]) {
      for (const config of ['A', 'B']) {
        const reps = 1 + Math.floor(rand() * 4);
        for (let i = 0; i < reps; i++) {
          runs.push(run(config, { bs, pattern: 'random', read_pct: read, iodepth: 16, numjobs: 1 }, { 'total.iops': 100 + rand() * 1e5, 'total.lat_avg_ms': 0.05 + rand() * 20 }));
        }
      }
    }
  }
  return runs;
}

describe('compare: properties', () => {
  it('swapping baseline and candidate inverts every speedup', () => {
    const rand = prng(42);
    for (let trial = 0; trial < 25; trial++) {
      const runs = randomStudy(rand);
      const ab = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.iops', 'total.lat_avg_ms'] });
      const ba = compareConfigs({ study: 's', baseline: 'B', candidates: ['A'], runs, metrics: ['total.iops', 'total.lat_avg_ms'] });
      assert.equal(ab.pairs.length, ba.pairs.length);
      for (const p of ab.pairs) {
        const q = ba.pairs.find((x) => x.metric === p.metric && x.workload === p.workload)!;
        assert.ok(Math.abs(p.speedup! * q.speedup! - 1) < 1e-12, `${p.workload} ${p.metric}`);
        assert.equal(p.p_value, q.p_value, 'the test is symmetric');
      }
      for (const m of ['total.iops', 'total.lat_avg_ms']) {
        assert.ok(Math.abs(ab.geomean_speedup[m]! * ba.geomean_speedup[m]! - 1) < 1e-12);
      }
    }
  });

  it('identical sides give a geometric mean of exactly 1, "~" everywhere, and no wins or losses where a test ran', () => {
    const rand = prng(7);
    for (let trial = 0; trial < 10; trial++) {
      const a = randomStudy(rand).filter((r) => r.config === 'A');
      const b = a.map((r) => ({ ...r, id: nextId++, config: 'B' }));
      const result = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [...a, ...b] });
      for (const g of Object.values(result.geomean_speedup)) assert.equal(g, 1);
      for (const p of result.pairs) {
        assert.equal(p.mark, '~');
        if (p.n_baseline >= 2) assert.equal(p.significant, false);
        else assert.equal(p.p_value, null);
      }
      for (const roll of result.rollup) assert.equal(roll.wins + roll.losses, 0);
    }
  });

  it('adding a repetition never changes which workloads pair', () => {
    const rand = prng(3);
    const runs = randomStudy(rand);
    const before = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    for (const r of runs.slice(0, 6)) {
      const more = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [...runs, { ...r, id: nextId++ }] });
      assert.deepEqual(more.pairs.map((p) => `${p.metric} ${p.workload}`), before.pairs.map((p) => `${p.metric} ${p.workload}`));
    }
  });
});

describe('compareConfigs', () => {
  it('repetitions give median, CI, a Mann-Whitney p-value and "~" when not significant', () => {
    const base = [100, 102, 98, 101, 99, 100].map((v) => run('A', rr4k, { 'total.iops': v }));
    const clear = [150, 152, 149, 151, 148, 150].map((v) => run('B', rr4k, { 'total.iops': v }));
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [...base, ...clear] });
    const p = r.pairs[0]!;
    assert.equal(p.n_baseline, 6);
    assert.equal(p.baseline, 100);
    assert.equal(p.significant, true);
    assert.ok(p.p_value! < 0.01);
    assert.equal(p.mark, '');
    assert.deepEqual([p.ci_baseline!.low, p.ci_baseline!.high, p.ci_baseline!.method], [98, 102, 'median-order-statistics']);
    const noisy = [90, 130, 105].map((v) => run('C', rr4k, { 'total.iops': v }));
    const q = compareConfigs({ study: 's', baseline: 'A', candidates: ['C'], runs: [...base, ...noisy] }).pairs[0]!;
    assert.equal(q.significant, false);
    assert.equal(q.mark, '~');
    assert.match(q.significance_note, /not significant/);
  });

  it('one run per side: "~", and says plainly that no significance is possible', () => {
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [run('A', rr4k, { 'total.iops': 1 }), run('B', rr4k, { 'total.iops': 2 })] });
    assert.equal(r.pairs[0]!.p_value, null);
    assert.equal(r.pairs[0]!.mark, '~');
    assert.equal(r.pairs[0]!.significance_note, 'one run per side: no significance possible; at least 4 runs per side are needed to reach p < 0.05');
    assert.ok(r.warnings.some((w) => w.code === 'single-run'));
    assert.deepEqual([r.pairs[0]!.ci_baseline, r.pairs[0]!.ci_candidate], [null, null], 'no interval from one run');
  });

  it('three runs a side can never be significant: "~", the reason on the page, and the range with its coverage', () => {
    const runs = [
      ...[219, 219, 219].map((v) => run('A', rr4k, { 'total.iops': v })),
      ...[328, 328, 328].map((v) => run('B', rr4k, { 'total.iops': v })),
    ];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    const p = r.pairs[0]!;
    assert.deepEqual([p.p_value, p.p_min, p.significant, p.mark], [0.1, 0.1, false, '~'], 'the normal approximation said p = 0.047, "significant"');
    const w = r.warnings.find((x) => x.code === 'few-repetitions')!;
    assert.equal(w.message, '3 runs per side cannot reach p < 0.05; at least 4 per side are needed (1 pair, marked ~)');
    assert.deepEqual(w.runs, runs.map((x) => x.id));
    assert.deepEqual([p.ci_baseline!.method, p.ci_baseline!.low, p.ci_baseline!.high, p.ci_baseline!.coverage], ['min-max', 219, 219, 0.75]);
    const zh = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, locale: 'zh-CN' });
    assert.match(zh.pairs[0]!.significance_note, /^每侧 3 次运行无法达到 p < 0\.05/);
  });

  it('intervals never go below zero: an n = 2 latency pair with an outlier gets its range, not a Student t interval', () => {
    const runs = [
      ...[0.2, 9.5].map((v) => run('A', rr4k, { 'total.lat_avg_ms': v })),
      ...[0.3, 0.31].map((v) => run('B', rr4k, { 'total.lat_avg_ms': v })),
    ];
    const p = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.lat_avg_ms'] }).pairs[0]!;
    assert.deepEqual([p.ci_baseline!.low, p.ci_baseline!.high, p.ci_baseline!.coverage], [0.2, 9.5, 0.5]);
  });

  it('each pair carries one verdict: a regression is worse, +0.0% and "1.00x" are ties, never wins', () => {
    const base = [run('A', rr4k, { 'total.iops': 1000, 'total.lat_avg_ms': 1.0 }), run('A', sw128k, { 'total.iops': 500, 'total.lat_avg_ms': 2.0 })];
    const cand = [run('B', rr4k, { 'total.iops': 31, 'total.lat_avg_ms': 1.0 }), run('B', sw128k, { 'total.iops': 501, 'total.lat_avg_ms': 0.5 })];
    const r = compareConfigs({ study: 's', runs: [...base, ...cand], baseline: 'A', candidates: ['B'], metrics: ['total.iops', 'total.lat_avg_ms'] });
    const v = (metric: string, bs: number): string => r.pairs.find((p) => p.metric === metric && p.workload_params.bs === bs)!.verdict;
    assert.equal(v('total.iops', 4096), 'worse', '32x fewer IOPS is a regression');
    assert.equal(v('total.iops', 131072), 'tie', '500 -> 501 prints as 1.00x: a tie');
    assert.equal(v('total.lat_avg_ms', 4096), 'tie', 'the same latency is a tie');
    assert.equal(v('total.lat_avg_ms', 131072), 'better', 'latency 4x lower is better');
    assert.equal(verdictOf(1.04, 4, 5), 'tie', 'within a 5% tie band');
    assert.equal(verdictOf(0.5, -50, 0, true), 'neutral', 'a volume metric is never judged');
  });

  it('roll-ups count noise as ties: two sets of runs from one distribution never read as wins and losses', () => {
    const rand = prng(25);
    for (let trial = 0; trial < 20; trial++) {
      const runs: RunRecord[] = [];
      for (const bs of [4096, 8192, 65536]) {
        for (const config of ['A', 'B']) {
          for (let i = 0; i < 3; i++) runs.push(run(config, { ...rr4k, bs }, { 'total.iops': 10000 + 500 * (rand() - 0.5) }));
        }
      }
      const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.iops'] });
      const roll = r.rollup[0]!;
      // Three runs a side can never reach p < 0.05: no test decides them, so they are untested ties.
      assert.deepEqual([roll.wins, roll.losses, roll.ties, roll.untested], [0, 0, 3, 3], `trial ${trial}: ${r.pairs.map((p) => p.change_text).join(', ')}`);
    }
  });

  it('a tested pair wins when it is significant and outside the tie band; inside the band it is a tie', () => {
    const runs = [
      ...[100, 102, 98, 101, 99, 100].map((v) => run('A', rr4k, { 'total.iops': v })),
      ...[150, 152, 149, 151, 148, 150].map((v) => run('B', rr4k, { 'total.iops': v })),
      ...[100, 102, 98, 101, 99, 100].map((v) => run('A', sw128k, { 'total.iops': v })),
      ...[60, 61, 59, 62, 58, 60].map((v) => run('B', sw128k, { 'total.iops': v })),
    ];
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.iops'] });
    assert.deepEqual([r.rollup[0]!.wins, r.rollup[0]!.losses, r.rollup[0]!.ties, r.rollup[0]!.untested], [1, 1, 0, 0]);
    const banded = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, metrics: ['total.iops'], tieBandPct: 45 });
    assert.deepEqual([banded.rollup[0]!.wins, banded.rollup[0]!.losses, banded.rollup[0]!.ties], [1, 0, 1], '-40% lies within ±45%');
  });

  it('wins, losses and ties, with the tie band the user sets (single runs: untested, counted as ties, the band\'s reading kept beside)', () => {
    const runs = [
      run('A', rr4k, { 'total.iops': 100 }), run('B', rr4k, { 'total.iops': 103 }),
      run('A', sw128k, { 'total.iops': 100 }), run('B', sw128k, { 'total.iops': 150 }),
    ];
    const strict = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    const counts = (r: typeof strict): number[] => { const x = r.rollup[0]!; return [x.wins, x.losses, x.ties, x.untested, x.untested_better, x.untested_worse]; };
    // One run a side: no test, so "~" and a tie (issue 25: noise never reads as wins); the band's reading is kept.
    assert.deepEqual(counts(strict), [0, 0, 2, 2, 2, 0]);
    const banded = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, tieBandPct: 5 });
    assert.deepEqual(counts(banded), [0, 0, 2, 2, 1, 0], '+3% lies within ±5%: the band reads one better');
    const worse = compareConfigs({ study: 's', baseline: 'B', candidates: ['A'], runs, tieBandPct: 5 });
    assert.deepEqual(counts(worse), [0, 0, 2, 2, 0, 1]);
    assert.match(rollupCountsText(worse.rollup[0]!, 'en'), /0 wins, 0 losses, 2 ties; all 2 untested \(too few runs for a test, counted as ties\): by the tie band alone 1 worse$/);
    assert.equal(banded.pairs.find((p) => p.workload_params['bs'] === 4096)!.tie, true);
  });

  it('baseline against N candidates: the matrix, recomputed when the baseline changes', () => {
    const runs = [
      run('A', rr4k, { 'total.iops': 100 }), run('B', rr4k, { 'total.iops': 200 }), run('C', rr4k, { 'total.iops': 400 }),
      run('A', sw128k, { 'total.iops': 10 }), run('B', sw128k, { 'total.iops': 5 }), run('C', sw128k, { 'total.iops': 20 }),
    ];
    const fromA = compareConfigs({ study: 's', baseline: 'A', candidates: ['B', 'C'], runs, metrics: ['total.iops'] }).matrix[0]!;
    assert.deepEqual(fromA.candidates, ['B', 'C']);
    assert.deepEqual(fromA.workloads, ['4K random read QD16 ×1', '128K seq write QD8 ×1']);
    assert.deepEqual(fromA.speedup, [[2, 0.5], [4, 2]]);
    const fromB = compareConfigs({ study: 's', baseline: 'B', candidates: ['A', 'C'], runs, metrics: ['total.iops'] }).matrix[0]!;
    assert.deepEqual(fromB.speedup, [[0.5, 2], [2, 4]]);
  });

  it('sanity warnings name the runs they concern', () => {
    const a = run('A', { ...rr4k, runtime_s: 30, ioengine: 'libaio', direct: 1, size_bytes: 256 * 1024 ** 2 }, { 'total.iops': 1, 'total.lat_avg_ms': 1 });
    const b = run('B', { ...rr4k, runtime_s: 300, ioengine: 'io_uring', direct: 1, size_bytes: 100 * 1024 ** 3 }, { 'total.iops': 2 });
    const r = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs: [a, b], metrics: ['total.iops', 'total.lat_avg_ms'] });
    const byCode = new Map(r.warnings.map((w) => [w.code, w.runs]));
    assert.deepEqual(byCode.get('short-runtime'), [a.id]);
    assert.deepEqual(byCode.get('different-ioengine'), [a.id, b.id]);
    assert.deepEqual(byCode.get('latency-missing'), [b.id]);
    assert.deepEqual(byCode.get('working-set-in-cache'), [a.id]);
    assert.equal(byCode.has('different-direct'), false);
  });

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

  it('a Chinese comparison shows its workloads in Chinese and still names them in English', () => {
    const runs = [run('A', rr4k, { 'total.iops': 1 }), run('B', rr4k, { 'total.iops': 2 }), run('B', sw128k, { 'total.iops': 3 })];
    const zh = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs, locale: 'zh-CN' });
    assert.deepEqual(zh.pairs.map((p) => [p.workload, p.workload_label]), [['4K random read QD16 ×1', '4K 随机读 QD16 ×1']]);
    assert.deepEqual(zh.unmatched.map((u) => u.workload_label), ['128K 顺序写 QD8 ×1']);
    assert.deepEqual(zh.matrix[0]!.workload_labels, ['4K 随机读 QD16 ×1']);
    const en = compareConfigs({ study: 's', baseline: 'A', candidates: ['B'], runs });
    assert.deepEqual(en.pairs.map((p) => p.workload_label), ['4K random read QD16 ×1'], 'in English the label is the name');
    assert.equal(workloadLabel({ bs: 8192, pattern: 'random', read_pct: 70, iodepth: 4, numjobs: 2 }, 'zh-CN'), '8K 随机 70/30 QD4 ×2');
    assert.equal(workloadLabel({ workload: 'tpcc', vus: 64 }, 'zh-CN'), 'tpcc 64 VU');
    assert.equal(workloadLabel({ threads: 8, sessions: 4 }, 'zh-CN'), '8 线程 4 会话');
    assert.equal(workloadLabel({}, 'zh-CN'), '全部运行');
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
