/**
 * The one way an original file is read, whatever reads it (a study file being saved or checked,
 * `perfdelta check`, a test, and what comes: the source behind a run, a parse again by a newer
 * importer): from its object beside the database, or from the database's own parts, where a
 * store's originals have not been moved out yet (migration 041 under way) and where a study
 * file carries them (one portable file).
 */
import type Database from 'better-sqlite3';
import type { ObjectStore } from './object-store.js';

/** Where originals are read from: a database (its file_parts), and the object store beside it (none for a study file). */
export interface OriginalsSource {
  db: Database.Database;
  objects: ObjectStore | null;
}

/** Original files are stored in parts of this size in a study file (SQLite caps one value at 1 GB). */
export const FILE_PART_BYTES = 16 * 1024 * 1024;

/** A part of an original in a database that is not bytes (a crafted study file). */
export class DamagedOriginalError extends Error {}

/** Whether the database still holds parts of this file (not moved out yet, or a study file). */
export function hasParts(db: Database.Database, sha256: string): boolean {
  return db.prepare('SELECT 1 FROM file_parts WHERE sha256 = ? LIMIT 1').get(sha256) !== undefined;
}

/**
 * An original's bytes in pieces (up to `size` each from an object; a database's parts as they
 * are), or null when neither the object store nor the database has it.
 */
export function originalPieces(source: OriginalsSource, sha256: string, size = FILE_PART_BYTES): Iterable<Uint8Array> | null {
  const fromObject = source.objects?.pieces(sha256, size);
  if (fromObject) return fromObject;
  if (!hasParts(source.db, sha256)) return null;
  return (function* () {
    // The parts are read first: a read left open would hold the connection while the caller writes.
    const ids = source.db.prepare<[string], { id: number }>('SELECT id FROM file_parts WHERE sha256 = ? ORDER BY part').all(sha256).map((r) => r.id);
    const one = source.db.prepare<[number], { bytes: unknown }>('SELECT bytes FROM file_parts WHERE id = ?');
    for (const id of ids) {
      const bytes = one.get(id)?.bytes;
      if (!(bytes instanceof Uint8Array)) throw new DamagedOriginalError(`a part of original file ${sha256.slice(0, 12)}… is not bytes`);
      yield bytes;
    }
  })();
}

/** An original's bytes, whole (null when it is in neither place). */
export function originalBytes(source: OriginalsSource, sha256: string): Buffer | null {
  const fromObject = source.objects?.read(sha256);
  if (fromObject) return fromObject;
  const pieces = originalPieces(source, sha256);
  if (!pieces) return null;
  const list = [...pieces].map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength));
  return list.length === 1 ? list[0]! : Buffer.concat(list);
}
