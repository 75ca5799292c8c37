import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mannWhitneyU, runsPerSideNeeded, smallerSideNeeded, smallestP } from './mann-whitney.js';
import { formatCoverage, medianInterval, rangeCoverage } from './median-interval.js';
import { significanceOf, tooFewSentence } from './significance.js';
import { median } from './stats.js';

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The definition, by brute force: every split of the pooled values, U with ties counted ½. */
function bruteForceP(a: readonly number[], b: readonly number[]): number {
  const all = [...a, ...b];
  const uOf = (xs: readonly number[], ys: readonly number[]): number => {
    let u = 0;
    for (const x of xs) for (const y of ys) u += x > y ? 1 : x === y ? 0.5 : 0;
    return u;
  };
  const observed = uOf(a, b);
  let less = 0;
  let greater = 0;
  let total = 0;
  const pick = (start: number, chosen: number[]): void => {
    if (chosen.length === a.length) {
      const xs = chosen.map((i) => all[i]!);
      const ys = all.filter((_, i) => !chosen.includes(i));
      const u = uOf(xs, ys);
      total++;
      if (u <= observed) less++;
      if (u >= observed) greater++;
      return;
    }
    for (let i = start; i < all.length; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return Math.min(1, (2 * Math.min(less, greater)) / total);
}

describe('Mann-Whitney U', () => {
  it('exact without ties (known answers)', () => {
    // Complete separation: U = 0, P = 2 / C(6,3) = 0.1 for 3 vs 3, 2 / C(10,5) = 0.00794 for 5 vs 5.
    assert.equal(mannWhitneyU([1, 2, 3], [4, 5, 6])!.pValue, 0.1);
    assert.ok(Math.abs(mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])!.pValue - 2 / 252) < 1e-12);
    // Two vs two can never be significant: the smallest p is 2/6.
    assert.ok(Math.abs(mannWhitneyU([1, 2], [3, 4])!.pValue - 1 / 3) < 1e-12);
    assert.equal(mannWhitneyU([1, 3, 5], [2, 4, 6])!.u, 3);
    assert.equal(mannWhitneyU([5, 5, 5], [5, 5, 5])!.pValue, 1, 'identical samples');
  });

  it('ties: the exact conditional distribution, not the normal approximation (219 vs 328, three times each)', () => {
    const r = mannWhitneyU([219, 219, 219], [328, 328, 328])!;
    assert.equal(r.method, 'exact');
    assert.equal(r.pValue, 0.1, 'the normal approximation said 0.047');
    const s = mannWhitneyU([1, 2, 2, 3, 4, 5, 6, 7], [6, 7, 7, 8, 9, 10, 11, 12])!;
    assert.equal(s.method, 'exact');
    assert.ok(Math.abs(s.pValue - 0.0010878010878010878) < 1e-15, `${s.pValue} (SciPy's permutation test: 0.0010878)`);
  });

  it('exact up to 50 runs a side, ties or not; the normal approximation beyond', () => {
    const tied = (n: number, shift: number): number[] => Array.from({ length: n }, (_, i) => Math.round(i / 3) + shift);
    assert.equal(mannWhitneyU(tied(50, 0), tied(50, 5))!.method, 'exact');
    assert.equal(mannWhitneyU(tied(51, 0), tied(50, 5))!.method, 'normal');
    // SciPy's mannwhitneyu(method='asymptotic') on the same values: 0.009019160810826342.
    assert.ok(Math.abs(mannWhitneyU(tied(60, 0), tied(60, 3))!.pValue - 0.009019160810826342) < 1e-12);
  });

  it('equals brute-force enumeration for small samples with ties (property, 400 random cases)', () => {
    const rand = prng(25);
    for (let trial = 0; trial < 400; trial++) {
      const m = 1 + Math.floor(rand() * 6);
      const n = 1 + Math.floor(rand() * 6);
      const top = 2 + Math.floor(rand() * 6);
      const a = Array.from({ length: m }, () => Math.floor(rand() * top));
      const b = Array.from({ length: n }, () => Math.floor(rand() * top) + (rand() < 0.5 ? 1 : 0));
      const r = mannWhitneyU(a, b)!;
      const expected = new Set([...a, ...b]).size === 1 ? 1 : bruteForceP(a, b);
      assert.ok(Math.abs(r.pValue - expected) < 1e-12, `${JSON.stringify(a)} vs ${JSON.stringify(b)}: ${r.pValue}, enumeration ${expected}`);
    }
  });

  it('p is never below the smallest achievable p, which is the p of the most extreme split (property)', () => {
    const rand = prng(7);
    for (let trial = 0; trial < 300; trial++) {
      const m = 2 + Math.floor(rand() * 9);
      const n = 2 + Math.floor(rand() * 9);
      const a = Array.from({ length: m }, () => Math.round(rand() * 8));
      const b = Array.from({ length: n }, () => Math.round(rand() * 8 + 2));
      const r = mannWhitneyU(a, b)!;
      assert.ok(r.pValue >= r.pMin - 1e-15, `${JSON.stringify(a)} vs ${JSON.stringify(b)}: p ${r.pValue} < min ${r.pMin}`);
      assert.ok(r.pMin >= smallestP(m, n) - 1e-15, 'ties never make a smaller p possible');
      // The smallest pooled values on side a: that split reaches the minimum (or the mirrored one does).
      const pooled = [...a, ...b].sort((x, y) => x - y);
      const low = mannWhitneyU(pooled.slice(0, m), pooled.slice(m))!;
      const high = mannWhitneyU(pooled.slice(n), pooled.slice(0, n))!;
      assert.ok(Math.abs(Math.min(low.pValue, high.pValue) - r.pMin) < 1e-12, 'p_min is reached');
    }
  });

  it('how many runs reach p < 0.05: 4 per side; 3 against 5; 2 against 8', () => {
    assert.equal(runsPerSideNeeded(0.05), 4);
    assert.equal(smallerSideNeeded(5, 0.05), 3);
    assert.equal(smallerSideNeeded(8, 0.05), 2);
    assert.equal(smallerSideNeeded(3, 0.05), null);
    assert.equal(smallestP(3, 3), 0.1);
  });
});

describe('significance, worded', () => {
  it('never "significant" where no test could be, and says why', () => {
    const three = significanceOf([219, 219, 219], [328, 328, 328], 'en');
    assert.equal(three.mark, '~');
    assert.equal(three.significant, false);
    assert.equal(three.p_min, 0.1);
    assert.match(three.significance_note, /^3 runs per side cannot reach p < 0\.05; at least 4 per side are needed/);
    const zh = significanceOf([219, 219, 219], [328, 328, 328], 'zh-CN');
    assert.match(zh.significance_note, /每侧 3 次运行无法达到 p < 0\.05；每侧至少需要 4 次运行/);
    assert.equal(tooFewSentence(2, 5, 'en'), '2 against 5 runs cannot reach p < 0.05; at least 3 against 5, or 4 per side, are needed');
    assert.equal(tooFewSentence(2, 3, 'en'), '2 against 3 runs cannot reach p < 0.05; at least 4 per side are needed');
    assert.equal(tooFewSentence(4, 4, 'en'), null, '4 per side can reach it');
    assert.equal(tooFewSentence(3, 3, 'en', 'day'), '3 days per side cannot reach p < 0.05; at least 4 per side are needed');
  });

  it('one run on a side: "~" with its reason, no p-value', () => {
    const one = significanceOf([10], [20], 'en');
    assert.deepEqual([one.mark, one.p_value, one.significant], ['~', null, null]);
    assert.equal(one.significance_note, 'one run per side: no significance possible; at least 4 runs per side are needed to reach p < 0.05');
    assert.match(significanceOf([10], [20, 21, 22], 'en').significance_note, /^one run on a side/);
    assert.match(significanceOf([10], [20], 'zh-CN').significance_note, /每侧只有 1 次运行/);
  });

  it('ties that rule significance out are named as the reason', () => {
    // 4 vs 4 could reach 0.029, but the 5 on both sides leaves 4/70 = 0.057 at best.
    const s = significanceOf([1, 2, 3, 5], [5, 6, 7, 8], 'en');
    assert.equal(s.mark, '~');
    assert.equal(s.significance_note, 'with these ties, 4 against 4 runs cannot reach p < 0.05 (the smallest possible p is 0.057)');
  });

  it('a significant pair names its p and how it was computed', () => {
    const s = significanceOf([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 'en');
    assert.deepEqual([s.mark, s.significant, s.p_method], ['', true, 'exact']);
    assert.equal(s.significance_note, 'p = 0.0079 < 0.05 (exact Mann-Whitney U)');
    assert.equal(significanceOf([1, 3, 5, 7], [2, 4, 6, 8], 'en').significance_note, 'not significant (p = 0.69, exact Mann-Whitney U)');
  });
});

describe('the interval of the median', () => {
  it('n = 2-5: the runs\' range with its true coverage 1 − 2·0.5^n; never a negative bound', () => {
    assert.deepEqual([2, 3, 4, 5].map(rangeCoverage), [0.5, 0.75, 0.875, 0.9375]);
    // The n = 2 pair with one outlier: Student t gave [-1,088, 1,511] IOPS.
    const two = medianInterval([212, 1300])!;
    assert.deepEqual([two.low, two.high, two.method, two.coverage], [212, 1300, 'min-max', 0.5]);
    const five = medianInterval([1.2, 1.3, 1.25, 9.8, 1.22])!;
    assert.deepEqual([five.low, five.high, five.coverage], [1.2, 9.8, 0.9375]);
    assert.equal(medianInterval([1]), null, 'no interval from one run');
  });

  it('from 6 runs: benchstat\'s order statistics with their exact coverage', () => {
    const six = medianInterval([5, 1, 4, 2, 6, 3])!;
    assert.deepEqual([six.low, six.high, six.method, six.coverage], [1, 6, 'median-order-statistics', 0.96875]);
    // n = 8: not [min, max] at 99.2%, but x(1)..x(7) at 96.1% (benchstat leans left on a tie).
    const eight = medianInterval([1, 2, 3, 4, 5, 6, 7, 8])!;
    assert.deepEqual([eight.low, eight.high, eight.coverage], [1, 7, 0.9609375]);
    const ten = medianInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])!;
    assert.deepEqual([ten.low, ten.high, ten.low_order, ten.high_order], [2, 9, 2, 9]);
    for (let n = 6; n <= 200; n++) {
      const ci = medianInterval(Array.from({ length: n }, (_, i) => i))!;
      assert.ok(ci.coverage >= 0.95 && ci.coverage < 1, `n = ${n}: ${ci.coverage}`);
    }
  });

  it('coverage as printed', () => {
    assert.deepEqual([0.9375, 0.96875, 0.5, 0.99999].map(formatCoverage), ['93.75%', '96.88%', '50%', '> 99.99%']);
  });

  it('median of an even number of runs: the mean of the two middle ones (as benchstat)', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });
});
