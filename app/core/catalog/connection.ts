/**
 * Where the team catalog is and how to log in, read as libpq (and so psql) reads it: a URL
 * (postgres://user@host:port/db?sslmode=verify-full&sslrootcert=ca.pem) or keyword=value pairs
 * (host=db dbname=perf service=team), a service file section (service=NAME, PGSERVICE), the
 * standard PG* environment variables, and the password from the URL, PGPASSWORD or the
 * password file (PGPASSFILE, else ~/.pgpass; ignored, as libpq ignores it, when others may read
 * it). Nothing here is ever stored in a study or printed: `shown` is the location without its
 * password, the only form messages use.
 *
 * TLS options pass through with libpq's meanings: sslmode disable, allow, prefer (the default:
 * TLS when the server offers it), require (encrypted; the CA checked when sslrootcert is given),
 * verify-ca, verify-full (the host name checked too); sslrootcert, sslcert, sslkey name files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientConfig } from 'pg';

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

/** A catalog location, resolved. `password` is a function: it is read only when the server asks. */
export interface CatalogTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  sslmode: SslMode;
  /** The location as messages print it: never a password. */
  shown: string;
  /** The client configuration for one TLS choice (prefer tries TLS, then plain). */
  config(tls: boolean): ClientConfig;
  /** Whether to try without TLS after TLS was refused (allow, prefer). */
  fallsBackToPlain: boolean;
}

/** A location that cannot be read (a bad URL, an unknown service): named without its password. */
export class CatalogLocationError extends Error {}

type Params = Record<string, string>;
type Env = Readonly<Record<string, string | undefined>>;

/** libpq's keyword=value form: host=db port=5432 dbname='my db' (quotes and backslashes as libpq). */
function keywordPairs(text: string): Params {
  const out: Params = {};
  const re = /\s*([A-Za-z_]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|((?:[^\s\\]|\\.)+))/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(text))) {
    out[m[1]!] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
    at = re.lastIndex;
  }
  if (text.slice(at).trim() !== '') throw new CatalogLocationError(`cannot read the catalog location after "${text.slice(0, at).replace(/password\s*=\s*\S+/i, 'password=***')}": write postgres://user@host/db or host=... dbname=...`);
  return out;
}

function urlParams(text: string): Params {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CatalogLocationError('the catalog URL is not a URL: write postgres://user@host:5432/database (the password comes from PGPASSWORD or ~/.pgpass)');
  }
  const out: Params = {};
  if (url.hostname) out['host'] = decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (url.port) out['port'] = url.port;
  if (url.username) out['user'] = decodeURIComponent(url.username);
  if (url.password) out['password'] = decodeURIComponent(url.password);
  const db = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (db) out['dbname'] = db;
  for (const [k, v] of url.searchParams) out[k === 'database' ? 'dbname' : k] = v;
  return out;
}

/** The INI-like service file: [name] sections of keyword=value lines. */
function serviceParams(name: string, env: Env): Params {
  const home = os.homedir();
  const files = [env['PGSERVICEFILE'] ?? path.join(home, '.pg_service.conf'), path.join(env['PGSYSCONFDIR'] ?? '/etc/postgresql-common', 'pg_service.conf')];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    let section: string | null = null;
    const out: Params = {};
    let found = false;
    for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const head = /^\[(.+)\]$/.exec(line);
      if (head) {
        section = head[1]!.trim();
        if (section === name) found = true;
        continue;
      }
      if (section !== name) continue;
      const eq = line.indexOf('=');
      if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    if (found) return out;
  }
  throw new CatalogLocationError(`no service "${name}" in ${files.join(' or ')}`);
}

/** The password file's line for this connection (libpq's rules: * matches anything, \\ escapes). */
export function pgpassPassword(file: string, host: string, port: number, database: string, user: string): string | null {
  if (!fs.existsSync(file)) return null;
  const stat = fs.statSync(file);
  // As libpq: a password file others can read is not used.
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) return null;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!raw || raw.startsWith('#')) continue;
    const fields: string[] = [];
    let cur = '';
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i]!;
      if (ch === '\\' && i + 1 < raw.length) cur += raw[++i];
      else if (ch === ':' && fields.length < 4) {
        fields.push(cur);
        cur = '';
      } else cur += ch;
    }
    fields.push(cur);
    if (fields.length < 5) continue;
    const [h, p, d, u, pw] = fields as [string, string, string, string, string];
    const hit = (pattern: string, value: string): boolean => pattern === '*' || pattern === value;
    const hostHit = hit(h, host) || (h === 'localhost' && host.startsWith('/'));
    if (hostHit && hit(p, String(port)) && hit(d, database) && hit(u, user)) return pw;
  }
  return null;
}

/** The location as shown: postgres://user@host:port/db, the TLS mode when set; never the password. */
function shownOf(p: { user: string; host: string; port: number; database: string; sslmode: SslMode; explicitSsl: boolean }): string {
  const host = p.host.startsWith('/') ? encodeURIComponent(p.host) : p.host.includes(':') ? `[${p.host}]` : p.host;
  return `postgres://${encodeURIComponent(p.user)}@${host}:${p.port}/${encodeURIComponent(p.database)}${p.explicitSsl ? `?sslmode=${p.sslmode}` : ''}`;
}

/** Replaces any password in a text (a URL or keyword pairs someone pasted into an error) with ***. */
export function maskPasswords(text: string): string {
  return text
    .replace(/(postgres(?:ql)?:\/\/[^:/?#@\s]*:)[^@\s]*@/gi, '$1***@')
    .replace(/(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)/gi, '$1***');
}

/**
 * Resolves a catalog location: `given` (--url), else PERFDELTA_CATALOG_URL, else the PG
 * environment (PGSERVICE, PGHOST, PGDATABASE). Throws CatalogLocationError naming what is missing.
 */
export function catalogTarget(given: string | undefined, env: Env = process.env): CatalogTarget {
  const text = given?.trim() || env['PERFDELTA_CATALOG_URL']?.trim() || '';
  if (!text && !env['PGSERVICE'] && !env['PGHOST'] && !env['PGDATABASE']) {
    throw new CatalogLocationError('no catalog named: give --url postgres://user@host/database (or set PERFDELTA_CATALOG_URL, or PGHOST / PGSERVICE); the password comes from PGPASSWORD or ~/.pgpass, never the command line');
  }
  let params: Params = text ? (/^postgres(ql)?:\/\//i.test(text) ? urlParams(text) : keywordPairs(text)) : {};
  const service = params['service'] ?? env['PGSERVICE'];
  if (service) params = { ...serviceParams(service, env), ...params };
  const pick = (key: string, envVar: string): string | undefined => params[key] ?? env[envVar];
  const user = pick('user', 'PGUSER') ?? os.userInfo().username;
  const host = pick('host', 'PGHOST') ?? 'localhost';
  const portText = pick('port', 'PGPORT') ?? '5432';
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new CatalogLocationError(`the catalog's port is not a port number: "${portText}"`);
  const database = pick('dbname', 'PGDATABASE') ?? user;
  const modeText = pick('sslmode', 'PGSSLMODE') ?? 'prefer';
  if (!SSL_MODES.includes(modeText as SslMode)) throw new CatalogLocationError(`sslmode is one of ${SSL_MODES.join(', ')}, not "${modeText}"`);
  const sslmode = modeText as SslMode;
  const rootcert = pick('sslrootcert', 'PGSSLROOTCERT');
  const cert = pick('sslcert', 'PGSSLCERT');
  const key = pick('sslkey', 'PGSSLKEY');
  const read = (file: string, what: string): string => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (err) {
      throw new CatalogLocationError(`cannot read the ${what} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  const urlPassword = params['password'];
  const password = async (): Promise<string> => {
    if (urlPassword !== undefined) return urlPassword;
    if (env['PGPASSWORD'] !== undefined) return env['PGPASSWORD'];
    const file = env['PGPASSFILE'] ?? (process.platform === 'win32' ? path.join(env['APPDATA'] ?? '', 'postgresql', 'pgpass.conf') : path.join(os.homedir(), '.pgpass'));
    return pgpassPassword(file, host, port, database, user) ?? '';
  };
  const timeout = params['connect_timeout'] ?? env['PGCONNECT_TIMEOUT'];
  return {
    host, port, database, user, sslmode,
    shown: shownOf({ user, host, port, database, sslmode, explicitSsl: (params['sslmode'] ?? env['PGSSLMODE']) !== undefined }),
    fallsBackToPlain: sslmode === 'prefer' || sslmode === 'allow',
    config: (tls) => {
      let ssl: ClientConfig['ssl'] = false;
      if (tls && sslmode !== 'disable') {
        const verify = sslmode === 'verify-ca' || sslmode === 'verify-full' || (sslmode === 'require' && rootcert !== undefined);
        ssl = {
          rejectUnauthorized: verify,
          ...(rootcert ? { ca: read(rootcert, 'root certificate (sslrootcert)') } : {}),
          ...(cert ? { cert: read(cert, 'client certificate (sslcert)') } : {}),
          ...(key ? { key: read(key, 'client key (sslkey)') } : {}),
          // verify-ca checks the chain, not the name; verify-full both.
          ...(sslmode !== 'verify-full' ? { checkServerIdentity: () => undefined } : {}),
        };
      }
      return {
        host, port, database, user, password, ssl,
        application_name: params['application_name'] ?? env['PGAPPNAME'] ?? 'perfdelta',
        ...(timeout ? { connectionTimeoutMillis: Number(timeout) * 1000 } : {}),
        ...(params['options'] ? { options: params['options'] } : {}),
      };
    },
  };
}
