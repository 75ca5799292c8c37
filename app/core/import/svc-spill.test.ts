/**
 * Issue #37: SVC rates are written out as their intervals complete, a window at a time, not held
 * for the whole span, and read back one object at a time when its series are made. The store an
 * import leaves must not depend on the window: the same drop gives the same run, chunks, points,
 * summaries and pyramids whether its rates were held whole or written out in many windows.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { aggregateSvcFiles } from './svc-stream.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

interface Stored {
  run: Record<string, unknown>;
  points: Map<string, Array<[number, number]>>;
  summaries: unknown[];
  levels: unknown[];
  chunks: number;
  series: number;
}

/** Imports `dir` into a new store with PERFDELTA_SVC_HELD_BYTES at `held` (undefined: the default), and reads back what it holds. */
function importWith(dir: string, held: string | undefined): Stored {
  const before = process.env['PERFDELTA_SVC_HELD_BYTES'];
  if (held === undefined) delete process.env['PERFDELTA_SVC_HELD_BYTES'];
  else process.env['PERFDELTA_SVC_HELD_BYTES'] = held;
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  try {
    const result = core.importPaths([dir], 'svc', 'prod');
    assert.ok(result.files.every((f) => f.status === 'imported'), JSON.stringify(result.files.find((f) => f.status !== 'imported')));
    const db = core.store.db;
    const run = db.prepare('SELECT r.name, r.tool, r.host, r.start_ms, r.end_ms, r.params, r.tables, r.warnings, r.errors, r.metrics, r.validity, i.file_name FROM runs r JOIN imports i ON i.id = r.import_id').all() as Array<Record<string, unknown>>;
    assert.equal(run.length, 1, 'one run of the whole drop');
    const runId = (db.prepare('SELECT id FROM runs').pluck().get() as number);
    const points = new Map<string, Array<[number, number]>>();
    for (const s of core.store.series(runId)) points.set(`${s.object} ${s.metric}`, s.points as Array<[number, number]>);
    return {
      run: run[0]!,
      points,
      summaries: db.prepare('SELECT object, metric, unit, points, t_first, t_last, ordered, levels, samples, mean, m2, min, max FROM series_summary ORDER BY object, metric').all(),
      levels: db.prepare('SELECT object, metric, level, block, t_first, t_last, n, buckets FROM series_levels ORDER BY object, metric, level, block').all(),
      chunks: db.prepare('SELECT COUNT(*) FROM series').pluck().get() as number,
      series: db.prepare('SELECT COUNT(*) FROM (SELECT DISTINCT object, metric FROM series)').pluck().get() as number,
    };
  } finally {
    core.close();
    if (before === undefined) delete process.env['PERFDELTA_SVC_HELD_BYTES'];
    else process.env['PERFDELTA_SVC_HELD_BYTES'] = before;
  }
}

/** A day of the sixteen volumes of study S1: 576 files (two nodes), each series 287 points. */
async function svcDay(): Promise<string> {
  const dir = path.join(tempDir(), 'svc');
  const { generate } = (await import(pathToFileURL(path.join(root, 'samples/svc/generate.mjs')).href)) as { generate(d: string, o: object): number };
  generate(dir, { days: 1 });
  return dir;
}

describe('SVC rates written out as their intervals complete', () => {
  it('the rates go out to a file in windows and come back whole, and the file is removed', async () => {
    const dir = await svcDay();
    const files = fs.readdirSync(dir).sort().map((name, index) => ({ index, path: path.join(dir, name), read: () => fs.readFileSync(path.join(dir, name)) }));
    const whole = aggregateSvcFiles(files);
    const spillPath = path.join(tempDir(), 'spill');
    // ~2 KB of rates per interval: a window every few intervals, ~50 windows over the day.
    const windows = aggregateSvcFiles(files, { seriesLater: true, spill: { bytes: 10_000, path: () => spillPath } });
    assert.equal(whole.spilled, false);
    assert.equal(windows.spilled, true, 'written out');
    assert.ok(fs.existsSync(spillPath), 'until the series are made');
    const series = [...windows.series!()];
    assert.equal(fs.existsSync(spillPath), false, 'removed once they are');
    assert.deepEqual({ ...windows.run, series: [] }, { ...whole.run, series: [] });
    assert.equal(series.length, whole.run!.series.length);
    assert.deepEqual(series, whole.run!.series);
  });

  it('a drop written out in many windows stores what it stores held whole: run, chunks, points, summaries, pyramids', async () => {
    const dir = await svcDay();
    const whole = importWith(dir, undefined);
    const windows = importWith(dir, '10000');
    assert.equal(windows.series, whole.series);
    assert.equal(windows.chunks, whole.chunks, 'each series one chunk, as if held whole');
    assert.deepEqual(windows.run, whole.run, 'the run row is the same, its import the first file');
    assert.deepEqual([...windows.points.keys()].sort(), [...whole.points.keys()].sort());
    for (const [key, pts] of whole.points) assert.deepEqual(windows.points.get(key), pts, key);
    assert.deepEqual(windows.summaries, whole.summaries);
    assert.deepEqual(windows.levels, whole.levels);
  });
});
