/**
 * Column mappings of tables (CSV, TSV, XLSX, pasted), remembered per header: the key is the
 * sha256 of the normalised header cells and units, so the next file with the same header is
 * read the way the user said the first one should be.
 */
export const sql = `
CREATE TABLE column_mappings (
  signature   TEXT PRIMARY KEY,
  headers     TEXT NOT NULL,
  mapping     TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
`;
