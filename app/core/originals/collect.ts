/**
 * Objects no row names any more (a file's last import deleted for good, or a crash between an
 * object's rename and its transaction's commit) are removed: when a store opens, and after the
 * trash is emptied.
 *
 * Only with the store's write lock held, the same lock an import holds from its first object to
 * its commit: so no object another process (the CLI beside the workbench) has placed and not
 * yet committed is ever taken for unreferenced. The temporary files of imports in flight are in
 * their processes' own folders, which are left alone while those processes live. At startup the
 * lock is not waited for: while another process imports, collecting waits for the next start.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { ObjectStore } from './object-store.js';

export interface Collected {
  /** Objects removed, and their bytes on disk. */
  objects: number;
  bytes: number;
  /** Temporary folders of processes that are gone, removed. */
  temporary: number;
}

/** Takes the write lock without waiting; false when another connection holds it. */
function tryLock(db: Database.Database, busyTimeoutMs: number): boolean {
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw err;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }
}

/**
 * Removes the objects no `files` row names. `lock`: 'try' at startup (null when another process
 * holds the lock), 'held' inside a transaction of the caller's that holds it already.
 */
export function collectUnreferenced(db: Database.Database, objects: ObjectStore, lock: { try: number } | 'held'): Collected | null {
  if (lock === 'held') {
    if (!db.inTransaction) throw new Error('collecting objects needs the write lock');
    return collect(db, objects);
  }
  if (db.inTransaction) throw new Error('objects are collected outside a transaction');
  if (!tryLock(db, lock.try)) return null;
  try {
    return collect(db, objects);
  } finally {
    // Nothing was written: the lock is let go.
    db.exec('ROLLBACK');
  }
}

function collect(db: Database.Database, objects: ObjectStore): Collected {
  const referenced = new Set(db.prepare('SELECT sha256 FROM files').pluck().all() as string[]);
  let n = 0;
  let bytes = 0;
  for (const o of objects.list()) {
    if (referenced.has(o.sha256)) continue;
    fs.rmSync(o.path, { force: true });
    n++;
    bytes += o.bytes;
  }
  return { objects: n, bytes, temporary: objects.removeStaleTemp().length };
}
