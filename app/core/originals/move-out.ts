/**
 * Migration 041's work: a store made before it keeps its originals inside the database (the
 * file_parts table, 16 MiB a part); they move out into objects, in batches, each batch one
 * transaction (its objects flushed and in place before the commit that deletes its parts). An
 * interrupted move (a kill, a crash, a full disk) resumes where it stopped at the next open:
 * what a batch committed is moved, what it did not is still in the database, and an object a
 * batch wrote without committing is written again or collected. Once nothing is left the
 * database is vacuumed, so it gives the space back, and the log (migration_log) says its size
 * before and after.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ObjectStore } from './object-store.js';
import { originalPieces } from './read-original.js';

export const MIGRATION_ID = 41;

/** Files a batch moves at most, and bytes (from the database's parts) after which it stops taking more. */
const BATCH_FILES = 500;
const BATCH_BYTES = 64 * 1024 * 1024;
/** Files up to this size are read whole and compressed where that saves space; larger ones stream out as they are. */
const WHOLE_MAX_BYTES = 64 * 1024 * 1024;

export interface MoveContext {
  db: Database.Database;
  objects: ObjectStore;
  /** The store's transaction: the write lock, and the objects settled before its commit. */
  transaction<T>(fn: () => T): T;
  /** Each log line as it is written (the CLI's stderr). */
  onLog?: (line: string) => void;
  /** Tests: called after each batch commits. */
  afterBatch?: (batch: number) => void;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The database's size: its pages, as the file holds them once its log is folded back. */
export function databaseBytes(db: Database.Database): number {
  return Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
}

function log(ctx: MoveContext, event: 'start' | 'batch' | 'damaged' | 'done' | 'note', message: string): void {
  ctx.db.prepare('INSERT INTO migration_log (migration, event, at, message, db_bytes) VALUES (?, ?, ?, ?, ?)').run(MIGRATION_ID, event, new Date().toISOString(), message, databaseBytes(ctx.db));
  ctx.onLog?.(`migration ${String(MIGRATION_ID).padStart(3, '0')}: ${message}`);
}

const lastEvent = (db: Database.Database): string | null =>
  (db.prepare('SELECT event FROM migration_log WHERE migration = ? ORDER BY id DESC LIMIT 1').pluck().get(MIGRATION_ID) as string | undefined) ?? null;

/** Whether anything is left to do: parts in the database, or a move that has not said it is done. */
export function moveOutPending(db: Database.Database): boolean {
  if (db.prepare('SELECT 1 FROM file_parts LIMIT 1').get() !== undefined) return true;
  const last = lastEvent(db);
  return last !== null && last !== 'done';
}

export function moveOriginalsOut(ctx: MoveContext): void {
  const { db } = ctx;
  if (!moveOutPending(db)) return;
  const next = db.prepare<[number], { sha256: string; size: number }>(
    'SELECT f.sha256, f.size FROM files f WHERE EXISTS (SELECT 1 FROM file_parts p WHERE p.sha256 = f.sha256) ORDER BY f.sha256 LIMIT ?');
  const drop = db.prepare('DELETE FROM file_parts WHERE sha256 = ?');
  for (let batch = 1; ; batch++) {
    const moved = ctx.transaction(() => {
      if (lastEvent(db) === null) {
        const left = db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM files f WHERE EXISTS (SELECT 1 FROM file_parts p WHERE p.sha256 = f.sha256)').get() as { n: number; bytes: number };
        log(ctx, 'start', `moving ${left.n} original file(s) (${mb(left.bytes)}) out of the database into ${ctx.objects.root}; the database is ${mb(databaseBytes(db))} before`);
      }
      let bytes = 0;
      let files = 0;
      for (const f of next.all(BATCH_FILES)) {
        if (files > 0 && bytes >= BATCH_BYTES) break;
        const problem = moveOne(ctx, f.sha256, f.size);
        if (problem) log(ctx, 'damaged', problem);
        drop.run(f.sha256);
        bytes += f.size;
        files++;
      }
      if (files > 0) log(ctx, 'batch', `batch ${batch}: moved ${files} original file(s) (${mb(bytes)})`);
      return files;
    });
    if (moved === 0) break;
    ctx.afterBatch?.(batch);
  }
  finish(ctx);
}

/**
 * Writes one file's parts as its object; returns what is wrong with them when they are not
 * the bytes their hash names (moved as they are, under that name: `perfdelta check` says so).
 */
function moveOne(ctx: MoveContext, sha256: string, size: number): string | null {
  const pieces = originalPieces({ db: ctx.db, objects: null }, sha256);
  if (!pieces) return null;
  const hash = createHash('sha256');
  if (size <= WHOLE_MAX_BYTES) {
    const list = [...pieces];
    for (const p of list) hash.update(p);
    ctx.objects.put(sha256, Buffer.concat(list), true);
  } else {
    const w = ctx.objects.writer(sha256);
    for (const p of pieces) {
      hash.update(p);
      w?.append(p);
    }
    w?.finish();
  }
  const got = hash.digest('hex');
  return got === sha256 ? null : `original file ${sha256} does not match its SHA-256 (its bytes hash to ${got}): moved as it is; perfdelta check names it`;
}

/** Nothing left in the database: it is vacuumed (outside any transaction) and the move logged as done, with the sizes. */
function finish(ctx: MoveContext): void {
  const { db } = ctx;
  const before = (db.prepare("SELECT db_bytes FROM migration_log WHERE migration = ? AND event = 'start' ORDER BY id LIMIT 1").pluck().get(MIGRATION_ID) as number | undefined) ?? databaseBytes(db);
  let vacuumed = true;
  try {
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    // Another process reading the database: the space is given back at a later open.
    vacuumed = false;
    ctx.transaction(() => log(ctx, 'note', `the database could not be vacuumed now (${(err as Error).message}): it is tried again at the next open`));
  }
  if (!vacuumed) return;
  const objects = (db.prepare('SELECT COUNT(*) FROM files').pluck().get() as number);
  ctx.transaction(() => log(ctx, 'done', `done: ${objects} original file(s) are objects beside the database; the database was ${mb(before)} before and is ${mb(databaseBytes(db))} after`));
}
