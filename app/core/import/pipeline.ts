/**
 * The import pipeline: stage (hash, detect, parse: nothing written), then commit the staged
 * files in one transaction. A file with errors is never written; a database failure anywhere
 * rolls the whole commit back, so the store is exactly as it was.
 */
import { createHash, randomUUID } from 'node:crypto';
import { detectFormat } from '../../../importers/registry.js';
import type { Importer, ParsedRun, ParseResult } from '../../../importers/types.js';
import type { FileOutcome, FilePreview, ImportResult, TableMapping } from '../../contract/records.js';
import { stageTable, tablePreview, type StagedTable, type TableStageOptions } from './stage-table.js';
import type { Store } from '../store/store.js';
import { ratesBetween, type SvcSnapshot } from '../../../importers/svc/index.js';
import { companionKind, findTest } from './link-companions.js';
import { aggregateSnapshots } from './svc-aggregate.js';
import { rdName, vdbenchPrimaries } from './link-vdbench.js';
import { attachSeries, findLogOwner, isLogRun, type LogOwnerCandidate } from './link-logs.js';

export interface StagedFile {
  id: string;
  path: string;
  bytes: Uint8Array;
  sha256: string;
  importer: Importer | null;
  result: ParseResult;
  /** A table (CSV, TSV, XLSX, pasted): how it was read and the mapping used. */
  table?: StagedTable;
}

const located = (d: { message: string; line?: number }): string => (d.line ? `line ${d.line}: ${d.message}` : d.message);

/** Hashes, detects and parses one file. Never throws: every problem becomes an error value. */
export function stageFile(path: string, bytes: Uint8Array, tableOptions: TableStageOptions = {}): StagedFile {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const detection = tableOptions.asTable ? null : detectFormat(bytes);
  if (!detection || detection.importer?.id === 'spreadsheet') {
    // A table: read through its mapping (given, remembered for its header, or proposed).
    const staged = stageTable(bytes, tableOptions);
    return { id: randomUUID(), path, bytes, sha256, importer: staged.importer, result: staged.result, table: staged.table ?? undefined };
  }
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
    ...(file.table ? { table: tablePreview(file.table) } : {}),
  };
}

export interface CommitOptions {
  study: string;
  /** A fixed slug for a new study (the sample studies have documented slugs). */
  studySlug?: string;
  config: string;
  onProgress?: (done: number, total: number, current: string) => void;
  /** Called in the transaction for each table imported: its header's mapping is remembered. */
  rememberMapping?: (signature: string, mapping: TableMapping) => void;
}

/** Writes every file that parsed cleanly, in one transaction. */
export function commitFiles(store: Store, files: readonly StagedFile[], options: CommitOptions): ImportResult {
  const studyName = options.study.trim();
  const config = options.config.trim();
  if (!studyName) throw new Error('a study name is required');
  if (!config) throw new Error('a configuration label is required');

  return store.transaction(() => {
    const study = store.ensureStudy(studyName, options.studySlug);
    const outcomes = new Array<FileOutcome>(files.length);
    // Logs go last, so that the JSON of the same run, in this drop or imported before, is there
    // for them to attach to.
    // A log belongs to a run of the configuration it is imported under, never another's.
    const owners: LogOwnerCandidate[] = store.logOwnerCandidates(study.id, config);
    const isLogFile = (f: StagedFile): boolean => f.result.runs.length > 0 && f.result.runs.every(isLogRun);
    const isCompanionFile = (f: StagedFile): boolean => f.result.runs.length > 0 && f.result.runs.every((r) => companionKind(r) !== null);
    // vdbench: one report per output folder gives the runs; the others come after it.
    const vdbench = files.map((f, index) => ({ index, path: f.path, runs: f.result.runs })).filter((f) => files[f.index]!.importer?.id === 'vdbench' && files[f.index]!.result.errors.length === 0);
    const primaries = vdbenchPrimaries(vdbench);
    // A folder imported before (say its totals.html) already gave its runs: the rest of the
    // folder joins them instead of counting the same results again.
    const earlier = new Map<number, Array<{ id: number; run: ParsedRun }>>();
    for (const f of vdbench) {
      const folder = f.path.replace(/\\/g, '/').replace(/\/[^/]*$/, '');
      const existing = store.vdbenchRunsInFolder(study.id, config, folder);
      if (existing.length > 0) earlier.set(f.index, existing);
    }
    const secondary = (i: number): boolean => earlier.has(i) || (primaries.has(i) && primaries.get(i) !== i);
    const runIdsOf = new Map<number, Array<{ id: number; run: ParsedRun }>>();
    const isSnapshotFile = (f: StagedFile): boolean => f.result.runs.length > 0 && f.result.runs.every((r) => r.tables['svc_snapshot'] !== undefined);
    const snapshots: Array<{ index: number; snapshot: SvcSnapshot; importId: number }> = [];
    const late = (f: StagedFile): number => Number(isLogFile(f) || isCompanionFile(f) || secondary(files.indexOf(f)));
    const order = files.map((_, i) => i).sort((a, b) => late(files[a]!) - late(files[b]!));
    order.forEach((index, done) => {
      const file = files[index]!;
      options.onProgress?.(done, files.length, file.path);
      const preview = previewOf(file);
      const base = { path: file.path, format: preview.format, sha256: file.sha256, warnings: preview.warnings };
      if (preview.errors.length > 0 || !file.importer) {
        outcomes[index] = { ...base, status: 'failed', runs: [], errors: preview.errors };
        return;
      }
      const existing = store.importedRunIds(study.id, file.sha256);
      if (existing) {
        outcomes[index] = { ...base, status: 'duplicate', runs: existing, errors: [] };
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
      if (isLogFile(file)) {
        const runIds: number[] = [];
        const notes: string[] = [];
        file.result.runs.forEach((run, ordinal) => {
          const log = run.tables['log'] as { stem: string; kind: string };
          const { owner, how } = findLogOwner(file.path, log.stem, owners);
          if (owner) {
            store.addSeries(owner.runId, attachSeries(run.series, owner, log.kind));
            // A histogram log's whole distribution joins the run too: its CDF beside the json+ one.
            if (log.kind === 'clat_hist' && run.tables['latency_bins']) store.mergeIntoRun(owner.runId, {}, { hist_log_bins: run.tables['latency_bins'] });
            runIds.push(owner.runId);
            notes.push(`attached to run ${owner.runId} "${owner.runName}" as time series (${how})`);
          } else {
            runIds.push(store.insertRun(study.id, importId, config, ordinal, run));
            const latency = ['lat', 'clat', 'slat'].includes(log.kind);
            notes.push(`no fio JSON run to attach it to (${how}): imported as a run of its own, times relative to its start, summary metrics the means of its samples${latency ? '; latency read as ns (fio 3.x): import it with its fio JSON to have the unit checked' : ''}`);
          }
        });
        outcomes[index] = { ...base, warnings: [...notes, ...base.warnings], status: 'imported', runs: [...new Set(runIds)], errors: [] };
        return;
      }
      if (isSnapshotFile(file)) {
        // One snapshot of cumulative counters per file: the rates come from all of them together.
        for (const run of file.result.runs) snapshots.push({ index, snapshot: run.tables['svc_snapshot'] as SvcSnapshot, importId });
        outcomes[index] = { ...base, status: 'imported', runs: [], errors: [] };
        return;
      }
      if (secondary(index)) {
        const primary = primaries.get(index)!;
        const target = earlier.get(index) ?? runIdsOf.get(primary) ?? [];
        const source = earlier.has(index) ? 'an earlier import of this folder' : files[primary]!.path;
        const notes: string[] = [];
        const runIds: number[] = [];
        if (file.result.runs.every((r) => r.tables['report'] === 'histogram')) {
          for (const run of file.result.runs) {
            const match = target.find((t) => rdName(t.run) === rdName(run));
            if (match) {
              store.mergeIntoRun(match.id, {}, { histogram: run.tables });
              runIds.push(match.id);
            }
          }
          notes.push(`response-time histogram added to ${runIds.length} run(s) of ${source}`);
        } else {
          runIds.push(...target.map((t) => t.id));
          notes.push(`the same results as ${source}, which gave the runs: kept as a file, no runs of its own`);
        }
        outcomes[index] = { ...base, warnings: [...notes, ...base.warnings], status: 'imported', runs: [...new Set(runIds)], errors: [] };
        return;
      }
      if (isCompanionFile(file)) {
        const tests = store.hammerdbTests(study.id, config);
        const runIds: number[] = [];
        const notes: string[] = [];
        file.result.runs.forEach((run, ordinal) => {
          const kind = companionKind(run)!;
          const { test, how } = findTest(run, kind, tests);
          if (test) {
            if (kind === 'counter') store.addSeries(test.runId, run.series);
            else store.mergeIntoRun(test.runId, run.metrics, run.tables);
            runIds.push(test.runId);
            notes.push(`joined test run ${test.runId} "${test.name}" (${how})`);
          } else {
            runIds.push(store.insertRun(study.id, importId, config, ordinal, run));
            notes.push(`no HammerDB test of configuration "${config}" to join (${how}): imported as a run of its own`);
          }
        });
        outcomes[index] = { ...base, warnings: [...notes, ...base.warnings], status: 'imported', runs: [...new Set(runIds)], errors: [] };
        return;
      }
      if (file.table) options.rememberMapping?.(file.table.signature, file.table.mapping);
      const runIds = file.result.runs.map((run, ordinal) => {
        // A table can name each run's configuration (a column, or titles over several tables).
        const id = store.insertRun(study.id, importId, run.config?.trim() || config, ordinal, run);
        if (primaries.has(index)) runIdsOf.set(index, [...(runIdsOf.get(index) ?? []), { id, run }]);
        if (file.importer!.id === 'fio-json') {
          owners.push({
            runId: id, runName: run.name, file: file.path, toolVersion: run.toolVersion, startMs: run.startMs,
            logPrefixes: (run.tables['log_prefixes'] as string[] | undefined) ?? [],
          });
        }
        return id;
      });
      outcomes[index] = { ...base, status: 'imported', runs: runIds, errors: [] };
    });
    if (snapshots.length > 0) {
      const aggregated = aggregateSnapshots(snapshots.map((s) => s.snapshot), ratesBetween);
      if (!aggregated) {
        for (const s of snapshots) {
          const o = outcomes[s.index]!;
          outcomes[s.index] = { ...o, warnings: ['no rates: rates need two consecutive statistics files of the same node (the file is kept)', ...o.warnings] };
        }
      } else {
        const runId = store.insertRun(study.id, snapshots[0]!.importId, config, 0, aggregated.run);
        const note = `one of ${snapshots.length} statistics files, combined into run ${runId} "${aggregated.run.name}"${aggregated.warnings.length ? `: ${aggregated.warnings.join('; ')}` : ''}`;
        for (const s of snapshots) {
          const o = outcomes[s.index]!;
          outcomes[s.index] = { ...o, runs: [runId], warnings: [note, ...o.warnings] };
        }
      }
    }
    options.onProgress?.(files.length, files.length, '');
    return { study, config, files: outcomes };
  });
}
