/**
 * `catalog pull`: one catalog study into the local store. The catalog's rows are written into a
 * study file of PerfDelta's own schema, which is then opened as any study file is
 * (reports/study-file.ts: its schema checked, every original against its SHA-256, one
 * transaction). Every original is also hashed as it arrives, so a damaged one is named with its
 * file before anything is written. An original published as its hash only comes from this data
 * folder's store when it holds those bytes; else the pull is refused, naming the files.
 *
 * Runs keep the ids they had where they were published (where those are free here), so a
 * report that names runs reads the same; the study keeps its catalog uid, so publishing it
 * again from here updates the same catalog study.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import type { CatalogPullResult } from '../../contract/catalog-records.js';
import { unknownName } from '../closest-names.js';
import { openStudyFile } from '../reports/study-file.js';
import { migrate } from '../store/migrations.js';
import { SeriesLevels } from '../store/series-levels.js';
import { PAGE_SIZE, type Store } from '../store/store.js';
import { CatalogError, withCatalog } from './client.js';

export type PullResult = CatalogPullResult;

interface CatalogStudyRow {
  id: string;
  uid: string;
  slug: string;
  name: string;
  settings: string;
  created_at: Date;
  published_by: string;
  published_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A catalog study by uid, slug or name; an unknown one is named with the closest there are. */
export async function findCatalogStudy(c: pg.ClientBase, which: string, shown: string): Promise<CatalogStudyRow> {
  const w = which.trim();
  const rows = (await c.query<CatalogStudyRow>(
    `SELECT id, uid, slug, name, settings, created_at, published_by, published_at FROM perfdelta.studies
     WHERE ${UUID.test(w) ? 'uid::text = lower($1) OR ' : ''}slug = $1 OR name = $1 ORDER BY (slug = $1) DESC, published_at`, [w])).rows;
  // A slug or uid names one study; a name two studies share is named back with their slugs.
  if (rows.length > 1 && rows[0]!.slug !== w && rows[0]!.uid !== w) {
    throw new CatalogError(`catalog ${shown}: ${rows.length} studies are named "${w}": ${rows.map((r) => `${r.slug} (published by ${r.published_by} ${r.published_at.toISOString().slice(0, 10)})`).join(', ')}; name one by its slug`);
  }
  if (rows[0]) return rows[0];
  const names = (await c.query<{ slug: string; name: string }>('SELECT slug, name FROM perfdelta.studies')).rows.flatMap((r) => [r.slug, r.name]);
  throw unknownName('study', w, names, `the catalog ${shown}`);
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

/** The local schema's table names are fixed: the file is PerfDelta's own study file. */
function writeStudyFile(file: string): Database.Database {
  const db = new Database(file);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  migrate(db);
  return db;
}

async function buildStudyFile(c: pg.ClientBase, study: CatalogStudyRow, db: Database.Database, store: Store, shown: string): Promise<{ runs: number; checked: number; fromStore: number }> {
  const sid = study.id;
  db.prepare('INSERT INTO studies (id, slug, name, created_at, settings) VALUES (1, ?, ?, ?, ?)').run(study.slug, study.name, study.created_at.toISOString(), study.settings);

  // Originals: part by part, each hashed as it comes.
  const imports = (await c.query<{ sha256: string; size: string; stored: boolean; file_name: string; format: string; importer_version: string; config: string; warnings: string; imported_at: Date }>(
    `SELECT i.sha256, f.size, f.stored, i.file_name, i.format, i.importer_version, i.config, i.warnings, i.imported_at
     FROM perfdelta.imports i JOIN perfdelta.files f ON f.sha256 = i.sha256 WHERE i.study_id = $1 ORDER BY i.position, i.sha256`, [sid])).rows;
  const missing = imports.filter((i) => !i.stored && store.fileContent(i.sha256) === null);
  if (missing.length) {
    throw new CatalogError(`catalog ${shown}: study "${study.name}" was published without ${missing.length === 1 ? 'the original' : 'these originals'} (their SHA-256 only) and this data folder does not hold ${missing.length === 1 ? 'it' : 'them'}: ${missing.slice(0, 10).map((m) => m.file_name).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}; import ${missing.length === 1 ? 'it' : 'them'} here first, or ask the publisher to publish with originals; nothing was pulled`);
  }
  const insFile = db.prepare('INSERT OR IGNORE INTO files (sha256, size) VALUES (?, ?)');
  const insPart = db.prepare('INSERT INTO file_parts (sha256, part, bytes) VALUES (?, ?, ?)');
  let fromStore = 0;
  const done = new Set<string>();
  for (const imp of imports) {
    if (done.has(imp.sha256)) continue;
    done.add(imp.sha256);
    insFile.run(imp.sha256, Number(imp.size));
    const hash = createHash('sha256');
    let part = 0;
    if (imp.stored) {
      const parts = (await c.query<{ part: number }>('SELECT part FROM perfdelta.file_parts WHERE sha256 = $1 ORDER BY part', [imp.sha256])).rows;
      for (const p of parts) {
        const bytes = (await c.query<{ bytes: Buffer }>('SELECT bytes FROM perfdelta.file_parts WHERE sha256 = $1 AND part = $2', [imp.sha256, p.part])).rows[0]!.bytes;
        hash.update(bytes);
        insPart.run(imp.sha256, part++, bytes);
      }
    } else {
      const bytes = store.fileContent(imp.sha256)!;
      hash.update(bytes);
      insPart.run(imp.sha256, part++, bytes);
      fromStore++;
    }
    if (part === 0) insPart.run(imp.sha256, 0, Buffer.alloc(0));
    if (hash.digest('hex') !== imp.sha256) {
      throw new CatalogError(`catalog ${shown}: the original ${imp.file_name} of study "${study.name}" does not match its SHA-256 (${imp.sha256.slice(0, 12)}…): the catalog's copy is damaged; nothing was pulled`);
    }
  }
  const importId = new Map<string, number>();
  const insImport = db.prepare('INSERT INTO imports (id, study_id, sha256, file_name, format, importer_version, config, warnings, imported_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)');
  imports.forEach((i, k) => {
    importId.set(i.sha256, k + 1);
    insImport.run(k + 1, i.sha256, i.file_name, i.format, i.importer_version, i.config, i.warnings, i.imported_at.toISOString());
  });

  // Runs: the ids they had where they were published, where those are unique.
  const runs = (await c.query<{ id: string; run_key: string; local_id: number | null; sha256: string; ordinal: number; config: string; name: string; tool: string; tool_version: string | null; host: string | null;
    start_at: Date | null; end_at: Date | null; params_text: string; metrics_text: string; tables: string; warnings: string; errors: string; excluded: string | null; validity: string; counted_in: string | null }>(
    `SELECT id, run_key, local_id, sha256, ordinal, config, name, tool, tool_version, host, start_at, end_at, params_text, metrics_text, tables, warnings, errors, excluded, validity, counted_in
     FROM perfdelta.runs WHERE study_id = $1 ORDER BY local_id NULLS LAST, id`, [sid])).rows;
  const taken = new Set<number>();
  const wanted = new Map<number, number>();
  for (const r of runs) if (r.local_id !== null) wanted.set(r.local_id, (wanted.get(r.local_id) ?? 0) + 1);
  let next = Math.max(0, ...runs.map((r) => r.local_id ?? 0)) + 1;
  const idOf = new Map<string, number>();
  const insRun = db.prepare(`INSERT INTO runs (id, study_id, import_id, config, ordinal, name, tool, tool_version, host, start_ms, end_ms, params, tables, warnings, errors, metrics, excluded_reason, excluded_at, excluded_by, validity, counted_in_at, counted_in_by)
    VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const r of runs) {
    const id = r.local_id !== null && wanted.get(r.local_id) === 1 && !taken.has(r.local_id) ? r.local_id : next++;
    taken.add(id);
    idOf.set(r.id, id);
    idOf.set(r.run_key, id);
    const ex = r.excluded ? (JSON.parse(r.excluded) as { reason: string; at: string | null; by: string | null }) : null;
    const counted = r.counted_in ? (JSON.parse(r.counted_in) as { at: string; by: string | null }) : null;
    insRun.run(id, importId.get(r.sha256)!, r.config, r.ordinal, r.name, r.tool, r.tool_version, r.host, ms(r.start_at), ms(r.end_at),
      r.params_text, r.tables, r.warnings, r.errors, r.metrics_text, ex?.reason ?? null, ex?.at ?? null, ex?.by ?? null, r.validity, counted?.at ?? null, counted?.by ?? null);
  }
  const insLink = db.prepare('INSERT OR IGNORE INTO import_runs (import_id, run_id) VALUES (?, ?)');
  for (const l of (await c.query<{ run_id: string; sha256: string }>('SELECT f.run_id, f.sha256 FROM perfdelta.run_files f JOIN perfdelta.runs r ON r.id = f.run_id WHERE r.study_id = $1', [sid])).rows) {
    const imp = importId.get(l.sha256);
    if (imp !== undefined) insLink.run(imp, idOf.get(l.run_id)!);
  }

  // Series and distributions, run by run (a long log is many chunks).
  const insSeries = db.prepare('INSERT INTO series (run_id, object, metric, unit, chunk, t_first, t_last, n, times, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insBins = db.prepare('INSERT INTO run_bins (run_id, source, direction, ms, counts) VALUES (?, ?, ?, ?, ?)');
  for (const r of runs) {
    const local = idOf.get(r.id)!;
    const chunks = await c.query<{ object: string; metric: string; unit: string; chunk: number; t_first: number; t_last: number; n: number; times: Buffer; vals: Buffer }>(
      'SELECT object, metric, unit, chunk, t_first, t_last, n, times, vals FROM perfdelta.series WHERE run_id = $1 ORDER BY object, metric, chunk', [r.id]);
    for (const s of chunks.rows) insSeries.run(local, s.object, s.metric, s.unit, s.chunk, s.t_first, s.t_last, s.n, s.times, s.vals);
    const bins = await c.query<{ source: string; direction: string; ms: Buffer; counts: Buffer }>('SELECT source, direction, ms, counts FROM perfdelta.run_bins WHERE run_id = $1', [r.id]);
    for (const b of bins.rows) insBins.run(local, b.source, b.direction, b.ms, b.counts);
  }
  // Summaries and pyramids are built here from the chunks, as a migration builds them.
  new SeriesLevels(db).rebuildAll();

  for (const p of (await c.query<{ name: string; spec: string; zone: string; ranges: string; days: string; created_at: Date }>(
    'SELECT name, spec, zone, ranges, days, created_at FROM perfdelta.periods WHERE study_id = $1 ORDER BY position', [sid])).rows) {
    db.prepare('INSERT INTO periods (study_id, name, spec, zone, ranges, days, created_at) VALUES (1, ?, ?, ?, ?, ?, ?)').run(p.name, p.spec, p.zone, p.ranges, p.days, p.created_at.toISOString());
  }
  // Charts name runs by id: ids of this file, found by the runs' keys.
  const chartIds = new Map<number, number>();
  for (const ch of (await c.query<{ name: string; local_id: number; spec: string; run_keys: string; created_at: Date }>(
    'SELECT name, local_id, spec, run_keys, created_at FROM perfdelta.charts WHERE study_id = $1 ORDER BY local_id', [sid])).rows) {
    const spec = JSON.parse(ch.spec) as { runs?: unknown[] };
    const keys = JSON.parse(ch.run_keys) as Array<string | null>;
    if (Array.isArray(spec.runs)) spec.runs = spec.runs.map((id, i) => (keys[i] ? idOf.get(keys[i]!) ?? id : id));
    const id = Number(db.prepare('INSERT INTO charts (study_id, name, spec, created_at) VALUES (1, ?, ?, ?)').run(ch.name, JSON.stringify(spec), ch.created_at.toISOString()).lastInsertRowid);
    chartIds.set(ch.local_id, id);
  }
  for (const r of (await c.query<{ name: string; layout: string; sections: string; created_at: Date; updated_at: Date }>(
    'SELECT name, layout, sections, created_at, updated_at FROM perfdelta.reports WHERE study_id = $1 ORDER BY position', [sid])).rows) {
    const sections = (JSON.parse(r.sections) as Array<{ type: string; chart?: number }>).map((s) => (s.type === 'chart' && typeof s.chart === 'number' ? { ...s, chart: chartIds.get(s.chart) ?? s.chart } : s));
    db.prepare('INSERT INTO reports (study_id, name, layout, sections, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?)').run(r.name, r.layout, JSON.stringify(sections), r.created_at.toISOString(), r.updated_at.toISOString());
  }
  for (const k of (await c.query<{ config: string; name: string; value: number; unit: string; source: string; entered_by: string | null; entered_at: Date }>(
    'SELECT config, name, value, unit, source, entered_by, entered_at FROM perfdelta.config_constants WHERE study_id = $1', [sid])).rows) {
    db.prepare('INSERT INTO config_constants (study_id, config, name, value, unit, source, entered_by, entered_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)').run(k.config, k.name, k.value, k.unit, k.source, k.entered_by, k.entered_at.toISOString());
  }
  return { runs: runs.length, checked: done.size, fromStore };
}

/** Brings a catalog study (by uid, slug or name) into the store as a new study. */
export async function pullStudy(store: Store, which: string, options: { url?: string; workDir?: string } = {}): Promise<PullResult> {
  // The core's scratch folder where there is one: a pull killed half way leaves its copy where
  // the next start removes it (scratch-folders.ts), never in the system's temp folder for good.
  const dir = fs.mkdtempSync(path.join(options.workDir ?? os.tmpdir(), 'pull-'));
  try {
    const file = path.join(dir, 'pulled.perfdelta');
    const built = await withCatalog(options.url, 'read', `pulling study "${which}"`, async ({ client: c, target }) => {
      const study = await findCatalogStudy(c, which, target.shown);
      const here = store.listStudies().find((s) => store.settings(s.id).catalog_uid === study.uid);
      if (here) throw new CatalogError(`catalog ${target.shown}: study "${study.name}" is here already as "${here.name}" (${here.slug}), pulled or published before: publish that one to update the catalog, or delete it here (perfdelta studies delete --study ${here.slug}) to pull it again`);
      const db = writeStudyFile(file);
      try {
        // One transaction: the file is written in one go, as a study file is.
        db.exec('BEGIN');
        const out = await buildStudyFile(c, study, db, store, target.shown);
        db.exec('COMMIT');
        return { ...out, study, shown: target.shown };
      } finally {
        if (db.inTransaction) db.exec('ROLLBACK');
        db.pragma('journal_mode = DELETE');
        db.close();
      }
    });
    const slug = openStudyFile(store, { path: file }, `${built.study.name} (catalog)`, dir);
    return {
      catalog: built.shown,
      study: slug,
      from: { uid: built.study.uid, slug: built.study.slug, name: built.study.name, published_by: built.study.published_by, published_at: built.study.published_at.toISOString() },
      runs: built.runs,
      files: { checked: built.checked, from_this_store: built.fromStore },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
