/**
 * The checkpointer: a second thread with its own connection that folds the write-ahead log
 * back into the database. The core worker writes with SQLite's automatic checkpoint as a far bound only, so a
 * large import's commit does not also copy gigabytes into the database file while the UI
 * waits; this thread does that afterwards, on the other core, without blocking the readers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointerData {
  dbPath: string;
  sqliteBinding?: string;
}

/** Between imports the log is folded back at least this often. */
const EVERY_MS = 60_000;

const data = workerData as CheckpointerData;
const db = new Database(data.dbPath, data.sqliteBinding ? { nativeBinding: data.sqliteBinding } : {});
db.pragma('busy_timeout = 5000');

function checkpoint(): void {
  try {
    // PASSIVE: copies what no reader still needs and never waits on the writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next request or tick tries again.
  }
}

const timer = setInterval(checkpoint, EVERY_MS);
parentPort!.on('message', (msg: 'checkpoint' | 'close') => {
  if (msg === 'checkpoint') checkpoint();
  else {
    clearInterval(timer);
    db.close();
    parentPort!.close();
  }
});
