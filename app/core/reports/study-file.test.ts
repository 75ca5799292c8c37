import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { MIGRATIONS, migrate } from '../store/migrations.js';
import { tempDir } from '../test-support/temp.js';
import { openCheckedStudyFile } from './study-file-check.js';

/** Issue 18: a `.perfdelta` file is untrusted input. */
describe('opening a crafted study file', () => {
  let good: string;
  let shared: string;
  before(() => {
    shared = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-shared-'));
    const core = new Core(path.join(shared, 'source.sqlite'));
    core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'disk')], 'Shared', 'disk');
    good = path.join(shared, 'shared.perfdelta');
    core.saveStudyFile('Shared', good);
    core.close();
  });
  after(() => fs.rmSync(shared, { recursive: true, force: true }));

  /** A copy of the good file, changed by `sql`. */
  function crafted(name: string, sql: string): string {
    const file = path.join(tempDir(), name);
    fs.copyFileSync(good, file);
    const db = new Database(file);
    db.exec(sql);
    db.close();
    return file;
  }

  /** Every table's row count and the database file's bytes. */
  function snapshot(dbPath: string): { counts: Record<string, number>; sha: string } {
    const db = new Database(dbPath, { readonly: true });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name);
    const counts = Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n]));
    db.close();
    const sha = createHash('sha256');
    for (const f of [dbPath, `${dbPath}-wal`]) if (fs.existsSync(f)) sha.update(fs.readFileSync(f));
    return { counts, sha: sha.digest('hex') };
  }

  const cases: Array<[string, () => { file: string; bytes?: Buffer }, RegExp]> = [
    ['an extra trigger', () => ({ file: crafted('trigger.perfdelta', 'CREATE TRIGGER wipe AFTER INSERT ON runs BEGIN DELETE FROM studies; END;') }), /refused: it holds a trigger "wipe", which no PerfDelta study file has \(it could run SQL when read\); nothing was imported/],
    ['a view', () => ({ file: crafted('view.perfdelta', 'CREATE VIEW peek AS SELECT * FROM runs;') }), /refused: it holds a view "peek"/],
    ['a table replaced by a view', () => ({ file: crafted('view-runs.perfdelta', 'ALTER TABLE reports RENAME TO reports_x; CREATE VIEW reports AS SELECT * FROM reports_x;') }), /refused: it holds a view "reports"/],
    ['an unknown table', () => ({ file: crafted('table.perfdelta', 'CREATE TABLE payload (x BLOB);') }), /refused: an unknown table "payload"; nothing was imported/],
    ['an unknown index', () => ({ file: crafted('index.perfdelta', 'CREATE INDEX extra_idx ON runs (name);') }), /refused: an unknown index "extra_idx"/],
    ['a table defined otherwise', () => ({ file: crafted('column.perfdelta', "ALTER TABLE runs ADD COLUMN extra TEXT DEFAULT 'x';") }), /refused: the table "runs" is not defined as PerfDelta defines it/],
    ['a newer schema version', () => ({ file: crafted('newer.perfdelta', "INSERT INTO schema_migrations VALUES (99, '099-future', 'x', '2030-01-01');") }), new RegExp(`written by a newer PerfDelta \\(schema version 99; this one reads up to ${MIGRATIONS.at(-1)!.id}\\)`)],
    ['a schema version PerfDelta never wrote', () => ({ file: crafted('drift.perfdelta', "UPDATE schema_migrations SET sha256 = '00' WHERE id = 2;") }), /its schema version is not one PerfDelta wrote \(migration #2/],
    ['no schema version', () => ({ file: crafted('noversion.perfdelta', 'DROP TABLE schema_migrations;') }), /not a PerfDelta study file \(no schema version\)/],
    ['not an SQLite file', () => {
      const file = path.join(tempDir(), 'notes.perfdelta');
      fs.writeFileSync(file, 'these are not the bytes you are looking for\n'.repeat(10));
      return { file };
    }, /not a PerfDelta study file \(not an SQLite database\)/],
    ['an SQLite header and nothing else', () => {
      const file = path.join(tempDir(), 'cut.perfdelta');
      fs.writeFileSync(file, fs.readFileSync(good).subarray(0, 512));
      return { file };
    }, /cut\.perfdelta: (not a PerfDelta study file|the file is damaged)/],
  ];

  for (const [what, make, message] of cases) {
    it(`refuses ${what}, naming the file, and writes nothing`, () => {
      const { file } = make();
      const home = tempDir();
      const dbPath = path.join(home, 'db.sqlite');
      const core = new Core(dbPath);
      core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'tmpfs')], 'Mine', 'tmpfs');
      core.close();
      const before = snapshot(dbPath);
      const again = new Core(dbPath);
      try {
        assert.throws(() => again.openStudyFile(fs.readFileSync(file), file), (err: Error) => {
          assert.ok(err.message.startsWith(`${file}: `), `names the file: ${err.message}`);
          assert.match(err.message, message);
          return true;
        });
      } finally {
        again.close();
      }
      assert.deepEqual(snapshot(dbPath), before, 'the store is as it was: same rows, same bytes');
    });
  }

  it('opens the good file, and accepts a file of an older schema version', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const slug = core.openStudyFile(fs.readFileSync(good), good);
    assert.equal(core.runs({ study: slug }).length, 6);
    core.close();
    const older = path.join(tempDir(), 'older.perfdelta');
    const db = new Database(older);
    migrate(db, MIGRATIONS.slice(0, MIGRATIONS.length - 1));
    db.close();
    openCheckedStudyFile(older, 'older.perfdelta').close();
  });

  it('reads the untrusted file with trusted_schema OFF: its schema text may call no function with side effects', () => {
    const checked = openCheckedStudyFile(good, 'shared.perfdelta');
    try {
      assert.equal(checked.pragma('trusted_schema', { simple: true }), 0);
    } finally {
      checked.close();
    }
  });
});
