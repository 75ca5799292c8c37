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
