/**
 * Run metrics of a monitor file: one figure per metric for the whole capture, made from the
 * series (or, for sar, from its own Average rows).
 *
 * Per object: rates, queue depth, utilisation and CPU shares are plain means over the samples;
 * latencies and request sizes are I/O-weighted means (Σ iops·await / Σ iops), because the mean of per-interval
 * awaits gives an idle second with await 0 the same weight as a busy one, and sysstat's own
 * Average rows are computed the I/O-weighted way. With no I/O at all there is no latency.
 *
 * Across devices: IOPS, MiB/s and queue depth are summed; latencies are I/O-weighted over
 * devices; util_pct is the busiest device's mean (an average with idle disks hides a saturated
 * one). Only whole, physical devices are summed: partitions (sda1 beside sda, Solaris sd0,a
 * beside sd0), device-mapper,
 * md, loop and ram devices carry I/O already counted on the disks below them.
 */
import type { ParsedSeries } from '../types.js';

export type Means = Map<string, Record<string, number>>;

const DIRS = ['read', 'write', 'trim'] as const;

/** The series whose values weigh a latency metric's samples. */
function weightMetrics(metric: string): string[] | null {
  // Request sizes are per I/O too: iostat prints 0 for an idle interval.
  const m = /^(read|write|trim|total)\.(lat_avg_ms|req_kib)$/.exec(metric);
  if (m) return [`${m[1]}.iops`];
  if (metric === 'svctm_ms') return ['total.iops'];
  if (metric === 'flush_lat_avg_ms') return ['flush_per_s'];
  return null;
}

/** Mean of every series of every object; latencies weighted by the matching IOPS series. */
export function objectMeans(series: readonly ParsedSeries[]): Means {
  const byObject = new Map<string, Map<string, ParsedSeries>>();
  for (const s of series) {
    let o = byObject.get(s.object);
    if (!o) byObject.set(s.object, (o = new Map()));
    o.set(s.metric, s);
  }
  const out: Means = new Map();
  for (const [object, metrics] of byObject) {
    const means: Record<string, number> = {};
    for (const [metric, s] of metrics) {
      if (s.values.length === 0) continue;
      const weights = weightSeries(metric, metrics);
      if (!weights) {
        means[metric] = s.values.reduce((a, b) => a + b, 0) / s.values.length;
        continue;
      }
      let num = 0;
      let den = 0;
      s.times.forEach((t, i) => {
        const w = weights.get(t) ?? 0;
        num += w * s.values[i]!;
        den += w;
      });
      if (den > 0) means[metric] = num / den;
    }
    out.set(object, means);
  }
  return out;
}

/** Time → weight for a latency series: its IOPS, or read+write+trim IOPS for "await". */
function weightSeries(metric: string, metrics: Map<string, ParsedSeries>): Map<number, number> | null {
  const names = weightMetrics(metric);
  if (!names) return null;
  let parts = names.map((n) => metrics.get(n)).filter((s): s is ParsedSeries => s !== undefined);
  if (parts.length === 0 && names[0] === 'total.iops') {
    parts = DIRS.map((d) => metrics.get(`${d}.iops`)).filter((s): s is ParsedSeries => s !== undefined);
  }
  if (parts.length === 0) return null;
  const w = new Map<number, number>();
  for (const p of parts) p.times.forEach((t, i) => w.set(t, (w.get(t) ?? 0) + p.values[i]!));
  return w;
}

/** Partitions and devices stacked on other devices, whose I/O the disks below also count. */
export function isStackedOrPartition(name: string, all: ReadonlySet<string>): boolean {
  if (/^(dm-\d+|md\d+|md_d\d+|loop\d+|ram\d+|zram\d+|nbd\d+|sr\d+|fd\d+)$/.test(name)) return true;
  // sar -d without -p names devices dev<major>-<minor>: 1 ram, 7 loop, 9 md; SCSI disks (major
  // 8, 65-71, 128-135) have 16 minors each, the first for the whole disk. Device-mapper, NVMe
  // and virtio majors are handed out at boot (dev253-0 may be dm-0 or vda): those are summed,
  // and only sar -d -p names them well enough to tell.
  const dev = /^dev(\d+)-(\d+)$/.exec(name);
  if (dev) {
    const major = Number(dev[1]);
    if (major === 1 || major === 7 || major === 9) return true;
    const scsi = major === 8 || (major >= 65 && major <= 71) || (major >= 128 && major <= 135);
    return scsi && Number(dev[2]) % 16 !== 0;
  }
  // Solaris slices: sd0,a beside sd0.
  const comma = name.indexOf(',');
  if (comma > 0 && all.has(name.slice(0, comma))) return true;
  // sda1 beside sda, nvme0n1p1 beside nvme0n1, sdp1 beside sdp.
  return partitionParents(name).some((parent) => parent !== name && all.has(parent));
}

/**
 * The names a partition's disk may have: without its trailing digits (sda1 -> sda), and
 * without a trailing p<digits> (nvme0n1p1 -> nvme0n1). Scanned from the end: /\d+$/ retries at
 * every digit of a long name and took minutes on a line of a million digits (the fuzz suite).
 */
function partitionParents(name: string): string[] {
  let i = name.length;
  while (i > 0 && name.charCodeAt(i - 1) >= 48 && name.charCodeAt(i - 1) <= 57) i--;
  const digits = i < name.length;
  return [name.slice(0, i), digits && name[i - 1] === 'p' ? name.slice(0, i - 1) : name];
}

export interface DeviceRollup {
  metrics: Record<string, number>;
  summed: string[];
  excluded: string[];
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

/** Device IOPS of one direction or all; total = tps where given, else read + write + trim. */
function deviceIops(m: Record<string, number>, scope: 'read' | 'write' | 'trim' | 'total'): number | undefined {
  if (scope !== 'total' || m['total.iops'] !== undefined) return m[`${scope}.iops`];
  const parts = DIRS.map((d) => m[`${d}.iops`]).filter((v): v is number => v !== undefined);
  return parts.length > 0 ? sum(parts) : undefined;
}

/** Device mean latency over all directions: its await, else the I/O-weighted direction means. */
function deviceTotalLatency(m: Record<string, number>): number | undefined {
  if (m['total.lat_avg_ms'] !== undefined) return m['total.lat_avg_ms'];
  let num = 0;
  let den = 0;
  for (const d of DIRS) {
    const iops = m[`${d}.iops`];
    const lat = m[`${d}.lat_avg_ms`];
    if (iops === undefined || lat === undefined) continue;
    num += iops * lat;
    den += iops;
  }
  return den > 0 ? num / den : undefined;
}

/** Run metrics over devices (see the module comment for what is summed and what is not). */
export function rollUpDevices(devices: Means): DeviceRollup {
  const all = new Set(devices.keys());
  const excluded = [...all].filter((d) => isStackedOrPartition(d, all));
  let summed = [...all].filter((d) => !excluded.includes(d));
  // A capture of only LVM volumes (iostat dm-0) still deserves totals: sum what there is.
  if (summed.length === 0) summed = [...all];
  const rows = summed.map((d) => devices.get(d)!);
  const metrics: Record<string, number> = {};
  const addSum = (name: string, values: Array<number | undefined>): void => {
    const xs = values.filter((v): v is number => v !== undefined);
    if (xs.length > 0) metrics[name] = sum(xs);
  };
  for (const scope of [...DIRS, 'total'] as const) {
    addSum(`${scope}.iops`, rows.map((m) => deviceIops(m, scope)));
    const bws = rows.map((m) => m[`${scope}.bw_mib_s`]);
    if (scope === 'total' && bws.every((v) => v === undefined)) {
      addSum('total.bw_mib_s', rows.map((m) => {
        const parts = DIRS.map((d) => m[`${d}.bw_mib_s`]).filter((v): v is number => v !== undefined);
        return parts.length > 0 ? sum(parts) : undefined;
      }));
    } else addSum(`${scope}.bw_mib_s`, bws);
    let num = 0;
    let den = 0;
    for (const m of rows) {
      const lat = scope === 'total' ? deviceTotalLatency(m) : m[`${scope}.lat_avg_ms`];
      const iops = deviceIops(m, scope);
      if (lat === undefined || iops === undefined) continue;
      num += lat * iops;
      den += iops;
    }
    if (den > 0) metrics[`${scope}.lat_avg_ms`] = num / den;
  }
  addSum('qdepth', rows.map((m) => m['qdepth']));
  const utils = rows.map((m) => m['util_pct']).filter((v): v is number => v !== undefined);
  if (utils.length > 0) metrics['util_pct'] = Math.max(...utils);
  return { metrics, summed, excluded };
}

/** The listed metrics of one object, as run metrics. */
export function pick(means: Record<string, number> | undefined, names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  if (!means) return out;
  for (const n of names) if (means[n] !== undefined) out[n] = means[n]!;
  return out;
}

/** A small table of per-object means, rounded for display, for ParsedRun.tables. */
export function meansTable(means: Means, objects?: readonly string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [object, m] of means) if (!objects || objects.includes(object)) out[object] = { ...m };
  return out;
}
