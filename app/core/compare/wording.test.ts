import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeMetric } from '../metrics/dictionary.js';
import { makePair, metricNoun } from './compare.js';
import { shortRatio, wordPair, wordRatio } from './wording.js';

const latency = (b: number, c: number) => ({ baseline: b, candidate: c, better: 'lower' as const, noun: 'latency' });
const rate = (b: number, c: number) => ({ baseline: b, candidate: c, better: 'higher' as const, noun: null });

describe('ratio wording (the studies\' known answers)', () => {
  it('S1: 7.31 -> 1.06 ms', () => {
    assert.equal(wordRatio(latency(7.31, 1.06), 'x-fold'), 'latency 6.90x lower');
    assert.equal(wordRatio(latency(7.31, 1.06), 'percent-change'), 'latency -85.5%');
    assert.equal(wordRatio(latency(7.31, 1.06), 'percent-of-baseline'), 'latency at 14.5% of baseline');
    assert.equal(wordRatio(latency(10.35, 1.895), 'x-fold'), 'latency 5.46x lower');
  });

  it('S5: 504.4 -> 1494.5 ops/s and 437.8 -> 149.7 ms', () => {
    assert.equal(wordRatio(rate(504.4, 1494.5), 'x-fold'), '2.96x faster');
    assert.equal(wordRatio(rate(504.4, 1494.5), 'percent-change'), '+196.3%');
    assert.equal(wordRatio(latency(437.8, 149.7), 'percent-of-baseline'), 'latency at 34.2% of baseline');
  });

  it('a worse candidate is worded as worse, never as a ratio below one', () => {
    assert.equal(wordRatio(rate(200, 100), 'x-fold'), '2.00x slower');
    assert.equal(wordRatio(latency(1, 3), 'x-fold'), 'latency 3.00x higher');
    assert.equal(wordRatio(rate(200, 100), 'percent-change'), '-50.0%');
    assert.equal(wordRatio(rate(0, 100), 'x-fold'), '–');
  });

  it('Simplified Chinese', () => {
    assert.equal(wordRatio(rate(504.4, 1494.5), 'x-fold', 'zh-CN'), '快 2.96 倍');
    assert.equal(wordRatio({ ...latency(437.8, 149.7), noun: '延迟' }, 'percent-of-baseline', 'zh-CN'), '延迟为基线的 34.2%');
  });

  it('a volume of work (waits, physical writes done) is a change in every convention, never faster or lower', () => {
    const waits = { baseline: 5_065_584, candidate: 5_921_681, better: 'lower' as const, noun: null, volume: true };
    for (const convention of ['x-fold', 'percent-change', 'percent-of-baseline'] as const) {
      assert.equal(wordRatio(waits, convention), '+16.9%', convention);
      assert.equal(shortRatio(waits, convention, null), '+16.9%', convention);
    }
    assert.equal(wordRatio({ ...waits, better: 'higher' as const }, 'x-fold', 'zh-CN'), '+16.9%');
    assert.equal(wordRatio({ baseline: 101, candidate: 2796, better: 'higher', noun: null, volume: true }, 'x-fold'), '+2668.3%');
  });

  it('the dictionary marks volume metrics, and a comparison of one has no speedup and no verdict', () => {
    for (const m of ['wait.db_file_sequential_read.waits', 'bgwait.db_file_parallel_write.waits', 'load.physical_writes_per_s', 'load.executes_sql_per_s', 'io.total_iops', 'sql.executions', 'db_time_s', 'elapsed_s']) {
      assert.equal(describeMetric(m)?.volume, true, m);
    }
    for (const m of ['wait.db_file_sequential_read.avg_ms', 'total.iops', 'total.lat_avg_ms', 'sql.elapsed_time_ms_per_exec']) assert.equal(describeMetric(m)?.volume, undefined, m);
    const pair = makePair({ values: [395_538], runs: [1] }, { values: [7_019], runs: [2] },
      { workload: 'w', workload_label: 'w', workload_params: {}, metric: 'bgwait.db_file_parallel_write.waits', baseline_label: 'a', candidate_label: 'b' },
      { convention: 'x-fold', locale: 'en', tieBandPct: 0 });
    assert.deepEqual([pair.speedup, pair.speedup_text, pair.text, pair.short_text, pair.change_text, pair.verdict], [null, '–', '-98.2%', '-98.2%', '-98.2%', 'neutral']);
  });

  it('metric nouns come from the dictionary', () => {
    assert.equal(metricNoun('read.lat_avg_ms', 'en'), 'read mean latency');
    assert.equal(metricNoun('total.lat_avg_ms', 'en'), 'mean latency');
    assert.equal(metricNoun('total.iops', 'en'), null, 'rates need no noun');
  });

  it('a tie is worded as a tie with the change it was judged on, never "1.00x faster"', () => {
    const tie = { ...rate(1000, 1003), verdict: 'tie' as const, unit: 'IOPS' };
    assert.equal(wordPair(tie, 'x-fold'), 'no change (+0.3%)');
    assert.equal(wordPair(tie, 'percent-of-baseline'), 'no change (+0.3%)');
    assert.equal(wordPair(tie, 'x-fold', 'zh-CN'), '持平（+0.3%）');
    // Outside 1.00x but inside a ±2% band: said to be within the band.
    const banded = { ...latency(10, 10.12), verdict: 'tie' as const, unit: 'ms' };
    assert.equal(wordPair(banded, 'x-fold'), 'latency: within the tie band (+1.2%)');
    assert.equal(wordPair({ ...banded, noun: '延迟' }, 'x-fold', 'zh-CN'), '延迟在持平区间内（+1.2%）');
    // Better and worse read as the ratio convention words them.
    assert.equal(wordPair({ ...rate(200, 100), verdict: 'worse', unit: 'IOPS' }, 'x-fold'), '2.00x slower');
    assert.equal(wordPair({ ...latency(7.31, 1.06), verdict: 'better', unit: 'ms' }, 'x-fold'), 'latency 6.90x lower');
  });

  it('a % metric changes by percentage points, in every convention and both languages', () => {
    const cpu = { baseline: 6.2, candidate: 7.7, better: 'lower' as const, noun: 'CPU utilisation', verdict: 'worse' as const, unit: '%' };
    for (const c of ['x-fold', 'percent-change', 'percent-of-baseline'] as const) assert.equal(wordPair(cpu, c), 'CPU utilisation +1.5 pp');
    assert.equal(wordPair({ ...cpu, noun: 'CPU 利用率' }, 'x-fold', 'zh-CN'), 'CPU 利用率+1.5 个百分点');
    assert.equal(wordPair({ ...cpu, candidate: 6.21, verdict: 'tie' }, 'x-fold'), 'CPU utilisation: no change (+0.0 pp)');
    // A share of DB time that falls to zero is still a difference of points (no ratio exists).
    assert.equal(wordPair({ baseline: 63, candidate: 0, better: 'lower', noun: null, verdict: 'better', unit: '%' }, 'x-fold'), '-63.0 pp');
  });

  it('a volume of work is stated as a change in every convention, never judged (issue 29: "+16.9%")', () => {
    const waits = { baseline: 100, candidate: 250, better: 'lower' as const, noun: 'waits', verdict: 'neutral' as const, unit: 'waits' };
    for (const c of ['x-fold', 'percent-change', 'percent-of-baseline'] as const) assert.equal(wordPair(waits, c), 'waits +150.0%');
    assert.equal(wordPair({ ...waits, candidate: 50 }, 'x-fold'), 'waits -50.0%');
    assert.equal(wordPair(waits, 'x-fold', 'zh-CN'), 'waits +150.0%');
    assert.doesNotMatch(wordPair({ ...waits, candidate: 116.9 }, 'x-fold'), /faster|slower|lower|higher|better|worse/);
  });
});

