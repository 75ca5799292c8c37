/**
 * Managing what was imported (issue 20), configuration constants and stated exclusions (issue 28).
 *
 * - A delete is held until the next delete, so it can be undone: a deleted study is hidden
 *   (`trashed_by` names its deletion); deleted runs and the imports left without runs move to a
 *   hidden study of their own. Every query that lists studies skips hidden ones, so a study file
 *   and a report's evidence never see what was deleted. The next delete makes the pending one
 *   final: the hidden rows are deleted, then every original file no import names any more.
 * - `import_runs`: the runs each imported file went into. A fio log or a HammerDB counter log
 *   joins a run of another file and has no runs of its own; a delete must know which file goes
 *   with which run. Older stores are filled from the runs' imports and from the notes the import
 *   wrote ("attached to run 12 …", "joined test run 7 …", "… combined into run 3 …").
 * - A run can be excluded from comparisons with a reason (who and when are kept too).
 * - A configuration carries named constants (monthly price, vCPUs, disks …) with their unit and
 *   where they came from; derived metrics (metric ÷ constant × factor) are study settings.
 */
export const sql = `
ALTER TABLE studies ADD COLUMN trashed_by INTEGER;

CREATE TABLE deletions (
  id              INTEGER PRIMARY KEY,
  kind            TEXT NOT NULL,
  study_id        INTEGER NOT NULL,
  trash_study_id  INTEGER,
  slug            TEXT NOT NULL,
  name            TEXT NOT NULL,
  summary         TEXT NOT NULL,
  created_at      TEXT NOT NULL
);

CREATE TABLE import_runs (
  import_id  INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  run_id     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  PRIMARY KEY (import_id, run_id)
) WITHOUT ROWID;
CREATE INDEX import_runs_by_run ON import_runs (run_id);
-- A final delete removes imports (their runs follow by import_id) and then the original files
-- no import names (each checked by sha256): both lookups need an index.
CREATE INDEX runs_by_import ON runs (import_id);
CREATE INDEX imports_by_sha ON imports (sha256);
INSERT OR IGNORE INTO import_runs (import_id, run_id) SELECT import_id, id FROM runs;
INSERT OR IGNORE INTO import_runs (import_id, run_id)
  SELECT i.id, r.id FROM imports i, json_each(i.warnings) w, runs r
  WHERE r.study_id = i.study_id AND (
       (w.value LIKE 'attached to run %' AND r.id = CAST(substr(w.value, 17) AS INTEGER))
    OR (w.value LIKE 'joined test run %' AND r.id = CAST(substr(w.value, 17) AS INTEGER))
    OR (w.value LIKE '% combined into run %' AND r.id = CAST(substr(w.value, instr(w.value, ' combined into run ') + 19) AS INTEGER)));

ALTER TABLE runs ADD COLUMN excluded_reason TEXT;
ALTER TABLE runs ADD COLUMN excluded_at TEXT;
ALTER TABLE runs ADD COLUMN excluded_by TEXT;

CREATE TABLE config_constants (
  study_id    INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  config      TEXT NOT NULL,
  name        TEXT NOT NULL,
  value       REAL NOT NULL,
  unit        TEXT NOT NULL,
  source      TEXT NOT NULL,
  entered_by  TEXT,
  entered_at  TEXT NOT NULL,
  PRIMARY KEY (study_id, config, name)
);
`;
