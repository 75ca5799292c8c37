/**
 * `cockroach workload run <name>` text output (pkg/workload/cli/format.go, textFormatter):
 *   _elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)
 *       1.0s        0          569.9          577.7      2.9     15.2     35.7     54.5 transfer
 * every second, a header every 20 lines; at the end one block per operation and one overall:
 *   _elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)__total
 *     300.0s        0         151311          504.4    437.8     12.1    520.1  14495.5  94489.3  transfer
 *   _elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)__result
 *     300.0s        0         151311          504.4    437.8     12.1    520.1  14495.5  94489.3
 * Older releases print one `__total` header above all the operations, the oldest no suffix at all.
 * "errors" is the run's error count so far, the same on every operation's line. tpcc adds
 * "_elapsed_______tpmC____efc__avg(ms)..." with tpmC and efficiency. One run per workload run.
 */
import { fromWallClock } from '../dates.js';
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { errorShare } from '../validity.js';
import { emptyRun, opKey, pushAt, seriesOf, splitLines } from './shared.js';

const TICK_HEADER = /^_elapsed___errors__ops\/sec\(inst\)___ops\/sec\(cum\)__p50\(ms\)__p95\(ms\)__p99\(ms\)_pMax\(ms\)/;
const FINAL_HEADER = /^_elapsed___errors_____ops\(total\)___ops\/sec\(cum\)__avg\(ms\)__p50\(ms\)__p95\(ms\)__p99\(ms\)_pMax\(ms\)(?:__(total|result))?\s*$/;
const TPMC_HEADER = /^_elapsed_+tpmC_+efc__avg\(ms\)/;
const N = '(\\d+(?:\\.\\d+)?)';
const TICK_ROW = new RegExp(`^(\\S+)\\s+(\\d+)\\s+${N}\\s+${N}\\s+${N}\\s+${N}\\s+${N}\\s+${N}\\s+(\\S.*)$`);
const FINAL_ROW = new RegExp(`^(\\S+)\\s+(\\d+)\\s+(\\d+)\\s+${N}\\s+${N}\\s+${N}\\s+${N}\\s+${N}\\s+${N}(?:\\s+(\\S.*))?$`);
const TPMC_ROW = new RegExp(`^(\\S+)\\s+${N}\\s+${N}%`);
/** CockroachDB log lines, UTC: "I210823 10:33:01.964813 1 workload/cli/run.go:408 ..." */
const LOG_LINE = /^[IWEF](\d{2})(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?\s/;

interface FinalRow {
  elapsedS: number;
  errors: number;
  ops: number;
  opsPerS: number;
  avg: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface Tick {
  elapsedS: number;
  /** The run's errors so far (the same on every operation's line). */
  errors: number;
  op: string;
  opsPerS: number;
  /** ops/sec(cum): all operations so far over all time so far. */
  cumOpsPerS: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface WorkloadRun {
  line: number;
  workload: string | null;
  options: Record<string, string>;
  startMs: number | null;
  ticks: Tick[];
  totals: Array<{ op: string; row: FinalRow }>;
  result: FinalRow | null;
  tpmc: { tpmc: number; efc: number } | null;
  badRows: number;
  /** The per-second lines came without their header line. */
  headerless?: boolean;
}

/** A per-second result line: a Go duration, the error count, six figures and an operation name. */
function isTickRow(line: string): boolean {
  const m = TICK_ROW.exec(line);
  return m !== null && goDurationS(m[1]!) !== null && /^[A-Za-z][\w-]*$/.test(m[9]!.trim());
}

/**
 * A per-second log without its header: its first lines are tick rows whose elapsed time does
 * not go back, so no other tool's table is taken for one.
 */
function looksLikeHeaderlessTicks(head: string): boolean {
  const lines = splitLines(head).map((l) => l.trim()).filter((l) => l !== '').slice(0, 3);
  if (lines.length < 3 || !lines.every(isTickRow)) return false;
  const elapsed = lines.map((l) => goDurationS(TICK_ROW.exec(l)![1]!)!);
  return elapsed.every((e, i) => i === 0 || e >= elapsed[i - 1]!);
}

/** Go durations as fmt prints them: "300.0s" (%7.1fs), or "1s" and "1m30s" (time.Duration) in old releases. */
export function goDurationS(text: string): number | null {
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?$/.exec(text);
  if (!m || text === '' || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function finalRow(m: RegExpExecArray): FinalRow | null {
  const elapsedS = goDurationS(m[1]!);
  if (elapsedS === null) return null;
  const v = m.slice(2, 11).map(Number);
  return { elapsedS, errors: v[0]!, ops: v[1]!, opsPerS: v[2]!, avg: v[3]!, p50: v[4]!, p95: v[5]!, p99: v[6]!, max: v[7]! };
}

/** Which workload ran, from its operation names, when no command line says so. */
function workloadFromOps(ops: string[]): string | null {
  const set = new Set(ops);
  const only = (names: string[]): boolean => ops.length > 0 && ops.every((o) => names.includes(o));
  if (only(['transfer'])) return 'bank';
  if (only(['newOrder', 'payment', 'delivery', 'orderStatus', 'stockLevel'])) return 'tpcc';
  if (ops.some((o) => ['readVehicles', 'addUser', 'addVehicle', 'startRide', 'endRide', 'updateActiveRides', 'applyPromoCode', 'createPromoCode'].includes(o))) return 'movr';
  if (only(['read', 'update', 'insert', 'scan', 'readModifyWrite']) && ['update', 'insert', 'scan', 'readModifyWrite'].some((o) => set.has(o))) return 'ycsb';
  if (only(['read', 'write', 'follower-read', 'scan']) && set.has('write')) return 'kv';
  return null;
}

function readRuns(text: string): WorkloadRun[] {
  const runs: WorkloadRun[] = [];
  // Held in an object: the helpers below replace it, which TypeScript's narrowing of a plain
  // local would not see.
  const st: { cur: WorkloadRun | null; mode: 'tick' | 'total' | 'result' | 'legacy' | 'tpmc' | null; pendingStart: number | null } = { cur: null, mode: null, pendingStart: null };
  const open = (line: number): WorkloadRun => {
    const r: WorkloadRun = { line, workload: null, options: {}, startMs: st.pendingStart, ticks: [], totals: [], result: null, tpmc: null, badRows: 0 };
    st.pendingStart = null;
    st.cur = r;
    runs.push(r);
    return r;
  };
  const finished = (r: WorkloadRun | null): boolean => r !== null && (r.result !== null || r.tpmc !== null);
  const current = (line: number): WorkloadRun => (st.cur === null || finished(st.cur) ? open(line) : st.cur);
  const lines = splitLines(text);
  // A per-second line at the very end without its newline may be cut inside the operation name
  // ("... 151.0 trans"), which would read as a new operation: it is left out.
  const cutTail = !/[\r\n]$/.test(text) && TICK_ROW.test(lines[lines.length - 1]?.trim() ?? '');
  if (cutTail) lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const cmd = /cockroach\s+workload\s+run\s+(\w+)(.*)$/.exec(line) ?? /(?:^|\s)workload\s+run\s+(\w+)(.*)$/.exec(line);
    if (cmd) {
      const r = open(i + 1);
      r.workload = cmd[1]!;
      for (const o of cmd[2]!.matchAll(/--([\w-]+)(?:[= ]([^\s-][^\s]*))?/g)) r.options[o[1]!] = o[2] ?? 'true';
      st.mode = null;
      continue;
    }
    const log = LOG_LINE.exec(line);
    if (log) {
      // CockroachDB logs in UTC (the glog header): the instant is exact.
      const ms = fromWallClock({ year: 2000 + Number(log[1]), month: Number(log[2]), day: Number(log[3]), hour: Number(log[4]), minute: Number(log[5]), second: Number(log[6]), millisecond: Number((log[7] ?? '0').padEnd(3, '0').slice(0, 3)) }, 'UTC')?.epochMs;
      if (ms === undefined) continue;
      // The first log line of a run ("creating load generator...") is its start.
      const r = st.cur;
      if (r !== null && !finished(r) && r.ticks.length === 0 && r.totals.length === 0) r.startMs ??= ms;
      else if (r === null || finished(r)) st.pendingStart ??= ms;
      continue;
    }
    if (TICK_HEADER.test(line)) {
      current(i + 1);
      st.mode = 'tick';
      continue;
    }
    const fh = FINAL_HEADER.exec(line);
    if (fh) {
      current(i + 1);
      st.mode = fh[1] === 'result' ? 'result' : fh[1] === 'total' ? 'total' : 'legacy';
      continue;
    }
    if (TPMC_HEADER.test(line)) {
      st.mode = 'tpmc';
      continue;
    }
    // A per-second log saved without its "_elapsed___errors..." header (the capture starts
    // mid-run, or between the headers cockroach repeats every 20 lines): a line of the tick
    // row's shape opens the tick block, its columns read in the order textFormatter prints them.
    if (st.mode === null && isTickRow(line) && (st.cur === null || finished(st.cur) || (st.cur.ticks.length === 0 && st.cur.totals.length === 0))) {
      current(i + 1).headerless = true;
      st.mode = 'tick';
    }
    const r = st.cur;
    if (r === null || st.mode === null) continue;
    if (st.mode === 'tick') {
      const m = TICK_ROW.exec(line);
      const elapsedS = m ? goDurationS(m[1]!) : null;
      if (m && elapsedS !== null) {
        const v = m.slice(3, 9).map(Number);
        r.ticks.push({ elapsedS, errors: Number(m[2]), op: m[9]!.trim(), opsPerS: v[0]!, cumOpsPerS: v[1]!, p50: v[2]!, p95: v[3]!, p99: v[4]!, max: v[5]! });
      } else if (/^\d/.test(line)) r.badRows++;
      continue;
    }
    if (st.mode === 'tpmc') {
      const m = TPMC_ROW.exec(line);
      if (m) r.tpmc = { tpmc: Number(m[2]), efc: Number(m[3]) };
      st.mode = null;
      continue;
    }
    const m = FINAL_ROW.exec(line);
    const row = m ? finalRow(m) : null;
    if (!m || !row) {
      if (/^\d/.test(line)) r.badRows++;
      continue;
    }
    const op = m[10]?.trim() ?? '';
    if (st.mode === 'result' || (st.mode === 'legacy' && op === '')) r.result = row;
    else r.totals.push({ op: op || 'all', row });
  }
  const last = runs[runs.length - 1];
  if (cutTail && last) last.badRows++;
  return runs.filter((r) => r.ticks.length > 0 || r.totals.length > 0 || r.result !== null);
}

function finalMetrics(prefix: string, row: FinalRow, metrics: Record<string, number>): void {
  metrics[prefix ? `${prefix}.ops_per_s` : 'ops_per_s'] = row.opsPerS;
  const scope = prefix || 'total';
  metrics[`${scope}.lat_avg_ms`] = row.avg;
  metrics[`${scope}.lat_p50_ms`] = row.p50;
  metrics[`${scope}.lat_p95_ms`] = row.p95;
  metrics[`${scope}.lat_p99_ms`] = row.p99;
  metrics[`${scope}.lat_max_ms`] = row.max;
}

function toParsedRun(w: WorkloadRun): ParsedRun {
  const warnings: string[] = [];
  const ops = [...new Set([...w.totals.map((t) => t.op), ...w.ticks.map((t) => t.op)])];
  let workload = w.workload;
  if (!workload) {
    workload = workloadFromOps(ops);
    if (workload) warnings.push(`the workload name is not in the file: "${workload}" is inferred from its operation names (${ops.join(', ')})`);
  }
  const run = emptyRun('cockroach', workload ?? 'cockroach workload');
  run.warnings = warnings;
  if (workload) run.params['workload'] = workload;
  // The flags that change what is measured, under PerfDelta's names where one exists.
  const opt = w.options;
  if (opt['concurrency'] && Number.isFinite(Number(opt['concurrency']))) run.params['threads'] = Number(opt['concurrency']);
  if (opt['read-percent'] && Number.isFinite(Number(opt['read-percent']))) run.params['read_pct'] = Number(opt['read-percent']);
  if (opt['warehouses'] && Number.isFinite(Number(opt['warehouses']))) run.params['warehouses'] = Number(opt['warehouses']);
  if (workload === 'ycsb' && opt['workload']) run.params['ycsb_workload'] = opt['workload'].toUpperCase();
  if (Object.keys(opt).length > 0) run.tables['options'] = { ...opt };

  const m = run.metrics;
  const keys = new Map<string, string>();
  for (const op of ops) keys.set(op, opKey(op));
  for (const t of w.totals) finalMetrics(keys.get(t.op) ?? opKey(t.op), t.row, m);
  const overall = w.result ?? (w.totals.length === 1 ? w.totals[0]!.row : null);
  if (overall) {
    finalMetrics('', overall, m);
    m['errors'] = overall.errors;
    run.params['runtime_s'] = overall.elapsedS;
  } else if (w.totals.length > 1) {
    // No __result block: rates add and the mean is ops-weighted; percentiles cannot be combined.
    const ops = w.totals.reduce((s, t) => s + t.row.ops, 0);
    m['ops_per_s'] = w.totals.reduce((s, t) => s + t.row.opsPerS, 0);
    if (ops > 0) m['total.lat_avg_ms'] = w.totals.reduce((s, t) => s + t.row.avg * t.row.ops, 0) / ops;
    m['total.lat_max_ms'] = Math.max(...w.totals.map((t) => t.row.max));
    m['errors'] = Math.max(...w.totals.map((t) => t.row.errors));
    run.params['runtime_s'] = Math.max(...w.totals.map((t) => t.row.elapsedS));
    warnings.push('no overall (__result) block: ops/s summed over the operations, mean latency weighted by their op counts; overall percentiles cannot be derived');
  } else if (w.ticks.length > 0) {
    // Cut off before the summary: the last line of each operation has its cumulative rate.
    const last = new Map<string, Tick>();
    for (const t of w.ticks) last.set(t.op, t);
    for (const [op, t] of last) m[`${keys.get(op) ?? opKey(op)}.ops_per_s`] = t.cumOpsPerS;
    m['ops_per_s'] = [...last.values()].reduce((s, t) => s + t.cumOpsPerS, 0);
    warnings.push(`no final summary (the output ends at ${Math.max(...w.ticks.map((t) => t.elapsedS))} s: cut off?): ops/s are the cumulative rates of the last per-second lines; there is no mean latency and no overall percentile`);
  }
  // The errors the workload counted, against the operations it did: a fact about the run.
  const errors = m['errors'] ?? (w.ticks.length > 0 ? Math.max(...w.ticks.map((t) => t.errors)) : null);
  const done = overall ? overall.ops : w.totals.length > 1 ? w.totals.reduce((s, t) => s + t.row.ops, 0)
    : w.ticks.length > 0 ? Math.round((m['ops_per_s'] ?? 0) * Math.max(...w.ticks.map((t) => t.elapsedS))) : null;
  const fact = errors === null ? null : errorShare('errors', errors, done === null ? null : done + errors, { errors: `error${errors === 1 ? '' : 's'}`, ops: 'operations' });
  if (fact) run.validity = [fact];
  if (w.tpmc) {
    m['tpmc'] = w.tpmc.tpmc;
    m['efc_pct'] = w.tpmc.efc;
  }
  if (w.totals.length > 0) {
    run.tables['operations'] = w.totals.map(({ op, row: r }) => ({
      op, elapsed_s: r.elapsedS, ops: r.ops, ops_per_s: r.opsPerS, avg_ms: r.avg, p50_ms: r.p50, p95_ms: r.p95, p99_ms: r.p99, max_ms: r.max,
    }));
  }
  if (w.badRows > 0) warnings.push(`${w.badRows} result line(s) could not be read (cut off mid-line?) and were skipped`);
  if (w.headerless && w.ticks.length > 0) {
    warnings.push(`the per-second lines come without their "_elapsed___errors__ops/sec(inst)..." header line (the capture starts at ${w.ticks[0]!.elapsedS} s into the run): their columns are read in the order cockroach workload prints them (elapsed, errors, ops/sec(inst), ops/sec(cum), p50, p95, p99, pMax in ms, operation)`);
  }

  if (w.ticks.length > 0) {
    // One tick per operation per second; they share the elapsed time of their second.
    const times: number[] = [];
    const index = new Map<number, number>();
    for (const t of w.ticks) {
      if (!index.has(t.elapsedS)) {
        index.set(t.elapsedS, times.length);
        times.push(t.elapsedS);
      }
    }
    const cols = new Map<string, number[]>();
    const totals: number[] = times.map(() => 0);
    for (const t of w.ticks) {
      const i = index.get(t.elapsedS)!;
      const k = keys.get(t.op) ?? opKey(t.op);
      pushAt(cols, `${k}.ops_per_s`, i, t.opsPerS);
      pushAt(cols, `${k}.lat_p50_ms`, i, t.p50);
      pushAt(cols, `${k}.lat_p95_ms`, i, t.p95);
      pushAt(cols, `${k}.lat_p99_ms`, i, t.p99);
      pushAt(cols, `${k}.lat_max_ms`, i, t.max);
      totals[i] = totals[i]! + t.opsPerS;
    }
    if (ops.length > 1) totals.forEach((v, i) => pushAt(cols, 'ops_per_s', i, v));
    const base = w.startMs ?? 0;
    run.series = seriesOf(workload ?? 'cockroach workload', cols, times.map((s) => base + s * 1000));
  }
  const lastTick = w.ticks.length > 0 ? Math.max(...w.ticks.map((t) => t.elapsedS)) : null;
  const elapsedS = overall?.elapsedS ?? lastTick;
  if (w.startMs !== null) {
    run.startMs = w.startMs;
    if (elapsedS !== null) run.endMs = w.startMs + elapsedS * 1000;
  }
  return run;
}

export function parseCockroachText(text: string): ParseResult {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const runs = readRuns(text);
  const parsed = runs.map(toParsedRun);
  const seen = new Map<string, number>();
  for (const r of parsed) {
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    if (n > 1) r.name = `${r.name} #${n}`;
  }
  if (parsed.length === 0) errors.push({ message: 'no cockroach workload results found (no "_elapsed___errors..." header followed by result lines, and no per-second result lines)' });
  return { runs: parsed, warnings, errors };
}

export const cockroachWorkloadImporter: Importer = {
  id: 'cockroach-workload',
  version: '1.2.0',
  tool: 'cockroach',
  title: 'CockroachDB `workload run` output',

  detect(head: string): boolean {
    return splitLines(head).some((l) => {
      const t = l.trim();
      return TICK_HEADER.test(t) || FINAL_HEADER.test(t);
    }) || looksLikeHeaderlessTicks(head);
  },

  parse({ bytes }): ParseResult {
    return parseCockroachText(decodeText(bytes).text);
  },
};
