import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import os from 'node:os';
import { RpcHost } from '../host/rpc-host.js';
import { startWebHost, type WebHost } from './web-host.js';

const WORKER = path.join(REPO_ROOT, 'build', 'app', 'core-worker.cjs');

/** A raw request, so Host and Origin can be set as an attacker would. */
function request(port: number, opts: { path?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: opts.path ?? '/rpc', method: opts.method ?? 'POST', headers: opts.headers, setHost: !opts.headers?.['host'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('web host security', () => {
  let host: WebHost;
  let rpc: RpcHost;
  let dir: string;
  const rpcBody = JSON.stringify({ method: 'studies.list', args: {} });

  before(async () => {
    assert.ok(fs.existsSync(WORKER), 'build/app/core-worker.cjs is missing: run `npm run build` first');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-web-'));
    const staticDir = path.join(dir, 'static');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    rpc = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, WORKER);
    host = await startWebHost({ rpc, staticDir });
  });
  after(async () => {
    await host.close();
    await rpc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const auth = (): Record<string, string> => ({ authorization: `Bearer ${host.token}`, 'content-type': 'application/json' });

  it('listens on 127.0.0.1 only, with a long random token in the launch URL fragment', () => {
    assert.match(host.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.match(host.launchUrl, /#token=[0-9a-f]{64}$/);
  });

  it('answers a call with the token from its own origin', async () => {
    const res = await request(host.port, { headers: { ...auth(), origin: `http://127.0.0.1:${host.port}` }, body: rpcBody });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { ok: true, result: [] });
  });

  it('refuses a call without the token, or with a wrong one', async () => {
    const none = await request(host.port, { headers: { 'content-type': 'application/json' }, body: rpcBody });
    assert.equal(none.status, 401);
    const wrong = await request(host.port, { headers: { ...auth(), authorization: `Bearer ${'0'.repeat(64)}` }, body: rpcBody });
    assert.equal(wrong.status, 401);
    const stage = await request(host.port, { path: '/stage', headers: { 'x-file-name': 'a.json' }, body: '{}' });
    assert.equal(stage.status, 401, 'uploads need the token too');
  });

  it('refuses a call from a foreign Origin, even with the token', async () => {
    const res = await request(host.port, { headers: { ...auth(), origin: 'https://evil.example' }, body: rpcBody });
    assert.equal(res.status, 403);
    assert.match(res.body, /foreign Origin/);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await request(host.port, { headers: { ...auth(), host: `evil.example:${host.port}` }, body: rpcBody });
    assert.equal(res.status, 403);
    const page = await request(host.port, { path: '/', method: 'GET', headers: { host: 'evil.example' } });
    assert.equal(page.status, 403);
  });

  it('validates arguments and names unknown methods', async () => {
    const bad = await request(host.port, { headers: auth(), body: JSON.stringify({ method: 'runs.list', args: { study: 42 } }) });
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.body).error.code, 'invalid_arguments');
    const unknown = await request(host.port, { headers: auth(), body: JSON.stringify({ method: 'fs.readFile', args: {} }) });
    assert.equal(unknown.status, 400);
    assert.equal(JSON.parse(unknown.body).error.code, 'unknown_method');
  });

  it('serves the renderer with a CSP and never a file outside it', async () => {
    const index = await request(host.port, { path: '/', method: 'GET' });
    assert.equal(index.status, 200);
    const traversal = await request(host.port, { path: '/..%2fsecret.txt', method: 'GET' });
    assert.equal(traversal.status, 404);
    assert.doesNotMatch(traversal.body, /secret/);
  });

  it('survives malformed requests a hostile page can send', async () => {
    for (const bad of ['/%', '/%00', '/a%E0%A4%A', '/..%5c..%5csecret.txt']) {
      const res = await request(host.port, { path: bad, method: 'GET' });
      assert.ok([400, 404].includes(res.status), `${bad}: ${res.status}`);
    }
    const badName = await request(host.port, { path: '/stage', headers: { authorization: `Bearer ${host.token}`, 'x-file-name': '%' }, body: '{}' });
    assert.equal(badName.status, 400);
    const badJson = await request(host.port, { headers: auth(), body: '{"method": ' });
    assert.equal(badJson.status, 400);
    const ok = await request(host.port, { headers: auth(), body: rpcBody });
    assert.equal(ok.status, 200, 'still serving');
  });

  it('stages an uploaded file through the same RPC table', async () => {
    const bytes = fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/disk/randread-4k-qd1.json'));
    const res = await request(host.port, {
      path: '/stage',
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('disk/rr 1.json') },
      body: bytes,
    });
    assert.equal(res.status, 200);
    const preview = JSON.parse(res.body).result;
    assert.equal(preview.format, 'fio-json');
    assert.equal(preview.path, 'disk/rr 1.json');
    assert.equal(preview.runs.length, 1);
  });
});

describe('launch links and the session cookie (issue 18: no secret on a command line)', () => {
  let host: WebHost;
  let rpc: RpcHost;
  let dir: string;
  const rpcBody = JSON.stringify({ method: 'studies.list', args: {} });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-launch-'));
    const staticDir = path.join(dir, 'static');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    rpc = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, WORKER);
    host = await startWebHost({ rpc, staticDir, launchCodeTtlMs: 300 });
  });
  after(async () => {
    await host.close();
    await rpc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const own = (): string => `http://127.0.0.1:${host.port}`;
  const json = { 'content-type': 'application/json' };
  const launch = (link: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> => requestFull(host.port, { path: new URL(link).pathname + new URL(link).search, method: 'GET' });

  it('exchanges a launch code once for an HttpOnly, SameSite=Strict session cookie', async () => {
    const link = host.launchLink();
    assert.match(link, new RegExp(`^${own()}/launch\\?code=[0-9a-f]{64}$`));
    assert.ok(!link.includes(host.token), 'the link does not carry the token');
    const first = await launch(link);
    assert.equal(first.status, 303);
    assert.equal(first.headers.location, '/');
    const cookie = String(first.headers['set-cookie']);
    assert.match(cookie, new RegExp(`^perfdelta_session_${host.port}=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=/$`));
    assert.ok(!cookie.includes(host.token), 'the session secret is not the token');
    const session = cookie.split(';')[0]!;
    const call = await requestFull(host.port, { headers: { ...json, cookie: session, origin: own() }, body: rpcBody });
    assert.equal(call.status, 200, 'the workbench\'s calls work with the cookie');
    const stage = await requestFull(host.port, { path: '/stage', headers: { cookie: session, origin: own(), 'x-file-name': 'a.json', 'content-type': 'application/octet-stream' }, body: '{}' });
    assert.notEqual(stage.status, 401, 'uploads too');
    const again = await launch(link);
    assert.equal(again.status, 401, 'a used code is worth nothing');
    assert.equal(again.headers['set-cookie'], undefined);
    assert.match(again.body, /already used or has expired/);
  });

  it('refuses an expired, unknown or empty code, and a code used as a token', async () => {
    const link = host.launchLink();
    const code = new URL(link).searchParams.get('code')!;
    const asToken = await requestFull(host.port, { headers: { ...json, authorization: `Bearer ${code}` }, body: rpcBody });
    assert.equal(asToken.status, 401);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal((await launch(link)).status, 401, 'expired');
    assert.equal((await launch(`${own()}/launch?code=${'0'.repeat(64)}`)).status, 401);
    assert.equal((await launch(`${own()}/launch`)).status, 401);
  });

  it('takes the cookie only from its own pages: not without an Origin, not from a foreign one, not a wrong value', async () => {
    const session = String((await launch(host.launchLink())).headers['set-cookie']).split(';')[0]!;
    assert.equal((await requestFull(host.port, { headers: { ...json, cookie: session }, body: rpcBody })).status, 401, 'no Origin');
    assert.equal((await requestFull(host.port, { headers: { ...json, cookie: session, origin: 'http://evil.example' }, body: rpcBody })).status, 403, 'foreign Origin');
    assert.equal((await requestFull(host.port, { headers: { ...json, cookie: session, origin: `http://127.0.0.1:${host.port + 1}` }, body: rpcBody })).status, 403, 'another port of this machine');
    const wrong = session.replace(/=.*/, `=${'f'.repeat(64)}`);
    assert.equal((await requestFull(host.port, { headers: { ...json, cookie: wrong, origin: own() }, body: rpcBody })).status, 401);
    const launchForeign = await requestFull(host.port, { path: new URL(host.launchLink()).pathname + new URL(host.launchLink()).search, method: 'GET', headers: { host: 'evil.example' } });
    assert.equal(launchForeign.status, 403, 'a launch through a foreign Host (DNS rebinding) is refused');
  });
});

/** A raw request with its headers in the answer. */
function requestFull(port: number, opts: { path?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: opts.path ?? '/rpc', method: opts.method ?? 'POST', headers: opts.headers, setHost: !opts.headers?.['host'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
