/**
 * The remembered column mappings (migration 004): one per table header, by signature.
 * Named statements prepared once, like the store's.
 */
import type Database from 'better-sqlite3';
import type { TableMapping } from '../../contract/records.js';

export class ColumnMappings {
  private readonly stmt;

  constructor(db: Database.Database) {
    this.stmt = {
      get: db.prepare<[string], { mapping: string }>('SELECT mapping FROM column_mappings WHERE signature = ?'),
      upsert: db.prepare(
        `INSERT INTO column_mappings (signature, headers, mapping, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (signature) DO UPDATE SET headers = excluded.headers, mapping = excluded.mapping, updated_at = excluded.updated_at`,
      ),
    };
  }

  get(signature: string): TableMapping | null {
    const row = this.stmt.get.get(signature);
    return row ? (JSON.parse(row.mapping) as TableMapping) : null;
  }

  save(signature: string, mapping: TableMapping): void {
    const now = new Date().toISOString();
    this.stmt.upsert.run(signature, JSON.stringify(mapping.columns.map((c) => c.header)), JSON.stringify(mapping), now, now);
  }
}
