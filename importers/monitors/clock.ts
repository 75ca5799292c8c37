/**
 * Dates and clock times as the Linux/Unix monitors print them.
 *
 * sysstat (iostat, sar) prints dates with strftime("%x") and times with "%X" in the user's
 * locale: "03/15/2016" and "09:34:00 AM" under en_US, "03/15/16" and "09:34:00" under C,
 * "2016-03-15" under S_TIME_FORMAT=ISO. nmon writes "07-DEC-2012" and "13:18:32"; dstat writes
 * "05 Oct 2016 23:04:53 UTC" in its header. None of them but dstat's header and iostat's ISO/JSON
 * timestamps carries a zone: such clock times are read as if they were UTC, and the importer
 * says so (UTC_ASSUMED), so intervals are right and absolute times may be off by the host's offset.
 * Months, zones and the conversion to an instant are importers/dates.ts's, as for every importer.
 */
import { fromWallClock, monthIndex, parseDateText } from '../dates.js';

export const UTC_ASSUMED =
  'the file gives clock times without a time zone: they are read as UTC (absolute times may be off by the host\'s UTC offset; intervals are exact)';

export interface CalendarDate {
  y: number;
  /** 0-based month. */
  m: number;
  d: number;
}

const fullYear = (y: number): number => (y < 100 ? 2000 + y : y);

function valid(y: number, m: number, d: number): CalendarDate | null {
  if (m < 0 || m > 11 || d < 1 || d > 31 || y < 1970 || y > 2200) return null;
  return { y, m, d };
}

/**
 * A sysstat %x date. Slashes are month first (en_US and C print MM/DD) unless the first number
 * cannot be a month, then day first (en_GB prints DD/MM/YYYY); dots are day first (de_DE).
 */
export function parseNumericDate(text: string): CalendarDate | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return valid(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = fullYear(Number(m[3]));
    return a > 12 ? valid(y, b - 1, a) : valid(y, a - 1, b);
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (m) return valid(fullYear(Number(m[3])), Number(m[2]) - 1, Number(m[1]));
  return null;
}

/** "07-DEC-2012" (nmon) or "05 Oct 2016" (dstat). */
export function parseMonthNameDate(text: string): CalendarDate | null {
  const m = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const mon = monthIndex(m[2]!);
  return mon === null ? null : valid(Number(m[3]), mon, Number(m[1]));
}

/** "09:34:00 AM", "21:34:00", "13:18.31" (nmon's AAA time): seconds since midnight. */
export function parseClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})[:.](\d{2})(?:\.\d+)?(?:\s*([AaPp])\.?[Mm]\.?)?$/.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const mi = Number(m[2]);
  const s = Number(m[3]);
  if (m[4]) {
    if (h < 1 || h > 12) return null;
    // 12:xx AM is just after midnight, 12:xx PM just after noon.
    h = (h % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0);
  }
  if (h > 23 || mi > 59 || s > 60) return null;
  return h * 3600 + mi * 60 + s;
}

/** The wall clock read as if it were UTC (importers/dates.ts); NaN for a date that does not exist. */
export const wallClockMs = (date: CalendarDate, seconds: number): number =>
  (fromWallClock({ year: date.y, month: date.m + 1, day: date.d })?.epochMs ?? Number.NaN) + seconds * 1000;

export interface Instant {
  ms: number;
  /** True when the text carried its own offset; false when it was read as UTC. */
  zoned: boolean;
}

/**
 * A whole timestamp: iostat -t's "03/15/2016 09:34:00 AM" (locale date and time) or
 * "2016-03-15T09:34:00+0100" (S_TIME_FORMAT=ISO, and iostat's JSON).
 */
export function parseTimestamp(text: string): Instant | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:?\d{2})?$/.test(t)) {
    const d = parseDateText(t);
    return d ? { ms: d.epochMs, zoned: d.known } : null;
  }
  const local = /^(\S+)\s+(\d{1,2}:\d{2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?)$/.exec(t);
  if (!local) return null;
  const date = parseNumericDate(local[1]!);
  const secs = parseClock(local[2]!);
  return date && secs !== null ? { ms: wallClockMs(date, secs), zoned: false } : null;
}

/**
 * Clock times without dates (sar rows) on a base date. A time earlier than the one before means
 * midnight has passed: sar prints 11:59:50 PM then 12:00:00 AM in one file.
 */
export class DayClock {
  private day = 0;
  private last = -1;
  constructor(private readonly base: CalendarDate) {}

  /** Epoch ms of a clock time; `peek` reads it without moving the clock on. */
  at(seconds: number, peek = false): number {
    let day = this.day;
    if (this.last >= 0 && seconds < this.last) day++;
    if (!peek) {
      this.day = day;
      this.last = seconds;
    }
    return wallClockMs(this.base, seconds + day * 86400);
  }
}
