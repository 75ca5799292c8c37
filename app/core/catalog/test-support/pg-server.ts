/**
 * A throwaway PostgreSQL server for the catalog's tests: initdb into a temporary folder, started
 * with pg_ctl on a free port of 127.0.0.1, stopped and removed after the tests. The binaries
 * come from PERFDELTA_PG_BINDIR, `pg_config --bindir`, or the newest /usr/lib/postgresql/N/bin
 * (Debian's `postgresql` package). initdb refuses to run as root: as root the cluster belongs to
 * the `postgres` user (or `nobody`), whose folder it is, and every command runs as that user.
 *
 * The superuser has a password and the server asks for it over TCP (scram-sha-256), so the tests
 * connect as users do: the password from a .pgpass file or the environment, never from the URL.
 * With `tls`, the server also speaks TLS with a certificate of a throwaway CA (openssl).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgServer {
  host: string;
  port: number;
  /** The superuser (owner of the catalog database). */
  user: string;
  password: string;
  database: string;
  /** A URL without the password: postgres://perfdelta@127.0.0.1:PORT/catalog. */
  url: string;
  /** A .pgpass file holding the superuser's password for this server (mode 0600). */
  pgpass: string;
  /** With `tls`: the CA that signed the server's certificate. */
  caFile: string | null;
  /** Runs SQL as the superuser (psql, over the Unix socket). */
  psql(sql: string, database?: string): string;
  stop(): void;
}

function newest(dirs: string[]): string | null {
  const versions = dirs.map((d) => ({ d, v: Number(/postgresql\/(\d+)/.exec(d)?.[1] ?? 0) })).sort((a, b) => b.v - a.v);
  return versions[0]?.d ?? null;
}

/** Where initdb, pg_ctl and psql are, or null. */
export function pgBinDir(): string | null {
  // Named: that folder or none (a run without PostgreSQL can be tried on a machine with it).
  const env = process.env['PERFDELTA_PG_BINDIR'];
  if (env) return fs.existsSync(path.join(env, 'initdb')) ? env : null;
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0) {
    const dir = fromConfig.stdout.trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  return newest(fs.readdirSync(root).map((v) => path.join(root, v, 'bin')).filter((d) => fs.existsSync(path.join(d, 'initdb'))));
}

/** The user the cluster runs as when this process is root (initdb refuses root). */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  return null;
}

/** Why the catalog tests cannot run here, or null when they can. */
export function pgUnavailable(): string | null {
  const bin = pgBinDir();
  if (!bin) return `no PostgreSQL server binaries (initdb, pg_ctl)${process.env['PERFDELTA_PG_BINDIR'] ? ` in PERFDELTA_PG_BINDIR=${process.env['PERFDELTA_PG_BINDIR']}` : ''}: install Debian's postgresql package (apt-get install postgresql), or set PERFDELTA_PG_BINDIR`;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    if (!serverUser()) return 'running as root and no postgres or nobody user to run initdb as (initdb refuses root)';
    if (!fs.existsSync('/usr/sbin/runuser') && !fs.existsSync('/sbin/runuser')) return 'running as root without runuser to run initdb as another user';
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const ca = path.join(dir, 'ca.pem');
  const caKey = path.join(dir, 'ca.key');
  const key = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const cert = path.join(dir, 'server.pem');
  const ext = path.join(dir, 'san.ext');
  const ssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=PerfDelta test CA', '-keyout', caKey, '-out', ca);
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', csr);
  fs.writeFileSync(ext, 'subjectAltName = IP:127.0.0.1, DNS:localhost\n');
  ssl('x509', '-req', '-in', csr, '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-days', '2', '-extfile', ext, '-out', cert);
  return { ca, cert, key };
}

/**
 * Starts a server; the caller stops it (tests: in `after`). Throws with the server's log when it
 * cannot start.
 */
export async function startPgServer(options: { tls?: boolean } = {}): Promise<PgServer> {
  const bin = pgBinDir();
  const why = pgUnavailable();
  if (!bin || why) throw new Error(why ?? 'no PostgreSQL');
  const as = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-pg-'));
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]): string => {
    const full = as ? ['runuser', ['-u', as.name, '--', path.join(bin, cmd), ...args]] as const : [path.join(bin, cmd), args] as const;
    const r = spawnSync(full[0], [...full[1]], { encoding: 'utf8', cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const user = 'perfdelta';
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  const certs = options.tls ? makeCertificates(dir) : null;
  if (as) {
    // The server's user owns its folder (initdb and the server check), and reads the key.
    for (const f of [dir, pwfile, ...(certs ? [certs.cert, certs.key, certs.ca] : [])]) fs.chownSync(f, as.uid, as.gid);
  }
  if (certs) fs.chmodSync(certs.key, 0o600);
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', user, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const settings = [
      `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off',
      ...(certs ? ['-c ssl=on', `-c ssl_cert_file=${certs.cert}`, `-c ssl_key_file=${certs.key}`] : []),
    ];
    run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (err) {
    const log = path.join(dir, 'server.log');
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n${tail}`);
  }
  const psql = (sql: string, database = 'postgres'): string => run('psql', ['-h', dir, '-p', String(port), '-U', user, '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql]);
  psql('CREATE DATABASE catalog');
  const pgpass = path.join(dir, 'pgpass');
  fs.writeFileSync(pgpass, `127.0.0.1:${port}:*:${user}:${password}\n`, { mode: 0o600 });
  let stopped = false;
  return {
    host: '127.0.0.1', port, user, password, database: 'catalog',
    url: `postgres://${user}@127.0.0.1:${port}/catalog`,
    pgpass, caFile: certs?.ca ?? null, psql,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
