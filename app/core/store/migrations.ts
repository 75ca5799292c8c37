/**
 * Numbered schema migrations that notice drift. Each applied migration's SQL is hashed into
 * schema_migrations; on open, the applied list must be a prefix of the known list with equal
 * hashes, or the store refuses to open rather than run on a schema it does not understand.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sql as initial } from './migrations/001-initial.js';
import { sql as periodsSettings } from './migrations/002-periods-settings.js';
import { sql as chartsReports } from './migrations/003-charts-reports.js';
import { sql as columnMappings } from './migrations/004-column-mappings.js';
import { sql as fileParts } from './migrations/005-file-parts-run-metrics.js';
import { sql as manage } from './migrations/012-manage-constants-exclusions.js';
import { sql as seriesPyramids } from './migrations/013-series-pyramids.js';
import { sql as runValidity } from './migrations/040-run-validity.js';
import { sql as originalsBeside } from './migrations/041-originals-beside.js';
import { backfillValidity } from './validity-backfill.js';
import { SeriesLevels } from './series-levels.js';
import { moveOriginalsOut, type MoveContext } from '../originals/move-out.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
  /**
   * Work SQL cannot do (building series pyramids), run after `sql` in the same transaction.
   * Not part of the hash: what it derives can be derived again, the schema cannot.
   */
  run?: (db: Database.Database) => void;
  /**
   * Work done after the schema change in batches, each its own transaction (moving a store's
   * originals out): resumed at every open of a store until it says it is done. Not run on a
   * study file, which is migrated without a store around it.
   */
  resume?: (context: MigrationContext) => void;
}

/** What a migration's batched work needs of the store it runs in: its connection, its object store, its transactions. */
export type MigrationContext = Omit<MoveContext, 'afterBatch'>;

export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: '001-initial', sql: initial },
  { id: 2, name: '002-periods-settings', sql: periodsSettings },
  { id: 3, name: '003-charts-reports', sql: chartsReports },
  { id: 4, name: '004-column-mappings', sql: columnMappings },
  { id: 5, name: '005-file-parts-run-metrics', sql: fileParts },
  { id: 12, name: '012-manage-constants-exclusions', sql: manage },
  { id: 13, name: '013-series-pyramids', sql: seriesPyramids, run: (db) => { new SeriesLevels(db).rebuildAll(); } },
  // Numbered by its issue (40), not next in line: several branches add migrations at once.
  { id: 40, name: '040-run-validity', sql: runValidity, run: backfillValidity },
  // Issue 37's, after main's 040.
  { id: 41, name: '041-originals-beside', sql: originalsBeside, resume: (context) => moveOriginalsOut(context) },
];

export class MigrationDriftError extends Error {
  constructor(message: string) {
    super(`database schema drift: ${message}. Refusing to open it; use the PerfDelta version that created it or a fresh data folder.`);
    this.name = 'MigrationDriftError';
  }
}

export function migrationHash(m: Migration): string {
  return createHash('sha256').update(m.sql).digest('hex');
}

interface AppliedRow {
  id: number;
  name: string;
  sha256: string;
}

/** The table of applied migrations (its text as every store since the first has it). */
export const SCHEMA_MIGRATIONS_SQL = `CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at TEXT NOT NULL)`;

/**
 * Applies pending migrations, each in its own transaction; throws MigrationDriftError on drift.
 * With a store's `context`, then resumes the batched work of applied migrations (`resume`).
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS, context?: MigrationContext): number[] {
  // Created only when missing: even CREATE TABLE IF NOT EXISTS waits for the write lock, and
  // opening a store must not wait for another process's import.
  const known = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!known) db.exec(SCHEMA_MIGRATIONS_SQL);
  const applied = db.prepare('SELECT id, name, sha256 FROM schema_migrations ORDER BY id').all() as AppliedRow[];

  if (applied.length > migrations.length) {
    throw new MigrationDriftError(
      `the database has ${applied.length} migrations applied but this PerfDelta knows only ${migrations.length} (it was written by a newer version)`,
    );
  }
  applied.forEach((row, i) => {
    const known = migrations[i]!;
    if (row.id !== known.id || row.name !== known.name) {
      throw new MigrationDriftError(`applied migration #${i + 1} is ${row.id} "${row.name}", expected ${known.id} "${known.name}"`);
    }
    if (row.sha256 !== migrationHash(known)) {
      throw new MigrationDriftError(`migration ${known.name} was changed after it was applied (hash mismatch)`);
    }
  });

  const record = db.prepare('INSERT INTO schema_migrations (id, name, sha256, applied_at) VALUES (?, ?, ?, ?)');
  const ran: number[] = [];
  const isApplied = db.prepare<[number], { id: number }>('SELECT id FROM schema_migrations WHERE id = ?');
  for (const m of migrations.slice(applied.length)) {
    // Immediate, and checked again inside: another process opening the same new database at
    // the same moment may have applied it while this one waited for the lock.
    db.transaction(() => {
      if (isApplied.get(m.id)) return;
      db.exec(m.sql);
      m.run?.(db);
      record.run(m.id, m.name, migrationHash(m), new Date().toISOString());
      ran.push(m.id);
    }).immediate();
  }
  if (context) for (const m of migrations) if (m.resume && isApplied.get(m.id)) m.resume(context);
  return ran;
}
