/**
 * Dates as HammerDB writes them. Headers and `tc_log_timestamps` lines use Tcl's default
 * `clock format [clock seconds]`, "%a %b %d %H:%M:%S %Z %Y" in the host's local zone
 * ("Mon May 31 23:14:48 UTC 2021"); the jobs interface and the old profiler use
 * "2022-11-22 16:32:55", local time with no zone at all (FORMATS.md 5.4).
 *
 * A zone abbreviation only gives an offset when it means one thing: "CST" is China (UTC+8) in
 * one of our corpus files and US Central (UTC-6) elsewhere. An ambiguous or missing zone is read
 * as if the wall-clock time were UTC and flagged, so intervals stay right and the caller can say
 * that absolute times may be off by the zone offset.
 */

export interface ClockDate {
  /** Epoch milliseconds. */
  ms: number;
  /** The zone as printed ("UTC", "CST"), or null when the format carries none. */
  zone: string | null;
  /** False when the zone could not be resolved and the wall-clock time was read as UTC. */
  exact: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
};

/**
 * Offsets in minutes for abbreviations that are not shared between regions. Left out on
 * purpose: CST (China / US Central / Cuba), IST (India / Ireland / Israel), BST (British Summer /
 * Bangladesh), AST, ADT, SST.
 */
const ZONE_OFFSET_MIN: Record<string, number> = {
  UTC: 0, GMT: 0, UT: 0, Z: 0, ZULU: 0,
  EST: -300, EDT: -240, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  AKST: -540, AKDT: -480, HST: -600,
  WET: 0, WEST: 60, CET: 60, CEST: 120, EET: 120, EEST: 180, MSK: 180,
  JST: 540, KST: 540, HKT: 480, SGT: 480, AWST: 480,
  ACST: 570, ACDT: 630, AEST: 600, AEDT: 660, NZST: 720, NZDT: 780,
};

function zoneOffsetMinutes(zone: string): number | null {
  const numeric = /^(?:UTC|GMT)?([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3]);
    return numeric[1] === '-' ? -minutes : minutes;
  }
  return ZONE_OFFSET_MIN[zone.toUpperCase()] ?? null;
}

function wallClockUtc(y: number, mon: number, d: number, h: number, mi: number, s: number): number | null {
  if (mon < 0 || mon > 11 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  return Date.UTC(y, mon, d, h, mi, s);
}

/** "Thu Jun 30 22:43:40 UTC 2022" (Tcl `clock format` default). */
export function parseTclClockDate(text: string): ClockDate | null {
  const m = /^\s*(?:[A-Za-z]{3},?\s+)?([A-Za-z]{3})\s+(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})\s+(.+?)\s+(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const mon = MONTHS[m[1]!.toLowerCase()];
  if (mon === undefined) return null;
  const wall = wallClockUtc(Number(m[7]), mon, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
  if (wall === null) return null;
  const zone = m[6]!;
  const offset = zoneOffsetMinutes(zone);
  return offset === null ? { ms: wall, zone, exact: false } : { ms: wall - offset * 60000, zone, exact: true };
}

/** "2022-11-22 16:32:55": local time with no zone (jobs interface, FORMATS.md 5.4). */
export function parseIsoLocalDate(text: string): ClockDate | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const wall = wallClockUtc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return wall === null ? null : { ms: wall, zone: null, exact: false };
}

/** The warning for dates whose zone could not be resolved; null when every date was exact. */
export function zoneWarning(dates: Iterable<ClockDate>): string | null {
  const zones = new Set<string>();
  let inexact = false;
  for (const d of dates) {
    if (d.exact) continue;
    inexact = true;
    zones.add(d.zone ?? '(none)');
  }
  if (!inexact) return null;
  const list = [...zones].map((z) => (z === '(none)' ? 'no zone' : `zone "${z}"`)).join(', ');
  return `dates carry ${list}, which does not fix the UTC offset: they are read as UTC wall-clock times, so absolute times may be off by the zone offset (intervals are right)`;
}
