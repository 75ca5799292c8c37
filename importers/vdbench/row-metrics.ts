/**
 * From vdbench columns to canonical metrics. The interval tables (FORMATS.md 2.2, 2.3) and the
 * flatfile (2.4) name the same quantities differently; both are first mapped to one set of
 * field names here, then to metrics by one function.
 *
 * Units: response times are ms in every vdbench report (SdStats.respTime = µs / 1000).
 * "MB/sec" is MiB/s: raw reports divide by Report.MB = 1024*1024 and say so in the header
 * ("1024**2"; "1000**2" only with the -mb flag, converted here), file-system reports divide by
 * FwdStats.MB = 1024*1024, and the flatfile legend says "MB=1024*1024".
 */

export type Workload = 'raw' | 'fs';

/** A row as field name -> value; NaN is "printed but not a number" (cpu `NaN`). */
export type Fields = Record<string, number>;

/** File-system operations in the order FwdStats prints them, with the plural used in names. */
export const FS_OPERATIONS: ReadonlyArray<[string, string]> = [
  ['read', 'reads'], ['write', 'writes'], ['mkdir', 'mkdirs'], ['rmdir', 'rmdirs'], ['create', 'creates'],
  ['open', 'opens'], ['close', 'closes'], ['delete', 'deletes'], ['getattr', 'getattrs'],
  ['setattr', 'setattrs'], ['access', 'accesses'], ['copy', 'copies'], ['move', 'moves'],
];

/** Interval-table columns ("group sub", lower case) to field names. */
const TABLE_FIELDS: Record<string, string> = {
  'i/o rate': 'iops', 'mb/sec 1024**2': 'mbps', 'mb/sec 1000**2': 'mbps_decimal', 'bytes i/o': 'bytes_per_io',
  'read pct': 'read_pct', 'resp time': 'resp', 'read resp': 'read_resp', 'write resp': 'write_resp',
  'resp max': 'resp_max', 'read max': 'read_max', 'write max': 'write_max', 'resp stddev': 'resp_std',
  'queue depth': 'qdepth', 'cpu% sys+u': 'cpu_total', 'cpu% total': 'cpu_total', 'cpu% sys': 'cpu_sys',
  'reqstdops rate': 'iops', 'reqstdops resp': 'resp', 'mb/sec read': 'mb_read', 'mb/sec write': 'mb_write',
  'mb/sec total': 'mbps', 'xfer size': 'xfer_size',
};

export function tableField(column: string): string {
  const known = TABLE_FIELDS[column];
  if (known) return known;
  // "mkdir rate", "create resp", ... (FORMATS.md 2.3 item 10-11)
  const op = /^(\w+) (rate|resp)$/.exec(column);
  if (op && FS_OPERATIONS.some(([o]) => o === op[1])) return `${op[1]}_${op[2]}`;
  return column;
}

/** Flatfile columns (lower-cased) to field names, where they differ. */
const FLAT_FIELDS: Record<string, string> = {
  rate: 'iops', 'mb/sec': 'mbps', 'bytes/io': 'bytes_per_io', 'read%': 'read_pct', queue_depth: 'qdepth',
  cpu_used: 'cpu_total', cpu_user: 'cpu_user', cpu_kernel: 'cpu_sys', xfersize: 'xfersize',
  read_resp_std: 'read_std', read_resp_max: 'read_max', write_resp_std: 'write_std', write_resp_max: 'write_max',
};

export function flatField(column: string): string {
  const c = column.toLowerCase();
  return FLAT_FIELDS[c] ?? c;
}

/** Parses a printed number: "97.8", "1,5" (comma-decimal locale), "NaN"; null for "n/a". */
export function parseNumber(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  if (t === '' || /^n\/a$/i.test(t)) return null;
  if (/^nan$/i.test(t)) return NaN;
  const v = Number(/^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : t);
  return Number.isFinite(v) ? v : null;
}

const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;

function put(metrics: Record<string, number>, name: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) metrics[name] = value;
}

function mibPerSec(f: Fields): number | undefined {
  if (f['mbps'] !== undefined) return f['mbps'];
  return f['mbps_decimal'] === undefined ? undefined : (f['mbps_decimal'] * 1e6) / 1048576;
}

function cpuMetrics(f: Fields, metrics: Record<string, number>): void {
  const sys = f['cpu_sys'];
  const usr = f['cpu_user'] ?? (f['cpu_total'] !== undefined && sys !== undefined ? round6(f['cpu_total'] - sys) : undefined);
  put(metrics, 'cpu_usr_pct', usr);
  put(metrics, 'cpu_sys_pct', sys);
}

/**
 * Raw I/O: read/write IOPS from the read percentage; a direction with no I/O gets no metrics
 * at all (its "0.000" response time means "not measured").
 */
function rawMetrics(f: Fields, metrics: Record<string, number>, zeroRates: boolean): void {
  const iops = f['iops'];
  put(metrics, 'total.iops', iops);
  put(metrics, 'total.bw_mib_s', mibPerSec(f));
  put(metrics, 'total.lat_avg_ms', f['resp']);
  const pct = f['read_pct'];
  const dirs: Array<['read' | 'write', number]> = [];
  if (pct !== undefined && Number.isFinite(pct)) dirs.push(['read', pct / 100], ['write', 1 - pct / 100]);
  for (const [d, share] of dirs) {
    if (share <= 0) {
      if (zeroRates) put(metrics, `${d}.iops`, 0);
      continue;
    }
    if (iops !== undefined) put(metrics, `${d}.iops`, round6(iops * share));
    // A one-direction run's totals are that direction's (50406 flatfiles have no read_resp).
    const only = share >= 1;
    put(metrics, `${d}.lat_avg_ms`, f[`${d}_resp`] ?? (only ? f['resp'] : undefined));
    put(metrics, `${d}.lat_max_ms`, f[`${d}_max`] ?? (only ? f['resp_max'] : undefined));
    put(metrics, `${d}.lat_stddev_ms`, f[`${d}_std`] ?? (only ? f['resp_std'] : undefined));
  }
  // 50406 prints one "resp max"; 50407 splits it into read max and write max.
  const maxima = [f['read_max'], f['write_max']].filter((v): v is number => v !== undefined && Number.isFinite(v));
  put(metrics, 'total.lat_max_ms', f['resp_max'] ?? (maxima.length ? Math.max(...maxima) : undefined));
  put(metrics, 'total.lat_stddev_ms', f['resp_std']);
  put(metrics, 'qdepth', f['qdepth']);
}

/**
 * File-system runs: every operation's rate and response time under fs.*, plus the
 * ReqstdOps totals and, for reads and writes, the directional storage metrics.
 * An operation with no rate gets no metrics.
 */
function fsMetrics(f: Fields, metrics: Record<string, number>, zeroRates: boolean): void {
  put(metrics, 'total.iops', f['iops']);
  put(metrics, 'total.lat_avg_ms', f['resp']);
  put(metrics, 'total.lat_max_ms', f['resp_max']);
  put(metrics, 'total.lat_stddev_ms', f['resp_std']);
  put(metrics, 'total.bw_mib_s', mibPerSec(f));
  for (const [op, plural] of FS_OPERATIONS) {
    const rate = f[`${op}_rate`];
    if (rate === undefined) continue;
    if (!(rate > 0)) {
      if (zeroRates) put(metrics, `fs.${plural}_per_s`, rate);
      if (zeroRates && (op === 'read' || op === 'write')) put(metrics, `${op}.iops`, rate);
      continue;
    }
    put(metrics, `fs.${plural}_per_s`, rate);
    if (f[`${op}_resp`] !== undefined) put(metrics, `fs.${op}_resp_ms`, f[`${op}_resp`]);
    if (op === 'read' || op === 'write') {
      put(metrics, `${op}.iops`, rate);
      put(metrics, `${op}.lat_avg_ms`, f[`${op}_resp`]);
      put(metrics, `${op}.lat_max_ms`, f[`${op}_max`]);
      put(metrics, `${op}.lat_stddev_ms`, f[`${op}_std`]);
      put(metrics, `${op}.bw_mib_s`, f[`mb_${op}`]);
    }
  }
}

/**
 * `zeroRates`: keep a rate of 0 (for series, where an idle interval is a point, not a gap);
 * a run's result leaves out what it never did.
 */
export function rowMetrics(workload: Workload, f: Fields, zeroRates = false): Record<string, number> {
  const metrics: Record<string, number> = {};
  if (workload === 'raw') rawMetrics(f, metrics, zeroRates);
  else fsMetrics(f, metrics, zeroRates);
  cpuMetrics(f, metrics);
  return metrics;
}

/** The unit a metric's series is drawn in. */
export function metricUnit(name: string): string {
  if (name.endsWith('.iops')) return 'IOPS';
  if (name.endsWith('_mib_s')) return 'MiB/s';
  if (name.endsWith('_ms')) return 'ms';
  if (name.endsWith('_pct')) return '%';
  if (name.endsWith('_per_s')) return 'ops/s';
  if (name === 'qdepth') return 'I/Os';
  return '';
}

/**
 * True when vdbench's avg row is all zeros: "avg_2-1" of a run that ended in its first interval.
 * Only the measured columns count: a flatfile row also repeats requested values (reqrate, xfersize).
 */
export function allZero(f: Fields): boolean {
  const measured = ['iops', 'mbps', 'mbps_decimal', 'resp'].map((k) => f[k]).filter((v): v is number => v !== undefined);
  return measured.length > 0 && measured.every((v) => v === 0);
}

/** Which rate a latency is averaged with, when PerfDelta must average intervals itself. */
function weightOf(metric: string): string | null {
  if (/^(total|read|write)\.lat_avg_ms$/.test(metric)) return metric.replace('lat_avg_ms', 'iops');
  const op = /^fs\.(\w+)_resp_ms$/.exec(metric);
  if (op) {
    const plural = FS_OPERATIONS.find(([o]) => o === op[1])?.[1];
    return plural ? `fs.${plural}_per_s` : null;
  }
  return null;
}

/**
 * What vdbench's avg row would have said, from interval rows (for a run with no avg row):
 * rates are the mean of equal-length intervals, mean response times are weighted by their
 * rate, maxima are the maximum. Standard deviations cannot be recombined and are left out.
 */
export function averageIntervals(rows: Array<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  const names = new Set(rows.flatMap((r) => Object.keys(r)));
  for (const name of names) {
    if (name.includes('stddev')) continue;
    const present = rows.filter((r) => r[name] !== undefined);
    if (name.endsWith('_max_ms')) {
      out[name] = Math.max(...present.map((r) => r[name]!));
      continue;
    }
    const weight = weightOf(name);
    if (weight) {
      const total = present.reduce((s, r) => s + (r[weight] ?? 0), 0);
      if (total > 0) out[name] = present.reduce((s, r) => s + r[name]! * (r[weight] ?? 0), 0) / total;
      continue;
    }
    // A direction or operation absent from an interval did 0 of it in that interval.
    out[name] = present.reduce((s, r) => s + r[name]!, 0) / (name.includes('iops') || name.endsWith('_per_s') || name.endsWith('_mib_s') ? rows.length : present.length);
  }
  return out;
}
