import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { tempDir } from '../test-support/temp.js';
import { MIGRATIONS, migrate, MigrationDriftError, type Migration } from './migrations.js';
import { Store } from './store.js';

const extra: Migration = { id: MIGRATIONS[MIGRATIONS.length - 1]!.id + 1, name: 'test', sql: 'CREATE TABLE t2 (x INTEGER);' };

describe('schema migrations', () => {
  it('apply once, in order, and are recorded with their hashes', () => {
    const db = new Database(':memory:');
    assert.deepEqual(migrate(db), MIGRATIONS.map((m) => m.id));
    assert.deepEqual(migrate(db), [], 'a second open applies nothing');
    const rows = db.prepare('SELECT id, sha256 FROM schema_migrations').all() as Array<{ id: number; sha256: string }>;
    assert.equal(rows.length, MIGRATIONS.length);
    assert.match(rows[0]!.sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(migrate(db, [...MIGRATIONS, extra]), [extra.id], 'a new migration is applied on top');
  });

  it('refuse a database whose applied migration was edited afterwards', () => {
    const db = new Database(':memory:');
    migrate(db);
    const edited = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, sql: m.sql + '\n-- edited' } : m));
    assert.throws(() => migrate(db, edited), MigrationDriftError);
  });

  it('refuse a database written by a newer PerfDelta', () => {
    const db = new Database(':memory:');
    migrate(db, [...MIGRATIONS, extra]);
    assert.throws(() => migrate(db, MIGRATIONS), /newer version/);
  });

  it('refuse a database whose history differs', () => {
    const db = new Database(':memory:');
    migrate(db);
    const renamed = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, name: '001-other' } : m));
    assert.throws(() => migrate(db, renamed), /expected 1 "001-other"/);
  });

  it('a drifted database file is not opened by the store, and is left untouched', () => {
    const file = path.join(tempDir(), 'drift.sqlite');
    new Store(file).close();
    const raw = new Database(file);
    raw.prepare("UPDATE schema_migrations SET sha256 = 'x' WHERE id = 1").run();
    raw.close();
    assert.throws(() => new Store(file), MigrationDriftError);
    const check = new Database(file);
    assert.equal((check.prepare('SELECT sha256 FROM schema_migrations WHERE id = 1').get() as { sha256: string }).sha256, 'x');
    check.close();
  });
});
