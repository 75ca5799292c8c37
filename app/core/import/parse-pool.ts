/**
 * Parse workers for imports: files are read, hashed, detected and parsed (SVC statistics read
 * and scanned) in worker threads, ahead of the writer, while the writer (the store's one
 * writer: the core worker or the CLI) writes the files before them in its one transaction.
 * Both cores work: a drop of 2,000 AWR reports parses on one while the other writes.
 *
 * The writer's import is synchronous (one transaction, better-sqlite3), so it takes results
 * synchronously: workers post on their own ports and bump a shared counter; the writer drains
 * the ports with receiveMessageOnPort and sleeps on the counter (Atomics.wait) while the file
 * it needs next is not parsed yet. Results are taken in the order the files were given, so an
 * import writes exactly what it would have written parsing each file itself.
 *
 * Where no worker can start (a bundle without parse-worker.cjs beside it), or a file cannot be
 * handed over (a table, whose mapping the store remembers), the writer parses it itself.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { CounterScan } from '../../../importers/svc/counter-scan.js';
import { importerById } from '../../../importers/registry.js';
import type { ParseResult } from '../../../importers/types.js';
import { diskSource } from './file-source.js';
import type { StagedFile } from './staged-file.js';
import type { SvcStageError, SvcStageInfo } from './svc-stream.js';
import type { PreparedObject } from '../originals/object-store.js';

/**
 * What a worker is asked: stage files from disk (as stageFile), or read and scan SVC statistics
 * files; several small files to a job (see BATCH_FILES). With `objects` (the store's folder
 * for this process's temporary files), each file it reads whole also becomes its object there,
 * compressed, so the writer neither compresses it nor gets its bytes back.
 */
type Job = { kind: 'stage'; files: Array<{ path: string; shown: string }>; objects: string | null } | { kind: 'svc-scan'; paths: string[]; objects: string | null };
export type ParseJob = Job & { seq: number };

/** A staged file as it crosses threads: its source and importer are named, not carried. */
export interface WireStaged {
  id: string;
  path: string;
  sha256: string;
  importerId: string | null;
  result: ParseResult;
  streamed: boolean;
  gzip?: true;
  bytes?: Uint8Array;
  prepared?: PreparedObject;
  svc?: SvcStageInfo | SvcStageError;
  empty?: true;
  /** Close to no format (not a result): skipped, like an empty file, never failed. */
  notResult?: true;
}

/** One file's answer: staged, scanned, or handed back to the writer (with why). */
export type ReplyItem =
  | { kind: 'staged'; file: WireStaged }
  | { kind: 'svc-scan'; bytes: Uint8Array | null; prepared?: PreparedObject; scan: WireScan }
  | { kind: 'inline'; reason?: string };

/** A job's answer: one item per file, in the job's order; `inline` for the whole job (a worker that stopped). */
export type ParseReply = { seq: number; kind: 'batch'; items: ReplyItem[] } | { seq: number; kind: 'inline'; reason?: string };

/**
 * A scan as it crosses threads: its thousand record ids as one string (cloning one string costs
 * a fraction of cloning a thousand: the clone was a third of a worker's time on a week of SVC).
 */
export type WireScan = Omit<CounterScan, 'snapshot'> & { snapshot: (Omit<NonNullable<CounterScan['snapshot']>, 'ids'> & { ids: string; idCount: number }) | null };

/** Ids joined for the wire: no SVC id holds a NUL (they are XML attribute values). */
const ID_SEPARATOR = '\u0000';

export function scanToWire(scan: CounterScan): WireScan {
  return { ...scan, snapshot: scan.snapshot ? { ...scan.snapshot, ids: scan.snapshot.ids.join(ID_SEPARATOR), idCount: scan.snapshot.ids.length } : null };
}

function scanFromWire(wire: WireScan): CounterScan {
  const s = wire.snapshot;
  if (!s) return { ...wire, snapshot: null };
  const { idCount, ...rest } = s;
  return { ...wire, snapshot: { ...rest, ids: idCount === 0 ? [] : s.ids.split(ID_SEPARATOR) } };
}

/** Jobs handed to the workers ahead of the writer, per worker: enough to keep them busy, few enough to bound memory. */
const AHEAD_PER_WORKER = 3;
/**
 * Small files go up to this many to a job, and up to BATCH_BYTES: a message and a wake-up per
 * file cost more than scanning a 78 KB SVC file (a week's 4,000 files parsed slower with the
 * workers than without, one file a job, on this machine's two shared cores).
 */
const BATCH_FILES = 64;
const BATCH_BYTES = 4 * 1024 * 1024;
/**
 * Files to stage (parsed whole) go up to this many bytes to a job: a job's results wait whole in
 * the worker, then in the writer, until taken. 2,000 AWR HTML reports of 500 KB, eight to a job,
 * peaked at 891 MB with two workers; two to a job, at 728 MB (one to a job saved 16 MB more, at a
 * message per file); 457 MB with no worker, on the bench machine under a load of 7.
 */
const STAGE_BATCH_BYTES = 1024 * 1024;
/** And at most this many bytes of them (beyond the one the writer waits for). */
const AHEAD_BYTES = 64 * 1024 * 1024;

/** A file to stage: on disk, the name it is kept under, its size. */
export interface PoolFile {
  path: string;
  shown: string;
  size: number;
}

/**
 * An import this small parses on the writer: handing files over costs more than it saves (and a
 * worker's start is paid once per process, on the first large import).
 */
export const PARSE_POOL_MIN_BYTES = 8 * 1024 * 1024;

/**
 * How to start a worker: the bundle's parse-worker.cjs beside this code, or (tests and the
 * bench run the sources) parse-worker.ts through tsx's require hook: loader hooks registered
 * with --import do not reach worker threads.
 */
function workerScript(): { code: string; eval: boolean } | null {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const file = here.replace(/parse-pool\.ts$/, 'parse-worker.ts');
    if (!fs.existsSync(file)) return null;
    const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
    return { code: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(file)});`, eval: true };
  }
  const file = here.replace(/[^/\\]+$/, 'parse-worker.cjs');
  return fs.existsSync(file) ? { code: file, eval: false } : null;
}

/**
 * A worker's young generation: small, its jobs' garbage dies young. 500 AWR reports (244 MB) peaked at
 * 456 MB with two workers of 32 MB against 266 MB without workers; 8 MB took 50-75 MB off that.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** How long a worker may take to start before the writer parses alone. */
const START_TIMEOUT_MS = 30_000;

/**
 * What one worker may hold at its peak: 140-350 MB measured (a week of SVC statistics, 500 KB AWR
 * reports two at a time), the most of it taken.
 */
export const WORKER_PEAK_BYTES = 350 * 1024 * 1024;

/**
 * Workers for a machine: one per core (the writer sleeps while it waits, and writes in between),
 * at most four, and no more than half the memory free for the process holds at their peaks; none
 * where not even one fits (the writer parses alone, as it does a small drop).
 */
export function workersFor(cores: number, freeBytes: number): number {
  const byMemory = Math.floor(freeBytes / 2 / WORKER_PEAK_BYTES);
  return Math.max(0, Math.min(4, cores, byMemory));
}

/** Workers for this machine now (PERFDELTA_PARSE_WORKERS sets the count). */
export function parseWorkerCount(): number {
  const fixed = Number(process.env['PERFDELTA_PARSE_WORKERS']);
  if (Number.isInteger(fixed) && fixed >= 0) return fixed;
  // Free memory, within a container's limit where there is one.
  const limit = process.constrainedMemory?.() ?? 0;
  const free = limit > 0 ? Math.min(os.freemem(), Math.max(0, limit - process.memoryUsage.rss())) : os.freemem();
  return workersFor(os.availableParallelism(), free);
}

interface PoolWorker {
  worker: Worker;
  port: MessagePort;
  /** Jobs given and not yet taken. */
  busy: number;
}

export class ParsePool {
  private readonly workers: PoolWorker[] = [];
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  /** Replies drained from the ports, until taken. */
  private readonly done = new Map<number, ParseReply>();
  /** Which worker has each job not yet taken. */
  private readonly owner = new Map<number, PoolWorker>();
  /** Jobs of an import that stopped (a cancel, an error): their replies are dropped as they come. */
  private readonly abandoned = new Set<number>();
  private nextSeq = 1;
  /** Files staged (or SVC files scanned) by the workers and by the writer, since the pool opened. */
  readonly counts = { workers: 0, writer: 0 };

  private constructor(count: number, script: { code: string; eval: boolean }) {
    for (let i = 0; i < count; i++) {
      const { port1, port2 } = new MessageChannel();
      // Not the writer's V8 flags (the core's 192 MB young generation): a worker's heap is
      // its own, and each would hold that much again.
      const worker = new Worker(script.code, {
        eval: script.eval, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
        workerData: { port: port2, signal: this.signal.buffer }, transferList: [port2],
      });
      // Idle workers never keep a process alive: the CLI exits when its import is done.
      worker.unref();
      port1.unref();
      this.workers.push({ worker, port: port1, busy: 0 });
    }
  }

  /** A pool of `count` workers, or null where none can start (the writer then parses alone). */
  static open(count = parseWorkerCount()): ParsePool | null {
    if (count < 1) return null;
    const script = workerScript();
    if (!script) return null;
    let pool: ParsePool | null = null;
    try {
      pool = new ParsePool(count, script);
      // Each worker says it is ready (seq 0): one that cannot start leaves the writer alone.
      if (pool.started(START_TIMEOUT_MS)) return pool;
    } catch {
      // fall through: no workers
    }
    pool?.close();
    return null;
  }

  /** Waits (asleep) until every worker has said it is ready; false if one has not in time. */
  private started(timeoutMs: number): boolean {
    const until = Date.now() + timeoutMs;
    const ready = new Set<PoolWorker>();
    while (ready.size < this.workers.length) {
      const seen = Atomics.load(this.signal, 0);
      for (const w of this.workers) {
        for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
          if ((m.message as ParseReply).seq === 0) ready.add(w);
        }
      }
      if (ready.size === this.workers.length) break;
      const left = until - Date.now();
      if (left <= 0) return false;
      Atomics.wait(this.signal, 0, seen, Math.min(left, 100));
    }
    return true;
  }

  get size(): number {
    return this.workers.length;
  }

  close(): void {
    for (const w of this.workers) {
      w.port.close();
      void w.worker.terminate();
    }
    this.workers.length = 0;
  }

  private submit(job: Job): number {
    const seq = this.nextSeq++;
    // The least busy worker: one slow file (a 48 MB JSON) does not hold up the next ones.
    const w = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    w.busy++;
    w.worker.postMessage({ ...job, seq } as ParseJob);
    this.owner.set(seq, w);
    return seq;
  }

  private settle(seq: number): void {
    const w = this.owner.get(seq);
    this.owner.delete(seq);
    if (w) w.busy--;
  }

  /** Jobs submitted and never taken (the import stopped): dropped now or when they come. */
  private abandon(seqs: readonly number[], from: number): void {
    for (const seq of seqs.slice(from)) {
      if (this.done.delete(seq)) this.settle(seq);
      else this.abandoned.add(seq);
    }
  }

  /** The reply to `seq`, waiting (asleep) until a worker has posted it. */
  private take(seq: number): ParseReply {
    for (;;) {
      const got = this.done.get(seq);
      if (got) {
        this.done.delete(seq);
        this.settle(seq);
        return got;
      }
      const seen = Atomics.load(this.signal, 0);
      let drained = false;
      for (const w of this.workers) {
        for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
          const reply = m.message as ParseReply;
          drained = true;
          if (this.abandoned.delete(reply.seq)) this.settle(reply.seq);
          else this.done.set(reply.seq, reply);
        }
      }
      if (drained) continue;
      // A worker that died (out of memory) answers nothing: the writer parses that file itself.
      const w = this.owner.get(seq);
      if (w && w.worker.threadId === -1) return { seq, kind: 'inline', reason: 'the parse worker stopped' };
      // Nothing new: sleep until a worker posts (the counter moves), a second at a time.
      Atomics.wait(this.signal, 0, seen, 1000);
    }
  }

  /**
   * Files [0, sizes.length) handed to the workers in jobs of consecutive files (`job(from, to)`),
   * a few jobs and at most AHEAD_BYTES ahead of the one taken; each file's answer in order.
   */
  private *answers(sizes: readonly number[], job: (from: number, to: number) => Job, batchBytes: number): Generator<{ index: number; item: ReplyItem }> {
    const ahead = Math.max(1, this.size * AHEAD_PER_WORKER);
    const seqs: number[] = [];
    const ranges: Array<[number, number]> = [];
    let next = 0;
    let b = 0;
    // Bytes handed out and not yet taken: a drop of large files is not read far ahead.
    let inFlight = 0;
    try {
      for (; b < ranges.length || next < sizes.length; b++) {
        while (next < sizes.length && seqs.length < b + ahead && (seqs.length === b || inFlight + sizes[next]! <= AHEAD_BYTES)) {
          let to = next;
          let bytes = 0;
          while (to < sizes.length && to - next < BATCH_FILES && (to === next || bytes + sizes[to]! <= batchBytes)) bytes += sizes[to++]!;
          ranges.push([next, to]);
          seqs.push(this.submit(job(next, to)));
          inFlight += bytes;
          next = to;
        }
        const [from, to] = ranges[b]!;
        const reply = this.take(seqs[b]!);
        for (let i = from; i < to; i++) inFlight -= sizes[i]!;
        for (let i = from; i < to; i++) {
          yield { index: i, item: reply.kind === 'batch' ? reply.items[i - from]! : { kind: 'inline', ...(reply.reason ? { reason: reply.reason } : {}) } };
        }
      }
    } finally {
      this.abandon(seqs, b + 1);
    }
  }

  /**
   * Stages files from disk in the workers, yielding them in the order given; `inline` stages a
   * file the workers handed back (a table) on the writer.
   */
  *staged(files: ReadonlyArray<PoolFile>, inline: (f: PoolFile) => StagedFile, objects: string | null = null): Generator<StagedFile> {
    const job = (from: number, to: number): Job => ({ kind: 'stage', files: files.slice(from, to).map((f) => ({ path: f.path, shown: f.shown })), objects });
    for (const { index, item } of this.answers(files.map((f) => f.size), job, STAGE_BATCH_BYTES)) {
      if (item.kind !== 'staged') {
        this.counts.writer++;
        yield inline(files[index]!);
        continue;
      }
      this.counts.workers++;
      const { importerId, ...wire } = item.file;
      yield { ...wire, source: diskSource(files[index]!.path), importer: importerId ? importerById(importerId) ?? null : null };
    }
  }

  /** SVC statistics files read and scanned in the workers, in the order given (with `objects`, each also made its object, its bytes not carried back). */
  *scans(files: ReadonlyArray<{ path: string; size: number }>, inline: (i: number) => ScannedFile, objects: string | null = null): Generator<ScannedFile> {
    const job = (from: number, to: number): Job => ({ kind: 'svc-scan', paths: files.slice(from, to).map((f) => f.path), objects });
    for (const { index, item } of this.answers(files.map((f) => f.size), job, BATCH_BYTES)) {
      this.counts[item.kind === 'svc-scan' ? 'workers' : 'writer']++;
      yield item.kind === 'svc-scan' ? { bytes: item.bytes, scan: scanFromWire(item.scan), ...(item.prepared ? { prepared: item.prepared } : {}) } : inline(index);
    }
  }
}

/** An SVC statistics file read and scanned: its bytes, or the object a worker made of them. */
export interface ScannedFile {
  bytes: Uint8Array | null;
  scan: CounterScan;
  prepared?: PreparedObject;
}

let shared: ParsePool | null | undefined;

/**
 * This thread's parse workers, started on the first import large enough to use them and kept
 * for the next (a store has one writer, so one import at a time uses them); null where none can
 * start.
 */
export function parsePoolFor(files: number, bytes: number): ParsePool | null {
  // PERFDELTA_PARSE_POOL_MIN_BYTES: tests hand small drops to the workers too.
  const min = Number(process.env['PERFDELTA_PARSE_POOL_MIN_BYTES'] ?? PARSE_POOL_MIN_BYTES);
  if (files < 2 || bytes < min) return null;
  if (shared === undefined) shared = ParsePool.open();
  return shared;
}
