/**
 * Snapshot times: `DD-Mon-YY HH24:MI:SS` (FORMATS.md 3.1), with the month abbreviated in the
 * session's NLS_DATE_LANGUAGE. Handled: English (any case, "DEC"), Russian ("10-Дек-17",
 * the real HTML report FORMATS.md cites; also genitive forms such as "мая"), German, French,
 * Spanish, Italian, Portuguese, Dutch (Oracle's abbreviations, with or without accents and a
 * trailing '.'), and numeric months as Chinese, Japanese and Korean sessions print them
 * ("10-12月-17", "10-12월-17"). Compare-period reports append the weekday ("(Fri)"), ignored.
 *
 * AWR prints the database server's local time with no zone, so the wall clock is stored as if
 * it were UTC and the importer says so (as the other importers do for zone-less dates). Months
 * and the conversion are importers/dates.ts's, as every importer's are.
 */
import { fromWallClock, monthIndex as anyMonthIndex } from '../dates.js';

/** The 0-based month of a printed abbreviation (importers/dates.ts); null when it is not one we know. */
export function monthIndex(text: string): number | null {
  return anyMonthIndex(text);
}

const ENGLISH = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export interface SnapTime {
  /** Wall-clock time read as UTC, epoch ms. */
  ms: number;
  /** True when the month was not English: tests and warnings may want to know. */
  localisedMonth: boolean;
}

/**
 * "04-Feb-23 19:00:39", "10-Дек-17 13:40", "26-Sep-26 10:00:05 (Sat)", "10-12月 -17 13:40:00".
 * Two-digit years are 20YY: AWR exists since 10g (2003).
 */
export function parseSnapTime(text: string): SnapTime | null {
  const m = /(\d{1,2})[-./ ]\s*([^\s\d-][^\s-]*|\d{1,2}\s*[月월])\s*[-./ ]\s*(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/u.exec(text.trim());
  if (!m) return null;
  const month = monthIndex(m[2]!);
  if (month === null) return null;
  const y = Number(m[3]);
  const year = m[3]!.length === 2 ? 2000 + y : y;
  const read = fromWallClock({ year, month: month + 1, day: Number(m[1]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0) });
  if (!read) return null;
  const english = /^[a-z]{3}$/i.test(m[2]!) && ENGLISH[month] === m[2]!.toLowerCase();
  return { ms: read.epochMs, localisedMonth: !english };
}
