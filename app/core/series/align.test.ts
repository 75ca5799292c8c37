import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignAndResample, medianIntervalMs } from './align.js';

describe('aligning runs at t = 0 on a common grid', () => {
  it('takes the median interval', () => {
    assert.equal(medianIntervalMs([0, 1000, 2000, 3500, 4500]), 1000);
    assert.equal(medianIntervalMs([5]), null);
    assert.equal(medianIntervalMs([0, 1000, 3000]), 1500, 'two middle steps: their mean');
    assert.equal(medianIntervalMs(Float64Array.from([0, 300, 300, 600, 900, 1200, 1500, 1900])), 300, 'a repeated sample is no step');
  });

  it('a 1 s series and a 500 ms series: the grid is the coarser one, the finer is averaged per interval', () => {
    const a = { times: [101_000, 102_000, 103_000], values: [10, 20, 30], originMs: 100_000 };
    const b = { times: [50_500, 51_000, 51_500, 52_000], values: [1, 2, 3, 4], originMs: 50_000 };
    const r = alignAndResample([a, b]);
    assert.equal(r.stepMs, 1000);
    assert.deepEqual(r.grid, [0, 1000, 2000, 3000]);
    // a: one sample per interval, as it is; t = 0 comes before its first sample: null.
    assert.deepEqual(r.values[0], [null, 10, 20, 30]);
    // b: (0, 1 s] holds 1 and 2 -> 1.5; (1 s, 2 s] holds 3 and 4 -> 3.5; past its end: null.
    assert.deepEqual(r.values[1], [null, 1.5, 3.5, null]);
  });

  it('interpolates a grid point between two samples, inside the series only', () => {
    const r = alignAndResample([{ times: [1000, 4000], values: [10, 40], originMs: 0 }], { stepMs: 1000 });
    assert.deepEqual(r.grid, [0, 1000, 2000, 3000, 4000]);
    assert.deepEqual(r.values[0], [null, 10, 20, 30, 40]);
  });

  it('without an origin, the first sample is t = 0', () => {
    const r = alignAndResample([{ times: [7000, 8000, 9000], values: [1, 2, 3] }]);
    assert.deepEqual(r.grid, [0, 1000, 2000]);
    assert.deepEqual(r.values[0], [1, 2, 3]);
  });

  it('widens the step to stay under maxPoints', () => {
    const times = Array.from({ length: 1001 }, (_, i) => i * 10);
    const r = alignAndResample([{ times, values: times.map(() => 1), originMs: 0 }], { maxPoints: 11 });
    assert.equal(r.stepMs, 1000);
    assert.equal(r.grid.length, 11);
    assert.ok(r.values[0]!.slice(1).every((v) => v === 1));
  });
});
