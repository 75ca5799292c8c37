/**
 * `perfdelta check`: every object read back and hashed against its name (and its size against
 * the database's), every file the database names found (as an object, or as parts a move not
 * yet finished left in the database), and the database's own integrity. What is missing or
 * damaged is said, naming the files users imported under it; nothing is repaired, and a
 * damaged object is never given the hash of the bytes it now holds.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ObjectStore } from './object-store.js';
import { DamagedOriginalError, hasParts, originalPieces } from './read-original.js';

export interface OriginalsCheck {
  /** SQLite's integrity_check: "ok", or its first complaints. */
  integrity: string;
  /** Files the database names. */
  files: number;
  /** Objects on disk, and how many of them matched their hash. */
  objects: number;
  verified: number;
  /** Files still held as parts in the database (a move under way), checked there. */
  in_database: number;
  missing: Array<{ sha256: string; size: number; imported_as: string[] }>;
  damaged: Array<{ sha256: string; where: string; problem: string; imported_as: string[] }>;
  /** Objects no row names: removed when the store next opens (or the trash is emptied). */
  unreferenced: number;
  /** Files in the object folders that are not objects. */
  strays: string[];
}

/** Hash and length of a file's bytes read in pieces, or the problem reading them. */
function digest(pieces: Iterable<Uint8Array>): { sha256: string; size: number } | { problem: string } {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for (const p of pieces) {
      hash.update(p);
      size += p.byteLength;
    }
  } catch (err) {
    const why = err instanceof DamagedOriginalError ? err.message : `cannot be read (${(err as Error).message})`;
    return { problem: why };
  }
  return { sha256: hash.digest('hex'), size };
}

export function checkOriginals(db: Database.Database, objects: ObjectStore, onProgress?: (done: number, total: number) => void): OriginalsCheck {
  const integrityRows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
  const integrity = integrityRows.map((r) => r.integrity_check).slice(0, 10).join('; ');
  const files = new Map((db.prepare('SELECT sha256, size FROM files').all() as Array<{ sha256: string; size: number }>).map((f) => [f.sha256, f.size]));
  const names = db.prepare<[string], { file_name: string }>('SELECT DISTINCT file_name FROM imports WHERE sha256 = ? ORDER BY file_name LIMIT 5');
  const importedAs = (sha256: string): string[] => names.all(sha256).map((r) => r.file_name);
  const out: OriginalsCheck = { integrity, files: files.size, objects: 0, verified: 0, in_database: 0, missing: [], damaged: [], unreferenced: 0, strays: objects.strays() };
  const onDisk = new Set<string>();
  const list = [...objects.list()];
  const total = list.length + files.size;
  let done = 0;
  for (const o of list) {
    out.objects++;
    onDisk.add(o.sha256);
    onProgress?.(++done, total);
    const size = files.get(o.sha256);
    if (size === undefined) {
      out.unreferenced++;
      continue;
    }
    const got = digest(objects.pieces(o.sha256, 4 * 1024 * 1024) ?? []);
    const where = `${o.path}`;
    if ('problem' in got) out.damaged.push({ sha256: o.sha256, where, problem: got.problem, imported_as: importedAs(o.sha256) });
    else if (got.sha256 !== o.sha256) out.damaged.push({ sha256: o.sha256, where, problem: `its bytes hash to ${got.sha256.slice(0, 12)}…, not to its name`, imported_as: importedAs(o.sha256) });
    else if (got.size !== size) out.damaged.push({ sha256: o.sha256, where, problem: `it holds ${got.size} bytes; the database says ${size}`, imported_as: importedAs(o.sha256) });
    else out.verified++;
  }
  for (const [sha256, size] of files) {
    if (onDisk.has(sha256)) continue;
    onProgress?.(++done, total);
    if (!hasParts(db, sha256)) {
      out.missing.push({ sha256, size, imported_as: importedAs(sha256) });
      continue;
    }
    out.in_database++;
    const got = digest(originalPieces({ db, objects: null }, sha256) ?? []);
    if ('problem' in got) out.damaged.push({ sha256, where: 'the database', problem: got.problem, imported_as: importedAs(sha256) });
    else if (got.sha256 !== sha256) out.damaged.push({ sha256, where: 'the database', problem: `its bytes hash to ${got.sha256.slice(0, 12)}…, not to its name`, imported_as: importedAs(sha256) });
  }
  return out;
}

/** Whether the check found nothing wrong. */
export function checkPassed(c: OriginalsCheck): boolean {
  return c.integrity === 'ok' && c.missing.length === 0 && c.damaged.length === 0;
}

/** What migrations with batched work (041: originals moved out) logged, oldest first: sizes before and after among it. */
export function migrationLog(db: Database.Database): Array<{ migration: number; event: string; at: string; message: string }> {
  return db.prepare('SELECT migration, event, at, message FROM migration_log ORDER BY id').all() as Array<{ migration: number; event: string; at: string; message: string }>;
}
