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

export interface ComparePair {
  workload: string;
  workload_params: Record<string, ParamValue>;
  metric: string;
  unit: string;
  better: Better;
  baseline: number;
  candidate: number;
  /** > 1 always means the candidate is better, whatever the metric's direction. */
  speedup: number | null;
  /** Raw % change of the candidate against the baseline. */
  change_pct: number | null;
  speedup_text: string;
  change_text: string;
  n_baseline: number;
  n_candidate: number;
  baseline_runs: number[];
  candidate_runs: number[];
}

export interface UnmatchedWorkload {
  side: 'baseline' | 'candidate';
  workload: string;
  runs: number[];
}

export interface CompareResult {
  study: string;
  baseline: string;
  candidate: string;
  metrics: string[];
  pairing_keys: string[];
  pairs: ComparePair[];
  unmatched: UnmatchedWorkload[];
  geomean_speedup: Record<string, number>;
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
