import { formatNumber } from './number-format.js';

export { decimalsFor, formatNumber, formatWithUnit } from './number-format.js';

/** A number in its unit, as every view prints it (significant digits per unit: see number-format.ts). */
export function formatValue(value: number | undefined | null, unit: string, locale: string): string {
  return formatNumber(value, unit, locale);
}

/**
 * A chart title with its unit: "Read latency (ms)", but "IOPS" and "Random read IOPS over time",
 * not "IOPS (IOPS)": the unit is added unless the title already names it as a word of its own.
 * In Chinese the brackets are full-width: 总计平均延迟（ms）.
 */
export function withUnit(label: string, unit: string, locale: string): string {
  if (unit === '') return label;
  // Latin letters and digits only: in "读IOPS" the Chinese character does not hide the unit.
  const isWord = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9µ]/.test(c);
  const text = label.toLowerCase();
  for (let at = text.indexOf(unit.toLowerCase()); at >= 0; at = text.indexOf(unit.toLowerCase(), at + 1)) {
    if (!isWord(label[at - 1]) && !isWord(label[at + unit.length])) return label;
  }
  return locale === 'zh-CN' ? `${label}（${unit}）` : `${label} (${unit})`;
}

export function formatBlockSize(bytes: unknown): string {
  if (bytes === null) return '–';
  if (typeof bytes !== 'number') return '–';
  const units: Array<[number, string]> = [[1 << 30, 'G'], [1 << 20, 'M'], [1 << 10, 'K']];
  for (const [size, unit] of units) if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}B`;
}

/** Offset of a zone (IANA or ±HH:MM) from UTC at an instant, in minutes: charts show data in its zone. */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  const fixed = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0));
  if (zone === 'UTC') return 0;
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(utcMs));
    const get = (k: string): number => Number(parts.find((p) => p.type === k)!.value);
    return Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(utcMs / 60000) * 60000) / 60000);
  } catch {
    return 0;
  }
}
