/**
 * One connection to the team catalog through node-postgres: opened with the location's TLS
 * choice (sslmode prefer tries TLS, then plain, as libpq does), the schema checked (or migrated,
 * for writes) before anything else. PostgreSQL's own errors keep their words, prefixed with the
 * location as shown (never its password) and, where the server gave one, a hint of what to do.
 *
 * A connection costs more than most catalog queries (TLS, a SCRAM exchange): a process that asks
 * again (the workbench's panel, the bench) reuses one left idle for up to a minute, kept per
 * location, TLS settings and password, its socket unreferenced while idle so it never keeps a
 * process alive.
 * One that failed is closed, never reused.
 */
import { createHash } from 'node:crypto';
import type net from 'node:net';
import pg from 'pg';
import { NotFoundError } from '../errors.js';
import { catalogTarget, maskPasswords, type CatalogTarget } from './connection.js';
import { checkCatalogSchema, migrateCatalog } from './schema/migrations.js';

/** A catalog call that failed: the location (without a password) and PostgreSQL's reason. */
export class CatalogError extends Error {
  constructor(message: string, readonly pgCode: string | null = null) {
    super(maskPasswords(message));
    this.name = 'CatalogError';
  }
}

/** What PostgreSQL or the network said, in words a user can act on. */
function reason(err: unknown, target: CatalogTarget): { text: string; code: string | null } {
  const e = err as { code?: string; message?: string; errno?: number };
  const code = typeof e.code === 'string' ? e.code : null;
  const msg = e.message ?? String(err);
  if (code === 'ECONNREFUSED') return { text: `no PostgreSQL server answers at ${target.host}:${target.port} (connection refused)`, code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { text: `the host ${target.host} is not known (${code})`, code };
  if (code === '28P01') return { text: `${msg}: the password comes from PGPASSWORD, the password file (PGPASSFILE or ~/.pgpass) or a service file`, code };
  if (code === '42501') return { text: `${msg}: the role "${target.user}" lacks the right (see the catalog roles in the README: perfdelta_reader reads, perfdelta_publisher publishes)`, code };
  if (code === '3D000') return { text: msg, code };
  return { text: msg, code };
}

export function catalogError(err: unknown, target: CatalogTarget, doing: string): Error {
  // Already worded (a refusal, an unknown study with the closest names): as it is.
  if (err instanceof CatalogError || err instanceof NotFoundError) return err;
  const r = reason(err, target);
  return new CatalogError(`catalog ${target.shown}: ${doing}: ${r.text}`, r.code);
}

async function open(target: CatalogTarget): Promise<pg.Client> {
  const attempt = async (tls: boolean): Promise<pg.Client> => {
    const client = new pg.Client(target.config(tls));
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    // A dropped connection later is an error of the call in progress, not an unhandled event.
    client.on('error', () => undefined);
    return client;
  };
  const tlsFirst = target.sslmode !== 'disable' && target.sslmode !== 'allow';
  try {
    return await attempt(tlsFirst);
  } catch (err) {
    const msg = (err as Error).message ?? '';
    // prefer: the server offers no TLS, so plain; allow: the server wants TLS, so TLS.
    if (target.sslmode === 'prefer' && /does not support SSL/i.test(msg)) return attempt(false);
    if (target.sslmode === 'allow' && /SSL|encryption/i.test(msg)) return attempt(true);
    throw err;
  }
}

/** Closes every kept connection (a command that is done; the bench timing a new connection). */
export async function closeIdleCatalogConnections(): Promise<void> {
  const kept = [...idle.values()];
  idle.clear();
  for (const k of kept) {
    clearTimeout(k.timer);
    // Referenced again while it closes: an unreferenced socket's close would not keep the wait alive.
    socketOf(k.client)?.ref();
  }
  await Promise.all(kept.map((k) => k.client.end().catch(() => undefined)));
}

export interface CatalogSession {
  client: pg.Client;
  target: CatalogTarget;
}

const IDLE_MS = 60_000;
const idle = new Map<string, { client: pg.Client; timer: NodeJS.Timeout }>();
const socketOf = (c: pg.Client): net.Socket | undefined => (c as unknown as { connection?: { stream?: net.Socket } }).connection?.stream;

/** The key of a connection: everything it was opened with (TLS files too) and the password it authenticated with. */
async function keyOf(target: CatalogTarget): Promise<string> {
  const { password: p, ...config } = target.config(true);
  const password = typeof p === 'function' ? await p() : p ?? '';
  return createHash('sha256').update(JSON.stringify([target.sslmode, config, password])).digest('hex');
}

function takeIdle(key: string): pg.Client | null {
  const kept = idle.get(key);
  if (!kept) return null;
  idle.delete(key);
  clearTimeout(kept.timer);
  socketOf(kept.client)?.ref();
  return kept.client;
}

function leaveIdle(key: string, client: pg.Client): void {
  if (idle.has(key)) {
    void client.end().catch(() => undefined);
    return;
  }
  socketOf(client)?.unref();
  const timer = setTimeout(() => {
    idle.delete(key);
    void client.end().catch(() => undefined);
  }, IDLE_MS);
  timer.unref();
  idle.set(key, { client, timer });
}

/**
 * Connects to the catalog at `url` (or the PG environment), checks its schema (`write`: creates
 * or migrates it first), runs `fn`, and closes the connection. Every failure is a CatalogError
 * naming the location and what was being done.
 */
export async function withCatalog<T>(url: string | undefined, mode: 'read' | 'write' | 'init', doing: string, fn: (s: CatalogSession) => Promise<T>): Promise<T> {
  const target = catalogTarget(url);
  const key = await keyOf(target);
  let client = takeIdle(key);
  const check = async (c: pg.Client): Promise<void> => {
    // init: the caller migrates, and says what it applied.
    if (mode === 'read') await checkCatalogSchema(c, target.shown);
    else if (mode === 'write') await migrateCatalog(c, target.shown);
  };
  let healthy = false;
  try {
    if (client) {
      // A kept connection the server has since closed (a restart): a new one, once.
      try {
        await check(client);
      } catch (err) {
        if (err instanceof Error && err.name === 'CatalogSchemaError') throw err;
        void client.end().catch(() => undefined);
        client = null;
      }
    }
    if (!client) {
      try {
        client = await open(target);
      } catch (err) {
        throw catalogError(err, target, 'connecting');
      }
      await check(client);
    }
  } catch (err) {
    if (client) void client.end().catch(() => undefined);
    throw err instanceof Error && err.name === 'CatalogSchemaError' ? new CatalogError(err.message) : catalogError(err, target, mode === 'read' ? 'reading its schema version' : 'creating or migrating its schema');
  }
  try {
    const out = await fn({ client, target });
    healthy = true;
    return out;
  } catch (err) {
    throw catalogError(err, target, doing);
  } finally {
    if (healthy) leaveIdle(key, client);
    else void client.end().catch(() => undefined);
  }
}

/** Runs `fn` in one transaction: committed whole, or rolled back whole. */
export async function inTransaction<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const out = await fn();
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
