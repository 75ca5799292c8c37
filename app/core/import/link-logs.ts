/**
 * Which run a fio log belongs to. fio names logs after the job's write_*_log option
 * (`<prefix>_clat.1.log`), and users keep them beside the JSON of the same run, often with the
 * same stem (`randread-4k.json`, `randread-4k_bw.1.log`). A log that finds its run becomes a
 * time series of that run, with the run's start time and the fio version's unit; one that
 * does not becomes a run of its own and says so. The runs a log may find are those of fio's
 * JSON and of its normal (console) output: both name the fio version, which decides the unit.
 */
import path from 'node:path';
import { fioLogTable, KIND, type FioLogTable, type LogKind } from '../../../importers/fio/fio-log.js';
import type { ParsedRun, ParsedSeries } from '../../../importers/types.js';
import type { LogClaim } from '../../contract/records.js';

/** Formats whose runs a log may join: fio's JSON and its normal output carry the fio version. */
export const LOG_OWNER_FORMATS: readonly string[] = ['fio-json', 'fio-normal'];

export interface LogOwnerCandidate {
  runId: number;
  runName: string;
  file: string;
  toolVersion: string | null;
  startMs: number | null;
  logPrefixes: string[];
  /**
   * The fio run (one invocation: an import's file, or a staged file, and its document) and the
   * run's place in it, with how many fio threads it stands for: null when fio did not say
   * (group_reporting hides how many job sections a group holds).
   */
  source: string;
  ordinal: number;
  threads: number | null;
  /** Its windowed logs hold each window's maximum (log_max_value=1), not the mean. */
  windowMax: boolean;
}

/**
 * A fio JSON run as a log may find it: stored, being imported, or staged. `origin` names the
 * file it came from (an import, or a staged file); its tables (fio-json.ts writes them) tell the
 * log prefixes, thread count, window values and which document of the file it was.
 */
export function ownerCandidate(
  run: { name: string; toolVersion: string | null; startMs: number | null; tables: Record<string, unknown> },
  at: { runId: number; file: string; origin: string; ordinal: number },
): LogOwnerCandidate {
  const { tables } = run;
  const threads = tables['log_threads'];
  const document = typeof tables['document'] === 'number' ? tables['document'] : 0;
  return {
    runId: at.runId, runName: run.name, file: at.file, toolVersion: run.toolVersion, startMs: run.startMs,
    logPrefixes: (tables['log_prefixes'] as string[] | undefined) ?? [],
    source: `${at.origin} #${document}`, ordinal: at.ordinal,
    threads: typeof threads === 'number' ? threads : null,
    windowMax: tables['log_window'] === 'max',
  };
}

/**
 * The run whose threads include thread `job` of one fio invocation: fio numbers per-job logs
 * by thread, from 1 in each invocation (`x_iops.2.log` is the second thread's), and the runs of
 * an invocation stand for their threads in order. Null when any run's thread count is unknown
 * or `job` falls outside them.
 */
function runOfThread(job: number, source: string, owners: readonly LogOwnerCandidate[]): LogOwnerCandidate | null {
  let first = 1;
  for (const o of owners.filter((c) => c.source === source).sort((a, b) => a.ordinal - b.ordinal)) {
    if (o.threads === null) return null;
    if (job >= first && job < first + o.threads) return o;
    first += o.threads;
  }
  return null;
}

const base = (p: string): string => p.split(/[\\/]/).pop() ?? p;
const dir = (p: string): string => path.posix.dirname(p.replace(/\\/g, '/'));
const stemOf = (file: string): string => base(file).replace(/\.[^.]+$/, '');

export function isLogRun(run: ParsedRun): boolean {
  return run.tool === 'fio' && fioLogTable(run)?.stem !== undefined;
}

/** Why a log went where it did: the rule that decided (the sheet words it in the user's language). */
type LogOwnerRule = LogClaim['rule'];

/** The run a log belongs to, by the rules above, or null; with the rule, and the reason in English (the import's note). */
export function findLogOwner(logFile: string, logStem: string, owners: readonly LogOwnerCandidate[], job: number | null = null): { owner: LogOwnerCandidate | null; how: string; rule: LogOwnerRule } {
  const byPrefix = owners.filter((o) => o.logPrefixes.some((p) => base(p) === logStem));
  if (byPrefix.length === 1) return { owner: byPrefix[0]!, rule: 'option', how: `the job's write_*_log option names "${logStem}"` };
  // Several jobs of one fio run log under one prefix (a [global] write_*_log): the log's job number picks one.
  if (byPrefix.length > 1 && job !== null && new Set(byPrefix.map((o) => o.source)).size === 1) {
    const owner = runOfThread(job, byPrefix[0]!.source, owners);
    if (owner && byPrefix.includes(owner)) return { owner, rule: 'job', how: `the jobs' write_*_log option names "${logStem}", and job number ${job} is this one` };
  }
  const byStem = owners.filter((o) => stemOf(o.file) === logStem && dir(o.file) === dir(logFile));
  const byStemAnywhere = byStem.length ? byStem : owners.filter((o) => stemOf(o.file) === logStem);
  const unique = new Set(byStemAnywhere.map((o) => o.file));
  if (unique.size === 1 && byStemAnywhere.length === 1) return { owner: byStemAnywhere[0]!, rule: 'stem', how: `the JSON file has the same name stem "${logStem}"` };
  const sameDir = owners.filter((o) => dir(o.file) === dir(logFile));
  if (sameDir.length === 1) return { owner: sameDir[0]!, rule: 'folder', how: 'the only fio JSON run in the same folder' };
  return byPrefix.length + byStemAnywhere.length + sameDir.length > 1
    ? { owner: null, rule: 'ambiguous', how: 'several fio JSON runs could own it' }
    : { owner: null, rule: 'none', how: 'no fio JSON run of the same name or folder' };
}

/** lat, clat and slat logs: the ones whose unit (ns in fio 3, µs in fio 2) the file does not say. */
export function isLatencyLog(kind: string): boolean {
  return kind === 'lat' || kind === 'clat' || kind === 'slat';
}

/**
 * Mean latencies no storage gives in the unit a log was read in: below 50 ns read as ns (fio 2's
 * µs log of a 12 µs submission latency reads as 12 ns), above 10 s read as µs (fio 3's ns log of
 * a 10 ms completion reads as 10 s). Said, never corrected: the unit stays the one chosen.
 */
export function implausibleLatency(metrics: Record<string, number>, unit: 'ns' | 'us'): string | null {
  const odd = Object.entries(metrics).filter(([k, v]) => /^(read|write|trim)\.(lat|clat|slat)_avg_ms$/.test(k) && (unit === 'ns' ? v < 5e-5 : v > 1e4));
  if (odd.length === 0) return null;
  const [k, v] = odd[0]!;
  const what = k.replace(/_avg_ms$/, '').replace('.', ' ');
  return unit === 'ns'
    ? `the latency values are implausible in ns (mean ${what} ${+(v * 1e6).toPrecision(3)} ns): if this log is from fio 2.x, its values are µs; import it with its fio JSON or normal output, or choose µs`
    : `the latency values are implausible in µs (mean ${what} ${+(v / 1000).toPrecision(3)} s): if this log is from fio 3.x, its values are ns; choose ns`;
}

/** A latency log read as µs instead of the ns the importer assumed: values 1000 times larger. */
export function asMicroseconds(series: readonly ParsedSeries[]): ParsedSeries[] {
  return series.map((s) => ({ ...s, values: s.values.map((v) => v * 1000) }));
}

/**
 * The log's series as the owner's: times move from "ms since the job started" to epoch ms
 * (a log_unix_epoch log's already are), latency logs of fio 2 (µs, not the ns the importer
 * assumed) are scaled, and the values of a log_max_value=1 job are named as the window maxima.
 */
export function attachSeries(series: readonly ParsedSeries[], owner: LogOwnerCandidate, log: FioLogTable): ParsedSeries[] {
  const { kind } = log;
  const fio2 = /^fio-2\./.test(owner.toolVersion ?? '');
  const scaled = fio2 && isLatencyLog(kind) ? asMicroseconds(series) : series;
  const t0 = owner.startMs ?? 0;
  const spec = KIND[kind as LogKind] as (typeof KIND)[LogKind] | undefined;
  // Per-I/O rows (no log_avg_msec) are samples, whatever log_max_value says.
  const named = owner.windowMax && (log.windowed ?? true) && spec ? scaled.map((s) => (s.metric.endsWith(`.${spec.quantity}`) ? { ...s, metric: s.metric.replace(/\.[^.]+$/, `.${spec.max}`) } : s)) : scaled;
  return log.epoch ? [...named] : named.map((s) => ({ ...s, times: s.times.map((t) => t + t0) }));
}
