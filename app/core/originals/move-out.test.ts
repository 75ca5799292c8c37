/**
 * Issue #37: a store made before migration 041 (its originals inside the database) moves them
 * out into objects when it is opened, in batches, resumable when interrupted (a batch that did
 * not commit is done again; one that did is not), with the database's size before and after in
 * its log; nothing is lost at any point.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Core } from '../core.js';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { BIN, eventually, startCli, writeBigLog } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';
import { migrate } from '../store/migrations.js';
import { ObjectStore } from './object-store.js';
import { moveOriginalsOut } from './move-out.js';
import { schemaBefore041, schemaOf, storeBefore041 } from './test-support/store-before-041.js';
import { writeFioDrop } from './test-support/drops.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio', 'disk');

/** What the raw database says: files, files still in parts, files with neither parts nor an object (lost). */
function where(dbFile: string): { files: number; inParts: number; lost: string[] } {
  const db = new Database(dbFile, { readonly: true });
  const objects = new ObjectStore(path.join(path.dirname(dbFile), 'originals'));
  try {
    const files = db.prepare('SELECT sha256 FROM files').pluck().all() as string[];
    const parts = new Set(db.prepare('SELECT DISTINCT sha256 FROM file_parts').pluck().all() as string[]);
    return { files: files.length, inParts: parts.size, lost: files.filter((f) => !parts.has(f) && !objects.locate(f)) };
  } finally {
    db.close();
  }
}

function logOf(dbFile: string): Array<{ event: string; message: string }> {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('SELECT event, message FROM migration_log ORDER BY id').all() as Array<{ event: string; message: string }>;
  } finally {
    db.close();
  }
}

/** The original bytes of every import, by the file it came from: what the store must read back. */
function importedFiles(dbFile: string): Array<{ sha256: string; file: string }> {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('SELECT DISTINCT sha256, file_name AS file FROM imports').all() as Array<{ sha256: string; file: string }>;
  } finally {
    db.close();
  }
}

describe('migration 041: the originals of a store made before it move out', () => {
  it('on open, every original becomes its object byte for byte, the database shrinks, and the log says its size before and after', () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    const log = path.join(dir, 'big_clat.1.log');
    writeBigLog(log, 1_500_000); // ~34 MB: three parts of 16 MiB
    storeBefore041(db, [{ paths: [FIO], study: 'Disk', config: 'disk' }, { paths: [log], study: 'Log', config: 'x' }]);
    assert.deepEqual(schemaOf(db), schemaBefore041(), 'the schema migrations 001-040 make, and nothing of 041');
    const before = where(db);
    assert.deepEqual([before.files, before.inParts], [7, 7]);
    assert.ok(!fs.existsSync(path.join(dir, 'originals')));
    const sizeBefore = fs.statSync(db).size;

    const core = new Core(db);
    const after = where(db);
    assert.deepEqual([after.files, after.inParts, after.lost], [7, 0, []], 'every original moved out, none lost');
    for (const f of importedFiles(db)) assert.ok(core.store.fileContent(f.sha256)!.equals(fs.readFileSync(f.file)), `${f.file} reads back as it was`);
    const check = core.checkStore();
    assert.deepEqual([check.integrity, check.verified, check.missing.length, check.damaged.length], ['ok', 7, 0, 0]);
    core.close();
    const originalBytes = importedFiles(db).reduce((n, f) => n + fs.statSync(f.file).size, 0);
    assert.ok(sizeBefore - fs.statSync(db).size > 0.95 * originalBytes, `the database gave the originals' space back: ${fs.statSync(db).size} bytes, ${sizeBefore} before, ${originalBytes} of originals`);
    const events = logOf(db);
    assert.deepEqual([...new Set(events.map((e) => e.event))], ['start', 'batch', 'done']);
    const done = /the database was ([\d,.]+) MB before and is ([\d,.]+) MB after/.exec(events.at(-1)!.message)!;
    assert.ok(done, events.at(-1)!.message);
    const [logBefore, logAfter] = [Number(done[1]!.replace(/,/g, '')) * 1e6, Number(done[2]!.replace(/,/g, '')) * 1e6];
    assert.ok(Math.abs(logBefore - sizeBefore) < 0.2e6 && logBefore - logAfter > 0.95 * originalBytes, events.at(-1)!.message);
    assert.match(events[0]!.message, /moving 7 original file\(s\) \([\d.,]+ MB\) out of the database/);
    // Opened again: nothing more to do, nothing logged again.
    new Core(db).close();
    assert.equal(logOf(db).length, events.length);
  });

  it('interrupted between batches and inside one, it resumes where it stopped', () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    writeFioDrop(path.join(dir, 'drop'), 1200);
    storeBefore041(db, [{ paths: [path.join(dir, 'drop')], study: 'Many', config: 'c' }]);
    // The schema of 041 applied, then its move run by hand: stopped after its first batch.
    const raw = new Database(db);
    migrate(raw);
    const objects = ObjectStore.forDatabase(db);
    let crash = false;
    const transaction = <T>(fn: () => T): T => {
      raw.exec('BEGIN IMMEDIATE');
      const out = fn();
      objects.settle();
      // A crash here: the batch's objects are flushed and in place, its commit never happens.
      if (crash) throw new Error('killed before the commit');
      raw.exec('COMMIT');
      objects.committed();
      return out;
    };
    assert.throws(() => moveOriginalsOut({ db: raw, objects, transaction, afterBatch: () => { throw new Error('killed after a batch'); } }), /killed after a batch/);
    const first = where(db);
    assert.deepEqual([first.files, first.inParts, first.lost], [1200, 700, []], 'the first batch (500 files) committed, the rest still in the database');
    crash = true;
    assert.throws(() => moveOriginalsOut({ db: raw, objects, transaction }), /killed before the commit/);
    raw.close();
    const second = where(db);
    assert.deepEqual([second.inParts, second.lost], [700, []], 'the uncommitted batch left its objects, and every file still in the database');

    const core = new Core(db);
    assert.deepEqual(where(db), { files: 1200, inParts: 0, lost: [] });
    const check = core.checkStore();
    assert.deepEqual([check.verified, check.unreferenced, check.missing.length, check.damaged.length], [1200, 0, 0, 0]);
    core.close();
    assert.deepEqual(logOf(db).map((e) => e.event), ['start', 'batch', 'batch', 'batch', 'done']);
  });

  it('killed (SIGKILL) at random points of the move, a store loses nothing and the next open finishes it', { timeout: 300_000 }, async () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    writeFioDrop(path.join(dir, 'drop'), 2000);
    storeBefore041(db, [{ paths: [path.join(dir, 'drop')], study: 'Many', config: 'c' }]);
    const root = path.join(dir, 'originals');
    const objectCount = (): number => (fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^[0-9a-f]{2}$/.test(d)).reduce((n, d) => n + fs.readdirSync(path.join(root, d)).length, 0) : 0);
    // Killed as soon as it placed its first objects (inside its first batch), then a little after each restart.
    let seed = 37;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 3; round++) {
      const seen = objectCount();
      const opening = startCli(['studies', '--json', '--db', db]);
      if (round === 0) await eventually(() => objectCount() > seen || opening.child.exitCode !== null, 'the move to place objects', 60_000);
      else await new Promise((r) => setTimeout(r, 50 + random() * 400));
      opening.child.kill('SIGKILL');
      await opening.exited;
      assert.deepEqual(where(db).lost, [], `round ${round}: no file is without its bytes`);
    }
    const finish = spawnSync(process.execPath, [BIN, 'check', '--json', '--db', db], { encoding: 'utf8' });
    assert.equal(finish.status, 0, finish.stdout);
    const c = JSON.parse(finish.stdout) as { verified: number; unreferenced: number; in_database: number; migrations: Array<{ event: string }> };
    assert.deepEqual([c.verified, c.in_database, c.unreferenced], [2000, 0, 0]);
    assert.equal(c.migrations.at(-1)!.event, 'done');
  });
});
