/**
 * Every file PerfDelta writes for the user (a PDF, an XLSX, a study file) is written whole or
 * not at all: into a temporary file beside the target, flushed to the disk, then renamed over
 * the target in one step. A full disk, a quota or a crash half-way leaves the file that was
 * there before as it was, and no temporary behind; the error names the file and the cause in
 * the user's words ("no space left on the disk holding F.xlsx"), never a bare ENOSPC.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** SQLite's codes about the file it writes (here always the target's temporary). */
const FILE_CODES = new Set(['SQLITE_FULL', 'SQLITE_TOOBIG', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC']);

/** A file the user asked for could not be written; nothing of it was. */
export class OutputFileError extends Error {
  constructor(readonly file: string, readonly reason: string, readonly code: string | null) {
    super(`cannot write ${file}: ${reason}`);
    this.name = 'OutputFileError';
  }
}

/** Why writing `file` failed, in words, from the error's code (a Node errno, or SQLite's). */
export function writeFailure(file: string, err: unknown): Error {
  if (err instanceof OutputFileError) return err;
  const e = err as NodeJS.ErrnoException & { code?: string };
  const code = typeof e?.code === 'string' ? e.code : null;
  // SQLite's other errors (a damaged database, a locked one) are about the store it reads, not
  // the file written: they go on as they are, to be named with the store's file.
  if (code !== null && code.startsWith('SQLITE_') && !FILE_CODES.has(code)) return e;
  const dir = path.dirname(file);
  const before = fs.existsSync(file) ? `; the ${path.basename(file)} there before is unchanged` : '';
  const cause = ((): string => {
    switch (code) {
      // SQLite says "database or disk is full" for the file it writes: here that is the target's temporary copy.
      case 'ENOSPC': case 'SQLITE_FULL': return `no space left on the disk holding ${file}: nothing was written${before}`;
      case 'EDQUOT': return `the disk quota is used up on the disk holding ${file}: nothing was written${before}`;
      case 'EFBIG': case 'SQLITE_TOOBIG': return `the file would be larger than the disk holding ${file} allows: nothing was written${before}`;
      case 'EACCES': case 'EPERM': case 'SQLITE_CANTOPEN': case 'SQLITE_READONLY': return `permission denied: PerfDelta may not write in ${dir}${before}`;
      case 'EROFS': return `the disk holding ${dir} is read-only`;
      case 'ENOENT': return `the folder ${dir} does not exist`;
      case 'ENOTDIR': return `${dir} is not a folder`;
      case 'EISDIR': return `${file} is a folder`;
      case 'EIO': case 'SQLITE_IOERR': case 'SQLITE_IOERR_WRITE': case 'SQLITE_IOERR_FSYNC': return `the disk holding ${file} reported an I/O error: nothing was written${before}`;
      default: return `${e instanceof Error ? e.message : String(err)}${before}`;
    }
  })();
  return new OutputFileError(file, cause, code);
}

/** A temporary name beside `target` (same folder, so same disk: the rename is one step), hidden, never a name the user has. */
function tempBeside(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Flushes a file's bytes to the disk (a rename of an unflushed file can leave it empty after a power cut). */
function flush(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The folder's entry for the renamed file flushed too, where the system allows it (not on Windows). */
function flushFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // A folder cannot be opened or flushed here (Windows): the rename itself is still atomic.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

export interface WriteWholeOptions {
  /**
   * Files the writer may leave beside its temporary (SQLite's `-journal`, `-wal`, `-shm`):
   * removed with it on failure, and before the rename on success.
   */
  sidecars?: readonly string[];
}

/**
 * Writes `target` through `write(temp)`, which makes the whole file at `temp` (a path beside the
 * target, not yet existing): flushed and renamed over the target when `write` returns, removed
 * when anything fails. Throws OutputFileError naming the target and the cause.
 */
export function writeWholeWith(target: string, write: (temp: string) => void, options: WriteWholeOptions = {}): void {
  const file = path.resolve(target);
  const temp = tempBeside(file);
  const cleanup = (): void => {
    for (const f of [temp, ...(options.sidecars ?? []).map((s) => temp + s)]) fs.rmSync(f, { force: true });
  };
  try {
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    write(temp);
    for (const s of options.sidecars ?? []) fs.rmSync(temp + s, { force: true });
    flush(temp);
    fs.renameSync(temp, file);
  } catch (err) {
    const failure = writeFailure(file, err);
    cleanup();
    throw failure;
  }
  flushFolder(path.dirname(file));
}

/** Writes `bytes` to `target` whole or not at all (see writeWholeWith). */
export function writeWhole(target: string, bytes: Uint8Array): void {
  writeWholeWith(target, (temp) => {
    const fd = fs.openSync(temp, 'wx');
    try {
      for (let at = 0; at < bytes.byteLength;) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at);
    } finally {
      fs.closeSync(fd);
    }
  });
}
