/**
 * Numbers as AWR and STATSPACK print them (FORMATS.md 3.5): thousands separators (`1,062.5`),
 * no leading zero (`.4`), scientific notation (`1.4E+03%`, `9.2233720368547758E+18`), a K/M/G/T/P
 * suffix when a value outgrows its column (`12.2K`, `364.2K`), a cut-off trailing point when
 * even that does not fit (`558.` in the 4-character "Tota(l) Time" column of 11.2.0.4 text),
 * a unit per row for average waits from 12.2 on (`52.86 s`, `3.23ms`, `268.69us`, `.00ns`),
 * `N/A`, and `#####` for a value wider than its column. Every function returns null for
 * anything that is not a number: an empty cell means "absent", never zero.
 */

const POWERS = { K: 1, M: 2, G: 3, T: 4, P: 5 } as const;
type SuffixLetter = keyof typeof POWERS;

const NUMBER = /^([+-]?)(\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?([KMGTP])?$/;

function parseWith(text: string, base: 1000 | 1024): number | null {
  let t = text.trim();
  if (t === '' || /^n\/?a$/i.test(t) || /^#+$/.test(t)) return null;
  if (t.endsWith('%')) t = t.slice(0, -1).trimEnd();
  const m = NUMBER.exec(t);
  if (!m) return null;
  // Decimal scaling goes through the exponent of the literal ("12.2e3"), so 12.2K is exactly
  // 12200 rather than 12.2 * 1000 with a binary rounding error.
  let exponent = m[3] !== undefined ? Number(m[3]) : 0;
  if (m[4] !== undefined && base === 1000) exponent += 3 * POWERS[m[4] as SuffixLetter];
  const digits = m[2]!.includes(',') ? m[2]!.replace(/,/g, '') : m[2]!;
  // "12.5" and "12.5e0" are the same literal: most values need no exponent spliced in.
  let v = Number(exponent === 0 ? digits : `${digits}e${exponent}`);
  if (m[4] !== undefined && base === 1024) v *= 1024 ** POWERS[m[4] as SuffixLetter];
  if (!Number.isFinite(v)) return null;
  return m[1] === '-' ? -v : v;
}

/**
 * A count, rate, time or percentage. K/M/G/T/P are powers of 1000: the IOStat note says so for
 * every column that is not a byte amount ("other columns suffixed with K,M,G,T,P are in
 * multiples of 1000", FORMATS.md 3.4), and wait counts and times use the same convention.
 */
export function parseAwrNumber(text: string | undefined): number | null {
  return text === undefined ? null : parseWith(text, 1000);
}

/**
 * A byte amount printed with a binary suffix, returned in MiB. Used for the IOStat "Data"
 * columns ("'Data' columns suffixed with M,G,T,P are in multiples of 1024", FORMATS.md 3.4) and
 * the Cache Sizes block (`110,080M`, `1,543,604K`). A bare number is taken as MiB, which is
 * what the IOStat Data columns mean when they carry no suffix.
 */
export function parseMib(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (/[KMGTP]$/.test(t)) {
    const bytesOverK = parseWith(t, 1024); // e.g. "2.8G" -> 2.8 * 1024^3
    return bytesOverK === null ? null : bytesOverK / 1048576;
  }
  return parseWith(t, 1024);
}

/** Powers of ten from the unit to milliseconds. */
const TIME_UNIT_EXPONENT: Record<string, number> = { s: 3, ms: 0, us: -3, ns: -6, '\u00b5s': -3 };

/**
 * An average wait in milliseconds. From 12.2 the unit is printed per row (`52.86 s`, `3.23ms`,
 * `268.69us`, `.00ns`, FORMATS.md 3.3); before that the column heading says "(ms)" and the
 * value has none, so `defaultUnitMs` (1 for a heading in ms) converts a bare number.
 */
export function parseWaitMs(text: string | undefined, defaultUnitMs = 1): number | null {
  if (text === undefined) return null;
  const m = /^(.*?)\s*(s|ms|us|ns|\u00b5s)$/i.exec(text.trim());
  if (m && m[1] !== '') {
    const v = parseWith(m[1]!, 1000);
    return v === null ? null : scale10(v, TIME_UNIT_EXPONENT[m[2]!.toLowerCase()]!);
  }
  const v = parseWith(text, 1000);
  return v === null ? null : v * defaultUnitMs;
}

/** v * 10^exp without binary noise: 268.69us is 0.26869 ms, not 0.26869000000000004. */
function scale10(v: number, exp: number): number {
  return exp === 0 ? v : Number(`${v}e${exp}`);
}

/** A token that is a value, not a word: what the text table reader must not glue into a name. */
export function looksNumeric(token: string): boolean {
  return /^[+-]?(\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[KMGTP]?%?(?:s|ms|us|ns)?$/.test(token) || /^n\/a$/i.test(token) || /^#{2,}$/.test(token);
}

/** Minutes as AWR prints them (2 decimals) to seconds, without binary noise (59.23 -> 3553.8). */
export function minutesToSeconds(min: number): number {
  return Math.round(min * 60e6) / 1e6;
}
