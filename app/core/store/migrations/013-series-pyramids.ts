/**
 * Range reads and overview pyramids for time series.
 *
 * A window reads only the chunks it overlaps: the index holds each chunk's first and last time
 * (and its point count, which picks the pyramid level), so the chunks are found from the index
 * alone. Each series gets a summary (points, extent, whole-series statistics, whether its times
 * are in order, how many levels it has) and its pyramid: min/max/mean buckets, 16 points a
 * bucket at level 1 and 16 times coarser at each level above (app/core/series/pyramid.ts), in
 * blocks of up to 4,096 buckets, each with its own first and last time, indexed the same way.
 *
 * Series stored before get theirs here (buildAllPyramids, run after this SQL in the same
 * transaction): one series at a time, chunk by chunk, so a store of 10-million-point logs is
 * migrated without holding one whole.
 */
export const sql = `
CREATE INDEX series_by_window ON series (run_id, object, metric, t_first, t_last, n);

CREATE TABLE series_summary (
  run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  object   TEXT NOT NULL,
  metric   TEXT NOT NULL,
  unit     TEXT NOT NULL,
  points   INTEGER NOT NULL,
  t_first  REAL,
  t_last   REAL,
  ordered  INTEGER NOT NULL,
  levels   INTEGER NOT NULL,
  samples  INTEGER NOT NULL,
  mean     REAL,
  m2       REAL,
  min      REAL,
  max      REAL,
  PRIMARY KEY (run_id, object, metric)
);

CREATE TABLE series_levels (
  id       INTEGER PRIMARY KEY,
  run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  object   TEXT NOT NULL,
  metric   TEXT NOT NULL,
  level    INTEGER NOT NULL,
  block    INTEGER NOT NULL,
  t_first  REAL NOT NULL,
  t_last   REAL NOT NULL,
  n        INTEGER NOT NULL,
  buckets  BLOB NOT NULL
);
CREATE INDEX series_levels_by_window ON series_levels (run_id, object, metric, level, t_first, t_last);
`;
