/**
 * A parse worker (parse-pool.ts): reads, hashes, detects and parses files from disk, or reads and
 * scans SVC statistics files, and posts each result back on its port, then bumps the shared
 * counter the writer waits on. It never touches the store: the writer is the one thread that does.
 */
import fs from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { scanCounters } from '../../../importers/svc/counter-scan.js';
import { diskSource } from './file-source.js';
import { stageFile } from './pipeline.js';
import { scanToWire, type ParseJob, type ParseReply, type ReplyItem, type WireStaged } from './parse-pool.js';

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const ready = new Int32Array(signal);

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

function scan(path: string, transfer: ArrayBuffer[]): ReplyItem {
  const bytes = own(fs.readFileSync(path));
  transfer.push(bytes.buffer as ArrayBuffer);
  return { kind: 'svc-scan', bytes, scan: scanToWire(scanCounters(bytes)) };
}

function stage(path: string, shown: string, transfer: ArrayBuffer[]): ReplyItem {
  const f = stageFile(shown, diskSource(path));
  // A table's mapping is remembered in the store, which only the writer reads.
  if (f.table || f.importer?.id === 'spreadsheet') return { kind: 'inline' };
  const bytes = f.bytes ? own(f.bytes) : undefined;
  if (bytes) transfer.push(bytes.buffer as ArrayBuffer);
  const file: WireStaged = {
    id: f.id, path: f.path, sha256: f.sha256, importerId: f.importer?.id ?? null, result: f.result, streamed: f.streamed, ...(f.gzip ? { gzip: true as const } : {}),
    ...(bytes ? { bytes } : {}), ...(f.svc ? { svc: f.svc } : {}), ...(f.empty ? { empty: true as const } : {}), ...(f.notResult ? { notResult: true as const } : {}),
  };
  return { kind: 'staged', file };
}

function run(job: ParseJob): void {
  const transfer: ArrayBuffer[] = [];
  const items: ReplyItem[] = [];
  const each = job.kind === 'svc-scan' ? job.paths.map((p) => () => scan(p, transfer)) : job.files.map((f) => () => stage(f.path, f.shown, transfer));
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
