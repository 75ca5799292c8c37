import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedSeries } from '../../../importers/types.js';
import { CHUNK_POINTS } from '../store/series-codec.js';
import { Store } from '../store/store.js';
import { RangeReader } from './range-read.js';
import { variation } from './variation.js';
import { WindowedSeries } from './windowed-series.js';

/** A store with one run holding these series (written as an import writes them). */
function storeWith(series: ParsedSeries[]): { store: Store; run: number } {
  const store = new Store(':memory:');
  const run = store.transaction(() => {
    const study = store.ensureStudy('ranges');
    store.saveFile('f'.repeat(64), new Uint8Array([1]));
    const imp = store.insertImport({ studyId: study.id, sha256: 'f'.repeat(64), fileName: 'job_iops.1.log', format: 'fio-log', importerVersion: '1', config: 'disk', warnings: [] });
    return store.insertRun(study.id, imp, 'disk', 0, { name: 'r', tool: 'fio', toolVersion: null, host: null, startMs: null, endMs: null, params: {}, metrics: {}, tables: {}, series, warnings: [], errors: [] });
  });
  return { store, run };
}

const line = (n: number, at: (i: number) => number, value: (i: number) => number, metric = 'read.iops'): ParsedSeries => ({
  object: 'job', metric, unit: 'IOPS', times: Float64Array.from({ length: n }, (_, i) => at(i)), values: Float64Array.from({ length: n }, (_, i) => value(i)),
});

/** Counts the chunks a reader decodes: what a window costs. */
function counting(store: Store): { reader: RangeReader; chunks: () => number } {
  let decoded = 0;
  const levels = store.levels;
  const chunksIn = levels.chunksIn.bind(levels);
  levels.chunksIn = (key, from, to) => {
    const out = chunksIn(key, from, to);
    decoded += out.length;
    return out;
  };
  return { reader: new RangeReader(levels), chunks: () => decoded };
}

describe('the chunk index: a window reads the chunks it overlaps, and only those', () => {
  // 200,000 samples 10 ms apart: chunks of 65,536 (the last one short).
  const n = 200_000;
  const key = { run: 0, object: 'job', metric: 'read.iops' };
  const t = (i: number): number => 1_000_000 + i * 10;

  it('windows ending exactly at a chunk\'s first or last sample, inside one chunk, or between two samples', () => {
    const { store, run } = storeWith([line(n, t, (i) => i)]);
    const k = { ...key, run };
    const { reader, chunks } = counting(store);
    const lastOfFirst = t(CHUNK_POINTS - 1);
    const firstOfSecond = t(CHUNK_POINTS);
    const read = (from: number, to: number) => reader.lane(k, { from, to }, { width: 100_000 });

    let lane = read(lastOfFirst, lastOfFirst);
    assert.deepEqual([...lane.values], [CHUNK_POINTS - 1], 'the first chunk\'s last sample, alone');
    assert.equal(chunks(), 1, 'one chunk read');

    lane = read(firstOfSecond, firstOfSecond + 30);
    assert.deepEqual([...lane.values], [CHUNK_POINTS, CHUNK_POINTS + 1, CHUNK_POINTS + 2, CHUNK_POINTS + 3], 'both ends included');
    assert.equal(chunks(), 2, 'one more chunk: the second only');

    lane = read(lastOfFirst, firstOfSecond);
    assert.deepEqual([...lane.values], [CHUNK_POINTS - 1, CHUNK_POINTS], 'a window across a chunk edge');
    assert.equal(chunks(), 4, 'the two chunks either side of the edge');

    lane = read(lastOfFirst + 1, firstOfSecond - 1);
    assert.equal(lane.values.length, 0, 'between two samples: nothing');
    assert.equal(lane.stats.samples, 0);

    lane = read(t(3 * CHUNK_POINTS + 5), t(n - 1));
    assert.equal(lane.values.length, n - 3 * CHUNK_POINTS - 5, 'the short last chunk, to its end');
    assert.equal(lane.raw, true);
    store.close();
  });

  it('empty windows: before the series, after it, and backwards', () => {
    const { store, run } = storeWith([line(n, t, (i) => i)]);
    const reader = new RangeReader(store.levels);
    const k = { ...key, run };
    for (const [from, to] of [[0, t(0) - 1], [t(n - 1) + 1, t(n - 1) + 1000], [t(500), t(400)]] as const) {
      const lane = reader.lane(k, { from, to }, { width: 800 });
      assert.equal(lane.times.length, 0, `[${from}, ${to}]`);
      assert.equal(lane.stats.samples, 0);
      assert.deepEqual(lane.extent, { from: t(0), to: t(n - 1) }, 'the extent is still said');
    }
    assert.equal(reader.lane({ ...k, object: 'nobody' }, null, { width: 800 }).extent, null, 'a series that does not exist: an empty lane');
    store.close();
  });

  it('a one-point series: whole, in a window around it, and in a window beside it', () => {
    const { store, run } = storeWith([line(1, () => 5000, () => 42)]);
    const reader = new RangeReader(store.levels);
    const k = { ...key, run };
    assert.deepEqual([...reader.lane(k, null, { width: 800 }).values], [42]);
    const around = reader.lane(k, { from: 4000, to: 6000 }, { width: 800 });
    assert.deepEqual([[...around.times], [...around.values], around.raw], [[5000], [42], true]);
    assert.equal(around.stats.samples, 1);
    assert.equal(around.stats.mean, 42);
    assert.equal(reader.lane(k, { from: 5001, to: 6000 }, { width: 800 }).values.length, 0);
    store.close();
  });
});

describe('range reads through the pyramid', () => {
  // One million samples a second apart, a wave with one single-sample spike and one dip.
  const n = 1_000_000;
  const t0 = 1_600_000_000_000;
  const at = (i: number): number => t0 + i * 1000;
  const value = (i: number): number => (i === 654_321 ? 1e6 : i === 123_457 ? -1e6 : 50_000 + 10_000 * Math.sin(i / 5000) + (i % 17));
  const { store, run } = storeWith([line(n, at, value)]);
  const k = { run, object: 'job', metric: 'read.iops' };
  const all = Float64Array.from({ length: n }, (_, i) => value(i));

  it('the whole series at 1,000 px reads buckets, not samples, and draws the spike and the dip', () => {
    const { reader, chunks } = counting(store);
    const lane = reader.lane(k, null, { width: 1000 });
    assert.ok(lane.level >= 1, `read from a pyramid level (level ${lane.level})`);
    assert.equal(chunks(), 0, 'no chunk of samples read');
    assert.equal(lane.raw, false);
    assert.ok(lane.times.length <= 2002, `at most two points a pixel (${lane.times.length})`);
    assert.ok([...lane.values].includes(1e6) && [...lane.values].includes(-1e6), 'the spike and the dip are drawn');
    assert.equal(lane.times[[...lane.values].indexOf(1e6)], at(654_321), 'at the spike\'s own time');
    const ref = variation(all);
    assert.equal(lane.stats.samples, n);
    assert.ok(Math.abs(lane.stats.mean - ref.mean) < 1e-6 && Math.abs(lane.stats.sd - ref.sd) < 1e-6, 'statistics over every sample');
  });

  it('any window\'s statistics are exact: the level\'s buckets inside it and raw samples at its edges', () => {
    const reader = new RangeReader(store.levels);
    let seed = 7;
    const rand = (): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
    for (let k2 = 0; k2 < 12; k2++) {
      const a = Math.floor(rand() * n);
      const b = Math.min(n - 1, a + Math.floor(rand() * n * 0.3));
      // Windows that start and end between samples too.
      const from = at(a) - (k2 % 2 ? 300 : 0);
      const to = at(b) + (k2 % 3 ? 500 : 0);
      const lane = reader.lane(k, { from, to }, { width: 700 });
      const ref = variation(all.subarray(a, b + 1));
      let max = -Infinity;
      for (let i = a; i <= b; i++) max = Math.max(max, all[i]!);
      assert.equal(lane.stats.samples, b - a + 1, `window ${k2}: every sample counted once`);
      assert.ok(Math.abs(lane.stats.mean - ref.mean) < 1e-6, `window ${k2}: mean`);
      assert.ok(Math.abs(lane.stats.sd - ref.sd) < 1e-6, `window ${k2}: sd`);
      assert.equal(lane.stats.max, max, `window ${k2}: max`);
      assert.ok(lane.times.every((tm) => tm >= from && tm <= to), `window ${k2}: no point outside it`);
      if (a <= 654_321 && 654_321 <= b) assert.ok([...lane.values].includes(1e6), `window ${k2}: the spike inside is drawn`);
    }
  });

  it('a window of about as many samples as pixels gets every sample, as stored', () => {
    const { reader, chunks } = counting(store);
    const from = at(400_000);
    const to = at(400_999);
    const lane = reader.lane(k, { from, to }, { width: 1000 });
    assert.equal(lane.raw, true);
    assert.equal(lane.level, 0);
    assert.deepEqual([...lane.values], [...all.subarray(400_000, 401_000)]);
    assert.deepEqual([...lane.times], Array.from({ length: 1000 }, (_, i) => at(400_000 + i)));
    assert.ok(chunks() <= 2, 'the chunk (or two) holding them');
  });

  it('a 1% window reads a level with at least one bucket a pixel', () => {
    const lane = new RangeReader(store.levels).lane(k, { from: at(650_000), to: at(660_000) }, { width: 400 });
    assert.equal(lane.level, 1, '10,000 samples at 400 px: level 1 (625 buckets)');
    assert.ok([...lane.values].includes(1e6));
  });

  it('lanes of a shared window, and a study\'s objects ranked by their mean over it', () => {
    const { store: s2, run: r2 } = storeWith([
      line(5000, (i) => i * 1000, () => 3, 'read.lat_ms'),
      { ...line(5000, (i) => i * 1000, (i) => (i < 2500 ? 1 : 9), 'read.lat_ms'), object: 'b' },
      { ...line(5000, (i) => i * 1000, () => 4, 'read.lat_ms'), object: 'c' },
    ]);
    const w = new WindowedSeries(s2.levels);
    const study = s2.findStudy('ranges')!.id;
    const whole = w.studyObjects(study, 'read.lat_ms', null, { top: 2 });
    assert.deepEqual(whole.objects.map((o) => [o.object, Math.round(o.mean * 1e9) / 1e9]), [['b', 5], ['c', 4]], 'the top two by mean');
    assert.deepEqual(whole.all, ['b', 'c', 'job']);
    const late = w.studyObjects(study, 'read.lat_ms', null, { top: 1, from: 3_000_000, to: 4_000_000 });
    assert.deepEqual(late.objects.map((o) => [o.object, o.mean, o.max, o.samples]), [['b', 9, 9, 1001]], 'ranked over the window only');
    const lanes = w.lanes([{ run: r2, object: 'job', metric: 'read.lat_ms' }, { run: r2, object: 'b', metric: 'read.lat_ms' }], 2_000_000, 2_999_000, 1200);
    assert.deepEqual(lanes.map((l) => [l.object, l.times.length, l.raw]), [['job', 1000, true], ['b', 1000, true]]);
    assert.ok(lanes[0]!.times instanceof Float64Array, 'typed results');
    s2.close();
  });
});
