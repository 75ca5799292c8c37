/**
 * Snapshot times: `DD-Mon-YY HH24:MI:SS` (FORMATS.md 3.1), with the month abbreviated in the
 * session's NLS_DATE_LANGUAGE. Handled: English (any case, "DEC"), Russian ("10-Дек-17",
 * the real HTML report FORMATS.md cites; also genitive forms such as "мая"), German, French,
 * Spanish, Italian, Portuguese, Dutch (Oracle's abbreviations, with or without accents and a
 * trailing '.'), and numeric months as Chinese, Japanese and Korean sessions print them
 * ("10-12月-17", "10-12월-17"). Compare-period reports append the weekday ("(Fri)"), ignored.
 *
 * AWR prints the database server's local time with no zone, so the wall clock is stored as if
 * it were UTC and the importer says so (as the other importers do for zone-less dates).
 */

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  // English, German, French, Spanish, Italian, Portuguese, Dutch, Russian (nominative and genitive).
  ['jan', 'jän', 'janv', 'ene', 'gen', 'янв'],
  ['feb', 'févr', 'fevr', 'fev', 'fév', 'фев'],
  ['mar', 'mär', 'mrz', 'mars', 'mrt', 'мар'],
  ['apr', 'avr', 'abr', 'апр'],
  ['may', 'mai', 'mag', 'mei', 'май', 'мая'],
  ['jun', 'juin', 'giu', 'июн'],
  ['jul', 'juil', 'lug', 'июл'],
  ['aug', 'août', 'aout', 'ago', 'авг'],
  ['sep', 'sept', 'set', 'сен'],
  ['oct', 'okt', 'ott', 'out', 'окт'],
  ['nov', 'ноя'],
  ['dec', 'dez', 'déc', 'dic', 'дек'],
];

/** The 0-based month of a printed abbreviation; null when it is not one this importer knows. */
export function monthIndex(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  const cjk = /^(\d{1,2})\s*[月월]$/.exec(t);
  if (cjk) {
    const m = Number(cjk[1]) - 1;
    return m >= 0 && m < 12 ? m : null;
  }
  if (/^\d{1,2}$/.test(t)) {
    const m = Number(t) - 1;
    return m >= 0 && m < 12 ? m : null;
  }
  // Exact abbreviation first ("mar" is March in four languages), then a longer spelling that
  // starts with one ("sept.", "juil.", "März").
  for (let i = 0; i < 12; i++) if (MONTH_NAMES[i]!.includes(t)) return i;
  for (let i = 0; i < 12; i++) if (MONTH_NAMES[i]!.some((n) => n.length >= 3 && t.startsWith(n))) return i;
  return null;
}

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
  const [day, h, min, s] = [Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (day < 1 || day > 31 || h > 23 || min > 59 || s > 60) return null;
  const ms = Date.UTC(year, month, day, h, min, s);
  const english = /^[a-z]{3}$/i.test(m[2]!) && MONTH_NAMES[month]![0] === m[2]!.toLowerCase();
  return { ms, localisedMonth: !english };
}
