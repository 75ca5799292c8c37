/** Periods (named sets of time ranges, compared like configurations) and per-study settings. */
export const sql = `
CREATE TABLE periods (
  id          INTEGER PRIMARY KEY,
  study_id    INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  spec        TEXT NOT NULL,
  zone        TEXT NOT NULL,
  ranges      TEXT NOT NULL,
  days        TEXT NOT NULL DEFAULT '[]',
  created_at  TEXT NOT NULL,
  UNIQUE (study_id, name)
);

-- The study's choices: ratio convention, tie band, pairing keys, time zone of its data.
ALTER TABLE studies ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

CREATE INDEX series_by_metric ON series (metric, run_id, t_first);
`;
