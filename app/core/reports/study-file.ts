/**
 * A study as one portable file (`.perfdelta`): an SQLite database of the same schema holding one
 * study: its original files, imports, runs, metrics, series, periods, settings, charts and
 * reports. A colleague opens it and checks the numbers from the same bytes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ChartSpec, ReportSection } from '../../contract/records.js';
import { PAGE_SIZE, type Store } from '../store/store.js';
import { migrate } from '../store/migrations.js';
import { openCheckedStudyFile, StudyFileError } from './study-file-check.js';
import { writeWholeWith } from '../output/write-whole.js';
import { ROW_SCHEMA, rowProblem } from '../store/row-schema.js';
import { namingFile } from '../store/store-errors.js';
import { DamagedOriginalError, FILE_PART_BYTES, originalPieces } from '../originals/read-original.js';
import { remapTimelineRuns } from '../timeline/lane-ids.js';

/** A chart that names runs (a latency CDF, runs overlaid) names them by id: the ids may be new here. */
function remapChartRuns(specJson: string, runIds: ReadonlyMap<number, number>): string {
  const spec = JSON.parse(specJson) as ChartSpec;
  // A timeline names runs in its lane ids and offsets.
  if (spec.kind === 'timeline') return JSON.stringify(remapTimelineRuns(spec, runIds));
  if (!('runs' in spec) || !Array.isArray(spec.runs)) return specJson;
  return JSON.stringify({ ...spec, runs: spec.runs.map((r) => runIds.get(r) ?? r) });
}

/**
 * Writes the study into a new file at `out` (replaced if it exists), whole or not at all: a full
 * disk leaves the file there before as it was and says which disk (write-whole.ts).
 */
export function saveStudyFile(store: Store, studyId: number, out: string): void {
  writeWholeWith(out, (tmp) => writeStudyFile(store, studyId, tmp), { sidecars: ['-journal', '-wal', '-shm'] });
}

function writeStudyFile(store: Store, studyId: number, tmp: string): void {
  const target = new Database(tmp);
  try {
    target.pragma(`page_size = ${PAGE_SIZE}`); // as the store's: the original files are large blobs
    migrate(target);
  } finally {
    target.close();
  }
  const db = store.db;
  db.prepare('ATTACH DATABASE ? AS x').run(tmp);
  try {
    db.transaction(() => {
      db.prepare('INSERT INTO x.studies SELECT * FROM main.studies WHERE id = ?').run(studyId);
      db.prepare('INSERT INTO x.files SELECT * FROM main.files WHERE sha256 IN (SELECT sha256 FROM main.imports WHERE study_id = ?)').run(studyId);
      // The originals go inside the file, in parts (one portable file), read from their objects.
      const part = db.prepare('INSERT INTO x.file_parts (sha256, part, bytes) VALUES (?, ?, ?)');
      for (const sha256 of db.prepare('SELECT sha256 FROM x.files ORDER BY sha256').pluck().all() as string[]) {
        const pieces = originalPieces({ db, objects: store.objects }, sha256, FILE_PART_BYTES);
        if (!pieces) throw new Error(`original file ${sha256.slice(0, 12)}… is missing from ${store.objects.root} (perfdelta check says which files it was imported as): the study file was not written`);
        let n = 0;
        for (const bytes of pieces) part.run(sha256, n++, bytes);
      }
      for (const table of ['imports', 'runs', 'periods', 'charts', 'reports', 'config_constants']) {
        db.prepare(`INSERT INTO x.${table} SELECT * FROM main.${table} WHERE study_id = ?`).run(studyId);
      }
      // Which runs each file went into, for the study's own runs only (never a deleted run's).
      db.prepare(`INSERT INTO x.import_runs SELECT l.* FROM main.import_runs l JOIN main.imports i ON i.id = l.import_id JOIN main.runs r ON r.id = l.run_id
        WHERE i.study_id = ? AND r.study_id = ?`).run(studyId, studyId);
      db.prepare('INSERT INTO x.series SELECT s.* FROM main.series s JOIN main.runs r ON r.id = s.run_id WHERE r.study_id = ?').run(studyId);
      // The series' summaries and pyramids go with them: opening the file needs no rebuild.
      db.prepare('INSERT INTO x.series_summary SELECT s.* FROM main.series_summary s JOIN main.runs r ON r.id = s.run_id WHERE r.study_id = ?').run(studyId);
      db.prepare('INSERT INTO x.series_levels SELECT l.* FROM main.series_levels l JOIN main.runs r ON r.id = l.run_id WHERE r.study_id = ? ORDER BY l.id').run(studyId);
      db.prepare('INSERT INTO x.run_bins SELECT b.* FROM main.run_bins b JOIN main.runs r ON r.id = b.run_id WHERE r.study_id = ?').run(studyId);
    })();
  } finally {
    db.prepare('DETACH DATABASE x').run();
  }
  // One self-contained file: no -wal or -shm beside it.
  const done = new Database(tmp);
  try {
    done.pragma('journal_mode = DELETE');
  } finally {
    done.close();
  }
}

type Row = Record<string, unknown>;

export { StudyFileError };

/** A study file to open: its bytes (the Electron window's call), or where it is on disk (the CLI, a web host's spooled upload). */
export type StudyFileInput = { bytes: Uint8Array } | { path: string };

/**
 * Opens a study file into the store, in one transaction. A study of the same slug already here
 * is left alone: the opened one gets a new slug and a "(2)" name. Returns the new slug.
 * `workDir`: where the checked copy is made (a folder of this process's own: a copy an
 * interrupted open leaves is removed when PerfDelta next starts, scratch-folders.ts).
 */
export function openStudyFile(store: Store, input: StudyFileInput, fileName: string, workDir: string): string {
  const dir = fs.mkdtempSync(path.join(workDir, 'open-'));
  const tmp = path.join(dir, 'study.perfdelta');
  try {
    // A copy of its own: the user's file is never touched, and nothing else changes what was checked.
    try {
      if ('bytes' in input) fs.writeFileSync(tmp, input.bytes);
      else fs.copyFileSync(input.path, tmp);
    } catch (err) {
      throw new StudyFileError(fileName, `could not be copied to ${dir} to be checked (${(err as Error).message})`);
    }
    // Checked before anything else reads it: SQLite, no triggers or views, PerfDelta's schema
    // at a version this one knows (study-file-check.ts).
    openCheckedStudyFile(tmp, fileName).close();
    // Migrated up if an older PerfDelta wrote it.
    let src: Database.Database;
    try {
      src = new Database(tmp);
      src.pragma('trusted_schema = OFF');
      src.pragma('journal_mode = DELETE');
      migrate(src);
    } catch (err) {
      throw new StudyFileError(fileName, `not a PerfDelta study file (${(err as Error).message})`);
    }
    const studies = src.prepare('SELECT * FROM studies').all() as Row[];
    if (studies.length !== 1) {
      src.close();
      throw new StudyFileError(fileName, `a study file holds one study; this one holds ${studies.length}`);
    }
    // Every row against the schema the store's own writes use (row-schema.ts): a value that
    // would stop a listing (JSON 50,000 levels deep, a date in the year 3e8, a 50 MB name) is
    // refused here, naming its place, before anything is written.
    try {
      checkStudyRows(src, fileName);
    } catch (err) {
      src.close();
      throw err;
    }
    // The originals must be the bytes their hashes name, or the numbers cannot be checked.
    let damaged: string | null = null;
    // Part by part: a study with a 2 GB log is checked without holding it whole.
    for (const f of src.prepare('SELECT sha256 FROM files').all() as Array<{ sha256: string }>) {
      const hash = createHash('sha256');
      try {
        for (const p of originalPieces({ db: src, objects: null }, f.sha256) ?? []) hash.update(p);
      } catch (err) {
        if (!(err instanceof DamagedOriginalError)) throw err;
        damaged = f.sha256;
        break;
      }
      if (hash.digest('hex') !== f.sha256) {
        damaged = f.sha256;
        break;
      }
    }
    src.close();
    if (damaged) throw new StudyFileError(fileName, `original file ${damaged.slice(0, 12)}… does not match its SHA-256: the study file is damaged`);
    try {
      return copyIn(store, tmp, studies[0]!, fileName);
    } catch (err) {
      if (err instanceof StudyFileError) throw err;
      // The file was checked: what fails now is the store it goes into (full, damaged, locked), named too.
      throw new StudyFileError(fileName, `could not be copied into ${store.file}: ${(namingFile(err, store.file) as Error).message}; nothing was imported`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The columns a row is named by in a message: its id, or its key where it has no id. */
const ROW_KEYS: Readonly<Record<string, readonly string[]>> = { files: ['sha256'], import_runs: ['import_id', 'run_id'], series_summary: ['run_id', 'object', 'metric'], run_bins: ['run_id', 'source', 'direction'], config_constants: ['config', 'name'] };

/** Checks every row of the tables a study file's study is copied from; throws StudyFileError naming the first bad one. */
function checkStudyRows(src: Database.Database, fileName: string): void {
  for (const [table, columns] of Object.entries(ROW_SCHEMA)) {
    // An original file's parts are read (and checked against its SHA-256) once, below: here only what names them.
    const selected = table === 'file_parts' ? Object.keys(columns).filter((c) => c !== 'bytes') : Object.keys(columns);
    let n = 0;
    // In the order the rows were written (a table without rowids, in its key's): "row 1" is the first.
    const order = table === 'import_runs' ? '' : ' ORDER BY rowid';
    for (const row of src.prepare(`SELECT ${selected.map((c) => `"${c}"`).join(', ')} FROM "${table}"${order}`).iterate() as Iterable<Row>) {
      n++;
      const keys = ROW_KEYS[table] ?? ['id'];
      const named = keys.filter((k) => k in row).map((k) => `${k} ${String(row[k]).slice(0, 80)}`).join(', ');
      const problem = rowProblem(table, row, `row ${n}${named ? ` (${named})` : ''}`);
      if (problem) throw new StudyFileError(fileName, `refused: ${problem.message}; nothing was imported`);
    }
  }
}

/** Files up to this size are read whole from a study file (and compressed where that saves space); larger ones are written out part by part as they are. */
const WHOLE_ORIGINAL_MAX_BYTES = 64 * 1024 * 1024;

/** Writes a study file's original as this store's object, the way an import does (inside the caller's transaction). */
function keepOriginal(store: Store, parts: Database.Database, sha256: string, size: number): void {
  const pieces = (): Iterable<Uint8Array> => originalPieces({ db: parts, objects: null }, sha256) ?? [];
  if (size <= WHOLE_ORIGINAL_MAX_BYTES) {
    store.keepFile(sha256, size, () => Buffer.concat([...pieces()]));
    return;
  }
  const w = store.fileWriter(sha256, size);
  if (!w) return;
  for (const p of pieces()) w.append(p);
  w.finish();
}

function copyIn(store: Store, file: string, study: Row, fileName: string): string {
  const db = store.db;
  // The study file's originals are read through a connection of their own (the attached copy's tables are x.*).
  const parts = new Database(file, { readonly: true });
  parts.pragma('trusted_schema = OFF');
  // The attached file's schema was checked; no schema text of it may call a function with side effects either.
  const trusted = db.pragma('trusted_schema', { simple: true });
  db.pragma('trusted_schema = OFF');
  db.prepare('ATTACH DATABASE ? AS x').run(file);
  try {
    // The checked copy is the one attached: nothing changed it since (it is ours, in a private folder).
    const attached = (db.prepare("SELECT COUNT(*) AS n FROM x.sqlite_master WHERE type IN ('trigger', 'view')").get() as { n: number }).n;
    if (attached > 0) throw new StudyFileError(fileName, 'refused: it holds a trigger or a view; nothing was imported');
    return store.transaction(() => {
      let slug = String(study['slug']);
      let name = String(study['name']);
      const exists = db.prepare<[string, string]>('SELECT 1 FROM main.studies WHERE slug = ? OR (name = ? AND trashed_by IS NULL)');
      for (let i = 2; exists.get(slug, name); i++) {
        slug = `${study['slug']}-${i}`;
        name = `${study['name']} (${i})`;
      }
      const sid = Number(db.prepare('INSERT INTO main.studies (slug, name, created_at, settings) VALUES (?, ?, ?, ?)')
        .run(slug, name, study['created_at'], study['settings']).lastInsertRowid);
      const oldSid = study['id'];
      // Only the originals this store lacks: the same bytes imported here already are kept once.
      // Each is written as an object (flushed and in place before this transaction commits).
      const lacking = db.prepare('SELECT sha256, size FROM x.files WHERE sha256 NOT IN (SELECT sha256 FROM main.files) ORDER BY sha256').all() as Array<{ sha256: string; size: number }>;
      for (const f of lacking) keepOriginal(store, parts, f.sha256, f.size);

      const importIds = new Map<number, number>();
      const insImport = db.prepare(`INSERT INTO main.imports (study_id, sha256, file_name, format, importer_version, config, warnings, imported_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const r of db.prepare('SELECT * FROM x.imports WHERE study_id = ? ORDER BY id').all(oldSid) as Row[]) {
        importIds.set(Number(r['id']), Number(insImport.run(sid, r['sha256'], r['file_name'], r['format'], r['importer_version'], r['config'], r['warnings'], r['imported_at']).lastInsertRowid));
      }
      db.exec('CREATE TEMP TABLE IF NOT EXISTS run_map (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)');
      db.exec('DELETE FROM temp.run_map');
      // Runs keep their ids where this database has them free (a fresh data folder): reports
      // and warnings that name runs then read the same here as where the file was saved.
      const insRun = db.prepare(`INSERT INTO main.runs (id, study_id, import_id, config, ordinal, name, tool, tool_version, host, start_ms, end_ms, params, tables, warnings, errors, metrics,
          excluded_reason, excluded_at, excluded_by, validity, counted_in_at, counted_in_by)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const runTaken = db.prepare<[unknown]>('SELECT 1 FROM main.runs WHERE id = ?');
      const mapRun = db.prepare('INSERT INTO temp.run_map (old, new) VALUES (?, ?)');
      for (const r of db.prepare('SELECT * FROM x.runs WHERE study_id = ? ORDER BY id').all(oldSid) as Row[]) {
        const id = insRun.run(runTaken.get(r['id']) ? null : r['id'], sid, importIds.get(Number(r['import_id'])), r['config'], r['ordinal'], r['name'], r['tool'], r['tool_version'], r['host'],
          r['start_ms'], r['end_ms'], r['params'], r['tables'], r['warnings'], r['errors'], r['metrics'],
          r['excluded_reason'] ?? null, r['excluded_at'] ?? null, r['excluded_by'] ?? null,
          r['validity'] ?? '[]', r['counted_in_at'] ?? null, r['counted_in_by'] ?? null).lastInsertRowid;
        mapRun.run(r['id'], id);
      }
      db.exec(`INSERT INTO main.series (run_id, object, metric, unit, chunk, t_first, t_last, n, times, vals)
        SELECT m.new, s.object, s.metric, s.unit, s.chunk, s.t_first, s.t_last, s.n, s.times, s.vals FROM x.series s JOIN temp.run_map m ON m.old = s.run_id ORDER BY s.id`);
      db.exec(`INSERT INTO main.series_summary (run_id, object, metric, unit, points, t_first, t_last, ordered, levels, samples, mean, m2, min, max)
        SELECT m.new, s.object, s.metric, s.unit, s.points, s.t_first, s.t_last, s.ordered, s.levels, s.samples, s.mean, s.m2, s.min, s.max
        FROM x.series_summary s JOIN temp.run_map m ON m.old = s.run_id`);
      db.exec(`INSERT INTO main.series_levels (run_id, object, metric, level, block, t_first, t_last, n, buckets)
        SELECT m.new, l.object, l.metric, l.level, l.block, l.t_first, l.t_last, l.n, l.buckets FROM x.series_levels l JOIN temp.run_map m ON m.old = l.run_id ORDER BY l.id`);
      db.exec(`INSERT INTO main.run_bins (run_id, source, direction, ms, counts)
        SELECT m.new, b.source, b.direction, b.ms, b.counts FROM x.run_bins b JOIN temp.run_map m ON m.old = b.run_id`);
      const insLink = db.prepare('INSERT OR IGNORE INTO main.import_runs (import_id, run_id) SELECT ?, new FROM temp.run_map WHERE old = ?');
      for (const l of db.prepare('SELECT import_id, run_id FROM x.import_runs').all() as Array<{ import_id: number; run_id: number }>) {
        const imp = importIds.get(l.import_id);
        if (imp !== undefined) insLink.run(imp, l.run_id);
      }
      db.prepare(`INSERT INTO main.config_constants (study_id, config, name, value, unit, source, entered_by, entered_at)
        SELECT ?, config, name, value, unit, source, entered_by, entered_at FROM x.config_constants WHERE study_id = ?`).run(sid, oldSid);
      db.prepare(`INSERT INTO main.periods (study_id, name, spec, zone, ranges, days, created_at)
        SELECT ?, name, spec, zone, ranges, days, created_at FROM x.periods WHERE study_id = ? ORDER BY id`).run(sid, oldSid);

      const chartIds = new Map<number, number>();
      const insChart = db.prepare('INSERT INTO main.charts (study_id, name, spec, created_at) VALUES (?, ?, ?, ?)');
      const runIds = new Map((db.prepare('SELECT old, new FROM temp.run_map').all() as Array<{ old: number; new: number }>).map((m) => [m.old, m.new]));
      for (const c of db.prepare('SELECT * FROM x.charts WHERE study_id = ? ORDER BY id').all(oldSid) as Row[]) {
        chartIds.set(Number(c['id']), Number(insChart.run(sid, c['name'], remapChartRuns(String(c['spec']), runIds), c['created_at']).lastInsertRowid));
      }
      const insReport = db.prepare('INSERT INTO main.reports (study_id, name, layout, sections, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
      for (const r of db.prepare('SELECT * FROM x.reports WHERE study_id = ? ORDER BY id').all(oldSid) as Row[]) {
        // Chart sections name charts by id: the ids are new here.
        const sections = (JSON.parse(String(r['sections'])) as ReportSection[]).map((s) => (s.type === 'chart' ? { ...s, chart: chartIds.get(s.chart) ?? -1 } : s));
        insReport.run(sid, r['name'], r['layout'], JSON.stringify(sections), r['created_at'], r['updated_at']);
      }
      db.exec('DELETE FROM temp.run_map');
      return slug;
    });
  } finally {
    parts.close();
    db.prepare('DETACH DATABASE x').run();
    db.pragma(`trusted_schema = ${Number(trusted)}`);
  }
}
