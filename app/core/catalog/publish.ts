/**
 * `catalog publish`: a local study into the team catalog, in one PostgreSQL transaction.
 *
 * Which catalog study it goes to:
 * - the one the local study is linked to (its settings' `catalog_uid`, set by an earlier publish
 *   or by the pull that brought it): publishing again updates it to what the study holds now;
 * - else the one of the same name, if it holds the same runs and files (the same study loaded in
 *   another data folder): it is linked and updated, never duplicated;
 * - else, with `append`, the one of that name (created if none) takes the study's runs beside
 *   its own: nightly results published as they come, a run already there (same key) updated;
 * - else a new study. A catalog study of the same name holding other runs is never folded into
 *   silently: the publish is refused, saying what that study holds and how to proceed.
 *
 * Two publishers at once both succeed: each takes transaction-level advisory locks on the study
 * it writes (its uid, then its slug, in that order for everyone), original files go in by
 * SHA-256 in one global order with ON CONFLICT DO NOTHING, and a deadlock or serialisation
 * failure PostgreSQL still reports is retried.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { CatalogPublishResult } from '../../contract/catalog-records.js';
import type { Store } from '../store/store.js';
import { saveStudyFile } from '../reports/study-file.js';
import { packageVersion } from '../paths.js';
import { CatalogError, inTransaction, withCatalog } from './client.js';
import { insertRows } from './rows.js';
import { StudySnapshot, type SnapshotRun } from './study-snapshot.js';

export interface PublishOptions {
  url?: string;
  /** Add the runs to the catalog study of this name (a history), never removing any. */
  append?: boolean;
  /** `hashes`: original files go as their SHA-256 and size only (pull then needs them locally). */
  originals?: 'all' | 'hashes';
  /** Where the study file is built (the core's scratch folder); else the system's temp folder. */
  workDir?: string;
}

export type PublishResult = CatalogPublishResult;

/** What the CLI and the workbench say the publish is doing; nothing is written until it is whole. */
export type PublishProgress = (stage: string) => void;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function client(): string {
  let user = '';
  try {
    user = os.userInfo().username;
  } catch {
    // No user name (a container without one): the host alone.
  }
  return `PerfDelta ${packageVersion()} on ${os.hostname()}${user ? ` (${user})` : ''}`;
}

/** Refused: a catalog study of that name holds other runs. */
export class PublishConflictError extends CatalogError {}

/** Retries a whole transaction PostgreSQL chose to abort for a deadlock or a serialisation failure. */
async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 4 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

interface Target {
  id: number;
  uid: string;
  mode: PublishResult['mode'];
}

async function findTarget(c: pg.ClientBase, snap: StudySnapshot, uid: string | null, append: boolean, shown: string): Promise<Target | null> {
  const { slug, name } = snap.study;
  if (uid) {
    const byUid = await c.query<{ id: string; slug: string }>('SELECT id, slug FROM perfdelta.studies WHERE uid = $1', [uid]);
    if (byUid.rows[0]) {
      const clash = await c.query<{ name: string }>('SELECT name FROM perfdelta.studies WHERE slug = $1 AND uid <> $2', [slug, uid]);
      if (clash.rows[0]) throw new PublishConflictError(`catalog ${shown}: this study was renamed to "${name}", and the catalog has another study of that name: rename it here (perfdelta studies rename) before publishing`);
      return { id: Number(byUid.rows[0].id), uid, mode: append ? 'append' : 'update' };
    }
  }
  // The same slug, else the same name: one name is one study to the people who search it.
  const bySlug = await c.query<{ id: string; uid: string; name: string; published_by: string; published_at: Date; runs: number }>(
    'SELECT id, uid, name, published_by, published_at, runs FROM perfdelta.studies WHERE slug = $1 OR name = $2 ORDER BY (slug = $1) DESC LIMIT 1', [slug, name]);
  const there = bySlug.rows[0];
  if (!there) return null;
  if (append) return { id: Number(there.id), uid: there.uid, mode: 'append' };
  // Folded only after comparing what they hold: the same runs from the same files.
  const keys = (await c.query<{ run_key: string }>('SELECT run_key FROM perfdelta.runs WHERE study_id = $1', [there.id])).rows.map((r) => r.run_key);
  const files = (await c.query<{ sha256: string }>('SELECT sha256 FROM perfdelta.imports WHERE study_id = $1', [there.id])).rows.map((r) => r.sha256);
  const mine = new Set(snap.runs.map((r) => r.key));
  const myFiles = new Set(snap.imports.map((i) => i.sha256));
  const same = keys.length === mine.size && keys.every((k) => mine.has(k)) && files.length === myFiles.size && files.every((f) => myFiles.has(f));
  if (same) return { id: Number(there.id), uid: there.uid, mode: 'update' };
  const common = keys.filter((k) => mine.has(k)).length;
  throw new PublishConflictError(
    `catalog ${shown} already has a study "${there.name}" (published by ${there.published_by} on ${there.published_at.toISOString().slice(0, 10)}: ${there.runs} runs, ${common} of them among this study's ${mine.size}) that is not this one: ` +
    'publish with --append to add these runs to it (a history), or rename this study (perfdelta studies rename) to publish it beside it',
  );
}

async function writeFiles(c: pg.ClientBase, snap: StudySnapshot, originals: 'all' | 'hashes'): Promise<{ added: number; hashesOnly: number }> {
  // One global order: two publishers sharing files never wait on each other in a cycle.
  const files = [...new Map(snap.imports.map((i) => [i.sha256, i.size])).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const store = originals === 'all';
  const inserted = new Set((await insertRows(c, 'perfdelta.files', ['sha256', 'size', 'stored'], files.map(([sha, size]) => [sha, size, store]), 'ON CONFLICT (sha256) DO NOTHING RETURNING sha256'))
    .map((r) => String(r['sha256'])));
  const write = store ? new Set(inserted) : new Set<string>();
  // Published before as a hash only: its bytes now.
  if (store) {
    const upgraded = await c.query<{ sha256: string }>('UPDATE perfdelta.files SET stored = true WHERE sha256 = ANY($1) AND NOT stored RETURNING sha256', [files.map(([sha]) => sha).filter((sha) => !inserted.has(sha))]);
    for (const r of upgraded.rows) write.add(r.sha256);
  }
  // Parts in batches of up to 16 MB: a folder of thousands of small statistics files is a few statements.
  let batch: unknown[][] = [];
  let bytes = 0;
  const flush = async (): Promise<void> => {
    await insertRows(c, 'perfdelta.file_parts', ['sha256', 'part', 'bytes'], batch);
    batch = [];
    bytes = 0;
  };
  for (const [sha] of files) {
    if (!write.has(sha)) continue;
    let part = 0;
    for (const b of snap.fileParts(sha)) {
      batch.push([sha, part++, b]);
      bytes += b.byteLength;
      if (bytes >= 16 * 1024 * 1024) await flush();
    }
  }
  if (batch.length) await flush();
  const hashesOnly = (await c.query<{ n: string }>('SELECT count(*) AS n FROM perfdelta.files WHERE sha256 = ANY($1) AND NOT stored', [files.map(([s]) => s)])).rows[0]!.n;
  return { added: inserted.size, hashesOnly: Number(hashesOnly) };
}

const RUN_COLUMNS = ['study_id', 'run_key', 'local_id', 'sha256', 'ordinal', 'config', 'name', 'tool', 'tool_version', 'host', 'start_at', 'end_at',
  'params', 'metrics', 'metric_names', 'params_text', 'metrics_text', 'tables', 'warnings', 'errors', 'excluded', 'series_digest', 'published_at', 'validity', 'counted_in'];

/** jsonb refuses \u0000: the searchable copy gets U+FFFD there (the exact text is kept beside it). */
const searchable = (json: string): string => json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd');

function runRow(studyId: number, r: SnapshotRun, now: string): unknown[] {
  return [studyId, r.key, r.id, r.sha256, r.ordinal, r.config, r.name, r.tool, r.tool_version, r.host, iso(r.start_ms), iso(r.end_ms),
    searchable(r.params), searchable(r.metrics), Object.keys(JSON.parse(r.metrics) as object), r.params, r.metrics, r.tables, r.warnings, r.errors,
    r.excluded ? JSON.stringify(r.excluded) : null, r.seriesDigest, now, r.validity, r.counted_in ? JSON.stringify(r.counted_in) : null];
}

async function writeSeries(c: pg.ClientBase, snap: StudySnapshot, runId: number, local: number): Promise<void> {
  await c.query('DELETE FROM perfdelta.series WHERE run_id = $1', [runId]);
  await c.query('DELETE FROM perfdelta.run_bins WHERE run_id = $1', [runId]);
  await insertRows(c, 'perfdelta.series', ['run_id', 'object', 'metric', 'unit', 'chunk', 't_first', 't_last', 'n', 'times', 'vals'],
    snap.series(local).map((s) => [runId, s.object, s.metric, s.unit, s.chunk, s.t_first, s.t_last, s.n, s.times, s.vals]));
  await insertRows(c, 'perfdelta.run_bins', ['run_id', 'source', 'direction', 'ms', 'counts'], snap.bins(local).map((b) => [runId, b.source, b.direction, b.ms, b.counts]));
}

async function publishSnapshot(c: pg.ClientBase, snap: StudySnapshot, options: PublishOptions, shown: string, progress: PublishProgress): Promise<PublishResult> {
  const append = Boolean(options.append);
  const localUid = typeof snap.study.settings['catalog_uid'] === 'string' ? (snap.study.settings['catalog_uid'] as string) : null;
  return inTransaction(c, async () => {
    // Everyone locks a study's uid before its slug: two publishers never hold one each and wait.
    if (localUid) await c.query("SELECT pg_advisory_xact_lock(hashtext('perfdelta.uid'), hashtext($1))", [localUid]);
    await c.query("SELECT pg_advisory_xact_lock(hashtext('perfdelta.slug'), hashtext($1))", [snap.study.slug]);
    const who = (await c.query<{ who: string; now: Date }>('SELECT session_user AS who, now() AS now')).rows[0]!;
    const now = who.now.toISOString();
    const found = await findTarget(c, snap, localUid, append, shown);
    const uid = found?.uid ?? localUid ?? randomUUID();
    const settings = JSON.stringify({ ...snap.study.settings, catalog_uid: uid });
    let studyId: number;
    if (found) {
      studyId = found.id;
      await c.query(
        `UPDATE perfdelta.studies SET slug = $2, name = $3, published_at = now(), published_by = session_user, client = $4
           ${found.mode === 'append' ? '' : ', settings = $5'} WHERE id = $1`,
        found.mode === 'append' ? [studyId, snap.study.slug, snap.study.name, client()] : [studyId, snap.study.slug, snap.study.name, client(), settings]);
    } else {
      studyId = Number((await c.query<{ id: string }>(
        `INSERT INTO perfdelta.studies (uid, slug, name, settings, created_at, first_published_at, published_at, published_by, client)
         VALUES ($1, $2, $3, $4, $5, now(), now(), session_user, $6) RETURNING id`,
        [uid, snap.study.slug, snap.study.name, settings, snap.study.created_at, client()])).rows[0]!.id);
    }
    const mode: PublishResult['mode'] = found?.mode ?? (append ? 'append' : 'new');

    progress('original files');
    const files = await writeFiles(c, snap, options.originals ?? 'all');
    // The files' order is the study's order of import (its configurations' colours): appended
    // files go after those the study has.
    const had = new Map((await c.query<{ sha256: string; position: number }>('SELECT sha256, position FROM perfdelta.imports WHERE study_id = $1', [studyId])).rows.map((r) => [r.sha256, r.position]));
    let next = Math.max(-1, ...had.values()) + 1;
    await insertRows(c, 'perfdelta.imports', ['study_id', 'sha256', 'position', 'file_name', 'format', 'importer_version', 'config', 'warnings', 'imported_at'],
      snap.imports.map((i, k) => [studyId, i.sha256, mode === 'append' ? had.get(i.sha256) ?? next++ : k, i.file_name, i.format, i.importer_version, i.config, i.warnings, i.imported_at]),
      `ON CONFLICT (study_id, sha256) DO UPDATE SET position = excluded.position, file_name = excluded.file_name, format = excluded.format,
         importer_version = excluded.importer_version, config = excluded.config, warnings = excluded.warnings`);

    progress('runs');
    const existing = new Map((await c.query<{ id: string; run_key: string; series_digest: string }>('SELECT id, run_key, series_digest FROM perfdelta.runs WHERE study_id = $1', [studyId]))
      .rows.map((r) => [r.run_key, { id: Number(r.id), digest: r.series_digest }]));
    const ids = await insertRows(c, 'perfdelta.runs', RUN_COLUMNS, snap.runs.map((r) => runRow(studyId, r, now)),
      `ON CONFLICT (study_id, run_key) DO UPDATE SET ${RUN_COLUMNS.filter((k) => k !== 'study_id' && k !== 'run_key').map((k) => `${k} = excluded.${k}`).join(', ')} RETURNING id, run_key`);
    const idOf = new Map(ids.map((r) => [String(r['run_key']), Number(r['id'])]));
    let added = 0;
    let updated = 0;
    progress('series');
    for (const r of snap.runs) {
      const id = idOf.get(r.key)!;
      const before = existing.get(r.key);
      if (before) updated++;
      else added++;
      if (!before || before.digest !== r.seriesDigest) await writeSeries(c, snap, id, r.id);
      await c.query('DELETE FROM perfdelta.run_files WHERE run_id = $1', [id]);
      await insertRows(c, 'perfdelta.run_files', ['run_id', 'sha256'], [...new Set(r.files)].map((f) => [id, f]));
    }
    let removed = 0;
    if (mode !== 'append') {
      removed = (await c.query('DELETE FROM perfdelta.runs WHERE study_id = $1 AND NOT (run_key = ANY($2))', [studyId, snap.runs.map((r) => r.key)])).rowCount ?? 0;
      await c.query('DELETE FROM perfdelta.imports WHERE study_id = $1 AND NOT (sha256 = ANY($2))', [studyId, snap.imports.map((i) => i.sha256)]);
      for (const t of ['periods', 'charts', 'reports', 'config_constants']) await c.query(`DELETE FROM perfdelta.${t} WHERE study_id = $1`, [studyId]);
    }

    progress('charts and reports');
    const keyOf = new Map(snap.runs.map((r) => [r.id, r.key]));
    await insertRows(c, 'perfdelta.periods', ['study_id', 'name', 'position', 'spec', 'zone', 'ranges', 'days', 'created_at'],
      snap.periods().map((p, k) => [studyId, p.name, k, p.spec, p.zone, p.ranges, p.days, p.created_at]),
      'ON CONFLICT (study_id, name) DO UPDATE SET spec = excluded.spec, zone = excluded.zone, ranges = excluded.ranges, days = excluded.days');
    await insertRows(c, 'perfdelta.charts', ['study_id', 'name', 'local_id', 'spec', 'run_keys', 'created_at'],
      snap.charts().map((ch) => {
        const spec = JSON.parse(ch.spec) as { runs?: unknown };
        const runKeys = Array.isArray(spec.runs) ? spec.runs.map((id) => keyOf.get(Number(id)) ?? null) : [];
        return [studyId, ch.name, ch.id, ch.spec, JSON.stringify(runKeys), ch.created_at];
      }),
      'ON CONFLICT (study_id, name) DO UPDATE SET local_id = excluded.local_id, spec = excluded.spec, run_keys = excluded.run_keys');
    await insertRows(c, 'perfdelta.reports', ['study_id', 'name', 'position', 'layout', 'sections', 'created_at', 'updated_at'],
      snap.reports().map((r, k) => [studyId, r.name, k, r.layout, r.sections, r.created_at, r.updated_at]),
      'ON CONFLICT (study_id, name) DO UPDATE SET layout = excluded.layout, sections = excluded.sections, updated_at = excluded.updated_at');
    await insertRows(c, 'perfdelta.config_constants', ['study_id', 'config', 'name', 'value', 'unit', 'source', 'entered_by', 'entered_at'],
      snap.constants().map((k) => [studyId, k.config, k.name, k.value, k.unit, k.source, k.entered_by, k.entered_at]),
      'ON CONFLICT (study_id, config, name) DO UPDATE SET value = excluded.value, unit = excluded.unit, source = excluded.source, entered_by = excluded.entered_by, entered_at = excluded.entered_at');

    // What search filters on without reading runs.
    await c.query(`UPDATE perfdelta.studies s SET
        runs = x.runs, files = (SELECT count(*) FROM perfdelta.imports WHERE study_id = s.id),
        first_run_at = x.first_run_at, last_run_at = x.last_run_at, tools = x.tools, configs = x.configs, hosts = x.hosts,
        words = to_tsvector('simple', s.name || ' ' || s.slug || ' ' || array_to_string(x.configs, ' ') || ' ' || array_to_string(x.tools, ' ') || ' ' || array_to_string(x.hosts, ' ')
          || ' ' || x.names || ' ' || (SELECT COALESCE(string_agg(DISTINCT regexp_replace(file_name, '^.*[/\\\\]', ''), ' '), '') FROM perfdelta.imports WHERE study_id = s.id))
      FROM (SELECT count(*)::int AS runs, min(start_at) AS first_run_at, max(COALESCE(end_at, start_at)) AS last_run_at,
              COALESCE(array_agg(DISTINCT tool ORDER BY tool), '{}') AS tools,
              COALESCE((SELECT array_agg(config ORDER BY first) FROM (SELECT config, min(id) AS first FROM perfdelta.runs WHERE study_id = $1 GROUP BY config) g), '{}') AS configs,
              COALESCE(array_agg(DISTINCT host ORDER BY host) FILTER (WHERE host IS NOT NULL), '{}') AS hosts,
              COALESCE(left(string_agg(DISTINCT name, ' '), 100000), '') AS names
            FROM perfdelta.runs WHERE study_id = $1) x
      WHERE s.id = $1`, [studyId]);
    const total = (await c.query<{ runs: number }>('SELECT runs FROM perfdelta.studies WHERE id = $1', [studyId])).rows[0]!.runs;
    await c.query(`INSERT INTO perfdelta.publications (study_id, published_at, published_by, client, mode, runs_added, runs_updated, runs_removed, files_added)
      VALUES ($1, now(), session_user, $2, $3, $4, $5, $6, $7)`, [studyId, client(), mode, added, updated, removed, files.added]);
    return {
      catalog: shown, study: { uid, slug: snap.study.slug, name: snap.study.name }, mode,
      runs: { added, updated, removed, total }, files: { added: files.added, hashes_only: files.hashesOnly },
      published_by: who.who, published_at: now,
    };
  });
}

/**
 * Publishes a local study. The study's settings then hold the catalog study's uid: publishing
 * again updates that study, wherever the local one is renamed to.
 */
export async function publishStudy(store: Store, studyId: number, options: PublishOptions = {}, progress: PublishProgress = () => undefined): Promise<PublishResult> {
  const dir = fs.mkdtempSync(path.join(options.workDir ?? os.tmpdir(), 'publish-'));
  try {
    const file = path.join(dir, 'study.perfdelta');
    saveStudyFile(store, studyId, file);
    const snap = new StudySnapshot(file);
    try {
      const result = await withCatalog(options.url, 'write', `publishing study "${snap.study.name}"`, ({ client: c, target }) =>
        retried(() => publishSnapshot(c, snap, options, target.shown, progress)));
      const settings = store.settings(studyId);
      if (settings.catalog_uid !== result.study.uid) store.saveSettings(studyId, { ...settings, catalog_uid: result.study.uid });
      return result;
    } finally {
      snap.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
