import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { latencyCurve } from './latency-cdf.js';

describe('latency CDF and exceedance from bins', () => {
  it('accumulates a small bin set (answers worked by hand)', () => {
    // 10 I/Os: 2 at 0.1 ms, 5 at 0.2 ms, 2 at 0.4 ms, 1 at 1.6 ms.
    const c = latencyCurve([[0.4, 2], [0.1, 2], [1.6, 1], [0.2, 5]]);
    assert.equal(c.total, 10);
    assert.deepEqual(c.points, [
      [0.1, 0.2, 0.8], // 2/10 at or below, 8/10 above
      [0.2, 0.7, 0.3], // 7/10, 3/10
      [0.4, 0.9, 0.1], // 9/10, 1/10
      [1.6, 1, 0], //     all of them, none above
    ]);
    // p50: rank 5 is first reached at 0.2 ms; p90: rank 9 at 0.4 ms; p99: rank 9.9 at 1.6 ms.
    assert.equal(c.percentiles['p50'], 0.2);
    assert.equal(c.percentiles['p90'], 0.4);
    assert.equal(c.percentiles['p99'], 1.6);
  });

  it('merges a repeated latency and skips empty buckets', () => {
    const c = latencyCurve([[1, 1], [1, 2], [2, 0], [4, 1]]);
    assert.deepEqual(c.points, [[1, 0.75, 0.25], [4, 1, 0]]);
  });

  it('keeps a one-in-a-million tail exact (counted from the top, not 1 − CDF)', () => {
    const c = latencyCurve([[0.05, 999_999], [50, 1]]);
    assert.equal(c.points[0]![2], 1e-6);
  });

  it('an empty distribution is empty', () => {
    assert.deepEqual(latencyCurve([]), { total: 0, points: [], percentiles: {} });
  });
});
