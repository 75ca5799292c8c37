import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinSeries } from '../series-stream.js';
import { fioLogImporter } from './fio-log.js';
import type { ParsedSeries } from '../types.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Feeds `bytes` to a fresh stream in pieces of `size` and joins what comes out. */
function streamed(name: string, bytes: Uint8Array, size: number) {
  const stream = fioLogImporter.stream!({ name, head: bytes.subarray(0, 65536) });
  if ('error' in stream) throw new Error(stream.error.message);
  const pieces: ParsedSeries[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(...stream.push(bytes.subarray(at, at + size)));
  const end = stream.end();
  pieces.push(...end.series);
  return { result: end.result, series: joinSeries(pieces) };
}

// A randrw clat log as fio 3 writes it: read and write rows interleaved, ns.
const randrw = Array.from({ length: 300 }, (_, i) => `${i * 10}, ${100000 + i * 37}, ${i % 3 === 0 ? 1 : 0}, 4096, 0\n`).join('');

describe('fio logs read as a stream', () => {
  it('any cut between chunks gives the same points as reading the file whole', () => {
    const bytes = enc(randrw);
    const whole = fioLogImporter.parse({ bytes, name: 'job_clat.1.log' }).runs[0]!;
    for (const size of [1, 2, 7, 31, 64, 4096]) {
      const { result, series } = streamed('job_clat.1.log', bytes, size);
      assert.equal(series.length, 2, `chunks of ${size}`);
      for (const s of series) {
        const w = whole.series.find((x) => x.metric === s.metric)!;
        assert.deepEqual([...s.times], [...w.times], `${s.metric} times, chunks of ${size}`);
        assert.deepEqual([...s.values], [...w.values], `${s.metric} values, chunks of ${size}`);
      }
      // Sums are added chunk by chunk: equal to the last few bits of a double.
      for (const [k, v] of Object.entries(whole.metrics)) assert.ok(Math.abs(result.runs[0]!.metrics[k]! - v) <= v * 1e-12, `${k}, chunks of ${size}`);
    }
    const write = whole.series.find((s) => s.metric === 'write.clat_ms')!;
    assert.equal(write.times.length, 100, 'every third row is a write');
    assert.ok(Math.abs(write.values[1]! - 0.100111) < 1e-15, 'row 4: 30, 100111 ns, a write: 0.100111 ms');
  });

  it('a row cut off in the middle of the file stops the read at its line, keeping what came before', () => {
    const text = '0, 10, 0, 4096\n1, 11, 0, 4096\n2, 1\n3, 13, 0, 4096\n';
    for (const size of [3, 1000]) {
      const { result, series } = streamed('x_iops.1.log', enc(text), size);
      assert.deepEqual([...series[0]!.values], [10, 11]);
      assert.match(result.runs[0]!.warnings[0]!, /line 3 is not a complete log row/);
    }
  });

  it('CRLF line ends, a last line without newline, hex priorities and log_window_value=both are read', () => {
    const crlf = streamed('a_bw.1.log', enc('0, 2048, 1, 0\r\n1000, 4096, 1, 0\r\n2000, 1024, 1, 0'), 5);
    assert.deepEqual([...crlf.series[0]!.values], [2, 4, 1], 'KiB/s to MiB/s, the unterminated last row too');
    assert.equal((crlf.result.runs[0]!.tables['log'] as { windowed: boolean }).windowed, true, 'bs 0: averaged windows');
    const prio = streamed('b_lat.1.log', enc('5, 2000000, 0, 4096, 0, 0x8001\n6, 4000000, 0, 4096, 0, 0x8001\n'), 9);
    assert.deepEqual([...prio.series[0]!.values], [2, 4], 'ns to ms; the hex priority column does not stop the read');
    // log_window_value=both: mean, max, then the direction in column 4.
    const both = streamed('c_iops.1.log', enc('1000, 50, 70, 1, 0\n2000, 60, 90, 1, 0\n'), 4);
    assert.equal(both.series[0]!.metric, 'write.iops');
    assert.deepEqual([...both.series[0]!.values], [50, 60]);
  });

  it('a reader that reuses one buffer for every chunk (as the import reads files) loses no cut line', () => {
    const bytes = Buffer.from(randrw);
    const stream = fioLogImporter.stream!({ name: 'job_clat.1.log', head: bytes.subarray(0, 4096) });
    assert.ok(!('error' in stream));
    const buf = Buffer.alloc(100); // a Buffer: its slice() is a view, which must not be kept
    const pieces: ParsedSeries[] = [];
    for (let at = 0; at < bytes.length; at += buf.length) {
      const n = bytes.copy(buf, 0, at, Math.min(at + buf.length, bytes.length));
      pieces.push(...stream.push(buf.subarray(0, n)));
      buf.fill(0x2c); // the next read overwrites it
    }
    const end = stream.end();
    pieces.push(...end.series);
    assert.equal(end.result.runs[0]!.warnings.length, 0, 'no row was cut');
    assert.equal(joinSeries(pieces).reduce((n, s) => n + s.times.length, 0), 300);
  });
});
