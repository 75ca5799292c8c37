/**
 * Issue #38 item 8, in the web host: a dropped file goes to the host as a stream and is spooled
 * to disk, and staging it from the spool (`import.stageSpooled`) never holds it whole. A 1 GiB
 * file no importer claims from its head is previewed as not a result, and one that begins as an
 * fio JSON is refused from its size (formats read whole are read up to 512 MiB): the host's peak
 * RSS (VmHWM, read from /proc once both are staged) stays under a stated bound, where a 1.9 GB
 * junk upload took it to 3.1 GB.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startServe } from '../core/test-support/serve-process.js';
import { tempDir } from '../core/test-support/temp.js';

const MiB = 1024 * 1024;
/** The host idles near 150 MB (its core worker and checkpointer included); one spooled upload is never in memory. */
const HOST_PEAK_BOUND_MB = 400;

/** The file as the workbench sends it: streamed from disk as the request body. */
function uploadFile(port: number, token: string, file: string): Promise<{ ok: boolean; result?: { format: string | null; warnings: string[]; errors: string[]; not_result?: true }; error?: { message: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: '/stage', method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(path.basename(file)), 'content-length': String(fs.statSync(file).size) },
    }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
}

describe('the web host stages an upload from its spool, never whole', () => {
  it('1 GiB of junk and a 1 GiB "fio JSON": previewed from their heads, the host under its bound', { timeout: 180_000 }, async (t) => {
    if (!fs.existsSync('/proc/self/status')) return void t.skip('no /proc to read the host\'s peak RSS from');
    const home = tempDir();
    const junk = path.join(home, 'capture.dat');
    fs.writeFileSync(junk, randomBytes(64 * 1024));
    fs.truncateSync(junk, 1024 * MiB);
    const json = path.join(home, 'sweep.json');
    fs.writeFileSync(json, '{\n  "fio version" : "fio-3.36",\n  "timestamp" : 1700000000,\n  "jobs" : [\n');
    fs.truncateSync(json, 1024 * MiB);

    const host = await startServe(path.join(home, 'data'));
    try {
      const junkPreview = await uploadFile(host.port, host.token, junk);
      assert.ok(junkPreview.ok, junkPreview.error?.message);
      assert.equal(junkPreview.result!.not_result, true);
      assert.deepEqual(junkPreview.result!.warnings, ['not a result file PerfDelta reads (binary file (not a text result file)): nothing to import']);
      const jsonPreview = await uploadFile(host.port, host.token, json);
      assert.ok(jsonPreview.ok, jsonPreview.error?.message);
      assert.deepEqual(jsonPreview.result!.errors, ['the file is 1.0 GiB: a fio JSON / json+ file is read whole, and PerfDelta reads one of up to 512 MiB (fio logs are streamed whatever their size); nothing of it was imported']);
      const peak = host.peakRssMb();
      t.diagnostic(`the host's peak RSS: ${peak.toFixed(0)} MB`);
      assert.ok(peak < HOST_PEAK_BOUND_MB, `the host's peak RSS ${peak.toFixed(0)} MB, bound ${HOST_PEAK_BOUND_MB} MB`);
    } finally {
      await host.stop();
    }
  });
});
