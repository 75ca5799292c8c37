import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confidenceInterval95, mannWhitneyU, median } from './stats.js';

describe('significance statistics', () => {
  it('Mann-Whitney U, exact for small samples (known answers)', () => {
    // Complete separation: U = 0, P = 2 / C(6,3) = 0.1 for 3 vs 3, 2 / C(10,5) = 0.00794 for 5 vs 5.
    assert.equal(mannWhitneyU([1, 2, 3], [4, 5, 6])!.pValue, 0.1);
    assert.ok(Math.abs(mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])!.pValue - 2 / 252) < 1e-12);
    // Two vs two can never be significant: the smallest p is 2/6.
    assert.ok(Math.abs(mannWhitneyU([1, 2], [3, 4])!.pValue - 1 / 3) < 1e-12);
    assert.equal(mannWhitneyU([1, 3, 5], [2, 4, 6])!.u, 3);
    assert.equal(mannWhitneyU([5, 5, 5], [5, 5, 5])!.pValue, 1, 'identical samples');
  });

  it('uses the normal approximation with ties', () => {
    const r = mannWhitneyU([1, 2, 2, 3, 4, 5, 6, 7], [6, 7, 7, 8, 9, 10, 11, 12])!;
    assert.equal(r.method, 'normal');
    assert.ok(r.pValue < 0.01 && r.pValue > 0.0001, `p = ${r.pValue}`);
  });

  it('95% confidence intervals: order statistics for n >= 6, Student t below', () => {
    const six = confidenceInterval95([5, 1, 4, 2, 6, 3])!;
    assert.deepEqual([six.low, six.high, six.method], [1, 6, 'median-order-statistics']);
    const ten = confidenceInterval95([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])!;
    assert.deepEqual([ten.low, ten.high], [2, 9], 'x(2)..x(9) covers the median at 97.9%');
    const three = confidenceInterval95([10, 12, 14])!;
    assert.equal(three.method, 'mean-student-t');
    assert.ok(Math.abs(three.low - (12 - 4.303 * (2 / Math.sqrt(3)))) < 1e-9);
    assert.equal(confidenceInterval95([1]), null, 'no interval from one run');
  });

  it('median', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });
});
