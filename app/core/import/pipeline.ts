/**
 * The import pipeline: stage (hash, detect, parse: nothing written), then commit the staged
 * files in one transaction. A file with errors is never written; a database failure anywhere
 * rolls the whole commit back, so the store is exactly as it was.
 */
import { createHash, randomUUID } from 'node:crypto';
import { detectFormat } from '../../../importers/registry.js';
import type { Importer, ParseResult } from '../../../importers/types.js';
import type { FileOutcome, FilePreview, ImportResult } from '../../contract/records.js';
import type { Store } from '../store/store.js';

export interface StagedFile {
  id: string;
  path: string;
  bytes: Uint8Array;
  sha256: string;
  importer: Importer | null;
  result: ParseResult;
}

const located = (d: { message: string; line?: number }): string => (d.line ? `line ${d.line}: ${d.message}` : d.message);

/** Hashes, detects and parses one file. Never throws: every problem becomes an error value. */
export function stageFile(path: string, bytes: Uint8Array): StagedFile {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const detection = detectFormat(bytes);
  let result: ParseResult;
  if (!detection.importer) {
    result = { runs: [], warnings: [], errors: [{ message: detection.reason }] };
  } else {
    try {
      result = detection.importer.parse({ bytes, name: path });
    } catch (err) {
      // An importer bug must not lose the user's other files: report it against this one.
      result = { runs: [], warnings: [], errors: [{ message: `the ${detection.importer.title} importer failed: ${(err as Error).message}` }] };
    }
  }
  return { id: randomUUID(), path, bytes, sha256, importer: detection.importer, result };
}

export function previewOf(file: StagedFile): FilePreview {
  return {
    id: file.id,
    path: file.path,
    size: file.bytes.byteLength,
    sha256: file.sha256,
    format: file.importer?.id ?? null,
    runs: file.result.runs.map((r) => ({ name: r.name, params: r.params })),
    warnings: [
      ...file.result.warnings.map(located),
      ...file.result.runs.flatMap((r) => [...r.warnings, ...r.errors].map((w) => `${r.name}: ${w}`)),
    ],
    errors: file.result.errors.map(located),
  };
}

export interface CommitOptions {
  study: string;
  /** A fixed slug for a new study (the sample studies have documented slugs). */
  studySlug?: string;
  config: string;
  onProgress?: (done: number, total: number, current: string) => void;
}

/** Writes every file that parsed cleanly, in one transaction. */
export function commitFiles(store: Store, files: readonly StagedFile[], options: CommitOptions): ImportResult {
  const studyName = options.study.trim();
  const config = options.config.trim();
  if (!studyName) throw new Error('a study name is required');
  if (!config) throw new Error('a configuration label is required');

  return store.transaction(() => {
    const study = store.ensureStudy(studyName, options.studySlug);
    const outcomes: FileOutcome[] = [];
    files.forEach((file, index) => {
      options.onProgress?.(index, files.length, file.path);
      const preview = previewOf(file);
      const base = { path: file.path, format: preview.format, sha256: file.sha256, warnings: preview.warnings };
      if (preview.errors.length > 0 || !file.importer) {
        outcomes.push({ ...base, status: 'failed', runs: [], errors: preview.errors });
        return;
      }
      const existing = store.importedRunIds(study.id, file.sha256);
      if (existing) {
        outcomes.push({ ...base, status: 'duplicate', runs: existing, errors: [] });
        return;
      }
      store.saveFile(file.sha256, file.bytes);
      const importId = store.insertImport({
        studyId: study.id,
        sha256: file.sha256,
        fileName: file.path,
        format: file.importer.id,
        importerVersion: file.importer.version,
        config,
        warnings: preview.warnings,
      });
      const runIds = file.result.runs.map((run, ordinal) => store.insertRun(study.id, importId, config, ordinal, run));
      outcomes.push({ ...base, status: 'imported', runs: runIds, errors: [] });
    });
    options.onProgress?.(files.length, files.length, '');
    return { study, config, files: outcomes };
  });
}
