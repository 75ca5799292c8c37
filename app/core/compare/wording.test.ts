import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metricNoun } from './compare.js';
import { wordRatio } from './wording.js';

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
});
