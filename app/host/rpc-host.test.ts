import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { tempDir } from '../core/test-support/temp.js';
import { RpcHost } from './rpc-host.js';

/** The bundled core worker (npm test builds it first). */
const WORKER = path.join(REPO_ROOT, 'build', 'app', 'core-worker.cjs');

/** A stand-in core worker that starts, answers nothing, and dies: the host must not hang. */
function dyingWorker(dir: string): string {
  const file = path.join(dir, 'dying-worker.cjs');
  fs.writeFileSync(file, `const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ kind: 'ready' });
parentPort.on('message', () => setTimeout(() => process.exit(3), 20));`);
  return file;
}

/** A stand-in core worker that answers each request after a pause, with its arguments and how many requests it has seen. */
function slowEchoWorker(dir: string): string {
  const file = path.join(dir, 'echo-worker.cjs');
  fs.writeFileSync(file, `const { parentPort } = require('node:worker_threads');
let seen = 0;
parentPort.postMessage({ kind: 'ready' });
parentPort.on('message', (m) => { seen++; const n = seen; setTimeout(() => parentPort.postMessage({ kind: 'result', id: m.id, ok: true, result: { args: m.args, seen: n } }), 60); });`);
  return file;
}

describe('RPC host', () => {
  it('a newer call on a channel supersedes the older ones: a waiting one never reaches the core, a running one\'s answer is dropped', async () => {
    const dir = tempDir();
    const host = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, slowEchoWorker(dir));
    await host.ready;
    const lane = [{ run: 1, object: 'job', metric: 'read.iops' }];
    const ask = (from: number) => host.call('series.range', { lanes: lane, from, to: from + 10, width: 100, channel: 'run-series:1' }) as Promise<{ args: { from: number }; seen: number }>;
    const first = assert.rejects(ask(1), /superseded/, 'the running call\'s answer is stale when it arrives');
    const second = assert.rejects(ask(2), /superseded/, 'the waiting call is replaced');
    const third = ask(3);
    const other = host.call('series.range', { lanes: lane, width: 100, channel: 'another chart' }) as Promise<{ seen: number }>;
    await first;
    await second;
    const answer = await third;
    assert.equal(answer.args.from, 3, 'the newest window is answered');
    assert.equal(answer.seen, 3, 'the core read the first, the other channel\'s, and the newest: never the second');
    assert.ok((await other).seen >= 1, 'another channel is not superseded');
    await host.close();
  });

  it('fails pending calls, running imports and later calls when the core worker dies', async () => {
    const dir = tempDir();
    const host = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, dyingWorker(dir));
    await host.ready;
    const id = '00000000-0000-4000-8000-000000000000';
    const { job } = (await host.call('import.commit', { ids: [id], study: 's', config: 'c' })) as { job: string };
    await assert.rejects(host.call('studies.list', {}), /core stopped \(exit 3\)/);
    const status = (await host.call('jobs.status', { job })) as { state: string; error: string };
    assert.equal(status.state, 'failed');
    assert.match(status.error, /core stopped/);
    await assert.rejects(host.call('studies.list', {}), /core stopped/, 'later calls fail at once');
  });

  it('rejects unknown methods and bad arguments before they reach the worker', async () => {
    const dir = tempDir();
    const host = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, dyingWorker(dir));
    await assert.rejects(host.call('eval', {}), /unknown method/);
    await assert.rejects(host.call('runs.list', { study: 7 }), /invalid arguments/);
    await host.close();
  });

  it('a running import is cancelled through jobs.cancel: rolled back, its files still staged; the checkpointer then folds the log back', async () => {
    const dir = tempDir();
    const dbPath = path.join(dir, 'db.sqlite');
    const host = new RpcHost({ dbPath, dataDir: dir, mode: 'web' }, WORKER);
    await host.ready;
    // A log large enough to be streamed, so the import checks for a cancel between its chunks.
    const log = path.join(dir, 'big_iops.1.log');
    fs.writeFileSync(log, Array.from({ length: 1_200_000 }, (_, i) => `${i}, ${i % 977}, 0, 4096\n`).join(''));
    fs.copyFileSync(log, path.join(host.spoolDir, '0b6f1c2e-8f43-4c4e-9b8a-2f1d3c4b5a69'));
    const preview = (await host.call('import.stageSpooled', { name: 'big_iops.1.log', spool: '0b6f1c2e-8f43-4c4e-9b8a-2f1d3c4b5a69' })) as { id: string };
    const { job } = (await host.call('import.commit', { ids: [preview.id], study: 's', config: 'c' })) as { job: string };
    assert.deepEqual(await host.call('jobs.cancel', { job }), { cancelling: true });
    let status: { state: string; error: string | null };
    const pause = (): Promise<void> => new Promise((r) => setTimeout(r, 20)); // let the worker's replies in
    do {
      await pause();
      status = (await host.call('jobs.status', { job })) as typeof status;
    } while (status.state === 'running');
    assert.equal(status.state, 'cancelled');
    assert.match(status.error ?? '', /nothing was written/);
    assert.deepEqual(await host.call('studies.list', {}), [], 'no study, no run');

    // Still staged: imported on the second try, and the log is then folded into the database file.
    const sizeBefore = fs.statSync(dbPath).size;
    const again = (await host.call('import.commit', { ids: [preview.id], study: 's', config: 'c' })) as { job: string };
    do {
      await pause();
      status = (await host.call('jobs.status', { job: again.job })) as typeof status;
    } while (status.state === 'running');
    assert.equal(status.state, 'done');
    const deadline = Date.now() + 10_000;
    while (fs.statSync(dbPath).size < sizeBefore + fs.statSync(log).size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(fs.statSync(dbPath).size >= sizeBefore + fs.statSync(log).size, 'the checkpointer copied the import into the database file');
    await host.close();
  });
});
