/**
 * The catalog's own numbered migrations for PostgreSQL, noticing drift as the local store's do
 * (app/core/store/migrations.ts): each applied migration's SQL is hashed into
 * perfdelta.schema_migrations; the applied list must be a prefix of the known list with equal
 * hashes. A catalog newer than this PerfDelta is refused with the versions named, before any
 * read or write. Migrating takes a transaction-level advisory lock, so two publishers meeting an
 * empty catalog at once create it once (the second waits, then finds it made).
 */
import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';
import { sql as catalog } from './001-catalog.js';
import { sql as runValidity } from './002-run-validity.js';

export interface CatalogMigration {
  id: number;
  name: string;
  sql: string;
}

export const CATALOG_MIGRATIONS: readonly CatalogMigration[] = [
  { id: 1, name: '001-catalog', sql: catalog },
  { id: 2, name: '002-run-validity', sql: runValidity },
];

export const CATALOG_SCHEMA_VERSION = CATALOG_MIGRATIONS[CATALOG_MIGRATIONS.length - 1]!.id;

/** The catalog's schema cannot be used by this PerfDelta (newer, changed, or not made yet). */
export class CatalogSchemaError extends Error {
  constructor(message: string, readonly code: 'newer' | 'drift' | 'missing') {
    super(message);
    this.name = 'CatalogSchemaError';
  }
}

/** Any 64-bit number PerfDelta alone takes as a lock: "perfdelta.migrate". */
const MIGRATE_LOCK = 0x70666474_6d696772n;

export const migrationHash = (m: CatalogMigration): string => createHash('sha256').update(m.sql).digest('hex');

interface Applied {
  id: number;
  name: string;
  sha256: string;
}

async function applied(client: ClientBase): Promise<Applied[] | null> {
  const exists = await client.query<{ t: string | null }>("SELECT to_regclass('perfdelta.schema_migrations')::text AS t");
  if (exists.rows[0]?.t == null) return null;
  return (await client.query<Applied>('SELECT id, name, sha256 FROM perfdelta.schema_migrations ORDER BY id')).rows;
}

/** What the applied list says, against the known one: the number of migrations still to apply. */
function check(rows: Applied[], where: string, migrations: readonly CatalogMigration[]): number {
  const known = migrations[migrations.length - 1]!.id;
  if (rows.length > migrations.length) {
    throw new CatalogSchemaError(`the catalog at ${where} was made by a newer PerfDelta (schema version ${rows[rows.length - 1]!.id}; this one knows up to ${known}): upgrade PerfDelta to use it; nothing was read or written`, 'newer');
  }
  rows.forEach((row, i) => {
    const m = migrations[i]!;
    if (row.id !== m.id || row.name !== m.name) throw new CatalogSchemaError(`the catalog at ${where} has migration #${i + 1} "${row.name}" (${row.id}) where this PerfDelta has "${m.name}" (${m.id}): refusing to use it`, 'drift');
    if (row.sha256 !== migrationHash(m)) throw new CatalogSchemaError(`the catalog at ${where}: migration ${m.name} was changed after it was applied (hash mismatch): refusing to use it`, 'drift');
  });
  return migrations.length - rows.length;
}

/** For reads: the catalog's schema must be this PerfDelta's, fully migrated. */
export async function checkCatalogSchema(client: ClientBase, where: string, migrations: readonly CatalogMigration[] = CATALOG_MIGRATIONS): Promise<void> {
  const rows = await applied(client);
  if (rows === null) throw new CatalogSchemaError(`${where} holds no PerfDelta catalog yet: "perfdelta catalog init --url ..." (or a first publish) by a role that may create schemas makes it`, 'missing');
  const pending = check(rows, where, migrations);
  if (pending > 0) throw new CatalogSchemaError(`the catalog at ${where} is at schema version ${rows[rows.length - 1]?.id ?? 0}, older than this PerfDelta's ${migrations[migrations.length - 1]!.id}: "perfdelta catalog init" by its owner migrates it`, 'missing');
}

/**
 * Creates or migrates the catalog's schema, each migration in the one transaction that holds the
 * lock. Returns the ids applied (none when it was current). Needs the right to create in the
 * database (its owner); a role without it gets PostgreSQL's "permission denied", named.
 */
export async function migrateCatalog(client: ClientBase, where: string, migrations: readonly CatalogMigration[] = CATALOG_MIGRATIONS): Promise<number[]> {
  // Current already: nothing to lock (a publisher without CREATE rights gets here every time).
  const before = await applied(client);
  if (before !== null && check(before, where, migrations) === 0) return [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK.toString()]);
    await client.query('CREATE SCHEMA IF NOT EXISTS perfdelta');
    await client.query(`CREATE TABLE IF NOT EXISTS perfdelta.schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, sha256 text NOT NULL, applied_at timestamptz NOT NULL, applied_by text NOT NULL)`);
    // Read again under the lock: another publisher may have migrated while this one waited.
    const rows = (await applied(client)) ?? [];
    check(rows, where, migrations);
    const ran: number[] = [];
    for (const m of migrations.slice(rows.length)) {
      await client.query(m.sql);
      await client.query('INSERT INTO perfdelta.schema_migrations (id, name, sha256, applied_at, applied_by) VALUES ($1, $2, $3, now(), session_user)', [m.id, m.name, migrationHash(m)]);
      ran.push(m.id);
    }
    await client.query('COMMIT');
    return ran;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
