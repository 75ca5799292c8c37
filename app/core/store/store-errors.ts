/**
 * SQLite's messages name no file ("database disk image is malformed", "database or disk is
 * full"). Every error of the store reaches the user naming the database file it is about, in
 * words, with SQLite's own message kept after them; its code (SQLITE_BUSY...) is kept, so the
 * callers that tell errors apart still can.
 */

/** An error of the database `file`, named. */
export class StoreFileError extends Error {
  constructor(readonly file: string, message: string, readonly code: string | undefined) {
    super(`${file}: ${message}`);
    this.name = 'StoreFileError';
  }
}

/** Whether an error is SQLite's (better-sqlite3's SqliteError carries SQLite's code). */
export function isSqliteError(err: unknown): err is Error & { code: string } {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/** SQLite's code in words (the message is kept after them). */
function inWords(code: string): string | null {
  if (code.startsWith('SQLITE_CORRUPT')) return 'the database is damaged';
  if (code === 'SQLITE_NOTADB') return 'not a PerfDelta database';
  if (code === 'SQLITE_FULL') return 'no space left on the disk holding it';
  if (code.startsWith('SQLITE_READONLY')) return 'PerfDelta may not write to it';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'it cannot be opened (its folder missing, or PerfDelta may not read it)';
  if (code.startsWith('SQLITE_IOERR')) return 'its disk reported an I/O error';
  return null;
}

/** The error as the user should read it: naming `file` when it is SQLite's and does not name it yet. */
export function namingFile(err: unknown, file: string): unknown {
  if (!isSqliteError(err) || err.message.includes(file)) return err;
  const words = inWords(err.code);
  return new StoreFileError(file, words ? `${words} (SQLite: ${err.message})` : err.message, err.code);
}
