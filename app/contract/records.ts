/**
 * Records that cross the bridge and the CLI's --json output. This is a documented contract
 * users script against: add fields, never rename or remove them.
 * Types only: the renderer imports this folder with `import type` and nothing else from app/.
 */

export type ParamValue = string | number | boolean;
export type Better = 'higher' | 'lower';

export interface MetricInfo {
  name: string;
  scope: 'read' | 'write' | 'trim' | 'total' | null;
  quantity: string;
  unit: string;
  better: Better;
  label: string;
  labelZh: string;
  sources: Record<string, string>;
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
}

export type FileStatus = 'imported' | 'duplicate' | 'failed';

export interface FileOutcome {
  path: string;
  format: string | null;
  sha256: string;
  status: FileStatus;
  runs: number[];
  warnings: string[];
  errors: string[];
}

export interface ImportResult {
  study: { id: number; slug: string; name: string };
  config: string;
  files: FileOutcome[];
}

export interface JobStatus {
  id: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  /** What is being worked on, e.g. the file name. */
  current: string | null;
  result: ImportResult | null;
  error: string | null;
}

export interface ConfidenceInterval {
  low: number;
  high: number;
  level: 0.95;
  method: 'median-order-statistics' | 'mean-student-t';
}

export interface ComparePair {
  workload: string;
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
  /** "~" when a significance test ran and found no significant difference. */
  mark: '' | '~';
  n_baseline: number;
  n_candidate: number;
  ci_baseline: ConfidenceInterval | null;
  ci_candidate: ConfidenceInterval | null;
  /** Two-sided Mann-Whitney U p-value; null with fewer than two runs on a side. */
  p_value: number | null;
  significant: boolean | null;
  significance_note: string;
  /** |change| within the tie band. */
  tie: boolean;
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
  wins: number;
  losses: number;
  ties: number;
}

/** Baseline against N candidates: speedup[candidate][workload], the data of a ratio heat map. */
export interface CompareMatrix {
  metric: string;
  baseline: string;
  candidates: string[];
  workloads: string[];
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
