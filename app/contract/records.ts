/**
 * Records that cross the bridge and the CLI's --json output. This is a documented contract
 * users script against: add fields, never rename or remove them.
 * Types only: the renderer imports this folder with `import type` and nothing else from app/.
 */
import type { TimelineChartSpec, TimelineResult } from './timeline.js';

import type { ValidityFact } from '../../importers/types.js';

export type ParamValue = string | number | boolean;
/**
 * What a tool's output says about whether a result stands ("95 of 100 virtual users finished
 * FAILED"), with a severity: 'invalid' runs give no verdict by default, 'warning' runs stand
 * with the fact stated beside every figure built on them (importers/validity.ts).
 */
export type { ValidityFact };
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
  /** In a study's catalog (`metrics.catalog`): the group a picker shows it under. */
  family?: MetricFamily;
  /** Counted the way each database engine (or tool) defines it: not comparable across them (HammerDB's TPM: compare NOPM). */
  specific?: { to: 'engine' | 'tool'; instead?: string; why: string };
}

/**
 * Groups of a study's metrics: throughput and latency (storage tools), and an AWR report's load
 * profile, I/O profile, top waits (events of the top list), the other foreground and the
 * background wait events, time model (DB time, elapsed, AAS, DB CPU), SQL, idle waits (last).
 */
export type MetricFamily = 'throughput' | 'latency' | 'load' | 'io' | 'top-waits' | 'time-model' | 'waits' | 'bg-waits' | 'sql' | 'other' | 'idle-waits';

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
  /**
   * What the tool's output says about whether this result stands, each with its severity.
   * A run with an 'invalid' fact gives no verdict by default: it is `excluded` (automatic, the
   * fact its reason) until a user counts it in. Always present in what the core returns.
   */
  validity?: ValidityFact[];
  /** An invalid run a user counted back in (runs include, *Count in*): who and when; null when not. */
  counted_in?: { at: string; by: string | null } | null;
}

/** Why a run is left out of comparisons, who said so and when. */
export interface RunExclusion {
  reason: string;
  /** ISO 8601 UTC. */
  at: string;
  /** The user name of the account that excluded it, where known. */
  by: string | null;
  /**
   * 'validity': PerfDelta left it out because the tool's output says the result does not stand
   * (`reason` is the fact, `at` when it was imported); counting it in lifts it. Absent: a user's.
   */
  automatic?: 'validity';
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

/** One series of a run: a metric of one object (a run's read IOPS of job "randread"). */
export interface SeriesKeyRecord {
  run: number;
  object: string;
  metric: string;
}

/** What a run has of a series, known without reading it: its size and extent. */
export interface SeriesInfo extends SeriesKeyRecord {
  unit: string;
  /** Points stored (all of the series). */
  points: number;
  /** First and last time (epoch ms, or the run's own clock for a log without epoch times). */
  from: number | null;
  to: number | null;
}

/**
 * One lane of a range read: what a chart of `width` pixels shows of a series in a window.
 * `raw`: every sample of the window as stored; otherwise the lowest and highest sample of each
 * pixel column (read from pyramid `level`, or from the samples when level is 0), so every spike
 * is there. `stats` are over every sample in the window, never over the points drawn.
 */
export interface SeriesLaneRecord extends SeriesKeyRecord {
  unit: string;
  points: number;
  extent: { from: number; to: number } | null;
  level: number;
  raw: boolean;
  times: Float64Array;
  values: Float64Array;
  stats: { samples: number; mean: number | null; sd: number | null; min: number | null; max: number | null };
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
  /** Runs whose configuration the file names (a table's column or titles), not the label given at import: where from, and which. */
  configurations?: FileConfigurations;
  /**
   * An fio latency log (lat, clat, slat): logs carry no unit. Its fio JSON decides (ns in fio 3,
   * µs in fio 2); a log imported without one is read in the unit the user picks, ns by default.
   */
  latencyLog?: { kind: string };
  /** An empty file: the import skips it (status "skipped"), it is not refused. */
  empty?: true;
  /**
   * Not a result: no importer recognises its content (a load script's console output, a note,
   * a picture beside the reports). The import skips it with the reason (status "skipped").
   */
  not_result?: true;
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
  /** `unit`: a block size column's bare numbers ("4" in KiB). */
  | { role: 'parameter'; name: string; unit?: string }
  /** `configuration`: the column holds that configuration's figures (a wide table: a configuration per column). */
  | { role: 'metric'; name: string; unit: string; configuration?: string }
  | { role: 'metrics'; parts: TableMetricPart[] }
  /** When the row's run ran (a dated table: one row per nightly run), read as every importer reads dates. */
  | { role: 'time' }
  /** A table of timed events: the span's name, its start and its end (the rows become one run of spans). */
  | { role: 'event' }
  | { role: 'start' }
  | { role: 'end' }
  | { role: 'ignore' };

/** What each column of a table is; remembered per header (see `perfdelta help import`). */
export interface TableMapping {
  version: 1;
  columns: Array<TableColumnRole & { header: string }>;
  /** Titles above the tables of a multi-table text, to configuration labels. */
  configurations?: Record<string, string>;
}

export interface TablePreview {
  kind: 'xlsx' | 'xls' | 'csv' | 'tsv' | 'semicolon' | 'markdown' | 'gnuplot';
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

/**
 * `skipped`: nothing to import and nothing to lose: an empty file (fio writes empty slat logs for
 * sync engines), or a file that is not a result (no importer recognises its content: a load
 * script's output beside the reports). The reason is the outcome's first warning.
 */
export type FileStatus = 'imported' | 'duplicate' | 'skipped' | 'failed';

export interface FileOutcome {
  path: string;
  format: string | null;
  sha256: string;
  status: FileStatus;
  runs: number[];
  warnings: string[];
  errors: string[];
  /** Another form (text, HTML, gzip) of a report already imported: the file that made its run. */
  same_report_as?: string;
  /**
   * A duplicate whose runs are stored under other configurations than the one asked for (the
   * file was imported before under another label): those configurations. The import sheet offers
   * to move them; `perfdelta import --move-duplicates` does.
   */
  elsewhere?: string[];
  /** A duplicate whose runs were moved to the configuration asked for (move duplicates): where they were. */
  moved_from?: string[];
  /** The file named its runs' configurations (a table's column or titles): where from, and which; the other files' runs take the import's label. */
  configurations?: FileConfigurations;
}

/** Configurations a file names for its runs: `from` in the user's words ('column A ("device")'), `labels` in order of first use. */
export interface FileConfigurations {
  from: string;
  labels: string[];
}

export interface ImportResult {
  study: { id: number; slug: string; name: string };
  config: string;
  files: FileOutcome[];
  /** The import would have made the study, and nothing went in: it was not kept (no empty study is left behind). */
  study_not_kept?: true;
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
  /** Waiting for another process (a CLI import, another window) to release the database: nothing read yet. */
  waiting: boolean;
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
  /** The metric's name from the dictionary, in the comparison's language ("read mean latency"). */
  metric_label: string;
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
  /**
   * Worded by its verdict in the comparison's convention ("latency 6.90x lower", "latency at 14.5%
   * of baseline"); a tie "no change (+0.3%)" or "within the tie band (-1.2%)"; a metric in %
   * as percentage points ("CPU utilisation +1.5 pp").
   */
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
  /** The verdict is a tie: |change| within the tie band, or a change that prints as 1.00x. */
  tie: boolean;
  /** Better, worse, tie or neutral (a volume metric): what colours and words follow. */
  verdict: Verdict;
  baseline_runs: number[];
  candidate_runs: number[];
  /** The values behind each median, in the unit shown: one per run (in the order of *_runs), or per day for periods. */
  baseline_values: number[];
  candidate_values: number[];
  /**
   * What the tools say about whether the runs behind this pair stand ("2 of 10 virtual users
   * finished FAILED"), stated beside its verdict wherever it is shown; absent when nothing. An
   * 'invalid' fact here is on a run a user counted in.
   */
  validity?: PairValidity[];
}

/** A validity fact of one run behind a pair, and which side the run is on. */
export interface PairValidity extends ValidityFact {
  run: number;
  side: 'baseline' | 'candidate';
  config: string;
}

/**
 * A run of a compared side left out because its own output says the result does not stand (most
 * users failed...), as an exclusion is: no pair, no roll-up, the reason stated. `perfdelta runs
 * include` (or *Count in*) counts it back.
 */
export interface WithheldRun {
  run: number;
  config: string;
  side: 'baseline' | 'candidate';
  name: string;
  file: string;
  workload: string;
  workload_label: string;
  facts: ValidityFact[];
}

export interface UnmatchedWorkload {
  side: 'baseline' | 'candidate';
  /** Which candidate, for a candidate-side workload. */
  candidate: string | null;
  workload: string;
  /** As shown in the comparison's language. */
  workload_label: string;
  runs: number[];
  /** Every configuration of the study that ran this workload (not only the side it was found on). */
  configs?: string[];
}

/**
 * A pairing key to drop, proposed when a candidate differs from the baseline in that key on
 * every run (numjobs 4 against 1): that key is what is being compared. Proposed, never applied
 * unasked.
 */
export interface PairingProposal {
  /** The key to pair without. */
  key: string;
  baseline: string;
  /** The study's pairing keys less `key`: what applying the proposal sets. */
  pairing_keys: string[];
  /** Workloads paired over every candidate with the key dropped, and now. */
  pairs: number;
  pairs_now: number;
  /** The candidates that differ in the key on every run, with both sides' values. */
  candidates: Array<{ candidate: string; baseline_value: ParamValue; candidate_value: ParamValue; pairs: number; pairs_now: number }>;
  /**
   * The key is a load (virtual users, threads, sessions, queue depth, jobs): pairing without it
   * sets different loads against each other, and `message` opens with "loads differ (10 vs 100
   * users)". Absent for any other key.
   */
  loads_differ?: true;
  /** The proposal in the comparison's language. */
  message: string;
}

/** A configuration a comparison has no pair for (so the matrix and roll-up leave it out), and why. */
export interface LeftOutConfig {
  candidate: string;
  reason: 'no-runs' | 'no-metric' | 'no-common-workload';
  message: string;
  runs: number[];
  /** The pairing key every run differs in, when one explains it (see `proposal`). */
  key?: string;
}

export interface CompareWarning {
  code: string;
  message: string;
  /**
   * What this instance adds to what its code says (the values that differ, the errors, the
   * metric): the workbench prints the code's sentence in the reader's language and this beside
   * it, never the same sentence twice. Absent when the code says it all.
   */
  detail?: string;
  runs: number[];
  objects?: string[];
}

export interface CompareRollup {
  candidate: string;
  metric: string;
  geomean_speedup: number | null;
  pairs: number;
  /**
   * Better / worse: a significant test (p < 0.05) and a change outside the tie band. Every pair
   * not shown to differ ("~") is a tie, a pair no test can decide (one run, or too few) too;
   * `untested` says how many those were and `untested_better` / `untested_worse` what the tie
   * band alone says of them.
   */
  wins: number;
  losses: number;
  ties: number;
  /** Pairs no test can decide (one run on a side, or too few runs for p < 0.05), counted as ties. */
  untested: number;
  /** Of the untested pairs, those the tie band alone reads as better / worse. */
  untested_better: number;
  untested_worse: number;
  /** Runs of this candidate and of the baseline left out because their results do not stand (`withheld`). */
  withheld?: number;
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
  /** Each cell's verdict (what its colour follows), null where no pair exists. */
  verdicts: Array<Array<Verdict | null>>;
  /** Each cell's mark: "~" where the pair is not shown to differ (the roll-up counts it a tie), null where no pair exists. */
  marks?: Array<Array<'' | '~' | null>>;
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
  /** Configurations: a pairing key to drop when a candidate differs in it on every run; null when none. */
  proposal?: PairingProposal | null;
  /** Configurations: candidates with no pair at all, each with the reason (never dropped unsaid). */
  left_out?: LeftOutConfig[];
  /** Configurations: runs of the sides left out because their own output says the result does not stand, each with its facts. */
  withheld?: WithheldRun[];
  /** Period comparisons: the aggregation order, stated. */
  aggregation: string | null;
  /** The workload filter the runs passed ("stage ≠ *init, *cleanup"), stated with what it left out; null without one. */
  workload_filter: string | null;
  periods: { baseline: PeriodSide; candidates: PeriodSide[]; metric: string }[] | null;
}

/**
 * A column of the Runs table, from the metric dictionary's profile of the run's tool: a workload
 * parameter, a metric, the run's top wait event (AWR), or the objects its series cover (SVC
 * volumes, iostat devices).
 */
export type RunColumn =
  | { kind: 'param'; key: string }
  | { kind: 'metric'; key: string }
  | { kind: 'top-event'; key: 'top_event' }
  | { kind: 'objects'; key: 'objects' };

/**
 * What each view of a study opens on: its strongest view, chosen in the core from the metric
 * dictionary's primary metrics of the tools present (`perfdelta compare` and `scaling` without
 * --metric use the same).
 */
export interface StudyDefaults {
  study: string;
  /** The default metrics for the study's runs, strongest first, with the role each plays for its tool. */
  metrics: Array<{ metric: string; role: 'throughput' | 'latency' | 'time' | 'wait' | 'utilisation'; tool: string }>;
  /** Runs table columns per configuration and tool: only columns some of those runs fill. */
  runs_columns: Array<{ config: string; tool: string; runs: number[]; columns: RunColumn[] }>;
  /** Per run id: the objects its series cover (SVC volumes, iostat devices) and its top wait event (AWR). */
  run_facts: Record<string, { objects?: number; top_event?: string }>;
  /**
   * Compare: the first two configurations (or a study's before and after periods) on the primary
   * metric with the most workloads in common; `why` says how it was chosen.
   */
  compare: { baseline: string; candidate: string; metric: string; pairs: number; why: string } | null;
  /**
   * Scaling: X is the load that is swept (virtual users, sessions, threads, I/O depth, jobs) in
   * some configuration, else the one other parameter that varies (a block-size sweep); null
   * when no load is swept and several others vary (`others`: the numeric parameters that do);
   * the metric is the throughput of the runs swept.
   */
  scaling: { x: string | null; metric: string | null; loads: string[]; others: string[] };
  /**
   * Time series: a metric whose series vary (not a flat line), in the configuration shown first;
   * `align`: that configuration's runs ran at different times (different days, one after
   * another), so they are drawn from t = 0 rather than as slivers on one clock; `runs` are
   * those runs.
   */
  series: { metric: string; config: string | null; align: boolean; runs: number[] } | null;
  /**
   * The dictionary's entry for each metric the study's runs have that the flat dictionary
   * (`metrics.dictionary`) does not list: a tool's own families (AWR's wait.<event>.avg_ms and
   * Load Profile, HammerDB's per-transaction latencies), so every view can name them.
   */
  described: MetricInfo[];
  /** Which run has series of which metric, in which configuration: the runs a view aligns at t = 0. */
  series_runs: Array<{ run: number; config: string; metric: string }>;
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
  /** Parameters read from file paths (`update(\d+)` -> `update_pct`), applied at import and to the runs already there. */
  path_params: PathParamRule[];
}

/** A part of a file's path that is a parameter: a pattern with one capture group (case-insensitive) and the parameter it sets. */
export interface PathParamRule {
  pattern: string;
  param: string;
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
  /**
   * "Stable up to": the last X before the measured latency (ScalingResult.latency_metric) grows
   * by more than 50% for one doubling of X; the last X when it never does
   * (`stable_within_sweep` false). Null where X is no load or no latency was measured.
   */
  stable_up_to?: number | null;
  stable_within_sweep?: boolean | null;
  /** The figures behind it ("from threads 64 to 128 latency p95 grows from 21.00 to 48.00 ms (+128.6% per doubling, over 50%)"). */
  stable_rule?: string | null;
}

export interface ScalingResult {
  x: string;
  metric: string;
  unit: string;
  series: ScalingSeries[];
  /**
   * X is a load (virtual users, threads, sessions, I/O depth, jobs, a rate): only then can a
   * curve have a knee. Block size or a metric on X never has one.
   */
  x_load?: boolean;
  /** The measured latency the knee and "stable up to" are judged on (the tool's tail metric unless chosen); null when none. */
  latency_metric?: string | null;
  /** The stable rule in words: "latency p95 grows by more than 50% for one doubling of threads". */
  stable_rule?: string | null;
  /** The rule's limit: latency's growth for one doubling of the load, in % (50). */
  stable_limit_pct?: number;
}

export interface StudySeriesResult {
  metric: string;
  /** The configuration shown, and those that have series of the metric. */
  config: string | null;
  configs: string[];
  unit: string;
  /** The study's zone: times are shown in it. */
  zone: string;
  /**
   * Ranked by mean, highest first; points downsampled to a drawable count, the lowest and the
   * highest sample of each pixel column kept (every spike drawn). `sd` and
   * `cv_pct` (standard deviation, and coefficient of variation = sd / mean × 100: a series'
   * jitter) are over every sample in the window, not the drawn points.
   */
  objects: Array<{ object: string; mean: number; max: number; samples: number; sd?: number; cv_pct?: number | null; points: Array<[number, number]> }>;
  /** Every object the metric has, for choosing. */
  all_objects: string[];
  periods: PeriodRecord[];
  /** The window read (epoch ms), when one was asked for. */
  window?: { from: number; to: number } | null;
}

export interface ScatterResult {
  x: string;
  y: string;
  objects: Array<{ object: string; points: Array<[number, number, number]> }>;
  /** The metrics' units (the dictionary's, else the stored series'), and their names as the reader knows them. */
  x_unit?: string;
  y_unit?: string;
  x_label?: string;
  y_label?: string;
  /** The configuration whose series are paired, when the study has several. */
  config?: string | null;
}

// ---- saved charts and reports ------------------------------------------------------------

export type RatioConvention = 'x-fold' | 'percent-change' | 'percent-of-baseline';
export type PerObjectDayStat = 'mean' | 'max' | 'min' | 'p50' | 'p95' | 'p99';

/** What a box plot's values are: each run's value, each interval's sample, or each object's mean. */
export type BoxPlotOver = 'runs' | 'intervals' | 'objects';
/** Which AWR wait events: foreground (% of DB time), background (% of background time), or the top events. */
export type WaitEventsKind = 'foreground' | 'background' | 'top';

/**
 * What a saved chart draws: a kind, the data it asks for, and its options; drawn again from the
 * data each time. Stored as JSON: a kind's fields are only ever added (optional), so a chart
 * saved by an older version still opens.
 */
export type ChartSpec =
  /**
   * Baseline and candidates side by side per workload (or object), or normalised to the
   * baseline. `candidate` is the first candidate; `candidates`, when given, every candidate in
   * order (the first among them). `scopes`: the metric's quantity for each of read / write /
   * total side by side (a randrw workload: read + write = total).
   */
  | { kind: 'compare-bars'; baseline: string; candidate: string; candidates?: string[]; metric: string; normalised?: boolean; perObjectDay?: PerObjectDayStat; logScale?: boolean; scopes?: Array<'read' | 'write' | 'total'> }
  /** Every other configuration (or period) against the baseline, per workload. */
  | { kind: 'speedup-heatmap'; baseline: string; metric: string }
  /**
   * A parameter on X, a metric on Y, a line per configuration; `workload` picks one workload of a
   * grid ("*" = all, a panel each). `logScale`: Y on a log axis (true), linear (false), or chosen
   * from the values (absent). `latencyMetric`: the latency the knee and "stable up to" are judged
   * on (default: the tool's tail metric, p95 for sysbench).
   */
  | { kind: 'scaling'; x: string; metric: string; workload?: string; logScale?: boolean; latencyMetric?: string }
  /**
   * A metric's top objects over time, periods shaded. `window` (epoch ms) reads that range only;
   * `points`: how many points each object is drawn with at most (downsampled beyond).
   */
  | { kind: 'time-series'; metric: string; top?: number; config?: string; logScale?: boolean; objects?: string[]; window?: { from: number; to: number }; points?: number }
  /** Completion-latency CDF, or exceedance (1 - CDF, log), of runs with latency buckets; `events`: the AWR wait events drawn (absent: the busiest). */
  | { kind: 'latency-cdf' | 'latency-exceedance'; runs: number[]; events?: string[] }
  /** One metric's series of several runs: aligned at t = 0 on a common grid, or on their own clocks. */
  | { kind: 'run-series'; runs: number[]; metric?: string; align?: boolean; logScale?: boolean }
  /** AWR wait events of two configurations side by side: share of time (or average wait) per event. */
  /** `reports`: the run (AWR report) of each side when a configuration holds several (instance and global reports); else the first. */
  | { kind: 'wait-events'; baseline: string; candidate: string; events?: WaitEventsKind; top?: number; measure?: 'share' | 'avg_ms'; reports?: { baseline: number; candidate: number } }
  /** One series metric against another per object and interval (write response against write throughput). */
  | { kind: 'scatter'; x: string; y: string; config?: string; objects?: string[]; top?: number; logScale?: boolean }
  /** Per workload, each side's runs as dots, the median a line, the 95% confidence interval a band. */
  | { kind: 'repetitions'; baseline: string; candidate: string; metric: string }
  /** The distribution of a metric per configuration over its runs, its intervals, or its objects. */
  | { kind: 'box-plot'; metric: string; over: BoxPlotOver; configs?: string[]; workload?: string; logScale?: boolean }
  /**
   * One workload's metric over time across the study's runs (a history: nightly runs, a dated
   * table), with its change points by E-divisive means as Apache Otava finds them. `workload`:
   * strict parameter clauses (`bs=4K; pattern=random`); the rest are Otava's options and
   * PerfDelta's shortest level (app/core/catalog/trend).
   */
  | { kind: 'trend'; metric: string; workload?: string; config?: string; windowLen?: number; maxPValue?: number; minMagnitude?: number; minLevelRuns?: number; logScale?: boolean }
  /** Lanes of any runs on one time axis, grouped by layer (app/contract/timeline.ts); `offsets`: clock offsets (s) by run for this chart. */
  | TimelineChartSpec;

export type ChartKind = ChartSpec['kind'];

export interface SavedChart {
  id: number;
  study: string;
  name: string;
  spec: ChartSpec;
  created: string;
  /** The reports that draw it, by name (listing only). */
  used_in?: string[];
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

/** How the values that fall in one pivot cell (or one record's samples) reduce. `cv`: coefficient of variation, %. */
export type PivotStatistic = 'mean' | 'median' | 'min' | 'max' | 'p95' | 'p99' | 'sum' | 'count' | 'cv';

/**
 * Where a pivot's records come from:
 * - `runs`: one record per run; its metrics are the values.
 * - `run-table`: one record per row of a table the runs carry (AWR's `top_events`,
 *   `background_events`, `sql_by_elapsed`), `key` naming the row (`name`, `sql_id`); the row's
 *   numeric columns are the values, and the dimension `row` is the key.
 * - `periods`: one record per period, day and object of a time-series metric: the statistic
 *   `samples` of the object's samples that day inside the period (S1's mean and max read response).
 * - `series`: one record per run and object series: the statistic `samples` of the series'
 *   points (the mean, or the CV of a fio IOPS log: S3's write jitter).
 */
export type PivotSource =
  | { kind: 'runs' }
  | { kind: 'run-table'; table: string; key: string }
  | { kind: 'periods'; periods: string[]; objects?: string[]; config?: string }
  | { kind: 'series'; objects?: string[] };

/** One figure of a pivot cell. */
export interface PivotValue {
  /** A metric name (runs, periods, series; `*` matches a scope: `*.iops`), or a column of the run table. */
  metric: string;
  /** How a cell's records reduce (default mean). */
  statistic?: PivotStatistic;
  /** Periods and series: how one record's samples reduce first (per object per day; over the series' points). Default mean. */
  samples?: PivotStatistic;
  /** The column's words; else the metric's name from the catalog and the statistics used. */
  label?: string;
  /** Decimal places; else the unit's usual digits. */
  digits?: number;
}

/**
 * A table of values: rows × columns × one or more values. Dimensions are `config`, `workload`,
 * `run`, `period`, `day`, `object`, `row` (a run table's key), `row:COLUMN` (another column of
 * that row, such as an SQL's text), a parameter (`bs`), or parameters worded together
 * (`pattern+read_pct`: "random read").
 */
export interface PivotSection {
  id: string;
  type: 'pivot';
  title?: string;
  source: PivotSource;
  rows: string[];
  columns: string[];
  values: PivotValue[];
  /** `joined`: a cell holds every value ("IOPS / MiB/s / ms", one per line); `grouped`: a column per value and column. Default joined. */
  layout?: 'joined' | 'grouped';
  /** A margin column: this statistic over the row's cells, per value (S1's mean of the four volumes, and mean of the maxima). */
  margin?: PivotStatistic;
  /** One table per value of this dimension (S1's five configurations). */
  split?: string;
  /** Only these values of a dimension (as labelled), in this order: `{"config": ["write-back", "write-through"]}`. */
  only?: Record<string, string[]>;
  /** Rows ordered by a value (its largest cell in the row), highest first; `top` keeps that many. */
  sortBy?: number;
  top?: number;
}

/**
 * A headline's sweep mode (issue 28): configurations swept over a load (threads, virtual users,
 * sessions, I/O depth) are stated by their peaks, not by a mean over the sweep. Per configuration
 * its peak throughput (median of each load's runs) and the load where it occurs, the latency at
 * that load, the load up to which latency stays stable, price-performance at the peak where a
 * price is known; each candidate's peak against the baseline's. The headline's `items` follow as
 * secondary figures (the template's geometric mean over the sweep, labelled so).
 */
export interface SweepHeadlineSpec {
  /** The swept load (a parameter: threads, vus, sessions, iodepth). */
  x: string;
  /** The throughput whose peak is stated (the tool's primary: TPS, NOPM, IOPS). */
  metric: string;
  /** The latency stated at the peak and judged for "stable up to"; absent: the tool's tail metric. */
  latency?: string;
  /** The configuration the others' peaks are set against; absent: the first configuration imported. */
  baseline?: string;
  /** Only these configurations, in this order; absent: every configuration in import order. */
  configs?: string[];
}

export type ReportSection =
  | { id: string; type: 'headline'; title?: string; items: HeadlineItem[]; sweep?: SweepHeadlineSpec }
  | { id: string; type: 'text'; title?: string; markdown: string }
  | { id: string; type: 'chart'; chart: number; caption?: string }
  | { id: string; type: 'table'; title?: string; baseline: string; candidates: string[]; metrics: string[]; perObjectDay?: PerObjectDayStat }
  | PivotSection;

export interface ReportLayout {
  title: string;
  subtitle?: string;
  author?: string;
  page: 'A4' | 'Letter';
  orientation: 'portrait' | 'landscape';
  /** The report's ratio wording, printed on the page; every number in it follows it. */
  convention: RatioConvention;
  locale: 'en' | 'zh-CN';
  /**
   * A workload filter every comparison and table of the report applies ("stage!=*init,*prepare,*cleanup"),
   * the same one `perfdelta compare --where` takes; stated in the evidence.
   */
  where?: string;
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
  /** The warnings that concern the runs behind this figure (runtime under 60 s, n = 1, a cache...), printed under it. */
  warnings: CompareWarning[];
  /**
   * What the tools said about whether the runs behind this figure stand, stated beside its verdict
   * ("95 of 100 virtual users finished FAILED"): the facts of the runs behind it, and of the runs
   * of its sides left out because their results do not stand (`left_out`). Absent: nothing said.
   */
  validity?: FigureValidity[];
}

/** A validity fact beside a headline figure: of a run behind it, or of a run its sides left out. */
export interface FigureValidity {
  run: number;
  config: string;
  /** The workload as shown in the report's language. */
  workload: string;
  severity: 'invalid' | 'warning';
  message: string;
  /** The run gives no verdict by default and was left out of the figure. */
  left_out: boolean;
}

/** One resolved pivot table: the numbers a page, the PDF and the XLSX all show. */
export interface PivotTable {
  /** The split's value ("FS840 raw"), null without a split. */
  title: string | null;
  /** The row dimensions' names, in the report's language. */
  row_headers: string[];
  /** Column combinations, labelled; one unlabelled column when the pivot has no column dimension. */
  columns: Array<{ key: string; label: string }>;
  values: Array<{ metric: string; label: string; unit: string; digits: number | null }>;
  rows: Array<{
    key: string;
    labels: string[];
    /** cells[column][value]; null where no record falls. */
    cells: Array<Array<number | null>>;
    /** The margin column's figures, per value; null without a margin. */
    margin: Array<number | null> | null;
  }>;
  /** The margin's heading ("mean"), null without one. */
  margin_label: string | null;
}

/** Five numbers and the outliers of one configuration's values (Tukey: whiskers at 1.5 IQR). */
export interface BoxStats {
  label: string;
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  /** The furthest values within 1.5 IQR of the quartiles. */
  whisker_low: number;
  whisker_high: number;
  outliers: number[];
}

export interface BoxPlotResult {
  metric: string;
  unit: string;
  over: BoxPlotOver;
  /** The workload the runs were filtered to (over runs), as the comparison names it; null: every run. */
  workload: string | null;
  /** Over runs: every workload the runs with the metric have, for choosing one. */
  workloads?: string[];
  boxes: BoxStats[];
}

export interface WaitEventSide {
  waits: number | null;
  time_s: number | null;
  avg_ms: number | null;
  /** % of DB time (foreground, top) or of background time. */
  pct: number | null;
  wait_class: string | null;
}

export interface WaitEventsResult {
  events: WaitEventsKind;
  baseline: string;
  candidate: string;
  /** The AWR runs read (the first of each configuration with the table), null when none has it. */
  runs: { baseline: number | null; candidate: number | null };
  /** Ordered by the larger share, largest first; an event on one side only has null on the other. */
  rows: Array<{ name: string; baseline: WaitEventSide | null; candidate: WaitEventSide | null; speedup: number | null; verdict: Verdict | null }>;
}

/**
 * A chart's data, resolved in the core from its spec (`chartData`), so the view, the saved
 * chart, the report (preview and PDF) and the XLSX all draw the same numbers. `labels`: the
 * study's configurations then periods in the order they were made: a label keeps the colour of
 * its place in every chart.
 */
export type ChartData = { labels: string[] } & (
  | { kind: 'compare-bars' | 'speedup-heatmap' | 'repetitions'; compare: CompareResult }
  | { kind: 'scaling'; scaling: ScalingResult }
  | { kind: 'time-series'; series: StudySeriesResult }
  | { kind: 'latency-cdf' | 'latency-exceedance'; distribution: LatencyDistributionResult }
  | { kind: 'run-series'; overlay: SeriesOverlayResult }
  | { kind: 'wait-events'; waits: WaitEventsResult }
  | { kind: 'scatter'; scatter: ScatterResult }
  | { kind: 'box-plot'; boxes: BoxPlotResult }
  | { kind: 'trend'; trend: TrendResult }
  | { kind: 'timeline'; timeline: StudyTimeline }
);

/** A study's timeline with its periods (app/contract/timeline.ts). */
export type StudyTimeline = TimelineResult<PeriodRecord>;

/** One configuration's (or one workload's of it) peak over a sweep: what the sweep headline states. */
export interface SweepPeak {
  config: string;
  /** The configuration, and its workload where a configuration swept several ("oltp_read_only"). */
  label: string;
  is_baseline: boolean;
  /** The highest median throughput over the loads, and the load where it occurs (the lowest load on a tie). */
  peak: number;
  peak_at: number;
  /** The peak is at the highest load swept: throughput may still have been rising. */
  peak_at_last_load: boolean;
  /** The highest load swept. */
  max_load: number;
  /** Runs behind the peak's median (excluded runs out). */
  runs: number;
  /** Latency at the peak's load (median of its runs), null where none was measured. */
  latency: number | null;
  /** "Stable up to" (scaling.ts): null without measured latency; `stable_within_sweep` false: stable over the whole sweep. */
  stable_up_to: number | null;
  stable_within_sweep: boolean | null;
  /** Price-performance at the peak (peak ÷ price × factor), null where the configuration has no price. */
  price_performance: number | null;
  /** Peak ÷ the baseline's peak (higher throughput is better), its change in %, its verdict; null for the baseline itself or with no baseline peak. */
  ratio: number | null;
  change_pct: number | null;
  verdict: Verdict | null;
  /** Runs of this configuration left out of comparisons, each with its reason. */
  excluded: Array<{ run: number; reason: string }>;
  /** What the tools said about the runs behind the peak ("2 of 10 virtual users finished FAILED"); absent: nothing. */
  validity?: Array<{ run: number; severity: 'invalid' | 'warning'; message: string }>;
}

/** A sweep headline resolved: numbers and the names they are stated with; the words are the page's (message catalog). */
export interface SweepHeadline {
  x: string;
  metric: string;
  /** The throughput's short label ("TPS"), and its unit. */
  metric_label: string;
  unit: string;
  latency_metric: string | null;
  latency_label: string | null;
  latency_unit: string | null;
  baseline: string;
  /** The stable rule in the report's language ("p95 grows by more than 50% for one doubling of threads"). */
  stable_rule: string | null;
  /** Price-performance's label and unit ("TPS per 1,000 $/month"), and its formula; null where no configuration has a price. */
  price: { label: string; unit: string; formula: string } | null;
  peaks: SweepPeak[];
}

export type RenderedSection =
  /**
   * `warnings`: what the headline's comparisons warned of (the evidence lists them). `sweep`: the
   * peaks of a sweep headline (absent in documents made before it existed).
   */
  | { id: string; type: 'headline'; title: string; figures: HeadlineFigure[]; errors: string[]; warnings: CompareWarning[]; sweep?: SweepHeadline }
  | { id: string; type: 'text'; title: string; markdown: string }
  | { id: string; type: 'chart'; title: string; caption: string; chart: SavedChart | null; data: ChartData | null; errors: string[] }
  | { id: string; type: 'table'; title: string; compare: CompareResult | null; errors: string[] }
  /** `notes`: how the values were reached (sources, statistics, filters), printed under the table. */
  | { id: string; type: 'pivot'; title: string; layout: 'joined' | 'grouped'; tables: PivotTable[]; notes: string[]; errors: string[] };

export interface ReportEvidence {
  /**
   * `same_report_as`: the file is another form (text, HTML, gzip) of the report behind that run,
   * kept and counted with it (`runs` 1); absent for a file that gave runs of its own.
   */
  files: Array<{ file: string; sha256: string; format: string; importer_version: string; config: string; imported_at: string; runs: number; same_report_as?: { run: number; file: string } }>;
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
  /** Every run the tools said something about whether its result stands, with the facts, and who counted it in where one did. */
  validity?: Array<{ run: number; config: string; name: string; file: string; facts: ValidityFact[]; counted_in: { at: string; by: string | null } | null }>;
  /** The study's derived metrics and their formulas. */
  derived_metrics: DerivedMetric[];
}

/** A report with every number resolved: what the preview, the PDF and the XLSX all show. */
export interface ReportDocument {
  study: { slug: string; name: string };
  report: { id: number; name: string; layout: ReportLayout };
  /**
   * When the newest data was recorded (the runs' own end times, ISO 8601 UTC), never the import
   * date or the time of printing; null when no run carries a date.
   */
  data_as_of: string | null;
  /** The days the data spans in the data's zone ("2017-09-07" to "2017-09-15"), null when undated. */
  data_span: { from: string; to: string; zone: string } | null;
  sections: RenderedSection[];
  evidence: ReportEvidence;
}

/** One direction of one run's latency distribution (fio: completion latency), as CDF and exceedance points. */
export interface LatencyDistributionCurve {
  run: number;
  config: string;
  name: string;
  /** I/O direction for fio; `total`: a tool that times every operation alike (sysbench's events); 'wait' for an AWR wait event's histogram. */
  direction: 'read' | 'write' | 'trim' | 'total' | 'wait';
  /** Where the buckets came from: fio's json+ output, a histogram log (write_hist_log), sysbench's `--histogram` block, or an AWR Wait Event Histogram. */
  source: 'json+' | 'histogram log' | 'sysbench histogram' | 'awr histogram';
  /** The wait event, for an AWR histogram ("db file sequential read"). */
  event?: string;
  /** I/Os counted (fio), or the event's waits (AWR). */
  total_ios: number;
  /** p50 … p99.99 (ms) from the same buckets: "p50", "p99.9". */
  percentiles: Record<string, number>;
  /** [latency ms, CDF, exceedance (1 − CDF, counted from the top)], by latency. */
  points: Array<[number, number, number]>;
}

export interface LatencyDistributionResult {
  curves: LatencyDistributionCurve[];
  /** Runs asked for that have no latency buckets (not json+, no histogram log, no sysbench --histogram, no AWR wait histograms). */
  without_bins: number[];
  /** AWR runs: the non-idle events with a histogram in every run asked for, most waited-for first (what may be drawn). */
  events?: string[];
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

// ---- trends (app/core/catalog/trend): a metric of one workload over time, its change points ----

/** One run of a trend: its time (start, else end), value and the build it measured. */
export interface TrendPoint {
  time: string;
  value: number;
  /** The run's id (in the local store; in the catalog, the id it had where it was published). */
  run: number;
  study: string;
  config: string;
  name: string;
  /** Its commit, build, revision, version or firmware parameter, else its configuration. */
  version: string;
}

/** A change of level (Otava's change point) with the runs on either side. */
export interface TrendChangePoint {
  /** The first point of the new level. */
  index: number;
  time: string;
  /** The last run before the change, and the first after it. */
  before: TrendPoint;
  after: TrendPoint;
  mean_before: number;
  mean_after: number;
  sd_before: number;
  sd_after: number;
  /** (mean after / mean before - 1) × 100. */
  change_pct: number;
  /** Otava's magnitude: max(|after/before - 1|, |before/after - 1|). */
  magnitude: number;
  /** Student's t-test between the two levels, as Otava states it. */
  p_value: number;
  /** By the metric's direction: a throughput that falls, a latency that rises, is worse. */
  verdict: 'better' | 'worse' | 'neutral';
}

/** Runs that left their level for fewer runs than a level needs (a one-night dip) and are no change. */
export interface TrendExcursion {
  index: number;
  count: number;
  where: 'start' | 'inside' | 'end';
  points: TrendPoint[];
  mean: number;
  level_mean: number;
  change_pct: number;
  p_value: number;
}

export interface TrendResult {
  metric: string;
  metric_label: string;
  unit: string;
  better: 'higher' | 'lower' | null;
  /** The workload's parameters (under the pairing keys) and its label. */
  workload: Record<string, ParamValue>;
  workload_label: string;
  /** In time order. */
  points: TrendPoint[];
  change_points: TrendChangePoint[];
  excursions: TrendExcursion[];
  /** Runs of the workload with the metric but no time, left out. */
  untimed: number;
  options: { window_len: number; max_pvalue: number; min_magnitude: number; min_level_runs: number };
  method: string;
  /** Why there is no trend to draw (a chart whose runs are several workloads), else absent. */
  problem?: string;
  /** Every workload of the runs with the metric, as a --workload value: what a trend may be of. */
  workloads: Array<{ label: string; workload: string; runs: number }>;
}

/** A trend's question: a metric of one workload, from a study of the local store or the catalog. */
export interface TrendQueryArgs {
  metric: string;
  workload?: string;
  config?: string;
  tool?: string;
  host?: string;
  windowLen?: number;
  maxPValue?: number;
  minMagnitude?: number;
  minLevelRuns?: number;
}
