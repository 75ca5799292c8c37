/**
 * Managing what was imported: delete (undoable until the next delete), rename, move runs,
 * exclude runs, and the constants a configuration carries. Each method is one statement group
 * the caller wraps in one transaction (Core does).
 *
 * A delete is held rather than done: a deleted study is hidden (studies.trashed_by), deleted
 * runs and the imports they leave without runs move to a hidden study made for that delete.
 * Every listing skips hidden studies, so neither a study file nor a report's evidence can
 * include them. The next delete makes the held one final: the hidden rows are deleted (their
 * runs, series, charts … follow by cascade), then every original file no import names.
 */
import os from 'node:os';
import type Database from 'better-sqlite3';
import type { ChartSpec, ConfigConstant, DeletionRecord, ReportSection } from '../../contract/records.js';
import { checkRow, parseStoredJson } from './row-schema.js';

/** A name or label already taken, or a label that names nothing: the caller's words are wrong. */
export class ManageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManageError';
  }
}

interface DeletionRow {
  id: number;
  kind: DeletionRecord['kind'];
  study_id: number;
  trash_study_id: number | null;
  slug: string;
  name: string;
  summary: string;
  created_at: string;
}

/** The user name of this account: who excluded a run or entered a constant. */
export function currentUser(): string | null {
  try {
    return os.userInfo().username || null;
  } catch {
    return null;
  }
}

const ids = (list: readonly number[]): string => JSON.stringify([...new Set(list)]);
const IN_IDS = 'IN (SELECT value FROM json_each(?))';

export class ManageStore {
  constructor(private readonly db: Database.Database) {}

  // ---- deletes -----------------------------------------------------------------------------

  /** The delete that can still be undone, if any. */
  pending(): DeletionRecord | null {
    const row = this.db.prepare('SELECT * FROM deletions ORDER BY id DESC LIMIT 1').get() as DeletionRow | undefined;
    return row ? (JSON.parse(row.summary) as DeletionRecord) : null;
  }

  /**
   * What deleting these runs would remove: the runs, the imports left with no run in the study
   * (a file's runs are its own and those its data joined: a log attached to a run), and the
   * original files no other import names. `wholeConfigs`: configurations that go whole (their
   * imports without any run go too: an SVC dump of a kind not read, kept with a note).
   */
  planRuns(studyId: number, runIds: readonly number[], wholeConfigs: readonly string[]): { runs: number[]; imports: number[]; files: string[]; originals: number } {
    const runs = (this.db.prepare(`SELECT id FROM runs WHERE study_id = ? AND id ${IN_IDS} ORDER BY id`).all(studyId, ids(runIds)) as Array<{ id: number }>).map((r) => r.id);
    const going = new Set(runs);
    const imports = this.db.prepare(`SELECT i.id, i.config, i.file_name, i.sha256 FROM imports i WHERE i.study_id = ? ORDER BY i.id`).all(studyId) as Array<{ id: number; config: string; file_name: string; sha256: string }>;
    const linked = this.db.prepare(`SELECT run_id AS id FROM import_runs WHERE import_id = ? UNION SELECT id FROM runs WHERE import_id = ?`);
    const staying = new Set((this.db.prepare('SELECT DISTINCT config FROM runs WHERE study_id = ? AND id NOT ' + IN_IDS).all(studyId, ids(runs)) as Array<{ config: string }>).map((r) => r.config));
    const inStudy = new Set((this.db.prepare('SELECT id FROM runs WHERE study_id = ?').all(studyId) as Array<{ id: number }>).map((r) => r.id));
    const goingImports: typeof imports = [];
    for (const imp of imports) {
      const mine = (linked.all(imp.id, imp.id) as Array<{ id: number }>).map((r) => r.id).filter((id) => inStudy.has(id));
      const goes = mine.length > 0 ? mine.every((id) => going.has(id)) : wholeConfigs.includes(imp.config) || !staying.has(imp.config);
      if (goes) goingImports.push(imp);
    }
    return { runs, imports: goingImports.map((i) => i.id), files: goingImports.map((i) => i.file_name), originals: this.originalsFreed(goingImports.map((i) => i.id)) };
  }

  /**
   * How many original files would leave the store if these imports went: those no other import
   * names (a delete still held does not count: this delete makes it final first).
   */
  private originalsFreed(importIds: readonly number[]): number {
    return (this.db.prepare(`SELECT COUNT(DISTINCT i.sha256) AS n FROM imports i WHERE i.id ${IN_IDS}
      AND NOT EXISTS (SELECT 1 FROM imports o JOIN studies s ON s.id = o.study_id
                      WHERE o.sha256 = i.sha256 AND o.id NOT ${IN_IDS} AND s.trashed_by IS NULL)`).get(ids(importIds), ids(importIds)) as { n: number }).n;
  }

  /** What deleting a whole study would remove. */
  planStudy(studyId: number): Omit<DeletionRecord, 'id' | 'kind' | 'study' | 'created'> {
    const count = (sql: string): number => (this.db.prepare(sql).get(studyId) as { n: number }).n;
    const importIds = (this.db.prepare('SELECT id FROM imports WHERE study_id = ?').all(studyId) as Array<{ id: number }>).map((r) => r.id);
    return {
      configs: (this.db.prepare('SELECT config FROM runs WHERE study_id = ? GROUP BY config ORDER BY MIN(id)').all(studyId) as Array<{ config: string }>).map((r) => r.config),
      runs: (this.db.prepare('SELECT id FROM runs WHERE study_id = ? ORDER BY id').all(studyId) as Array<{ id: number }>).map((r) => r.id),
      files: (this.db.prepare('SELECT file_name FROM imports WHERE study_id = ? ORDER BY id').all(studyId) as Array<{ file_name: string }>).map((r) => r.file_name),
      originals: this.originalsFreed(importIds),
      charts: count('SELECT COUNT(*) AS n FROM charts WHERE study_id = ?'),
      reports: count('SELECT COUNT(*) AS n FROM reports WHERE study_id = ?'),
      periods: count('SELECT COUNT(*) AS n FROM periods WHERE study_id = ?'),
    };
  }

  /** Holds a study's delete: the study is hidden and its slug freed (a new study may take it). */
  trashStudy(study: { id: number; slug: string; name: string }): DeletionRecord {
    this.finalize();
    const plan = this.planStudy(study.id);
    const created = new Date().toISOString();
    const id = this.insertDeletion('study', study, null, created);
    this.db.prepare('UPDATE studies SET trashed_by = ?, slug = ? WHERE id = ?').run(id, `${study.slug}~deleted-${id}`, study.id);
    return this.recordDeletion(id, { id, kind: 'study', study: { slug: study.slug, name: study.name }, ...plan, created });
  }

  /** Holds the delete of runs (a configuration's, or chosen ones): they and the imports they leave empty go to a hidden study. */
  trashRuns(study: { id: number; slug: string; name: string }, kind: 'config' | 'runs', runIds: readonly number[], wholeConfigs: readonly string[]): DeletionRecord {
    this.finalize();
    const plan = this.planRuns(study.id, runIds, wholeConfigs);
    if (plan.runs.length === 0 && plan.imports.length === 0) throw new ManageError(`study "${study.name}" has none of those runs`);
    const created = new Date().toISOString();
    const id = this.insertDeletion(kind, study, null, created);
    const trash = Number(this.db.prepare('INSERT INTO studies (slug, name, created_at, trashed_by) VALUES (?, ?, ?, ?)').run(`~trash-${id}`, `deleted from ${study.name}`, created, id).lastInsertRowid);
    this.db.prepare('UPDATE deletions SET trash_study_id = ? WHERE id = ?').run(trash, id);
    this.db.prepare(`UPDATE runs SET study_id = ? WHERE study_id = ? AND id ${IN_IDS}`).run(trash, study.id, ids(plan.runs));
    this.db.prepare(`UPDATE imports SET study_id = ? WHERE study_id = ? AND id ${IN_IDS}`).run(trash, study.id, ids(plan.imports));
    for (const config of wholeConfigs) this.db.prepare('UPDATE config_constants SET study_id = ? WHERE study_id = ? AND config = ?').run(trash, study.id, config);
    return this.recordDeletion(id, {
      id, kind, study: { slug: study.slug, name: study.name }, configs: [...wholeConfigs], runs: plan.runs, files: plan.files, originals: plan.originals,
      charts: 0, reports: 0, periods: 0, created,
    });
  }

  private insertDeletion(kind: DeletionRecord['kind'], study: { id: number; slug: string; name: string }, trash: number | null, created: string): number {
    return Number(this.db.prepare('INSERT INTO deletions (kind, study_id, trash_study_id, slug, name, summary, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(kind, study.id, trash, study.slug, study.name, '{}', created).lastInsertRowid);
  }

  private recordDeletion(id: number, record: DeletionRecord): DeletionRecord {
    this.db.prepare('UPDATE deletions SET summary = ? WHERE id = ?').run(JSON.stringify(record), id);
    return record;
  }

  /**
   * Makes the held delete final: its hidden rows go (runs, series, imports … by cascade), then
   * every original file no import names any more. Returns the number of original files removed.
   */
  finalize(): number {
    for (const d of this.db.prepare('SELECT * FROM deletions').all() as DeletionRow[]) {
      this.db.prepare('DELETE FROM studies WHERE id = ? AND trashed_by = ?').run(d.kind === 'study' ? d.study_id : d.trash_study_id, d.id);
    }
    this.db.prepare('DELETE FROM deletions').run();
    return this.db.prepare('DELETE FROM files WHERE NOT EXISTS (SELECT 1 FROM imports i WHERE i.sha256 = files.sha256)').run().changes;
  }

  /** Undoes the held delete: everything goes back where it was. Returns what was restored and the study's slug. */
  undo(): { restored: DeletionRecord; study: string } {
    const d = this.db.prepare('SELECT * FROM deletions ORDER BY id DESC LIMIT 1').get() as DeletionRow | undefined;
    if (!d) throw new ManageError('nothing to undo: no delete is waiting (a delete can be undone until the next one)');
    const record = JSON.parse(d.summary) as DeletionRecord;
    let slug = d.slug;
    if (d.kind === 'study') {
      // Its slug or name may have been taken meanwhile (a new study of the same name): "(2)".
      let name = d.name;
      const taken = this.db.prepare<[string, string, number]>('SELECT 1 FROM studies WHERE (slug = ? OR (name = ? AND trashed_by IS NULL)) AND id != ?');
      for (let i = 2; taken.get(slug, name, d.study_id); i++) {
        slug = `${d.slug}-${i}`;
        name = `${d.name} (${i})`;
      }
      this.db.prepare('UPDATE studies SET trashed_by = NULL, slug = ?, name = ? WHERE id = ?').run(slug, name, d.study_id);
    } else {
      const trash = d.trash_study_id!;
      const clash = this.db.prepare(`SELECT t.file_name FROM imports t JOIN imports s ON s.sha256 = t.sha256 AND s.study_id = ? WHERE t.study_id = ?`).get(d.study_id, trash) as { file_name: string } | undefined;
      if (clash) throw new ManageError(`cannot undo: "${clash.file_name}" was imported into the study again after the delete; delete its new runs first`);
      const study = this.db.prepare('SELECT slug FROM studies WHERE id = ?').get(d.study_id) as { slug: string } | undefined;
      if (!study) throw new ManageError('cannot undo: the study the runs came from is gone');
      slug = study.slug;
      this.db.prepare('UPDATE runs SET study_id = ? WHERE study_id = ?').run(d.study_id, trash);
      this.db.prepare('UPDATE imports SET study_id = ? WHERE study_id = ?').run(d.study_id, trash);
      // A constant entered again meanwhile keeps its newer value.
      this.db.prepare('UPDATE OR IGNORE config_constants SET study_id = ? WHERE study_id = ?').run(d.study_id, trash);
      this.db.prepare('DELETE FROM studies WHERE id = ?').run(trash);
    }
    this.db.prepare('DELETE FROM deletions WHERE id = ?').run(d.id);
    return { restored: { ...record, study: { ...record.study, slug } }, study: slug };
  }

  // ---- names -------------------------------------------------------------------------------

  /** Renames a study; its slug follows the name when that slug is free. */
  renameStudy(studyId: number, name: string, slug: string): void {
    const clash = this.db.prepare('SELECT name FROM studies WHERE (slug = ? OR name = ?) AND id != ? AND trashed_by IS NULL').get(slug, name, studyId) as { name: string } | undefined;
    if (clash) throw new ManageError(`a study named "${clash.name}" already exists`);
    checkRow('studies', { name, slug }, `study ${studyId}`);
    this.db.prepare('UPDATE studies SET name = ?, slug = ? WHERE id = ?').run(name, slug, studyId);
  }

  configs(studyId: number): string[] {
    return (this.db.prepare('SELECT config FROM runs WHERE study_id = ? GROUP BY config ORDER BY MIN(id)').all(studyId) as Array<{ config: string }>).map((r) => r.config);
  }

  private periodNames(studyId: number): string[] {
    return (this.db.prepare('SELECT name FROM periods WHERE study_id = ?').all(studyId) as Array<{ name: string }>).map((r) => r.name);
  }

  /** A label runs may move to: not a period's name (labels are configurations or periods, never both). */
  private checkConfigLabel(studyId: number, label: string): void {
    checkRow('runs', { config: label }, `configuration "${label.slice(0, 80)}"`);
    if (this.periodNames(studyId).includes(label)) throw new ManageError(`"${label}" is a period of this study: a configuration needs another name`);
  }

  /**
   * Renames a configuration: its runs, its imports' labels, its constants, and every saved
   * chart and report section that names it, so they keep drawing the same data.
   */
  renameConfig(studyId: number, from: string, to: string): { runs: number; charts: number; reports: number } {
    const configs = this.configs(studyId);
    if (!configs.includes(from)) throw new ManageError(`no configuration "${from}" (there are: ${configs.join(', ') || 'none'})`);
    if (from === to) return { runs: 0, charts: 0, reports: 0 };
    if (configs.includes(to)) throw new ManageError(`configuration "${to}" already exists: move the runs to it instead (perfdelta runs move)`);
    this.checkConfigLabel(studyId, to);
    const runs = this.db.prepare('UPDATE runs SET config = ? WHERE study_id = ? AND config = ?').run(to, studyId, from).changes;
    this.db.prepare('UPDATE imports SET config = ? WHERE study_id = ? AND config = ?').run(to, studyId, from);
    this.db.prepare('UPDATE config_constants SET config = ? WHERE study_id = ? AND config = ?').run(to, studyId, from);
    const label = (l: string): string => (l === from ? to : l);
    let charts = 0;
    for (const c of this.db.prepare('SELECT id, spec FROM charts WHERE study_id = ?').all(studyId) as Array<{ id: number; spec: string }>) {
      // A chart whose spec cannot be read (a damaged row) is left as it is: it names no label to follow.
      const stored = parseStoredJson(c.spec);
      if ('problem' in stored) continue;
      const spec = stored.value as ChartSpec;
      const next: ChartSpec = spec.kind === 'compare-bars' ? { ...spec, baseline: label(spec.baseline), candidate: label(spec.candidate) }
        : spec.kind === 'speedup-heatmap' ? { ...spec, baseline: label(spec.baseline) }
          : spec.kind === 'time-series' && spec.config !== undefined ? { ...spec, config: label(spec.config) } : spec;
      if (JSON.stringify(next) !== c.spec) {
        this.db.prepare('UPDATE charts SET spec = ? WHERE id = ?').run(JSON.stringify(next), c.id);
        charts++;
      }
    }
    let reports = 0;
    for (const r of this.db.prepare('SELECT id, sections FROM reports WHERE study_id = ?').all(studyId) as Array<{ id: number; sections: string }>) {
      const stored = parseStoredJson(r.sections);
      if ('problem' in stored || !Array.isArray(stored.value)) continue;
      const sections = (stored.value as ReportSection[]).map((s): ReportSection => (
        s.type === 'headline' ? {
          ...s, items: s.items.map((i) => ({ ...i, baseline: label(i.baseline), ...(i.candidate !== undefined ? { candidate: label(i.candidate) } : {}) })),
          ...(s.sweep ? { sweep: { ...s.sweep, ...(s.sweep.baseline !== undefined ? { baseline: label(s.sweep.baseline) } : {}), ...(s.sweep.configs ? { configs: s.sweep.configs.map(label) } : {}) } } : {}),
        }
          : s.type === 'table' ? { ...s, baseline: label(s.baseline), candidates: s.candidates.map(label) } : s));
      if (JSON.stringify(sections) !== r.sections) {
        this.db.prepare('UPDATE reports SET sections = ? WHERE id = ?').run(JSON.stringify(sections), r.id);
        reports++;
      }
    }
    return { runs, charts, reports };
  }

  /** Moves runs to a configuration (new or existing); the imports whose runs all moved take its label. Returns the labels they left. */
  moveRuns(studyId: number, runIds: readonly number[], to: string): { moved: number[]; from: string[] } {
    this.checkConfigLabel(studyId, to);
    const rows = this.db.prepare(`SELECT id, config FROM runs WHERE study_id = ? AND id ${IN_IDS} ORDER BY id`).all(studyId, ids(runIds)) as Array<{ id: number; config: string }>;
    const missing = runIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new ManageError(`the study has no run ${missing.join(', ')}`);
    const moving = rows.filter((r) => r.config !== to);
    this.db.prepare(`UPDATE runs SET config = ? WHERE study_id = ? AND id ${IN_IDS}`).run(to, studyId, ids(moving.map((r) => r.id)));
    this.relabelImports(studyId, moving.map((r) => r.id));
    return { moved: moving.map((r) => r.id), from: [...new Set(moving.map((r) => r.config))] };
  }

  /** An import whose runs now all carry one label takes it (the evidence lists a file under its runs' configuration). */
  private relabelImports(studyId: number, runIds: readonly number[]): void {
    const affected = this.db.prepare(`SELECT DISTINCT import_id AS id FROM import_runs WHERE run_id ${IN_IDS} UNION SELECT import_id FROM runs WHERE id ${IN_IDS}`).all(ids(runIds), ids(runIds)) as Array<{ id: number }>;
    for (const { id } of affected) {
      const labels = this.db.prepare(`SELECT DISTINCT r.config FROM runs r WHERE r.study_id = ? AND (r.import_id = ? OR r.id IN (SELECT run_id FROM import_runs WHERE import_id = ?))`).all(studyId, id, id) as Array<{ config: string }>;
      if (labels.length === 1) this.db.prepare('UPDATE imports SET config = ? WHERE id = ? AND study_id = ?').run(labels[0]!.config, id, studyId);
    }
  }

  // ---- imports and their runs --------------------------------------------------------------

  /** Records the runs an imported file went into (its own, or the run its data joined). */
  linkImport(studyId: number, sha256: string, runIds: readonly number[]): void {
    if (runIds.length === 0) return;
    this.db.prepare(`INSERT OR IGNORE INTO import_runs (import_id, run_id)
      SELECT i.id, r.value FROM imports i, json_each(?) r WHERE i.study_id = ? AND i.sha256 = ?`).run(ids(runIds), studyId, sha256);
  }

  /**
   * A file the study already has: the runs it went into and their labels, restricted to runs
   * the file put under its own label (a table that names each run's configuration keeps them).
   */
  importedRuns(studyId: number, sha256: string): { runs: Array<{ id: number; config: string }>; label: string } | null {
    const imp = this.db.prepare('SELECT id, config FROM imports WHERE study_id = ? AND sha256 = ?').get(studyId, sha256) as { id: number; config: string } | undefined;
    if (!imp) return null;
    const runs = this.db.prepare(`SELECT id, config FROM runs WHERE study_id = ? AND (import_id = ? OR id IN (SELECT run_id FROM import_runs WHERE import_id = ?)) ORDER BY id`)
      .all(studyId, imp.id, imp.id) as Array<{ id: number; config: string }>;
    return { runs: runs.filter((r) => r.config === imp.config), label: imp.config };
  }

  // ---- exclusions --------------------------------------------------------------------------

  /** Excludes runs from comparisons with a reason (null: includes them again). Returns the runs changed. */
  setExcluded(studyId: number, runIds: readonly number[], reason: string | null): number[] {
    const found = (this.db.prepare(`SELECT id FROM runs WHERE study_id = ? AND id ${IN_IDS} ORDER BY id`).all(studyId, ids(runIds)) as Array<{ id: number }>).map((r) => r.id);
    const missing = runIds.filter((id) => !found.includes(id));
    if (missing.length) throw new ManageError(`the study has no run ${missing.join(', ')}`);
    if (reason !== null) checkRow('runs', { excluded_reason: reason, excluded_by: currentUser() }, `runs ${found.join(', ')}`);
    if (reason === null) {
      this.db.prepare(`UPDATE runs SET excluded_reason = NULL, excluded_at = NULL, excluded_by = NULL WHERE id ${IN_IDS}`).run(ids(found));
      // A run its own facts leave out (most users failed...) counts once a user says so: who and when are kept.
      this.db.prepare(`UPDATE runs SET counted_in_at = ?, counted_in_by = ? WHERE counted_in_at IS NULL AND id ${IN_IDS}
        AND EXISTS (SELECT 1 FROM json_each(runs.validity) f WHERE json_extract(f.value, '$.severity') = 'invalid')`).run(new Date().toISOString(), currentUser(), ids(found));
    } else {
      this.db.prepare(`UPDATE runs SET excluded_reason = ?, excluded_at = ?, excluded_by = ? WHERE id ${IN_IDS}`).run(reason, new Date().toISOString(), currentUser(), ids(found));
    }
    return found;
  }

  // ---- constants ---------------------------------------------------------------------------

  constants(studyId: number): ConfigConstant[] {
    return this.db.prepare('SELECT config, name, value, unit, source, entered_by, entered_at FROM config_constants WHERE study_id = ? ORDER BY config, name').all(studyId) as ConfigConstant[];
  }

  setConstant(studyId: number, c: Omit<ConfigConstant, 'entered_at' | 'entered_by'> & { entered_by?: string | null }): ConfigConstant {
    this.checkConfigLabel(studyId, c.config);
    const row: ConfigConstant = { ...c, entered_by: c.entered_by === undefined ? currentUser() : c.entered_by, entered_at: new Date().toISOString() };
    checkRow('config_constants', { ...row }, `constant "${c.name.slice(0, 80)}" of "${c.config.slice(0, 80)}"`);
    this.db.prepare(`INSERT INTO config_constants (study_id, config, name, value, unit, source, entered_by, entered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (study_id, config, name) DO UPDATE SET value = excluded.value, unit = excluded.unit, source = excluded.source, entered_by = excluded.entered_by, entered_at = excluded.entered_at`)
      .run(studyId, row.config, row.name, row.value, row.unit, row.source, row.entered_by, row.entered_at);
    return row;
  }

  deleteConstant(studyId: number, config: string, name: string): boolean {
    return this.db.prepare('DELETE FROM config_constants WHERE study_id = ? AND config = ? AND name = ?').run(studyId, config, name).changes > 0;
  }
}
