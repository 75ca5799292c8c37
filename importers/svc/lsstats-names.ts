/**
 * Metric names for `lssystemstats` / `lsnodestats` / `lsnodecanisterstats` stats (FORMATS.md
 * 4.2). Host-facing volume stats map to PerfDelta's canonical names; everything else is kept
 * as `svc.<stat_name>` in the stat's own unit, so nothing the system reported is lost.
 */
import { fromWallClock } from '../dates.js';

/**
 * `_mb` stats are "MBps" (FORMATS.md 4.2 units; IBM's stat table: "megabytes per second
 * (MBps)"), taken as decimal MB: MiB/s = MB/s x 10^6 / 2^20. IBM's CLI elsewhere writes MB for
 * MiB (capacities), so this is the documented reading, not a proven one; the factor is in
 * tables.stat_mapping for anyone who needs to undo it.
 */
export const MB_TO_MIB = 1e6 / 1048576;

export interface StatMapping {
  stat: string;
  metric: string;
  /** metric = stat value x factor. */
  factor: number;
  unit: string;
}

const CANONICAL: Record<string, [string, number, string]> = {
  vdisk_r_io: ['read.iops', 1, 'IOPS'],
  vdisk_w_io: ['write.iops', 1, 'IOPS'],
  vdisk_io: ['total.iops', 1, 'IOPS'],
  vdisk_r_mb: ['read.bw_mib_s', MB_TO_MIB, 'MiB/s'],
  vdisk_w_mb: ['write.bw_mib_s', MB_TO_MIB, 'MiB/s'],
  vdisk_mb: ['total.bw_mib_s', MB_TO_MIB, 'MiB/s'],
  // "_ms = ms average over the sample period" (FORMATS.md 4.2).
  vdisk_r_ms: ['read.lat_avg_ms', 1, 'ms'],
  vdisk_w_ms: ['write.lat_avg_ms', 1, 'ms'],
  vdisk_ms: ['total.lat_avg_ms', 1, 'ms'],
  cpu_pc: ['cpu_pct', 1, '%'],
};

/** The unit a raw stat is in, from its suffix (FORMATS.md 4.2 "Units"). */
function rawUnit(stat: string): string {
  if (stat.endsWith('_mb')) return 'MB/s';
  if (stat.endsWith('_io')) return 'ops/s';
  if (stat.endsWith('_ms')) return 'ms';
  if (stat.endsWith('_pc')) return '%';
  if (stat.endsWith('_w')) return 'W';
  if (stat.endsWith('_c')) return '°C';
  if (stat.endsWith('_f')) return '°F';
  return '';
}

/** Metric of a stat's current (or history) value. */
export function statMapping(stat: string): StatMapping {
  const c = CANONICAL[stat];
  if (c) return { stat, metric: c[0], factor: c[1], unit: c[2] };
  return { stat, metric: `svc.${stat}`, factor: 1, unit: rawUnit(stat) };
}

/** Metric of a stat's 5-minute peak: always the raw stat, in its own unit. */
export function peakMetric(stat: string): string {
  return `svc.${stat}_peak`;
}

/**
 * lsnodestats, lsenclosurestats and their kind give the same stats once per object, keyed by
 * their own id column; one run per file keeps them apart with that key as a prefix:
 * `node.<node_name>.read.iops`, `enclosure.<enclosure_id>.svc.power_w`.
 */
export function keyScoped(key: { kind: string; id: string | null; name: string | null } | null, metric: string): string {
  return key === null ? metric : `${key.kind}.${key.name ?? key.id}.${metric}`;
}

/**
 * `stat_peak_time` / `sample_time`: YYMMDDHHMMSS (FORMATS.md 4.2), in the system's local time,
 * whose zone the output does not give: read as if UTC. Null when not that shape.
 */
export function statTimeMs(s: string): number | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s.trim());
  if (!m) return null;
  if (+m[6]! > 59) return null;
  return fromWallClock({ year: 2000 + Number(m[1]), month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! })?.epochMs ?? null;
}
