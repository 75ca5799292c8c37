/**
 * A streamed parse run over bytes already in memory: the same code path as a file read chunk
 * by chunk, its series pieces joined per object and metric.
 */
import type { ParsedSeries, ParseResult, SeriesStream } from './types.js';

/** Feeds the bytes in one go and gives the runs their series back. */
export function collect(stream: SeriesStream, bytes: Uint8Array): ParseResult {
  const pieces = stream.push(bytes);
  const { result, series } = stream.end();
  pieces.push(...series);
  const joined = joinSeries(pieces);
  if (result.runs.length === 1) result.runs[0]!.series = joined;
  return result;
}

/** Pieces of the same object and metric, laid end to end in the order they came. */
export function joinSeries(pieces: readonly ParsedSeries[]): ParsedSeries[] {
  const byKey = new Map<string, ParsedSeries[]>();
  for (const p of pieces) {
    const key = `${p.object}\u0000${p.metric}`;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(p);
  }
  return [...byKey.values()].map((list) => (list.length === 1 ? list[0]! : { ...list[0]!, ...concatPoints(list) }));
}

/** Pieces of points laid end to end, in the order given. */
export function concatPoints(pieces: ReadonlyArray<{ times: Float64Array; values: Float64Array }>): { times: Float64Array; values: Float64Array } {
  const n = pieces.reduce((s, p) => s + p.times.length, 0);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let k = 0;
  for (const p of pieces) {
    times.set(p.times, k);
    values.set(p.values, k);
    k += p.times.length;
  }
  return { times, values };
}
