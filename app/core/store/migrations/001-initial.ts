/** The first schema: studies, the original files, imports, runs, metrics and series. */
export const sql = `
CREATE TABLE studies (
  id          INTEGER PRIMARY KEY,
  slug        TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

-- Every imported file, byte for byte, addressed by its SHA-256: nothing a user imported is
-- ever lost, and a newer importer can parse it again.
CREATE TABLE files (
  sha256      TEXT PRIMARY KEY,
  size        INTEGER NOT NULL,
  content     BLOB NOT NULL
);

CREATE TABLE imports (
  id                INTEGER PRIMARY KEY,
  study_id          INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  sha256            TEXT NOT NULL REFERENCES files(sha256),
  file_name         TEXT NOT NULL,
  format            TEXT NOT NULL,
  importer_version  TEXT NOT NULL,
  config            TEXT NOT NULL,
  warnings          TEXT NOT NULL DEFAULT '[]',
  imported_at       TEXT NOT NULL,
  UNIQUE (study_id, sha256)
);

CREATE TABLE runs (
  id            INTEGER PRIMARY KEY,
  study_id      INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  import_id     INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  config        TEXT NOT NULL,
  ordinal       INTEGER NOT NULL,
  name          TEXT NOT NULL,
  tool          TEXT NOT NULL,
  tool_version  TEXT,
  host          TEXT,
  start_ms      INTEGER,
  end_ms        INTEGER,
  params        TEXT NOT NULL,
  tables        TEXT NOT NULL DEFAULT '{}',
  warnings      TEXT NOT NULL DEFAULT '[]',
  errors        TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX runs_by_study_config ON runs (study_id, config);

CREATE TABLE metrics (
  run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  name    TEXT NOT NULL,
  value   REAL NOT NULL,
  PRIMARY KEY (run_id, name)
) WITHOUT ROWID;

-- Points are stored in chunks of little-endian float64 blobs, not a row per point: a row per
-- point caps log imports near 40 MB/s, chunks go in at millions of points a second.
CREATE TABLE series (
  id       INTEGER PRIMARY KEY,
  run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  object   TEXT NOT NULL,
  metric   TEXT NOT NULL,
  unit     TEXT NOT NULL,
  chunk    INTEGER NOT NULL,
  t_first  REAL NOT NULL,
  t_last   REAL NOT NULL,
  n        INTEGER NOT NULL,
  times    BLOB NOT NULL,
  vals     BLOB NOT NULL
);
CREATE INDEX series_by_run ON series (run_id, object, metric, chunk);
`;
