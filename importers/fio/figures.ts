/**
 * The per-direction figures every fio output shape carries in its own way (JSON, terse,
 * normal console output), turned into canonical metrics and workload parameters once.
 */
import type { ParamValue } from '../types.js';

export interface LatencyFigures {
  meanMs: number;
  maxMs: number;
}

export interface DirectionFigures {
  iops: number;
  /** MiB/s (2^20 bytes per second). */
  bwMibS: number;
  runtimeMs: number;
  lat?: LatencyFigures;
  clat?: LatencyFigures;
  slat?: LatencyFigures;
  /** Percentile (50, 99, 99.9...) -> completion latency in ms. */
  clatPercentiles?: Record<number, number>;
}

const PCT_NAMES: Record<string, string> = { '50': 'p50', '90': 'p90', '95': 'p95', '99': 'p99', '99.9': 'p999', '99.99': 'p9999' };

/** One direction's figures as metrics named `<scope>.iops` and so on. */
function scopeMetrics(scope: string, f: DirectionFigures, m: Record<string, number>): void {
  m[`${scope}.iops`] = f.iops;
  m[`${scope}.bw_mib_s`] = f.bwMibS;
  for (const kind of ['lat', 'clat', 'slat'] as const) {
    const l = f[kind];
    if (!l || (l.meanMs === 0 && l.maxMs === 0)) continue;
    m[`${scope}.${kind}_avg_ms`] = l.meanMs;
    if (kind !== 'slat') m[`${scope}.${kind}_max_ms`] = l.maxMs;
  }
  for (const [p, v] of Object.entries(f.clatPercentiles ?? {})) {
    const name = PCT_NAMES[String(Number(p))];
    if (name && v > 0) m[`${scope}.clat_${name}_ms`] = v;
  }
}

/**
 * Metrics of each direction, and their total: summed rates and I/O-weighted latency means, or,
 * given `mixed` (unified_rw_reporting), fio's own combined figures, percentiles included.
 */
export function figuresToMetrics(dirs: Partial<Record<'read' | 'write' | 'trim', DirectionFigures>>, mixed?: DirectionFigures): Record<string, number> {
  const m: Record<string, number> = {};
  let iops = 0;
  let bw = 0;
  let ios = 0;
  const weighted: Record<string, number> = {};
  const maxima: Record<string, number> = {};
  for (const [dir, f] of Object.entries(dirs) as Array<[string, DirectionFigures]>) {
    scopeMetrics(dir, f, m);
    const n = (f.iops * f.runtimeMs) / 1000;
    iops += f.iops;
    bw += f.bwMibS;
    ios += n;
    for (const kind of ['lat', 'clat'] as const) {
      const l = f[kind];
      if (!l || (l.meanMs === 0 && l.maxMs === 0)) continue;
      weighted[kind] = (weighted[kind] ?? 0) + l.meanMs * n;
      maxima[kind] = Math.max(maxima[kind] ?? 0, l.maxMs);
    }
  }
  if (mixed) scopeMetrics('total', mixed, m);
  else if (Object.keys(dirs).length > 0) {
    m['total.iops'] = iops;
    m['total.bw_mib_s'] = bw;
    if (ios > 0) for (const [kind, sum] of Object.entries(weighted)) m[`total.${kind}_avg_ms`] = sum / ios;
    for (const [kind, max] of Object.entries(maxima)) m[`total.${kind}_max_ms`] = max;
  }
  return m;
}

/**
 * What the results alone prove about the workload, for outputs that carry no job options:
 * the read share of I/Os and the block size (bandwidth / IOPS, snapped to the power of two
 * that fio's separately rounded figures imply). With only `mixed` (unified_rw_reporting=1),
 * the block size alone: one mixed figure cannot tell the read share.
 */
export function derivedWorkload(dirs: Partial<Record<'read' | 'write' | 'trim', DirectionFigures>>, mixed?: DirectionFigures): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  const entries = Object.entries(dirs) as Array<[string, DirectionFigures]>;
  const ios = (f: DirectionFigures): number => (f.iops * f.runtimeMs) / 1000 || f.iops;
  const total = entries.reduce((s, [, f]) => s + ios(f), 0);
  if (total > 0) params['read_pct'] = Math.round(((dirs.read ? ios(dirs.read) : 0) / total) * 100);
  const measured = entries.length > 0 ? entries.map(([, f]) => f) : mixed ? [mixed] : [];
  const sizes = measured.filter((f) => f.iops > 0).map((f) => (f.bwMibS * 1048576) / f.iops);
  if (sizes.length > 0) {
    const raw = sizes[0]!;
    const pow2 = 2 ** Math.round(Math.log2(raw));
    params['bs'] = Math.abs(raw - pow2) / pow2 < 0.05 ? pow2 : Math.round(raw / 512) * 512;
  }
  return params;
}
