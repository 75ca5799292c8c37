/**
 * A `.perfdelta` file comes from someone else: it is checked before the store attaches or reads
 * it (issue 18). It must be an SQLite file; its schema objects (tables, indexes, and no
 * triggers or views at all) must be exactly those PerfDelta's own migrations make, at a schema
 * version this PerfDelta knows. A trigger or view could run SQL when the file is read, and an
 * unknown table is not ours to copy; `trusted_schema = OFF` keeps SQL functions with side
 * effects out of whatever schema text is read before the check.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate, migrationHash, SCHEMA_MIGRATIONS_SQL } from '../store/migrations.js';

export class StudyFileError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'StudyFileError';
  }
}

/** Every SQLite database file begins with these 16 bytes. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Schema text compared as SQL, not as layout: runs of white space are one space. */
const normal = (sql: string | null): string | null => (sql === null ? null : sql.replace(/\s+/g, ' ').trim());
const key = (o: SchemaObject): string => `${o.type} ${o.name}`;
const schemaOf = (db: Database.Database): SchemaObject[] =>
  (db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as SchemaObject[]);

/** The schema PerfDelta's first `version` migrations make, object by object. */
const expectedCache = new Map<number, Map<string, SchemaObject>>();
function expectedSchema(version: number): Map<string, SchemaObject> {
  let out = expectedCache.get(version);
  if (!out) {
    const mem = new Database(':memory:');
    try {
      migrate(mem, MIGRATIONS.slice(0, version));
      out = new Map(schemaOf(mem).map((o) => [key(o), o]));
    } finally {
      mem.close();
    }
    expectedCache.set(version, out);
  }
  return out;
}

/**
 * Opens a copy of a study file for reading once it has passed every check; the caller closes
 * it. Throws StudyFileError naming the file and what is wrong.
 */
export function openCheckedStudyFile(copy: string, fileName: string): Database.Database {
  if (!startsAsSqlite(copy)) throw new StudyFileError(fileName, 'not a PerfDelta study file (not an SQLite database)');
  let db: Database.Database;
  try {
    db = new Database(copy, { readonly: true });
  } catch (err) {
    throw new StudyFileError(fileName, `not a PerfDelta study file (${(err as Error).message})`);
  }
  try {
    db.pragma('trusted_schema = OFF');
    checkSchema(db, fileName);
    const ok = db.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new StudyFileError(fileName, `the file is damaged (SQLite: ${String(ok)})`);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof StudyFileError) throw err;
    throw new StudyFileError(fileName, `not a PerfDelta study file (${(err as Error).message})`);
  }
}

/** Whether the file begins as an SQLite database does (its 100-byte header, the magic first). */
function startsAsSqlite(file: string): boolean {
  const head = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  try {
    return fs.readSync(fd, head, 0, 100, 0) === 100 && head.subarray(0, 16).equals(SQLITE_MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

function checkSchema(db: Database.Database, fileName: string): void {
  const objects = schemaOf(db);
  // Nothing that runs SQL of its own, whatever its name.
  const active = objects.filter((o) => o.type === 'trigger' || o.type === 'view');
  if (active.length) {
    throw new StudyFileError(fileName, `refused: it holds ${active.map((o) => `a ${o.type} "${o.name}"`).join(', ')}, which no PerfDelta study file has (it could run SQL when read); nothing was imported`);
  }
  // The version first: which migrations made it says what its schema must be.
  const log = objects.find((o) => o.type === 'table' && o.name === 'schema_migrations');
  if (!log || normal(log.sql) !== normal(expectedSchema(0).get('table schema_migrations')?.sql ?? SCHEMA_MIGRATIONS_SQL)) throw new StudyFileError(fileName, 'not a PerfDelta study file (no schema version)');
  const applied = db.prepare('SELECT id, name, sha256 FROM schema_migrations ORDER BY id').all() as Array<{ id: unknown; name: unknown; sha256: unknown }>;
  if (applied.length === 0) throw new StudyFileError(fileName, 'not a PerfDelta study file (no schema version)');
  const known = MIGRATIONS[MIGRATIONS.length - 1]!.id;
  applied.forEach((row, i) => {
    const m = MIGRATIONS[i];
    if (!m) {
      throw new StudyFileError(fileName, `written by a newer PerfDelta (schema version ${String(applied[applied.length - 1]!.id)}; this one reads up to ${known}): open it with that version`);
    }
    if (row.id !== m.id || row.name !== m.name || row.sha256 !== migrationHash(m)) {
      throw new StudyFileError(fileName, `its schema version is not one PerfDelta wrote (migration #${i + 1} is ${String(row.id)} "${String(row.name)}", expected ${m.id} "${m.name}")`);
    }
  });
  const expected = expectedSchema(applied.length);
  const extra = objects.filter((o) => !expected.has(key(o)) || normal(expected.get(key(o))!.sql) !== normal(o.sql));
  if (extra.length) {
    throw new StudyFileError(fileName, `refused: ${extra.map((o) => (expected.has(key(o)) ? `the ${o.type} "${o.name}" is not defined as PerfDelta defines it` : `an unknown ${o.type} "${o.name}"`)).join(', ')}; nothing was imported`);
  }
  const have = new Set(objects.map(key));
  const missing = [...expected.keys()].filter((k) => !have.has(k));
  if (missing.length) throw new StudyFileError(fileName, `the file is damaged: ${missing.join(', ')} missing`);
}
