/**
 * Every importer's dates: one place that knows months, zones and offsets, so a date reads the
 * same whichever tool printed it. An importer finds the date in its format (the column, the
 * header line) and hands the text to parseDateText, or the fields it already split to
 * fromWallClock; no importer calls Date.UTC or `new Date(text)` itself (dates.test.ts checks).
 *
 * Zones, in order of trust:
 * - a numeric offset is an offset: "-05" (`date` prints this where the zone has no abbreviation,
 *   "Sun May 09 09:16:33 -05 2021"), "+0530", "+05:30", "GMT-5:00", "UTC+8", "Z";
 * - an abbreviation in ZONE_OFFSET_MIN below, which lists only those that mean one offset
 *   wherever they are printed;
 * - no zone, or an ambiguous one: the wall-clock time is read as if it were UTC and the reading
 *   says so (`known: false`, "local-unknown"); the importer then gives its warning that absolute
 *   times may be off by the host's offset while intervals stay exact.
 *
 * Left out on purpose, as ambiguous: CST (US Central -6, China +8, Cuba -5), IST (India +5:30,
 * Ireland +1, Israel +2), BST (British Summer +1, Bangladesh +6), AST / ADT (Atlantic -4 / -3,
 * Arabia +3), SST (Samoa -11, Singapore +8), CDT for China and Cuba is not distinguished: CDT is
 * read as US Central Daylight (-5), the only one of the three that tzdata still uses. EST is US
 * Eastern (-5); Australia printed EST before tzdata 2014b, now AEST.
 */

/** The fields of a printed wall-clock time. Month is 1-12, as printed. */
export interface WallClockFields {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

export interface DateReading {
  /** Epoch ms: exact when `known`, else the wall clock read as if it were UTC. */
  epochMs: number;
  /** The zone as the file printed it ("CDT", "-05", "+05:30"), null when it printed none. */
  zone: string | null;
  /** Minutes east of UTC, when the zone fixes it. */
  offsetMin: number | null;
  /** True when the zone fixed the instant; false: local time of unknown offset (read as UTC). */
  known: boolean;
}

/** Abbreviations that mean one offset wherever they are printed (minutes east of UTC). */
export const ZONE_OFFSET_MIN: Readonly<Record<string, number>> = {
  UTC: 0, GMT: 0, UT: 0, Z: 0, ZULU: 0,
  EST: -300, EDT: -240, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  AKST: -540, AKDT: -480, HST: -600, NST: -210, NDT: -150,
  WET: 0, WEST: 60, CET: 60, CEST: 120, MET: 60, MEST: 120, EET: 120, EEST: 180, MSK: 180,
  PKT: 300, ICT: 420, WIB: 420, HKT: 480, SGT: 480, AWST: 480, PHT: 480, JST: 540, KST: 540,
  ACST: 570, ACDT: 630, AEST: 600, AEDT: 660, NZST: 720, NZDT: 780,
};

/** Minutes east of UTC for a printed zone; null when the zone is missing, unknown or ambiguous. */
export function zoneOffsetMinutes(zone: string | null | undefined): number | null {
  if (zone === null || zone === undefined) return null;
  const z = zone.trim();
  const numeric = /^(?:UTC|GMT|UT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(z);
  if (numeric) {
    const [h, m] = [Number(numeric[2]), Number(numeric[3] ?? 0)];
    if (h > 14 || m > 59) return null;
    return (numeric[1] === '-' ? -1 : 1) * (h * 60 + m);
  }
  return ZONE_OFFSET_MIN[z.toUpperCase()] ?? null;
}

/**
 * Month names as tools print them, 0-based: English (any case, full or abbreviated), the
 * European languages Oracle's NLS_DATE_LANGUAGE prints (German, French, Spanish, Italian,
 * Portuguese, Dutch, Russian nominative and genitive), and numeric months as Chinese, Japanese
 * and Korean locales print them ("5月", "12월"; Java's zh-CN "MMM" in vdbench headers) or in
 * Chinese numerals ("五月", "十二月").
 */
const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
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

const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

export function monthIndex(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  const cjk = /^(\d{1,2})\s*[月월]$/.exec(t);
  const numeric = cjk ?? /^(\d{1,2})$/.exec(t);
  if (numeric) {
    const m = Number(numeric[1]) - 1;
    return m >= 0 && m < 12 ? m : null;
  }
  const zh = /^(.+)月$/.exec(t);
  if (zh) {
    const i = CHINESE_NUMERALS.indexOf(zh[1]!);
    return i >= 0 ? i : null;
  }
  // Exact abbreviation first ("mar" is March in four languages), then a longer spelling that
  // starts with one ("sept.", "juil.", "März", "September").
  for (let i = 0; i < 12; i++) if (MONTH_NAMES[i]!.includes(t)) return i;
  for (let i = 0; i < 12; i++) if (MONTH_NAMES[i]!.some((n) => n.length >= 3 && t.startsWith(n))) return i;
  return null;
}

/**
 * The one conversion of printed fields to an instant: validates them (no 31 February rolled into
 * March, no hour 24) and applies the zone. Null when the fields are not a date.
 */
export function fromWallClock(f: WallClockFields, zone: string | null = null): DateReading | null {
  const { year, month, day } = f;
  const [h, mi, s, ms] = [f.hour ?? 0, f.minute ?? 0, f.second ?? 0, f.millisecond ?? 0];
  if (![year, month, day, h, mi, s, ms].every(Number.isInteger)) return null;
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || h > 23 || mi > 59 || s > 60 || ms > 999 || ms < 0) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const wall = Date.UTC(year, month - 1, day, h, mi, s, ms);
  const z = zone === null ? null : zone.trim() === '' ? null : zone.trim();
  const offset = zoneOffsetMinutes(z);
  return offset === null
    ? { epochMs: wall, zone: z, offsetMin: null, known: false }
    : { epochMs: wall - offset * 60_000, zone: z, offsetMin: offset, known: true };
}

/** 12-hour clock to 24: 12:xx AM is just after midnight, 12:xx PM just after noon. Null when impossible. */
export function hour24(h: number, ampm: string | undefined | null): number | null {
  if (!ampm) return h;
  if (h < 1 || h > 12) return null;
  return (h % 12) + (/^p/i.test(ampm) ? 12 : 0);
}

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));
const frac = (f: string | undefined): number => (f ? Number(f.slice(0, 3).padEnd(3, '0')) : 0);

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*([AaPp])\.?[Mm]\.?)?`;
const ZONE = String.raw`(?:\s*(Z|[A-Za-z]{1,5}(?:\s*[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}(?::?\d{2})?))?`;
const WEEKDAY = String.raw`(?:[A-Za-z]{3,9}\.?,?\s+)?`;

interface Shape {
  re: RegExp;
  fields(m: RegExpExecArray): { y: string; mo: string; d: string; t: number; zone: string | undefined } | null;
}

/** `t`: index of the first of TIME's five groups (hour, minute, second, fraction, AM/PM) in each shape. */
const SHAPES: Shape[] = [
  // ISO 8601 and its relatives: "2016-03-15T09:34:00+0100", "2022-11-22 16:32:55",
  // DiskSpd's "2018/10/18 21:39:04 UTC", stor2rrd's "2015:04:07T10:55:10", Apache Otava's
  // sample CSV "2024.01.01 3:00:00 +0100".
  { re: new RegExp(String.raw`^(\d{4})[-/:.](\d{1,2})[-/:.](\d{1,2})(?:[T ]\s*${TIME})?${ZONE}$`), fields: (m) => ({ y: m[1]!, mo: m[2]!, d: m[3]!, t: 4, zone: m[9] }) },
  // `date`, ctime and Tcl's clock format: "Sun May 09 09:16:33 -05 2021", "Mon Aug 17 23:01:45 2020".
  { re: new RegExp(String.raw`^${WEEKDAY}([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+${TIME}${ZONE}\s+(\d{4})$`), fields: (m) => ({ y: m[9]!, mo: m[1]!, d: m[2]!, t: 3, zone: m[8] }) },
  // Day first: dstat's "16 Jun 2015 11:06:42 CDT", RFC 2822 "Sun, 09 May 2021 09:16:33 -0500", "07-DEC-2012".
  { re: new RegExp(String.raw`^${WEEKDAY}(\d{1,2})[ -]([A-Za-z\u0400-\u04FF]{3,9})\.?[ -](\d{4}|\d{2}),?(?:\s+${TIME})?${ZONE}$`), fields: (m) => ({ y: m[3]!, mo: m[2]!, d: m[1]!, t: 4, zone: m[9] }) },
  // Month first with the year before the time: "Mar 25, 2024 6:53:01 PM", vdbench's "5月 10, 2023".
  { re: new RegExp(String.raw`^${WEEKDAY}([A-Za-z]{3,9}|\d{1,2}\s*[月월])\.?\s+(\d{1,2}),?\s+(\d{4}),?(?:\s+${TIME})?${ZONE}$`), fields: (m) => ({ y: m[3]!, mo: m[1]!, d: m[2]!, t: 4, zone: m[9] }) },
  // US numeric dates only with AM/PM: without it 03/04 could be either month.
  { re: new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?()\s*([AaPp])\.?[Mm]\.?${ZONE}$`), fields: (m) => ({ y: m[3]!, mo: m[1]!, d: m[2]!, t: 4, zone: m[9] }) },
  // `date` under zh_CN: "2021年 05月 09日 星期日 09:16:33 CST".
  { re: new RegExp(String.raw`^(\d{4})年\s*(\d{1,2})月\s*(\d{1,2})日\s*(?:星期.\s*)?${TIME}${ZONE}$`), fields: (m) => ({ y: m[1]!, mo: m[2]!, d: m[3]!, t: 4, zone: m[9] }) },
];

/**
 * A printed date in any of the shapes above, through fromWallClock. Null when the text is not a
 * date: the caller then says which text it could not read.
 */
export function parseDateText(text: string): DateReading | null {
  const s = text.trim().replace(/\s+/g, ' ');
  for (const shape of SHAPES) {
    const m = shape.re.exec(s);
    if (!m) continue;
    const f = shape.fields(m);
    if (!f) return null;
    const month = monthIndex(f.mo);
    if (month === null) return null;
    const h = m[f.t] !== undefined ? hour24(Number(m[f.t]), m[f.t + 4]) : 0;
    if (h === null) return null;
    const zone = f.zone?.trim();
    // A trailing word that is no zone at all ("PM" is taken above) leaves the date unread.
    if (zone && !/^[+-]/.test(zone) && zoneOffsetMinutes(zone) === null && !/^[A-Z]{2,5}$/.test(zone)) return null;
    return fromWallClock(
      { year: fullYear(f.y), month: month + 1, day: Number(f.d), hour: h, minute: Number(m[f.t + 1] ?? 0), second: Number(m[f.t + 2] ?? 0), millisecond: frac(m[f.t + 3]) },
      zone ?? null,
    );
  }
  return null;
}

/** The ISO text of an instant, to the second ("2021-05-09T14:16:33Z"), for notes and tables. */
export function isoSeconds(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.000Z$/, 'Z');
}
