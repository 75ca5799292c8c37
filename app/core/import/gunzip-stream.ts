/**
 * A gzipped file decompressed as it is read, within stated limits: a gzipped fio log streams into
 * the store like a plain one (its .gz is what is kept), and a gzip bomb (47 MB that expand to
 * 10 GB) is stopped once it passes a limit, with a message that says which, long before it costs
 * memory.
 *
 * The import writes in one synchronous transaction (better-sqlite3), and Node's zlib offers no
 * incremental decompression that is synchronous, so a worker thread decompresses with zlib's
 * stream and the writer takes its output synchronously, as it takes the parse workers' results
 * (parse-pool.ts): receiveMessageOnPort, and Atomics.wait on a shared counter while the next
 * piece is not there yet. The compressed bytes go in small pieces, so no more than one piece's
 * worth of output (at most ~1,032 times its size, deflate's own limit) is ever in flight.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { bytesText } from './file-source.js';

/** A gzipped file that streams is decompressed up to this size. */
export const GZIP_STREAM_MAX_BYTES = 32 * 1024 ** 3;
/** Beyond GZIP_RATIO_FROM_BYTES of output, no more than this many bytes out per compressed byte in (text logs compress 5 to 20 times). */
export const GZIP_MAX_RATIO = 200;
export const GZIP_RATIO_FROM_BYTES = 64 * 1024 * 1024;
/** Compressed bytes handed over at a time: at most ~64 MiB of output in flight. */
const PIECE_BYTES = 64 * 1024;
/** No word from the worker for this long: it is gone. */
const STALL_MS = 120_000;

/** The gzip data was damaged, cut off, or passed a limit: the file fails with this message. */
export class GzipStreamError extends Error {}

/** The worker: zlib's gunzip stream, each output piece posted back, then a mark when a piece of input is used up. */
const WORKER = `
const { workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { port, signal } = workerData;
const ready = new Int32Array(signal);
const post = (m, transfer) => { port.postMessage(m, transfer || []); Atomics.add(ready, 0, 1); Atomics.notify(ready, 0); };
const gunzip = zlib.createGunzip({ chunkSize: 1024 * 1024 });
let failed = false;
gunzip.on('data', (b) => { const own = new Uint8Array(b); post({ kind: 'out', bytes: own }, [own.buffer]); });
gunzip.on('error', (e) => { failed = true; post({ kind: 'error', message: e.message }); });
gunzip.on('end', () => post({ kind: 'end' }));
port.on('message', (m) => {
  if (failed) return;
  if (m.kind === 'in') gunzip.write(m.bytes, () => { if (!failed) post({ kind: 'used' }); });
  else gunzip.end();
});
`;

type Reply = { kind: 'out'; bytes: Uint8Array } | { kind: 'used' } | { kind: 'end' } | { kind: 'error'; message: string };

export class GunzipStream {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private bytesIn = 0;
  private bytesOut = 0;
  private closed = false;

  constructor(private readonly limits = { maxBytes: GZIP_STREAM_MAX_BYTES, maxRatio: GZIP_MAX_RATIO, ratioFrom: GZIP_RATIO_FROM_BYTES }) {
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { port: port2, signal: this.signal.buffer }, transferList: [port2] });
    this.worker.unref();
    port1.unref();
    this.port = port1;
  }

  /** The decompressed pieces of `compressed`, as they come. */
  *push(compressed: Uint8Array): Generator<Uint8Array> {
    for (let at = 0; at < compressed.byteLength; at += PIECE_BYTES) {
      // A copy of its own (a Buffer's slice is a view): the caller's buffer is read into again,
      // and handing over a view would hand over (and detach) all of it.
      const piece = new Uint8Array(compressed.subarray(at, Math.min(at + PIECE_BYTES, compressed.byteLength)));
      this.bytesIn += piece.byteLength;
      this.port.postMessage({ kind: 'in', bytes: piece }, [piece.buffer]);
      yield* this.until('used');
    }
  }

  /** The last pieces, once every compressed byte was pushed; throws if the data stopped short of its end. */
  *end(): Generator<Uint8Array> {
    this.port.postMessage({ kind: 'end' });
    yield* this.until('end');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    void this.worker.terminate();
  }

  private *until(mark: 'used' | 'end'): Generator<Uint8Array> {
    for (;;) {
      const reply = this.next();
      if (reply.kind === 'error') throw new GzipStreamError(`the gzip data is damaged or cut off (${reply.message})`);
      if (reply.kind === 'out') {
        this.bytesOut += reply.bytes.byteLength;
        this.checkLimits();
        yield reply.bytes;
        continue;
      }
      if (reply.kind === mark) return;
      if (reply.kind === 'end') throw new GzipStreamError('the gzip data ended before the file did');
    }
  }

  private checkLimits(): void {
    const { maxBytes, maxRatio, ratioFrom } = this.limits;
    if (this.bytesOut > maxBytes) {
      throw new GzipStreamError(`it expands to more than ${bytesText(maxBytes)}, the most PerfDelta decompresses of one gzipped file: stopped there, nothing of it was imported`);
    }
    if (this.bytesOut > ratioFrom && this.bytesOut > maxRatio * this.bytesIn) {
      throw new GzipStreamError(`its first ${bytesText(this.bytesIn)} expand to ${bytesText(this.bytesOut)}, more than ${maxRatio} times: no result file compresses so far (a gzip bomb?); stopped there, nothing of it was imported`);
    }
  }

  /** The worker's next reply, waiting (asleep) until there is one. */
  private next(): Reply {
    const until = Date.now() + STALL_MS;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const m = receiveMessageOnPort(this.port);
      if (m) return m.message as Reply;
      if (Date.now() > until) throw new GzipStreamError('decompressing stopped answering');
      Atomics.wait(this.signal, 0, seen, 1000);
    }
  }
}
