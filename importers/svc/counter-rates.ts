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
 * Nodes (Nn), per node: each record's rates are the reporting node's own, never summed over nodes:
 *   `<cpu>` cpu_pct = 100·Δbusy/Δt (busy: milliseconds of the average core busy since the node
 *     started), cpu_comp_pct = 100·Δcomp/Δt (the compression cores); `<cpu_core>` the same from
 *     Δsystem and Δcomp;
 *   `<port>` host_send_mib_s = Δhbt·sizeUnit/Δt/2^20, host_recv_mib_s from hbr, host_send_per_s
 *     = Δhet/Δt, host_recv_per_s from her; ctrl_* (cbt, cbr, cet, cer), lnode_* (lnbt...),
 *     rnode_* (rmbt...) alike; link_errors_per_s = Δ(lf+lsy+lsi+pspe+itw+icrc)/Δt;
 *   `<node>` (traffic with another node) peer_recv_per_s = Δro/Δt, peer_send_per_s = Δwo/Δt,
 *     peer_*_mib_s from rb / wb (bytes), peer_recv_lat_ms = Δre/Δro, peer_send_lat_ms = Δwe/Δwo,
 *     peer_*_queue_ms from rq / wq (timeUnits).
 * Ng volume groups get no rates: FORMATS.md documents none of their counters.
 *
 * A counter that goes down (node restart, warmstart) makes that object's interval a reset: no
 * metrics at all, a gap. FORMATS.md notes delfin and stor2rrd take the new value as the delta
 * instead; that turns a restart into a spike of whatever the counter was, so it is not done here.
 * Interval latencies are left out when the interval had no I/O of that direction: 0/0 is not 0 ms.
 */
import { MDISK_COUNTERS, NODE_COUNTERS, VOLUME_COUNTERS } from './counter-scan.js';

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

/** Metrics of Nn records (cpu, cpu_core, port, node): each record fills its own columns. */
export const NODE_METRICS = [
  'cpu_pct', 'cpu_comp_pct',
  'host_send_mib_s', 'host_recv_mib_s', 'host_send_per_s', 'host_recv_per_s',
  'ctrl_send_mib_s', 'ctrl_recv_mib_s', 'ctrl_send_per_s', 'ctrl_recv_per_s',
  'lnode_send_mib_s', 'lnode_recv_mib_s', 'lnode_send_per_s', 'lnode_recv_per_s',
  'rnode_send_mib_s', 'rnode_recv_mib_s', 'rnode_send_per_s', 'rnode_recv_per_s',
  'link_errors_per_s',
  'peer_recv_per_s', 'peer_send_per_s', 'peer_recv_mib_s', 'peer_send_mib_s',
  'peer_recv_lat_ms', 'peer_send_lat_ms', 'peer_recv_queue_ms', 'peer_send_queue_ms',
] as const;

/**
 * The object an Nn record is, named with the node that reported it (a CPU, a port or a link is
 * that node's alone): "node2 cpu", "node2 cpu core 3", "node2 port 2", "node2 to node1".
 */
export function nodeObjectId(node: string, element: string, id: string): string {
  if (element === 'cpu') return `${node} cpu`;
  if (element === 'cpu_core') return `${node} cpu core ${id}`;
  if (element === 'port') return `${node} port ${id}`;
  return `${node} to ${id}`;
}

const col = (list: readonly string[], name: string): number => list.indexOf(name);
const V = Object.fromEntries(VOLUME_COUNTERS.map((c) => [c, col(VOLUME_COUNTERS, c)])) as Record<(typeof VOLUME_COUNTERS)[number], number>;
const M = Object.fromEntries(MDISK_COUNTERS.map((c) => [c, col(MDISK_COUNTERS, c)])) as Record<(typeof MDISK_COUNTERS)[number], number>;
/** Counters that only grow between node restarts: a fall in any of them is a reset. */
const VOLUME_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 'rl', 'wl', 'ctrs', 'ctrhs', 'ctws', 'ctwhs'].map((c) => col(VOLUME_COUNTERS, c));
const MDISK_CUMULATIVE = ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq', 'ure', 'uwe', 'urq', 'uwq'].map((c) => col(MDISK_COUNTERS, c));
const N = Object.fromEntries(NODE_COUNTERS.map((c) => [c, col(NODE_COUNTERS, c)])) as Record<(typeof NODE_COUNTERS)[number], number>;
/** Every Nn counter read is cumulative since the node started. */
const NODE_CUMULATIVE = NODE_COUNTERS.map((c) => col(NODE_COUNTERS, c));
const NM = Object.fromEntries(NODE_METRICS.map((m) => [m, col(NODE_METRICS, m)])) as Record<(typeof NODE_METRICS)[number], number>;
/** Port traffic: metric prefix and the bytes-sent, bytes-received, commands-sent, commands-received counters. */
const PORT_TRAFFIC: ReadonlyArray<[string, number, number, number, number]> = [
  ['host', N.hbt, N.hbr, N.het, N.her], ['ctrl', N.cbt, N.cbr, N.cet, N.cer], ['lnode', N.lnbt, N.lnbr, N.lnet, N.lner], ['rnode', N.rmbt, N.rmbr, N.rmet, N.rmer],
];
const LINK_ERRORS = [N.lf, N.lsy, N.lsi, N.pspe, N.itw, N.icrc];

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

/** A counter that went down between two snapshots, with its two values. */
export interface FallenCounter {
  counter: string;
  from: number;
  to: number;
}

const CUMULATIVE_OF: Record<'volume' | 'mdisk' | 'node', { names: readonly string[]; columns: readonly number[] }> = {
  volume: { names: VOLUME_COUNTERS, columns: VOLUME_CUMULATIVE },
  mdisk: { names: MDISK_COUNTERS, columns: MDISK_CUMULATIVE },
  node: { names: NODE_COUNTERS, columns: NODE_CUMULATIVE },
};

/**
 * Which counter made a record's interval a reset (the first, in counter order), for the warning
 * that names it; asked only of the rare record whose rates came back false.
 */
export function fallenCounter(kind: 'volume' | 'mdisk' | 'node', r: RowPair): FallenCounter | null {
  const { names, columns } = CUMULATIVE_OF[kind];
  for (const c of columns) {
    if (delta(r, c) < 0) return { counter: names[c]!, from: r.prev[r.p + c]!, to: r.next[r.q + c]! };
  }
  return null;
}

/** The counters each Nn record's rates are made of. */
const NODE_RECORD_COUNTERS: Record<string, readonly string[]> = {
  cpu: ['busy', 'comp'],
  cpu_core: ['system', 'comp'],
  port: ['hbt', 'hbr', 'het', 'her', 'cbt', 'cbr', 'cet', 'cer', 'lnbt', 'lnbr', 'lnet', 'lner', 'rmbt', 'rmbr', 'rmet', 'rmer', 'lf', 'lsy', 'lsi', 'pspe', 'itw', 'icrc'],
  node: ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq'],
};

/**
 * The counters of an Nn record that one snapshot has and the other lacks: no rate can come of
 * them for the interval (a counter both lack is a firmware's or a port type's, not a gap).
 * `side` names the snapshot that lacks it.
 */
export function missingNodeCounters(element: string, r: RowPair): Array<{ counter: string; side: 'earlier' | 'later' }> {
  const out: Array<{ counter: string; side: 'earlier' | 'later' }> = [];
  for (const name of NODE_RECORD_COUNTERS[element] ?? []) {
    const c = N[name as keyof typeof N];
    const before = Number.isNaN(r.prev[r.p + c]!);
    const after = Number.isNaN(r.next[r.q + c]!);
    if (before !== after) out.push({ counter: name, side: before ? 'earlier' : 'later' });
  }
  return out;
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

/**
 * Rates of one Nn record of `element` (cpu, cpu_core, port, node), into out (NODE_METRICS
 * columns, NaN where the record has no such figure); false for a reset.
 */
export function nodeRatesInto(element: string, r: RowPair, dt: number, blockBytes: number, toMs: number, out: Float64Array): boolean {
  out.fill(NaN);
  if (wentDown(r, NODE_CUMULATIVE)) return false;
  const busyPct = (c: number): number => (100 * delta(r, c) * toMs) / (dt * 1000);
  if (element === 'cpu' || element === 'cpu_core') {
    out[NM.cpu_pct] = busyPct(element === 'cpu' ? N.busy : N.system);
    out[NM.cpu_comp_pct] = busyPct(N.comp);
  } else if (element === 'port') {
    for (const [prefix, bt, br, et, er] of PORT_TRAFFIC) {
      const at = NM[`${prefix}_send_mib_s` as keyof typeof NM];
      out[at] = (delta(r, bt) * blockBytes) / dt / MIB;
      out[at + 1] = (delta(r, br) * blockBytes) / dt / MIB;
      out[at + 2] = delta(r, et) / dt;
      out[at + 3] = delta(r, er) / dt;
    }
    let errors = 0;
    let any = false;
    for (const c of LINK_ERRORS) {
      const d = delta(r, c);
      if (Number.isNaN(d)) continue;
      errors += d;
      any = true;
    }
    if (any) out[NM.link_errors_per_s] = errors / dt;
  } else if (element === 'node') {
    const ro = delta(r, N.ro);
    const wo = delta(r, N.wo);
    out[NM.peer_recv_per_s] = ro / dt;
    out[NM.peer_send_per_s] = wo / dt;
    out[NM.peer_recv_mib_s] = (delta(r, N.rb) * blockBytes) / dt / MIB;
    out[NM.peer_send_mib_s] = (delta(r, N.wb) * blockBytes) / dt / MIB;
    // Per message, as the volume latencies: none when no message went that way.
    if (ro > 0) {
      out[NM.peer_recv_lat_ms] = (delta(r, N.re) * toMs) / ro;
      out[NM.peer_recv_queue_ms] = (delta(r, N.rq) * toMs) / ro;
    }
    if (wo > 0) {
      out[NM.peer_send_lat_ms] = (delta(r, N.we) * toMs) / wo;
      out[NM.peer_send_queue_ms] = (delta(r, N.wq) * toMs) / wo;
    }
  }
  return true;
}
