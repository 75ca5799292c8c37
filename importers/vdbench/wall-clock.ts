/**
 * Dates and times as vdbench prints them. Interval lines carry only a time of day; the date
 * is on each header line (`MMM dd, yyyy` in the JVM's locale) and the time zone, when at all,
 * in the summary's "created" line or in flatfile timestamps (FORMATS.md 2.2, 2.4). Months and
 * zones are read by importers/dates.ts, as every importer's are.
 */
import { fromWallClock, monthIndex, zoneOffsetMinutes } from '../dates.js';

export interface CalendarDate {
  year: number;
  /** 0-11, as Date.UTC wants it. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/**
 * A month as SimpleDateFormat "MMM" prints it: "Oct" in English, "5月" in a Chinese or
 * Japanese JVM (FORMATS.md 2.2: `5月 10, 2023`), "5월" in a Korean one (importers/dates.ts).
 */
export function parseMonth(text: string): number | null {
  return monthIndex(text);
}

function calendarDate(year: number, month: number | null, day: number): CalendarDate | null {
  if (month === null || day < 1 || day > 31 || year < 1990 || year > 2200) return null;
  return { year, month, day };
}

/**
 * The date that opens a header line, "Oct 09, 2019" or "5月 10, 2023". `length` is how many
 * characters it takes: the rest of the line is a fixed-format header, so a locale whose month
 * is shorter than "Oct" shifts every header label left of its column (FORMATS.md 2.2).
 */
export function parseHeaderDate(line: string): { date: CalendarDate | null; text: string; length: number } | null {
  const m = /^(\S+)\s+(\d{1,2}),\s+(\d{4})/.exec(line);
  if (!m) return null;
  return { date: calendarDate(Number(m[3]), parseMonth(m[1]!), Number(m[2])), text: m[0], length: m[0].length };
}

/** "09:42:38.044" as milliseconds since midnight; null when it is not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (h > 23 || min > 59 || s > 60) return null;
  return ((h * 60 + min) * 60 + s) * 1000 + (m[4] ? Number(m[4].padEnd(3, '0')) : 0);
}

export function localMidnight(date: CalendarDate): number {
  // The wall clock as if it were UTC: WallClock applies the zone itself.
  return fromWallClock({ year: date.year, month: date.month + 1, day: date.day })?.epochMs ?? Number.NaN;
}

/** Local time minus UTC for a zone Java printed (importers/dates.ts: ambiguous names give null). */
export function zoneOffsetMs(abbreviation: string): number | null {
  const min = zoneOffsetMinutes(abbreviation);
  return min === null ? null : min * 60_000;
}

export interface CreatedLine {
  date: CalendarDate | null;
  zone: string;
  /** Local time minus UTC, from the "(... UTC)" part, else from the zone abbreviation. */
  offsetMs: number | null;
}

/**
 * "Vdbench summary report, created 09:42:35 Oct 09 2019 ICT (02:42:35 Oct 09 2019 UTC)". The
 * UTC part gives the exact offset; vdbench 50406 omits it (a real file: "created 19:45:22
 * Dec 02 2020 CST"), then the abbreviation is all there is.
 */
export function parseCreatedLine(line: string): CreatedLine | null {
  const stamp = String.raw`(\d{2}:\d{2}:\d{2})\s+(\S+)\s+(\d{1,2})\s+(\d{4})`;
  const m = new RegExp(String.raw`created\s+${stamp}\s+(\S+)(?:\s+\(${stamp}\s+UTC\))?`).exec(line);
  if (!m) return null;
  const date = calendarDate(Number(m[4]), parseMonth(m[2]!), Number(m[3]));
  const zone = m[5]!;
  let offsetMs = zoneOffsetMs(zone);
  if (m[6] && date) {
    const utcDate = calendarDate(Number(m[9]), parseMonth(m[7]!), Number(m[8]));
    const local = parseTimeOfDay(m[1]!);
    const utc = parseTimeOfDay(m[6]);
    if (utcDate && local !== null && utc !== null) offsetMs = localMidnight(date) + local - (localMidnight(utcDate) + utc);
  }
  return { date, zone, offsetMs };
}

/**
 * Places times of day on the calendar. Every header block restates the date (it is the date
 * when the header was printed: Report.createHeaders formats `new Date()`), and between two
 * headers a time that goes backwards means midnight passed (FORMATS.md 2.2).
 * Values are "local epoch" ms: the wall clock read as if it were UTC; `toEpoch` applies the
 * zone. Without any date, `toEpoch` gives ms since the first placed line (relative times).
 */
export class WallClock {
  private midnight: number | null = null;
  private lastTod: number | null = null;
  private firstLocal: number | null = null;
  /** True once any date was seen: otherwise the times are relative. */
  dated = false;

  constructor(public offsetMs: number | null) {}

  setDate(date: CalendarDate): void {
    this.midnight = localMidnight(date);
    this.lastTod = null;
    this.dated = true;
  }

  place(tod: number): number {
    if (this.midnight === null) this.midnight = 0;
    // A minute of slack: the avg/std/max rows repeat the last interval's time.
    if (this.lastTod !== null && tod + 60_000 < this.lastTod) this.midnight += DAY_MS;
    this.lastTod = tod;
    const local = this.midnight + tod;
    this.firstLocal ??= local;
    return local;
  }

  /** Epoch ms; without a date, ms since the first line the clock placed. */
  toEpoch(local: number): number {
    if (!this.dated) return local - (this.firstLocal ?? 0);
    return local - (this.offsetMs ?? 0);
  }
}

/**
 * The local time of a run's "Starting RD=" line: the last moment with that time of day before
 * its first reported line. totals.html prints only the avg row, at the end of the run, so a run
 * longer than a day needs `elapsed` to find its start (a real file: elapsed=144000, 40 hours).
 */
export function startBefore(tod: number, firstLocal: number, elapsedS: number | null, onlyTotals: boolean): number {
  let start = Math.floor(firstLocal / DAY_MS) * DAY_MS + tod;
  if (start > firstLocal) start -= DAY_MS;
  if (onlyTotals && elapsedS !== null) {
    const extraDays = Math.round((elapsedS * 1000 - (firstLocal - start)) / DAY_MS);
    if (extraDays > 0) start -= extraDays * DAY_MS;
  }
  return start;
}
