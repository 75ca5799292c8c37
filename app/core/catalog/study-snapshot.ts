/**
 * A study as publish reads it: the study file PerfDelta writes for it (reports/study-file.ts),
 * opened read-only. Publishing is asynchronous (the network) while the workbench keeps working
 * on the store; a snapshot taken in one synchronous step holds one consistent state of the study
 * however long the upload takes, and holds exactly what a study file carries.
 *
 * Runs are keyed by what they hold (run_key): a digest of their configuration, tool, name, host,
 * times, parameters and figures, and the occurrence of that digest in the study (two identical
 * rows of a table are two runs). The same run published again, from any data folder, has the
 * same key; a history table exported again with one more row adds one run.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { originalPieces } from '../originals/read-original.js';

export interface SnapshotStudy {
  id: number;
  slug: string;
  name: string;
  created_at: string;
  settings: Record<string, unknown>;
}

export interface SnapshotImport {
  id: number;
  sha256: string;
  size: number;
  file_name: string;
  format: string;
  importer_version: string;
  config: string;
  warnings: string;
  imported_at: string;
}

export interface SnapshotRun {
  id: number;
  key: string;
  sha256: string;
  ordinal: number;
  config: string;
  name: string;
  tool: string;
  tool_version: string | null;
  host: string | null;
  start_ms: number | null;
  end_ms: number | null;
  params: string;
  metrics: string;
  tables: string;
  warnings: string;
  errors: string;
  excluded: { reason: string; at: string | null; by: string | null } | null;
  /** Its validity facts (JSON text), and who counted it back in where they leave it out. */
  validity: string;
  counted_in: { at: string; by: string | null } | null;
  /** The files whose content went into it (its own and any that joined it). */
  files: string[];
  seriesDigest: string;
}

export interface SeriesChunk {
  object: string;
  metric: string;
  unit: string;
  chunk: number;
  t_first: number;
  t_last: number;
  n: number;
  times: Buffer;
  vals: Buffer;
}

export interface BinsRow {
  source: string;
  direction: string;
  ms: Buffer;
  counts: Buffer;
}

export class StudySnapshot {
  readonly study: SnapshotStudy;
  readonly imports: SnapshotImport[];
  readonly runs: SnapshotRun[];
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true });
    const s = this.db.prepare('SELECT id, slug, name, created_at, settings FROM studies').get() as Omit<SnapshotStudy, 'settings'> & { settings: string };
    this.study = { ...s, settings: JSON.parse(s.settings) as Record<string, unknown> };
    this.imports = this.db.prepare(`SELECT i.id, i.sha256, f.size, i.file_name, i.format, i.importer_version, i.config, i.warnings, i.imported_at
      FROM imports i JOIN files f ON f.sha256 = i.sha256 ORDER BY i.id`).all() as SnapshotImport[];
    const links = new Map<number, string[]>();
    for (const l of this.db.prepare('SELECT ir.run_id, i.sha256 FROM import_runs ir JOIN imports i ON i.id = ir.import_id ORDER BY i.id').all() as Array<{ run_id: number; sha256: string }>) {
      links.set(l.run_id, [...(links.get(l.run_id) ?? []), l.sha256]);
    }
    type Raw = Omit<SnapshotRun, 'key' | 'excluded' | 'counted_in' | 'files' | 'seriesDigest'> & {
      excluded_reason: string | null; excluded_at: string | null; excluded_by: string | null; counted_in_at: string | null; counted_in_by: string | null;
    };
    const raw = this.db.prepare(`SELECT r.id, i.sha256, r.ordinal, r.config, r.name, r.tool, r.tool_version, r.host, r.start_ms, r.end_ms,
        r.params, r.metrics, r.tables, r.warnings, r.errors, r.excluded_reason, r.excluded_at, r.excluded_by, r.validity, r.counted_in_at, r.counted_in_by
      FROM runs r JOIN imports i ON i.id = r.import_id ORDER BY r.id`).all() as Raw[];
    const seen = new Map<string, number>();
    this.runs = raw.map(({ excluded_reason, excluded_at, excluded_by, counted_in_at, counted_in_by, ...r }) => {
      const digest = createHash('sha256').update(JSON.stringify([r.config, r.tool, r.tool_version, r.name, r.host, r.start_ms, r.end_ms, r.params, r.metrics])).digest('hex').slice(0, 32);
      const k = seen.get(digest) ?? 0;
      seen.set(digest, k + 1);
      return {
        ...r, key: `${digest}#${k}`,
        excluded: excluded_reason !== null ? { reason: excluded_reason, at: excluded_at, by: excluded_by } : null,
        counted_in: counted_in_at !== null ? { at: counted_in_at, by: counted_in_by } : null,
        files: links.get(r.id) ?? [r.sha256],
        seriesDigest: this.seriesDigest(r.id),
      };
    });
  }

  /** What a run's series and distributions hold, in one digest: unchanged data is not sent again. */
  private seriesDigest(runId: number): string {
    const h = createHash('sha256');
    for (const c of this.series(runId)) h.update(JSON.stringify([c.object, c.metric, c.unit, c.chunk, c.n, c.t_first, c.t_last])).update(c.times).update(c.vals);
    for (const b of this.bins(runId)) h.update(JSON.stringify([b.source, b.direction])).update(b.ms).update(b.counts);
    return h.digest('hex').slice(0, 32);
  }

  series(runId: number): SeriesChunk[] {
    return this.db.prepare('SELECT object, metric, unit, chunk, t_first, t_last, n, times, vals FROM series WHERE run_id = ? ORDER BY object, metric, chunk').all(runId) as SeriesChunk[];
  }

  bins(runId: number): BinsRow[] {
    return this.db.prepare('SELECT source, direction, ms, counts FROM run_bins WHERE run_id = ? ORDER BY source, direction').all(runId) as BinsRow[];
  }

  /** An original file's parts, one at a time (a 2 GB log is never whole in memory), read as every original is (read-original.ts). */
  *fileParts(sha256: string): Generator<Buffer> {
    for (const p of originalPieces({ db: this.db, objects: null }, sha256) ?? []) yield Buffer.from(p.buffer, p.byteOffset, p.byteLength);
  }

  periods(): Array<{ name: string; spec: string; zone: string; ranges: string; days: string; created_at: string }> {
    return this.db.prepare('SELECT name, spec, zone, ranges, days, created_at FROM periods ORDER BY id').all() as Array<{ name: string; spec: string; zone: string; ranges: string; days: string; created_at: string }>;
  }

  charts(): Array<{ id: number; name: string; spec: string; created_at: string }> {
    return this.db.prepare('SELECT id, name, spec, created_at FROM charts ORDER BY id').all() as Array<{ id: number; name: string; spec: string; created_at: string }>;
  }

  reports(): Array<{ name: string; layout: string; sections: string; created_at: string; updated_at: string }> {
    return this.db.prepare('SELECT name, layout, sections, created_at, updated_at FROM reports ORDER BY id').all() as Array<{ name: string; layout: string; sections: string; created_at: string; updated_at: string }>;
  }

  constants(): Array<{ config: string; name: string; value: number; unit: string; source: string; entered_by: string | null; entered_at: string }> {
    return this.db.prepare('SELECT config, name, value, unit, source, entered_by, entered_at FROM config_constants ORDER BY config, name').all() as Array<{ config: string; name: string; value: number; unit: string; source: string; entered_by: string | null; entered_at: string }>;
  }

  close(): void {
    this.db.close();
  }
}
