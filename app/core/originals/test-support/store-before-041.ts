/**
 * A store as PerfDelta wrote it before migration 041: its originals inside the database, in
 * parts of 16 MiB (file_parts), no object beside it, schema version 40.
 *
 * Made from real imports, then laid out as the code before 041 laid it out: the same rows
 * (studies, imports, runs, series... are untouched by 041), each original's bytes written into
 * file_parts as that code's Store.fileWriter wrote them (one row per part, an empty file one
 * empty part), migration 041's table and its row in schema_migrations removed, the objects
 * folder removed. Its schema is then exactly what migrations 001-040 make (checked by
 * `schemaBefore041`), so the store is one that code made, not a blob.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { Core } from '../../core.js';
import { MIGRATIONS, migrate } from '../../store/migrations.js';
import { FILE_PART_BYTES } from '../read-original.js';
import { originalsDirFor } from '../object-store.js';

/** Imports `imports` (paths, study, configuration) into a new store at `dbFile`, then lays it out as before 041. Returns the originals' hashes. */
export function storeBefore041(dbFile: string, imports: Array<{ paths: string[]; study: string; config: string }>): string[] {
  const core = new Core(dbFile);
  const bytesOf = new Map<string, Buffer>();
  try {
    for (const i of imports) core.importPaths(i.paths, i.study, i.config);
    for (const sha of core.store.db.prepare('SELECT sha256 FROM files ORDER BY sha256').pluck().all() as string[]) bytesOf.set(sha, core.store.fileContent(sha)!);
  } finally {
    core.close();
  }
  const db = new Database(dbFile);
  try {
    db.transaction(() => {
      const part = db.prepare('INSERT INTO file_parts (sha256, part, bytes) VALUES (?, ?, ?)');
      for (const [sha, bytes] of bytesOf) {
        let n = 0;
        let at = 0;
        do {
          part.run(sha, n++, bytes.subarray(at, Math.min(at + FILE_PART_BYTES, bytes.byteLength)));
          at += FILE_PART_BYTES;
        } while (at < bytes.byteLength);
      }
      db.exec('DROP TABLE migration_log');
      db.prepare('DELETE FROM schema_migrations WHERE id >= 41').run();
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  fs.rmSync(originalsDirFor(dbFile), { recursive: true, force: true });
  return [...bytesOf.keys()];
}

/** The schema objects of a database, as SQL text, in order. */
export function schemaOf(dbFile: string): string[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare("SELECT type || ' ' || name || ': ' || COALESCE(sql, '') AS s FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").pluck().all() as string[]);
  } finally {
    db.close();
  }
}

/** The schema migrations 001-040 make: what a store before 041 has. */
export function schemaBefore041(): string[] {
  const db = new Database(':memory:');
  try {
    migrate(db, MIGRATIONS.filter((m) => m.id < 41));
    return (db.prepare("SELECT type || ' ' || name || ': ' || COALESCE(sql, '') AS s FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").pluck().all() as string[]);
  } finally {
    db.close();
  }
}
