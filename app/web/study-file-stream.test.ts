/**
 * Issue #38 item 9, the large end: saving a study that holds a 315 MB fio log through the web host
 * failed ("Cannot create a string longer than 0x1fffffe8 characters", the host at 1.46 GB): the
 * study file went back as base64 in JSON. Now the core writes it into the host's spool and the
 * host streams it as a download offered once: the whole file arrives (its SQLite header, every
 * byte the core wrote), a second request for it is refused, the spool is left empty, and the
 * host's peak RSS (VmHWM from /proc) stays under a stated bound, far below the file's size.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BIN, eventually, writeBigLog } from '../core/test-support/processes.js';
import { startServe } from '../core/test-support/serve-process.js';
import { tempDir } from '../core/test-support/temp.js';

/** The host idles near 150 MB; a study file streamed from its spool adds no more than its buffers. */
const HOST_PEAK_BOUND_MB = 450;

function get(port: number, at: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; sha256: string; head: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: at }, (res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      let head = Buffer.alloc(0);
      res.on('data', (c: Buffer) => {
        if (head.length < 16) head = Buffer.concat([head, c.subarray(0, 16)]);
        bytes += c.length;
        hash.update(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, sha256: hash.digest('hex'), head }));
    }).on('error', reject);
  });
}

function rpc<T>(port: number, token: string, method: string, args: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/rpc', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => {
        const reply = JSON.parse(body) as { ok: boolean; result: T; error?: { message: string } };
        if (reply.ok) resolve(reply.result);
        else reject(new Error(reply.error?.message));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify({ method, args }));
  });
}

describe('saving a large study through the web host', () => {
  it('a study holding a 315 MB log streams out whole, once, the host under its bound', { timeout: 600_000 }, async (t) => {
    if (!fs.existsSync('/proc/self/status')) return void t.skip('no /proc to read the host\'s peak RSS from');
    const home = tempDir();
    const log = path.join(home, 'in', 'long_clat.1.log');
    fs.mkdirSync(path.dirname(log));
    writeBigLog(log, 12_000_000);
    const imported = spawnSync(process.execPath, [BIN, 'import', '--study', 'Long', '--config', 'c', log], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });
    assert.equal(imported.status, 0, imported.stderr);
    fs.rmSync(log);

    const host = await startServe(home);
    try {
      const { port, token } = host;
      const saved = await rpc<{ fileName: string; spool: string; bytes: number; url: string }>(port, token, 'studies.saveSpooled', { study: 'long' });
      assert.equal(saved.fileName, 'long.perfdelta');
      assert.match(saved.url, /^\/download\/[0-9a-f]{32}$/);
      const spooled = fs.readdirSync(path.join(home, 'spool'), { recursive: true }).map(String).find((f) => f.endsWith(saved.spool))!;
      const expected = createHash('sha256').update(fs.readFileSync(path.join(home, 'spool', spooled))).digest('hex');
      t.diagnostic(`the study file: ${(saved.bytes / 1e6).toFixed(0)} MB`);
      assert.ok(saved.bytes > 0x1fffffe8 / 4 * 3, 'larger than one base64 string can carry');

      const got = await get(port, saved.url);
      assert.equal(got.status, 200);
      assert.equal(got.headers['content-disposition'], 'attachment; filename="long.perfdelta"; filename*=UTF-8\'\'long.perfdelta');
      assert.equal(got.bytes, saved.bytes);
      assert.equal(got.sha256, expected, 'every byte the core wrote');
      assert.equal(got.head.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
      assert.equal((await get(port, saved.url)).status, 404, 'offered once');
      // Removed once the host has closed the file it sent (just after the last byte went out).
      const left = (): string[] => (fs.readdirSync(path.join(home, 'spool'), { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(home, 'spool', f)).isFile());
      await eventually(() => left().length === 0, 'the spool to hold nothing of the study file');
      const peak = host.peakRssMb();
      t.diagnostic(`the host's peak RSS: ${peak.toFixed(0)} MB`);
      assert.ok(peak < HOST_PEAK_BOUND_MB, `the host's peak RSS ${peak.toFixed(0)} MB, bound ${HOST_PEAK_BOUND_MB} MB`);
    } finally {
      await host.stop();
    }
  });
});
