/**
 * Flushing written files to the disk (fsync) off the writer's thread, many at a time.
 *
 * An original file must be on the disk before the transaction that names it commits. One fsync
 * costs a journal commit (2.7-6.4 ms each on the bench machine, one after another); issued 4 at
 * a time they share commits (0.5 ms a file), so a drop of 2,000 reports is flushed while the
 * writer goes on writing. The import is synchronous (one transaction, better-sqlite3), so this
 * is a worker thread that fsyncs through libuv's thread pool and counts what it finished on a
 * shared counter; the writer takes the finished paths without waiting, and waits (asleep) only
 * for the last ones before its commit: the pattern of parse-pool.ts and gunzip-stream.ts.
 *
 * Where no worker can start, the writer flushes each file itself.
 */
import fs from 'node:fs';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** The worker: open, fsync, close each path it is given; a folder's fsync fails on Windows and is let go there. */
const WORKER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { port, signal } = workerData;
const done = new Int32Array(signal);
const reply = (m, err) => {
  const failed = err && !(m.folder && process.platform === 'win32');
  port.postMessage({ id: m.id, error: failed ? err.message : null });
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
};
port.on('message', (m) => {
  fs.open(m.path, 'r', (err, fd) => {
    if (err) return reply(m, err);
    fs.fsync(fd, (e) => fs.close(fd, () => reply(m, e)));
  });
});
`;

/** A flush failed (a full or failing disk): the transaction must not commit. */
export class FlushError extends Error {}

/** No word from the worker for this long: it is gone. */
const STALL_MS = 120_000;

export class Flusher {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private readonly waiting = new Map<number, string>();

  private constructor() {
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { port: port2, signal: this.signal.buffer }, transferList: [port2] });
    // An idle flusher never keeps a process alive.
    this.worker.unref();
    port1.unref();
    this.port = port1;
  }

  private static shared: Flusher | null | undefined;

  /** This process's flusher, started on first use; null where no worker can start. */
  static get(): Flusher | null {
    if (Flusher.shared === undefined) {
      try {
        Flusher.shared = new Flusher();
      } catch {
        Flusher.shared = null;
      }
    }
    return Flusher.shared;
  }

  /** Asks for `path` (a file, or a folder whose entries changed) to be flushed. */
  submit(path: string, folder = false): void {
    const id = this.nextId++;
    this.waiting.set(id, path);
    this.port.postMessage({ id, path, folder });
  }

  /** How many flushes are asked for and not yet taken. */
  get outstanding(): number {
    return this.waiting.size;
  }

  /** The paths flushed since the last call, without waiting. Throws FlushError when one failed. */
  finished(): string[] {
    const out: string[] = [];
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const { id, error } = m.message as { id: number; error: string | null };
      const path = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== null) throw new FlushError(`could not flush ${path ?? 'a file'} to the disk: ${error}`);
      if (path !== undefined) out.push(path);
    }
    return out;
  }

  /** Waits (asleep) until every flush asked for has finished; returns their paths. */
  all(): string[] {
    const out: string[] = [];
    let until = Date.now() + STALL_MS;
    while (this.waiting.size > 0) {
      const seen = Atomics.load(this.signal, 0);
      const got = this.finished();
      if (got.length > 0) {
        out.push(...got);
        until = Date.now() + STALL_MS;
        continue;
      }
      if (Date.now() > until) throw new FlushError('flushing files to the disk stopped answering');
      Atomics.wait(this.signal, 0, seen, 1000);
    }
    return out;
  }
}

/** Flushes one file (or folder) on this thread: a few files are not worth a worker. */
export function flushNow(path: string, folder = false): void {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (err) {
    if (folder && process.platform === 'win32') return;
    throw new FlushError(`could not flush ${path} to the disk: ${(err as Error).message}`);
  }
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    if (!(folder && process.platform === 'win32')) throw new FlushError(`could not flush ${path} to the disk: ${(err as Error).message}`);
  } finally {
    fs.closeSync(fd);
  }
}
