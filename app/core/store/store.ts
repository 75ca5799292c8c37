/**
 * The local SQLite store. One writer (the core worker, or the CLI process), WAL so readers
 * never wait on it, named statements prepared once, reads and writes kept apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { LatencyBins, ParsedRun, ParsedSeries } from '../../../importers/types.js';
import type { TestRun } from '../import/link-companions.js';
import { ownerCandidate, type LogOwnerCandidate } from '../import/link-logs.js';
import type { DerivedMetric, ParamValue, RunRecord, SeriesRecord, StudySummary, ValidityFact } from '../../contract/records.js';
import { validityExclusion } from '../validity/exclusion.js';
import type { PeriodDefinition } from '../periods/period-spec.js';
import type { ObjectSeries } from '../periods/period-stats.js';
import { migrate, MigrationDriftError } from './migrations.js';
import { namingFile } from './store-errors.js';
import { checkRow, parseStoredJson } from './row-schema.js';
import { BUSY_TIMEOUT_MS, beginImmediate, type LockWait } from './write-lock.js';

export { BUSY_TIMEOUT_MS, DatabaseBusyError, LOCK_WAIT_MS, type LockWait } from './write-lock.js';
import { ManageStore } from './manage-store.js';
import { ReportStore } from './report-store.js';
import { CHUNK_POINTS, chunkSeries, decodeFloat64, encodeFloat64 } from './series-codec.js';
import { SeriesLevels } from './series-levels.js';
import { concatPoints } from '../../../importers/series-stream.js';
import { ObjectStore } from '../originals/object-store.js';
import { hasParts, originalBytes } from '../originals/read-original.js';
import { collectUnreferenced, type Collected } from '../originals/collect.js';

export interface StudyRow {
  id: number;
  slug: string;
  name: string;
}

export interface StudySettings {
  convention?: 'x-fold' | 'percent-change' | 'percent-of-baseline';
  tie_band_pct?: number;
  pairing_keys?: string[];
  /** IANA zone or ±HH:MM: the zone the study's data was recorded in. */
  zone?: string;
  /** The array's cache: a working set at or below it is flagged. */
  cache_bytes?: number;
  /** Units the study reports in; storage stays canonical (ms, MiB/s). */
  units?: { latency?: 'ms' | 'us' | 's'; bandwidth?: 'MiB/s' | 'MB/s' | 'GiB/s' | 'GB/s' };
  /** Parameters read from file paths (import/path-params.ts). */
  path_params?: Array<{ pattern: string; param: string }>;
  /** Metrics derived from a metric and a configuration constant (metric ÷ constant × factor). */
  derived_metrics?: DerivedMetric[];
  /** The team catalog study this one was published to or pulled from (app/core/catalog): publishing again updates it. */
  catalog_uid?: string;
}

export interface PeriodRow extends PeriodDefinition {
  name: string;
}

export interface ImportRow {
  studyId: number;
  sha256: string;
  fileName: string;
  format: string;
  importerVersion: string;
  config: string;
  warnings: string[];
}

/** Slugs keep letters of any script ("闪存迁移" stays readable) and fold the rest to dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'study';
}

/** A run's row as stored, checked against the schema study files are checked against (row-schema.ts): a run that does not fit fails its file. */
function runRow(config: string, ordinal: number, run: ParsedRun) {
  const { tables, bins } = splitBins(run.tables);
  const metrics = finiteMetrics(run.metrics);
  const row = {
    config, ordinal, name: run.name, tool: run.tool, tool_version: run.toolVersion, host: run.host, start_ms: run.startMs, end_ms: run.endMs,
    params: JSON.stringify(run.params), tables: JSON.stringify(tables), warnings: JSON.stringify(run.warnings), errors: JSON.stringify(run.errors), metrics: JSON.stringify(metrics),
    validity: JSON.stringify(run.validity ?? []),
  };
  // The JSON columns are checked on the values they were made from: an importer's objects, not text to parse back.
  const values = { params: run.params, tables, warnings: run.warnings, errors: run.errors, metrics, validity: run.validity ?? [] };
  checkRow('runs', row, `run "${run.name.slice(0, 80)}"`, { trusted: true, values });
  return { row, bins };
}

/** A run's metrics as stored: finite values only (JSON has no NaN, and a missing figure is absent, not zero). */
function metricsJson(metrics: Record<string, number>): string {
  return JSON.stringify(finiteMetrics(metrics));
}

/** The metrics with a finite value: what is stored of them. */
function finiteMetrics(metrics: Record<string, number>): Record<string, number> {
  for (const k in metrics) {
    if (!Number.isFinite(metrics[k])) return Object.fromEntries(Object.entries(metrics).filter(([, v]) => Number.isFinite(v)));
  }
  return metrics;
}

const BIN_SOURCES = ['latency_bins', 'hist_log_bins'];

interface SourcedBins {
  source: string;
  direction: string;
  bins: LatencyBins;
}

/**
 * A run's latency distributions go to run_bins; its tables keep a note of them (directions and
 * bin counts), so listings stay light and still say which runs have a distribution.
 */
function splitBins(tables: Record<string, unknown>): { tables: Record<string, unknown>; bins: SourcedBins[] } {
  if (!BIN_SOURCES.some((s) => tables[s] !== undefined)) return { tables, bins: [] };
  const out: Record<string, unknown> = { ...tables };
  const bins: SourcedBins[] = [];
  for (const source of BIN_SOURCES) {
    const byDir = tables[source] as Record<string, LatencyBins> | undefined;
    if (!byDir || typeof byDir !== 'object') continue;
    const note: Record<string, unknown> = { stored: 'run_bins' };
    for (const [direction, dist] of Object.entries(byDir)) {
      if (!(dist?.ms instanceof Float64Array) || !(dist.counts instanceof Float64Array)) continue;
      bins.push({ source, direction, bins: dist });
      note[direction] = dist.ms.length;
    }
    out[source] = note;
  }
  return { tables: out, bins };
}

/** A stored JSON array; a damaged one reads as empty. */
function readArray<T>(text: string): T[] {
  const stored = parseStoredJson(text);
  return 'value' in stored && Array.isArray(stored.value) ? (stored.value as T[]) : [];
}

/** A stored time as ISO 8601; undefined when no date can be printed from it (a damaged row). */
const isoOrNull = (ms: number | null): string | null | undefined => {
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

interface RunRow {
  id: number;
  study: string;
  config: string;
  tool: string;
  tool_version: string | null;
  format: string;
  name: string;
  host: string | null;
  start_ms: number | null;
  end_ms: number | null;
  file_name: string;
  sha256: string;
  params: string;
  tables: string;
  warnings: string;
  errors: string;
  metrics: string;
  excluded_reason: string | null;
  excluded_at: string | null;
  excluded_by: string | null;
  validity: string;
  counted_in_at: string | null;
  counted_in_by: string | null;
  imported_at: string;
}

export { FILE_PART_BYTES } from '../originals/read-original.js';
/** Page size of new stores and study files: large blobs (series chunks, a study file's originals) write ~5x faster than with 4 KiB pages. */
export const PAGE_SIZE = 65536;
/**
 * Original files up to this size are compressed by the writer itself where that saves space
 * (a 500 KB report: 3 ms). Larger ones are compressed by the parse workers that read them
 * (a drop of many files), and kept as they are when the writer reads them alone (one 48 MB
 * fio JSON, a streamed log): compressing them would double the import's time.
 */
export const WRITER_COMPRESS_MAX_BYTES = 1024 * 1024;

const SLOW_QUERY_MS = 40;

export class Store {
  readonly db: Database.Database;
  private readonly stmt: ReturnType<Store['statements']>;
  /** Saved charts and reports. */
  readonly reportStore: ReportStore;
  /** Deletes (held until the next one), renames, moves, exclusions, configuration constants. */
  readonly manage: ManageStore;
  /** Series summaries, pyramids and the window queries of range reads. */
  readonly levels: SeriesLevels;
  /** The original files, as objects beside the database (app/core/originals/). */
  readonly objects: ObjectStore;

  /** `nativeBinding`: the better-sqlite3 addon compiled for Electron, when running inside it. */
  /**
   * `backgroundCheckpoint`: SQLite's automatic checkpoint only as a last bound, because another
   * connection (the app's checkpointer thread) folds the log back; the CLI keeps the default.
   */
  constructor(readonly file: string, nativeBinding?: string, options: { backgroundCheckpoint?: boolean; onLog?: (line: string) => void } = {}) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.objects = ObjectStore.forDatabase(file);
    try {
      this.db = new Database(file, nativeBinding ? { nativeBinding } : {});
    } catch (err) {
      throw namingFile(err, file);
    }
    try {
      this.open(options);
    } catch (err) {
      this.db.close();
      this.objects.close();
      // "database disk image is malformed", a schema drift: the message says which database.
      if (err instanceof MigrationDriftError) {
        err.message = `${file}: ${err.message}`;
        throw err;
      }
      throw namingFile(err, file);
    }
    this.reportStore = new ReportStore(this.db);
    this.manage = new ManageStore(this.db);
    this.levels = new SeriesLevels(this.db);
    this.stmt = this.statements();
    // Objects a crash left with no row naming them (killed between an object's rename and its
    // commit), and temporary files of processes that are gone; not while another process writes.
    this.collectOriginals(false);
  }

  /** Settings of the connection, and the schema brought up to date. */
  private open(options: { backgroundCheckpoint?: boolean; onLog?: (line: string) => void }): void {
    // Another process (a second CLI, the web host) may be writing: wait for it rather than fail.
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A new database gets 64 KiB pages: original files and series chunks are large blobs, which
    // 4 KiB pages cut into thousands of overflow pages (a 48 MB file writes about 5x faster).
    // The page size is fixed once the first table exists, so only a new file can have it.
    if ((this.db.prepare('SELECT COUNT(*) AS n FROM sqlite_master').get() as { n: number }).n === 0) this.db.pragma(`page_size = ${PAGE_SIZE}`);
    // WAL: the UI's reads never wait for an import's write. NORMAL sync is safe under WAL
    // (a power cut can lose the last commit, never corrupt the file).
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // 64 MiB of page cache: a streamed 2 GB log spills far fewer pages mid-transaction.
    this.db.pragma('cache_size = -65536');
    // With a checkpointer thread beside it, commits leave the log to that thread; the threshold
    // (65,536 pages: 4 GiB with this store's 64 KiB pages, 256 MiB in a store made before them)
    // only bounds the log should the checkpointer be gone.
    if (options.backgroundCheckpoint) this.db.pragma('wal_autocheckpoint = 65536');
    // A store's batched migrations (its originals moved out) run here, in its own transactions.
    migrate(this.db, undefined, { db: this.db, objects: this.objects, transaction: (fn) => this.transaction(fn), onLog: options.onLog });
  }

  private statements() {
    return {
      // A deleted study (held until the next delete, so it can be undone) is hidden everywhere.
      studyBySlug: this.db.prepare<[string], StudyRow>('SELECT id, slug, name FROM studies WHERE slug = ? AND trashed_by IS NULL'),
      studyByName: this.db.prepare<[string], StudyRow>('SELECT id, slug, name FROM studies WHERE name = ? AND trashed_by IS NULL'),
      insertStudy: this.db.prepare('INSERT INTO studies (slug, name, created_at) VALUES (?, ?, ?)'),
      studies: this.db.prepare<[], StudyRow & { runs: number }>(
        `SELECT s.id, s.slug, s.name, (SELECT COUNT(*) FROM runs r WHERE r.study_id = s.id) AS runs
         FROM studies s WHERE s.trashed_by IS NULL ORDER BY s.name COLLATE NOCASE`,
      ),
      configs: this.db.prepare<[number], { config: string }>(
        'SELECT config FROM runs WHERE study_id = ? GROUP BY config ORDER BY MIN(id)',
      ),
      insertFile: this.db.prepare('INSERT OR IGNORE INTO files (sha256, size) VALUES (?, ?)'),
      nextChunk: this.db.prepare<[number, string, string], { next: number }>('SELECT COALESCE(MAX(chunk) + 1, 0) AS next FROM series WHERE run_id = ? AND object = ? AND metric = ?'),
      insertBins: this.db.prepare('INSERT OR REPLACE INTO run_bins (run_id, source, direction, ms, counts) VALUES (?, ?, ?, ?, ?)'),
      bins: this.db.prepare<[number, string], { direction: string; ms: Buffer; counts: Buffer }>('SELECT direction, ms, counts FROM run_bins WHERE run_id = ? AND source = ? ORDER BY direction'),
      importBySha: this.db.prepare<[number, string], { id: number }>('SELECT id FROM imports WHERE study_id = ? AND sha256 = ?'),
      insertImport: this.db.prepare(
        `INSERT INTO imports (study_id, sha256, file_name, format, importer_version, config, warnings, imported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      runIdsOfImport: this.db.prepare<[number], { id: number }>('SELECT id FROM runs WHERE import_id = ? ORDER BY ordinal'),
      insertRun: this.db.prepare(
        `INSERT INTO runs (study_id, import_id, config, ordinal, name, tool, tool_version, host, start_ms, end_ms,
                           params, tables, warnings, errors, metrics, validity)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertSeries: this.db.prepare(
        `INSERT INTO series (run_id, object, metric, unit, chunk, t_first, t_last, n, times, vals)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      periods: this.db.prepare<[number], { name: string; spec: string; zone: string; ranges: string; days: string }>(
        'SELECT name, spec, zone, ranges, days FROM periods WHERE study_id = ? ORDER BY id',
      ),
      upsertPeriod: this.db.prepare(
        `INSERT INTO periods (study_id, name, spec, zone, ranges, days, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (study_id, name) DO UPDATE SET spec = excluded.spec, zone = excluded.zone, ranges = excluded.ranges, days = excluded.days`,
      ),
      deletePeriod: this.db.prepare('DELETE FROM periods WHERE study_id = ? AND name = ?'),
      settings: this.db.prepare<[number], { settings: string }>('SELECT settings FROM studies WHERE id = ?'),
      saveSettings: this.db.prepare('UPDATE studies SET settings = ? WHERE id = ?'),
    };
  }

  close(): void {
    this.db.close();
    this.objects.close();
  }

  /**
   * Runs `fn` in one transaction: all of it is written, or none of it. The transaction takes the
   * write lock first (BEGIN IMMEDIATE): a deferred one that reads and then writes fails at once
   * with "database is locked" when another process wrote meanwhile, which no busy timeout
   * helps. While another process holds the lock, `wait.onWait` is told (the import's progress
   * says so) and `wait.checkCancel` may stop the wait; nothing is written until it is ours.
   */
  transaction<T>(fn: () => T, wait: LockWait = {}): T {
    // Inside a transaction already: a savepoint of it.
    if (this.db.inTransaction) return this.db.transaction(fn)();
    beginImmediate(this.db, wait);
    try {
      const out = fn();
      // The original files it wrote are on the disk and in place before the rows naming them commit.
      this.objects.settle();
      this.db.exec('COMMIT');
      this.objects.committed();
      return out;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // ...and gone again when they do not.
      this.objects.rolledBack();
      throw err;
    }
  }

  /**
   * Removes the objects no row names (collect.ts): with `wait`, after the trash is emptied,
   * taking the write lock in turn; without, at startup, only when no other process holds it.
   */
  collectOriginals(wait: boolean): Collected | null {
    if (!wait) return collectUnreferenced(this.db, this.objects, { try: BUSY_TIMEOUT_MS });
    return this.transaction(() => collectUnreferenced(this.db, this.objects, 'held'));
  }

  /**
   * Logs queries slower than 40 ms (Signal's threshold: a slow UI starts here) when a developer
   * asks for it (PERFDELTA_SLOW_QUERIES=1): on a user's terminal a line about the store under
   * every report and export is noise, and on a loaded machine every full read crosses it.
   */
  private timed<T>(label: string, fn: () => T): T {
    if (process.env['PERFDELTA_SLOW_QUERIES'] !== '1') return fn();
    const t0 = performance.now();
    const out = fn();
    const ms = performance.now() - t0;
    if (ms > SLOW_QUERY_MS) console.warn(`[store] slow query ${label}: ${ms.toFixed(1)} ms`);
    return out;
  }

  // ---- reads -------------------------------------------------------------------------------

  /** A study by slug or by exact name. */
  findStudy(nameOrSlug: string): StudyRow | null {
    return this.stmt.studyBySlug.get(nameOrSlug) ?? this.stmt.studyByName.get(nameOrSlug) ?? this.stmt.studyBySlug.get(slugify(nameOrSlug)) ?? null;
  }

  listStudies(): StudySummary[] {
    return this.stmt.studies.all().map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      configs: this.stmt.configs.all(s.id).map((c) => c.config),
      periods: this.stmt.periods.all(s.id).map((p) => p.name),
      runs: s.runs,
    }));
  }

  listRuns(filter: { studyId?: number; config?: string; ids?: number[] } = {}): RunRecord[] {
    const where: string[] = [];
    const args: Array<string | number> = [];
    if (filter.studyId !== undefined) {
      where.push('r.study_id = ?');
      args.push(filter.studyId);
    }
    if (filter.config !== undefined) {
      where.push('r.config = ?');
      args.push(filter.config);
    }
    if (filter.ids) {
      if (filter.ids.length === 0) return [];
      where.push(`r.id IN (${filter.ids.map(() => '?').join(',')})`);
      args.push(...filter.ids);
    }
    // Runs of a deleted study, or deleted runs (held in a hidden study), are never listed.
    where.push('s.trashed_by IS NULL');
    const sql = `SELECT r.id, s.slug AS study, r.config, r.tool, r.tool_version, i.format, r.name, r.host,
                        r.start_ms, r.end_ms, i.file_name, i.sha256, r.params, r.tables, r.warnings, r.errors, r.metrics,
                        r.excluded_reason, r.excluded_at, r.excluded_by, r.validity, r.counted_in_at, r.counted_in_by, i.imported_at
                 FROM runs r JOIN studies s ON s.id = r.study_id JOIN imports i ON i.id = r.import_id
                 WHERE ${where.join(' AND ')}
                 ORDER BY r.config, r.import_id, r.ordinal`;
    return this.timed('listRuns', () => {
      const rows = this.db.prepare(sql).all(...args) as RunRow[];
      return rows.map((r) => {
        // A row damaged in the store (JSON that is not, or nests 50,000 deep; a time in the year
        // 3e8) lists with that field empty and says so: it never stops the listing of the others.
        const damaged: string[] = [];
        const read = <T>(column: keyof RunRow, fallback: T): T => {
          const stored = parseStoredJson(r[column]);
          if ('value' in stored && stored.value !== null && typeof stored.value === typeof fallback && Array.isArray(stored.value) === Array.isArray(fallback)) return stored.value as T;
          damaged.push(`the stored ${column} ${'problem' in stored ? stored.problem : 'is of the wrong kind'}: shown empty`);
          return fallback;
        };
        const time = (column: 'start_ms' | 'end_ms'): string | null => {
          const iso = isoOrNull(r[column]);
          if (iso === undefined) damaged.push(`the stored ${column} ${String(r[column])} is not a date between the years 1 and 9999: shown empty`);
          return iso ?? null;
        };
        const validity = read<ValidityFact[]>('validity', []);
        // A user's exclusion first; else the run's own facts may leave it out (validity/exclusion.ts).
        const excluded = r.excluded_reason !== null ? { reason: r.excluded_reason, at: r.excluded_at ?? '', by: r.excluded_by }
          : validityExclusion(validity, r.counted_in_at !== null, r.imported_at);
        const run: RunRecord = {
          id: r.id,
          study: r.study,
          config: r.config,
          tool: r.tool,
          tool_version: r.tool_version,
          format: r.format,
          name: r.name,
          host: r.host,
          start: time('start_ms'),
          end: time('end_ms'),
          source: { file: r.file_name, sha256: r.sha256 },
          params: read<Record<string, ParamValue>>('params', {}),
          metrics: read<Record<string, number>>('metrics', {}),
          tables: read<Record<string, unknown>>('tables', {}),
          warnings: read<string[]>('warnings', []),
          errors: read<string[]>('errors', []),
          excluded,
          validity,
          counted_in: r.counted_in_at !== null ? { at: r.counted_in_at, by: r.counted_in_by } : null,
        };
        if (damaged.length) run.errors = [...run.errors, ...damaged];
        return run;
      });
    });
  }

  series(runId: number, metric?: string, object?: string): SeriesRecord[] {
    const where = ['run_id = ?'];
    const args: Array<string | number> = [runId];
    if (metric) {
      where.push('metric = ?');
      args.push(metric);
    }
    if (object) {
      where.push('object = ?');
      args.push(object);
    }
    const rows = this.db
      .prepare(`SELECT object, metric, unit, times, vals FROM series WHERE ${where.join(' AND ')} ORDER BY object, metric, chunk`)
      .all(...args) as Array<{ object: string; metric: string; unit: string; times: Buffer; vals: Buffer }>;
    const out = new Map<string, SeriesRecord>();
    for (const row of rows) {
      const key = `${row.object}\u0000${row.metric}`;
      let rec = out.get(key);
      if (!rec) out.set(key, (rec = { run: runId, object: row.object, metric: row.metric, unit: row.unit, points: [] }));
      const t = decodeFloat64(row.times);
      const v = decodeFloat64(row.vals);
      for (let i = 0; i < t.length; i++) rec.points.push([t[i]!, v[i]!]);
    }
    return [...out.values()];
  }

  periods(studyId: number): PeriodRow[] {
    return this.stmt.periods.all(studyId).map((p) => ({
      name: p.name, spec: p.spec, zone: p.zone, ranges: readArray<PeriodRow['ranges'][number]>(p.ranges), days: readArray<string>(p.days),
    }));
  }

  seriesUnit(studyId: number, metric: string): string | null {
    const row = this.db.prepare('SELECT s.unit FROM series s JOIN runs r ON r.id = s.run_id WHERE r.study_id = ? AND s.metric = ? LIMIT 1').get(studyId, metric) as { unit: string } | undefined;
    return row?.unit ?? null;
  }

  /**
   * Configurations with series of a metric, the one with the most points first; with a window,
   * only chunks overlapping [from, to) count (a period's production data, not a pre-test's
   * intervals on other days).
   */
  seriesConfigs(studyId: number, metric: string, from: number | null = null, to: number | null = null): string[] {
    return (this.db.prepare(`SELECT r.config, SUM(s.n) AS n FROM series s JOIN runs r ON r.id = s.run_id
      WHERE r.study_id = ? AND r.excluded_reason IS NULL AND s.metric = ? AND (? IS NULL OR s.t_last >= ?) AND (? IS NULL OR s.t_first < ?) GROUP BY r.config ORDER BY n DESC`)
      .all(studyId, metric, from, from, to, to) as Array<{ config: string }>).map((r) => r.config);
  }

  /** The series metrics of a study, optionally only those with chunks overlapping [from, to). */
  seriesMetrics(studyId: number, from: number | null = null, to: number | null = null): string[] {
    return (this.db.prepare(`SELECT DISTINCT s.metric FROM series s JOIN runs r ON r.id = s.run_id
      WHERE r.study_id = ? AND r.excluded_reason IS NULL AND (? IS NULL OR s.t_last >= ?) AND (? IS NULL OR s.t_first < ?) ORDER BY s.metric`)
      .all(studyId, from, from, to, to) as Array<{ metric: string }>).map((r) => r.metric);
  }

  /**
   * Per run and series metric: the span its samples cover (epoch ms) and how many objects they
   * are of. What a study's views open on is chosen from these (runs on different days are drawn
   * from t = 0; an SVC run's volumes are counted in the Runs table).
   */
  seriesSpans(studyId: number): Array<{ run: number; config: string; metric: string; from: number; to: number; objects: number }> {
    return this.timed('seriesSpans', () => this.db.prepare(`SELECT s.run_id AS run, r.config AS config, s.metric AS metric, MIN(s.t_first) AS "from", MAX(s.t_last) AS "to",
      COUNT(DISTINCT s.object) AS objects FROM series s JOIN runs r ON r.id = s.run_id WHERE r.study_id = ? GROUP BY s.run_id, s.metric ORDER BY s.run_id, s.metric`)
      .all(studyId) as Array<{ run: number; config: string; metric: string; from: number; to: number; objects: number }>);
  }

  /** A study's settings; settings damaged in the store read as none (the defaults), so the study can still be listed, changed and deleted. */
  settings(studyId: number): StudySettings {
    const stored = parseStoredJson(this.stmt.settings.get(studyId)?.settings ?? '{}');
    return 'value' in stored && typeof stored.value === 'object' && stored.value !== null && !Array.isArray(stored.value) ? (stored.value as StudySettings) : {};
  }

  /**
   * Every series of one metric in a study, merged per object across runs (an object's samples
   * may come from several files, e.g. one per SVC node and interval), optionally only chunks
   * overlapping [from, to).
   */
  seriesOfStudy(studyId: number, metric: string, from: number | null = null, to: number | null = null, config: string | null = null): ObjectSeries[] {
    const rows = this.timed('seriesOfStudy', () => this.db.prepare(
      `SELECT s.object, s.times, s.vals FROM series s JOIN runs r ON r.id = s.run_id
       WHERE r.study_id = ? AND r.excluded_reason IS NULL AND s.metric = ? AND (? IS NULL OR s.t_last >= ?) AND (? IS NULL OR s.t_first < ?) AND (? IS NULL OR r.config = ?)
       ORDER BY s.object, s.t_first`,
    ).all(studyId, metric, from, from, to, to, config, config) as Array<{ object: string; times: Buffer; vals: Buffer }>);
    const byObject = new Map<string, Array<{ times: Float64Array; values: Float64Array }>>();
    for (const row of rows) {
      let parts = byObject.get(row.object);
      if (!parts) byObject.set(row.object, (parts = []));
      parts.push({ times: decodeFloat64(row.times), values: decodeFloat64(row.vals) });
    }
    return [...byObject.entries()].map(([object, parts]) => {
      // One chunk (a week of 5-minute samples is 2,016 points): its decoded arrays as they are.
      if (parts.length === 1) return { object, ...parts[0]! };
      // Chunks arrive ordered by their first time; when they do not overlap (the usual case:
      // one run's chunks, or runs one after another) they are simply laid end to end.
      const all = concatPoints(parts);
      const ordered = parts.every((p, i) => i === 0 || p.times[0]! >= parts[i - 1]!.times[parts[i - 1]!.times.length - 1]!);
      if (ordered) return { object, ...all };
      const n = all.times.length;
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((a, b) => all.times[a]! - all.times[b]!);
      const times = new Float64Array(n);
      const values = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        times[i] = all.times[order[i]!]!;
        values[i] = all.values[order[i]!]!;
      }
      return { object, times, values };
    });
  }

  /** Whether the study has imported these bytes (one indexed lookup; importedRunIds also lists the runs). */
  hasImport(studyId: number, sha256: string): boolean {
    return this.stmt.importBySha.get(studyId, sha256) !== undefined;
  }

  importedRunIds(studyId: number, sha256: string): number[] | null {
    const imp = this.stmt.importBySha.get(studyId, sha256);
    return imp ? this.stmt.runIdsOfImport.all(imp.id).map((r) => r.id) : null;
  }

  /** An original file, whole (read-original.ts: from its object, or the database's parts while they move out). */
  fileContent(sha256: string): Buffer | null {
    return originalBytes({ db: this.db, objects: this.objects }, sha256);
  }

  // ---- writes (callers wrap them in one transaction per import) ---------------------------

  /** The study with this name or slug, created if it does not exist yet (`created` says so). */
  ensureStudy(name: string, wantedSlug?: string): StudyRow & { created: boolean } {
    const existing = (wantedSlug ? this.stmt.studyBySlug.get(wantedSlug) : undefined) ?? this.findStudy(name);
    if (existing) return { ...existing, created: false };
    const slug = wantedSlug ?? slugify(name);
    checkRow('studies', { slug, name: name.trim() }, `study "${name.trim().slice(0, 80)}"`);
    const info = this.stmt.insertStudy.run(slug, name.trim(), new Date().toISOString());
    return { id: Number(info.lastInsertRowid), slug, name: name.trim(), created: true };
  }

  /** Removes a study this transaction made and put nothing in (an import that failed): no empty study is left behind. */
  dropEmptyStudy(studyId: number): void {
    const runs = (this.db.prepare('SELECT COUNT(*) AS n FROM imports WHERE study_id = ?').get(studyId) as { n: number }).n;
    if (runs > 0) throw new Error(`study ${studyId} holds imports: it is not empty`);
    this.db.prepare('DELETE FROM studies WHERE id = ?').run(studyId);
  }

  savePeriod(studyId: number, period: PeriodRow): void {
    const row = { name: period.name, spec: period.spec, zone: period.zone, ranges: JSON.stringify(period.ranges), days: JSON.stringify(period.days) };
    checkRow('periods', row, `period "${period.name.slice(0, 80)}"`);
    this.stmt.upsertPeriod.run(studyId, row.name, row.spec, row.zone, row.ranges, row.days, new Date().toISOString());
  }

  deletePeriod(studyId: number, name: string): boolean {
    return this.stmt.deletePeriod.run(studyId, name).changes > 0;
  }

  saveSettings(studyId: number, settings: StudySettings): void {
    const text = JSON.stringify(settings);
    checkRow('studies', { settings: text }, `study ${studyId}`);
    this.stmt.saveSettings.run(text, studyId);
  }

  /** Keeps an original file; false when the store already has these bytes. */
  saveFile(sha256: string, bytes: Uint8Array): boolean {
    return this.keepFile(sha256, bytes.byteLength, () => bytes);
  }

  /**
   * Keeps an original file: its row (hash and size), and its object, written inside this
   * transaction (object-store.ts): the object a parse worker prepared for it, else `bytes()`.
   * False when the store has these bytes already. A row whose object went missing gets it back
   * from the same bytes (a missing object is repaired; a damaged one is only ever reported).
   */
  keepFile(sha256: string, size: number, bytes: () => Uint8Array): boolean {
    this.mustHoldLock();
    const isNew = this.stmt.insertFile.run(sha256, size).changes > 0;
    if (!isNew && (this.objects.locate(sha256) || hasParts(this.db, sha256))) return false;
    if (this.objects.adopt(sha256) === 'none') {
      const b = bytes();
      this.objects.put(sha256, b, b.byteLength <= WRITER_COMPRESS_MAX_BYTES);
    }
    return isNew;
  }

  /**
   * Writes a file as it is read (a streamed import), kept as it is. Null when the store already
   * has it. The caller `finish`es it when read through, or `abort`s it (a file found unreadable
   * part way); the caller's transaction makes it appear whole or not at all.
   */
  fileWriter(sha256: string, size: number): { append(bytes: Uint8Array): void; finish(): void; abort(): void } | null {
    this.mustHoldLock();
    if (this.stmt.insertFile.run(sha256, size).changes === 0 && (this.objects.locate(sha256) || hasParts(this.db, sha256))) return null;
    return this.objects.writer(sha256);
  }

  /** Objects are placed only with the write lock held (collect.ts relies on it). */
  private mustHoldLock(): void {
    if (!this.db.inTransaction) throw new Error('original files are kept only inside a write transaction');
  }

  /** An import's warnings once known (a streamed file's, at its end). */
  setImportWarnings(importId: number, warnings: readonly string[]): void {
    const text = JSON.stringify(warnings);
    checkRow('imports', { warnings: text }, `import ${importId}`);
    this.db.prepare('UPDATE imports SET warnings = ? WHERE id = ?').run(text, importId);
  }

  insertImport(row: ImportRow): number {
    const stored = { sha256: row.sha256, file_name: row.fileName, format: row.format, importer_version: row.importerVersion, config: row.config, warnings: JSON.stringify(row.warnings) };
    checkRow('imports', stored, `the import of ${row.fileName.slice(0, 200)}`);
    const info = this.stmt.insertImport.run(
      row.studyId, stored.sha256, stored.file_name, stored.format, stored.importer_version, stored.config,
      stored.warnings, new Date().toISOString(),
    );
    return Number(info.lastInsertRowid);
  }

  insertRun(studyId: number, importId: number, config: string, ordinal: number, run: ParsedRun): number {
    const { row, bins } = runRow(config, ordinal, run);
    const info = this.stmt.insertRun.run(
      studyId, importId, row.config, row.ordinal, row.name, row.tool, row.tool_version, row.host,
      row.start_ms, row.end_ms, row.params, row.tables, row.warnings, row.errors, row.metrics, row.validity,
    );
    const runId = Number(info.lastInsertRowid);
    this.saveBins(runId, bins);
    this.addSeries(runId, run.series);
    return runId;
  }

  /**
   * Series for a run, in chunks; also how a log file adds its samples to the run it belongs to.
   * Each series' summary and pyramid are built from the same points; a series that already had
   * points gets them built again over all of them.
   */
  addSeries(runId: number, series: readonly ParsedSeries[]): void {
    for (const s of series) {
      checkRow('series', { object: s.object, metric: s.metric, unit: s.unit }, `a series of run ${runId}`);
      const first = this.stmt.nextChunk.get(runId, s.object, s.metric)!.next;
      for (const c of chunkSeries(s.times, s.values)) {
        if (c.times.length === 0) continue;
        this.stmt.insertSeries.run(
          runId, s.object, s.metric, s.unit, first + c.chunk, c.times[0], c.times[c.times.length - 1], c.times.length,
          encodeFloat64(c.times), encodeFloat64(c.values),
        );
      }
      const key = { run: runId, object: s.object, metric: s.metric };
      if (first > 0) {
        this.levels.rebuild(key, s.unit);
      } else if (s.times.length > 0) {
        const pyramid = this.levels.builder(key, s.unit);
        pyramid.push(s.times, s.values);
        pyramid.finish();
      }
    }
  }

  /**
   * Appends points to one series of a run as they arrive (a streamed log): held until a chunk
   * is full, then written; its pyramid grows with it. `finish` writes the last, partial chunk.
   */
  seriesWriter(runId: number, object: string, metric: string, unit: string): { push(times: Float64Array, values: Float64Array): void; finish(): number } {
    checkRow('series', { object, metric, unit }, `a series of run ${runId}`);
    let chunk = this.stmt.nextChunk.get(runId, object, metric)!.next;
    const key = { run: runId, object, metric };
    // Points added to a series that has some already: its pyramid is built again at the end.
    const pyramid = chunk === 0 ? this.levels.builder(key, unit) : null;
    const times = new Float64Array(CHUNK_POINTS);
    const values = new Float64Array(CHUNK_POINTS);
    let n = 0;
    let total = 0;
    const flush = (): void => {
      if (n === 0) return;
      const t = times.subarray(0, n);
      const v = values.subarray(0, n);
      this.stmt.insertSeries.run(runId, object, metric, unit, chunk++, t[0], t[n - 1], n, encodeFloat64(t), encodeFloat64(v));
      pyramid?.push(t, v);
      total += n;
      n = 0;
    };
    return {
      push: (t, v) => {
        for (let at = 0; at < t.length;) {
          const take = Math.min(CHUNK_POINTS - n, t.length - at);
          times.set(t.subarray(at, at + take), n);
          values.set(v.subarray(at, at + take), n);
          n += take;
          at += take;
          if (n === CHUNK_POINTS) flush();
        }
      },
      finish: () => {
        flush();
        if (pyramid) {
          if (total > 0) pyramid.finish();
        } else if (total > 0) {
          this.levels.rebuild(key, unit);
        }
        return total;
      },
    };
  }

  /**
   * Completes a run inserted before its file was read through (a streamed log): its summary
   * metrics, warnings and tables are known only at the end.
   */
  completeRun(runId: number, { metrics, warnings, tables }: Pick<ParsedRun, 'metrics' | 'warnings' | 'tables'>): void {
    const row = { metrics: metricsJson(metrics), warnings: JSON.stringify(warnings), tables: JSON.stringify(tables) };
    checkRow('runs', row, `run ${runId}`, { trusted: true });
    this.db.prepare('UPDATE runs SET metrics = ?, warnings = ?, tables = ? WHERE id = ?').run(row.metrics, row.warnings, row.tables, runId);
  }

  /** HammerDB test runs (with a result) of a study's configuration: what companions join. */
  hammerdbTests(studyId: number, config: string): TestRun[] {
    const rows = this.db.prepare(
      `SELECT r.id, r.name, r.start_ms, r.params FROM runs r
       WHERE r.study_id = ? AND r.config = ? AND r.tool = 'hammerdb'
         AND (json_extract(r.metrics, '$.tpm') IS NOT NULL OR json_extract(r.metrics, '$.nopm') IS NOT NULL)`,
    ).all(studyId, config) as Array<{ id: number; name: string; start_ms: number | null; params: string }>;
    return rows.map((r) => {
      const p = JSON.parse(r.params) as Record<string, unknown>;
      const minutes = (typeof p['rampup_min'] === 'number' ? p['rampup_min'] : 0) + (typeof p['duration_min'] === 'number' ? p['duration_min'] : 0);
      return { runId: r.id, name: r.name, startMs: r.start_ms, vus: typeof p['vus'] === 'number' ? p['vus'] : null, lengthMs: minutes > 0 ? minutes * 60_000 : null };
    });
  }

  private saveBins(runId: number, bins: SourcedBins[]): void {
    for (const b of bins) this.stmt.insertBins.run(runId, b.source, b.direction, encodeFloat64(b.bins.ms), encodeFloat64(b.bins.counts));
  }


  /**
   * A run's latency distribution of one source (`latency_bins`: json+ or a histogram log's own
   * run; `hist_log_bins`: a histogram log joined to a JSON run), [ms, count] per direction.
   */
  runBins(runId: number, source: 'latency_bins' | 'hist_log_bins', tables: Record<string, unknown>): Record<string, Array<[number, number]>> | null {
    const rows = this.stmt.bins.all(runId, source);
    if (rows.length === 0) {
      // A run stored before the bins had their own table keeps its pairs in its JSON.
      const legacy = tables[source] as Record<string, unknown> | undefined;
      return legacy && !('stored' in legacy) ? (legacy as Record<string, Array<[number, number]>>) : null;
    }
    const out: Record<string, Array<[number, number]>> = {};
    for (const r of rows) {
      const ms = decodeFloat64(r.ms);
      const counts = decodeFloat64(r.counts);
      out[r.direction] = Array.from(ms, (m, i) => [m, counts[i]!] as [number, number]);
    }
    return out;
  }

  /** Adds metrics and tables to an existing run (a companion file's figures). */
  mergeIntoRun(runId: number, metrics: Record<string, number>, added: Record<string, unknown>): void {
    const row = this.db.prepare('SELECT tables, metrics FROM runs WHERE id = ?').get(runId) as { tables: string; metrics: string };
    const { tables, bins } = splitBins(added);
    // A distribution merged again replaces the one before it; other sources stay.
    for (const source of new Set(bins.map((b) => b.source))) this.db.prepare('DELETE FROM run_bins WHERE run_id = ? AND source = ?').run(runId, source);
    this.saveBins(runId, bins);
    const merged = {
      tables: JSON.stringify({ ...(JSON.parse(row.tables) as object), ...tables }),
      metrics: metricsJson({ ...(JSON.parse(row.metrics) as Record<string, number>), ...metrics }),
    };
    checkRow('runs', merged, `run ${runId}`, { trusted: true });
    this.db.prepare('UPDATE runs SET tables = ?, metrics = ? WHERE id = ?').run(merged.tables, merged.metrics, runId);
  }

  /**
   * vdbench runs of a study's configuration whose report came from `folder`, by the file that
   * gave them (in the order of its runs): a later drop of the same output folder compares its
   * reports with them before it joins them.
   */
  vdbenchRunsInFolder(studyId: number, config: string, folder: string): Array<{ file: string; runs: Array<{ id: number; run: ParsedRun }> }> {
    const rows = this.db.prepare(
      `SELECT r.id, r.name, r.host, r.params, r.metrics, r.tables, i.file_name FROM runs r JOIN imports i ON i.id = r.import_id
       WHERE r.study_id = ? AND r.config = ? AND i.format = 'vdbench' ORDER BY r.import_id, r.ordinal`,
    ).all(studyId, config) as Array<{ id: number; name: string; host: string | null; params: string; metrics: string; tables: string; file_name: string }>;
    const byFile = new Map<string, Array<{ id: number; run: ParsedRun }>>();
    for (const r of rows) {
      if (path.posix.dirname(r.file_name.replace(/\\/g, '/')) !== folder) continue;
      const tables = JSON.parse(r.tables) as Record<string, unknown>;
      // Only results: a histogram stored as runs of its own holds no figures to compare.
      if (tables['report'] === 'histogram') continue;
      const list = byFile.get(r.file_name) ?? [];
      list.push({
        id: r.id,
        run: {
          name: r.name, host: r.host, params: JSON.parse(r.params) as Record<string, ParamValue>, metrics: JSON.parse(r.metrics) as Record<string, number>,
          tables, tool: 'vdbench', toolVersion: null, startMs: null, endMs: null, series: [], warnings: [], errors: [],
        },
      });
      byFile.set(r.file_name, list);
    }
    return [...byFile].map(([file, runs]) => ({ file, runs }));
  }

  /** Whether a run has a series of this object and metric (another file gave it). */
  hasSeries(runId: number, object: string, metric: string): boolean {
    return this.stmt.nextChunk.get(runId, object, metric)!.next > 0;
  }

  /** Whether a run has a latency distribution of this source (`hist_log_bins`: a histogram log joined it). */
  hasBins(runId: number, source: string): boolean {
    return this.db.prepare('SELECT 1 FROM run_bins WHERE run_id = ? AND source = ? LIMIT 1').get(runId, source) !== undefined;
  }

  /** A run's tables as stored. */
  runTables(runId: number): Record<string, unknown> {
    const row = this.db.prepare('SELECT tables FROM runs WHERE id = ?').get(runId) as { tables: string } | undefined;
    return row ? (JSON.parse(row.tables) as Record<string, unknown>) : {};
  }

  /** Whether a run's tables hold `key` (a companion file joined it before). */
  runHasTable(runId: number, key: string): boolean {
    const row = this.db.prepare('SELECT json_type(tables, ?) AS t FROM runs WHERE id = ?').get(`$."${key.replace(/"/g, '')}"`, runId) as { t: string | null } | undefined;
    return row?.t != null;
  }

  /** fio JSON and normal-output runs of a study: the runs a log file imported later may belong to. */
  logOwnerCandidates(studyId: number, config: string): LogOwnerCandidate[] {
    const rows = this.db.prepare(
      `SELECT r.id, r.name, i.file_name, r.tool_version, r.start_ms, r.tables, r.ordinal, r.import_id FROM runs r JOIN imports i ON i.id = r.import_id
       WHERE r.study_id = ? AND r.config = ? AND i.format IN ('fio-json', 'fio-normal')`,
    ).all(studyId, config) as Array<{ id: number; name: string; file_name: string; tool_version: string | null; start_ms: number | null; tables: string; ordinal: number; import_id: number }>;
    return rows.map((r) => ownerCandidate(
      { name: r.name, toolVersion: r.tool_version, startMs: r.start_ms, tables: JSON.parse(r.tables) as Record<string, unknown> },
      { runId: r.id, file: r.file_name, origin: `import ${r.import_id}`, ordinal: r.ordinal },
    ));
  }
}
