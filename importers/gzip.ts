/**
 * Gzipped result files (`awrrpt_1_400_401.html.gz`: DBAs mail and archive reports that way).
 * A gzip member starts with the magic bytes 1f 8b (RFC 1952). Detection reads the decompressed
 * head, never the name; a format read whole is handed the decompressed bytes (up to a stated
 * size), a format that streams (fio logs) is decompressed as it is read; the store keeps the
 * file as it was dropped (the .gz), so its SHA-256 is the one the user's file has.
 */
import zlib from 'node:zlib';
import type { Importer } from './types.js';

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The first `max` decompressed bytes of a gzip head, read from as little of it as tells them:
 * its first 1 KiB, then 8 KiB, then 64 KiB (a cut stream is read with a sync flush rather than to
 * its end). Deflate expands at most ~1,032 times, so a gzip bomb costs a few MB here, never its
 * gigabytes. Null when it is not gzip or not readable.
 */
export function gunzipHead(bytes: Uint8Array, max: number): Uint8Array | null {
  if (!isGzip(bytes)) return null;
  let out: Uint8Array | null = null;
  for (const n of [1024, 8192, 65536]) {
    const input = bytes.subarray(0, Math.min(n, bytes.length));
    try {
      out = zlib.gunzipSync(input, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      return out === null ? null : out.subarray(0, Math.min(out.length, max));
    }
    if (out.length >= max || input.length === bytes.length) break;
  }
  return out === null ? null : out.subarray(0, Math.min(out.length, max));
}

/** A gzipped file read whole is decompressed up to this size (the bytes are all held: a bomb must stop early). */
export const GZIP_WHOLE_MAX_BYTES = 256 * 1024 * 1024;

/** The whole decompressed file (every member of a multi-member gzip); throws with the reason when damaged or past the limit. */
export function gunzipAll(bytes: Uint8Array, maxBytes = GZIP_WHOLE_MAX_BYTES): Uint8Array {
  const tooLarge = new Error(`it expands to more than ${maxBytes / 1024 / 1024} MiB, the most PerfDelta decompresses of a gzipped file it reads whole: stopped there; unpack it and import the file itself`);
  // The last member's trailer states its size modulo 4 GiB (RFC 1952 ISIZE): one that states more
  // than the limit is larger still, refused before a byte is decompressed (a 5 GB fio JSON).
  if (bytes.length >= 18) {
    const isize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(bytes.length - 4, true);
    if (isize > maxBytes) throw tooLarge;
  }
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge;
    throw new Error(`the gzip data is damaged or cut off (${(err as Error).message})`);
  }
}

/**
 * The importer of the decompressed content, taking the gzipped bytes: same format id and
 * version (the run is the format's, the file merely compressed), no streaming.
 */
export function gzipped(importer: Importer): Importer {
  return {
    id: importer.id,
    version: importer.version,
    tool: importer.tool,
    title: `${importer.title} (gzip)`,
    detect: importer.detect,
    parse({ bytes, name }) {
      let plain: Uint8Array;
      try {
        plain = gunzipAll(bytes);
      } catch (err) {
        return { runs: [], warnings: [], errors: [{ message: `${name}: ${(err as Error).message}` }] };
      }
      return importer.parse({ bytes: plain, name });
    },
  };
}
