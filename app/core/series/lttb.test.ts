import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lttb } from './lttb.js';
import { clipToWindow, rankAndDownsample, scatterByTime } from './study-series.js';

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

  it('ranks objects by their mean and keeps the top N', () => {
    const mk = (object: string, values: number[]) => ({ object, times: Float64Array.from(values.map((_, i) => i * 300_000)), values: Float64Array.from(values) });
    const r = rankAndDownsample([mk('a', [1, 1]), mk('b', [5, 7]), mk('c', [3, 3])], { top: 2 });
    assert.deepEqual(r.map((o) => [o.object, o.mean, o.max]), [['b', 6, 7], ['c', 3, 3]]);
    const s = scatterByTime([mk('b', [100, 50])], [mk('b', [1, 40])], ['b']);
    assert.deepEqual(s[0]!.points.map(([x, y]) => [x, y]), [[100, 1], [50, 40]]);
  });

  it('clips each series to a window, ends included, and drops series with nothing in it', () => {
    const mk = (object: string, times: number[]) => ({ object, times: Float64Array.from(times), values: Float64Array.from(times.map((t) => t * 2)) });
    const out = clipToWindow([mk('a', [0, 100, 200, 300, 400]), mk('b', [500, 600])], 100, 300);
    assert.deepEqual(out.map((s) => [s.object, [...s.times], [...s.values]]), [['a', [100, 200, 300], [200, 400, 600]]]);
    assert.deepEqual(clipToWindow([mk('a', [0, 1])], null, null).map((s) => s.times.length), [2], 'no window: everything');
    assert.deepEqual([...clipToWindow([mk('a', [0, 100, 200])], 150, null)[0]!.times], [200], 'open end');
  });
});
