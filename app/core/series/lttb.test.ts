import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lttb } from './lttb.js';
import { scatterByTime } from './study-series.js';

describe('downsampling and ranking', () => {
  it('LTTB keeps a single spike among a million flat points, and the ends', () => {
    const n = 1_000_000;
    const t = Float64Array.from({ length: n }, (_, i) => i);
    const v = new Float64Array(n).fill(1);
    v[654_321] = 400;
    const d = lttb(t, v, 1000);
    assert.equal(d.times.length, 1000);
    assert.ok(d.values.includes(400), 'the spike survives');
    assert.deepEqual([d.times[0], d.times[999]], [0, n - 1]);
  });

  it('pairs two metrics of one object at the same times', () => {
    const mk = (object: string, values: number[]) => ({ object, times: Float64Array.from(values.map((_, i) => i * 300_000)), values: Float64Array.from(values) });
    const s = scatterByTime([mk('b', [100, 50])], [mk('b', [1, 40])], ['b']);
    assert.deepEqual(s[0]!.points.map(([x, y]) => [x, y]), [[100, 1], [50, 40]]);
  });
});
