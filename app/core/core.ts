/**
 * The platform-free core: every capability the UI and the CLI use, over one store. Runs in the
 * core worker behind the app, or in-process in the CLI. No Electron, no HTTP.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  ConfigConstant,
  ChartData, ChartSpec, ReportDocument, ReportLayout, ReportRecord, ReportSection, ReportTemplate, SavedChart,
  CompareResult, FilePreview, LogClaim, ImportResult, LatencyDistributionCurve, LatencyDistributionResult, MetricInfo, PeriodRecord, RunRecord,
  ScatterResult, SeriesInfo, SeriesKeyRecord, SeriesLaneRecord, SeriesOverlayResult, SeriesRecord, StudySeriesResult,
  StudyDefaults, StudySettingsRecord, StudySettingsUpdate, StudySummary, TableMapping, LogLatencyUnit, PathParamRule,
  AnalysisSpec, StudyAnalysis, DropConfigurations,
} from '../contract/records.js';
import { cvOfSummary, periodMetricDefault, studyDefaults } from './study-defaults.js';
import { ColumnMappings } from './store/column-mappings.js';
import { compareConfigs, inDisplayUnits } from './compare/compare.js';
import { CANONICAL_UNITS } from './metrics/units.js';
import { comparePeriods, periodBounds, periodRecord } from './compare/compare-periods.js';
import { DEFAULT_PAIRING_KEYS } from './compare/pairing.js';
import { DEFAULT_CACHE_BYTES } from './compare/warnings.js';
import { applyWorkloadFilter, parseWorkloadFilter } from './compare/workload-filter.js';
import type { RatioConvention, WordingLocale } from './compare/wording.js';
import { parsePeriod } from './periods/period-spec.js';
import { DEFAULT_AGGREGATION, type Aggregation } from './periods/period-stats.js';
import { isValidZone } from './periods/timezone.js';
import { commitFiles, ImportSession, lockWait, previewOf, stageFile, withoutBytes, type ImportProgress, type StagedFile } from './import/pipeline.js';
import { diskSource, memorySource } from './import/file-source.js';
import { isProblem, walkInputs, type WalkedFile } from './import/folder-walk.js';
import { createOwnFolder, removeAbandonedTemp, removeOwnFolder, removeStaleFolders } from './scratch-folders.js';
import { parsePoolFor } from './import/parse-pool.js';
import { LOG_OWNER_FORMATS } from './import/link-logs.js';
import { savePathParams } from './import/path-params.js';
import { logClaims } from './import/log-claims.js';
import { stagedConfigurations } from './import/drop-proposal.js';
import { allMetrics, describeMetric, metricOrder, setDerivedMetrics } from './metrics/dictionary.js';
import { derivedInfo, withDerived } from './metrics/derived.js';
import { StudyManager } from './manage/study-manager.js';
import { latencyCurve } from './distribution/latency-cdf.js';
import { awrWaitCurves, eventsToDraw, waitHistograms } from './distribution/awr-wait-curves.js';
import { alignAndResample, medianIntervalMs } from './series/align.js';
import { lttb } from './series/lttb.js';
import { variation, type Variation } from './series/variation.js';
import { scatterByTime } from './series/study-series.js';
import { WindowedSeries } from './series/windowed-series.js';
import { Store, type PeriodRow } from './store/store.js';
import { renderReport } from './reports/render-report.js';
import { chartData } from './charts/chart-data.js';
import { SavedCharts } from './charts/saved-charts.js';
import { NotFoundError } from './errors.js';
import { buildTemplate, proposeChart, suggestTemplate } from './reports/templates.js';
import { openStudyFile, saveStudyFile } from './reports/study-file.js';
import { checkOriginals, migrationLog, type OriginalsCheck } from './originals/check.js';
import { chartWorkbook, studyWorkbook } from './reports/xlsx-export.js';
import type { CompareArgs, StudyImport, StudyQueries, StudySeriesOptions, TemplateQueries } from './study-queries.js';
import type { ObjectSeries } from './periods/period-stats.js';
import { unknownName, UnknownNameError } from './closest-names.js';
import { StudyTimeline } from './timeline/study-timeline.js';
import type { StudyTimeline as TimelineAnswer } from '../contract/records.js';
import type { TimelineChartSpec } from '../contract/timeline.js';

/** A saved timeline is read for a page's width: about a column a pixel of an A4 page, twice. */
const TIMELINE_CHART_WIDTH = 1400;
import { StudyTieBands } from './analysis/study-tie-bands.js';
import { checkedWhere, resolveSpec } from './analysis/spec.js';
import { analyse } from './analysis/analysis.js';
import { repetitionWarnings } from './analysis/repetitions.js';

export { NotFoundError, UnknownNameError };

export type Progress = (p: ImportProgress) => void;

/** How an import is followed and stopped: progress as it goes, a check that throws when the user cancelled. */
export interface ImportHooks {
  onProgress?: Progress;
  checkCancel?: () => void;
  /** Staged id to the unit of a latency log no fio JSON claims (importPaths takes `logUnit` instead). */
  logUnits?: Record<string, LogLatencyUnit>;
  /** A file the study already has under another label: its runs move to this import's configuration. */
  moveDuplicates?: boolean;
}

/** The files under the given files and folders, depth first, sorted for a stable order (unreadable entries, links back and special files left out: walkInputs says why). */
export function expandPaths(inputs: readonly string[]): string[] {
  return walkInputs(inputs).filter((e): e is WalkedFile => !isProblem(e)).map((e) => e.path);
}

export class Core implements StudyQueries, TemplateQueries {
  readonly store: Store;
  /** Table column mappings remembered per header. */
  readonly mappings: ColumnMappings;
  private readonly savedCharts: SavedCharts;
  /** Deletes with undo, renames, moves, exclusions, configuration constants and derived metrics. */
  readonly manage: StudyManager;
  /** Each study's default tie band from its measured noise, remembered until its runs change. */
  private readonly tieBands: StudyTieBands;
  /** The runs read within one rendering or export (see `reading`), else null. */
  private readScope: Map<string, RunRecord[]> | null = null;
  /** Series read for a window only: run charts, lanes, a study's top objects. */
  private readonly windowed: WindowedSeries;
  /** A study's layers on one time axis: lanes, clock offsets, correlation across layers. */
  readonly timeline: StudyTimeline;
  private readonly staged = new Map<string, StagedFile>();
  /** Staged files spooled to disk by the host (large uploads): deleted when imported or discarded. */
  private readonly spooled = new Map<string, string>();
  /** This process's folder for temporary copies of study files (scratchDir), once one is needed. */
  private scratch: string | null = null;

  /** `spoolDir`: where the host spools uploads; `import.stageSpooled` reads only from there. */
  constructor(readonly dbPath: string, nativeBinding?: string, readonly spoolDir: string | null = null, options: { backgroundCheckpoint?: boolean } = {}) {
    this.store = new Store(dbPath, nativeBinding, options);
    // Copies an interrupted open-study left (a crash, kill -9) go now, not forever.
    removeStaleFolders(path.join(path.dirname(dbPath), 'tmp'));
    removeAbandonedTemp();
    this.mappings = new ColumnMappings(this.store.db);
    this.windowed = new WindowedSeries(this.store.levels);
    this.savedCharts = new SavedCharts(this.store.reportStore, (study) => ({ id: this.studyId(study), slug: this.slugOf(study) }));
    this.manage = new StudyManager(this);
    this.timeline = new StudyTimeline(this);
    this.tieBands = new StudyTieBands(this.store);
  }

  close(): void {
    for (const file of this.spooled.values()) fs.rmSync(file, { force: true });
    if (this.scratch) removeOwnFolder(this.scratch);
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
    if (!study) throw unknownName('study', nameOrSlug, this.store.listStudies().flatMap((st) => [st.name, st.slug]), 'this database');
    // Every call about a study comes through here: its derived metrics join the dictionary for it.
    setDerivedMetrics((this.store.settings(study.id).derived_metrics ?? []).map(derivedInfo));
    return study.id;
  }

  /** The study's row id, for modules that read the store directly. */
  studyIdOf(nameOrSlug: string): number {
    return this.studyId(nameOrSlug);
  }

  private slugOf(nameOrSlug: string): string {
    return this.store.findStudy(nameOrSlug)?.slug ?? nameOrSlug;
  }

  /**
   * A study's runs as every comparison, curve, chart and report sees them: excluded runs left out,
   * derived metrics added. `all`: excluded runs too (the Runs tab, the CLI's listing, the evidence).
   */
  runs(filter: { study?: string; config?: string; ids?: number[]; all?: boolean }): RunRecord[] {
    // Inside one read (a report's rendering, an export), the runs are read and parsed once: a
    // report asks for them from every section, and dozens of full reads of a study's runs were what
    // made "[store] slow query listRuns" print under every report and export.
    if (this.readScope) {
      const key = JSON.stringify([filter.study, filter.config, filter.ids, filter.all === true]);
      const hit = this.readScope.get(key);
      if (hit) return [...hit];
      const read = this.readRuns(filter);
      this.readScope.set(key, read);
      return [...read];
    }
    return this.readRuns(filter);
  }

  /** Everything `fn` reads of runs is read once (it writes no run: a rendering, an export, a template). */
  private reading<T>(fn: () => T): T {
    if (this.readScope) return fn();
    this.readScope = new Map();
    try {
      return fn();
    } finally {
      this.readScope = null;
    }
  }

  private readRuns(filter: { study?: string; config?: string; ids?: number[]; all?: boolean }): RunRecord[] {
    const studyId = filter.study !== undefined ? this.studyId(filter.study) : undefined;
    const runs = this.store.listRuns({ studyId, config: filter.config, ids: filter.ids });
    const counted = filter.all ? runs : runs.filter((r) => !r.excluded);
    if (studyId === undefined) return counted;
    return withDerived(counted, this.store.settings(studyId).derived_metrics ?? [], this.store.manage.constants(studyId));
  }

  /**
   * A run's series. With maxPoints, longer ones are downsampled to the lowest and highest sample
   * of each pixel column (every spike kept), read from the series' pyramid when it has one; with
   * `from`/`to`, that window only, read from SQL for that range. Without either, every point.
   */
  series(run: number, metric?: string, object?: string, maxPoints?: number, from?: number, to?: number): SeriesRecord[] {
    if (maxPoints === undefined && from === undefined && to === undefined) return this.store.series(run, metric, object);
    return this.windowed.runSeries(run, metric, object, maxPoints, from, to);
  }

  /** The series a run has: their sizes and extents, read from their summaries. */
  seriesList(run: number): SeriesInfo[] {
    return this.windowed.list(run);
  }

  /**
   * Range read: per lane (a series of any run), what a chart `width` pixels wide shows of the
   * window, read from SQL for that window only (range-read.ts).
   */
  seriesRange(lanes: readonly SeriesKeyRecord[], width: number, from?: number, to?: number): SeriesLaneRecord[] {
    return this.windowed.lanes(lanes, from, to, width);
  }

  /**
   * The jitter of a run's series of a metric, per object: mean, sample standard deviation and
   * coefficient of variation (sd / mean × 100) over every sample (S3: the write IOPS log's CV),
   * from the series' summaries (no sample is read).
   */
  seriesVariation(run: number, metric: string): Array<{ run: number; object: string; metric: string; unit: string } & Variation> {
    return this.windowed.wholeStats(run, metric).map(({ row, stats }) => ({
      run, object: row.object, metric: row.metric, unit: row.unit,
      n: stats.count, mean: stats.count ? stats.mean : 0, sd: stats.sd,
      cv_pct: stats.count > 1 && stats.mean !== 0 ? (stats.sd / Math.abs(stats.mean)) * 100 : null,
    }));
  }

  /** Parses a file into the staging area and says what importing it would do. */
  stage(name: string, bytes: Uint8Array): FilePreview {
    const file = stageFile(name, memorySource(bytes), { mappingFor: (sig) => this.mappings.get(sig) });
    this.staged.set(file.id, file);
    return previewOf(file);
  }

  /**
   * A file the host spooled to disk as it arrived (a dropped 2 GB log is never in memory):
   * staged from there, read again piece by piece when imported; a file no importer claims from
   * its head is read no further, and a format read whole only up to its limit. `spool` is a name
   * inside the spool folder, never a path, so a caller can name nothing else on the machine.
   */
  stageSpooled(name: string, spool: string): FilePreview {
    const file = this.spoolFile(spool);
    // The bytes staging read are not kept: a large upload waits in the sheet on disk only.
    const staged = withoutBytes(stageFile(name, diskSource(file), { mappingFor: (sig) => this.mappings.get(sig) }));
    this.staged.set(staged.id, staged);
    this.spooled.set(staged.id, file);
    return previewOf(staged);
  }

  /** A file in the host's spool folder, by its name there: never a path, so a caller can name nothing else on the machine. */
  private spoolFile(spool: string): string {
    if (!this.spoolDir || !/^[0-9a-f-]{36}$/.test(spool)) throw new NotFoundError(`no spooled upload "${spool}"`);
    const file = path.join(this.spoolDir, spool);
    if (!fs.existsSync(file)) throw new NotFoundError(`no spooled upload "${spool}"`);
    return file;
  }

  /** A table pasted from the clipboard (TSV from a spreadsheet, markdown, CSV), staged as a table. */
  stageText(name: string, text: string): FilePreview {
    const file = stageFile(name, memorySource(new TextEncoder().encode(text)), { asTable: true, mappingFor: (sig) => this.mappings.get(sig) });
    this.staged.set(file.id, file);
    return previewOf(file);
  }

  /** Reads a staged table again with another mapping (or sheet); the file keeps its id. */
  remap(id: string, mapping: TableMapping | null, sheet?: string): FilePreview {
    const old = this.staged.get(id);
    if (!old) throw new NotFoundError(`staged file ${id} is gone (discarded or already imported)`);
    if (!old.table) throw new Error(`${old.path} is not a table: only tables have a column mapping`);
    const file = stageFile(old.path, old.source, {
      asTable: true,
      mapping,
      sheet: sheet ?? old.table.sheet,
      mappingFor: (sig) => this.mappings.get(sig),
    });
    const kept = { ...withoutBytes(file), id };
    this.staged.set(id, kept);
    return previewOf(kept);
  }

  discard(ids: readonly string[]): number {
    let n = 0;
    for (const id of ids) {
      if (this.staged.delete(id)) n++;
      const spool = this.spooled.get(id);
      if (spool) fs.rmSync(spool, { force: true });
      this.spooled.delete(id);
    }
    return n;
  }

  /** Where each staged fio log among `ids` would go if they were imported into this study and configuration. */
  logOwners(ids: readonly string[], study: string, config: string): Record<string, LogClaim> {
    const found = study.trim() ? this.store.findStudy(study.trim()) : null;
    const stored = found && config.trim() ? this.store.logOwnerCandidates(found.id, config.trim()) : [];
    // Only the files the import would write: a file the study already has, or a second copy in
    // this drop, is a duplicate (a JSON's runs then claim only as stored ones; a log goes nowhere).
    // Only fio JSON and logs take part: the sheet asks after every pause in typing.
    const seen = new Set<string>();
    const fresh = ids.map((id) => this.staged.get(id)).filter((f): f is StagedFile => {
      if (!f || !f.importer || (!LOG_OWNER_FORMATS.includes(f.importer.id) && f.importer.id !== 'fio-log') || seen.has(f.sha256)) return false;
      seen.add(f.sha256);
      return !(found && this.store.hasImport(found.id, f.sha256));
    });
    return logClaims(fresh, stored);
  }

  /** The configurations a drop of staged files holds, before anything is written (drop-proposal.ts). */
  proposeConfigs(ids: readonly string[], study: string, pathParams: readonly PathParamRule[] = []): DropConfigurations | null {
    const found = study.trim() ? this.store.findStudy(study.trim()) : null;
    const saved = found ? this.store.settings(found.id) : {};
    const files = ids.map((id) => this.staged.get(id)).filter((f): f is StagedFile => f !== undefined);
    return stagedConfigurations(files, saved.pairing_keys ?? DEFAULT_PAIRING_KEYS, [...(saved.path_params ?? []), ...pathParams]);
  }

  /**
   * Imports staged files in one transaction. A cancel (checkCancel throws) writes nothing and keeps them staged.
   * `configs`: staged id to its file's configuration (a drop split into the configurations it holds).
   */
  commit(ids: readonly string[], study: string, config: string, hooks: ImportHooks & { pathParams?: PathParamRule[]; configs?: Record<string, string> } = {}): ImportResult {
    const files = ids.map((id) => {
      const f = this.staged.get(id);
      if (!f) throw new NotFoundError(`staged file ${id} is gone (discarded or already imported)`);
      // An upload waits in the sheet as a spool file: if it was removed meanwhile, say so before anything is written.
      const spool = this.spooled.get(id);
      if (spool && !fs.existsSync(spool)) throw new NotFoundError(`the uploaded copy of ${f.path} is gone from the spool folder (${spool}): nothing was imported; drop the file again`);
      return f;
    });
    const { logUnits, configs, ...rest } = hooks;
    const result = commitFiles(this.store, files, {
      study, config, ...rest,
      logUnit: (f) => logUnits?.[f.id],
      configOf: (f) => configs?.[f.id],
      rememberMapping: (sig, m) => this.mappings.save(sig, m),
    });
    this.discard(ids);
    return result;
  }

  /** The CLI's import: files and folders from disk, staged and committed in one go. */
  importPaths(
    inputs: readonly string[], study: string, config: string,
    options: Omit<ImportHooks, 'logUnits'> & { studySlug?: string; relativeTo?: string; mapping?: TableMapping; logUnit?: LogLatencyUnit; pathParams?: PathParamRule[] } = {},
  ): ImportResult {
    const { studySlug, relativeTo, mapping, moveDuplicates } = options;
    // The name kept with the file: as the user gave it, or relative to a base (the samples).
    const shown = (p: string): string => (relativeTo ? path.relative(relativeTo, p).split(path.sep).join('/') : p);
    // One unreadable entry, link loop or FIFO is that entry's outcome, never the whole import's.
    const entries = walkInputs(inputs);
    const files = entries.filter((e): e is WalkedFile => !isProblem(e)).map((e) => ({ path: e.path, shown: shown(e.path), size: e.size }));
    const bytes = files.reduce((n, f) => n + f.size, 0);
    const stageOptions = { mapping, mappingFor: (sig: string) => this.mappings.get(sig) };
    // File by file: each is read, parsed and written, then dropped; one transaction for all.
    const expected = { files: entries.length, bytes };
    // A large drop is parsed ahead by worker threads while this thread writes (parse-pool.ts).
    const pool = parsePoolFor(files.length, bytes);
    const inline = (f: { path: string; shown: string }): StagedFile => stageFile(f.shown, diskSource(f.path), stageOptions);
    return this.store.transaction(() => {
      const session = new ImportSession(this.store, {
        study, config, studySlug, moveDuplicates,
        onProgress: options.onProgress,
        checkCancel: options.checkCancel,
        logUnit: () => options.logUnit,
        expected,
        restage: (f) => stageFile(f.path, f.source, stageOptions),
        rememberMapping: (sig, m) => this.mappings.save(sig, m),
        pathParams: options.pathParams,
        pool,
      });
      // In walk order: the files as the workers (or this thread) stage them, the problems between.
      // The workers also make each file they read whole its object (compressed), beside the writer.
      const staged = pool ? pool.staged(files, inline, this.store.objects.tempFolder()) : null;
      let next = 0;
      for (const e of entries) {
        if (isProblem(e)) {
          session.addUnread(shown(e.path), e.status, e.reason);
          continue;
        }
        const file = files[next++]!;
        session.add(staged ? (staged.next().value as StagedFile) : inline(file));
      }
      return session.finish();
    }, lockWait({ ...options, expected }));
  }

  // ---- distributions and overlays ----------------------------------------------------------

  /** Runs of the study by id, in the order asked; an id of another study is not found. */
  private studyRuns(study: string, ids: readonly number[]): RunRecord[] {
    const byId = new Map(this.store.listRuns({ studyId: this.studyId(study), ids: [...ids] }).map((r) => [r.id, r]));
    return ids.map((id) => {
      const run = byId.get(id);
      if (!run) throw new NotFoundError(`study "${study}" has no run ${id}`);
      return run;
    });
  }

  /** CDF and exceedance curves from each run's latency buckets: json+ bins, a histogram log's when one joined the run, sysbench's --histogram, an AWR report's wait event histograms. */
  latencyDistribution(study: string, ids: readonly number[], named?: readonly string[]): LatencyDistributionResult {
    const curves: LatencyDistributionCurve[] = [];
    const without: number[] = [];
    const ownSource = (format: string): LatencyDistributionCurve['source'] => (format === 'fio-hist-log' ? 'histogram log' : format === 'sysbench' ? 'sysbench histogram' : 'json+');
    const runs = this.studyRuns(study, ids);
    // AWR runs: their wait event histograms, an event per curve (awr-wait-curves.ts).
    const awr = eventsToDraw(runs, named);
    for (const run of runs) {
      if (waitHistograms(run).length > 0) {
        const made = awrWaitCurves(run, awr.events);
        curves.push(...made);
        if (made.length === 0) without.push(run.id);
        continue;
      }
      const sources: Array<[LatencyDistributionCurve['source'], unknown]> = [
        [ownSource(run.format), this.store.runBins(run.id, 'latency_bins', run.tables)],
        ['histogram log', this.store.runBins(run.id, 'hist_log_bins', run.tables)],
      ];
      const before = curves.length;
      for (const [source, table] of sources) {
        if (!table || typeof table !== 'object') continue;
        for (const direction of ['read', 'write', 'trim', 'total'] as const) {
          const bins = (table as Record<string, Array<[number, number]> | undefined>)[direction];
          if (!Array.isArray(bins) || bins.length === 0) continue;
          const c = latencyCurve(bins);
          if (c.total === 0) continue;
          curves.push({ run: run.id, config: run.config, name: run.name, direction, source, total_ios: c.total, percentiles: c.percentiles, points: c.points });
        }
      }
      if (curves.length === before) without.push(run.id);
    }
    return { curves, without_bins: without, ...(awr.available.length > 0 ? { events: awr.available } : {}) };
  }

  /** One metric's series of several runs: aligned at t = 0 on a common grid, or on their own clocks (downsampled). */
  seriesOverlay(study: string, ids: readonly number[], options: { metric?: string; align?: boolean; maxPoints?: number }): SeriesOverlayResult {
    const runs = this.studyRuns(study, ids);
    const all = runs.map((r) => ({ run: r, series: this.store.series(r.id) }));
    const metrics = metricOrder([...new Set(all.flatMap((a) => a.series.map((s) => s.metric)))]);
    const metric = options.metric && metrics.includes(options.metric) ? options.metric : metrics[0] ?? options.metric ?? '';
    const picked = all.flatMap(({ run, series }) => series.filter((s) => s.metric === metric).map((s) => ({ run, s })));
    const unit = picked[0]?.s.unit ?? describeMetric(metric)?.unit ?? '';
    const align = options.align ?? true;
    const maxPoints = options.maxPoints ?? 5000;
    const meta = ({ run, s }: (typeof picked)[number]) => {
      const step = medianIntervalMs(s.points.map((p) => p[0]));
      return { run: run.id, config: run.config, name: run.name, object: s.object, metric: s.metric, interval_s: step === null ? null : step / 1000 };
    };
    if (!align) {
      return {
        metric, unit, metrics, aligned: false, step_s: null,
        series: picked.map((p) => {
          const d = lttb(p.s.points.map((x) => x[0]), p.s.points.map((x) => x[1]), maxPoints);
          return { ...meta(p), points: d.times.map((t, i) => [t, d.values[i]!] as [number, number | null]) };
        }),
      };
    }
    const aligned = alignAndResample(picked.map(({ run, s }) => {
      const start = run.start ? Date.parse(run.start) : null;
      const first = s.points[0]?.[0] ?? 0;
      // The run's start is t = 0 when the series begins after it (fio logs: ms since the job started).
      return { times: s.points.map((p) => p[0]), values: s.points.map((p) => p[1]), originMs: start !== null && start <= first ? start : first };
    }), { maxPoints });
    return {
      metric, unit, metrics, aligned: true, step_s: aligned.stepMs / 1000,
      series: picked.map((p, i) => ({ ...meta(p), points: aligned.grid.map((t, k) => [t / 1000, aligned.values[i]![k]!] as [number, number | null]) })),
    };
  }

  // ---- periods and settings ---------------------------------------------------------------

  settings(study: string): StudySettingsRecord {
    const id = this.studyId(study);
    const saved = this.store.settings(id);
    const pairing = saved.pairing_keys ?? [...DEFAULT_PAIRING_KEYS];
    const tieBand = this.tieBands.of(id, saved.tie_band_pct, pairing);
    return {
      convention: saved.convention ?? 'x-fold',
      tie_band_pct: tieBand.pct,
      tie_band: tieBand,
      pairing_keys: pairing,
      zone: saved.zone ?? 'UTC',
      cache_bytes: saved.cache_bytes ?? DEFAULT_CACHE_BYTES,
      units: { ...CANONICAL_UNITS, ...saved.units },
      path_params: saved.path_params ?? [],
      derived_metrics: saved.derived_metrics ?? [],
    };
  }

  updateSettings(study: string, changes: StudySettingsUpdate): StudySettingsRecord {
    const id = this.studyId(study);
    if (changes.zone !== undefined && !isValidZone(changes.zone)) throw new Error(`unknown time zone "${changes.zone}"`);
    const { path_params: rules, ...rest } = changes;
    const saved = this.store.settings(id);
    const merged = { ...saved, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
    if (changes.units) merged.units = { ...saved.units, ...changes.units };
    this.store.transaction(() => {
      this.store.saveSettings(id, merged);
      // Parameters from paths: derived again for the runs already there.
      if (rules !== undefined) savePathParams(this.store, id, rules, DEFAULT_PAIRING_KEYS);
    });
    return this.settings(study);
  }

  /** What each view of the study opens on (its strongest view) and the Runs table's columns per tool. */
  studyDefaults(study: string): StudyDefaults {
    const id = this.studyId(study);
    const summary = this.store.listStudies().find((s) => s.id === id)!;
    return studyDefaults({
      study: summary.slug,
      configs: summary.configs,
      periods: summary.periods,
      runs: this.store.listRuns({ studyId: id }),
      pairingKeys: this.settings(study).pairing_keys,
      spans: this.store.seriesSpans(id),
      seriesConfigs: (metric) => this.store.seriesConfigs(id, metric),
      userParams: this.settings(study).path_params.map((r) => r.param),
      seriesCvs: (metric, config) => this.store.levels.summariesOfStudy(id, metric, config, null, null).map(cvOfSummary),
    });
  }

  seriesMetrics(study: string): string[] {
    return metricOrder(this.store.seriesMetrics(this.studyId(study)));
  }

  studySeries(study: string, metric: string, options: StudySeriesOptions): StudySeriesResult {
    const id = this.studyId(study);
    const configs = this.store.seriesConfigs(id, metric);
    // One configuration at a time: a pre-go-live test and production statistics share no clock.
    const config = options.config && configs.includes(options.config) ? options.config : configs[0] ?? null;
    // A window (a zoomed chart) is read from SQL for that range only: a pyramid level's buckets,
    // or the samples once the window holds about as many as the chart has points.
    const { objects, all } = this.windowed.studyObjects(id, metric, config, options);
    return {
      metric,
      config,
      configs,
      unit: describeMetric(metric)?.unit ?? this.store.seriesUnit(id, metric) ?? '',
      zone: this.settings(study).zone,
      objects,
      all_objects: all,
      periods: this.periods(study),
    };
  }

  /** Every object's whole series of a metric (of one configuration, when named). */
  seriesValues(study: string, metric: string, config?: string): ObjectSeries[] {
    return this.store.seriesOfStudy(this.studyId(study), metric, null, null, config ?? null);
  }

  /** One metric against another per object and interval, of one configuration (the one with the most series of Y unless named). */
  seriesScatter(study: string, x: string, y: string, objects: string[], config?: string): ScatterResult {
    const id = this.studyId(study);
    const configs = this.store.seriesConfigs(id, y);
    const shown = config && configs.includes(config) ? config : configs.length > 1 ? configs[0]! : null;
    const unit = (m: string): string => describeMetric(m)?.unit ?? this.store.seriesUnit(id, m) ?? '';
    return {
      x, y, x_unit: unit(x), y_unit: unit(y), config: shown,
      objects: scatterByTime(this.store.seriesOfStudy(id, x, null, null, shown), this.store.seriesOfStudy(id, y, null, null, shown), objects),
    };
  }

  periods(study: string): PeriodRecord[] {
    return this.store.periods(this.studyId(study)).map(periodRecord);
  }

  /** The configurations' constants (prices, vCPUs) with where each came from. */
  constants(study: string): ConfigConstant[] {
    return this.manage.constants(study);
  }

  periodRows(study: string): PeriodRow[] {
    return this.store.periods(this.studyId(study));
  }

  seriesConfigs(study: string, metric: string): string[] {
    return this.store.seriesConfigs(this.studyId(study), metric);
  }

  /** Defines (or redefines) a named period from its written form, in the study's zone unless given. */
  definePeriod(study: string, name: string, spec: string, zone?: string): PeriodRecord {
    const id = this.studyId(study);
    const configs = new Set(this.store.listStudies().find((s) => s.id === id)?.configs ?? []);
    if (configs.has(name)) throw new Error(`"${name}" is already a configuration of this study: a period needs another name`);
    const def = parsePeriod(spec, zone ?? this.settings(study).zone);
    const row = { name, ...def };
    this.store.savePeriod(id, row);
    return periodRecord(row);
  }

  deletePeriod(study: string, name: string): boolean {
    return this.store.deletePeriod(this.studyId(study), name);
  }

  // ---- saved charts and reports ------------------------------------------------------------

  /** The study's saved charts, each with the reports that draw it. */
  charts(study: string): SavedChart[] {
    return this.savedCharts.list(study);
  }

  /** A saved chart by id, or by name. */
  chart(study: string, which: number | string): SavedChart {
    return this.savedCharts.get(study, which);
  }

  /** Saves a chart under its name, or (with `id`) changes that chart in place: reports that draw it follow. */
  saveChart(study: string, name: string, spec: ChartSpec, id?: number): SavedChart {
    return this.savedCharts.save(study, name, spec, id);
  }

  renameChart(study: string, id: number, name: string): SavedChart {
    return this.savedCharts.rename(study, id, name);
  }

  duplicateChart(study: string, id: number, name?: string): SavedChart {
    return this.savedCharts.duplicate(study, id, name);
  }

  /** What a chart spec draws, worded in the study's convention: the one function from a spec to its data. */
  chartData(study: string, spec: ChartSpec, locale: 'en' | 'zh-CN' = 'en'): ChartData {
    return chartData(this, this.slugOf(study), spec, { convention: this.settings(study).convention, locale });
  }

  /** A chart's numbers as an XLSX workbook of one sheet, from the same data it is drawn from. */
  chartXlsx(study: string, spec: ChartSpec, name: string, locale: 'en' | 'zh-CN' = 'en'): Uint8Array {
    return chartWorkbook(name, this.chartData(study, spec, locale));
  }

  /** A timeline chart's lanes, for its window: what a saved timeline, its report page and its XLSX draw. */
  timelineChart(study: string, spec: TimelineChartSpec): TimelineAnswer {
    return this.timeline.get(study, { lanes: spec.lanes, ...(spec.window ? { from: spec.window.from, to: spec.window.to } : {}), offsets: spec.offsets, width: TIMELINE_CHART_WIDTH });
  }

  /** The study's imported files, for the evidence appendix. */
  studyImports(study: string): StudyImport[] {
    return this.store.reportStore.imports(this.studyId(study));
  }

  proposeChart(study: string): ChartSpec {
    return proposeChart(this, this.slugOf(study));
  }

  deleteChart(study: string, id: number): boolean {
    return this.savedCharts.delete(study, id);
  }

  reports(study: string): ReportRecord[] {
    const slug = this.slugOf(study);
    return this.store.reportStore.reports(this.studyId(study)).map((r) => ({ ...r, study: slug }));
  }

  /** A report by id or by name; without either, the study's first report. */
  report(study: string, which?: number | string): ReportRecord {
    const sid = this.studyId(study);
    const rs = this.store.reportStore;
    const row = which === undefined ? rs.reports(sid)[0] ?? null : typeof which === 'number' ? rs.report(sid, which) : rs.reportByName(sid, which);
    if (!row) throw new NotFoundError(which === undefined ? `study "${study}" has no report yet` : `study "${study}" has no report ${typeof which === 'number' ? '#' + which : `"${which}"`}`);
    return { ...row, study: this.slugOf(study) };
  }

  /** A new report from a template (the one that fits the study when none is named), saved charts included. */
  /** `baseline`: the configuration a template sets the others against (default: the first imported). */
  createReport(study: string, options: { template?: ReportTemplate; name?: string; locale?: 'en' | 'zh-CN'; baseline?: string } = {}): ReportRecord {
    const sid = this.studyId(study);
    const slug = this.slugOf(study);
    return this.store.transaction(() => {
      const t = buildTemplate(this, slug, options.template ?? suggestTemplate(this, slug), options.locale ?? 'en', options.baseline !== undefined ? { baseline: options.baseline } : {});
      let name = options.name?.trim() || t.name;
      for (let i = 2; this.store.reportStore.reportByName(sid, name); i++) name = `${options.name?.trim() || t.name} (${i})`;
      return { ...this.store.reportStore.insertReport(sid, name, t.layout, t.sections), study: slug };
    });
  }

  /** Saves a report as composed (a new one when `id` is absent). */
  saveReport(study: string, report: { id?: number; name: string; layout: ReportLayout; sections: ReportSection[] }): ReportRecord {
    const sid = this.studyId(study);
    const rs = this.store.reportStore;
    const clash = rs.reportByName(sid, report.name.trim());
    if (clash && clash.id !== report.id) throw new Error(`study "${study}" already has a report named "${report.name}"`);
    const row = report.id === undefined
      ? rs.insertReport(sid, report.name.trim(), report.layout, report.sections)
      : rs.updateReport(sid, report.id, report.name.trim(), report.layout, report.sections);
    if (!row) throw new NotFoundError(`study "${study}" has no report #${report.id}`);
    return { ...row, study: this.slugOf(study) };
  }

  deleteReport(study: string, id: number): boolean {
    return this.store.reportStore.deleteReport(this.studyId(study), id);
  }

  /**
   * The study's analysis (issue 33): under a report's saved specification (`report`), changed by
   * `spec` and `where`, else the study's defaults. Routed to app/core/analysis/.
   */
  analysis(study: string, options: { report?: number; spec?: AnalysisSpec; where?: string; locale?: 'en' | 'zh-CN' } = {}): StudyAnalysis {
    const slug = this.slugOf(study);
    return this.reading(() => {
      const report = options.report !== undefined ? this.report(slug, options.report) : null;
      const spec = resolveSpec(this, slug, report?.layout.analysis, report?.layout.where, { ...(options.spec ?? {}), ...(options.where !== undefined ? { where: options.where } : {}) });
      return analyse(this, spec, { locale: options.locale ?? report?.layout.locale ?? 'en', ...(report ? { convention: report.layout.convention } : {}) });
    });
  }

  /** The report with every number resolved: what preview, PDF and XLSX show. */
  renderReport(study: string, which?: number | string): ReportDocument {
    return this.reading(() => renderReport(this, this.slugOf(study), this.report(study, which)));
  }

  /**
   * The study as XLSX: the report's headline, tables and charts (the named or first report; with
   * none, every saved chart), the runs as stored, the evidence.
   */
  exportXlsx(study: string, which?: number | string): Uint8Array {
    return this.reading(() => this.workbook(study, which));
  }

  private workbook(study: string, which?: number | string): Uint8Array {
    const slug = this.slugOf(study);
    const hasReport = this.store.reportStore.reports(this.studyId(study)).length > 0;
    let doc: ReportDocument;
    if (which !== undefined || hasReport) {
      doc = this.renderReport(study, which);
    } else {
      const s = this.studies().find((x) => x.slug === slug)!;
      const charts = this.charts(study);
      const now = new Date(0).toISOString();
      doc = renderReport(this, slug, {
        id: 0, study: slug, name: s.name, created: now, updated: now,
        layout: { title: s.name, page: 'A4', orientation: 'portrait', convention: this.settings(study).convention, locale: 'en' },
        sections: charts.map((c) => ({ id: String(c.id), type: 'chart' as const, chart: c.id })),
      });
    }
    return studyWorkbook(this.runs({ study, all: true }), doc);
  }

  /**
   * `perfdelta check`: the database's integrity, every original file's object against its
   * SHA-256, every file the database names against an object (originals/check.ts), and what the
   * originals' move out of the database logged.
   */
  checkStore(onProgress?: (done: number, total: number) => void): OriginalsCheck & { database: string; originals: string; migrations: ReturnType<typeof migrationLog> } {
    return { database: this.dbPath, originals: this.store.objects.root, ...checkOriginals(this.store.db, this.store.objects, onProgress), migrations: migrationLog(this.store.db) };
  }

  /** Writes the study as one portable `.perfdelta` file. */
  saveStudyFile(study: string, out: string): void {
    saveStudyFile(this.store, this.studyId(study), out);
  }

  /** Opens a `.perfdelta` file as a new study here, from its bytes or its path; returns its slug. */
  openStudyFile(input: Uint8Array | { path: string }, fileName: string): string {
    return openStudyFile(this.store, input instanceof Uint8Array ? { bytes: input } : input, fileName, this.scratchDir());
  }

  /** A study file the host spooled as it arrived (the browser workbench's Open study file…): opened from there, then removed. */
  openSpooledStudyFile(name: string, spool: string): string {
    const file = this.spoolFile(spool);
    try {
      return this.openStudyFile({ path: file }, name);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  /**
   * Saves the study as a `.perfdelta` file in the spool folder, for the host to stream to the
   * browser (a study holding a 315 MB log never becomes one string); the host removes it once sent.
   */
  saveSpooledStudyFile(study: string): { spool: string; bytes: number } {
    if (!this.spoolDir) throw new NotFoundError('this PerfDelta has no spool folder to save a study file in');
    const spool = randomUUID();
    const file = path.join(this.spoolDir, spool);
    this.saveStudyFile(study, file);
    return { spool, bytes: fs.statSync(file).size };
  }

  /**
   * Temporary copies of study files being opened: a folder of this process's own under the data
   * folder's `tmp/`, removed on close; one an interrupted process left is removed by the next
   * PerfDelta that starts (scratch-folders.ts).
   */
  scratchDir(): string {
    this.scratch ??= createOwnFolder(path.join(path.dirname(this.dbPath), 'tmp'));
    return this.scratch;
  }

  /**
   * Compares a baseline with one or more candidates. Labels are configurations or periods (not
   * a mix); options not given come from the study's settings.
   */
  compare(args: CompareArgs): CompareResult {
    const id = this.studyId(args.study);
    const study = this.store.findStudy(args.study)!;
    const settings = this.settings(args.study);
    const candidates = args.candidates;
    if (candidates.length === 0) throw new Error('name at least one candidate');
    const labels = [args.baseline, ...candidates];
    if (new Set(labels).size !== labels.length) throw new Error('the baseline and the candidates must all differ');
    const options = {
      metrics: args.metrics,
      convention: args.convention ?? settings.convention,
      tieBandPct: args.tieBandPct ?? settings.tie_band_pct,
      locale: args.locale ?? 'en',
      cacheBytes: settings.cache_bytes,
    };
    const periods = this.store.periods(id);
    const periodByName = new Map(periods.map((p) => [p.name, p]));
    // A configuration whose runs are all excluded is still one: it pairs with nothing.
    // Read through `runs` (once per rendering), excluded runs too.
    const everyRun = this.runs({ study: args.study, all: true });
    const configs = new Set(everyRun.map((r) => r.config));
    const runs = this.runs({ study: args.study });

    if (labels.every((l) => periodByName.has(l))) {
      // A metric no series of the study has would compare nothing: say so, with the names there are.
      const seriesMetrics = this.store.seriesMetrics(id);
      // None named: the study's latency series (S1: read response time), as the workbench opens on.
      const fallback = args.metrics && args.metrics.length > 0 ? null : periodMetricDefault(seriesMetrics, runs);
      if (fallback === null && !(args.metrics && args.metrics.length > 0)) throw new Error('a period comparison needs a time-series metric, and this study has no time series');
      const periodMetrics = fallback !== null ? [fallback] : args.metrics!;
      for (const m of periodMetrics) if (!seriesMetrics.includes(m)) throw unknownName('metric', m, seriesMetrics, `the time series of study "${study.name}"`);
      // Periods cut one configuration's time series (production statistics), never a mix of
      // configurations: a pre-go-live test's intervals are not "before the cutover".
      // Only series inside the periods count: S1's pre-go-live intervals (other configurations,
      // other days) have read.lat_max_ms, the production statistics the periods cut do not.
      const [from, to] = periodBounds(labels.map((l) => periodByName.get(l)!));
      const metric = periodMetrics[0]!;
      const seriesConfigs = this.store.seriesConfigs(id, metric, from, to);
      const within = `within the periods ${labels.map((l) => `"${l}"`).join(', ')}`;
      if (seriesConfigs.length === 0) {
        const there = this.store.seriesMetrics(id, from, to);
        throw new NotFoundError(`no configuration has a time series of ${metric} ${within} (series there: ${there.join(', ') || 'none'})`);
      }
      if (args.config !== undefined && !seriesConfigs.includes(args.config)) {
        throw new NotFoundError(`configuration "${args.config}" has no time series of ${metric} ${within} (these do: ${seriesConfigs.join(', ')})`);
      }
      const seriesConfig = args.config ?? seriesConfigs[0] ?? null;
      return inDisplayUnits(comparePeriods({
        ...options,
        study: study.slug,
        baseline: periodByName.get(args.baseline)!,
        candidates: candidates.map((c) => periodByName.get(c)!),
        metrics: periodMetrics,
        // Options left unset (undefined) keep their defaults.
        aggregation: { ...DEFAULT_AGGREGATION, ...Object.fromEntries(Object.entries(args.aggregation ?? {}).filter(([, v]) => v !== undefined)) },
        objects: args.objects,
        seriesConfig,
        seriesFor: (metric, from, to) => this.store.seriesOfStudy(id, metric, from, to, seriesConfig),
      }), settings.units);
    }
    // A label that is neither first (the others tell which was meant: periods beside periods,
    // else a configuration), then a mix of the two.
    const unknown = labels.find((l) => !configs.has(l) && !periodByName.has(l));
    if (unknown !== undefined) {
      const kind = labels.some((l) => periodByName.has(l)) ? 'period' : 'configuration';
      throw unknownName(kind, unknown, [...configs, ...periods.map((p) => p.name)], `study "${study.name}"`);
    }
    for (const label of labels) {
      if (!configs.has(label)) throw new NotFoundError(`"${label}" is a period but the other labels are not: compare periods with periods, configurations with configurations`);
    }
    // A filter on a parameter no run has would keep every run and look applied: an error naming the closest.
    checkedWhere(args.where, runs, study.name);
    // A metric no run of the study has would give "pairs: []" and look like a result.
    const runMetrics = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
    for (const m of args.metrics ?? []) if (!runMetrics.has(m)) throw unknownName('metric', m, [...runMetrics].sort(), `the runs of study "${study.name}"`);
    const keys = args.pairingKeys ?? settings.pairing_keys;
    const where = parseWorkloadFilter(args.where);
    const result = compareConfigs({
      ...options, study: study.slug, baseline: args.baseline, candidates, runs, pairingKeys: keys, where,
      // Left out by their own facts (most users failed): named in the result, never compared.
      withheld: everyRun.filter((r) => r.excluded?.automatic === 'validity'),
    });
    // Repetitions that are not (issue 33): their medians are in the pairs, and the comparison says so.
    result.warnings.unshift(...repetitionWarnings(applyWorkloadFilter(runs.filter((r) => labels.includes(r.config)), where), keys, options.locale));
    return inDisplayUnits(result, settings.units);
  }
}

export type { CompareArgs } from './study-queries.js';
