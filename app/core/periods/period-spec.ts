/**
 * A period is a named set of time ranges, written the way engineers say it:
 *   daily 08:30-15:30 on 2017-09-08, 09-13, 09-14     (a window on chosen days)
 *   after 2017-09-14 18:00     /  after the cutover at 2017-09-14 18:00
 *   before 2017-09-14 18:00
 *   2017-09-08 08:30 to 2017-09-08 15:30; 2017-09-13 08:30 to 15:30   (explicit ranges)
 * Times are wall-clock times in the period's zone; ranges are stored in UTC, half-open.
 */
import { isValidZone, wallTimeToUtc } from './timezone.js';

export interface TimeRange {
  /** UTC epoch ms; null = unbounded. */
  start: number | null;
  end: number | null;
}

export interface PeriodDefinition {
  spec: string;
  zone: string;
  ranges: TimeRange[];
  /** For daily windows: the days, in the zone. */
  days: string[];
}

export class PeriodSpecError extends Error {
  constructor(spec: string, why: string) {
    super(`cannot read period "${spec}": ${why}`);
    this.name = 'PeriodSpecError';
  }
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$|^(\d{1,2})-(\d{1,2})$/;
const DATETIME = /(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})/;

function hm(text: string, spec: string): [number, number] {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59) throw new PeriodSpecError(spec, `"${text}" is not a time (HH:MM)`);
  return [Number(m[1]), Number(m[2])];
}

function daily(spec: string, zone: string, m: RegExpExecArray): PeriodDefinition {
  const [h1, m1] = hm(m[1]!, spec);
  const [h2, m2] = hm(m[2]!, spec);
  if (h2 * 60 + m2 <= h1 * 60 + m1) throw new PeriodSpecError(spec, 'the window must end after it starts, within the day');
  let year: number | null = null;
  const days: string[] = [];
  const ranges: TimeRange[] = [];
  for (const part of m[3]!.split(/[,;\s]+(?:and\s+)?/).map((p) => p.trim()).filter(Boolean)) {
    const d = DATE.exec(part);
    if (!d) throw new PeriodSpecError(spec, `"${part}" is not a date (YYYY-MM-DD, or MM-DD after a full date)`);
    if (d[1]) year = Number(d[1]);
    if (year === null) throw new PeriodSpecError(spec, `"${part}" has no year and no full date comes before it`);
    const mo = Number(d[2] ?? d[4]);
    const da = Number(d[3] ?? d[5]);
    days.push(`${year}-${String(mo).padStart(2, '0')}-${String(da).padStart(2, '0')}`);
    ranges.push({ start: wallTimeToUtc(year, mo, da, h1, m1, zone), end: wallTimeToUtc(year, mo, da, h2, m2, zone) });
  }
  if (ranges.length === 0) throw new PeriodSpecError(spec, 'no days given after "on"');
  return { spec, zone, ranges, days };
}

function instant(text: string, spec: string, zone: string): number {
  const m = DATETIME.exec(text);
  if (!m) throw new PeriodSpecError(spec, `"${text.trim()}" is not a date and time (YYYY-MM-DD HH:MM)`);
  return wallTimeToUtc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), zone);
}

export function parsePeriod(spec: string, zone = 'UTC'): PeriodDefinition {
  const text = spec.trim();
  if (!isValidZone(zone)) throw new PeriodSpecError(spec, `unknown time zone "${zone}"`);
  const d = /^daily\s+(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})\s+on\s+(.+)$/i.exec(text);
  if (d) return daily(text, zone, d);
  const edge = /^(after|before)\b(.*)$/i.exec(text);
  if (edge) {
    const t = instant(edge[2]!, text, zone);
    return { spec: text, zone, days: [], ranges: [edge[1]!.toLowerCase() === 'after' ? { start: t, end: null } : { start: null, end: t }] };
  }
  const ranges: TimeRange[] = [];
  for (const part of text.split(/;/).map((p) => p.trim()).filter(Boolean)) {
    const r = /^(.+?)\s+(?:to|until|–|\.\.)\s+(.+)$/i.exec(part);
    if (!r) throw new PeriodSpecError(spec, `"${part}" is neither "daily HH:MM-HH:MM on DATES", "after/before DATE TIME" nor "START to END"`);
    const start = instant(r[1]!, text, zone);
    const endText = r[2]!.trim();
    let end: number;
    if (/^\d{1,2}:\d{2}$/.test(endText)) {
      const s = DATETIME.exec(r[1]!)!;
      const [h, mi] = hm(endText, text);
      end = wallTimeToUtc(Number(s[1]), Number(s[2]), Number(s[3]), h, mi, zone);
    } else end = instant(endText, text, zone);
    if (end <= start) throw new PeriodSpecError(spec, `"${part}" ends before it starts`);
    ranges.push({ start, end });
  }
  return { spec: text, zone, ranges, days: [] };
}

export function inRanges(t: number, ranges: readonly TimeRange[]): boolean {
  return ranges.some((r) => (r.start === null || t >= r.start) && (r.end === null || t < r.end));
}
