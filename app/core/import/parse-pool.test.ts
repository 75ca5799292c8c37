import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { parsePoolFor, WORKER_PEAK_BYTES, workersFor } from './parse-pool.js';
import { ImportCancelledError } from './pipeline.js';

/** Imports `inputs` into a fresh store with the parse workers on or off; what the store then holds. */
function importWith(workers: boolean, inputs: string[], hooks: { checkCancel?: () => void } = {}): { core: Core; result: ReturnType<Core['importPaths']> } {
  process.env['PERFDELTA_PARSE_POOL_MIN_BYTES'] = workers ? '0' : String(Number.MAX_SAFE_INTEGER);
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  return { core, result: core.importPaths(inputs, 'pool', 'c', { relativeTo: REPO_ROOT, ...hooks }) };
}

/** The process's parse workers (opened on first use). */
function workers(): ReturnType<typeof parsePoolFor> {
  process.env['PERFDELTA_PARSE_POOL_MIN_BYTES'] = '0';
  return parsePoolFor(2, 1);
}

/** Everything an import wrote, in a form two stores can be compared by. */
function contents(core: Core): unknown {
  const runs = core.runs({ study: 'pool' }).map((r) => ({ ...r, id: undefined, study: undefined }));
  const series = core.runs({ study: 'pool' }).flatMap((r) => core.series(r.id).map((s) => ({ run: r.name, object: s.object, metric: s.metric, points: s.points })));
  const files = core.studyImports('pool').map((f) => ({ ...f, imported_at: undefined }));
  return { runs, series, files };
}

describe('parse workers', () => {
  it('are as many as the cores, and no more than half the free memory holds at their peaks', () => {
    const GB = 1024 ** 3;
    assert.equal(workersFor(2, 22 * GB), 2, 'this machine: two cores, memory to spare');
    assert.equal(workersFor(16, 64 * GB), 4, 'at most four');
    assert.equal(workersFor(8, 2 * GB), 2, 'eight cores, 2 GB free: two workers of 350 MB fit in half of it');
    assert.equal(workersFor(8, 4 * WORKER_PEAK_BYTES - 1), 1);
    assert.equal(workersFor(4, 600 * 1024 ** 2), 0, 'not even one fits: the writer parses alone');
  });

  after(() => { delete process.env['PERFDELTA_PARSE_POOL_MIN_BYTES']; });

  it('a drop parsed by the workers writes exactly what parsing on the writer writes: fio JSON with its logs, AWR reports, vdbench', () => {
    const inputs = ['samples/fio/detail', 'samples/awr', 'samples/vdbench'].map((d) => path.join(REPO_ROOT, d)).filter((d) => fs.existsSync(d));
    const alone = importWith(false, inputs);
    const pool = workers();
    assert.ok(pool, 'the workers started (else both imports parsed on the writer)');
    const before = pool.counts.workers;
    const pooled = importWith(true, inputs);
    assert.ok(pool.counts.workers - before > 10, `the workers staged ${pool.counts.workers - before} files`);
    assert.ok(alone.result.files.length > 10, `${alone.result.files.length} files`);
    assert.deepEqual(pooled.result.files.map((f) => [f.path, f.status, f.warnings, f.errors]), alone.result.files.map((f) => [f.path, f.status, f.warnings, f.errors]));
    assert.deepEqual(contents(pooled.core), contents(alone.core));
    alone.core.close();
    pooled.core.close();
  });

  it('SVC statistics read and scanned by the workers give the same run, series and notes', async () => {
    const dir = path.join(tempDir(), 'svc');
    const { generate } = (await import(pathToFileURL(path.join(REPO_ROOT, 'samples/svc/generate.mjs')).href)) as { generate(d: string, o: object): number };
    generate(dir, { volumes: 12, days: 1 });
    const alone = importWith(false, [dir]);
    const pool = workers()!;
    const was = pool.counts.workers;
    const pooled = importWith(true, [dir]);
    assert.ok(pool.counts.workers - was >= fs.readdirSync(dir).length, `the workers scanned ${pool.counts.workers - was} of ${fs.readdirSync(dir).length} files`);
    assert.equal(pooled.core.runs({ study: 'pool' }).length, 1);
    assert.deepEqual(pooled.result.files.map((f) => [f.status, f.warnings]), alone.result.files.map((f) => [f.status, f.warnings]));
    assert.deepEqual(contents(pooled.core), contents(alone.core));
    alone.core.close();
    pooled.core.close();
  });

  it('files that fail name the file and the place, the same whoever parsed them, and the good files beside them are written', () => {
    const dir = path.join(tempDir(), 'messy');
    fs.mkdirSync(dir);
    const good = path.join(REPO_ROOT, 'samples/fio/detail/randrw70.json');
    const text = fs.readFileSync(good, 'utf8');
    fs.copyFileSync(good, path.join(dir, 'a-good.json'));
    // Cut in the middle of its jobs: fio stopped (or the copy did) before the report ended.
    fs.writeFileSync(path.join(dir, 'b-cut.json'), text.slice(0, Math.floor(text.length / 2)));
    fs.writeFileSync(path.join(dir, 'c-not-a-result.txt'), 'hello\nthis is no benchmark output\n');
    fs.copyFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70_iops.1.log'), path.join(dir, 'd-iops.1.log'));
    // A table: its mapping is the store's, so the workers hand it back to the writer.
    fs.writeFileSync(path.join(dir, 'e-table.csv'), 'config,block size,iops\nA,4k,1000\nA,8k,900\n');
    const alone = importWith(false, [dir]);
    const pool = workers()!;
    const was = { ...pool.counts };
    const pooled = importWith(true, [dir]);
    assert.deepEqual([pool.counts.workers - was.workers, pool.counts.writer - was.writer], [4, 1], 'four files staged by the workers, the table by the writer');
    const outcome = (r: typeof alone.result) => r.files.map((f) => [path.basename(f.path), f.status, f.warnings, f.errors]);
    assert.deepEqual(outcome(pooled.result), outcome(alone.result));
    const cut = pooled.result.files.find((f) => f.path.endsWith('b-cut.json'))!;
    assert.equal(cut.status, 'failed');
    assert.match(cut.errors.join(' '), /line \d+|position \d+|offset \d+|byte \d+/i, `the place is named: ${cut.errors.join(' ')}`);
    assert.ok(pooled.core.runs({ study: 'pool' }).length > 0, 'the good file is written');
    assert.deepEqual(contents(pooled.core), contents(alone.core));
    alone.core.close();
    pooled.core.close();
  });

  it('a cancel part way leaves the store as it was, and the next import through the same workers is whole', () => {
    process.env['PERFDELTA_PARSE_POOL_MIN_BYTES'] = '0';
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([path.join(REPO_ROOT, 'samples/vdbench')], 'pool', 'c', { relativeTo: REPO_ROOT });
    const before = contents(core);
    assert.ok((before as { runs: unknown[] }).runs.length > 0);
    const inputs = [path.join(REPO_ROOT, 'samples/awr')];
    let calls = 0;
    assert.throws(() => core.importPaths(inputs, 'pool', 'c', { relativeTo: REPO_ROOT, checkCancel: () => { if (++calls === 3) throw new ImportCancelledError(); } }), ImportCancelledError);
    assert.deepEqual(contents(core), before, 'nothing of the cancelled import is in the store');
    core.close();
    const again = importWith(true, inputs);
    const alone = importWith(false, inputs);
    assert.deepEqual(contents(again.core), contents(alone.core), 'replies of the stopped import are not taken for this one\'s files');
    again.core.close();
    alone.core.close();
  });
});
