/**
 * Column -> metric mapping for Spectrum Control / Storage Insights performance CSVs
 * (FORMATS.md 4.3). The documented metric names carry their unit in parentheses
 * ("Read Response Time (ms/op)", "Total Data Rate (MiB/s)"), but the exact column strings are
 * UNVERIFIED and vary by release, so columns are matched by pattern, not by string; the closest
 * verified header is stor2rrd's TPC-style one ("Read IO Rate (IO/s)", "Read Data Rate (KB/s)",
 * "Peak Read Response Time (ms)"). Every decision lands in tables.column_mapping, so the import
 * sheet shows how each column was read; columns that match nothing are kept as sc.<snake_case>.
 */

export type ColumnRole = 'time' | 'object' | 'object_id' | 'interval' | 'metric' | 'attribute';

export interface ColumnMapping {
  column: string;
  role: ColumnRole;
  /** Metric name for role 'metric', else null. */
  metric: string | null;
  /** The unit of the metric as stored (after factor), or the column's own unit. */
  unit: string;
  /** metric value = column value x factor. */
  factor: number;
  note?: string;
}

/** "Read Response Time (ms/op)" -> label "Read Response Time", unit "ms/op". */
export function splitUnit(header: string): { label: string; unit: string } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(header.trim());
  return m && m[1] ? { label: m[1].trim(), unit: m[2]!.trim() } : { label: header.trim(), unit: '' };
}

export function snakeCase(header: string): string {
  return header.toLowerCase().replace(/\bi\/o\b/g, 'io').replace(/%/g, ' pct ').replace(/\//g, ' per ').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'column';
}

const TIME_LABEL = /^(?:time|timestamp|time ?stamp|date|date ?\/ ?time|date and time|sample time|interval end|interval end time|end time|interval start|start time)$/i;
const INTERVAL_LABEL = /^(?:interval|interval length|interval size|sample interval)$/i;
const OBJECT_LABEL = /^(?:volume|vdisk|volume \(vdisk\)|pool|storage pool|managed disk group|node|port|managed disk|mdisk|drive|i\/o group|io group|resource|name)(?: \(vdisk\))?(?: name)?$/i;
const OBJECT_ID_LABEL = /^(?:volume|vdisk|pool|managed disk group|node|port|managed disk|mdisk|drive|i\/o group|io group|resource)(?: \(vdisk\))? id$/i;

/** What kind of object a name/id column names; null for a bare "Name". */
export function objectKind(label: string): string | null {
  const l = label.toLowerCase();
  if (/^(volume|vdisk)/.test(l)) return 'volume';
  if (/^(pool|storage pool|managed disk group)/.test(l)) return 'pool';
  if (/^(managed disk|mdisk)/.test(l)) return 'mdisk';
  if (/^node/.test(l)) return 'node';
  if (/^port/.test(l)) return 'port';
  if (/^drive/.test(l)) return 'drive';
  if (/^(i\/o|io) group/.test(l)) return 'iogroup';
  return null;
}

/** Direction words: "Read ...", "Overall Read ...", "Total Overall ...", "... - overall". */
function direction(label: string): 'read' | 'write' | 'total' | null {
  const l = label.toLowerCase();
  const read = /\bread\b/.test(l);
  const write = /\bwrit(?:e|es|ten)\b/.test(l);
  if (read && !write) return 'read';
  if (write && !read) return 'write';
  if (!read && !write && /\b(?:total|overall)\b/.test(l)) return 'total';
  return null;
}

/**
 * Words that make a column a breakdown or a different quantity, not the plain figure: the
 * sequential share, the hourly maximum, cache-hit response times, back-end, transfer sizes.
 */
const QUALIFIED = /\b(?:max|maximum|min|minimum|sequential|nonsequential|normal|cache|hit|hits|miss|remote|mirror|backend|back-end|port|host|transfer|queue|queued|delay|percentage|size|unaligned|compressed|uncompressed|destage|prestage|node|external|internal)\b/i;

function dataRateFactor(unit: string): { factor: number; note?: string } | null {
  const u = unit.replace(/\s+/g, '').toLowerCase();
  if (u === 'mib/s') return { factor: 1 };
  if (u === 'kib/s') return { factor: 1 / 1024 };
  // stor2rrd's TPC-style "KB/s" is bytes/1024 (svcperf.pl VDiskPrint divides by 1024).
  if (u === 'kb/s') return { factor: 1 / 1024, note: 'KB/s read as KiB/s (stor2rrd svcperf.pl writes bytes/1024)' };
  if (u === 'mb/s') return { factor: 1, note: 'MB/s read as MiB/s (IBM storage tools write MB for 2^20 bytes); UNVERIFIED' };
  if (u === 'gib/s') return { factor: 1024 };
  if (u === 'gb/s') return { factor: 1024, note: 'GB/s read as GiB/s; UNVERIFIED' };
  if (u === 'b/s' || u === 'bytes/s') return { factor: 1 / 1048576 };
  return null;
}

function timeFactor(unit: string): number | null {
  const u = unit.replace(/\s+/g, '').toLowerCase();
  if (u === 'ms' || u === 'ms/op' || u === 'msec') return 1;
  if (u === 'µs' || u === 'us' || u === 'µs/op' || u === 'us/op' || u === 'usec') return 1e-3;
  if (u === 's' || u === 's/op' || u === 'sec') return 1e3;
  return null;
}

/** The canonical metric a numeric column maps to, or null to keep it as sc.<snake_case>. */
export function canonicalMetric(header: string): { metric: string; unit: string; factor: number; note?: string } | null {
  const { label, unit } = splitUnit(header);
  const l = label.toLowerCase().replace(/\s+/g, ' ');
  const u = unit.toLowerCase().replace(/\s+/g, '');
  // "Read I/O Rate - overall" is the plain figure; "- sequential" and the like are breakdowns.
  const suffix = / - ([a-z -]+)$/.exec(l)?.[1];
  const core = suffix === 'overall' ? l.replace(/ - overall$/, '') : l;
  const qualified = (suffix !== undefined && suffix !== 'overall') || QUALIFIED.test(core);
  const dir = direction(core) ?? (/^(?:i\/o rate|io rate|data rate|response time)$/.test(core) ? 'total' : null);

  if (/\bcache hits?\b/.test(core) && (u === '%' || /percentage/.test(core)) && !/response|time|rate/.test(core)) {
    const d = direction(core);
    return d === 'read' || d === 'write' ? { metric: `${d}.cache_hit_pct`, unit: '%', factor: 1 } : null;
  }
  if (/\bcpu utili[sz]ation\b/.test(core) && u === '%' && !qualified) return { metric: 'cpu_pct', unit: '%', factor: 1 };
  if (dir === null) return null;
  if (/^peak\b/.test(core) && /\bresponse time\b/.test(core) && (dir === 'read' || dir === 'write')) {
    const f = timeFactor(unit);
    const rest = core.replace(/^peak\s+/, '');
    return f !== null && !QUALIFIED.test(rest) ? { metric: `${dir}.lat_peak_ms`, unit: 'ms', factor: f } : null;
  }
  if (qualified || /^peak\b/.test(core)) return null;
  if (/\b(?:i\/o|io) rate\b/.test(core) && /^(?:ops\/s|io\/s|i\/o\/s|iops|ops\/sec)$/.test(u)) return { metric: `${dir}.iops`, unit: 'IOPS', factor: 1 };
  if (/\bdata rate\b/.test(core)) {
    const f = dataRateFactor(unit);
    return f ? { metric: `${dir}.bw_mib_s`, unit: 'MiB/s', ...f } : null;
  }
  if (/\bresponse time\b/.test(core)) {
    const f = timeFactor(unit);
    return f !== null ? { metric: `${dir}.lat_avg_ms`, unit: 'ms', factor: f } : null;
  }
  return null;
}

/** Role of a column from its header alone; 'metric' is decided later from the values. */
export function headerRole(header: string): 'time' | 'object' | 'object_id' | 'interval' | null {
  const { label, unit } = splitUnit(header);
  if (TIME_LABEL.test(label)) return 'time';
  if (INTERVAL_LABEL.test(label) && /^(?:s|sec|secs|seconds|)$/i.test(unit)) return 'interval';
  if (OBJECT_ID_LABEL.test(label)) return 'object_id';
  if (OBJECT_LABEL.test(header.trim())) return 'object';
  return null;
}

/** A header line of these exports: a time column and at least two rate/response columns. */
export function looksLikeHeader(fields: readonly string[]): boolean {
  let time = false;
  let perf = 0;
  for (const f of fields) {
    const { label, unit } = splitUnit(f);
    if (TIME_LABEL.test(label)) time = true;
    else if (unit !== '' && /(?:\bi\/o rate|\bio rate|\bdata rate|\bresponse time)\b/i.test(label)) perf++;
  }
  return time && perf >= 2;
}
