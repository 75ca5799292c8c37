/**
 * The platform-free core: every capability the UI and the CLI use, over one store. Runs in the
 * core worker behind the app, or in-process in the CLI. No Electron, no HTTP.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  CompareResult, FilePreview, ImportResult, MetricInfo, RunRecord, SeriesRecord, StudySummary,
} from '../contract/records.js';
import { compareConfigs } from './compare/compare.js';
import { commitFiles, previewOf, stageFile, type StagedFile } from './import/pipeline.js';
import { allMetrics } from './metrics/dictionary.js';
import { Store } from './store/store.js';

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export type Progress = (done: number, total: number, current: string) => void;

/** Lists the files under the given files and folders, depth first, sorted for a stable order. */
export function expandPaths(inputs: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (p: string): void => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (!name.startsWith('.')) visit(path.join(p, name));
      }
    } else if (stat.isFile()) {
      out.push(p);
    }
  };
  inputs.forEach(visit);
  return out;
}

export class Core {
  readonly store: Store;
  private readonly staged = new Map<string, StagedFile>();

  constructor(readonly dbPath: string, nativeBinding?: string) {
    this.store = new Store(dbPath, nativeBinding);
  }

  close(): void {
    this.store.close();
  }

  metricsDictionary(): MetricInfo[] {
    return allMetrics();
  }

  studies(): StudySummary[] {
    return this.store.listStudies();
  }

  private studyId(nameOrSlug: string): number {
    const study = this.store.findStudy(nameOrSlug);
    if (!study) throw new NotFoundError(`no study named "${nameOrSlug}"`);
    return study.id;
  }

  runs(filter: { study?: string; config?: string; ids?: number[] }): RunRecord[] {
    return this.store.listRuns({
      studyId: filter.study !== undefined ? this.studyId(filter.study) : undefined,
      config: filter.config,
      ids: filter.ids,
    });
  }

  series(run: number, metric?: string, object?: string): SeriesRecord[] {
    return this.store.series(run, metric, object);
  }

  /** Parses a file into the staging area and says what importing it would do. */
  stage(name: string, bytes: Uint8Array): FilePreview {
    const file = stageFile(name, bytes);
    this.staged.set(file.id, file);
    return previewOf(file);
  }

  discard(ids: readonly string[]): number {
    let n = 0;
    for (const id of ids) if (this.staged.delete(id)) n++;
    return n;
  }

  commit(ids: readonly string[], study: string, config: string, onProgress?: Progress): ImportResult {
    const files = ids.map((id) => {
      const f = this.staged.get(id);
      if (!f) throw new NotFoundError(`staged file ${id} is gone (discarded or already imported)`);
      return f;
    });
    const result = commitFiles(this.store, files, { study, config, onProgress });
    this.discard(ids);
    return result;
  }

  /** The CLI's import: files and folders from disk, staged and committed in one go. */
  importPaths(
    inputs: readonly string[], study: string, config: string,
    options: { onProgress?: Progress; studySlug?: string; relativeTo?: string } = {},
  ): ImportResult {
    const { onProgress, studySlug, relativeTo } = options;
    // The name kept with the file: as the user gave it, or relative to a base (the samples).
    const shown = (p: string): string => (relativeTo ? path.relative(relativeTo, p).split(path.sep).join('/') : p);
    const files = expandPaths(inputs).map((p) => stageFile(shown(p), fs.readFileSync(p)));
    return commitFiles(this.store, files, { study, config, onProgress, studySlug });
  }

  compare(args: { study: string; baseline: string; candidate: string; metrics?: string[]; pairingKeys?: string[] }): CompareResult {
    const runs = this.runs({ study: args.study });
    const configs = new Set(runs.map((r) => r.config));
    for (const label of [args.baseline, args.candidate]) {
      if (!configs.has(label)) {
        throw new NotFoundError(`study "${args.study}" has no configuration "${label}" (it has: ${[...configs].join(', ') || 'none'})`);
      }
    }
    const study = this.store.findStudy(args.study)!;
    return compareConfigs({ ...args, study: study.slug, runs });
  }
}
