/**
 * Issue #37: SVC rates are written as their intervals complete, a window at a time, not held for
 * the whole span. The store an import leaves must not depend on the window: the same drop gives
 * the same run, points and summaries whether its rates were written in one go or in
 * many windows.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

interface Stored {
  run: Record<string, unknown>;
  points: Map<string, Array<[number, number]>>;
  summaries: unknown[];
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
      chunks: db.prepare('SELECT COUNT(*) FROM series').pluck().get() as number,
      series: db.prepare('SELECT COUNT(*) FROM (SELECT DISTINCT object, metric FROM series)').pluck().get() as number,
    };
  } finally {
    core.close();
    if (before === undefined) delete process.env['PERFDELTA_SVC_HELD_BYTES'];
    else process.env['PERFDELTA_SVC_HELD_BYTES'] = before;
  }
}

describe('SVC rates written as their intervals complete', () => {
  it('a drop written in many windows stores what it stores written in one: run, points, summaries', async () => {
    const dir = path.join(tempDir(), 'svc');
    const { generate } = (await import(pathToFileURL(path.join(root, 'samples/svc/generate.mjs')).href)) as { generate(d: string, o: object): number };
    // A day of the sixteen volumes of study S1: 576 files (two nodes), each series 287 points.
    generate(dir, { days: 1 });
    const whole = importWith(dir, undefined);
    // ~2 KB of rates per interval: a window every few intervals, ~50 windows over the day.
    const windows = importWith(dir, '10000');
    assert.equal(whole.chunks, whole.series, 'held whole, each series is one chunk');
    assert.ok(windows.chunks > whole.series * 20, `written in windows, each series is many chunks (${windows.chunks} for ${windows.series} series)`);
    assert.equal(windows.series, whole.series);
    assert.deepEqual(windows.run, whole.run, 'the run row is the same, its import the first file');
    assert.deepEqual([...windows.points.keys()].sort(), [...whole.points.keys()].sort());
    for (const [key, pts] of whole.points) assert.deepEqual(windows.points.get(key), pts, key);
    // Built over every chunk at the end (mean, spread, extremes, order), not over the last window.
    assert.deepEqual(windows.summaries, whole.summaries);
  });
});
