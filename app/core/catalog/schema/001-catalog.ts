/**
 * The team catalog's first schema (PostgreSQL), in its own schema `perfdelta` so that roles are
 * granted on one name (roles.sql). It holds what a local study holds, keyed for many publishers:
 *
 * - studies: one row per published study, known by a uid the local study keeps (its settings'
 *   `catalog_uid`) and by a slug unique in the catalog; who published it last and when (the
 *   server's session user, never a name the client claims), and what search filters on without
 *   reading runs: its tools, configurations, hosts, the span of its runs and a text vector.
 * - files: every original file once, by SHA-256; its bytes in 16 MiB parts, or only its hash
 *   (`stored` false) when it was published without originals.
 * - runs: keyed in a study by `run_key`, a digest of what the run holds (configuration, tool,
 *   name, host, times, parameters, figures) and its occurrence: publishing again updates a run,
 *   a history file exported again with one more night adds one run, never the nights before.
 *   Parameters and metrics are jsonb for search (`metric_names` lets a trend find runs with a
 *   metric) and, with tables, warnings and errors, kept as the exact text the study had: jsonb
 *   orders keys its own way and refuses \u0000, and a pulled study must read as it was.
 * - series and run_bins: a run's time series in the store's own chunks (little-endian float64),
 *   its latency distributions.
 * - periods, charts (their run references as run keys), reports, configuration constants.
 * - publications: every publish, who, when, with what, and what it changed.
 */
export const sql = `
CREATE TABLE perfdelta.studies (
  id                  bigserial PRIMARY KEY,
  uid                 uuid NOT NULL UNIQUE,
  slug                text NOT NULL UNIQUE,
  name                text NOT NULL,
  settings            text NOT NULL DEFAULT '{}',
  created_at          timestamptz NOT NULL,
  first_published_at  timestamptz NOT NULL,
  published_at        timestamptz NOT NULL,
  published_by        text NOT NULL,
  client              text NOT NULL,
  runs                integer NOT NULL DEFAULT 0,
  files               integer NOT NULL DEFAULT 0,
  first_run_at        timestamptz,
  last_run_at         timestamptz,
  tools               text[] NOT NULL DEFAULT '{}',
  configs             text[] NOT NULL DEFAULT '{}',
  hosts               text[] NOT NULL DEFAULT '{}',
  words               tsvector NOT NULL DEFAULT ''
);
CREATE INDEX studies_words ON perfdelta.studies USING gin (words);
CREATE INDEX studies_tools ON perfdelta.studies USING gin (tools);
CREATE INDEX studies_published ON perfdelta.studies (published_at DESC);

CREATE TABLE perfdelta.files (
  sha256  text PRIMARY KEY,
  size    bigint NOT NULL,
  stored  boolean NOT NULL
);

CREATE TABLE perfdelta.file_parts (
  sha256  text NOT NULL REFERENCES perfdelta.files (sha256) ON DELETE CASCADE,
  part    integer NOT NULL,
  bytes   bytea NOT NULL,
  PRIMARY KEY (sha256, part)
);

CREATE TABLE perfdelta.imports (
  study_id          bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  sha256            text NOT NULL REFERENCES perfdelta.files (sha256),
  position          integer NOT NULL,
  file_name         text NOT NULL,
  format            text NOT NULL,
  importer_version  text NOT NULL,
  config            text NOT NULL,
  warnings          text NOT NULL,
  imported_at       timestamptz NOT NULL,
  PRIMARY KEY (study_id, sha256)
);
CREATE INDEX imports_by_sha ON perfdelta.imports (sha256);

CREATE TABLE perfdelta.runs (
  id             bigserial PRIMARY KEY,
  study_id       bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  run_key        text NOT NULL,
  local_id       integer,
  sha256         text NOT NULL,
  ordinal        integer NOT NULL,
  config         text NOT NULL,
  name           text NOT NULL,
  tool           text NOT NULL,
  tool_version   text,
  host           text,
  start_at       timestamptz,
  end_at         timestamptz,
  params         jsonb NOT NULL,
  metrics        jsonb NOT NULL,
  metric_names   text[] NOT NULL,
  params_text    text NOT NULL,
  metrics_text   text NOT NULL,
  tables         text NOT NULL,
  warnings       text NOT NULL,
  errors         text NOT NULL,
  excluded       text,
  series_digest  text NOT NULL,
  published_at   timestamptz NOT NULL,
  UNIQUE (study_id, run_key),
  FOREIGN KEY (study_id, sha256) REFERENCES perfdelta.imports (study_id, sha256)
);
CREATE INDEX runs_params ON perfdelta.runs USING gin (params jsonb_path_ops);
CREATE INDEX runs_metric_names ON perfdelta.runs USING gin (metric_names);
CREATE INDEX runs_tool_start ON perfdelta.runs (tool, start_at);
CREATE INDEX runs_start ON perfdelta.runs (start_at);
CREATE INDEX runs_config ON perfdelta.runs (lower(config) text_pattern_ops);
CREATE INDEX runs_host ON perfdelta.runs (lower(host) text_pattern_ops);

CREATE TABLE perfdelta.run_files (
  run_id  bigint NOT NULL REFERENCES perfdelta.runs (id) ON DELETE CASCADE,
  sha256  text NOT NULL,
  PRIMARY KEY (run_id, sha256)
);

CREATE TABLE perfdelta.series (
  run_id   bigint NOT NULL REFERENCES perfdelta.runs (id) ON DELETE CASCADE,
  object   text NOT NULL,
  metric   text NOT NULL,
  unit     text NOT NULL,
  chunk    integer NOT NULL,
  t_first  double precision NOT NULL,
  t_last   double precision NOT NULL,
  n        integer NOT NULL,
  times    bytea NOT NULL,
  vals     bytea NOT NULL,
  PRIMARY KEY (run_id, object, metric, chunk)
);

CREATE TABLE perfdelta.run_bins (
  run_id     bigint NOT NULL REFERENCES perfdelta.runs (id) ON DELETE CASCADE,
  source     text NOT NULL,
  direction  text NOT NULL,
  ms         bytea NOT NULL,
  counts     bytea NOT NULL,
  PRIMARY KEY (run_id, source, direction)
);

CREATE TABLE perfdelta.periods (
  study_id    bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  name        text NOT NULL,
  position    integer NOT NULL,
  spec        text NOT NULL,
  zone        text NOT NULL,
  ranges      text NOT NULL,
  days        text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (study_id, name)
);

CREATE TABLE perfdelta.charts (
  study_id    bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  name        text NOT NULL,
  local_id    integer NOT NULL,
  spec        text NOT NULL,
  run_keys    text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (study_id, name)
);

CREATE TABLE perfdelta.reports (
  study_id    bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  name        text NOT NULL,
  position    integer NOT NULL,
  layout      text NOT NULL,
  sections    text NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (study_id, name)
);

CREATE TABLE perfdelta.config_constants (
  study_id    bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  config      text NOT NULL,
  name        text NOT NULL,
  value       double precision NOT NULL,
  unit        text NOT NULL,
  source      text NOT NULL,
  entered_by  text,
  entered_at  timestamptz NOT NULL,
  PRIMARY KEY (study_id, config, name)
);

CREATE TABLE perfdelta.publications (
  id            bigserial PRIMARY KEY,
  study_id      bigint NOT NULL REFERENCES perfdelta.studies (id) ON DELETE CASCADE,
  published_at  timestamptz NOT NULL,
  published_by  text NOT NULL,
  client        text NOT NULL,
  mode          text NOT NULL,
  runs_added    integer NOT NULL,
  runs_updated  integer NOT NULL,
  runs_removed  integer NOT NULL,
  files_added   integer NOT NULL
);
CREATE INDEX publications_by_study ON perfdelta.publications (study_id, published_at);
`;
