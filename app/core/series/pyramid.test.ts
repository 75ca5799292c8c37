import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockColumns, COUNT, MAX, MIN, MIN_LEVEL_BUCKETS, PyramidBuilder, T_FIRST, T_LAST, T_MAX, T_MIN, type PyramidBlock } from './pyramid.js';
import { variation } from './variation.js';

function build(times: Float64Array, values: Float64Array, pieces = 1): { blocks: PyramidBlock[]; summary: ReturnType<PyramidBuilder['finish']> } {
  const blocks: PyramidBlock[] = [];
  const b = new PyramidBuilder((block) => blocks.push(block));
  const step = Math.ceil(times.length / pieces);
  for (let at = 0; at < times.length; at += step) b.push(times.subarray(at, at + step), values.subarray(at, at + step));
  return { blocks, summary: b.finish() };
}

/** A level's buckets, every block's columns joined. */
function level(blocks: PyramidBlock[], l: number): Float64Array[] {
  const mine = blocks.filter((b) => b.level === l).sort((a, b) => a.block - b.block);
  return Array.from({ length: 9 }, (_, f) => {
    const parts = mine.map((b) => blockColumns(b.buckets, b.n)[f]!);
    const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  });
}

describe('series pyramid', () => {
  it('a single-sample spike (and a single-sample dip) survives every level, at its own time', () => {
    const n = 1 << 22; // 4,194,304 points: levels of 262,144, 16,384 and 1,024 buckets
    const t = Float64Array.from({ length: n }, (_, i) => 1_500_000_000_000 + i * 1000);
    const v = new Float64Array(n).fill(100);
    v[3_000_001] = 9_000;
    v[77] = -5;
    const { blocks, summary } = build(t, v, 7);
    assert.equal(summary.levels, 3, 'level 4 (64 buckets) is too small to keep');
    for (let l = 1; l <= summary.levels; l++) {
      const cols = level(blocks, l);
      const max = cols[MAX]!;
      const min = cols[MIN]!;
      const spikes = [...max.keys()].filter((j) => max[j] === 9_000);
      assert.equal(spikes.length, 1, `level ${l}: the spike is one bucket's maximum`);
      assert.equal(cols[T_MAX]![spikes[0]!], t[3_000_001], `level ${l}: at the spike's time`);
      const dips = [...min.keys()].filter((j) => min[j] === -5);
      assert.equal(dips.length, 1, `level ${l}: the dip is one bucket's minimum`);
      assert.equal(cols[T_MIN]![dips[0]!], t[77]);
      assert.equal(cols[COUNT]!.reduce((a, c) => a + c, 0), n, `level ${l}: every point counted once`);
      assert.equal(cols[COUNT]!.length, n / 16 ** l, `level ${l}: 16^${l} points a bucket`);
    }
    assert.ok(blocks.every((b) => b.level <= summary.levels), 'no block of a level not kept');
  });

  it('never ends a bucket between samples of the same time, so buckets are disjoint in time', () => {
    // An fio latency log: several rows per millisecond.
    const n = 40_000;
    const t = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 7));
    const v = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1000);
    const { blocks, summary } = build(t, v, 3);
    assert.ok(summary.levels >= 1);
    const cols = level(blocks, 1);
    for (let j = 1; j < cols[T_FIRST]!.length; j++) assert.ok(cols[T_LAST]![j - 1]! < cols[T_FIRST]![j]!, `bucket ${j} starts after the one before ends`);
    assert.ok(cols[COUNT]!.every((c) => c >= 16), 'every bucket holds at least 16 samples');
  });

  it('whole-series statistics equal a pass over the samples (NaN skipped)', () => {
    const n = 100_003;
    const t = Float64Array.from({ length: n }, (_, i) => i);
    const v = Float64Array.from({ length: n }, (_, i) => 50_000 + 10_000 * Math.sin(i / 500) + (i % 13));
    v[500] = NaN;
    const { summary } = build(t, v, 5);
    const ref = variation(v);
    assert.equal(summary.stats.count, n - 1);
    assert.ok(Math.abs(summary.stats.mean - ref.mean) < 1e-6);
    assert.ok(Math.abs(summary.stats.sd - ref.sd) < 1e-6);
    assert.equal(summary.points, n);
    assert.deepEqual([summary.tFirst, summary.tLast], [0, n - 1]);
  });

  it('a series whose times go back keeps no levels (its windows are read raw)', () => {
    const n = 20_000;
    const t = Float64Array.from({ length: n }, (_, i) => (i === 10_000 ? 5 : i));
    const { summary, blocks } = build(t, new Float64Array(n).fill(1));
    assert.equal(summary.ordered, false);
    assert.equal(summary.levels, 0);
    assert.ok(blocks.length === 0 || blocks.every((b) => b.level >= 1), 'blocks stored before are dropped by the store');
  });

  it('small series get no levels', () => {
    const n = 16 * (MIN_LEVEL_BUCKETS - 1); // 255 buckets of level 1
    const { summary, blocks } = build(Float64Array.from({ length: n }, (_, i) => i), new Float64Array(n));
    assert.equal(summary.levels, 0);
    assert.equal(blocks.length, 0);
  });
});
