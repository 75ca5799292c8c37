import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const sample = (config: string, name: string): string => path.join(REPO_ROOT, 'samples', 'fio', config, name);

/** Everything the store holds, to prove that a failed import changed nothing. */
function snapshot(core: Core): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['studies', 'files', 'file_parts', 'imports', 'runs', 'series']) {
    out[table] = core.store.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
  }
  return out;
}

function freshCore(): Core {
  return new Core(path.join(tempDir(), 'perfdelta.sqlite'));
}

describe('import pipeline', () => {
  it('imports files as runs, keeps the original bytes, and recognises a re-import by SHA-256', () => {
    const core = freshCore();
    const files = [sample('disk', 'randread-4k-qd1.json'), sample('disk', 'seqread-128k-qd8.json')];
    const first = core.importPaths(files, 'My study', 'disk');
    assert.deepEqual(first.files.map((f) => f.status), ['imported', 'imported']);
    assert.equal(core.runs({ study: 'my-study' }).length, 2);
    const stored = core.store.fileContent(first.files[0]!.sha256)!;
    assert.ok(stored.equals(fs.readFileSync(files[0]!)), 'the original file is kept byte for byte');

    const again = core.importPaths(files, 'My study', 'disk');
    assert.deepEqual(again.files.map((f) => f.status), ['duplicate', 'duplicate']);
    assert.deepEqual(again.files.map((f) => f.runs), first.files.map((f) => f.runs), 'duplicates point at the existing runs');
    assert.equal(core.runs({ study: 'my-study' }).length, 2, 'no duplicate runs');
    core.close();
  });

  it('a file that fails to parse is reported with the reason and nothing of it is written', () => {
    const core = freshCore();
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'empty.json'), '');
    fs.writeFileSync(path.join(dir, 'truncated.json'), fs.readFileSync(sample('disk', 'randread-4k-qd1.json'), 'utf8').slice(0, 500));
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    const before = snapshot(core);
    const result = core.importPaths([dir], 'Bad', 'x');
    assert.deepEqual(result.files.map((f) => [path.basename(f.path), f.status]), [
      ['empty.json', 'skipped'], ['photo.png', 'skipped'], ['truncated.json', 'failed'],
    ]);
    // An empty file, or one that is not a result (a picture beside the results), has nothing to
    // import and nothing to lose: skipped with the reason, not failed.
    assert.deepEqual(result.files[0]!.errors, []);
    assert.match(result.files[0]!.warnings[0]!, /the file is empty: nothing to import/);
    assert.deepEqual(result.files[1]!.errors, []);
    assert.match(result.files[1]!.warnings[0]!, /not a result file PerfDelta reads \(binary file.*\): nothing to import/);
    assert.match(result.files[2]!.errors[0]!, /line 1: truncated JSON/);
    const after = snapshot(core);
    assert.deepEqual(after.files, before.files);
    assert.deepEqual(after.runs, before.runs);
    core.close();
  });

  it('a failure while writing rolls the whole import back', () => {
    const core = freshCore();
    core.importPaths([sample('disk', 'randread-4k-qd1.json')], 'Study', 'disk');
    // A real database failure in the middle of the second file's runs.
    core.store.db.exec(`CREATE TRIGGER boom BEFORE INSERT ON runs WHEN NEW.name = 'seqwrite-128k-qd8'
                        BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const before = snapshot(core);
    assert.throws(
      () => core.importPaths([sample('tmpfs', 'randread-4k-qd1.json'), sample('tmpfs', 'seqwrite-128k-qd8.json')], 'Study', 'tmpfs'),
      /disk full/,
    );
    assert.deepEqual(snapshot(core), before, 'the database is exactly as it was');
    core.close();
  });

  it('staging parses without writing; commit writes what was staged', () => {
    const core = freshCore();
    const bytes = fs.readFileSync(sample('disk', 'randwrite-4k-qd16.json'));
    const preview = core.stage('randwrite.json', new Uint8Array(bytes));
    assert.equal(preview.format, 'fio-json');
    assert.equal(preview.runs.length, 1);
    assert.equal(preview.runs[0]!.params['rw'], 'randwrite');
    assert.equal(core.studies().length, 0, 'nothing written while staged');
    const result = core.commit([preview.id], 'S', 'disk');
    assert.equal(result.files[0]!.status, 'imported');
    assert.throws(() => core.commit([preview.id], 'S', 'disk'), /gone/);
    core.close();
  });
});
