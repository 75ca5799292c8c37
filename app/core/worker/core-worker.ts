/**
 * The core worker: owns the store and does every parse and query, so neither the Electron main
 * process nor the web host's event loop ever blocks on them. One worker, one writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Core } from '../core.js';
import { createCoreHandlers } from '../rpc/handlers.js';
import { toErrorBody } from '../rpc/errors.js';
import { namingFile } from '../store/store-errors.js';
import { ImportCancelledError } from '../import/pipeline.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './protocol.js';

const data = workerData as WorkerData;
const port = parentPort!;
// The host runs a checkpointer thread beside this one: commits here never wait on a checkpoint.
const core = new Core(data.dbPath, data.sqliteBinding, data.spoolDir, { backgroundCheckpoint: true });
const cancelSlot = new Int32Array(data.cancel);
const handlers = createCoreHandlers(core, { mode: data.mode, dataDir: data.dataDir });

// Requests are handled one at a time, in order: the store has one writer, and an async handler
// (loading the samples) must not interleave with the next request.
let queue: Promise<void> = Promise.resolve();
port.on('message', (msg: WorkerRequest) => {
  queue = queue.then(async () => {
    let reply: WorkerReply;
    try {
      const result =
        msg.method === 'import.commit'
          ? handlers['import.commit'](msg.args as never, {
              onProgress: (p) => port.postMessage({ kind: 'progress', job: msg.job!, ...p } satisfies WorkerReply),
              checkCancel: () => {
                if (Atomics.load(cancelSlot, 0) === msg.jobSeq) throw new ImportCancelledError();
              },
            })
          : await (handlers[msg.method] as (a: unknown) => unknown)(msg.args);
      reply = { kind: 'result', id: msg.id, ok: true, result };
    } catch (err) {
      // SQLite's messages name no file: the store's errors say which database they are about.
      reply = { kind: 'result', id: msg.id, ok: false, error: toErrorBody(namingFile(err, data.dbPath)) };
    }
    port.postMessage(reply);
  });
});
port.postMessage({ kind: 'ready' } satisfies WorkerReply);
