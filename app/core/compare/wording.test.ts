import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeMetric } from '../metrics/dictionary.js';
import { makePair, metricNoun } from './compare.js';
import { shortRatio, wordRatio } from './wording.js';

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
});
