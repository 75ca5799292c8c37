import os from 'node:os';

/**
 * Series points are stored as chunks of little-endian float64 blobs: one row per chunk, not
 * per point, so a log with millions of samples goes in and out at memory speed.
 */

export const CHUNK_POINTS = 65536;

const LITTLE_ENDIAN = os.endianness() === 'LE';

export function encodeFloat64(values: Float64Array): Buffer {
  if (LITTLE_ENDIAN) {
    // The memory already is little-endian float64: a view of exactly these bytes, no copy
    // (SQLite copies the blob when it is bound).
    return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  }
  const out = Buffer.allocUnsafe(values.length * 8);
  for (let i = 0; i < values.length; i++) out.writeDoubleLE(values[i]!, i * 8);
  return out;
}

export function decodeFloat64(blob: Uint8Array): Float64Array {
  if (LITTLE_ENDIAN) {
    // A blob in a buffer of its own (better-sqlite3 copies each blob out) is used in place;
    // otherwise copied to an aligned buffer: a pooled Buffer may start at any byte offset.
    if (blob.byteOffset === 0 && blob.buffer.byteLength === blob.byteLength && blob.byteLength % 8 === 0) return new Float64Array(blob.buffer);
    return new Float64Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
  }
  const out = new Float64Array(blob.byteLength / 8);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

export interface SeriesChunk {
  chunk: number;
  times: Float64Array;
  values: Float64Array;
}

export function* chunkSeries(times: Float64Array, values: Float64Array, size = CHUNK_POINTS): Generator<SeriesChunk> {
  for (let start = 0, chunk = 0; start < times.length; start += size, chunk++) {
    yield { chunk, times: times.subarray(start, start + size), values: values.subarray(start, start + size) };
  }
}
