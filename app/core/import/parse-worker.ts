/**
 * A parse worker (parse-pool.ts): reads, hashes, detects and parses files from disk, or reads and
 * scans SVC statistics files, and posts each result back on its port, then bumps the shared
 * counter the writer waits on. It never touches the database: the writer is the one thread that
 * does. A file it reads whole it may also turn into its object (compressed, in a temporary file of
 * this process's folder under the object store), which the writer adopts when it keeps the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { scanCounters } from '../../../importers/svc/counter-scan.js';
import { diskSource } from './file-source.js';
import { stageFile } from './pipeline.js';
import { scanToWire, type ParseJob, type ParseReply, type ReplyItem, type WireStaged } from './parse-pool.js';
import { encodeForStore } from '../originals/codec.js';
import type { PreparedObject } from '../originals/object-store.js';
import type { StagedFile } from './staged-file.js';

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const ready = new Int32Array(signal);

const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Bytes to hand over: their own buffer (a small file's Buffer is a slice of a shared pool). */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

function answer(reply: ParseReply, transfer: ArrayBuffer[] = []): void {
  try {
    port.postMessage(reply, transfer);
  } catch {
    // Something in the parse cannot cross threads: the writer parses these files itself.
    port.postMessage({ seq: reply.seq, kind: 'inline' } satisfies ParseReply);
  }
  Atomics.add(ready, 0, 1);
  Atomics.notify(ready, 0);
}

/**
 * A file's object, compressed where that saves space, written (not flushed: the writer's flusher
 * does that before its commit) to a temporary file in the store's folder for this process.
 * The compression runs here, beside the writer, rather than on the writer's thread.
 */
function prepare(objects: string, sha256: string, bytes: Uint8Array): PreparedObject {
  const { encoding, stored } = encodeForStore(bytes);
  const temp = path.join(objects, `w-${randomBytes(12).toString('hex')}`);
  fs.writeFileSync(temp, stored, { flag: 'wx' });
  return { sha256, temp, encoding, stored: stored.byteLength };
}

/** Whether the writer may keep the file staging read: it parsed without errors and has something to import. */
const mayKeep = (f: StagedFile): boolean => f.importer !== null && f.result.errors.length === 0 && !f.empty && !f.notResult && !f.streamed && f.sha256 !== '';

function scan(file: string, objects: string | null, transfer: ArrayBuffer[]): ReplyItem {
  const read = fs.readFileSync(file);
  const counters = scanToWire(scanCounters(read));
  if (objects && counters.errors.length === 0 && counters.snapshot) {
    return { kind: 'svc-scan', bytes: null, prepared: prepare(objects, sha256Hex(read), read), scan: counters };
  }
  const bytes = own(read);
  transfer.push(bytes.buffer as ArrayBuffer);
  return { kind: 'svc-scan', bytes, scan: counters };
}

function stage(file: string, shown: string, objects: string | null, transfer: ArrayBuffer[]): ReplyItem {
  const f = stageFile(shown, diskSource(file));
  // A table's mapping is remembered in the store, which only the writer reads.
  if (f.table || f.importer?.id === 'spreadsheet') return { kind: 'inline' };
  const prepared = objects && f.bytes && mayKeep(f) ? prepare(objects, f.sha256, f.bytes) : undefined;
  const bytes = f.bytes && !prepared ? own(f.bytes) : undefined;
  if (bytes) transfer.push(bytes.buffer as ArrayBuffer);
  const wire: WireStaged = {
    id: f.id, path: f.path, sha256: f.sha256, importerId: f.importer?.id ?? null, result: f.result, streamed: f.streamed, ...(f.gzip ? { gzip: true as const } : {}),
    ...(bytes ? { bytes } : {}), ...(prepared ? { prepared } : {}), ...(f.svc ? { svc: f.svc } : {}), ...(f.empty ? { empty: true as const } : {}), ...(f.notResult ? { notResult: true as const } : {}),
  };
  return { kind: 'staged', file: wire };
}

function run(job: ParseJob): void {
  const transfer: ArrayBuffer[] = [];
  const items: ReplyItem[] = [];
  const each = job.kind === 'svc-scan' ? job.paths.map((p) => () => scan(p, job.objects, transfer)) : job.files.map((f) => () => stage(f.path, f.shown, job.objects, transfer));
  for (const one of each) {
    try {
      items.push(one());
    } catch (err) {
      // Reading failed (the file went away): the writer tries it itself and reports it as it would.
      items.push({ kind: 'inline', reason: (err as Error).message });
    }
  }
  answer({ seq: job.seq, kind: 'batch', items }, transfer);
}

parentPort!.on('message', (job: ParseJob) => run(job));
// Ready: the writer hands out files once every worker has said so.
answer({ seq: 0, kind: 'inline', reason: 'ready' });
