/**
 * How an original file is kept on disk: as it is, or compressed where that saves space. The
 * object's name says which (`ab/cdef…` as it is, `ab/cdef….gz` gzip), so an object is read, checked
 * and collected without the database, and a user can `zcat` one.
 *
 * gzip at level 1: AWR HTML, SVC XML and fio JSON keep 12-22% of their bytes at 100-250 MB/s on
 * this project's 2-core bench machine; higher levels save a few points more at two to four times
 * the time. A file that does not shrink below KEEP_RATIO of its size (an xlsx, a .gz log, random
 * bytes) is kept as it is, and a file whose first bytes say it is compressed already is not tried.
 */
import zlib from 'node:zlib';

export type Encoding = 'raw' | 'gzip';

/** What an object's file name ends in, per encoding. */
export const SUFFIX: Readonly<Record<Encoding, string>> = { raw: '', gzip: '.gz' };
export const ENCODINGS: readonly Encoding[] = ['raw', 'gzip'];

/** A compressed form is kept only when it is at most this share of the file (smaller saves too little to be worth a decode). */
export const KEEP_RATIO = 0.9;
/** Bytes of a file compressed first, to tell whether the whole is worth compressing. */
const PROBE_BYTES = 64 * 1024;

/** Magic numbers of formats that are compressed already: gzip, zip (xlsx), xz, bzip2, zstd, 7z. */
const COMPRESSED_MAGIC: readonly number[][] = [[0x1f, 0x8b], [0x50, 0x4b, 0x03, 0x04], [0xfd, 0x37, 0x7a, 0x58, 0x5a], [0x42, 0x5a, 0x68], [0x28, 0xb5, 0x2f, 0xfd], [0x37, 0x7a, 0xbc, 0xaf]];

function compressedAlready(bytes: Uint8Array): boolean {
  return COMPRESSED_MAGIC.some((m) => m.every((b, i) => bytes[i] === b));
}

const gzip = (bytes: Uint8Array): Buffer => zlib.gzipSync(bytes, { level: 1 });

/** The bytes to store for a file and their encoding: gzip where it saves space, else the file as it is. */
export function encodeForStore(bytes: Uint8Array): { encoding: Encoding; stored: Uint8Array } {
  if (bytes.byteLength < 64 || compressedAlready(bytes)) return { encoding: 'raw', stored: bytes };
  // A large file is probed on its head first: a 400 MB incompressible file costs 64 KiB of trying.
  if (bytes.byteLength > 4 * PROBE_BYTES && gzip(bytes.subarray(0, PROBE_BYTES)).byteLength > KEEP_RATIO * PROBE_BYTES) return { encoding: 'raw', stored: bytes };
  const packed = gzip(bytes);
  return packed.byteLength <= KEEP_RATIO * bytes.byteLength ? { encoding: 'gzip', stored: packed } : { encoding: 'raw', stored: bytes };
}

/** The file's bytes from what is stored. Throws when the stored bytes cannot be decoded (a damaged object). */
export function decodeFromStore(encoding: Encoding, stored: Buffer): Buffer {
  return encoding === 'raw' ? stored : zlib.gunzipSync(stored);
}
