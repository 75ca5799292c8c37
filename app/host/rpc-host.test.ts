import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../core/test-support/temp.js';
import { RpcHost } from './rpc-host.js';

/** A stand-in core worker that starts, answers nothing, and dies: the host must not hang. */
function dyingWorker(dir: string): string {
  const file = path.join(dir, 'dying-worker.cjs');
  fs.writeFileSync(file, `const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ kind: 'ready' });
parentPort.on('message', () => setTimeout(() => process.exit(3), 20));`);
  return file;
}

describe('RPC host', () => {
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
});
