import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coefficientOfVariationPct } from './variation.js';

describe('coefficient of variation', () => {
  it('is the sample standard deviation over the mean, in %', () => {
    // mean 20,000; sample sd of (18,000, 22,000, 18,000, 22,000) = 2,309.4 -> 11.55%
    assert.equal(coefficientOfVariationPct([18000, 22000, 18000, 22000])!.toFixed(2), '11.55');
    assert.equal(coefficientOfVariationPct([5, 5, 5]), 0, 'a steady series does not vary');
  });

  it('has no value for fewer than two samples or a zero mean, and skips gaps', () => {
    assert.equal(coefficientOfVariationPct([3]), null);
    assert.equal(coefficientOfVariationPct([0, 0]), null);
    assert.equal(coefficientOfVariationPct([10, Number.NaN, 30])!.toFixed(2), (Math.sqrt(200) / 20 * 100).toFixed(2));
  });
});
