/**
 * HammerDB v4.6+ jobs interface output as JSON, from `hammerdbcli` (`jobs <id> result|timing|
 * tcount`, `jobs <id>`) or the web service (`/jobs?jobid=ID&result`, ...), FORMATS.md 5.4:
 * - result: `["<jobid>","2022-11-22 16:32:55","8 Active Virtual Users configured","TEST RESULT : ..."]`
 * - timing: `{"NEWORD": {"calls": "135219", "avg_ms": "1.365", ..., "sd": "155972.059"}, ...}`,
 *   every value a string;
 * - tcount: `{"MSSQLServer tpm": {"0": "2022-11-22 16:32:56", "321276": "...", ...}}`, counter
 *   values as keys and timestamps as values;
 * - output (`jobs <id>`): a flat array alternating VU number and line, VU "0" carrying status lines.
 * Several of them saved into one file describe one job, so they make one run together.
 * Not read: `hdb_<id>.json` (`jobs <id> save`) and `summary[json]`, whose shape FORMATS.md
 * does not give.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { parseIsoLocalDate, zoneWarning, type ClockDate } from './clock-date.js';
import { parseHammerdbLogText } from './hammerdb-log.js';
import { counterRunParts, type CounterSample } from './hammerdb-tcount.js';
import { scanJsonValues } from './json-values.js';
import { canonicalDb, parseTestResult, type TestResult } from './result-line.js';
import { TPCC_PROCS, type TransactionRow } from './time-profile.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

interface JobResult {
  jobid: string;
  timestamp: string | null;
  date: ClockDate | null;
  vus: number | null;
  asyncClients: number | null;
  result: TestResult;
}

function asResult(v: unknown): JobResult | null {
  if (!isStringArray(v)) return null;
  const line = v.find((s) => /^TEST RESULT\s*:/.test(s));
  const result = line ? parseTestResult(line) : null;
  if (!result) return null;
  let vus: number | null = null;
  let asyncClients: number | null = null;
  for (const s of v) {
    const active = /^(\d+) Active Virtual Users configured/.exec(s);
    const sessions = /^(\d+) VU \* (\d+) AC = \d+ Active Sessions configured/.exec(s);
    if (active) vus = Number(active[1]);
    if (sessions) [vus, asyncClients] = [Number(sessions[1]), Number(sessions[2])];
  }
  return { jobid: v[0] ?? '', timestamp: v[1] ?? null, date: v[1] !== undefined ? parseIsoLocalDate(v[1]) : null, vus, asyncClients, result };
}

/** `jobs <id>`: pairs of (VU, line) back into log lines, for the log parser. */
function asOutputLog(v: unknown): string | null {
  if (!isStringArray(v) || v.length < 2 || v.length % 2 !== 0) return null;
  const lines: string[] = [];
  for (let i = 0; i < v.length; i += 2) {
    const vu = v[i]!;
    if (!/^\d+$/.test(vu)) return null;
    // VU "0" lines already read "Vuser 1:RUNNING" or are console status lines.
    lines.push(vu === '0' ? v[i + 1]! : `Vuser ${vu}:${v[i + 1]!}`);
  }
  return lines.join('\n');
}

function asTiming(v: unknown): TransactionRow[] | null {
  if (!isObject(v)) return null;
  const entries = Object.entries(v);
  if (entries.length === 0 || !entries.every(([, x]) => isObject(x) && ('avg_ms' in x || 'calls' in x))) return null;
  return entries.map(([proc, x]) => {
    const f = x as Json;
    // FORMATS.md 5.3/5.4: `sd` is raw clock clicks in v4.1–v5.0 ("sd": "155972.059" beside an
    // avg_ms of 1.365); v6.0 scales it to ms, and v6.0 is also the first to store p75/p25.
    const v6 = 'p75_ms' in f || 'p25_ms' in f;
    return {
      source: 'jobs-timing', vu: null, proc, calls: num(f['calls']), min_ms: num(f['min_ms']),
      avg_ms: num(f['avg_ms']), max_ms: num(f['max_ms']), total_ms: num(f['total_ms']),
      p25_ms: num(f['p25_ms']), p50_ms: num(f['p50_ms']), p75_ms: num(f['p75_ms']),
      p95_ms: num(f['p95_ms']), p99_ms: num(f['p99_ms']), sd: num(f['sd']),
      sd_unit: v6 ? 'ms' : 'clock clicks', ratio_pct: num(f['ratio_pct']), elapsed_ms: num(f['elapsed_ms']),
    } satisfies TransactionRow;
  });
}

interface Counter { db: string; metric: 'tpm' | 'qph'; samples: CounterSample[]; dates: ClockDate[] }

/**
 * `{"MSSQLServer tpm": {"0": "...", "321276": "..."}}`. Read from the document's text, not from
 * the parsed object: two samples with the same value are duplicate keys that JSON.parse folds into
 * one (FORMATS.md 5.4), and JavaScript orders integer-like keys numerically, not by time.
 */
function asCounter(v: unknown, source: string): Counter | null {
  if (!isObject(v)) return null;
  const key = Object.keys(v).find((k) => /^\S+ (tpm|qph)$/.test(k) && isObject(v[k]));
  if (!key) return null;
  const [rdbms, metric] = key.split(' ') as [string, 'tpm' | 'qph'];
  const body = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:\\s*\\{([^}]*)\\}`).exec(source)?.[1] ?? '';
  const samples: CounterSample[] = [];
  const dates: ClockDate[] = [];
  for (const m of body.matchAll(/"(\d+(?:\.\d+)?)"\s*:\s*"([^"]*)"/g)) {
    const d = parseIsoLocalDate(m[2]!);
    if (d) dates.push(d);
    samples.push({ value: Number(m[1]), ms: d?.ms ?? null });
  }
  return { db: canonicalDb(rdbms), metric, samples, dates };
}

function timingMetrics(rows: TransactionRow[]): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const r of rows) {
    const proc = r.proc.toLowerCase();
    if (!(TPCC_PROCS as readonly string[]).includes(proc)) continue;
    const pairs: Array<[string, number | undefined]> = [
      ['calls', r.calls], ['lat_avg_ms', r.avg_ms], ['lat_max_ms', r.max_ms],
      ['lat_p50_ms', r.p50_ms], ['lat_p95_ms', r.p95_ms], ['lat_p99_ms', r.p99_ms],
    ];
    for (const [name, value] of pairs) if (value !== undefined) metrics[`${proc}.${name}`] = value;
  }
  return metrics;
}

export function parseJobsJsonText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const scan = scanJsonValues(text);
  if (scan.errors.length > 0) return { runs: [], warnings, errors: scan.errors };
  if (scan.strayLines.length > 0) warnings.push({ message: `${scan.strayLines.length} line(s) of text between the JSON documents were ignored`, line: scan.strayLines[0]! });

  let result: JobResult | null = null;
  let timing: TransactionRow[] | null = null;
  let counter: Counter | null = null;
  let base: ParsedRun | null = null;
  for (const doc of scan.values) {
    // The output array quotes the TEST RESULT line too: tell it apart first, by its VU numbers.
    const log = asOutputLog(doc.value);
    if (log !== null) {
      const parsed = parseHammerdbLogText(log);
      base = parsed.runs[0] ?? base;
      if (parsed.runs.length > 1) warnings.push({ message: `the job output holds ${parsed.runs.length} tests; only the first is kept`, line: doc.line });
      continue;
    }
    const r = asResult(doc.value);
    if (r) { result = r; continue; }
    const t = asTiming(doc.value);
    if (t) { timing = t; continue; }
    const c = asCounter(doc.value, doc.source);
    if (c) { counter = c; continue; }
    warnings.push({ message: 'a JSON document that is not a HammerDB job result, timing, tcount or output was ignored', line: doc.line });
  }
  if (!result && !timing && !counter && !base) {
    return { runs: [], warnings, errors: [{ message: 'no HammerDB job result, timing, tcount or output found in the JSON' }] };
  }

  const params: Record<string, ParamValue> = { ...(base?.params ?? {}) };
  const metrics: Record<string, number> = { ...(base?.metrics ?? {}) };
  const tables: Record<string, unknown> = { ...(base?.tables ?? {}) };
  const runWarnings: string[] = [...(base?.warnings ?? [])].filter((w) => !(result && /has no result line/.test(w)));
  const series: ParsedSeries[] = [];
  if (result) {
    metrics['tpm'] = result.result.tpm;
    metrics['nopm'] = result.result.nopm;
    params['db'] = canonicalDb(result.result.db);
    params['benchmark'] = 'TPROC-C';
    if (result.vus !== null) params['vus'] = result.vus;
    if (result.asyncClients !== null) params['async_clients'] = result.asyncClients;
    tables['job'] = { jobid: result.jobid, timestamp: result.timestamp };
  }
  if (timing) {
    Object.assign(metrics, timingMetrics(timing));
    tables['transactions'] = timing;
    params['benchmark'] ??= 'TPROC-C';
  }
  if (counter) {
    const parts = counterRunParts(counter.db, counter.metric, counter.samples);
    series.push(...parts.series);
    runWarnings.push(...parts.warnings);
    // The result line is the measured figure; the counter's mean also covers the rampup.
    for (const [k, v] of Object.entries(parts.metrics)) if (!(k in metrics)) metrics[k] = v;
    params['db'] ??= counter.db;
    params['benchmark'] ??= counter.metric === 'tpm' ? 'TPROC-C' : 'TPROC-H';
  }
  const dates = [...(result?.date ? [result.date] : []), ...(counter?.dates ?? [])];
  const zone = zoneWarning(dates);
  if (zone) warnings.push({ message: zone });

  const vus = params['vus'];
  const name = [params['benchmark'], params['db'], vus !== undefined ? `${String(vus)} VU` : 'job'].filter(Boolean).join(' ');
  const first = series[0];
  const run: ParsedRun = {
    name,
    tool: 'hammerdb',
    toolVersion: base?.toolVersion ?? null,
    host: null,
    startMs: result?.date?.ms ?? base?.startMs ?? (first && first.times.length > 0 ? first.times[0]! : null),
    endMs: first && first.times.length > 0 ? first.times[first.times.length - 1]! : (base?.endMs ?? null),
    params,
    metrics,
    tables,
    series,
    warnings: runWarnings,
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const hammerdbJobsJsonImporter: Importer = {
  id: 'hammerdb-jobs-json',
  version: '1.0.0',
  tool: 'hammerdb',
  title: 'HammerDB jobs / web service JSON',

  detect(head: string): boolean {
    if (!/^\s*[[{]/.test(head)) return false;
    return /"TEST RESULT\s*:\s*System achieved/.test(head)
      // The database name is bounded: "\S+ tpm" retried at every quote of a head full of them.
      || /"[^"\s]{1,100} (tpm|qph)"\s*:\s*\{/.test(head)
      || (/"(NEWORD|PAYMENT|DELIVERY|SLEV|OSTAT)"\s*:\s*\{/.test(head) && /"avg_ms"\s*:/.test(head))
      || /^\s*\[\s*"\d+"\s*,\s*"Vuser \d+:/.test(head);
  },

  parse({ bytes }): ParseResult {
    return parseJobsJsonText(decodeText(bytes).text);
  },
};
