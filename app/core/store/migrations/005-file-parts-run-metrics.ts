/**
 * Files in parts, metrics with their run, latency distributions as blobs.
 *
 * Original files are stored as parts of at most 16 MiB: a 2 GB log streams into the store
 * without ever being whole in memory, and SQLite's 1 GB limit on one value no longer bounds an
 * import. A run's metrics are one JSON object on the run: a sweep of thousands of fio jobs
 * writes a row per job instead of fifty, which is what keeps a JSON import near parse speed.
 * A run's latency distribution (json+ bins, a histogram log's) is two float64 blobs per
 * direction, not thousands of [ms, count] pairs in the run's JSON that every listing would read;
 * the run's tables keep a note of it. Runs stored before keep their pairs, which still read.
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

CREATE TABLE run_bins (
  run_id     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  source     TEXT NOT NULL,
  direction  TEXT NOT NULL,
  ms         BLOB NOT NULL,
  counts     BLOB NOT NULL,
  PRIMARY KEY (run_id, source, direction)
);
`;
