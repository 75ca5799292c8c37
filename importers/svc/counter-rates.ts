/**
 * rates.ts's formulas (FORMATS.md 4.1, "Rates from two samples") on the packed counters of
 * counter-scan.ts: one record's rates between two snapshots written into a Float64Array, no
 * object per record or metric. The arithmetic is written in the same order as rates.ts so that
 * both give the same doubles (svc-stream.test.ts compares them on the corpus and study S1).
 */
import { MDISK_COUNTERS, VOLUME_COUNTERS } from './counter-scan.js';

export { msPerUnit } from './rates.js';

const MIB = 1048576;

/** Metrics of `<vdsk>` records, in rates.ts's order; an index here is a column of the output. */
export const VOLUME_METRICS = [
  'read.iops', 'write.iops', 'total.iops', 'read.bw_mib_s', 'write.bw_mib_s', 'total.bw_mib_s',
  'read.lat_avg_ms', 'write.lat_avg_ms', 'total.lat_avg_ms', 'read.lat_peak_ms', 'write.lat_peak_ms',
  'read.cache_hit_pct', 'write.cache_hit_pct',
] as const;

/** Metrics of `<mdsk>` records (MDisks, drives). */
export const MDISK_METRICS = [
  'read.iops', 'write.iops', 'total.iops', 'read.bw_mib_s', 'write.bw_mib_s', 'total.bw_mib_s',
  'read.lat_avg_ms', 'write.lat_avg_ms', 'total.lat_avg_ms', 'read.queue_avg_ms', 'write.queue_avg_ms', 'total.queue_avg_ms',
  'read.lat_peak_ms', 'write.lat_peak_ms',
] as const;

const col = (list: readonly string[], name: string): number => list.indexOf(name);
const V = Object.fromEntries(VOLUME_COUNTERS.map((c) => [c, col(VOLUME_COUNTERS, c)])) as Record<(typeof VOLUME_COUNTERS)[number], number>;
const M = Object.fromEntries(MDISK_COUNTERS.map((c) => [c, col(MDISK_COUNTERS, c)])) as Record<(typeof MDISK_COUNTERS)[number], number>;
/** rates.ts VOLUME_CUMULATIVE / MDISK_CUMULATIVE: a fall in any is a reset. */
const VOLUME_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 'rl', 'wl', 'ctrs', 'ctrhs', 'ctws', 'ctwhs'].map((c) => col(VOLUME_COUNTERS, c));
const MDISK_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq', 'ure', 'uwe', 'urq', 'uwq'].map((c) => col(MDISK_COUNTERS, c));

/** The two rows of one record: prev[p + column], next[q + column]; NaN is "the file lacks it". */
export interface RowPair {
  prev: Float64Array;
  p: number;
  next: Float64Array;
  q: number;
}

/** next - prev, NaN when either lacks the counter (rates.ts `delta` null). */
const delta = (r: RowPair, c: number): number => r.next[r.q + c]! - r.prev[r.p + c]!;

function wentDown(r: RowPair, columns: readonly number[]): boolean {
  for (const c of columns) if (delta(r, c) < 0) return true; // NaN < 0 is false: rates.ts `?? 0`
  return false;
}

/** iops and MiB/s; false when ro or wo is missing (then there are no metrics at all). */
function throughput(r: RowPair, dt: number, blockBytes: number, out: Float64Array): boolean {
  const ro = delta(r, 0);
  const wo = delta(r, 1);
  if (Number.isNaN(ro) || Number.isNaN(wo)) return false;
  out[0] = ro / dt;
  out[1] = wo / dt;
  out[2] = (ro + wo) / dt;
  const rb = delta(r, 2);
  const wb = delta(r, 3);
  if (!Number.isNaN(rb)) out[3] = (rb * blockBytes) / dt / MIB;
  if (!Number.isNaN(wb)) out[4] = (wb * blockBytes) / dt / MIB;
  if (!Number.isNaN(rb) && !Number.isNaN(wb)) out[5] = ((rb + wb) * blockBytes) / dt / MIB;
  return true;
}

/** rates.ts perOp: read, write and total per-op means into out[at .. at + 2]. */
function perOp(out: Float64Array, at: number, ro: number, wo: number, rt: number, wt: number, toMs: number): void {
  if (!Number.isNaN(rt) && ro > 0) out[at] = (rt * toMs) / ro;
  if (!Number.isNaN(wt) && wo > 0) out[at + 1] = (wt * toMs) / wo;
  if (!Number.isNaN(rt) && !Number.isNaN(wt) && ro + wo > 0) out[at + 2] = ((rt + wt) * toMs) / (ro + wo);
}

/**
 * Rates of one `<vdsk>` between two snapshots, into out (VOLUME_METRICS columns, NaN = no such
 * metric this interval). Returns false for a reset: a counter went down, no metrics (a gap).
 */
export function volumeRatesInto(r: RowPair, dt: number, blockBytes: number, toMs: number, out: Float64Array): boolean {
  out.fill(NaN);
  if (wentDown(r, VOLUME_CUMULATIVE)) return false;
  if (!throughput(r, dt, blockBytes, out)) return true;
  perOp(out, 6, delta(r, 0), delta(r, 1), delta(r, V.rl), delta(r, V.wl), toMs);
  const rlw = r.next[r.q + V.rlw]!;
  const wlw = r.next[r.q + V.wlw]!;
  if (!Number.isNaN(rlw)) out[9] = rlw / 1000;
  if (!Number.isNaN(wlw)) out[10] = wlw / 1000;
  const rs = delta(r, V.ctrs);
  const rhs = delta(r, V.ctrhs);
  if (!Number.isNaN(rs) && !Number.isNaN(rhs) && rs > 0) out[11] = (100 * rhs) / rs;
  const ws = delta(r, V.ctws);
  const whs = delta(r, V.ctwhs);
  if (!Number.isNaN(ws) && !Number.isNaN(whs) && ws > 0) out[12] = (100 * whs) / ws;
  return true;
}

/** Rates of one `<mdsk>` (MDisk or drive), into out (MDISK_METRICS columns); false for a reset. */
export function mdiskRatesInto(r: RowPair, dt: number, blockBytes: number, toMs: number, out: Float64Array): boolean {
  out.fill(NaN);
  if (wentDown(r, MDISK_CUMULATIVE)) return false;
  if (!throughput(r, dt, blockBytes, out)) return true;
  const ro = delta(r, 0);
  const wo = delta(r, 1);
  // µs counters (newer firmware) when both snapshots carry them, else the ms ones.
  if (!Number.isNaN(delta(r, M.ure)) && !Number.isNaN(delta(r, M.uwe))) perOp(out, 6, ro, wo, delta(r, M.ure), delta(r, M.uwe), 1e-3);
  else perOp(out, 6, ro, wo, delta(r, M.re), delta(r, M.we), toMs);
  if (!Number.isNaN(delta(r, M.urq)) && !Number.isNaN(delta(r, M.uwq))) perOp(out, 9, ro, wo, delta(r, M.urq), delta(r, M.uwq), 1e-3);
  else perOp(out, 9, ro, wo, delta(r, M.rq), delta(r, M.wq), toMs);
  const pre = r.next[r.q + M.pre]!;
  const pwe = r.next[r.q + M.pwe]!;
  if (!Number.isNaN(pre)) out[12] = pre * toMs;
  if (!Number.isNaN(pwe)) out[13] = pwe * toMs;
  return true;
}
