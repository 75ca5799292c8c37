/**
 * The store's write lock across processes. Two PerfDelta processes may share a data folder (the
 * CLI beside the workbench, a second window): a writer takes the lock up front and waits its
 * turn, saying so, rather than failing with "database is locked".
 */
import type Database from 'better-sqlite3';

/**
 * How long one statement waits for another connection's lock (SQLite's busy timeout). Two
 * processes may share a data folder (the CLI beside the workbench): a write waits its turn.
 */
export const BUSY_TIMEOUT_MS = 60_000;
/** A transaction waiting for the write lock tries this often, to report the wait and to see a cancel. */
const LOCK_POLL_MS = 250;
/** How long a transaction waits for another process's import before giving up (a large import takes minutes). */
export const LOCK_WAIT_MS = 30 * 60_000;

/** How a transaction waits for the write lock another process holds. */
export interface LockWait {
  /** Called once when the lock is found taken: the caller says "waiting for another import". */
  onWait?: () => void;
  /** Throws to stop waiting (a cancelled import). */
  checkCancel?: () => void;
  maxWaitMs?: number;
}

/** The write lock stayed with another process longer than a transaction waits. */
export class DatabaseBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

/** Takes the write lock, trying in short waits so that the waiting can be reported and cancelled. */
export function beginImmediate(db: Database.Database, wait: LockWait): void {
  const started = Date.now();
  db.pragma(`busy_timeout = ${LOCK_POLL_MS}`);
  try {
    for (let tries = 0; ; tries++) {
      try {
        db.exec('BEGIN IMMEDIATE');
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      }
      wait.checkCancel?.();
      const waited = Date.now() - started;
      if (waited > (wait.maxWaitMs ?? LOCK_WAIT_MS)) {
        throw new DatabaseBusyError(`the database stayed locked by another PerfDelta (an import or the workbench) for ${Math.round(waited / 1000)} s: nothing was written; try again when it has finished`);
      }
      if (tries === 0) wait.onWait?.();
    }
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}
