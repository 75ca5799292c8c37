/**
 * Records that cross the bridge and the CLI's --json output. This is a documented contract
 * users script against: add fields, never rename or remove them.
 * Types only: the renderer imports this folder with `import type` and nothing else from app/.
 */

export type ParamValue = string | number | boolean;
export type Better = 'higher' | 'lower';
/**
 * What a change means for the reader, decided in the core once and followed by every colour and
 * word (bars, tables, headlines, PDF): the candidate is better, worse, within the tie band (a
 * +0.0% change is a tie), or the metric is a volume of work (waits, executions) whose change is a
 * change, neither better nor worse.
 */
export type Verdict = 'better' | 'worse' | 'tie' | 'neutral';

export interface MetricInfo {
  name: string;
  scope: 'read' | 'write' | 'trim' | 'total' | null;
  quantity: string;
  unit: string;
  better: Better;
  label: string;
  labelZh: string;
  sources: Record<string, string>;
  /** A volume of work (waits, executions, physical writes done): its change is stated, never called better or worse. */
  volume?: true;
}

export interface StudySummary {
  id: number;
  slug: string;
  name: string;
  configs: string[];
  periods: string[];
  runs: number;
}

export interface RunRecord {
  id: number;
  study: string;
  config: string;
  tool: string;
  tool_version: string | null;
  format: string;
  name: string;
  host: string | null;
  /** ISO 8601 UTC, null where the file does not say. */
  start: string | null;
  end: string | null;
  source: { file: string; sha256: string };
  params: Record<string, ParamValue>;
  metrics: Record<string, number>;
  tables: Record<string, unknown>;
  warnings: string[];
  errors: string[];
  /**
   * Left out of every comparison, scaling curve, chart, report and export, with the reason the
   * user gave (the Runs tab and the report's evidence state it); null when the run counts.
   * Always present in what the core returns (optional only for runs built by hand in tests).
   */
  excluded?: RunExclusion | null;
}

/** Why a run is left out of comparisons, who said so and when. */
export interface RunExclusion {
  reason: string;
  /** ISO 8601 UTC. */
  at: string;
  /** The user name of the account that excluded it, where known. */
  by: string | null;
}

/**
 * A named number a configuration carries (monthly price, vCPUs, disks, GB): what derived
 * metrics divide by, and where it came from (entered in the workbench or the CLI, by whom and
 * when, or read from a file).
 */
export interface ConfigConstant {
  config: string;
  name: string;
  value: number;
  unit: string;
  /** 'workbench', 'cli', or 'file:<name>' for a value read from a file. */
  source: string;
  entered_by: string | null;
  entered_at: string;
}

/**
 * A metric computed from another and a configuration constant: metric ÷ constant × factor
 * ("TPS per 1,000 $/month" = total.tps ÷ price_usd_month × 1000), with its own name, unit and
 * direction. Defined per study; compared, charted, reported and exported like any metric.
 */
export interface DerivedMetric {
  /** "derived.<key>", the name every view and the CLI use. */
  name: string;
  label: string;
  metric: string;
  constant: string;
  factor: number;
  unit: string;
  better: Better;
}

/**
 * What a delete removes (or would remove: a dry run has id null). A delete can be undone until
 * the next delete makes it final; then the original files no other import names leave the store.
 */
export interface DeletionRecord {
  id: number | null;
  kind: 'study' | 'config' | 'runs';
  study: { slug: string; name: string };
  /** Configurations that go whole. */
  configs: string[];
  /** Every run that goes. */
  runs: number[];
  /** Imported files that go with them (their names as imported). */
  files: string[];
  /** Original files removed from the store when the delete is final (no other import names them). */
  originals: number;
  /** A study's saved charts, reports and periods (a study delete). */
  charts: number;
  reports: number;
  periods: number;
  /** ISO 8601 UTC; null for a dry run. */
  created: string | null;
}

export interface SeriesRecord {
  run: number;
  object: string;
  metric: string;
  unit: string;
  points: Array<[number, number]>;
}

/** What the import sheet shows for one file before anything is written. */
export interface FilePreview {
  id: string;
  path: string;
  size: number;
  sha256: string;
  format: string | null;
  runs: Array<{ name: string; params: Record<string, ParamValue> }>;
  warnings: string[];
  errors: string[];
  /** Tables (CSV, TSV, XLSX, pasted): the columns and the mapping the runs were read with. */
  table?: TablePreview;
  /**
   * An fio latency log (lat, clat, slat): logs carry no unit. Its fio JSON decides (ns in fio 3,
   * µs in fio 2); a log imported without one is read in the unit the user picks, ns by default.
   */
  latencyLog?: { kind: string };
  /** An empty file: the import skips it (status "skipped"), it is not refused. */
  empty?: true;
}

/**
 * Where a staged fio log would go if the staged files were imported together: the run that
 * claims it ("randrw70 (randrw70.json)") and why, or null (a run of its own) and why not.
 * `rule`: the job's write_*_log option names the log (`job`: several jobs' options name it and
 * the log's job number, `x_iops.2.log`, picks one), the JSON has the log's name stem
 * (`stem`), the only fio JSON run in its folder; or, unclaimed, several runs could own it or none.
 * The sheet words the rule in the user's language.
 */
export interface LogClaim {
  owner: string | null;
  rule: 'option' | 'job' | 'stem' | 'folder' | 'ambiguous' | 'none';
  stem: string;
}

/** The unit of an fio latency log's values when no fio JSON says: fio 3 writes ns, fio 2 µs. */
export type LogLatencyUnit = 'ns' | 'us';

/** A metric a table column (or one figure of its cells) holds, and the unit it is written in. */
export interface TableMetricPart {
  name: string;
  unit: string;
}

export type TableColumnRole =
  | { role: 'configuration' }
  | { role: 'parameter'; name: string }
  | { role: 'metric'; name: string; unit: string }
  | { role: 'metrics'; parts: TableMetricPart[] }
  | { role: 'ignore' };

/** What each column of a table is; remembered per header (see `perfdelta help import`). */
export interface TableMapping {
  version: 1;
  columns: Array<TableColumnRole & { header: string }>;
  /** Titles above the tables of a multi-table text, to configuration labels. */
  configurations?: Record<string, string>;
}

export interface TablePreview {
  kind: 'xlsx' | 'xls' | 'csv' | 'tsv' | 'semicolon' | 'markdown';
  encoding: string | null;
  sheet: string | null;
  sheets: string[];
  /** sha256 of the normalised header: the key the mapping is remembered under. */
  signature: string;
  /** True when the mapping is one saved for this header before; false: proposed now. */
  remembered: boolean;
  header_lines: number[];
  units_line: number | null;
  rows: number;
  blocks: Array<{ title: string | null; rows: number }>;
  columns: Array<{ index: number; letter: string; header: string; unit: string | null; samples: string[] }>;
  mapping: TableMapping;
  /** The units a mapping may name, and the metric names of the dictionary. */
  units: string[];
}

/** `skipped`: an empty file, with nothing to import and nothing to lose (fio writes empty slat logs for sync engines). */
export type FileStatus = 'imported' | 'duplicate' | 'skipped' | 'failed';

export interface FileOutcome {
  path: string;
  format: string | null;
  sha256: string;
  status: FileStatus;
  runs: number[];
  warnings: string[];
  errors: string[];
  /**
   * A duplicate whose runs are stored under other configurations than the one asked for (the
   * file was imported before under another label): those configurations. The import sheet offers
   * to move them; `perfdelta import --move-duplicates` does.
   */
  elsewhere?: string[];
  /** A duplicate whose runs were moved to the configuration asked for (move duplicates): where they were. */
  moved_from?: string[];
}

export interface ImportResult {
  study: { id: number; slug: string; name: string };
  config: string;
  files: FileOutcome[];
}

export interface JobStatus {
  id: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  /** Bytes read of all the files: a single 2 GB log moves the bar too. */
  bytes_done: number;
  bytes_total: number;
  /** What is being worked on, e.g. the file name. */
  current: string | null;
  result: ImportResult | null;
  error: string | null;
}

/** An interval for a side's median, made of its runs: x(low_order) … x(high_order). */
export interface ConfidenceInterval {
  low: number;
  high: number;
  /** The confidence asked for. `coverage` is what the interval really has: at least this from 6 runs, less for the range of 2-5. */
  level: 0.95;
  /**
   * 'median-order-statistics' (6 runs or more): the order-statistic interval benchstat chooses;
   * 'min-max' (2-5 runs): the runs' range. 'mean-student-t' is no longer produced (it was a
   * Student t interval of the mean, printed beside a median); it stays so the contract only grows.
   */
  method: 'median-order-statistics' | 'min-max' | 'mean-student-t';
  /** Probability that the interval holds the population median (binomial, exact): 0.96875 for 6 runs, 0.9375 for the range of 5. */
  coverage: number;
  /** 1-based order statistics of the side's runs bounding the interval. */
  low_order: number;
  high_order: number;
}

export interface ComparePair {
  /** The workload's name ("4K random read QD16 ×4"): what saved charts and headlines refer to. */
  workload: string;
  /** The same, as shown in the comparison's language ("4K 随机读 QD16 ×4"). */
  workload_label: string;
  workload_params: Record<string, ParamValue>;
  /** Period comparisons: the object (volume, node); "*" for the aggregate over all objects. */
  object?: string;
  metric: string;
  unit: string;
  better: Better;
  baseline_label: string;
  candidate_label: string;
  /** Median of the side's repetitions (the value itself for one run). */
  baseline: number;
  candidate: number;
  /** > 1 always means the candidate is better, whatever the metric's direction. */
  speedup: number | null;
  /** Raw % change of the candidate against the baseline. */
  change_pct: number | null;
  /** Always x-fold ("6.90x") and signed % ("-85.5%"), whatever the convention. */
  speedup_text: string;
  change_text: string;
  /** Worded in the comparison's convention ("latency 6.90x lower", "latency at 14.5% of baseline"). */
  text: string;
  /** The same ratio in its shortest form, for a label on a bar: "6.90x", "-85.5%", "14.5%". */
  short_text: string;
  /**
   * "~" when the difference is not shown to be real: the test found p ≥ 0.05, or no test could
   * (one run on a side, or too few runs or too many ties for any outcome to reach p < 0.05:
   * `p_min`). `significance_note` says which.
   */
  mark: '' | '~';
  n_baseline: number;
  n_candidate: number;
  ci_baseline: ConfidenceInterval | null;
  ci_candidate: ConfidenceInterval | null;
  /** Two-sided Mann-Whitney U p-value; null with fewer than two runs on a side. */
  p_value: number | null;
  /** The smallest p these numbers of runs (and their ties) could give; null when no test ran. At least 0.05: the pair cannot be significant. */
  p_min: number | null;
  /** 'exact': the permutation distribution of U given the ties (up to 50 runs a side); 'normal': the normal approximation beyond. */
  p_method: 'exact' | 'normal' | null;
  significant: boolean | null;
  /** Why the pair is or is not significant, in the comparison's language ("3 runs per side cannot reach p < 0.05; at least 4 per side are needed"). */
  significance_note: string;
  /** |change| within the tie band. */
  tie: boolean;
  /** Better, worse, tie or neutral (a volume metric): what colours and words follow. */
  verdict: Verdict;
  baseline_runs: number[];
  candidate_runs: number[];
  /** The values behind each median, in the unit shown: one per run (in the order of *_runs), or per day for periods. */
  baseline_values: number[];
  candidate_values: number[];
}

export interface UnmatchedWorkload {
  side: 'baseline' | 'candidate';
  /** Which candidate, for a candidate-side workload. */
  candidate: string | null;
  workload: string;
  /** As shown in the comparison's language. */
  workload_label: string;
  runs: number[];
}

export interface CompareWarning {
  code: string;
  message: string;
  runs: number[];
  objects?: string[];
}

export interface CompareRollup {
  candidate: string;
  metric: string;
  geomean_speedup: number | null;
  pairs: number;
  /**
   * Better / worse: a significant test (p < 0.05) and a change outside the tie band. A tested pair
   * that is not significant ("~") is a tie. A pair with one run on a side has no test: it is
   * counted by the tie band alone, and `untested` says how many were.
   */
  wins: number;
  losses: number;
  ties: number;
  /** Pairs counted by the tie band alone, having one run on a side (no test possible). */
  untested: number;
}

/** Baseline against N candidates: speedup[candidate][workload], the data of a ratio heat map. */
export interface CompareMatrix {
  metric: string;
  baseline: string;
  candidates: string[];
  workloads: string[];
  /** The workloads as shown in the comparison's language. */
  workload_labels: string[];
  speedup: Array<Array<number | null>>;
}

export interface PeriodRecord {
  name: string;
  spec: string;
  zone: string;
  /** UTC ISO 8601 instants; null = unbounded. */
  ranges: Array<{ start: string | null; end: string | null }>;
  days: string[];
}

export interface PeriodSide {
  period: PeriodRecord;
  value: number | null;
  days: Array<{ day: string; value: number }>;
  samples: number;
}

export interface CompareResult {
  study: string;
  kind: 'configurations' | 'periods';
  baseline: string;
  /** The first candidate (the only one in a two-sided comparison). */
  candidate: string;
  candidates: string[];
  metrics: string[];
  pairing_keys: string[];
  convention: 'x-fold' | 'percent-change' | 'percent-of-baseline';
  convention_note: string;
  tie_band_pct: number;
  pairs: ComparePair[];
  unmatched: UnmatchedWorkload[];
  /** Geometric mean of the first candidate's speedups per metric. */
  geomean_speedup: Record<string, number>;
  rollup: CompareRollup[];
  matrix: CompareMatrix[];
  warnings: CompareWarning[];
  /** Period comparisons: the aggregation order, stated. */
  aggregation: string | null;
  periods: { baseline: PeriodSide; candidates: PeriodSide[]; metric: string }[] | null;
}

export interface StudySettingsRecord {
  convention: 'x-fold' | 'percent-change' | 'percent-of-baseline';
  tie_band_pct: number;
  pairing_keys: string[];
  zone: string;
  cache_bytes: number;
  /** The units the study reports in (storage stays in ms and MiB/s, exactly). */
  units: { latency: 'ms' | 'us' | 's'; bandwidth: 'MiB/s' | 'MB/s' | 'GiB/s' | 'GB/s' };
  /** Metrics the study derives from a metric and a configuration constant. */
  derived_metrics: DerivedMetric[];
}

export interface AppInfo {
  version: string;
  mode: 'electron' | 'web' | 'cli';
  dataDir: string;
  dbPath: string;
}

export interface SampleStudy {
  slug: string;
  name: string;
  description: string;
  loaded: boolean;
}

/** A change to a study's settings: any field, and any part of the units. */
export type StudySettingsUpdate = Partial<Omit<StudySettingsRecord, 'units'>> & { units?: Partial<StudySettingsRecord['units']> };

export interface ScalingSeries {
  config: string;
  /** The configuration, and the other workload parameters that hold for this line. */
  label: string;
  params: Record<string, ParamValue>;
  points: Array<{ x: number; y: number; latency: number | null; runs: number[] }>;
  /** X of the knee (the last point before latency outgrows throughput), null when none. */
  knee: number | null;
  knee_rule: string | null;
}

export interface ScalingResult {
  x: string;
  metric: string;
  unit: string;
  series: ScalingSeries[];
}

export interface StudySeriesResult {
  metric: string;
  /** The configuration shown, and those that have series of the metric. */
  config: string | null;
  configs: string[];
  unit: string;
  /** The study's zone: times are shown in it. */
  zone: string;
  /** Ranked by mean, highest first; points downsampled (LTTB) to a drawable count. */
  objects: Array<{ object: string; mean: number; max: number; samples: number; points: Array<[number, number]> }>;
  /** Every object the metric has, for choosing. */
  all_objects: string[];
  periods: PeriodRecord[];
}

export interface ScatterResult {
  x: string;
  y: string;
  objects: Array<{ object: string; points: Array<[number, number, number]> }>;
}

// ---- saved charts and reports ------------------------------------------------------------

export type RatioConvention = 'x-fold' | 'percent-change' | 'percent-of-baseline';
export type PerObjectDayStat = 'mean' | 'max' | 'min' | 'p50' | 'p95' | 'p99';

/** What a saved chart draws: a kind and its parameters, drawn again from the data each time. */
export type ChartSpec =
  /** Baseline and candidate side by side per workload (or object), or normalised to the baseline. */
  /** `scopes`: the metric's quantity for each of read / write / total side by side (a randrw workload: read + write = total). */
  | { kind: 'compare-bars'; baseline: string; candidate: string; metric: string; normalised?: boolean; perObjectDay?: PerObjectDayStat; logScale?: boolean; scopes?: Array<'read' | 'write' | 'total'> }
  /** Every other configuration (or period) against the baseline, per workload. */
  | { kind: 'speedup-heatmap'; baseline: string; metric: string }
  /** A parameter on X, a metric on Y, a line per configuration; `workload` picks one workload of a grid ("*" = all). */
  | { kind: 'scaling'; x: string; metric: string; workload?: string; logScale?: boolean }
  /** A metric's top objects over time, periods shaded. */
  | { kind: 'time-series'; metric: string; top?: number; config?: string; logScale?: boolean; objects?: string[] };

export interface SavedChart {
  id: number;
  study: string;
  name: string;
  spec: ChartSpec;
  created: string;
}

/**
 * One headline number: a pair of a comparison (a workload, or all objects of a period
 * comparison); or, without a candidate, one configuration's measured value, optionally against
 * a limit (a cloud disk's 20,000 IOPS), in the study's units.
 */
export interface HeadlineItem {
  baseline: string;
  candidate?: string;
  /** A single value's limit, in the unit the value is shown in. */
  limit?: number;
  metric: string;
  /** The workload label (as the comparison names it); absent: all objects, or the geometric mean over workloads. */
  workload?: string;
  perObjectDay?: PerObjectDayStat;
  /** The reader's words for it ("Read response time, daytime"); else the metric's label. */
  label?: string;
}

export type ReportSection =
  | { id: string; type: 'headline'; title?: string; items: HeadlineItem[] }
  | { id: string; type: 'text'; title?: string; markdown: string }
  | { id: string; type: 'chart'; chart: number; caption?: string }
  | { id: string; type: 'table'; title?: string; baseline: string; candidates: string[]; metrics: string[]; perObjectDay?: PerObjectDayStat };

export interface ReportLayout {
  title: string;
  subtitle?: string;
  author?: string;
  page: 'A4' | 'Letter';
  orientation: 'portrait' | 'landscape';
  /** The report's ratio wording, printed on the page; every number in it follows it. */
  convention: RatioConvention;
  locale: 'en' | 'zh-CN';
}

export interface ReportRecord {
  id: number;
  study: string;
  name: string;
  layout: ReportLayout;
  sections: ReportSection[];
  created: string;
  updated: string;
}

export type ReportTemplate = 'before-after' | 'cache-on-off' | 'config-matrix' | 'sweep';

export interface HeadlineFigure {
  label: string;
  metric: string;
  unit: string;
  better: Better;
  baseline_label: string;
  candidate_label: string;
  workload: string | null;
  /** The workload as shown in the report's language. */
  workload_label: string | null;
  /** null for a geometric-mean headline (no single pair). */
  baseline: number | null;
  candidate: number | null;
  speedup: number | null;
  /** Worded in the report's convention. */
  text: string;
  speedup_text: string;
  change_text: string;
  mark: '' | '~';
  /** Better, worse, tie or neutral: what the figure's colour and words follow (null: a single value without a limit). */
  verdict: Verdict | null;
  n_baseline: number;
  n_candidate: number;
  /** How the figure was reached: "median of 3 runs", "mean per volume per day, then mean across…". */
  basis: string;
}

/** A chart section with the data it draws, resolved in the core so preview, PDF and XLSX agree. */
export type ChartData =
  | { kind: 'compare-bars' | 'speedup-heatmap'; compare: CompareResult }
  | { kind: 'scaling'; scaling: ScalingResult }
  | { kind: 'time-series'; series: StudySeriesResult };

export type RenderedSection =
  /** `warnings`: what the headline's comparisons warned of (the evidence lists them). */
  | { id: string; type: 'headline'; title: string; figures: HeadlineFigure[]; errors: string[]; warnings: CompareWarning[] }
  | { id: string; type: 'text'; title: string; markdown: string }
  | { id: string; type: 'chart'; title: string; caption: string; chart: SavedChart | null; data: ChartData | null; errors: string[] }
  | { id: string; type: 'table'; title: string; compare: CompareResult | null; errors: string[] };

export interface ReportEvidence {
  files: Array<{ file: string; sha256: string; format: string; importer_version: string; config: string; imported_at: string; runs: number }>;
  /**
   * The files per configuration and folder, with one SHA-256 over their sorted hashes: a page
   * can pin 5,000 statistics dumps in one line (every file and hash is still in `files`).
   */
  file_groups: Array<{ config: string; folder: string; files: number; formats: string[]; combined_sha256: string }>;
  configs: Array<{ name: string; runs: number; tools: string[] }>;
  periods: PeriodRecord[];
  pairing_keys: string[];
  convention: RatioConvention;
  convention_note: string;
  formulas: string[];
  aggregation: string[];
  filters: string[];
  warnings: CompareWarning[];
  zone: string;
  generator: string;
  /** Runs left out of every comparison, each with its reason. */
  excluded_runs: Array<{ run: number; config: string; name: string; file: string; reason: string; at: string; by: string | null }>;
  /** Every configuration constant, with where it came from. */
  constants: ConfigConstant[];
  /** The study's derived metrics and their formulas. */
  derived_metrics: DerivedMetric[];
}

/** A report with every number resolved: what the preview, the PDF and the XLSX all show. */
export interface ReportDocument {
  study: { slug: string; name: string };
  report: { id: number; name: string; layout: ReportLayout };
  /** When the newest data it shows was imported (not the time of printing: the same study prints the same text). */
  data_as_of: string | null;
  sections: RenderedSection[];
  evidence: ReportEvidence;
}

/** One direction of one run's completion-latency distribution, as CDF and exceedance points. */
export interface LatencyDistributionCurve {
  run: number;
  config: string;
  name: string;
  direction: 'read' | 'write' | 'trim';
  /** Where the buckets came from: fio's json+ output or a histogram log (write_hist_log). */
  source: 'json+' | 'histogram log';
  total_ios: number;
  /** p50 … p99.99 (ms) from the same buckets: "p50", "p99.9". */
  percentiles: Record<string, number>;
  /** [latency ms, CDF, exceedance (1 − CDF, counted from the top)], by latency. */
  points: Array<[number, number, number]>;
}

export interface LatencyDistributionResult {
  curves: LatencyDistributionCurve[];
  /** Runs asked for that have no latency buckets (not json+, no histogram log). */
  without_bins: number[];
}

/** Several runs' series of one metric: aligned at t = 0 on a common grid, or on their own clocks. */
export interface SeriesOverlayResult {
  metric: string;
  unit: string;
  /** Every series metric the runs have, for choosing. */
  metrics: string[];
  aligned: boolean;
  /** The common grid's step (aligned), else null. */
  step_s: number | null;
  /** x: seconds since each run's start when aligned, epoch ms when not; y null where a run has no data. */
  series: Array<{ run: number; config: string; name: string; object: string; metric: string; interval_s: number | null; points: Array<[number, number | null]> }>;
}
