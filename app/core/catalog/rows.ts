/**
 * Many rows in one INSERT: node-postgres sends one statement per call, and a study of a few
 * thousand runs or series chunks would otherwise make as many round trips. Rows go in batches
 * under PostgreSQL's 65,535 bind parameters and about 16 MB of values a statement.
 */
import type pg from 'pg';

const MAX_PARAMS = 65_535;
const MAX_BYTES = 16 * 1024 * 1024;

const sizeOf = (v: unknown): number => (Buffer.isBuffer(v) ? v.byteLength : typeof v === 'string' ? v.length : 16);

/** Inserts `rows` (values in `columns` order); `suffix` (ON CONFLICT ..., RETURNING ...) ends each statement. Returns what RETURNING gave. */
export async function insertRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: readonly unknown[][], suffix = ''): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  const perRow = columns.length;
  for (let at = 0; at < rows.length;) {
    const batch: unknown[][] = [];
    let bytes = 0;
    while (at < rows.length && (batch.length + 1) * perRow <= MAX_PARAMS && (batch.length === 0 || bytes < MAX_BYTES)) {
      const row = rows[at++]!;
      bytes += row.reduce<number>((s, v) => s + sizeOf(v), 0);
      batch.push(row);
    }
    const values = batch.map((_, r) => `(${columns.map((__, k) => `$${r * perRow + k + 1}`).join(', ')})`).join(', ');
    const res = await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ${suffix}`, batch.flat());
    if (res.rows) out.push(...(res.rows as Array<Record<string, unknown>>));
  }
  return out;
}
