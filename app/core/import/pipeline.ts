/**
 * The import pipeline: stage (hash, detect, parse: nothing written), then commit in one
 * transaction. A file with errors is never written; a database failure anywhere, or a cancel,
 * rolls the whole commit back, so the store is exactly as it was.
 *
 * The commit is a session that takes files one at a time: a file that needs no other file is
 * written when it comes and then dropped, so a folder of 2,000 reports is never in memory at
 * once. Files that depend on others (logs on their fio JSON, vdbench's secondary reports on
 * the primary, HammerDB companions on their test, SVC snapshots on each other) wait for the end.
 * Large logs are streamed: read, parsed and written chunk by chunk.
 */
import { createHash, randomUUID } from 'node:crypto';
import { fioLogTable, type FioLogTable } from '../../../importers/fio/fio-log.js';
import { DETECT_HEAD_BYTES, detectFormat, type Detection } from '../../../importers/registry.js';
import { gunzipHead } from '../../../importers/gzip.js';
import { GunzipStream, GzipStreamError } from './gunzip-stream.js';
import { checkRow, RowError } from '../store/row-schema.js';
import { validityWarning } from '../../../importers/validity.js';
import type { Importer, ParsedRun, ParsedSeries, ParseResult } from '../../../importers/types.js';
import type { FileConfigurations, FileOutcome, FilePreview, ImportResult, LogLatencyUnit, TableMapping } from '../../contract/records.js';
import { stageTable, tablePreview, type StagedTable, type TableStageOptions } from './stage-table.js';
import type { LockWait, StudyRow, Store } from '../store/store.js';
import { companionKind, findTest } from './link-companions.js';
import { aggregateSvcFiles, svcHeldBytes, svcStageInfo, type SvcFileInput, type SvcStageError, type SvcStageInfo } from './svc-stream.js';
import { parsePoolFor, type ParsePool } from './parse-pool.js';
import { scanCounters } from '../../../importers/svc/counter-scan.js';
import { planVdbench, rdName, type ResultsSource } from './link-vdbench.js';
import { asMicroseconds, attachSeries, findLogOwner, implausibleLatency, isLatencyLog, isLogRun, LOG_OWNER_FORMATS, ownerCandidate, type LogOwnerCandidate } from './link-logs.js';
import { READ_CHUNK_BYTES, readFailure, sha256Of, wholeReadProblem, type FileSource } from './file-source.js';
import type { StagedFile } from './staged-file.js';
import { possibleResult, possibleRun, possibleSeries } from './impossible-values.js';
import { savePathParams, withPathParams, type PathParamRule } from './path-params.js';
import { DEFAULT_PAIRING_KEYS } from '../compare/pairing.js';
import { anotherMeasurement, compareForms, formNote, knownReports, notAFormNote, reportIdentity, runsWithForm, type FormComparison, type KnownReport, type ReportForm } from './same-report.js';

export type { StagedFile } from './staged-file.js';

const EMPTY = 'the file is empty: nothing to import';

/** A streamed file found unreadable part way: that file fails, the rest of the import goes on. */
class UnreadableFileError extends Error {}

/** Files at least this large are streamed when their format can be (fio logs). */
export const STREAM_MIN_BYTES = 8 * 1024 * 1024;

const located = (d: { message: string; line?: number }): string => (d.line ? `line ${d.line}: ${d.message}` : d.message);

/** A file's first `n` bytes as its format reads them: a gzipped file's decompressed. */
function plainHead(source: FileSource, gzip: boolean | undefined, n: number): Uint8Array {
  return gzip ? gunzipHead(source.head(n), n) ?? new Uint8Array(0) : source.head(n);
}

/** The name a gzipped file's format reads (fio tells a log's kind from it): without its `.gz`. */
const plainName = (path: string, gzip: boolean | undefined): string => (gzip ? path.replace(/\.gz$/i, '') : path);

/** The head of a file up to its last complete line: what a streamed file's preview parses. */
function headLines(source: FileSource, gzip?: boolean): Uint8Array {
  const head = plainHead(source, gzip, 1024 * 1024);
  const lf = head.lastIndexOf(10);
  return lf > 0 ? head.subarray(0, lf + 1) : head;
}

/** Hashes, detects and parses one file. Never throws: every problem becomes an error value. */
export function stageFile(path: string, source: FileSource, tableOptions: TableStageOptions = {}): StagedFile {
  const id = randomUUID();
  try {
    return stageReadable(id, path, source, tableOptions);
  } catch (err) {
    // Reading failed (the file went away or may not be read): that file fails, never the import.
    return { id, path, source, sha256: NOT_READ, importer: null, result: { runs: [], warnings: [], errors: [{ message: `cannot read the file: ${readFailure(err)}` }] }, streamed: false };
  }
}

function stageReadable(id: string, path: string, source: FileSource, tableOptions: TableStageOptions): StagedFile {
  // An empty file has no format to tell and nothing to keep: skipped at import, not failed
  // (fio leaves an empty slat log beside every lat log of a sync engine).
  if (source.size === 0 && !tableOptions.asTable) {
    return { id, path, source, sha256: sha256Of(source), importer: null, result: { runs: [], warnings: [{ message: EMPTY }], errors: [] }, streamed: false, empty: true };
  }
  let detection: Detection | null = null;
  if (!tableOptions.asTable) {
    const head = source.head(DETECT_HEAD_BYTES);
    detection = detectFormat(head);
    // A gzipped log, whatever its size: decompressed as it is read, previewed from its decompressed head.
    if (detection.importer && detection.gzip) {
      return { id, path, source, sha256: sha256Of(source), importer: detection.importer, result: parseSafely(detection.importer, headLines(source, true), plainName(path, true)), streamed: true, gzip: true };
    }
    // A large file whose format streams: detected and previewed from its head only.
    if (source.size >= STREAM_MIN_BYTES && detection.importer?.stream) {
      return { id, path, source, sha256: sha256Of(source), importer: detection.importer, result: parseSafely(detection.importer, headLines(source), path), streamed: true };
    }
    // SVC statistics: the header now, the counters when all the files are combined.
    if (detection.importer?.id === 'svc-iostats') {
      // Its counters are read whole when the files are combined: within the same limit.
      const tooLarge = wholeReadProblem(source.size, `a ${detection.importer.title} file`);
      if (tooLarge) return { id, path, source, sha256: NOT_READ, importer: detection.importer, result: { runs: [], warnings: [], errors: [{ message: tooLarge }] }, streamed: false };
      const svc = svcStageInfo(head);
      // Statistics of a kind PerfDelta does not read (hostStats...) are kept with a warning, not failed.
      const result: ParseResult = !('error' in svc) ? { runs: [svcPreviewRun(svc)], warnings: [], errors: [] }
        : svc.unknownKind ? { runs: [], warnings: [{ message: svc.error }], errors: [] }
          : { runs: [], warnings: [], errors: [{ message: svc.error }] };
      return { id, path, source, sha256: sha256Of(source), importer: detection.importer, result, streamed: false, svc };
    }
    // Nothing claims it from its head (and it is no workbook, which may tell only further on):
    // it is never read beyond its head, nor hashed (its SHA-256 is empty: nothing of it is kept),
    // so a 1 GB random file costs 64 KiB of reading.
    if (!detection.importer && !detection.wholeMayTell) return unclaimed({ id, path, source, sha256: NOT_READ }, detection);
  }
  // Formats read whole (fio JSON, AWR, tables...) up to a stated size, refused from it beyond, unread.
  const tooLarge = wholeReadProblem(source.size, detection?.importer ? `a ${detection.importer.title} file` : 'a table or workbook');
  if (tooLarge) return { id, path, source, sha256: NOT_READ, importer: detection?.importer ?? null, result: { runs: [], warnings: [], errors: [{ message: tooLarge }] }, streamed: false };
  // Read once: hashed, detected and parsed from the same bytes, and kept until written.
  const bytes = source.bytes();
  const base = { id, path, source, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
  // A workbook (binary) or a table needs the whole file to tell.
  if (!tableOptions.asTable && (!detection?.importer || detection.importer.id === 'spreadsheet')) detection = detectFormat(bytes);
  if (!detection || detection.importer?.id === 'spreadsheet') {
    // A table: read through its mapping (given, remembered for its header, or proposed).
    const staged = stageTable(bytes, tableOptions);
    return { ...base, importer: staged.importer, result: possibleResult(staged.result), streamed: false, table: staged.table ?? undefined };
  }
  if (!detection.importer) return unclaimed(base, detection);
  return { ...base, importer: detection.importer, result: parseSafely(detection.importer, bytes, path), streamed: false };
}

/**
 * A file's format as staging tells it (`perfdelta detect`): from its head; read further only
 * where a workbook may tell only there, and only within the whole-read limit.
 */
export function detectFile(source: FileSource): Detection {
  const head = detectFormat(source.head(DETECT_HEAD_BYTES));
  if (head.importer || !head.wholeMayTell || wholeReadProblem(source.size, '') !== null) return head;
  return detectFormat(source.bytes());
}

/** The SHA-256 of a file that was not read beyond its head: none (nothing of it is kept). */
const NOT_READ = '';

/** A file no importer claims. */
function unclaimed(base: Pick<StagedFile, 'id' | 'path' | 'source' | 'sha256' | 'bytes'>, detection: Extract<Detection, { importer: null }>): StagedFile {
  // Close to a format, or one tool's output without results: what the user meant to import,
  // refused with what is missing (near-miss.ts), never skipped.
  if (detection.nearMiss) return { ...base, importer: null, result: { runs: [], warnings: [], errors: [{ message: detection.reason }] }, streamed: false };
  // Not a result (tm.out beside the AWR reports): nothing to import and nothing to lose.
  return { ...base, importer: null, result: { runs: [], warnings: [{ message: notResultReason(detection.reason) }], errors: [] }, streamed: false, notResult: true };
}

/** Worded like an empty file's reason: what the file is, then "nothing to import". */
export function notResultReason(reason: string): string {
  return `not a result file PerfDelta reads (${reason}): nothing to import`;
}

/** The bytes to keep: those staging read, else the source's (read again from disk). */
const bytesOf = (file: StagedFile): Uint8Array => file.bytes ?? file.source.bytes();

/** A staged file without the bytes staging read (a file on disk waiting in the sheet or for the end of an import). */
export function withoutBytes(file: StagedFile): StagedFile {
  if (!file.bytes || file.source.diskPath === null) return file;
  const { bytes: _dropped, ...rest } = file;
  return rest;
}

/** What the preview shows of a statistics file: its node, kind and time (its rates come from all the files together). */
function svcPreviewRun(svc: SvcStageInfo): ParsedRun {
  return {
    name: `${svc.kind} statistics of ${svc.node} at ${new Date(svc.timeMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    tool: 'svc', toolVersion: null, host: svc.node, startMs: svc.timeMs, endMs: svc.timeMs,
    params: {}, metrics: {}, tables: {}, series: [], warnings: svc.warnings, errors: [],
  };
}

function parseSafely(importer: Importer, bytes: Uint8Array, name: string): ParseResult {
  try {
    // Every format's figures pass one check where they become runs (impossible-values.ts).
    return possibleResult(importer.parse({ bytes, name }));
  } catch (err) {
    // An importer bug must not lose the user's other files: report it against this one.
    return { runs: [], warnings: [], errors: [{ message: `the ${importer.title} importer failed: ${(err as Error).message}` }] };
  }
}

export function previewOf(file: StagedFile): FilePreview {
  return {
    id: file.id,
    path: file.path,
    size: file.source.size,
    sha256: file.sha256,
    format: file.importer?.id ?? null,
    runs: file.result.runs.map((r) => ({ name: r.name, params: r.params })),
    warnings: [
      ...(file.streamed ? [`${(file.source.size / 1e6).toFixed(0)} MB: read and checked as it is imported; this preview shows its first lines`] : []),
      ...file.result.warnings.map(located),
      ...file.result.runs.flatMap((r) => [...r.warnings, ...r.errors, ...(r.validity ?? []).map(validityWarning)].map((w) => `${r.name}: ${w}`)),
    ],
    errors: file.result.errors.map(located),
    ...(file.table ? { table: tablePreview(file.table) } : {}),
    ...configurationsOf(file.result.runs),
    ...(file.empty ? { empty: true as const } : {}),
    ...(file.notResult ? { not_result: true as const } : {}),
    ...latencyLogOf(file),
  };
}

/** The configurations a file names for its runs (a table's column or titles), and where: for the sheet and the import's outcome. */
export function configurationsOf(runs: readonly ParsedRun[]): { configurations?: FileConfigurations } {
  const named = runs.filter((r) => r.config?.trim());
  if (named.length === 0) return {};
  const labels = [...new Set(named.map((r) => r.config!.trim()))];
  return { configurations: { from: named.find((r) => r.configFrom)?.configFrom ?? 'the file', labels } };
}

/** A latency log's kind, for the sheet to ask its unit (a log of another kind has one). */
function latencyLogOf(file: StagedFile): { latencyLog?: { kind: string } } {
  if (file.importer?.id !== 'fio-log') return {};
  const run = file.result.runs[0];
  const kind = run ? fioLogTable(run)?.kind : undefined;
  return kind && isLatencyLog(kind) ? { latencyLog: { kind } } : {};
}

/**
 * An orphan latency log's run in the unit the user chose (its series apart: a streamed log's go
 * on their own), with a warning when its values are implausible in that unit.
 */
function inChosenUnit(run: ParsedRun, unit: LogLatencyUnit | undefined): ParsedRun {
  const scaled = unit !== 'us' ? run : {
    ...run,
    series: asMicroseconds(run.series),
    metrics: Object.fromEntries(Object.entries(run.metrics).map(([k, v]) => [k, v * 1000])),
    tables: { ...run.tables, log: { ...(run.tables['log'] as object), unit_assumed: 'µs' } },
  };
  const odd = implausibleLatency(scaled.metrics, unit === 'us' ? 'us' : 'ns');
  return odd ? { ...scaled, warnings: [...scaled.warnings, odd] } : scaled;
}

/** Thrown by a cancel check: the transaction rolls back and nothing is written. */
export class ImportCancelledError extends Error {
  constructor() {
    super('import cancelled: nothing was written');
    this.name = 'ImportCancelledError';
  }
}

export interface ImportProgress {
  /** Files finished and the number of files. */
  done: number;
  total: number;
  current: string;
  /** Bytes read so far and in all (a 2 GB log moves the bar while it is the only file). */
  bytesDone: number;
  bytesTotal: number;
  /** True while another process (a second import, the workbench) holds the database: nothing read yet. */
  waiting?: boolean;
}

export interface CommitOptions {
  study: string;
  /** A fixed slug for a new study (the sample studies have documented slugs). */
  studySlug?: string;
  config: string;
  onProgress?: (p: ImportProgress) => void;
  /** Throws (ImportCancelledError) when the user cancelled; called between files and chunks. */
  checkCancel?: () => void;
  /** Called in the transaction for each table imported: its header's mapping is remembered. */
  rememberMapping?: (signature: string, mapping: TableMapping) => void;
  /** Files and bytes the session will see, for progress (the UI's staged files, the CLI's paths). */
  expected?: { files: number; bytes: number };
  /** The unit the user chose for a latency log that no fio JSON claims (undefined: ns, fio 3's). */
  logUnit?: (file: StagedFile) => LogLatencyUnit | undefined;
  /** Reads a held file again at the end (a file on disk is not kept parsed in memory meanwhile). */
  restage?: (file: StagedFile) => StagedFile;
  /** Rules for parameters in file paths, kept with the study (replacing its rules of the same parameter) before the files are written. */
  pathParams?: PathParamRule[];
  /**
   * A file the study already has, imported under another label: move its runs to this import's
   * configuration (a label corrected by importing again). Otherwise the outcome says where they are.
   */
  moveDuplicates?: boolean;
  /** Parse workers that read and scan SVC statistics files ahead of the writer (parse-pool.ts). */
  pool?: ParsePool | null;
  /**
   * A file's own configuration (a drop of four volumes imported as four configurations, the
   * labels the sheet proposed and the user kept); undefined: `config`. A file that names its
   * runs' configurations (a table) keeps its own.
   */
  configOf?: (file: StagedFile) => string | undefined;
}

/** Writes every file that parsed cleanly, in one transaction. */
export function commitFiles(store: Store, files: readonly StagedFile[], options: CommitOptions): ImportResult {
  const expected = options.expected ?? { files: files.length, bytes: files.reduce((n, f) => n + f.source.size, 0) };
  return store.transaction(() => {
    const session = new ImportSession(store, { pool: parsePoolFor(files.length, expected.bytes), ...options, expected });
    for (const f of files) session.add(f);
    return session.finish();
  }, lockWait({ ...options, expected }));
}

/**
 * How an import waits for another process's write: its progress says "waiting" (the sheet and
 * the CLI show it) and Stop / Ctrl+C still work; nothing is read or written meanwhile.
 */
export function lockWait(options: Pick<CommitOptions, 'onProgress' | 'checkCancel' | 'expected'>): LockWait {
  return {
    checkCancel: options.checkCancel,
    onWait: () => options.onProgress?.({ done: 0, total: options.expected?.files ?? 0, current: '', bytesDone: 0, bytesTotal: options.expected?.bytes ?? 0, waiting: true }),
  };
}

const isLogFile = (f: StagedFile): boolean => f.result.runs.length > 0 && f.result.runs.every(isLogRun);
const isCompanionFile = (f: StagedFile): boolean => f.result.runs.length > 0 && f.result.runs.every((r) => companionKind(r) !== null);
const isSnapshotFile = (f: StagedFile): boolean => f.svc !== undefined;
const isVdbench = (f: StagedFile): boolean => f.importer?.id === 'vdbench' && f.result.errors.length === 0;

interface Held {
  index: number;
  file: StagedFile;
  /** Parsed again at the end (a file on disk), not kept parsed meanwhile. */
  parked: boolean;
}

/**
 * One import, file by file, inside the caller's transaction. `add` writes a file at once when
 * nothing it depends on can still come; `finish` writes the files that waited.
 */
export class ImportSession {
  private readonly study: StudyRow;
  /** This import made the study: if nothing goes in, it is not kept. */
  private readonly studyIsNew: boolean;
  private readonly config: string;
  private readonly outcomes: FileOutcome[] = [];
  private readonly held: Held[] = [];
  /** fio JSON runs a log may belong to: this configuration's, stored before or in this import. */
  private readonly owners: LogOwnerCandidate[];
  private filesDone = 0;
  private bytesDone = 0;
  private knownReports: Map<string, KnownReport> | null = null;
  /** The study's rules for parameters in file paths. */
  private readonly pathRules: PathParamRule[];

  constructor(private readonly store: Store, private readonly options: CommitOptions) {
    const studyName = options.study.trim();
    this.config = options.config.trim();
    if (!studyName) throw new Error('a study name is required');
    if (!this.config) throw new Error('a configuration label is required');
    checkRow('runs', { config: this.config }, `configuration "${this.config.slice(0, 80)}…"`);
    const { created, ...study } = store.ensureStudy(studyName, options.studySlug);
    this.study = study;
    this.studyIsNew = created;
    this.owners = store.logOwnerCandidates(this.study.id, this.config);
    if (options.pathParams?.length) {
      const kept = (store.settings(this.study.id).path_params ?? []).filter((r) => !options.pathParams!.some((n) => n.param === r.param));
      savePathParams(store, this.study.id, [...kept, ...options.pathParams], DEFAULT_PAIRING_KEYS);
    }
    this.pathRules = store.settings(this.study.id).path_params ?? [];
  }

  /** The configuration a file's runs go into: the label given for it, else the import's. */
  private configFor(file: StagedFile): string {
    const own = this.options.configOf?.(file)?.trim();
    if (!own) return this.config;
    checkRow('runs', { config: own }, `configuration "${own.slice(0, 80)}…"`);
    return own;
  }

  /** Takes one staged file: written now, or held until `finish` when it depends on others. */
  add(file: StagedFile): void {
    this.options.checkCancel?.();
    const index = this.outcomes.length;
    this.outcomes.push(this.base(file, 'failed'));
    // Its object, prepared by the parse worker that read it: taken if the file is kept, else removed at the commit.
    if (file.prepared) this.store.objects.offer(file.prepared);
    if (file.result.errors.length === 0 && file.importer && (isLogFile(file) || isCompanionFile(file) || isSnapshotFile(file) || isVdbench(file))) {
      // A file on disk is read again at the end rather than kept parsed (a 60 MB log's points).
      const parked = file.source.diskPath !== null && this.options.restage !== undefined && !file.streamed && !isSnapshotFile(file);
      this.held.push({ index, file: parked ? { ...withoutBytes(file), result: { runs: [], warnings: [], errors: [] } } : file, parked });
      this.progress(file.path, 0);
      return;
    }
    this.write(index, file);
  }

  /** An entry of a folder that was never read (a link loop, a FIFO, a folder PerfDelta may not read): its outcome, with the reason. */
  addUnread(path: string, status: 'skipped' | 'failed', reason: string): void {
    this.options.checkCancel?.();
    this.outcomes.push({ path, format: null, sha256: '', status, runs: [], errors: status === 'failed' ? [reason] : [], warnings: status === 'skipped' ? [reason] : [] });
    this.filesDone++;
    this.progress(path, 0);
  }

  finish(): ImportResult {
    const restage = (h: Held): StagedFile => (h.parked ? this.options.restage!(h.file) : h.file);
    this.finishVdbench(this.held.filter((h) => isVdbench(h.file)).map((h) => ({ ...h, file: restage(h) })));
    for (const h of this.held) {
      if (isVdbench(h.file) || isSnapshotFile(h.file)) continue;
      this.options.checkCancel?.();
      this.write(h.index, restage(h));
    }
    this.combineSnapshots(this.held.filter((h) => isSnapshotFile(h.file)));
    // Which runs each file went into (a log joins its fio JSON's run): a delete takes the file with its runs.
    for (const o of this.outcomes) if (o.status === 'imported') this.store.manage.linkImport(this.study.id, o.sha256, o.runs);
    this.progress('', 0);
    // A new study that nothing went into (every file failed or held nothing) is not kept.
    if (this.studyIsNew && !this.outcomes.some((o) => o.status === 'imported' || o.status === 'duplicate')) {
      this.store.dropEmptyStudy(this.study.id);
      return { study: this.study, config: this.config, files: this.outcomes, study_not_kept: true };
    }
    return { study: this.study, config: this.config, files: this.outcomes };
  }

  private base(file: StagedFile, status: FileOutcome['status']): FileOutcome {
    return { path: file.path, format: file.importer?.id ?? null, sha256: file.sha256, status, runs: [], errors: [], warnings: [] };
  }

  private progress(current: string, bytes: number): void {
    this.bytesDone += bytes;
    const expected = this.options.expected ?? { files: this.outcomes.length, bytes: this.bytesDone };
    this.options.onProgress?.({ done: this.filesDone, total: Math.max(expected.files, this.outcomes.length), current, bytesDone: this.bytesDone, bytesTotal: Math.max(expected.bytes, this.bytesDone) });
  }

  /** A file's outcome is final: counted as done, its bytes (those not counted as read) added to progress. */
  private settle(index: number, outcome: FileOutcome, bytes: number): void {
    this.outcomes[index] = outcome;
    this.filesDone++;
    this.progress(outcome.path, bytes);
  }

  /** The outcome of a file this study already has (the same bytes, stored before or earlier in this import), else null. */
  private duplicate(file: StagedFile, base: ReturnType<typeof outcomeBase>): FileOutcome | null {
    const existing = this.store.importedRunIds(this.study.id, file.sha256);
    if (!existing) return null;
    // A file kept as another form of a report points at that report's run.
    const outcome: FileOutcome = { ...base, status: 'duplicate', runs: existing.length > 0 ? existing : runsWithForm(this.store.db, this.study.id, file.sha256), errors: [] };
    // Imported before under another label: say where its runs are, or move them here.
    const before = this.store.manage.importedRuns(this.study.id, file.sha256);
    const config = this.configFor(file);
    const away = before?.runs.filter((r) => r.config !== config) ?? [];
    if (away.length === 0) return outcome;
    const labels = [...new Set(away.map((r) => r.config))];
    if (!this.options.moveDuplicates) return { ...outcome, elsewhere: labels };
    this.store.manage.moveRuns(this.study.id, away.map((r) => r.id), config);
    const note = `already imported under ${labels.map((l) => `"${l}"`).join(', ')}: its ${away.length} run(s) moved to "${config}"`;
    return { ...outcome, runs: [...new Set([...existing, ...away.map((r) => r.id)])], moved_from: labels, warnings: [note, ...outcome.warnings] };
  }

  /** Writes one file (its original bytes, its import, its runs); returns the runs it made. */
  private write(index: number, file: StagedFile, extraNotes: readonly string[] = []): Array<{ id: number; run: ParsedRun }> {
    // The file is a savepoint: a value the store's schema refuses (row-schema.ts: a run's time
    // in the year 3e8, a name of a million characters) fails this file, and what it wrote is undone.
    try {
      return this.store.transaction(() => this.writeFile(index, file, extraNotes));
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      this.settle(index, { ...outcomeBase(file, previewOf(file)), status: 'failed', runs: [], errors: [`${err.message}: nothing of the file was imported`] }, file.streamed ? 0 : file.source.size);
      return [];
    }
  }

  private writeFile(index: number, file: StagedFile, extraNotes: readonly string[]): Array<{ id: number; run: ParsedRun }> {
    this.options.checkCancel?.();
    this.progress(file.path, 0);
    const preview = previewOf(file);
    const base = outcomeBase(file, preview);
    // `counted`: the bytes a streamed file already added to progress as its chunks were read
    // (none when it never got that far: a duplicate, a bad head).
    const done = (outcome: FileOutcome, counted = 0): void => this.settle(index, outcome, file.source.size - counted);
    if (file.empty || file.notResult) {
      done({ ...base, status: 'skipped', runs: [], errors: [] });
      return [];
    }
    if (preview.errors.length > 0 || !file.importer) {
      done({ ...base, status: 'failed', runs: [], errors: preview.errors });
      return [];
    }
    const duplicate = this.duplicate(file, base);
    if (duplicate) {
      done(duplicate);
      return [];
    }
    if (file.streamed) {
      const streamed = this.writeStreamed(file, base);
      done(streamed.outcome, streamed.counted);
      return [];
    }
    const importId = this.keep(file, preview.warnings);
    // What this file adds to the import's own lists, added once the whole file is written.
    const owners: LogOwnerCandidate[] = [];
    const sameFile = new Map<string, KnownReport>();
    const made: Array<{ id: number; run: ParsedRun }> = [];
    const notes: string[] = [];
    const runIds: number[] = [];
    /** Set when the file is another form of a report already imported. */
    let sameAs: string | undefined;
    if (isLogFile(file)) {
      file.result.runs.forEach((run, ordinal) => {
        const log = fioLogTable(run)!;
        const { owner, how } = findLogOwner(file.path, log.stem, this.owners, log.job ?? null);
        if (owner) {
          const { series, renamed } = this.unclaimedSeries(owner.runId, attachSeries(run.series, owner, log), file.path);
          this.store.addSeries(owner.runId, series);
          runIds.push(owner.runId);
          notes.push(`attached to run ${owner.runId} "${owner.runName}" as time series (${how})`);
          if (renamed) notes.push(renamed);
          // A histogram log's whole distribution joins the run too: its CDF beside the json+ one.
          // One distribution per run: a second histogram log's is not put over the first.
          if (log.kind === 'clat_hist' && run.tables['latency_bins']) {
            if (this.store.hasBins(owner.runId, 'hist_log_bins')) notes.push(`run ${owner.runId} already has a histogram log's latency distribution from another file: this file's rows are its time series only, its whole distribution stays in the kept file`);
            else this.store.mergeIntoRun(owner.runId, {}, { hist_log_bins: run.tables['latency_bins'] });
          }
        } else {
          const unit = isLatencyLog(log.kind) ? this.options.logUnit?.(file) : undefined;
          const orphan = withPathParams(inChosenUnit(run, unit), file.path, this.pathRules);
          runIds.push(this.store.insertRun(this.study.id, importId, this.config, ordinal, orphan));
          notes.push(orphanNote(how, log, unit), ...orphan.warnings.filter((w) => !run.warnings.includes(w)));
        }
      });
    } else if (isCompanionFile(file)) {
      const tests = this.store.hammerdbTests(this.study.id, this.config);
      file.result.runs.forEach((run, ordinal) => {
        const kind = companionKind(run)!;
        const found = findTest(run, kind, tests);
        // A test joined by another file's counter or profile keeps that one: two are never
        // folded into one series or one table without being the same.
        const taken = found.test ? this.companionClash(found.test.runId, kind, run) : null;
        const { test, how } = taken ? { test: null, how: taken } : found;
        if (test) {
          if (kind === 'counter') this.store.addSeries(test.runId, run.series);
          else this.store.mergeIntoRun(test.runId, run.metrics, run.tables);
          runIds.push(test.runId);
          notes.push(`joined test run ${test.runId} "${test.name}" (${how})`);
        } else {
          runIds.push(this.store.insertRun(this.study.id, importId, this.config, ordinal, run));
          notes.push(`no HammerDB test of configuration "${this.config}" to join (${how}): imported as a run of its own`);
        }
      });
    } else {
      if (file.table) this.options.rememberMapping?.(file.table.signature, file.table.mapping);
      file.result.runs.forEach((parsed, ordinal) => {
        // Parameters in the file's path (a sweep's folder names), by the study's rules.
        const run = withPathParams(parsed, file.path, this.pathRules);
        // The same AWR report in another form (text, HTML, gzip): kept, linked, one run.
        const identity = reportIdentity(run);
        const same = identity === null ? undefined : sameFile.get(identity) ?? this.reports().get(identity);
        if (same) {
          // Compared before it is folded: figures that part on many counts are another measurement.
          const kept = this.store.listRuns({ ids: [same.runId] })[0]!;
          const c = compareForms(kept, run);
          if (!anotherMeasurement(c)) {
            notes.push(...this.foldForm(same, file, kept, c));
            runIds.push(same.runId);
            sameAs ??= same.file;
            return;
          }
          notes.push(notAFormNote(same, c));
        }
        // A table can name each run's configuration (a column, or titles over several tables).
        const config = run.config?.trim() || this.configFor(file);
        const id = this.store.insertRun(this.study.id, importId, config, ordinal, run);
        // The first run of a report stays the one later forms are matched with.
        if (identity !== null && !sameFile.has(identity) && !this.reports().has(identity)) sameFile.set(identity, { runId: id, file: file.path, config });
        made.push({ id, run });
        runIds.push(id);
        if (LOG_OWNER_FORMATS.includes(file.importer!.id)) {
          owners.push(ownerCandidate(run, { runId: id, file: file.path, origin: `import ${importId}`, ordinal }));
        }
      });
    }
    this.owners.push(...owners);
    for (const [identity, report] of sameFile) this.reports().set(identity, report);
    done({
      ...base, warnings: [...notes, ...extraNotes, ...base.warnings], status: 'imported', runs: [...new Set(runIds)], errors: [],
      ...(sameAs !== undefined ? { same_report_as: sameAs } : {}), ...configurationsOf(made.map((m) => m.run)),
    });
    return made;
  }

  /**
   * A log's series for a run that may already hold series of the same object and metric from
   * another file: those of this file are named after it rather than appended to the others
   * (two logs' samples in one series would interleave two runs' clocks).
   */
  private unclaimedSeries(runId: number, series: ParsedSeries[], file: string): { series: ParsedSeries[]; renamed: string | null } {
    if (!series.some((s) => this.store.hasSeries(runId, s.object, s.metric))) return { series, renamed: null };
    const name = file.split(/[\\/]/).pop() ?? file;
    return {
      series: series.map((s) => ({ ...s, object: `${s.object} (${name})` })),
      renamed: `run ${runId} already has series of the same name from another file: this file's are named "… (${name})"`,
    };
  }

  /** Why a HammerDB test cannot take this companion (it holds another file's counter or profile), or null. */
  private companionClash(runId: number, kind: 'counter' | 'profile', run: ParsedRun): string | null {
    if (kind === 'counter') {
      return run.series.some((s) => this.store.hasSeries(runId, s.object, s.metric)) ? `run ${runId} already has a transaction counter series from another file` : null;
    }
    const held = this.store.runTables(runId)['transactions'];
    if (held === undefined || JSON.stringify(held) === JSON.stringify(run.tables['transactions'])) return null;
    return `run ${runId} already has another time profile`;
  }

  /** The study's AWR reports by identity, read once per import and kept up to date as runs are written. */
  private reports(): Map<string, KnownReport> {
    this.knownReports ??= knownReports(this.store.db, this.study.id);
    return this.knownReports;
  }

  /** Another form of a stored report: linked to its run, figures only it has added, differences named. */
  private foldForm(same: KnownReport, file: StagedFile, kept: { tables: Record<string, unknown> }, c: FormComparison): string[] {
    const forms = Array.isArray(kept.tables['forms']) ? (kept.tables['forms'] as ReportForm[]) : [];
    const form: ReportForm = { file: file.path, sha256: file.sha256, format: file.importer!.id };
    this.store.mergeIntoRun(same.runId, c.added, { ...c.addedTables, forms: [...forms, form] });
    return formNote(same, this.config, c);
  }

  /** Keeps a file's original bytes (its object) and records its import (the file's row first: the import names it). */
  private keep(file: StagedFile, warnings: string[], bytes: Uint8Array | null = null): number {
    this.store.keepFile(file.sha256, file.source.size, () => bytes ?? bytesOf(file));
    return this.importOf(file, warnings);
  }

  private importOf(file: StagedFile, warnings: string[]): number {
    return this.store.insertImport({
      studyId: this.study.id,
      sha256: file.sha256,
      fileName: file.path,
      format: file.importer!.id,
      importerVersion: file.importer!.version,
      config: this.config,
      warnings,
    });
  }

  /**
   * vdbench: per output folder, the reports that hold the same results (compared run by run,
   * figure by figure) give their runs once; a report that holds other results gives its own;
   * a histogram joins the run of its run definition.
   */
  private finishVdbench(vdbench: readonly Held[]): void {
    const roles = planVdbench(vdbench.map((h, i) => ({ index: i, path: h.file.path, runs: h.file.result.runs })), (folder) => this.store.vdbenchRunsInFolder(this.study.id, this.config, folder));
    // The run ids each primary report gave, in the order of its runs.
    const idsOf = new Map<number, number[]>();
    const ids = (of: ResultsSource): number[] => ('file' in of ? idsOf.get(of.file) ?? [] : of.stored.runs.map((r) => r.id));
    const labelOf = (of: ResultsSource): string => ('file' in of ? vdbench[of.file]!.file.path : `${of.stored.file}, from an earlier import of this folder`);
    vdbench.forEach((h, i) => {
      const role = roles.get(i);
      if (role && role.kind !== 'primary') return;
      const made = this.write(h.index, h.file, role?.note ? [role.note] : []);
      // A report whose bytes the study already has wrote nothing: its stored runs stand for it.
      idsOf.set(i, made.length ? made.map((m) => m.id) : this.outcomes[h.index]!.runs);
    });
    vdbench.forEach((h, i) => {
      const role = roles.get(i);
      if (!role || role.kind === 'primary') return;
      if (role.kind === 'copy') {
        const target = ids(role.of);
        this.writeSecondary(h.index, h.file, role.matches.map((m) => target[m]).filter((id): id is number => id !== undefined), [role.note]);
        return;
      }
      const joined: number[] = [];
      const notes: string[] = [];
      this.writeSecondary(h.index, h.file, [], [], () => {
        const sources = new Set<string>();
        h.file.result.runs.forEach((run, k) => {
          const t = role.targets[k];
          const id = t ? ids(t.of)[t.run] : undefined;
          if (!t || id === undefined) return;
          const key = run.host ? `histogram ${run.host}` : 'histogram';
          // Another file's histogram of this run stays: the second is kept as a file and says so.
          if (this.store.runHasTable(id, key)) {
            notes.push(`${rdName(run)}: run ${id} already has a response-time histogram from another file; this one is kept as a file only`);
            return;
          }
          this.store.mergeIntoRun(id, {}, { [key]: run.tables });
          joined.push(id);
          sources.add(labelOf(t.of));
        });
        notes.unshift(`response-time histogram added to ${joined.length} run(s) of ${[...sources].join(', ') || 'no report'}`);
        if (role.note) notes.push(role.note);
        return { runs: joined, notes };
      });
    });
  }

  /**
   * A vdbench report whose results other runs already hold: its file kept, its outcome naming
   * those runs and why (`join`: what a histogram adds to them).
   */
  private writeSecondary(index: number, file: StagedFile, runs: number[], notes: string[], join?: () => { runs: number[]; notes: string[] }): void {
    const preview = previewOf(file);
    const base = outcomeBase(file, preview);
    const duplicate = this.duplicate(file, base);
    if (duplicate) {
      this.settle(index, duplicate, file.source.size);
      return;
    }
    this.keep(file, preview.warnings);
    const joined = join?.() ?? { runs, notes };
    this.settle(index, { ...base, warnings: [...joined.notes, ...preview.warnings], status: 'imported', runs: [...new Set(joined.runs)], errors: [] }, file.source.size);
  }

  /**
   * A large log, read chunk by chunk: each chunk is kept as part of the original file and its
   * points go to the run's series as they are parsed. The file is one savepoint: if its end
   * finds it unreadable, what it wrote is undone and the rest of the import goes on.
   */
  private writeStreamed(file: StagedFile, base: Omit<FileOutcome, 'status' | 'runs' | 'errors'>): { outcome: FileOutcome; counted: number } {
    let counted = 0;
    const outcome = this.writeStreamedFile(file, base, (bytes) => {
      counted += bytes;
      this.progress(file.path, bytes);
    });
    return { outcome, counted };
  }

  private writeStreamedFile(file: StagedFile, base: Omit<FileOutcome, 'status' | 'runs' | 'errors'>, read: (bytes: number) => void): FileOutcome {
    const importer = file.importer!;
    const headRun = file.result.runs[0]!;
    const log = fioLogTable(headRun)!;
    const { owner, how } = findLogOwner(file.path, log.stem, this.owners, log.job ?? null);
    // The file's object, written as it is read: removed if the file fails part way.
    let writer: ReturnType<Store['fileWriter']> = null;
    try {
      return this.store.transaction(() => {
        // The file's row first (its object is written as it is read), then the import naming it
        // (its warnings come at the end: the head's preview saw only the first lines).
        writer = this.store.fileWriter(file.sha256, file.source.size);
        const importId = this.importOf(file, []);
        const runId = owner ? owner.runId : this.store.insertRun(this.study.id, importId, this.config, 0, { ...headRun, metrics: {}, series: [] });
        const stream = importer.stream!({ name: plainName(file.path, file.gzip), head: plainHead(file.source, file.gzip, DETECT_HEAD_BYTES) });
        if ('error' in stream) throw new UnreadableFileError(located(stream.error));
        const series = new Map<string, ReturnType<Store['seriesWriter']>>();
        const unit = !owner && isLatencyLog(log.kind) ? this.options.logUnit?.(file) : undefined;
        // A run's series of the same name from another file are not appended to (unclaimedSeries).
        const name = file.path.split(/[\\/]/).pop() ?? file.path;
        let renamed = false;
        // Impossible samples are left out as they stream by, counted per series for one note each.
        const leftOut = new Map<string, number>();
        const put = (raw: ParsedSeries[]): void => {
          const checked = possibleSeries(raw);
          const pieces = checked.notes.length === 0 ? raw : checked.series;
          checked.series.forEach((s, i) => {
            const dropped = raw[i]!.values.length - s.values.length;
            if (dropped > 0) leftOut.set(`${s.metric} for "${s.object}"`, (leftOut.get(`${s.metric} for "${s.object}"`) ?? 0) + dropped);
          });
          for (const s of owner ? attachSeries(pieces, owner, log) : unit === 'us' ? asMicroseconds(pieces) : pieces) {
            const key = `${s.object}\u0000${s.metric}`;
            let w = series.get(key);
            if (!w) {
              const taken = owner !== null && this.store.hasSeries(runId, s.object, s.metric);
              renamed ||= taken;
              series.set(key, (w = this.store.seriesWriter(runId, taken ? `${s.object} (${name})` : s.object, s.metric, s.unit)));
            }
            w.push(s.times, s.values);
          }
        };
        // A gzipped log: its .gz kept as it is read, its decompressed bytes parsed (gunzip-stream.ts).
        const gunzip = file.gzip ? new GunzipStream() : null;
        try {
          for (const chunk of file.source.chunks(READ_CHUNK_BYTES)) {
            this.options.checkCancel?.();
            writer?.append(chunk);
            if (gunzip) for (const plain of gunzip.push(chunk)) put(stream.push(plain));
            else put(stream.push(chunk));
            read(chunk.byteLength);
          }
          if (gunzip) for (const plain of gunzip.end()) put(stream.push(plain));
        } catch (err) {
          if (err instanceof GzipStreamError) throw new UnreadableFileError(err.message);
          throw err;
        } finally {
          gunzip?.close();
        }
        const end = stream.end();
        put(end.series);
        for (const w of series.values()) w.finish();
        if (end.result.errors.length > 0) throw new UnreadableFileError(end.result.errors.map(located).join('; '));
        const run = possibleRun(end.result.runs[0]!);
        const warnings = [...end.result.warnings.map(located), ...run.warnings, ...[...leftOut].map(([what, n]) => `${n.toLocaleString('en-US')} sample(s) of ${what} negative or not numbers, left out`)];
        const orphan = owner ? null : inChosenUnit(run, unit);
        if (orphan) this.store.completeRun(runId, orphan);
        let note = [owner ? `attached to run ${owner.runId} "${owner.runName}" as time series (${how})` : orphanNote(how, log, unit), ...(orphan?.warnings.filter((w) => !run.warnings.includes(w)) ?? [])].join('; ');
        const rows = fioLogTable(run)?.rows;
        if (renamed) note += `; run ${runId} already had series of the same name from another file: this file's are named "… (${name})"`;
        const outcomeWarnings = [note, ...(rows !== undefined ? [`${rows.toLocaleString('en-US')} rows`] : []), ...warnings.map((w) => `${run.name}: ${w}`)];
        this.store.setImportWarnings(importId, outcomeWarnings);
        // Read through and imported: the object is complete (flushed and put in place before the commit).
        writer?.finish();
        writer = null;
        return {
          ...base,
          warnings: outcomeWarnings,
          status: 'imported',
          runs: [runId],
          errors: [],
        };
      });
    } catch (err) {
      (writer as ReturnType<Store['fileWriter']>)?.abort();
      // Only the file's own content fails the file (a value the store's schema refuses is that
      // too); a database error fails the whole commit.
      if (!(err instanceof UnreadableFileError) && !(err instanceof RowError)) throw err;
      return { ...base, status: 'failed', runs: [], errors: [err.message] };
    }
  }

  /**
   * SVC statistics: every file a snapshot of cumulative counters; the rates come from all of
   * them together, read one file at a time in node and time order (a week of 1,000 volumes is
   * 4,000 files and 1 GB), into one run.
   */
  private combineSnapshots(snapshots: readonly Held[]): void {
    const files: Held[] = [];
    // The same file twice in one drop (a copy in a subfolder): the second is a duplicate of the first.
    const firstOf = new Map<string, number>();
    const copies: Array<{ index: number; of: number }> = [];
    for (const h of snapshots) {
      // Snapshots are written together at the end: a copy of one in this drop is not stored yet.
      const first = firstOf.get(h.file.sha256);
      const base = outcomeBase(h.file, previewOf(h.file));
      const duplicate = this.duplicate(h.file, base) ?? (first !== undefined ? { ...base, status: 'duplicate' as const, runs: [], errors: [] } : null);
      if (duplicate) {
        this.settle(h.index, duplicate, h.file.source.size);
        if (first !== undefined) copies.push({ index: h.index, of: first });
        continue;
      }
      firstOf.set(h.file.sha256, h.index);
      files.push(h);
    }
    this.aggregateSnapshots(files);
    for (const c of copies) this.outcomes[c.index] = { ...this.outcomes[c.index]!, runs: this.outcomes[c.of]!.runs };
  }

  private aggregateSnapshots(files: readonly Held[]): void {
    if (files.length === 0) return;
    // A used file is kept while its bytes are in hand (a week is 4,000 files: not read twice).
    const byIndex = new Map(files.map((h) => [h.index, h]));
    const imports = new Map<number, number>();
    // Bytes move the bar as files are read; a file is done when its outcome is settled below
    // (one refused on its header is never read).
    const counted = new Map<number, number>();
    const counting = <T>(h: Held, read: T): T => {
      counted.set(h.index, h.file.source.size);
      this.progress(h.file.path, h.file.source.size);
      return read;
    };
    // On disk, the files are read and scanned ahead by the parse workers, in the order the
    // aggregation takes them; the rates are combined here, one file after another.
    const pool = this.options.pool;
    const onDisk = files.every((h) => h.file.source.diskPath !== null);
    const aggregate = aggregateSvcFiles(
      files.map((h) => ({
        index: h.index,
        path: h.file.path,
        info: h.file.svc,
        read: () => counting(h, h.file.source.bytes()),
      })),
      {
        ...(pool && onDisk ? {
          scanAhead: (inOrder: readonly SvcFileInput[]) => {
            const held = inOrder.map((f) => byIndex.get(f.index)!);
            // The workers also make each file its object (compressed), so its bytes stay with them.
            const scanned = pool.scans(held.map((h) => ({ path: h.file.source.diskPath!, size: h.file.source.size })), (i) => {
              const bytes = held[i]!.file.source.bytes();
              return { bytes, scan: scanCounters(bytes) };
            }, this.store.objects.tempFolder());
            const objects = this.store.objects;
            return (function* () {
              let i = 0;
              for (const s of scanned) {
                if (s.prepared) objects.offer(s.prepared);
                yield counting(held[i++]!, s);
              }
            })();
          },
        } : {}),
        checkCancel: this.options.checkCancel,
        seriesLater: true,
        // The rates are written out as their intervals complete, a window at a time, to a
        // temporary file beside the store's objects, and read back object by object at the end.
        spill: { bytes: svcHeldBytes(), path: () => this.store.objects.tempName() },
        onScanned: (index, bytes, notes) => {
          if (notes.status === 'used') imports.set(index, this.keep(byIndex.get(index)!.file, notes.warnings, bytes));
        },
      },
    );
    // The files whose counters took part are kept with their imports; the run names the first.
    let firstImport: number | null = null;
    const used: number[] = [];
    for (const h of files) {
      const notes = aggregate.perFile.get(h.index);
      const base = { path: h.file.path, format: h.file.importer!.id, sha256: h.file.sha256 };
      const settle = (outcome: FileOutcome): void => this.settle(h.index, outcome, h.file.source.size - (counted.get(h.index) ?? 0));
      if (notes?.status === 'unread') {
        // Statistics of a kind PerfDelta does not read: kept, with the reason, and no run.
        const warnings = h.file.result.warnings.map((w) => w.message);
        this.keep(h.file, warnings);
        settle({ ...base, status: 'imported', runs: [], errors: [], warnings });
        continue;
      }
      if (notes?.status !== 'used') {
        const errors = notes?.errors.length ? notes.errors.map(located) : notes?.warnings ?? [];
        settle({ ...base, status: 'failed', runs: [], errors, warnings: [] });
        continue;
      }
      const importId = imports.get(h.index)!;
      firstImport ??= importId;
      used.push(h.index);
      settle({ ...base, status: 'imported', runs: [], errors: [], warnings: notes.warnings });
    }
    if (firstImport === null) return;
    // What the files held that no rate came from is said too, once per kind (svc-unread.ts).
    const notes = [...aggregate.warnings, ...aggregate.unread];
    if (!aggregate.run) {
      const why = notes.length ? notes.join('; ') : 'rates need two consecutive statistics files of the same node';
      for (const i of used) this.outcomes[i] = { ...this.outcomes[i]!, warnings: [`no rates: ${why} (the file is kept)`, ...this.outcomes[i]!.warnings] };
      return;
    }
    const run = possibleRun({ ...aggregate.run, warnings: [...aggregate.run.warnings, ...aggregate.unread] });
    const runId = this.store.insertRun(this.study.id, firstImport, this.config, 0, run);
    // The series as they are made, object by object: the week's series are never held twice.
    for (const s of aggregate.series?.() ?? []) this.store.addSeries(runId, [s]);
    const note = `one of ${used.length} statistics files, combined into run ${runId} "${run.name}"${notes.length ? `: ${notes.join('; ')}` : ''}`;
    for (const i of used) this.outcomes[i] = { ...this.outcomes[i]!, runs: [runId], warnings: [note, ...this.outcomes[i]!.warnings] };
  }
}

/** What every outcome of a file says about it: its name, format, hash and the preview's warnings. */
function outcomeBase(file: StagedFile, preview: FilePreview): Pick<FileOutcome, 'path' | 'format' | 'sha256' | 'warnings'> {
  return { path: file.path, format: preview.format, sha256: file.sha256, warnings: preview.warnings };
}

function orphanNote(how: string, log: FioLogTable, unit: LogLatencyUnit | undefined): string {
  const { kind } = log;
  const latency = isLatencyLog(kind)
    ? unit === 'us'
      ? '; latency read as µs (fio 2.x), as chosen at import'
      : unit === 'ns'
        ? '; latency read as ns (fio 3.x), as chosen at import'
        : '; latency read as ns (fio 3.x, the default): import it with its fio JSON or normal output, or choose µs for a fio 2.x log'
    : '';
  // A histogram log's summary is the percentile ladder of all its rows' bins, not a mean.
  const summary = kind === 'clat_hist' ? 'summary metrics the percentiles of all its rows\' bins' : 'summary metrics the means of its samples';
  return `no fio JSON run to attach it to (${how}): imported as a run of its own, times ${log.epoch ? 'in epoch ms, as written (log_unix_epoch)' : 'relative to its start'}, ${summary}${latency}`;
}
