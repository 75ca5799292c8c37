/**
 * The contract every importer keeps: bytes in, runs out, errors as values.
 * Importers are pure: no Electron, no database, no file system. The import pipeline in
 * app/core feeds them bytes and stores what they return.
 */

export type ParamValue = string | number | boolean;

/** A problem found in an input, located as precisely as the format allows. */
export interface Diagnostic {
  message: string;
  /** 1-based line in the decoded text, when known. */
  line?: number;
}

/** A time series attached to a run: one object (job, volume, device) and one metric. */
export interface ParsedSeries {
  object: string;
  metric: string;
  unit: string;
  /** Epoch milliseconds, ascending. */
  times: Float64Array;
  values: Float64Array;
}

/**
 * A latency distribution (json+ bins, a histogram log's buckets): bucket latency in ms, rising,
 * and the I/Os in each, empty buckets left out. Typed arrays: a sweep holds hundreds of
 * thousands of buckets, which as [ms, count] pairs would each be an object of their own.
 */
export interface LatencyBins {
  ms: Float64Array;
  counts: Float64Array;
}

/**
 * A fact about whether a result stands, as the tool's own output states it (virtual users that
 * finished FAILED, a job stopped by an error, I/O errors, failed operations, an instance restart
 * inside the window): not a remark about the file. `invalid`: the run gives no verdict by default
 * (most of its users failed, its errors are a large share of its operations, the tool stopped
 * it); `warning`: it stands, and every figure built on it says this beside it.
 * Thresholds and builders: importers/validity.ts.
 */
export interface ValidityFact {
  /** What failed: 'failed-users', 'job-error', 'io-errors', 'errors', 'reconnects', 'failed-operations', 'instance-restart'. */
  code: string;
  severity: 'invalid' | 'warning';
  /** The fact in words, with its counts ("95 of 100 virtual users finished FAILED"). */
  message: string;
  /** How many failed, and out of how many (users, operations), where the tool counts them. */
  count?: number;
  of?: number;
}

/** One measured result: a job, a reporting group, a report, a virtual-user step. */
export interface ParsedRun {
  name: string;
  tool: string;
  toolVersion: string | null;
  host: string | null;
  /** Epoch milliseconds; null where the file does not say. */
  startMs: number | null;
  endMs: number | null;
  /** Workload parameters under canonical names (bs, rw, pattern, read_pct, iodepth, ...). */
  params: Record<string, ParamValue>;
  /** Canonical metric name (see app/core/metrics/dictionary.ts) to value, in the canonical unit. */
  metrics: Record<string, number>;
  /**
   * Tables the format carries beyond scalar metrics (disk_util, ...). Latency distributions go
   * under `latency_bins`, a LatencyBins per direction.
   */
  tables: Record<string, unknown>;
  series: ParsedSeries[];
  warnings: string[];
  errors: string[];
  /** What the output says about whether this result stands (absent: nothing). */
  validity?: ValidityFact[];
  /**
   * The configuration the file itself names for this run (a table's configuration column, or
   * the title above one of several tables); absent: the label given at import.
   */
  config?: string;
  /** Where the file names `config`, in the user's words: 'column A ("device")', 'the titles above its tables'. */
  configFrom?: string;
}

export interface ParseResult {
  runs: ParsedRun[];
  warnings: Diagnostic[];
  /** Any error means the file is not imported at all. */
  errors: Diagnostic[];
}

export interface ImportInput {
  bytes: Uint8Array;
  /** The file's name, for messages only: formats are detected from content, never from names. */
  name: string;
}

/**
 * A parse fed chunk by chunk, for formats whose files grow to gigabytes (fio logs): the file is
 * never whole in memory, and its points reach the store as they are read.
 */
export interface SeriesStream {
  /** The next bytes of the file; returns the points they completed (appended, in order, per object and metric). */
  push(bytes: Uint8Array): ParsedSeries[];
  /** The end of the file: the last points, and the parse result, whose runs carry no series (they were streamed). */
  end(): { result: ParseResult; series: ParsedSeries[] };
}

export interface Importer {
  /** Stable format id, e.g. "fio-json"; stored with every run. */
  id: string;
  /** Bumped whenever parsing changes, so stored files can be re-parsed by a newer importer. */
  version: string;
  tool: string;
  title: string;
  /** True when the decoded head of the file (at most 64 KiB) is this format. */
  detect(head: string): boolean;
  /** For binary formats (XLSX, XLS): true when the bytes are this format. Text detection never sees them. */
  detectBinary?(bytes: Uint8Array): boolean;
  parse(input: ImportInput): ParseResult;
  /** Formats that can be parsed as a stream: `head` is the file's first bytes (up to 64 KiB). */
  stream?(input: { name: string; head: Uint8Array }): SeriesStream | { error: Diagnostic };
}
