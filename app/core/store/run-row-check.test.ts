/**
 * A run the store writes is checked against the schema study files are checked against
 * (row-schema.ts) on the values it is made of, not on its JSON parsed back (issue #37: a sweep of
 * 6,788 fio jobs spent 170 ms re-reading its own runs). Checked on the objects, it must refuse
 * and keep exactly what checking the text did.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ParsedRun } from '../../../importers/types.js';
import { Store } from './store.js';
import { RowError, NAME_MAX } from './row-schema.js';
import { tempDir } from '../test-support/temp.js';

const run = (over: Partial<ParsedRun>): ParsedRun => ({
  name: 'r', tool: 'fio', toolVersion: null, host: null, startMs: null, endMs: null,
  params: {}, metrics: {}, tables: {}, series: [], warnings: [], errors: [], ...over,
});

function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 1; i < depth; i++) v = { v };
  return v;
}

function write(r: ParsedRun): { error: RowError | null; stored: { metrics: string; tables: string } | null } {
  const store = new Store(path.join(tempDir(), 'db.sqlite'));
  try {
    let error: RowError | null = null;
    store.transaction(() => {
      const study = store.ensureStudy('s');
      store.saveFile('a'.repeat(64), new Uint8Array([1]));
      const importId = store.insertImport({ studyId: study.id, sha256: 'a'.repeat(64), fileName: 'f.json', format: 'fio-json', importerVersion: '1', config: 'c', warnings: [] });
      try {
        store.insertRun(study.id, importId, 'c', 0, r);
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        error = err;
      }
    });
    const stored = store.db.prepare('SELECT metrics, tables FROM runs').get() as { metrics: string; tables: string } | undefined;
    return { error, stored: stored ?? null };
  } finally {
    store.close();
  }
}

describe("a run's row checked on the values it is made of", () => {
  it('tables nested past 64 levels are refused, naming the field; 64 levels are kept', () => {
    const deep = write(run({ tables: { t: nested(64) } }));
    assert.equal(deep.error?.column, 'tables');
    assert.match(deep.error!.problem, /nests deeper than 64 levels/);
    const ok = write(run({ tables: { t: nested(63) } }));
    assert.equal(ok.error, null);
  });

  it('a parameter longer than a name may be, or not a string, number or boolean, is refused', () => {
    assert.equal(write(run({ params: { bs: 'x'.repeat(NAME_MAX + 1) } })).error?.column, 'params');
    assert.equal(write(run({ params: { bs: { k: 1 } as unknown as string } })).error?.column, 'params');
    assert.equal(write(run({ params: { bs: '4k', iodepth: 32, direct: true } })).error, null);
  });

  it('a metric that is not finite is left out of what is stored, and the rest kept', () => {
    const r = write(run({ metrics: { 'read.iops': 100, 'read.lat_ms': Number.NaN, 'write.iops': Infinity } }));
    assert.equal(r.error, null);
    assert.deepEqual(JSON.parse(r.stored!.metrics), { 'read.iops': 100 });
  });

  it('a warning that is not text is refused', () => {
    assert.equal(write(run({ warnings: [42 as unknown as string] })).error?.column, 'warnings');
  });
});
