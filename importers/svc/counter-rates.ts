/**
 * SVC rates from two snapshots of the same node and kind (FORMATS.md 4.1, "Rates from two
 * samples"), on the packed counters of counter-scan.ts: one record's rates between two
 * snapshots written into a Float64Array, no object per record or metric. The only place the
 * formulas are written; rates.ts applies them to parsed snapshots.
 *
 * Volumes (`<vdsk>`), Δt in seconds from the two snapshots' times:
 *   read.iops = Δro/Δt                        write.iops = Δwo/Δt
 *   read.bw_mib_s = Δrb·sizeUnit/Δt/2^20      write.bw_mib_s = Δwb·sizeUnit/Δt/2^20
 *   read.lat_avg_ms = Δrl/Δro                 write.lat_avg_ms = Δwl/Δwo   (rl, wl in timeUnits, ms)
 *   total.* = read + write; total.lat_avg_ms = (Δrl+Δwl)/(Δro+Δwo), the I/O-weighted mean
 *   read.lat_peak_ms = rlw/1000, write.lat_peak_ms = wlw/1000: µs, a per-interval worst, NOT
 *     cumulative, so taken from `next` as it is
 *   read.cache_hit_pct = 100·Δctrhs/Δctrs, write.cache_hit_pct = 100·Δctwhs/Δctws: hit sectors
 *     over sectors, the formula delfin and stor2rrd (svcperf.pl VDiskCachePrint) both use; the
 *     SAX importer's ro·ctrh/ctr gives the read figure in ops instead.
 * MDisks and drives (`<mdsk>`):
 *   iops and bw as above; read.lat_avg_ms = Δre/Δro, write.lat_avg_ms = Δwe/Δwo (ms), or from
 *   the µs counters ure/uwe when both snapshots have them (finer: re/we are whole ms);
 *   read.queue_avg_ms = Δrq/Δro, write.queue_avg_ms = Δwq/Δwo (urq/uwq likewise);
 *   read.lat_peak_ms = pre, write.lat_peak_ms = pwe (ms, per-interval peaks, from `next`).
 * Other records (Nn node/port/cpu, Ng volume groups) get no rates yet.
 *
 * A counter that goes down (node restart, warmstart) makes that object's interval a reset: no
 * metrics at all, a gap. FORMATS.md notes delfin and stor2rrd take the new value as the delta
 * instead; that turns a restart into a spike of whatever the counter was, so it is not done here.
 * Interval latencies are left out when the interval had no I/O of that direction: 0/0 is not 0 ms.
 */
import { MDISK_COUNTERS, VOLUME_COUNTERS } from './counter-scan.js';

const MIB = 1048576;

/** Multiplier from a snapshot's timeUnits to ms (FORMATS.md 4.1: "msec" in every file seen). */
export function msPerUnit(timeUnits: string): number {
  const t = timeUnits.trim().toLowerCase();
  if (t === 'usec' || t === 'us' || t === 'microseconds') return 1e-3;
  if (t === 'sec' || t === 's' || t === 'seconds') return 1e3;
  return 1;
}

/** Metrics of `<vdsk>` records; an index here is a column of the output. */
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
/** Counters that only grow between node restarts: a fall in any of them is a reset. */
const VOLUME_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 'rl', 'wl', 'ctrs', 'ctrhs', 'ctws', 'ctwhs'].map((c) => col(VOLUME_COUNTERS, c));
const MDISK_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq', 'ure', 'uwe', 'urq', 'uwq'].map((c) => col(MDISK_COUNTERS, c));

/** The two rows of one record: prev[p + column], next[q + column]; NaN is "the file lacks it". */
export interface RowPair {
  prev: Float64Array;
  p: number;
  next: Float64Array;
  q: number;
}

/** next - prev, NaN when either snapshot lacks the counter. */
const delta = (r: RowPair, c: number): number => r.next[r.q + c]! - r.prev[r.p + c]!;

function wentDown(r: RowPair, columns: readonly number[]): boolean {
  for (const c of columns) if (delta(r, c) < 0) return true; // NaN < 0 is false: a missing counter is no reset
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

/** Mean time per op of read, write and their I/O-weighted total, into out[at .. at + 2]. */
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
