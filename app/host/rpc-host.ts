/**
 * The host side of the RPC table, shared by the Electron main process and the web host:
 * validates every call, forwards it to the core worker, and tracks import jobs so that
 * progress can be read while the worker is busy inside a transaction.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportResult, JobStatus } from '../contract/records.js';
import type { RpcArgs, RpcMethod, RpcResult } from '../contract/rpc.js';
import { RpcError } from '../core/rpc/errors.js';
import { isRpcMethod, validateArgs } from '../core/rpc/schemas.js';
import { safeFileName } from '../core/rpc/file-name.js';
import { createSpool, removeSpool } from '../core/scratch-folders.js';
import type { WorkerData, WorkerReply, WorkerRequest } from '../core/worker/protocol.js';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** A channel's calls: at most one in the core at a time, and the newest one waiting. */
interface Channel {
  /** Number of the newest call on the channel: an answer to an older one is stale. */
  newest: number;
  running: boolean;
  waiting: { seq: number; method: WorkerRequest['method']; args: unknown; done: Pending } | null;
}

const superseded = (channel: string): RpcError => new RpcError('cancelled', `superseded by a newer request on "${channel}"`);

/** The core worker's young generation (three semi-spaces of 64 MB); the bench runs imports with the same. */
export const CORE_YOUNG_GENERATION_MB = 192;

/** Finished jobs are kept this long for a slow poller, then forgotten. */
const JOB_RETENTION_MS = 10 * 60 * 1000;

/** Prints a report to PDF bytes: Chromium behind the web host and the CLI, printToPDF in Electron. */
export type ReportPrinter = (args: RpcArgs<'reports.pdf'>) => Promise<Uint8Array>;

export class RpcHost {
  /** Set by whoever can print (the web host, Electron main); without one, reports.pdf says so. */
  printer: ReportPrinter | null = null;
  private readonly worker: Worker;
  /** Folds the write-ahead log back into the database after imports (checkpointer.ts). */
  private checkpointer: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  /** Calls that name a channel (a chart's zoom): a newer one supersedes the older ones. */
  private readonly channels = new Map<string, Channel>();
  private readonly jobs = new Map<string, JobStatus>();
  private nextId = 1;
  /** Slot [0]: the number of the import to cancel, read by the worker inside its transaction. */
  private readonly cancelSlot = new Int32Array(new SharedArrayBuffer(4));
  private readonly jobSeq = new Map<string, number>();
  private nextJobSeq = 1;
  /** Uploads are spooled here as they arrive (the web host), then staged from disk: this host's own folder (spool.ts). */
  readonly spoolDir: string;
  /** Set when the worker died: every call fails at once instead of waiting forever. */
  private dead: Error | null = null;
  readonly ready: Promise<void>;

  /** `workerFile` is the bundled core worker (build/app/core-worker.cjs). */
  constructor(data: Omit<WorkerData, 'cancel' | 'spoolDir'>, workerFile = path.join(__dirname, 'core-worker.cjs')) {
    // Uploads left by a crashed session are of no use (staging never survives a restart), but
    // another host on this data folder may be running: only dead hosts' spools are removed.
    this.spoolDir = createSpool(data.dataDir);
    const workerData: WorkerData = { ...data, cancel: this.cancelSlot.buffer as SharedArrayBuffer, spoolDir: this.spoolDir };
    // A larger young generation: a big fio JSON parses into millions of short-lived objects,
    // and V8's default (16 MB semi-spaces) spends much of the import copying them.
    this.worker = new Worker(workerFile, { workerData, resourceLimits: { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB } });
    this.ready = new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      const onExit = (code: number): void => reject(new Error(`the core worker exited (${code}) before it was ready`));
      this.worker.once('error', onError);
      this.worker.once('exit', onExit);
      this.worker.once('message', (m: WorkerReply) => {
        this.worker.off('error', onError);
        this.worker.off('exit', onExit);
        if (m.kind === 'ready') {
          this.startCheckpointer(path.join(path.dirname(workerFile), 'checkpointer.cjs'), data);
          resolve();
        }
        else reject(new Error('core worker did not start'));
        this.worker.on('message', (msg: WorkerReply) => this.onMessage(msg));
      });
    });
    // Callers see the failure through call(); an early one must not crash the host process.
    this.ready.catch(() => undefined);
    this.worker.on('error', (err) => this.fail(new Error(`the core stopped: ${err.message}. Restart PerfDelta; nothing imported so far was lost.`)));
    this.worker.on('exit', (code) => this.fail(new Error(`the core stopped (exit ${code}). Restart PerfDelta; nothing imported so far was lost.`)));
  }

  /** Started once the core worker has created and migrated the database. */
  private startCheckpointer(file: string, data: Omit<WorkerData, 'cancel' | 'spoolDir'>): void {
    if (!fs.existsSync(file)) return; // a test's stand-in worker: the store checkpoints on close
    const checkpointer = new Worker(file, { workerData: { dbPath: data.dbPath, sqliteBinding: data.sqliteBinding } });
    checkpointer.unref();
    // Losing it loses no data: the core worker checkpoints when it closes the store.
    checkpointer.on('error', () => { this.checkpointer = null; });
    this.checkpointer = checkpointer;
  }

  /** The worker is gone: fail what waits on it and every import still running. */
  private fail(err: Error): void {
    this.dead ??= err;
    for (const p of this.pending.values()) p.reject(this.dead);
    this.pending.clear();
    for (const job of this.jobs.values()) {
      if (job.state === 'running') Object.assign(job, { state: 'failed', error: this.dead.message });
    }
  }

  private onMessage(msg: WorkerReply): void {
    if (msg.kind === 'progress') {
      const job = this.jobs.get(msg.job);
      if (job) Object.assign(job, { done: msg.done, total: msg.total, current: msg.current || null, bytes_done: msg.bytesDone, bytes_total: msg.bytesTotal, waiting: msg.waiting === true });
      return;
    }
    if (msg.kind !== 'result') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new RpcError(msg.error.code, msg.error.message));
  }

  private forward(method: WorkerRequest['method'], args: unknown, job?: string, jobSeq?: number): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    const transfer = method === 'import.stage' ? [] : undefined;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args, job, jobSeq } satisfies WorkerRequest, transfer ?? []);
    });
  }

  /** Starts an import in the worker and returns at once; the job records progress and result. */
  private startImport(args: RpcArgs<'import.commit'>): { job: string } {
    const id = randomUUID();
    const status: JobStatus = { id, state: 'running', done: 0, total: args.ids.length, current: null, waiting: false, bytes_done: 0, bytes_total: 0, result: null, error: null };
    const seq = this.nextJobSeq++;
    this.jobs.set(id, status);
    this.jobSeq.set(id, seq);
    this.forward('import.commit', args, id, seq).then(
      (result) => {
        Object.assign(status, { state: 'done', done: status.total, current: null, waiting: false, result: result as ImportResult });
        this.checkpointer?.postMessage('checkpoint');
      },
      (err: Error) => Object.assign(status, { state: err instanceof RpcError && err.code === 'cancelled' ? 'cancelled' : 'failed', current: null, waiting: false, error: err.message }),
    ).finally(() => {
      this.jobSeq.delete(id);
      setTimeout(() => this.jobs.delete(id), JOB_RETENTION_MS).unref();
    });
    return { job: id };
  }

  /** Asks the worker to stop an import; it rolls back at its next check (between chunks of a file). */
  private cancelImport(job: string): { cancelling: boolean } {
    const seq = this.jobSeq.get(job);
    if (seq === undefined) {
      if (!this.jobs.has(job)) throw new RpcError('not_found', 'no such import job');
      return { cancelling: false }; // already finished
    }
    Atomics.store(this.cancelSlot, 0, seq);
    return { cancelling: true };
  }

  /** The single entry point for every transport: name and arguments arrive untrusted. */
  async call(method: string, rawArgs: unknown): Promise<unknown> {
    if (!isRpcMethod(method)) throw new RpcError('unknown_method', `unknown method "${method}"`);
    const args = validateArgs(method, rawArgs);
    await this.ready;
    return this.dispatch(method, args);
  }

  private async dispatch<M extends RpcMethod>(method: M, args: RpcArgs<M>): Promise<RpcResult<M>> {
    if (method === 'jobs.status') {
      const job = this.jobs.get((args as RpcArgs<'jobs.status'>).job);
      if (!job) throw new RpcError('not_found', 'no such import job (finished more than 10 minutes ago, or never started)');
      return { ...job } as RpcResult<M>;
    }
    if (method === 'jobs.cancel') return this.cancelImport((args as RpcArgs<'jobs.cancel'>).job) as RpcResult<M>;
    if (method === 'import.commit') return this.startImport(args as RpcArgs<'import.commit'>) as RpcResult<M>;
    if (method === 'reports.pdf') return (await this.printPdf(args as RpcArgs<'reports.pdf'>)) as RpcResult<M>;
    const channel = (args as { channel?: unknown }).channel;
    if (typeof channel === 'string') return (await this.onChannel(channel, method as WorkerRequest['method'], args)) as RpcResult<M>;
    return (await this.forward(method as WorkerRequest['method'], args)) as RpcResult<M>;
  }

  /**
   * A call on a channel (a chart asking for its zoom window): a newer call supersedes the older
   * ones. One waiting call is replaced by the next and never reaches the core; a call the core
   * is already reading finishes, but its answer is dropped when a newer one came meanwhile.
   * The core reads the calls of a channel one after another: a wheel's burst of zooms costs
   * the first and the last, not every step between.
   */
  private onChannel(name: string, method: WorkerRequest['method'], args: unknown): Promise<unknown> {
    let ch = this.channels.get(name);
    if (!ch) this.channels.set(name, (ch = { newest: 0, running: false, waiting: null }));
    const seq = ++ch.newest;
    return new Promise((resolve, reject) => {
      ch.waiting?.done.reject(superseded(name));
      ch.waiting = { seq, method, args, done: { resolve, reject } };
      this.pump(name, ch);
    });
  }

  private pump(name: string, ch: Channel): void {
    if (ch.running) return;
    const call = ch.waiting;
    if (!call) {
      this.channels.delete(name);
      return;
    }
    ch.waiting = null;
    ch.running = true;
    const settle = (answer: () => void): void => {
      ch.running = false;
      if (call.seq === ch.newest) answer();
      else call.done.reject(superseded(name));
      this.pump(name, ch);
    };
    this.forward(call.method, call.args).then(
      (result) => settle(() => call.done.resolve(result)),
      (err: Error) => settle(() => call.done.reject(err)),
    );
  }

  private async printPdf(args: RpcArgs<'reports.pdf'>): Promise<RpcResult<'reports.pdf'>> {
    if (!this.printer) throw new RpcError('failed', 'printing to PDF is not available in this window');
    const reports = (await this.forward('reports.list', { study: args.study })) as RpcResult<'reports.list'>;
    const report = reports.find((r) => r.id === args.report);
    if (!report) throw new RpcError('not_found', `study "${args.study}" has no report #${args.report}`);
    const bytes = await this.printer(args);
    return { fileName: `${safeFileName(report.name)}.pdf`, mime: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
  }

  async close(): Promise<void> {
    this.dead ??= new Error('PerfDelta is shutting down');
    await this.checkpointer?.terminate();
    await this.worker.terminate();
    removeSpool(this.spoolDir);
  }
}

