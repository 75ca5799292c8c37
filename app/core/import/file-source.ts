/**
 * Where a staged file's bytes are: in memory (a small drop, a paste) or on disk (the CLI's
 * files, a large upload spooled by the web host). A file on disk is read when it is needed and
 * dropped after, so a folder of 2,000 reports or a 2 GB log never sits in memory whole.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';

export interface FileSource {
  readonly size: number;
  /** The whole file (read from disk each time for a disk source). */
  bytes(): Uint8Array;
  /** Its first `n` bytes. */
  head(n: number): Uint8Array;
  /** The file in pieces of `size` bytes, in order. A piece is valid until the next is asked for: copy what you keep. */
  chunks(size: number): Iterable<Uint8Array>;
  /** Where it is on disk, or null in memory. */
  readonly diskPath: string | null;
}

export function memorySource(bytes: Uint8Array): FileSource {
  return {
    size: bytes.byteLength,
    diskPath: null,
    bytes: () => bytes,
    head: (n) => bytes.subarray(0, n),
    *chunks(size) {
      for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
    },
  };
}

export function diskSource(file: string): FileSource {
  const size = fs.statSync(file).size;
  return {
    size,
    diskPath: file,
    bytes: () => fs.readFileSync(file),
    head(n) {
      const fd = fs.openSync(file, 'r');
      try {
        const buf = Buffer.allocUnsafe(Math.min(n, size));
        const got = fs.readSync(fd, buf, 0, buf.length, 0);
        return buf.subarray(0, got);
      } finally {
        fs.closeSync(fd);
      }
    },
    *chunks(chunkSize) {
      const fd = fs.openSync(file, 'r');
      try {
        // One buffer for every piece: fresh 4 MB allocations cost page faults on every read.
        const buf = Buffer.allocUnsafe(Math.min(chunkSize, size));
        for (let at = 0; at < size;) {
          const got = fs.readSync(fd, buf, 0, Math.min(buf.length, size - at), at);
          if (got === 0) throw new Error(`${file} became shorter while it was read`);
          at += got;
          yield buf.subarray(0, got);
        }
      } finally {
        fs.closeSync(fd);
      }
    },
  };
}

/** SHA-256 of the whole source, read piece by piece. */
export function sha256Of(source: FileSource): string {
  const hash = createHash('sha256');
  if (source.diskPath === null) return hash.update(source.bytes()).digest('hex');
  for (const chunk of source.chunks(READ_CHUNK_BYTES)) hash.update(chunk);
  return hash.digest('hex');
}

/** How much of a file is read at a time when it is streamed. */
export const READ_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The largest file a format that is read whole (fio JSON, AWR, a table, a workbook...) is read
 * at. Such a file is decoded into one string and parsed whole, and a JavaScript string holds at
 * most 512 Mi characters; a larger file is refused from its size, before it is read (fio logs
 * are streamed, whatever their size).
 */
export const WHOLE_READ_MAX_BYTES = 512 * 1024 * 1024;

/** A size as people read it: 3.0 GiB, 600 MiB, 12 KiB. */
export function bytesText(n: number): string {
  const units: Array<[number, string]> = [[1024 ** 3, 'GiB'], [1024 ** 2, 'MiB'], [1024, 'KiB']];
  for (const [size, unit] of units) if (n >= size) return `${(n / size).toFixed(n / size >= 100 ? 0 : 1)} ${unit}`;
  return `${n} bytes`;
}

/** Why a file cannot be read whole, or null when it can: what it is (`a fio JSON file`) and the limit, in words. */
export function wholeReadProblem(size: number, what: string): string | null {
  if (size <= WHOLE_READ_MAX_BYTES) return null;
  return `the file is ${bytesText(size)}: ${what} is read whole, and PerfDelta reads one of up to ${bytesText(WHOLE_READ_MAX_BYTES)} (fio logs are streamed whatever their size); nothing of it was imported`;
}

/** Why a file could not be read, in words (it went away, or its permissions changed, since it was listed). */
export function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'the file is gone (removed or renamed since it was listed)';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: PerfDelta may not read it';
  if (code === 'EISDIR') return 'it is a folder';
  return (err as Error).message;
}
