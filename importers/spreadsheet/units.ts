/**
 * Units a table states (in a units row, or in the header: "Latency (ms)", "BW[MiB/s]") and the
 * factor to the metric dictionary's canonical unit. MB/s and MiB/s are different units: a
 * column's unit is always stated in the mapping, never guessed silently.
 */

export type Dimension = 'rate' | 'bandwidth' | 'time' | 'percent' | 'count' | 'size';

export interface UnitInfo {
  /** The unit as the mapping writes it. */
  unit: string;
  dimension: Dimension;
  /** Multiply a value in this unit by `factor` to get the canonical unit of its dimension. */
  factor: number;
}

const MIB = 1048576;

/** Canonical units: IOPS (and other per-second rates), MiB/s, ms, %, bytes. */
const UNITS: UnitInfo[] = [
  { unit: 'IOPS', dimension: 'rate', factor: 1 },
  { unit: 'KIOPS', dimension: 'rate', factor: 1000 },
  { unit: 'ops/s', dimension: 'rate', factor: 1 },
  { unit: 'TPS', dimension: 'rate', factor: 1 },
  { unit: 'QPS', dimension: 'rate', factor: 1 },
  { unit: 'TPM', dimension: 'rate', factor: 1 },
  { unit: 'NOPM', dimension: 'rate', factor: 1 },
  { unit: 'MiB/s', dimension: 'bandwidth', factor: 1 },
  { unit: 'MB/s', dimension: 'bandwidth', factor: 1e6 / MIB },
  { unit: 'KiB/s', dimension: 'bandwidth', factor: 1 / 1024 },
  { unit: 'KB/s', dimension: 'bandwidth', factor: 1e3 / MIB },
  { unit: 'GiB/s', dimension: 'bandwidth', factor: 1024 },
  { unit: 'GB/s', dimension: 'bandwidth', factor: 1e9 / MIB },
  { unit: 'B/s', dimension: 'bandwidth', factor: 1 / MIB },
  { unit: 'ms', dimension: 'time', factor: 1 },
  { unit: 'µs', dimension: 'time', factor: 1e-3 },
  { unit: 'ns', dimension: 'time', factor: 1e-6 },
  { unit: 's', dimension: 'time', factor: 1000 },
  { unit: '%', dimension: 'percent', factor: 1 },
  { unit: 'count', dimension: 'count', factor: 1 },
  { unit: 'B', dimension: 'size', factor: 1 },
  { unit: 'KiB', dimension: 'size', factor: 1024 },
  { unit: 'MiB', dimension: 'size', factor: MIB },
];

export const UNIT_NAMES: readonly string[] = UNITS.map((u) => u.unit);

/** The spellings people write, folded to the units above. */
const ALIASES: Record<string, string> = {
  iops: 'IOPS', 'io/s': 'IOPS', 'ios/s': 'IOPS', 'i/o/s': 'IOPS', 'op/s': 'ops/s', 'ops/s': 'ops/s', ops: 'ops/s', 'ops/sec': 'ops/s',
  kiops: 'KIOPS', 'k iops': 'KIOPS', tps: 'TPS', qps: 'QPS', tpm: 'TPM', nopm: 'NOPM',
  'mib/s': 'MiB/s', 'mibps': 'MiB/s', 'mb/s': 'MB/s', mbps: 'MB/s', 'mb/sec': 'MB/s', 'kib/s': 'KiB/s', 'kb/s': 'KB/s', kbps: 'KB/s',
  'gib/s': 'GiB/s', 'gb/s': 'GB/s', 'b/s': 'B/s', 'bytes/s': 'B/s',
  ms: 'ms', msec: 'ms', 毫秒: 'ms', 'µs': 'µs', 'μs': 'µs', us: 'µs', usec: 'µs', 微秒: 'µs', ns: 'ns', nsec: 'ns', s: 's', sec: 's', 秒: 's',
  '%': '%', pct: '%', percent: '%',
  b: 'B', bytes: 'B', k: 'KiB', kb: 'KiB', kib: 'KiB', m: 'MiB', mib: 'MiB',
};

export function unitInfo(unit: string): UnitInfo | null {
  return UNITS.find((u) => u.unit === unit) ?? null;
}

/** A cell or header fragment read as a unit, or null when it is not one. */
export function parseUnit(text: string): UnitInfo | null {
  const key = text.trim().replace(/^[([{]|[)\]}]$/g, '').trim().toLowerCase();
  const name = ALIASES[key];
  return name ? unitInfo(name) : null;
}

const OPENING = '([（【{';
const CLOSING = ')]）】}';

/**
 * A header's closing bracketed part, "Latency (ms)" -> { before: "Latency", inner: "ms" }, or
 * null. Found by scanning from the end, not by a pattern: a header of thousands of "[" made the
 * pattern try every start (the fuzz suite: a minute for a 30 KB header).
 */
export function trailingBracket(header: string): { before: string; inner: string } | null {
  const end = header.trimEnd();
  if (end === '' || !CLOSING.includes(end[end.length - 1]!)) return null;
  for (let i = end.length - 2; i >= 0; i--) {
    const ch = end[i]!;
    if (CLOSING.includes(ch)) return null;
    if (OPENING.includes(ch)) return { before: end.slice(0, i).trimEnd(), inner: end.slice(i + 1, -1).trim() };
  }
  return null;
}

/** A unit written in the header text: "Latency (ms)", "BW[MiB/s]", "IOPS", "时延（ms）". */
export function unitInHeader(header: string): UnitInfo | null {
  const bracket = trailingBracket(header);
  if (bracket && bracket.inner !== '') {
    const u = parseUnit(bracket.inner);
    if (u) return u;
  }
  const words = header.split(/[\s/_-]+/).filter(Boolean);
  // "MB/s" is split by the slash above: look at the header's last word as a whole too.
  const trimmed = header.trimEnd();
  let from = trimmed.length;
  while (from > 0 && !/\s/.test(trimmed[from - 1]!)) from--;
  const tail = trimmed.slice(from);
  if (/\/s(ec)?$/i.test(tail)) {
    const u = parseUnit(tail);
    if (u) return u;
  }
  const last = words[words.length - 1];
  if (last && /^(iops|ms|us|µs|μs|ns|tps|qps|tpm|nopm|kiops|mbps|mibps)$/i.test(last)) return parseUnit(last);
  return null;
}

/** The canonical unit of a dictionary unit string (IOPS, MiB/s, ms, %, ops/s...). */
export function dimensionOfCanonical(unit: string): Dimension {
  if (unit === 'MiB/s') return 'bandwidth';
  if (unit === 'ms' || unit === 's') return 'time';
  if (unit === '%') return 'percent';
  if (unit === 'errors') return 'count';
  return 'rate';
}
