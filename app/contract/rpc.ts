/**
 * The one typed RPC table. Every capability the UI uses is one named method here; the Electron
 * preload and the web host serve exactly this table. Types only.
 */
import type {
  ConfigConstant, DeletionRecord, DerivedMetric,
  ChartData, ChartSpec, ReportDocument, ReportLayout, ReportRecord, ReportSection, ReportTemplate, SavedChart,
  AppInfo, CompareResult, FilePreview, LogClaim, LogLatencyUnit, JobStatus, LatencyDistributionResult, MetricInfo, PeriodRecord, RunRecord, SampleStudy, SeriesRecord,
  SeriesInfo, SeriesKeyRecord, SeriesLaneRecord,
  ScalingResult, ScatterResult, SeriesOverlayResult, StudyDefaults, StudySeriesResult, StudySettingsRecord, StudySettingsUpdate, StudySummary, TableMapping, PathParamRule,
} from './records.js';
import type { CatalogPublishResult, CatalogPullResult, CatalogQuery, CatalogSearchResult, TrendQueryArgs, TrendResult } from './catalog-records.js';
import type { TimelineRpcMethods } from './timeline-rpc.js';

type NoArgs = Record<string, never>;
type RatioConvention = 'x-fold' | 'percent-change' | 'percent-of-baseline';
type AcrossStat = 'mean' | 'max' | 'min' | 'sum' | 'median';

/** The timeline's methods are declared with it (timeline-rpc.ts). */
export interface RpcMethods extends TimelineRpcMethods {
  'app.info': { args: NoArgs; result: AppInfo };
  'metrics.dictionary': { args: NoArgs; result: MetricInfo[] };
  /** Every metric the study's runs have, described (the dictionary's families too) and grouped by `family`. */
  'metrics.catalog': { args: { study: string }; result: MetricInfo[] };
  'studies.list': { args: NoArgs; result: StudySummary[] };
  /** Every run of the study, excluded ones too (each says so): the Runs tab. */
  'runs.list': { args: { study: string; config?: string }; result: RunRecord[] };
  /**
   * Deletes: undoable until the next delete (deletions.undo), which makes this one final (the
   * original files no import names then leave the store). `dryRun`: what would go, nothing done.
   */
  'studies.delete': { args: { study: string; dryRun?: boolean }; result: DeletionRecord };
  /** Renames a study; its slug follows the name. */
  'studies.rename': { args: { study: string; name: string }; result: { slug: string; name: string } };
  'configs.delete': { args: { study: string; config: string; dryRun?: boolean }; result: DeletionRecord };
  /** Renames a configuration, and every saved chart and report section that names it. */
  'configs.rename': { args: { study: string; config: string; to: string }; result: { config: string; runs: number; charts: number; reports: number } };
  'runs.delete': { args: { study: string; runs: number[]; dryRun?: boolean }; result: DeletionRecord };
  /** Moves runs to a configuration (an existing one, or a new label). */
  'runs.move': { args: { study: string; runs: number[]; to: string }; result: { moved: number[]; from: string[]; to: string } };
  /** Leaves runs out of every comparison, with a reason the Runs tab and the evidence state. */
  'runs.exclude': { args: { study: string; runs: number[]; reason: string }; result: RunRecord[] };
  'runs.include': { args: { study: string; runs: number[] }; result: RunRecord[] };
  /** The delete that can still be undone, or null. */
  'deletions.pending': { args: NoArgs; result: DeletionRecord | null };
  'deletions.undo': { args: NoArgs; result: { restored: DeletionRecord; study: string } };
  /** Every configuration constant of the study, with where it came from. */
  'configs.constants': { args: { study: string }; result: ConfigConstant[] };
  /** Sets a configuration's constant (entered in the workbench: who and when are kept). */
  'configs.setConstant': { args: { study: string; config: string; name: string; value: number; unit?: string }; result: ConfigConstant };
  'configs.deleteConstant': { args: { study: string; config: string; name: string }; result: { deleted: boolean } };
  /** Defines a derived metric: metric ÷ constant × factor, with its name, unit and direction. */
  'derived.define': {
    args: { study: string; name: string; metric: string; constant: string; factor?: number; unit?: string; label?: string; better?: 'higher' | 'lower' };
    result: DerivedMetric;
  };
  'derived.delete': { args: { study: string; name: string }; result: { deleted: boolean } };
  /**
   * A run's series; with maxPoints, each longer series is downsampled to at most that many points
   * (the lowest and highest sample per column). `from`/`to` (epoch ms): that window only.
   */
  'series.get': { args: { run: number; metric?: string; object?: string; maxPoints?: number; from?: number; to?: number }; result: SeriesRecord[] };
  /** The series a run has, with their sizes and extents: what a chart can ask windows of. */
  'series.list': { args: { run: number }; result: SeriesInfo[] };
  /**
   * Range read: each lane's window (each series' whole extent without `from`/`to`) for a chart
   * `width` pixels wide, read from SQL for that window only (a pyramid level, or raw samples
   * when the window holds about as many as the chart has pixels). A call naming a `channel`
   * supersedes the earlier calls on that channel still waiting or running: their answers are
   * dropped (a zoom that moved on), the error code `cancelled`.
   */
  'series.range': { args: { lanes: SeriesKeyRecord[]; from?: number; to?: number; width: number; channel?: string }; result: SeriesLaneRecord[] };
  /** Parses one dropped file into the staging area; nothing is written to the store. */
  'import.stage': { args: { name: string; bytes: Uint8Array }; result: FilePreview };
  /**
   * A file the host spooled to disk as it arrived (the web host streams every dropped file
   * there): staged from the spool, never whole in memory. `spool` names the spooled upload.
   */
  'import.stageSpooled': { args: { name: string; spool: string }; result: FilePreview };
  /** A table pasted from the clipboard, staged as a table (its preview carries the column mapping). */
  'import.stageText': { args: { name: string; text: string }; result: FilePreview };
  /** Reads a staged table again with the user's mapping (null: the remembered or proposed one) or another sheet. */
  'import.remap': { args: { id: string; mapping: TableMapping | null; sheet?: string }; result: FilePreview };
  'import.discard': { args: { ids: string[] }; result: { discarded: number } };
  /**
   * For each staged fio log among `ids`: the run that would claim it if these files were imported
   * into this study and configuration, or null. The sheet asks a latency log's unit only when null.
   */
  'import.logOwners': { args: { ids: string[]; study: string; config: string }; result: Record<string, LogClaim> };
  /**
   * Starts writing staged files in one transaction; poll jobs.status for progress. `logUnits`:
   * staged id to the unit of an fio latency log no fio JSON claims (default ns).
   */
  /** `pathParams`: rules for parameters in the files' paths (`update(\d+)` -> `update_pct`), kept with the study and applied to its runs; `moveDuplicates`: a file the study has under another label moves its runs to `config`. */
  'import.commit': { args: { ids: string[]; study: string; config: string; logUnits?: Record<string, LogLatencyUnit>; pathParams?: PathParamRule[]; moveDuplicates?: boolean }; result: { job: string } };
  'jobs.status': { args: { job: string }; result: JobStatus };
  /** Stops a running import: its transaction rolls back and nothing of it is written. */
  'jobs.cancel': { args: { job: string }; result: { cancelling: boolean } };
  /** Baseline against one candidate (`candidate`) or several (`candidates`); labels are configurations or periods. */
  'compare.run': {
    args: {
      study: string;
      baseline: string;
      candidate?: string;
      candidates?: string[];
      metrics?: string[];
      pairingKeys?: string[];
      convention?: RatioConvention;
      tieBandPct?: number;
      locale?: 'en' | 'zh-CN';
      aggregation?: { perObjectDay?: 'mean' | 'max' | 'min' | 'p50' | 'p95' | 'p99'; acrossObjects?: AcrossStat; acrossDays?: AcrossStat };
      objects?: string[];
      config?: string;
      /** A workload filter: "stage!=*init,*prepare,*cleanup; bs=4K" (see `perfdelta help compare`). */
      where?: string;
    };
    result: CompareResult;
  };
  /** A parameter on X, a metric on Y, a line per configuration, the knee marked. */
  'scaling.curves': { args: { study: string; x: string; metric: string; latencyMetric?: string }; result: ScalingResult };
  'studies.settings': { args: { study: string }; result: StudySettingsRecord };
  /** What each view of the study opens on (Compare's sides and metric, Scaling's X, Time series' metric) and the Runs columns per tool. */
  'studies.defaults': { args: { study: string }; result: StudyDefaults };
  'studies.updateSettings': { args: { study: string; settings: StudySettingsUpdate }; result: StudySettingsRecord };
  'periods.list': { args: { study: string }; result: PeriodRecord[] };
  /** One metric's series over the study's objects: top N by mean, downsampled, with the periods. */
  /** `from`/`to` (epoch ms): only that window, at full detail up to maxPoints (a zoomed chart asks again). */
  'series.study': { args: { study: string; metric: string; top?: number; objects?: string[]; maxPoints?: number; config?: string; from?: number; to?: number }; result: StudySeriesResult };
  /** One metric against another, per object and interval. */
  'series.scatter': { args: { study: string; x: string; y: string; objects: string[] }; result: ScatterResult };
  /** The metrics the study has time series of (what periods can compare). */
  'series.metrics': { args: { study: string }; result: string[] };
  'periods.define': { args: { study: string; name: string; spec: string; zone?: string }; result: PeriodRecord };
  'periods.delete': { args: { study: string; name: string }; result: { deleted: boolean } };
  /**
   * Completion-latency CDF and exceedance curves of runs with fio latency buckets (json+,
   * histogram logs), and of AWR runs' wait event histograms (`events`: which; default the most
   * waited-for non-idle events the runs share).
   */
  'latency.distribution': { args: { study: string; runs: number[]; events?: string[] }; result: LatencyDistributionResult };
  /** One metric's series of several runs overlaid: aligned at t = 0 and resampled to a common grid, or as recorded. */
  'series.overlay': { args: { study: string; runs: number[]; metric?: string; align?: boolean; maxPoints?: number }; result: SeriesOverlayResult };
  'samples.list': { args: NoArgs; result: SampleStudy[] };
  'samples.load': { args: { slugs?: string[] }; result: { loaded: string[] } };
  'charts.list': { args: { study: string }; result: SavedChart[] };
  /** Saves a chart spec under a name (the same name updates it); with `id`, changes that chart in place (name and spec). */
  'charts.save': { args: { study: string; name: string; spec: ChartSpec; id?: number }; result: SavedChart };
  'charts.rename': { args: { study: string; id: number; name: string }; result: SavedChart };
  /** A copy under a new name ("<name> (copy)" unless one is given). */
  'charts.duplicate': { args: { study: string; id: number; name?: string }; result: SavedChart };
  /** The chart's numbers as an XLSX workbook, from the data the chart is drawn from (the report's chart sheet is the same). */
  'charts.xlsx': { args: { study: string; spec: ChartSpec; name: string; locale?: 'en' | 'zh-CN' }; result: ExportedFile };
  'charts.delete': { args: { study: string; id: number }; result: { deleted: boolean } };
  /** The data a chart spec draws, in the study's convention and units: the builder's preview. */
  /** `channel`: as series.range's, a newer call on it supersedes the older ones (a zoomed chart's window). */
  'charts.data': { args: { study: string; spec: ChartSpec; locale?: 'en' | 'zh-CN'; channel?: string }; result: ChartData };
  /** A sensible first chart for the study (the builder's default). */
  'charts.propose': { args: { study: string }; result: ChartSpec };
  'reports.list': { args: { study: string }; result: ReportRecord[] };
  /** A new report from a template (the one that fits the study when none is named). */
  'reports.create': { args: { study: string; template?: ReportTemplate; name?: string; locale?: 'en' | 'zh-CN'; baseline?: string }; result: ReportRecord };
  'reports.save': { args: { study: string; report: { id?: number; name: string; layout: ReportLayout; sections: ReportSection[] } }; result: ReportRecord };
  'reports.delete': { args: { study: string; id: number }; result: { deleted: boolean } };
  /** The report with every number resolved, as the preview and the PDF show it. */
  'reports.render': { args: { study: string; report?: number }; result: ReportDocument };
  /** The report printed to PDF by Chromium (web host) or Electron's printToPDF. */
  'reports.pdf': { args: { study: string; report: number }; result: ExportedFile };
  'reports.xlsx': { args: { study: string; report?: number }; result: ExportedFile };
  /** The study as one portable `.perfdelta` file. */
  'studies.saveFile': { args: { study: string }; result: ExportedFile };
  'studies.openFile': { args: { name: string; base64: string }; result: { study: string } };
  /**
   * A study file the host spooled to disk as it arrived (the browser workbench's upload, a file
   * the Electron window was asked to open): opened from there as a new study, then removed.
   */
  'studies.openSpooled': { args: { name: string; spool: string }; result: { study: string } };
  /**
   * The study saved as a `.perfdelta` file into the host's spool, for the host to stream to the
   * browser as a download (`url`, added by the web host: used once); never one string in memory.
   */
  'studies.saveSpooled': { args: { study: string }; result: { fileName: string; spool: string; bytes: number; url?: string } };
  /**
   * The team catalog (PostgreSQL). `url`: postgres://user@host/db or keyword=value pairs; absent,
   * the host's PERFDELTA_CATALOG_URL or PG environment. Credentials come from the environment or
   * ~/.pgpass, never from a study; every answer names the catalog without its password.
   */
  'catalog.location': { args: { url?: string }; result: { catalog: string } };
  /** Publishes a study in one transaction: updates the catalog study it is linked to, or adds one; `append`: adds its runs to the catalog study of its name. */
  'catalog.publish': { args: { study: string; url?: string; append?: boolean; originals?: 'all' | 'hashes' }; result: CatalogPublishResult };
  'catalog.search': { args: { url?: string; query: CatalogQuery }; result: CatalogSearchResult };
  /** Brings a catalog study (uid, slug or name) into this data folder, its originals checked by SHA-256. */
  'catalog.pull': { args: { url?: string; study: string }; result: CatalogPullResult };
  /** One workload's metric over time with its change points: over the catalog (`catalog`), else over a study of this data folder. */
  'catalog.trend': { args: TrendQueryArgs & { catalog?: boolean; url?: string; study?: string; locale?: 'en' | 'zh-CN' }; result: TrendResult & { source: string } };
}

/** A file made for the user to save: bytes as base64 (both transports carry JSON). */
export interface ExportedFile {
  fileName: string;
  mime: string;
  base64: string;
}

export type RpcMethod = keyof RpcMethods;
export type RpcArgs<M extends RpcMethod> = RpcMethods[M]['args'];
export type RpcResult<M extends RpcMethod> = RpcMethods[M]['result'];

/** How a caller may give up on a call: a chart whose zoom moved on aborts the older request. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** What the renderer holds: one function, whichever transport is behind it. */
export interface Bridge {
  call<M extends RpcMethod>(method: M, args: RpcArgs<M>, options?: CallOptions): Promise<RpcResult<M>>;
  /**
   * Stages a dropped file. The web bridge streams it to the host, which spools it to disk as it
   * arrives (a 2 GB log is never whole in the page or the host); Electron sends its bytes.
   */
  stageFile(name: string, file: Blob): Promise<FilePreview>;
  /**
   * Opens a `.perfdelta` file as a new study (checked by the core). The web bridge streams it
   * to the host, which spools it to disk as it arrives, up to 2 GiB; Electron sends its bytes.
   */
  openStudyFile(name: string, file: Blob): Promise<{ study: string }>;
  /**
   * Saves the study as a `.perfdelta` file: the name to save it under and where to fetch it (the
   * web host streams it from its spool, once; Electron hands its bytes as a data URL).
   */
  saveStudyFile(study: string): Promise<{ fileName: string; href: string }>;
}

/** Errors cross the bridge as values with a code the UI can act on. */
export interface RpcErrorBody {
  code: 'invalid_arguments' | 'not_found' | 'unknown_method' | 'failed' | 'unauthorized' | 'forbidden' | 'cancelled';
  message: string;
}

