/**
 * The local web host: serves the workbench and the RPC table to a browser on this machine only.
 * Bound to 127.0.0.1; every RPC call carries a random per-launch token; Host and Origin are
 * checked so that no web page the user visits (and no DNS-rebinding trick) can reach it.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { toErrorBody } from '../core/rpc/errors.js';
import type { RpcHost } from '../host/rpc-host.js';
import { CONTENT_SECURITY_POLICY } from './csp.js';

const MAX_JSON_BYTES = 16 * 1024 * 1024;

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
  /** The built renderer (build/renderer). */
  staticDir: string;
  port?: number;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
}

export interface WebHost {
  url: string;
  /** The URL to open: the token travels in the fragment, which browsers never send to a server. */
  launchUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
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

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('hex');
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

  function refuseUnauthorized(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, token)) {
      send(res, 401, { ok: false, error: { code: 'unauthorized', message: 'missing or wrong token' } });
      return true;
    }
    return false;
  }

  async function handleRpc(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    let method: string;
    let args: unknown;
    let unstaged = (): void => undefined;
    if (url.pathname === '/stage') {
      // Dropped files arrive as raw bytes and go straight to a spool file as they come: a 2 GB
      // log is never in this process's memory. The core stages it from there.
      const name = decodeURIComponent(String(req.headers['x-file-name'] ?? '')); // a bad escape rejects: 400 below
      const spool = randomUUID();
      const file = path.join(options.rpc.spoolDir, spool);
      try {
        await pipeline(req, fs.createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        fs.rmSync(file, { force: true }); // an upload cut off half-way leaves nothing behind
        throw err;
      }
      method = 'import.stageSpooled';
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
    if (req.method === 'POST' && (url.pathname === '/rpc' || url.pathname === '/stage')) {
      if (refuseUnauthorized(req, res)) return;
      handleRpc(req, res, url).catch((err: Error & { status?: number }) =>
        send(res, err.status ?? 400, { ok: false, error: { code: 'invalid_arguments', message: err.message } }));
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
    token,
    port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
