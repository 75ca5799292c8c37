/**
 * The COSBench workload summary, `archive/<wN-name>/<wN-name>.csv` (CSVWorkloadExporter in
 * github.com/intel-cloud/cosbench). 0.4.x writes, one row per stage and operation:
 *   Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime,80%-ResTime,
 *   90%-ResTime,95%-ResTime,99%-ResTime,100%-ResTime,Throughput,Bandwidth,Succ-Ratio,Status,
 *   Detailed Status   (then one "<state> @ yyyy-MM-dd HH:mm:ss" field per state change)
 * Avg-ProcTime came with 0.4.2; the first releases had no Stage column (one row per operation
 * for the whole workload). Op-Name is "<op>" or "<op>-<sample type>" ("prepare-write"), and
 * COSBench's own loader splits it at the last '-'. Response times are ms, Throughput op/s,
 * Bandwidth bytes/s; the percentile columns are upper bounds of histogram buckets (10 ms wide in
 * early releases). A stage without metrics (a delay) is a row of "N/A".
 */
import { fromWallClock } from '../dates.js';
import type { Diagnostic, ParamValue, ParsedRun, ValidityFact } from '../types.js';
import { splitWorks, workName } from './cosbench-works.js';
import { ERROR_SHARE_LIMIT, errorShare, stopped } from '../validity.js';
import { emptyRun, num, opKey, percent, ZONE_WARNING } from './shared.js';

export const WORKLOAD_HEADER = /^(Stage,Op-Name,Op-Type|Op-Type),Op-Count,Byte-Count,Avg-ResTime,/;

/** The metric scope of an operation: its sample type ("prepare-write" writes). */
export function sampleType(opName: string): string {
  const dash = opName.lastIndexOf('-');
  return dash > 0 ? opName.slice(dash + 1) : opName;
}

/** Scopes for a stage's operations; a sample type that occurs twice keeps its full name. */
export function scopesOf(opNames: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const n of opNames) counts.set(sampleType(n), (counts.get(sampleType(n)) ?? 0) + 1);
  return opNames.map((n) => opKey((counts.get(sampleType(n)) ?? 0) > 1 ? n : sampleType(n)));
}

const MIB = 1048576;

interface OpRow {
  line: number;
  stage: string;
  opName: string;
  opType: string;
  count: number;
  bytes: number;
  avgMs: number | null;
  procMs: number | null;
  pct: Record<string, number | null>;
  opsPerS: number;
  bytesPerS: number;
  successPct: number | null;
  status: string | null;
  history: Array<{ state: string; ms: number }>;
}

/** "running @ 2014-05-07 09:45:37": local time of the controller, no zone; read as UTC wall clock. */
function historyOf(fields: readonly string[]): Array<{ state: string; ms: number }> {
  const out: Array<{ state: string; ms: number }> = [];
  for (const f of fields) {
    const m = /^\s*(\w+)\s*@\s*(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\s*$/.exec(f);
    const read = m ? fromWallClock({ year: Number(m[2]), month: Number(m[3]), day: Number(m[4]), hour: Number(m[5]), minute: Number(m[6]), second: Number(m[7]) }) : null;
    if (m && read) out.push({ state: m[1]!.toLowerCase(), ms: read.epochMs });
  }
  return out;
}

function stageRun(stage: string, rows: OpRow[], hasStageColumn: boolean, work?: { index: number; of: number }): ParsedRun {
  const moved = rows.filter((r) => r.bytes > 0 && r.count > 0);
  const objectBytes = moved.length > 0 ? moved.reduce((s, r) => s + r.bytes, 0) / moved.reduce((s, r) => s + r.count, 0) : null;
  const run = emptyRun('cosbench', work ? workName(stage, work.index, objectBytes) : stage);
  const params: Record<string, ParamValue> = run.params;
  if (hasStageColumn) params['stage'] = stage;
  if (work) {
    params['work'] = work.index + 1;
    run.warnings.push(`one of ${work.of} works of stage ${stage} (its operation names repeat): rows ${rows.map((r) => r.line).join(', ')}`);
  }
  const m = run.metrics;
  const scopes = scopesOf(rows.map((r) => r.opName));
  let weighted = 0;
  let counted = 0;
  let opsPerS = 0;
  let bwMibS = 0;
  rows.forEach((r, i) => {
    const scope = scopes[i]!;
    m[`${scope}.ops_per_s`] = r.opsPerS;
    m[`${scope}.bw_mib_s`] = r.bytesPerS / MIB;
    if (r.avgMs !== null) {
      m[`${scope}.lat_avg_ms`] = r.avgMs;
      weighted += r.avgMs * r.count;
      counted += r.count;
    }
    if (r.pct['95'] != null) m[`${scope}.lat_p95_ms`] = r.pct['95'];
    if (r.pct['99'] != null) m[`${scope}.lat_p99_ms`] = r.pct['99'];
    if (r.pct['100'] != null) m[`${scope}.lat_max_ms`] = r.pct['100'];
    if (r.successPct !== null) {
      m[`${scope}.success_pct`] = r.successPct;
      const fact = failedOperations(r);
      if (fact) (run.validity ??= []).push(fact);
    }
    opsPerS += r.opsPerS;
    bwMibS += r.bytesPerS / MIB;
  });
  m['ops_per_s'] = opsPerS;
  m['total.bw_mib_s'] = bwMibS;
  if (counted > 0) m['total.lat_avg_ms'] = weighted / counted;

  // The object size the stage moved: bytes per operation of the operations that move data.
  // COSBench sizes are decimal ("4KB" is 4000 bytes), so no power of two is forced here.
  const sizes = rows.filter((r) => r.bytes > 0 && r.count > 0).map((r) => r.bytes / r.count);
  if (sizes.length > 0 && sizes.every((s) => Math.abs(s - sizes[0]!) <= sizes[0]! * 0.005)) params['bs'] = Math.round(sizes[0]!);
  // The read share of what was attempted: Op-Count counts successes only, so a stage with failed
  // reads would understate reads; dividing by the success ratio restores the configured mix.
  const main = rows.filter((r) => ['read', 'write', 'delete', 'list'].includes(r.opType));
  if (main.some((r) => r.opType === 'read' || r.opType === 'write')) {
    const attempted = (r: OpRow): number => (r.successPct ? r.count / (r.successPct / 100) : r.count);
    const all = main.reduce((s, r) => s + attempted(r), 0);
    const reads = main.filter((r) => r.opType === 'read').reduce((s, r) => s + attempted(r), 0);
    if (all > 0) params['read_pct'] = Math.round((reads / all) * 100);
  }

  run.tables['operations'] = rows.map((r, i) => ({
    op_name: r.opName, op_type: r.opType, scope: scopes[i], op_count: r.count, byte_count: r.bytes, avg_res_ms: r.avgMs, avg_proc_ms: r.procMs,
    res_pct_ms: r.pct, ops_per_s: r.opsPerS, bytes_per_s: r.bytesPerS, success_pct: r.successPct,
  }));
  const first = rows[0]!;
  const history = first.history;
  const running = history.find((h) => h.state === 'running');
  const end = running ? history.find((h) => h.ms >= running.ms && ['closing', 'completed', 'failed', 'terminated', 'cancelled', 'aborted'].includes(h.state)) : undefined;
  if (running) run.startMs = running.ms;
  if (end) run.endMs = end.ms;
  if (history.length > 0) run.tables['state_history'] = history.map((h) => ({ state: h.state, utc_wall_clock: new Date(h.ms).toISOString() }));
  if (first.status && first.status !== 'completed') (run.validity ??= []).push(stopped('stage-status', `COSBench reports the stage as "${first.status}": its figures may cover only part of it`));
  return run;
}

/**
 * An operation's failures: Op-Count counts successes only, so the attempts are Op-Count ÷ the
 * success ratio, and the failures the rest ("read: 14,990 of 59,650 operations failed (success
 * ratio 74.87%)").
 */
function failedOperations(r: OpRow): ValidityFact | null {
  if (r.successPct === null || r.successPct >= 100) return null;
  const attempted = r.successPct > 0 ? Math.round(r.count / (r.successPct / 100)) : null;
  const failed = attempted === null ? null : attempted - r.count;
  const ratio = `success ratio ${r.successPct}%`;
  if (attempted === null || failed === null || failed <= 0) {
    return { code: 'failed-operations', severity: r.successPct < (1 - ERROR_SHARE_LIMIT) * 100 ? 'invalid' : 'warning', message: `${r.opName}: ${(100 - r.successPct).toFixed(2)}% of the operations failed (${ratio})` };
  }
  const fact = errorShare('failed-operations', failed, attempted, { errors: 'failed', ops: 'operations' })!;
  return { ...fact, message: `${r.opName}: ${failed.toLocaleString('en-US')} of ${attempted.toLocaleString('en-US')} operations failed (${ratio})` };
}

export function parseWorkloadCsv(lines: readonly string[]): { runs: ParsedRun[]; warnings: Diagnostic[]; errors: Diagnostic[] } {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  // COSBench writes plain comma-joined fields, never quoted ones.
  const header = lines[0]!.split(',').map((h) => h.trim());
  const col = (name: string): number => header.indexOf(name);
  const has = col('Stage') === 0;
  const c = {
    stage: col('Stage'), name: col('Op-Name'), type: col('Op-Type'), count: col('Op-Count'), bytes: col('Byte-Count'), avg: col('Avg-ResTime'),
    proc: col('Avg-ProcTime'), tput: col('Throughput'), bw: col('Bandwidth'), succ: col('Succ-Ratio'), status: col('Status'), detail: col('Detailed Status'),
  };
  const pctCols = header.map((h, i) => [/^(\d+)%-ResTime$/.exec(h)?.[1], i] as const).filter((x): x is readonly [string, number] => x[0] !== undefined);
  // Detailed Status is the last named column: the state history runs on past it, unnamed.
  const known = new Set(['Stage', 'Op-Name', 'Op-Type', 'Op-Count', 'Byte-Count', 'Avg-ResTime', 'Avg-ProcTime', 'Throughput', 'Bandwidth', 'Succ-Ratio', 'Status', 'Detailed Status']);
  const unknown = header.map((h, i) => [h, i] as const).filter(([h]) => h !== '' && !known.has(h) && !/^\d+%-ResTime$/.test(h));
  if (unknown.length > 0) warnings.push({ message: `columns this importer does not read: ${unknown.map(([h, i]) => `"${h}" (column ${i + 1})`).join(', ')}`, line: 1 });
  const byStage = new Map<string, OpRow[]>();
  let skipped = 0;
  let cut = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const f = line.split(',');
    const stage = has ? f[c.stage]!.trim() : 'workload';
    const opName = (c.name >= 0 ? f[c.name] : f[c.type])?.trim() ?? '';
    const count = num(f[c.count]);
    const opsPerS = num(f[c.tput]);
    if (opName === 'N/A' || (count === null && f[c.count]?.trim() === 'N/A')) {
      skipped++; // a stage without operations (delay), or one that never ran
      continue;
    }
    if (count === null || opsPerS === null || f.length < Math.max(c.tput, c.bw, c.succ) + 1) {
      if (cut++ === 0) warnings.push({ message: 'a row is incomplete (file cut off?) and was skipped', line: i + 1 });
      continue;
    }
    const row: OpRow = {
      line: i + 1, stage, opName, opType: (f[c.type] ?? '').trim().toLowerCase(), count, bytes: num(f[c.bytes]) ?? 0,
      avgMs: num(f[c.avg]), procMs: c.proc >= 0 ? num(f[c.proc]) : null,
      pct: Object.fromEntries(pctCols.map(([p, idx]) => [p, num(f[idx])])),
      opsPerS, bytesPerS: num(f[c.bw]) ?? 0, successPct: c.succ >= 0 ? percent(f[c.succ]) : null,
      status: c.status >= 0 ? (f[c.status]?.trim().toLowerCase() ?? null) : null,
      history: c.detail >= 0 ? historyOf(f.slice(c.detail)) : [],
    };
    const list = byStage.get(stage);
    if (list) list.push(row);
    else byStage.set(stage, [row]);
  }
  // A stage of several works lists each work's operations in turn (cosbench-works.ts).
  const runs = [...byStage].flatMap(([stage, rows]) => {
    const works = splitWorks(rows.map((r) => r.opName));
    return works.length === 1 ? [stageRun(stage, rows, has)] : works.map((idx, w) => stageRun(stage, idx.map((k) => rows[k]!), has, { index: w, of: works.length }));
  });
  if (runs.some((r) => r.startMs !== null)) warnings.push({ message: `COSBench state history: ${ZONE_WARNING}` });
  if (skipped > 0) warnings.push({ message: `${skipped} stage row(s) without metrics (delay stages, or stages that never ran) were skipped` });
  if (runs.length === 0) errors.push({ message: 'no COSBench operation rows under the workload summary header' });
  return { runs, warnings, errors };
}
