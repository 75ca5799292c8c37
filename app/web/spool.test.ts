import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { createSpool, removeStaleSpools } from '../core/scratch-folders.js';
import { RpcHost } from '../host/rpc-host.js';
import { importStaged, request, startTestHost, upload, WORKER } from './test-host.js';
import { startWebHost } from './web-host.js';

const SAMPLE = fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/disk/randread-4k-qd1.json'));
const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-spool-'));
  dirs.push(d);
  return d;
}
after(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

/** Every file under a folder, at any depth. */
const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

/** Sends a request's head (and maybe a few bytes of body) and reads the answer without sending the rest. */
function rawHead(port: number, head: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head + body));
    let text = '';
    socket.on('data', (c) => { text += c.toString(); });
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

describe('upload spools belong to their host (issue 18)', () => {
  it('a second host on the same data folder leaves the first one\'s pending upload alone', async () => {
    const dir = tempDir();
    const first = await startTestHost(dir);
    try {
      const staged = await upload(first.web, 'rr.json', SAMPLE);
      const second = await startTestHost(dir);
      try {
        assert.notEqual(second.rpc.spoolDir, first.rpc.spoolDir);
        const job = await importStaged(first.web, [staged.id], 's', 'c');
        assert.equal(job.state, 'done', job.error ?? '');
        assert.equal(job.result!.files[0]!.status, 'imported');
      } finally {
        await second.close();
      }
      assert.ok(fs.existsSync(first.rpc.spoolDir), 'the second host, closing, removed only its own spool');
    } finally {
      await first.close();
    }
    assert.ok(!fs.existsSync(first.rpc.spoolDir), 'a host removes its own spool when it closes');
  });

  it('removes the spools of hosts that are gone, never of one that runs', async () => {
    const dir = tempDir();
    const root = path.join(dir, 'spool');
    fs.mkdirSync(root);
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.once('exit', r));
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const dead = path.join(root, `${gone.pid}-0123456789abcdef`);
      const live = path.join(root, `${running.pid}-fedcba9876543210`);
      for (const d of [dead, live]) {
        fs.mkdirSync(d);
        fs.writeFileSync(path.join(d, 'upload'), 'x');
      }
      const legacyOld = path.join(root, '3f2a1b6e-0000-4000-8000-000000000000');
      const legacyNew = path.join(root, '3f2a1b6e-0000-4000-8000-000000000001');
      fs.writeFileSync(legacyOld, 'x');
      fs.utimesSync(legacyOld, new Date(Date.now() - 2 * 86400_000), new Date(Date.now() - 2 * 86400_000));
      fs.writeFileSync(legacyNew, 'x');
      const mine = createSpool(dir);
      assert.ok(!fs.existsSync(dead), 'a dead process\'s spool is removed');
      assert.ok(fs.existsSync(path.join(live, 'upload')), 'a running process\'s spool is kept');
      assert.ok(!fs.existsSync(legacyOld) && fs.existsSync(legacyNew), 'an old layout\'s upload is removed only when a day old');
      assert.ok(fs.existsSync(mine));
      assert.deepEqual(removeStaleSpools(root), [], 'nothing else to remove');
    } finally {
      running.kill();
    }
  });

  it('a pending upload whose spool file is gone fails with a clear message and writes nothing', async () => {
    const dir = tempDir();
    const host = await startTestHost(dir);
    try {
      const staged = await upload(host.web, 'rr.json', SAMPLE);
      for (const f of filesUnder(host.rpc.spoolDir)) fs.rmSync(path.join(host.rpc.spoolDir, f));
      const job = await importStaged(host.web, [staged.id], 's', 'c');
      assert.equal(job.state, 'failed');
      assert.match(job.error!, /the uploaded copy of rr\.json is gone from the spool folder .*: nothing was imported; drop the file again/);
      assert.doesNotMatch(job.error!, /ENOENT/);
    } finally {
      await host.close();
    }
  });
});

describe('/stage refuses an upload over its limit before writing it', () => {
  it('from the declared Content-Length, at once, naming the file and the limit', async () => {
    const dir = tempDir();
    const rpc = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, WORKER);
    const web = await startWebHost({ rpc, staticDir: dir });
    try {
      const head = (length: string): string => [
        'POST /stage HTTP/1.1', `Host: 127.0.0.1:${web.port}`, `Authorization: Bearer ${web.token}`,
        'Content-Type: application/octet-stream', `X-File-Name: ${encodeURIComponent('huge_clat.1.log')}`, length, 'Connection: close', '', '',
      ].join('\r\n');
      // 3 GiB declared, 10 bytes sent: the answer comes without the rest.
      const huge = await rawHead(web.port, head(`Content-Length: ${3 * 1024 ** 3}`), '0123456789');
      assert.equal(huge.status, 413);
      assert.match(huge.text, /huge_clat\.1\.log is 3,221\.2 MB: the web host takes uploads up to 2,147\.5 MB; import larger files with `perfdelta import`/);
      // No declared length (chunked): refused too, its size unknown until written.
      const chunked = await rawHead(web.port, head('Transfer-Encoding: chunked'), 'a\r\n0123456789\r\n');
      assert.equal(chunked.status, 411);
      assert.deepEqual(filesUnder(rpc.spoolDir), [], 'nothing was written to the spool');
      // The host still takes a file within the limit.
      const ok = await request(web.port, {
        path: '/stage', headers: { authorization: `Bearer ${web.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'rr.json' }, body: SAMPLE,
      });
      assert.equal(ok.status, 200);
    } finally {
      await web.close();
      await rpc.close();
    }
  });

  it('an upload whose body passes its limit is refused and nothing of it stays', async () => {
    const dir = tempDir();
    const rpc = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, WORKER);
    const web = await startWebHost({ rpc, staticDir: dir, maxUploadBytes: 1000 });
    try {
      const res = await request(web.port, {
        path: '/stage', headers: { authorization: `Bearer ${web.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'rr.json' }, body: SAMPLE,
      });
      assert.equal(res.status, 413);
      assert.match(JSON.parse(res.body).error.message, /^rr\.json is [\d,]+ bytes: the web host takes uploads up to 1,000 bytes/);
      assert.deepEqual(filesUnder(rpc.spoolDir), []);
    } finally {
      await web.close();
      await rpc.close();
    }
  });
});
