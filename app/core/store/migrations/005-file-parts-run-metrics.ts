/**
 * Files in parts, metrics with their run.
 *
 * Original files are stored as parts of at most 16 MiB: a 2 GB log streams into the store
 * without ever being whole in memory, and SQLite's 1 GB limit on one value no longer bounds an
 * import. A run's metrics are one JSON object on the run: a sweep of thousands of fio jobs
 * writes a row per job instead of fifty, which is what keeps a JSON import near parse speed.
 */
export const sql = `
CREATE TABLE file_parts (
  id      INTEGER PRIMARY KEY,
  sha256  TEXT NOT NULL REFERENCES files(sha256) ON DELETE CASCADE,
  part    INTEGER NOT NULL,
  bytes   BLOB NOT NULL,
  UNIQUE (sha256, part)
);
INSERT INTO file_parts (sha256, part, bytes) SELECT sha256, 0, content FROM files;
ALTER TABLE files DROP COLUMN content;

ALTER TABLE runs ADD COLUMN metrics TEXT NOT NULL DEFAULT '{}';
UPDATE runs SET metrics = (SELECT json_group_object(m.name, m.value) FROM metrics m WHERE m.run_id = runs.id)
  WHERE EXISTS (SELECT 1 FROM metrics m WHERE m.run_id = runs.id);
DROP TABLE metrics;
`;
