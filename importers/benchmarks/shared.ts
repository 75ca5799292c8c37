/**
 * Small pieces the benchmark importers share: line splitting, number reading, operation names
 * as metric scopes, and the shape of an empty run. Nothing here knows a format.
 */
import type { ParsedRun, ParsedSeries } from '../types.js';

/** Lines as the tools wrote them: Windows tools (IOmeter, DiskSpd) end lines with CRLF. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** A finite number from a field, or null: "N/A", "", "-" and "nan" are "not measured", never 0. */
export function num(field: string | undefined | null): number | null {
  if (field === undefined || field === null) return null;
  const t = field.trim();
  if (t === '' || !/^[-+]?(\d+(?:\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** "99.53%" -> 99.53; a bare number is taken as a percentage too. */
export function percent(field: string | undefined): number | null {
  if (field === undefined) return null;
  return num(field.trim().replace(/%$/, ''));
}

/**
 * A tool's operation name as a metric scope: lowercased, every run of other characters one '_'
 * ("readVehicles" -> "readvehicles", "follower-read" -> "follower_read"), so the name passes
 * the RPC metric-name check `^[a-z0-9_.]+$`.
 */
export function opKey(name: string): string {
  const k = name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return k === '' ? 'op' : k;
}

export function emptyRun(tool: string, name: string, toolVersion: string | null = null): ParsedRun {
  return { name, tool, toolVersion, host: null, startMs: null, endMs: null, params: {}, metrics: {}, tables: {}, series: [], warnings: [], errors: [] };
}

/** The unit a series is drawn in, from the quantity at the end of its metric name. */
export function unitOf(metric: string): string {
  const q = metric.slice(metric.lastIndexOf('.') + 1);
  if (q.endsWith('_ms')) return 'ms';
  if (q === 'bw_mib_s') return 'MiB/s';
  if (q === 'iops') return 'IOPS';
  if (q === 'tps') return 'TPS';
  if (q === 'qps') return 'QPS';
  if (q.endsWith('_pct')) return '%';
  if (q.endsWith('_per_s')) return 'ops/s';
  return '';
}

/**
 * Builds series from aligned columns, dropping points whose value is missing (NaN) so a gap
 * stays a gap instead of becoming a 0 that would drag a mean down. Empty series are left out.
 */
export function seriesOf(object: string, columns: Map<string, number[]>, times: readonly number[]): ParsedSeries[] {
  const out: ParsedSeries[] = [];
  for (const [metric, values] of columns) {
    const t: number[] = [];
    const v: number[] = [];
    values.forEach((value, i) => {
      const time = times[i];
      if (time !== undefined && Number.isFinite(value)) {
        t.push(time);
        v.push(value);
      }
    });
    if (v.length > 0) out.push({ object, metric, unit: unitOf(metric), times: Float64Array.from(t), values: Float64Array.from(v) });
  }
  return out;
}

/** Appends a value to a named column, creating it (NaN-padded to `index`) on first use. */
export function pushAt(columns: Map<string, number[]>, metric: string, index: number, value: number): void {
  let col = columns.get(metric);
  if (!col) columns.set(metric, (col = []));
  while (col.length < index) col.push(Number.NaN);
  col[index] = value;
}

/** "12:34:56" -> ms since midnight; null when it is not a time of day. */
export function timeOfDayMs(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.:](\d{1,3}))?$/.exec(text.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (h > 23 || min > 59 || s > 60) return null;
  return ((h * 60 + min) * 60 + s) * 1000 + (m[4] ? Number(m[4].padEnd(3, '0')) : 0);
}

/**
 * Times of day with no date, made relative to the first one (the convention of vdbench's
 * undated intervals): a time that goes back by more than a minute means midnight passed.
 */
export function relativeTimes(todMs: readonly number[]): number[] {
  const out: number[] = [];
  let day = 0;
  let last: number | null = null;
  for (const t of todMs) {
    if (last !== null && t + 60_000 < last) day += 86_400_000;
    last = t;
    out.push(day + t);
  }
  const first = out[0] ?? 0;
  return out.map((t) => t - first);
}

export const ZONE_WARNING = 'its times carry no time zone: they are read as UTC wall-clock times, so absolute times may be off by the zone offset (durations are right)';
