import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { ImportCancelledError, STREAM_MIN_BYTES } from './pipeline.js';
import { FILE_PART_BYTES } from '../store/store.js';

/** An iops log of fio 3 for a randrw job, larger than a file part: rows alternate read and write. */
function writeBigLog(file: string, rows: number): void {
  const fd = fs.openSync(file, 'w');
  const batch: string[] = [];
  for (let i = 0; i < rows; i++) {
    batch.push(`${i}, ${1000 + (i % 500)}, ${i & 1}, 4096, 0\n`);
    if (batch.length === 100_000) fs.writeSync(fd, batch.splice(0).join(''));
  }
  fs.writeSync(fd, batch.join(''));
  fs.closeSync(fd);
}

function runFolder(rows: number): { dir: string; log: string } {
  const dir = tempDir();
  fs.copyFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70.json'), path.join(dir, 'randrw70.json'));
  const log = path.join(dir, 'randrw70_iops.1.log');
  writeBigLog(log, rows);
  return { dir, log };
}

function tables(core: Core): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const t of ['studies', 'files', 'file_parts', 'imports', 'runs', 'series']) out[t] = core.store.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get();
  // The original files' objects beside the database, and any temporary file of one.
  out['objects'] = [...core.store.objects.list()].map((o) => o.sha256).sort();
  const tmp = path.join(core.store.objects.root, 'tmp');
  out['temporary'] = fs.existsSync(tmp) ? (fs.readdirSync(tmp, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(tmp, f)).isFile()) : [];
  return out;
}

describe('a large fio log is streamed into the store', () => {
  const rows = 900_000; // about 20 MB: over the streaming threshold and over one file part
  const { dir, log } = runFolder(rows);

  it('its points join the JSON run, its bytes are kept as one object beside the database and read back whole', () => {
    assert.ok(fs.statSync(log).size > Math.max(STREAM_MIN_BYTES, FILE_PART_BYTES), 'the test log is large enough to be streamed in pieces');
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const progress: number[] = [];
    const result = core.importPaths([dir], 'Big', 'disk', { onProgress: (p) => progress.push(p.bytesDone) });
    const json = result.files.find((f) => f.path.endsWith('.json'))!;
    const logOutcome = result.files.find((f) => f.path.endsWith('.log'))!;
    assert.equal(logOutcome.status, 'imported');
    assert.deepEqual(logOutcome.runs, json.runs, 'attached to the JSON run');
    assert.match(logOutcome.warnings.join('\n'), /attached to run \d+ "randrw70"/);
    assert.match(logOutcome.warnings.join('\n'), /900,000 rows/);
    const kept = JSON.parse((core.store.db.prepare('SELECT warnings FROM imports WHERE sha256 = ?').get(logOutcome.sha256) as { warnings: string }).warnings) as string[];
    assert.deepEqual(kept, logOutcome.warnings, 'the import keeps what the whole file said, not the preview of its head');

    const run = core.runs({ study: 'big' }).find((r) => r.id === json.runs[0])!;
    const read = core.series(run.id, 'read.iops')[0]!;
    const write = core.series(run.id, 'write.iops')[0]!;
    assert.equal(read.points.length + write.points.length, rows, 'every row became a point');
    const start = Date.parse(run.start!);
    assert.deepEqual(read.points[0], [start + 0, 1000], 'row 1: 0 ms after the start, read, 1000 IOPS');
    assert.deepEqual(write.points[1], [start + 3, 1003], 'row 4: 3 ms, write, 1003 IOPS');
    assert.deepEqual(read.points[rows / 2 - 1], [start + rows - 2, 1000 + ((rows - 2) % 500)], 'the last read row');

    const sha = logOutcome.sha256;
    assert.equal((core.store.db.prepare('SELECT COUNT(*) AS n FROM file_parts').get() as { n: number }).n, 0, 'no original bytes inside the database');
    const object = core.store.objects.locate(sha)!;
    assert.equal(object.path, path.join(path.dirname(core.dbPath), 'db.sqlite.originals', sha.slice(0, 2), sha.slice(2)), 'originals/ab/cdef…, kept as it is (streamed)');
    assert.equal(fs.statSync(object.path).size, fs.statSync(log).size);
    assert.ok(core.store.fileContent(sha)!.equals(fs.readFileSync(log)), 'the original bytes read back are the file');
    assert.ok(progress.some((b) => b > 0 && b < fs.statSync(log).size), 'progress moved while the log was read');
    const total = fs.statSync(log).size + fs.statSync(path.join(dir, 'randrw70.json')).size;
    assert.equal(progress.at(-1), total, 'the bar ends full, each byte counted once');

    // The same folder again: the log is a duplicate, never read, and the bar still ends full.
    const again: Array<{ bytesDone: number; bytesTotal: number }> = [];
    const second = core.importPaths([dir], 'Big', 'disk', { onProgress: (p) => again.push(p) });
    assert.deepEqual(second.files.map((f) => f.status), ['duplicate', 'duplicate']);
    assert.deepEqual(again.at(-1), { ...again.at(-1)!, bytesDone: total, bytesTotal: total });
    core.close();
  });

  it('a cancel in the middle of the log writes nothing at all', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([path.join(dir, 'randrw70.json')], 'Big', 'disk');
    const before = tables(core);
    // Cancelled once two chunks are in: their parts and points were already written.
    let read = 0;
    assert.throws(() => core.importPaths([log], 'Big', 'disk', {
      onProgress: (p) => { read = p.bytesDone; },
      checkCancel: () => {
        if (read >= 8 << 20) throw new ImportCancelledError();
      },
    }), ImportCancelledError);
    assert.ok(read >= 8 << 20 && read < fs.statSync(log).size, `cancelled part way (${read} bytes read)`);
    assert.deepEqual(tables(core), before, 'the store is as it was');
    // And the same log imports afterwards.
    assert.equal(core.importPaths([log], 'Big', 'disk').files[0]!.status, 'imported');
    core.close();
  });

  it('a database failure while a log streams fails the whole import, not just that file', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const before = tables(core);
    const writer = core.store.seriesWriter.bind(core.store);
    core.store.seriesWriter = (...args) => {
      const w = writer(...args);
      return { ...w, push: () => { throw new Error('SQLITE_FULL: database or disk is full'); } };
    };
    assert.throws(() => core.importPaths([dir], 'Big', 'disk'), /SQLITE_FULL/);
    assert.deepEqual(tables(core), before, 'the JSON imported beside it is rolled back too');
    core.close();
  });

  it('without its JSON the log is a run of its own, its means computed over every row', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const outcome = core.importPaths([log], 'Alone', 'x').files[0]!;
    assert.match(outcome.warnings[0]!, /no fio JSON run to attach it to/);
    const run = core.runs({ study: 'alone' })[0]!;
    // Reads are the even rows: 1000 + (i mod 500) for even i averages 1000 + 249.
    assert.ok(Math.abs(run.metrics['read.iops']! - 1249) < 1e-9, `mean read IOPS ${run.metrics['read.iops']}`);
    assert.ok(Math.abs(run.metrics['write.iops']! - 1250) < 1e-9, `mean write IOPS ${run.metrics['write.iops']}`);
    assert.equal(core.series(run.id, 'read.iops')[0]!.points.length, rows / 2);
    core.close();
  });

  it('staged through the UI path (a spooled upload), the preview reads only the head', () => {
    const spoolDir = tempDir();
    const core = new Core(path.join(tempDir(), 'db.sqlite'), undefined, spoolDir);
    const spool = '0b6f1c2e-8f43-4c4e-9b8a-2f1d3c4b5a69';
    fs.copyFileSync(log, path.join(spoolDir, spool));
    const preview = core.stageSpooled('randrw70_iops.1.log', spool);
    assert.equal(preview.format, 'fio-log');
    assert.equal(preview.size, fs.statSync(log).size);
    assert.match(preview.warnings[0]!, /read and checked as it is imported/);
    assert.throws(() => core.stageSpooled('x', '../../etc/passwd'), /no spooled upload/);
    const result = core.commit([preview.id], 'Spooled', 'x');
    assert.equal(result.files[0]!.status, 'imported');
    assert.equal(fs.existsSync(path.join(spoolDir, spool)), false, 'the spooled copy is removed once imported');
    core.close();
  });
});
