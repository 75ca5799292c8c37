/**
 * Gzipped result files (`awrrpt_1_400_401.html.gz`: DBAs mail and archive reports that way).
 * A gzip member starts with the magic bytes 1f 8b (RFC 1952). Detection reads the decompressed
 * content, never the name; the importer is handed the decompressed bytes; the store keeps the
 * file as it was dropped (the .gz), so its SHA-256 is the one the user's file has.
 */
import zlib from 'node:zlib';
import type { Importer } from './types.js';

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The first `max` decompressed bytes of a gzip head (the file's first bytes only: the stream
 * is cut, so it is read with a sync flush rather than to its end). Null when it is not gzip
 * or not readable.
 */
export function gunzipHead(bytes: Uint8Array, max: number): Uint8Array | null {
  if (!isGzip(bytes)) return null;
  try {
    const out = zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return out.subarray(0, Math.min(out.length, max));
  } catch {
    return null;
  }
}

/** The whole decompressed file (every member of a multi-member gzip); throws with the reason when damaged. */
export function gunzipAll(bytes: Uint8Array): Uint8Array {
  try {
    return zlib.gunzipSync(bytes);
  } catch (err) {
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
