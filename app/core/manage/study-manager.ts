/**
 * Managing what was imported, as the workbench and the CLI ask for it: delete a study, a
 * configuration or runs (each undoable until the next delete), rename a study or a
 * configuration, move runs to another configuration, exclude runs with a reason, and the
 * constants and derived metrics of price-performance. Every change is one transaction.
 */
import type { ConfigConstant, DeletionRecord, DerivedMetric, RunRecord } from '../../contract/records.js';
import { NotFoundError } from '../errors.js';
import { CONSTANT_NAME, completeDerived, constantUnit } from '../metrics/derived.js';
import { ManageError } from '../store/manage-store.js';
import { slugify, type Store, type StudyRow } from '../store/store.js';

export { ManageError };

/** Where a constant came from: typed in the workbench, on the command line, or read from a file. */
export type ConstantSource = 'workbench' | 'cli' | `file:${string}`;

/** What the manager needs of the core: its store, and the one lookup that names an unknown study (with the closest names). */
export interface ManagedCore {
  readonly store: Store;
  studyIdOf(nameOrSlug: string): number;
}

export class StudyManager {
  constructor(private readonly core: ManagedCore) {}

  private get store() {
    return this.core.store;
  }

  private study(nameOrSlug: string): StudyRow {
    this.core.studyIdOf(nameOrSlug);
    return this.store.findStudy(nameOrSlug)!;
  }

  /** The study that holds all these runs (the CLI names runs by id alone). */
  studyOfRuns(runIds: readonly number[]): string {
    if (runIds.length === 0) throw new ManageError('name at least one run');
    const runs = this.store.listRuns({ ids: [...runIds] });
    const missing = runIds.filter((id) => !runs.some((r) => r.id === id));
    if (missing.length) throw new NotFoundError(`no run ${missing.join(', ')}`);
    const studies = [...new Set(runs.map((r) => r.study))];
    if (studies.length > 1) throw new ManageError(`runs ${runIds.join(', ')} belong to different studies (${studies.join(', ')}): name runs of one study`);
    return studies[0]!;
  }

  private configsOf(studyId: number): string[] {
    return this.store.manage.configs(studyId);
  }

  private needConfig(study: StudyRow, config: string): void {
    const configs = this.configsOf(study.id);
    if (!configs.includes(config)) throw new NotFoundError(`study "${study.name}" has no configuration "${config}" (it has: ${configs.join(', ') || 'none'})`);
  }

  // ---- deletes -----------------------------------------------------------------------------

  /** Deletes a study (dryRun: says what would go). Undoable until the next delete. */
  deleteStudy(nameOrSlug: string, dryRun = false): DeletionRecord {
    const study = this.study(nameOrSlug);
    if (dryRun) return { id: null, kind: 'study', study: { slug: study.slug, name: study.name }, ...this.store.manage.planStudy(study.id), created: null };
    return this.makingFinal(() => this.store.manage.trashStudy(study));
  }

  /** Deletes a configuration: its runs, the files that gave only them, its constants. */
  deleteConfig(nameOrSlug: string, config: string, dryRun = false): DeletionRecord {
    const study = this.study(nameOrSlug);
    // Read and written in one transaction: a run another process imports meanwhile goes too, or waits.
    const plan = (): number[] => {
      this.needConfig(study, config);
      return this.store.listRuns({ studyId: study.id, config }).map((r) => r.id);
    };
    if (dryRun) return this.dryRun(study, 'config', plan(), [config]);
    return this.makingFinal(() => this.store.manage.trashRuns(study, 'config', plan(), [config]));
  }

  /** Deletes chosen runs, and the files left with no run. A configuration left empty goes too. */
  deleteRuns(nameOrSlug: string, runIds: readonly number[], dryRun = false): DeletionRecord {
    const study = this.study(nameOrSlug);
    const emptied = (): string[] => {
      const runs = this.store.listRuns({ studyId: study.id, ids: [...runIds] });
      const missing = runIds.filter((id) => !runs.some((r) => r.id === id));
      if (missing.length) throw new NotFoundError(`study "${study.name}" has no run ${missing.join(', ')}`);
      return [...new Set(runs.map((r) => r.config))].filter((c) => this.store.listRuns({ studyId: study.id, config: c }).every((r) => runIds.includes(r.id)));
    };
    if (dryRun) return this.dryRun(study, 'runs', runIds, emptied());
    return this.makingFinal(() => this.store.manage.trashRuns(study, 'runs', runIds, emptied()));
  }

  private dryRun(study: StudyRow, kind: 'config' | 'runs', runIds: readonly number[], configs: string[]): DeletionRecord {
    const plan = this.store.manage.planRuns(study.id, runIds, configs);
    return { id: null, kind, study: { slug: study.slug, name: study.name }, configs, runs: plan.runs, files: plan.files, originals: plan.originals, charts: 0, reports: 0, periods: 0, created: null };
  }

  /** The delete that can still be undone. */
  pending(): DeletionRecord | null {
    return this.store.manage.pending();
  }

  /** Undoes the last delete; returns what came back and the study's slug. */
  undo(): { restored: DeletionRecord; study: string } {
    return this.store.transaction(() => this.store.manage.undo());
  }

  /** Makes the held delete final now: its rows and the original files no import names leave the store. */
  emptyTrash(): { deleted: DeletionRecord | null; originals: number } {
    return this.makingFinal(() => {
      const deleted = this.store.manage.pending();
      return { deleted, originals: this.store.manage.finalize() };
    });
  }

  /**
   * A change that makes the held delete final (a new delete does, and emptying the trash), in
   * one transaction; once it commits, the objects of the original files it let go are removed
   * from the disk (collect.ts: under the write lock, so never one another import is placing).
   */
  private makingFinal<T>(fn: () => T): T {
    const out = this.store.transaction(fn);
    this.store.collectOriginals(true);
    return out;
  }

  // ---- names and moves ---------------------------------------------------------------------

  renameStudy(nameOrSlug: string, name: string): { slug: string; name: string } {
    const study = this.study(nameOrSlug);
    const clean = name.trim();
    if (!clean) throw new ManageError('a study needs a name');
    // The slug follows the name, unless the new name makes another study's slug.
    const slug = slugify(clean);
    this.store.transaction(() => this.store.manage.renameStudy(study.id, clean, slug));
    return { slug, name: clean };
  }

  renameConfig(nameOrSlug: string, from: string, to: string): { config: string; runs: number; charts: number; reports: number } {
    const study = this.study(nameOrSlug);
    const clean = to.trim();
    if (!clean) throw new ManageError('a configuration needs a name');
    const done = this.store.transaction(() => this.store.manage.renameConfig(study.id, from, clean));
    return { config: clean, ...done };
  }

  moveRuns(nameOrSlug: string, runIds: readonly number[], to: string): { moved: number[]; from: string[]; to: string } {
    const study = this.study(nameOrSlug);
    const clean = to.trim();
    if (!clean) throw new ManageError('name the configuration to move the runs to');
    const done = this.store.transaction(() => this.store.manage.moveRuns(study.id, runIds, clean));
    return { ...done, to: clean };
  }

  // ---- exclusions --------------------------------------------------------------------------

  exclude(nameOrSlug: string, runIds: readonly number[], reason: string): RunRecord[] {
    const study = this.study(nameOrSlug);
    const why = reason.trim();
    if (!why) throw new ManageError('an exclusion needs a reason (it is printed in the report\'s evidence)');
    const changed = this.store.transaction(() => this.store.manage.setExcluded(study.id, runIds, why));
    return this.store.listRuns({ studyId: study.id, ids: changed });
  }

  include(nameOrSlug: string, runIds: readonly number[]): RunRecord[] {
    const study = this.study(nameOrSlug);
    const changed = this.store.transaction(() => this.store.manage.setExcluded(study.id, runIds, null));
    return this.store.listRuns({ studyId: study.id, ids: changed });
  }

  // ---- constants and derived metrics -------------------------------------------------------

  constants(nameOrSlug: string): ConfigConstant[] {
    return this.store.manage.constants(this.study(nameOrSlug).id);
  }

  /** Sets constants of configurations (one transaction for all): each name, value and unit. */
  setConstants(nameOrSlug: string, values: ReadonlyArray<{ config: string; name: string; value: number; unit?: string | null }>, source: ConstantSource): ConfigConstant[] {
    const study = this.study(nameOrSlug);
    const known = this.configsOf(study.id);
    for (const v of values) {
      if (!known.includes(v.config)) throw new NotFoundError(`study "${study.name}" has no configuration "${v.config}" (it has: ${known.join(', ') || 'none'})`);
      if (!CONSTANT_NAME.test(v.name)) throw new ManageError(`a constant's name is lower-case letters, digits and _ (such as price_usd_month), not "${v.name}"`);
      if (!Number.isFinite(v.value)) throw new ManageError(`constant ${v.name} of "${v.config}" is not a number`);
    }
    return this.store.transaction(() => values.map((v) => this.store.manage.setConstant(study.id, { config: v.config, name: v.name, value: v.value, unit: constantUnit(v.name, v.unit), source })));
  }

  deleteConstant(nameOrSlug: string, config: string, name: string): boolean {
    const study = this.study(nameOrSlug);
    return this.store.transaction(() => this.store.manage.deleteConstant(study.id, config, name));
  }

  /** Defines (or redefines) a derived metric of the study. */
  defineDerived(nameOrSlug: string, input: Parameters<typeof completeDerived>[0]): DerivedMetric {
    const study = this.study(nameOrSlug);
    const constants = this.store.manage.constants(study.id);
    const def = completeDerived(input, (name) => constants.find((c) => c.name === name)?.unit ?? null);
    this.store.transaction(() => {
      const saved = this.store.settings(study.id);
      const list = (saved.derived_metrics ?? []).filter((d) => d.name !== def.name);
      this.store.saveSettings(study.id, { ...saved, derived_metrics: [...list, def] });
    });
    this.core.studyIdOf(study.slug); // the dictionary knows it from now on
    return def;
  }

  deleteDerived(nameOrSlug: string, name: string): boolean {
    const study = this.study(nameOrSlug);
    const full = name.startsWith('derived.') ? name : `derived.${name}`;
    const deleted = this.store.transaction(() => {
      const saved = this.store.settings(study.id);
      const list = saved.derived_metrics ?? [];
      if (!list.some((d) => d.name === full)) return false;
      this.store.saveSettings(study.id, { ...saved, derived_metrics: list.filter((d) => d.name !== full) });
      return true;
    });
    this.core.studyIdOf(study.slug);
    return deleted;
  }
}
