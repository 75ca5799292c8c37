/**
 * The local web host: serves the workbench and the RPC table to a browser on this machine only.
 * Bound to 127.0.0.1; every RPC call carries a random per-launch token, or the session cookie a
 * one-time launch link handed over (launch-session.ts); Host and Origin are checked so that no
 * web page the user visits (and no DNS-rebinding trick) can reach it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { toErrorBody } from '../core/rpc/errors.js';
import { MAX_STAGE_BYTES } from '../core/rpc/schemas.js';
import type { RpcHost } from '../host/rpc-host.js';
import { CONTENT_SECURITY_POLICY } from './csp.js';
import { LaunchSessions, sameSecret } from './launch-session.js';
import { SpoolDownloads } from './spool-downloads.js';

const MAX_JSON_BYTES = 16 * 1024 * 1024;
/** The largest upload /stage takes: the Electron window's limit for a dropped file (MAX_STAGE_BYTES). */
export const MAX_UPLOAD_BYTES = MAX_STAGE_BYTES;
/** Room left on the spool's disk after an upload: a full disk fails the database too. */
const SPOOL_DISK_RESERVE_BYTES = 256 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface WebHostOptions {
  rpc: RpcHost;
  /** The largest upload accepted (default MAX_UPLOAD_BYTES). */
  maxUploadBytes?: number;
  /** The built renderer (build/renderer). */
  staticDir: string;
  port?: number;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
  /** How long a launch link works unused (default LAUNCH_CODE_TTL_MS). */
  launchCodeTtlMs?: number;
}

export interface WebHost {
  url: string;
  /** The URL with the token in the fragment (which browsers never send to a server): what `perfdelta serve` prints. */
  launchUrl: string;
  /**
   * A new one-time link (`/launch?code=...`) that signs a browser in with a session cookie: what
   * goes on Chromium's command line, where other users can read it, since it is worth nothing
   * once used or a minute old.
   */
  launchLink(ttlMs?: number): string;
  token: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Typed arrays (a range read's lanes) travel as their bytes in base64, `{"$f64": "..."}`: a
 * Float64Array would otherwise become an object of numbered keys, and each number a decimal
 * string. The web bridge turns them back (renderer/bridge/typed-json.ts).
 */
export function typedArrays(_key: string, value: unknown): unknown {
  if (value instanceof Float64Array) return { $f64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  return value;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, typedArrays);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(Object.assign(new Error(`request body over ${limit} bytes`), { status: 413 }));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(Object.assign(new Error(`request body over ${limit} bytes`), { status: 413 }));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

const mb = (n: number): string => (n < 1e6 ? `${n.toLocaleString('en-US')} bytes` : `${(n / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`);

/**
 * The length an upload declares, checked before anything is written: over the limit, or more
 * than the spool's disk has room for, it is refused at once (413) with the file named. An
 * upload without a length is refused (411): its size could only be found by writing it.
 */
function uploadLength(req: http.IncomingMessage, name: string, limit: number, spoolDir: string): number {
  const header = req.headers['content-length'];
  const declared = Number(header);
  if (header === undefined || !/^\d+$/.test(header) || !Number.isSafeInteger(declared)) {
    throw Object.assign(new Error(`${name || 'the upload'}: no Content-Length: the web host takes an upload only when its size is declared`), { status: 411 });
  }
  if (declared > limit) {
    throw Object.assign(new Error(`${name || 'the upload'} is ${mb(declared)}: the web host takes uploads up to ${mb(limit)}; import larger files with \`perfdelta import\``), { status: 413 });
  }
  let free = Infinity;
  try {
    const s = fs.statfsSync(spoolDir);
    free = s.bavail * s.bsize;
  } catch {
    // No figure for this disk: the write itself will say.
  }
  if (declared > free - SPOOL_DISK_RESERVE_BYTES) {
    throw Object.assign(new Error(`${name || 'the upload'} is ${mb(declared)} but the disk of ${spoolDir} has ${mb(Math.max(0, free))} free: nothing was written`), { status: 413 });
  }
  return declared;
}

/** Passes the body through, failing it should it run past the length it declared. */
function limitTo(declared: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > declared) done(Object.assign(new Error(`${name}: more bytes than the declared ${declared}`), { status: 400 }));
      else done(null, chunk);
    },
  });
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const sessions = new LaunchSessions(options.launchCodeTtlMs);
  const downloads = new SpoolDownloads(options.rpc.spoolDir);
  const staticRoot = path.resolve(options.staticDir);
  let port = 0;

  const allowedHosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  /** Refuses a request whose Host or Origin is not this host: the DNS-rebinding and CSRF guard. */
  function refuseForeign(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      send(res, 403, { ok: false, error: { code: 'forbidden', message: 'foreign Host header' } });
      return true;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      send(res, 403, { ok: false, error: { code: 'forbidden', message: 'foreign Origin' } });
      return true;
    }
    return false;
  }

  /**
   * The token (CLI, print page, tests), or the session cookie, which a request counts only from
   * this host's own pages: it must carry their Origin (a browser sends one with every POST).
   */
  function authorized(req: http.IncomingMessage): boolean {
    const header = req.headers.authorization;
    if (header !== undefined) return header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
    const origin = req.headers.origin;
    return origin !== undefined && allowedOrigins().has(origin) && sessions.carriesSession(req, port);
  }

  function refuseUnauthorized(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (authorized(req)) return false;
    send(res, 401, { ok: false, error: { code: 'unauthorized', message: 'not signed in: open the link that `npm start` or `perfdelta serve` printed' } });
    return true;
  }

  /** A launch link: its code, once and in time, becomes the session cookie; then on to the workbench. */
  function launch(res: http.ServerResponse, url: URL): void {
    const code = url.searchParams.get('code') ?? '';
    const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
    if (!code || !sessions.redeem(code)) {
      res.writeHead(401, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
        .end('This PerfDelta launch link was already used or has expired. Start PerfDelta again (npm start), or open the URL `perfdelta serve` printed.\n');
      return;
    }
    res.writeHead(303, { ...headers, 'set-cookie': sessions.setCookie(port), location: '/' }).end();
  }

  async function handleRpc(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    let method: string;
    let args: unknown;
    let unstaged = (): void => undefined;
    if (url.pathname === '/stage' || url.pathname === '/open-study') {
      // Dropped files and study files arrive as raw bytes and go straight to a spool file as they
      // come: a 2 GB log is never in this process's memory. The core stages (or opens) it from there.
      const name = decodeURIComponent(String(req.headers['x-file-name'] ?? '')); // a bad escape rejects: 400 below
      // Refused from the declared length, before a byte is written to disk.
      const declared = uploadLength(req, name, options.maxUploadBytes ?? MAX_UPLOAD_BYTES, options.rpc.spoolDir);
      const spool = randomUUID();
      const file = path.join(options.rpc.spoolDir, spool);
      try {
        await pipeline(req, limitTo(declared, name), fs.createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        fs.rmSync(file, { force: true }); // an upload cut off half-way leaves nothing behind
        throw err;
      }
      method = url.pathname === '/stage' ? 'import.stageSpooled' : 'studies.openSpooled';
      args = { name, spool };
      // Not staged (refused, or the core failed): the spooled bytes have no owner.
      unstaged = () => fs.rmSync(file, { force: true });
    } else {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        send(res, 415, { ok: false, error: { code: 'invalid_arguments', message: 'expected application/json' } });
        return;
      }
      const body = await readBody(req, MAX_JSON_BYTES);
      const parsed = JSON.parse(body.toString('utf8')) as { method?: unknown; args?: unknown };
      method = String(parsed.method ?? '');
      args = parsed.args;
    }
    try {
      const result = await options.rpc.call(method, args);
      // A study file saved for the browser: streamed from the spool as a download, once (downloads).
      if (method === 'studies.saveSpooled') Object.assign(result as object, { url: downloads.offer(result as { spool: string; fileName: string }) });
      send(res, 200, { ok: true, result });
    } catch (err) {
      unstaged();
      const error = toErrorBody(err);
      const status = error.code === 'invalid_arguments' || error.code === 'unknown_method' ? 400 : error.code === 'not_found' ? 404 : 500;
      send(res, status, { ok: false, error });
    }
  }

  function serveStatic(res: http.ServerResponse, url: URL): void {
    let rel: string;
    try {
      rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
    } catch {
      res.writeHead(400).end(); // "%" alone: not a path
      return;
    }
    if (rel.includes('\0')) {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(staticRoot, rel);
    // Path traversal guard: the resolved file must stay inside the renderer folder.
    if (file !== staticRoot && !file.startsWith(staticRoot + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
      res.end(data);
    });
  }

  // Nothing a request carries may take the host down: any page the user visits can send one.
  const server = http.createServer((req, res) => {
    try {
      route(req, res);
    } catch (err) {
      if (!res.headersSent) send(res, 400, { ok: false, error: { code: 'invalid_arguments', message: (err as Error).message } });
      else res.destroy();
    }
  });

  function route(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (refuseForeign(req, res)) return;
    if (req.method === 'POST' && (url.pathname === '/rpc' || url.pathname === '/stage' || url.pathname === '/open-study')) {
      if (refuseUnauthorized(req, res)) return;
      handleRpc(req, res, url).catch((err: Error & { status?: number }) => {
        if (res.headersSent) return void res.destroy();
        // A refused upload is not read on: the connection closes once the answer is out.
        if (!req.readableEnded) {
          res.setHeader('connection', 'close');
          res.once('finish', () => req.destroy());
        }
        send(res, err.status ?? 400, { ok: false, error: { code: 'invalid_arguments', message: err.message } });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/launch') {
      launch(res, url);
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/download/')) {
      downloads.send(url.pathname.slice('/download/'.length), res);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      serveStatic(res, url);
      return;
    }
    res.writeHead(405).end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    launchUrl: `${url}#token=${token}`,
    launchLink: (ttlMs?: number) => `${url}launch?code=${sessions.issue(ttlMs)}`,
    token,
    port,
    close: () => new Promise<void>((resolve) => {
      downloads.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
