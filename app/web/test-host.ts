/** For tests: the real web host over the built core worker, and requests as a browser (or an attacker) sends them. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { JobStatus } from '../contract/records.js';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { RpcHost } from '../host/rpc-host.js';
import { startWebHost, type WebHost } from './web-host.js';

export const WORKER = path.join(REPO_ROOT, 'build', 'app', 'core-worker.cjs');

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Host, Origin and lengths can be set as an attacker would. */
export function request(port: number, opts: { path?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: opts.path ?? '/rpc', method: opts.method ?? 'POST', headers: opts.headers, setHost: !opts.headers?.['host'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export interface TestHost {
  web: WebHost;
  rpc: RpcHost;
  close(): Promise<void>;
}

/** A web host on the data folder `dir` (its database `db.sqlite`). */
export async function startTestHost(dir: string, staticDir?: string): Promise<TestHost> {
  assert.ok(fs.existsSync(WORKER), 'build/app/core-worker.cjs is missing: run `npm run build` first');
  const rpc = new RpcHost({ dbPath: path.join(dir, 'db.sqlite'), dataDir: dir, mode: 'web' }, WORKER);
  const web = await startWebHost({ rpc, staticDir: staticDir ?? path.join(REPO_ROOT, 'build', 'renderer') });
  return { web, rpc, close: async () => { await web.close(); await rpc.close(); } };
}

export async function call<T>(host: WebHost, method: string, args: unknown): Promise<T> {
  const res = await request(host.port, { headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ method, args }) });
  const body = JSON.parse(res.body) as { ok: boolean; result?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.result!;
}

/** Uploads a file as the workbench does (raw bytes to /stage); the staged file's preview. */
export async function upload(host: WebHost, name: string, bytes: Buffer): Promise<{ id: string; format: string | null; errors: string[] }> {
  const res = await request(host.port, {
    path: '/stage',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    body: bytes,
  });
  const body = JSON.parse(res.body) as { ok: boolean; result?: { id: string; format: string | null; errors: string[] }; error?: { message: string } };
  if (!body.ok) throw new Error(`stage ${name}: ${body.error?.message}`);
  return body.result!;
}

/** Commits staged files and waits for the import job to end; every status seen on the way. */
export async function importStaged(host: WebHost, ids: string[], study: string, config: string, seen: JobStatus[] = []): Promise<JobStatus> {
  const { job } = await call<{ job: string }>(host, 'import.commit', { ids, study, config });
  for (;;) {
    const status = await call<JobStatus>(host, 'jobs.status', { job });
    seen.push(status);
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}
