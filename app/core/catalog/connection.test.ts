/**
 * Where the catalog is and how to log in, read as libpq reads it: URLs, keyword=value pairs, a
 * service file, the PG* environment, the password file's rules; and no password ever in what is
 * shown.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../test-support/temp.js';
import { catalogTarget, CatalogLocationError, maskPasswords, pgpassPassword } from './connection.js';

const password = async (t: ReturnType<typeof catalogTarget>): Promise<unknown> => {
  const p = t.config(false).password;
  return typeof p === 'function' ? p() : p;
};

describe('catalog locations', () => {
  it('a URL: host, port, database, user; the password kept out of what is shown', async () => {
    const t = catalogTarget('postgres://alice:s3cr%40t@db.example:6543/perf?sslmode=verify-full&application_name=ci', {});
    assert.deepEqual([t.host, t.port, t.database, t.user, t.sslmode], ['db.example', 6543, 'perf', 'alice', 'verify-full']);
    assert.equal(t.shown, 'postgres://alice@db.example:6543/perf?sslmode=verify-full');
    assert.equal(await password(t), 's3cr@t');
    assert.equal(t.config(false).application_name, 'ci');
  });

  it('keyword=value pairs and a service file; the URL wins over the service, the service over the environment', () => {
    const dir = tempDir();
    const file = path.join(dir, 'pg_service.conf');
    fs.writeFileSync(file, '# team catalogs\n[team]\nhost=catalog.internal\nport=5433\ndbname=perfcatalog\nuser=ci\nsslmode=require\n\n[other]\nhost=elsewhere\n');
    const env = { PGSERVICEFILE: file, PGHOST: 'from-env', PGUSER: 'env-user' };
    const t = catalogTarget("service=team dbname='my db'", env);
    assert.deepEqual([t.host, t.port, t.database, t.user, t.sslmode], ['catalog.internal', 5433, 'my db', 'ci', 'require']);
    const byEnv = catalogTarget(undefined, { ...env, PGSERVICE: 'other' });
    assert.deepEqual([byEnv.host, byEnv.user], ['elsewhere', 'env-user']);
    assert.throws(() => catalogTarget('service=nope', env), /no service "nope" in/);
  });

  it('the PG environment alone, PERFDELTA_CATALOG_URL, or nothing: a clear usage message', () => {
    const t = catalogTarget(undefined, { PGHOST: 'h', PGPORT: '5555', PGDATABASE: 'd', PGUSER: 'u', PGSSLMODE: 'disable' });
    assert.equal(t.shown, 'postgres://u@h:5555/d?sslmode=disable');
    assert.equal(catalogTarget(undefined, { PERFDELTA_CATALOG_URL: 'postgres://x@y/z' }).shown, 'postgres://x@y:5432/z');
    assert.throws(() => catalogTarget(undefined, {}), (e: Error) => e instanceof CatalogLocationError && /no catalog named: give --url postgres:\/\/user@host\/database/.test(e.message));
    assert.throws(() => catalogTarget('postgres://h:notaport/d', {}), /not a URL|port/);
    assert.throws(() => catalogTarget('host=h port=99999', {}), /port is not a port number/);
    assert.throws(() => catalogTarget('host=h sslmode=maybe', {}), /sslmode is one of/);
  });

  it('the password file as libpq reads it: fields with * and escapes, first match; ignored when others may read it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'pgpass');
    fs.writeFileSync(file, '# comment\ndb.example:5432:perf:alice:first\n*:*:*:alice:any\\:thing\ndb.example:*:*:bob:b\\\\s\n', { mode: 0o600 });
    assert.equal(pgpassPassword(file, 'db.example', 5432, 'perf', 'alice'), 'first');
    assert.equal(pgpassPassword(file, 'other', 1, 'x', 'alice'), 'any:thing');
    assert.equal(pgpassPassword(file, 'db.example', 7, 'x', 'bob'), 'b\\s');
    assert.equal(pgpassPassword(file, 'db.example', 7, 'x', 'carol'), null);
    fs.chmodSync(file, 0o640);
    assert.equal(pgpassPassword(file, 'db.example', 5432, 'perf', 'alice'), null);
  });

  it('passwords are masked in any text that carries a location', () => {
    assert.equal(maskPasswords('catalog postgres://alice:pw@h/d: failed'), 'catalog postgres://alice:***@h/d: failed');
    assert.equal(maskPasswords("host=h password='a b' user=u"), 'host=h password=*** user=u');
    assert.equal(maskPasswords('postgres://alice@h/d'), 'postgres://alice@h/d');
  });

  it('TLS options pass through: the root certificate read, verify-ca checks the chain and not the name', () => {
    const dir = tempDir();
    const ca = path.join(dir, 'ca.pem');
    fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const full = catalogTarget(`postgres://u@h/d?sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`, {}).config(true).ssl as { rejectUnauthorized: boolean; ca: string; checkServerIdentity?: unknown };
    assert.equal(full.rejectUnauthorized, true);
    assert.match(full.ca, /BEGIN CERTIFICATE/);
    assert.equal(full.checkServerIdentity, undefined, 'verify-full checks the host name');
    const chain = catalogTarget(`postgres://u@h/d?sslmode=verify-ca&sslrootcert=${encodeURIComponent(ca)}`, {}).config(true).ssl as { checkServerIdentity?: unknown };
    assert.equal(typeof chain.checkServerIdentity, 'function');
    assert.equal(catalogTarget('postgres://u@h/d?sslmode=disable', {}).config(true).ssl, false);
    assert.throws(() => catalogTarget('postgres://u@h/d?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem', {}).config(true), /cannot read the root certificate \(sslrootcert\) \/nonexistent\/ca.pem: ENOENT/);
  });
});
