/**
 * The arithmetic under correlation across layers: grid means with gaps left as gaps, Pearson's r
 * over the points two series share, and the shift of one that lines it up with the other, found
 * whatever the two series' intervals, in either direction, to the step of the coarser one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bestShift, correlationAt, pearsonAt, toGrid, type Samples } from './correlate.js';

/** A load that wanders: nothing periodic for a wrong lag to match. */
function wander(n: number, seed = 11): number[] {
  let s = seed;
  const rnd = (): number => ((s = (s * 16807) % 2147483647) / 2147483647);
  const out: number[] = [];
  let v = 50;
  for (let i = 0; i < n; i++) out.push((v = Math.max(0, Math.min(100, v + (rnd() - 0.5) * 12))));
  return out;
}
const T0 = Date.UTC(2024, 4, 1, 10);
const at = (stepMs: number, values: number[], shiftMs = 0): Samples => ({ times: values.map((_, i) => T0 + i * stepMs + shiftMs), values });
/** Means of a 1 s series over `k`-second intervals, stamped at each interval's end. */
const coarse = (v: number[], k: number, shiftMs = 0, scale = 1, add = 0): Samples => {
  const times: number[] = [];
  const values: number[] = [];
  for (let i = k; i <= v.length; i += k) {
    times.push(T0 + (i - 1) * 1000 + shiftMs);
    values.push((v.slice(i - k, i).reduce((a, b) => a + b, 0) / k) * scale + add);
  }
  return { times, values };
};

describe('grid and correlation', () => {
  it('a grid point is the mean of the samples in the interval ending at it; an empty one is a gap, not a zero', () => {
    const g = toGrid({ times: [1000, 1500, 2000, 5000], values: [2, 4, 6, 8] }, 0, 1000, 6);
    assert.deepEqual(Array.from(g).map((x) => (Number.isNaN(x) ? null : x)), [null, 2, 5, null, null, 8]);
  });

  it("Pearson's r over the points both have: 1 for a scaled copy, −1 inverted, null without variation or points", () => {
    const a = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(pearsonAt(a, a.map((x) => 3 * x + 7), 0).r!.toFixed(12), '1.000000000000');
    assert.equal(pearsonAt(a, a.map((x) => -x), 0).r!.toFixed(12), '-1.000000000000');
    assert.equal(pearsonAt(a, a.map(() => 4), 0).r, null, 'a flat line has no correlation');
    const gaps = Float64Array.from(a, (x, i) => (i % 2 ? NaN : x));
    assert.deepEqual(pearsonAt(a, gaps, 0), { r: null, n: 5 }, 'five points in common are too few');
  });
});

describe('the shift that lines two series up', () => {
  const load = wander(3600);

  it('a 10 s capture one hour late against a 1 s one: −3,600 s, r near 1, and r as it is near 0', () => {
    const found = bestShift(at(1000, load), coarse(load, 10, 3_600_000, 0.25, 1.5));
    assert.equal(found.bestShiftMs, -3_600_000);
    assert.ok(found.best.r! > 0.99, `r = ${found.best.r}`);
    assert.equal(found.stepMs, 10_000, 'the coarser series sets the step');
    assert.ok(found.atZero.r === null || Math.abs(found.atZero.r) < 0.5, `r at zero = ${found.atZero.r}`);
  });

  it('either direction, and shifts that are not whole minutes', () => {
    for (const shiftMs of [-2_537_000, 45_000, 1_234_000]) {
      const found = bestShift(at(1000, load), coarse(load, 5, shiftMs, 2));
      assert.equal(found.bestShiftMs, -shiftMs, `shift ${shiftMs}`);
    }
  });

  it('the same clock: 0, whichever series is the reference', () => {
    assert.equal(bestShift(at(1000, load), coarse(load, 3)).bestShiftMs, 0);
    assert.equal(bestShift(coarse(load, 3), at(1000, load)).bestShiftMs, 0);
  });

  it('series that never overlap by a quarter of the shorter within the bound: no shift', () => {
    const found = bestShift(at(1000, load), coarse(load, 10, 3_600_000), { maxShiftMs: 600_000 });
    assert.equal(found.bestShiftMs, null);
  });

  it('r at a given shift is computed over the overlap only', () => {
    const { r, n } = correlationAt(at(1000, load), coarse(load, 10, 60_000), -60_000, 10_000);
    assert.ok(r! > 0.99 && n > 300, `r = ${r}, n = ${n}`);
  });
});
