import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metricNoun } from './compare.js';
import { wordPair, wordRatio } from './wording.js';

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

  it('a volume of work is stated, never judged', () => {
    const waits = { baseline: 100, candidate: 250, better: 'lower' as const, noun: 'waits', verdict: 'neutral' as const, unit: 'waits' };
    assert.equal(wordPair(waits, 'x-fold'), 'waits 2.50x more');
    assert.equal(wordPair({ ...waits, candidate: 50 }, 'x-fold'), 'waits 2.00x fewer');
    assert.equal(wordPair(waits, 'percent-change'), 'waits +150.0%');
    assert.equal(wordPair(waits, 'x-fold', 'zh-CN'), 'waits增至 2.50 倍');
  });
});

