/**
 * Rates from two iostats snapshots of the same node and kind (FORMATS.md 4.1, "Rates from two
 * samples"). Pure: the import pipeline (app/core/import/svc-aggregate.ts) pairs consecutive
 * snapshots, calls this, and sums volumes over nodes.
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
import type { SvcObject, SvcObjectRates, SvcRatesResult, SvcSnapshot } from './types.js';

const MIB = 1048576;

/** Multiplier from a snapshot's timeUnits to ms (FORMATS.md 4.1: "msec" in every file seen). */
export function msPerUnit(timeUnits: string): number {
  const t = timeUnits.trim().toLowerCase();
  if (t === 'usec' || t === 'us' || t === 'microseconds') return 1e-3;
  if (t === 'sec' || t === 's' || t === 'seconds') return 1e3;
  return 1;
}

/** Counters that only grow between node restarts; a fall in any of them is a reset. */
const VOLUME_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 'rl', 'wl', 'ctrs', 'ctrhs', 'ctws', 'ctwhs'];
const MDISK_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq', 'ure', 'uwe', 'urq', 'uwq'];

interface Pair {
  prev: Record<string, number>;
  next: Record<string, number>;
}

/** next - prev of a counter both snapshots have; null otherwise. */
function delta({ prev, next }: Pair, key: string): number | null {
  const a = prev[key];
  const b = next[key];
  return a === undefined || b === undefined ? null : b - a;
}

function wentDown(pair: Pair, keys: readonly string[]): boolean {
  return keys.some((k) => (delta(pair, k) ?? 0) < 0);
}

/** iops and MiB/s of both directions and their total. */
function throughput(pair: Pair, dt: number, blockBytes: number, m: Record<string, number>): { ro: number; wo: number } | null {
  const ro = delta(pair, 'ro');
  const wo = delta(pair, 'wo');
  if (ro === null || wo === null) return null;
  m['read.iops'] = ro / dt;
  m['write.iops'] = wo / dt;
  m['total.iops'] = (ro + wo) / dt;
  const rb = delta(pair, 'rb');
  const wb = delta(pair, 'wb');
  if (rb !== null) m['read.bw_mib_s'] = (rb * blockBytes) / dt / MIB;
  if (wb !== null) m['write.bw_mib_s'] = (wb * blockBytes) / dt / MIB;
  if (rb !== null && wb !== null) m['total.bw_mib_s'] = ((rb + wb) * blockBytes) / dt / MIB;
  return { ro, wo };
}

/** Mean time per op of read, write and their weighted total, from cumulative time counters. */
function perOp(
  m: Record<string, number>, quantity: string, ops: { ro: number; wo: number },
  rt: number | null, wt: number | null, toMs: number,
): void {
  if (rt !== null && ops.ro > 0) m[`read.${quantity}`] = (rt * toMs) / ops.ro;
  if (wt !== null && ops.wo > 0) m[`write.${quantity}`] = (wt * toMs) / ops.wo;
  if (rt !== null && wt !== null && ops.ro + ops.wo > 0) m[`total.${quantity}`] = ((rt + wt) * toMs) / (ops.ro + ops.wo);
}

function volumeRates(pair: Pair, dt: number, blockBytes: number, toMs: number): Record<string, number> {
  const m: Record<string, number> = {};
  const ops = throughput(pair, dt, blockBytes, m);
  if (!ops) return m;
  perOp(m, 'lat_avg_ms', ops, delta(pair, 'rl'), delta(pair, 'wl'), toMs);
  const rlw = pair.next['rlw'];
  const wlw = pair.next['wlw'];
  if (rlw !== undefined) m['read.lat_peak_ms'] = rlw / 1000;
  if (wlw !== undefined) m['write.lat_peak_ms'] = wlw / 1000;
  const rs = delta(pair, 'ctrs');
  const rhs = delta(pair, 'ctrhs');
  if (rs !== null && rhs !== null && rs > 0) m['read.cache_hit_pct'] = (100 * rhs) / rs;
  const ws = delta(pair, 'ctws');
  const whs = delta(pair, 'ctwhs');
  if (ws !== null && whs !== null && ws > 0) m['write.cache_hit_pct'] = (100 * whs) / ws;
  return m;
}

function mdiskRates(pair: Pair, dt: number, blockBytes: number, toMs: number): Record<string, number> {
  const m: Record<string, number> = {};
  const ops = throughput(pair, dt, blockBytes, m);
  if (!ops) return m;
  // µs counters (newer firmware) when both snapshots carry them, else the ms ones.
  const micro = delta(pair, 'ure') !== null && delta(pair, 'uwe') !== null;
  if (micro) perOp(m, 'lat_avg_ms', ops, delta(pair, 'ure'), delta(pair, 'uwe'), 1e-3);
  else perOp(m, 'lat_avg_ms', ops, delta(pair, 're'), delta(pair, 'we'), toMs);
  const microQ = delta(pair, 'urq') !== null && delta(pair, 'uwq') !== null;
  if (microQ) perOp(m, 'queue_avg_ms', ops, delta(pair, 'urq'), delta(pair, 'uwq'), 1e-3);
  else perOp(m, 'queue_avg_ms', ops, delta(pair, 'rq'), delta(pair, 'wq'), toMs);
  const pre = pair.next['pre'];
  const pwe = pair.next['pwe'];
  if (pre !== undefined) m['read.lat_peak_ms'] = pre * toMs;
  if (pwe !== undefined) m['write.lat_peak_ms'] = pwe * toMs;
  return m;
}

const objectKey = (o: SvcObject): string => `${o.element}\u0000${o.id}`;

/**
 * Per-object rates between two snapshots of one node and kind. Objects present in only one of
 * them (a volume created or deleted in between) are left out. Errors are values.
 */
export function ratesBetween(prev: SvcSnapshot, next: SvcSnapshot): SvcRatesResult {
  if (prev.kind !== next.kind) return { error: `cannot difference ${prev.kind} statistics against ${next.kind} statistics` };
  if (prev.node !== next.node || (prev.nodeId !== null && next.nodeId !== null && prev.nodeId !== next.nodeId)) {
    return { error: `snapshots of different nodes (${prev.node} ${prev.nodeId ?? ''} and ${next.node} ${next.nodeId ?? ''}): counters are per node` };
  }
  if (prev.cluster !== null && next.cluster !== null && prev.cluster !== next.cluster) {
    return { error: `snapshots of different systems (${prev.cluster}, ${next.cluster})` };
  }
  if (prev.sizeUnitBytes !== next.sizeUnitBytes) return { error: `sizeUnits changed between snapshots (${prev.sizeUnitBytes} B, ${next.sizeUnitBytes} B)` };
  const intervalS = (next.timeMs - prev.timeMs) / 1000;
  if (!(intervalS > 0)) return { error: `the second snapshot (${new Date(next.timeMs).toISOString()}) is not later than the first (${new Date(prev.timeMs).toISOString()})` };

  const before = new Map<string, SvcObject>();
  for (const o of prev.objects) before.set(objectKey(o), o);
  const objects: SvcObjectRates[] = [];
  for (const o of next.objects) {
    const p = before.get(objectKey(o));
    if (!p) continue;
    const pair: Pair = { prev: p.counters, next: o.counters };
    if (next.kind === 'volume' && o.element === 'vdsk') {
      if (wentDown(pair, VOLUME_CUMULATIVE)) objects.push({ id: o.id, metrics: {}, reset: true });
      else objects.push({ id: o.id, metrics: volumeRates(pair, intervalS, next.sizeUnitBytes, msPerUnit(next.timeUnits)), reset: false });
    } else if ((next.kind === 'mdisk' || next.kind === 'drive') && o.element === 'mdsk') {
      if (wentDown(pair, MDISK_CUMULATIVE)) objects.push({ id: o.id, metrics: {}, reset: true });
      else objects.push({ id: o.id, metrics: mdiskRates(pair, intervalS, next.sizeUnitBytes, msPerUnit(next.timeUnits)), reset: false });
    }
  }
  return { intervalS, objects };
}
