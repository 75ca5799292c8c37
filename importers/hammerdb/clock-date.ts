/**
 * Dates as HammerDB writes them. Headers and `tc_log_timestamps` lines use Tcl's default
 * `clock format [clock seconds]`, "%a %b %d %H:%M:%S %Z %Y" in the host's local zone
 * ("Mon May 31 23:14:48 UTC 2021"); the jobs interface and the old profiler use
 * "2022-11-22 16:32:55", local time with no zone at all (FORMATS.md 5.4).
 *
 * A zone abbreviation only gives an offset when it means one thing: "CST" is China (UTC+8) in
 * one of our corpus files and US Central (UTC-6) elsewhere. An ambiguous or missing zone is read
 * as if the wall-clock time were UTC and flagged, so intervals stay right and the caller can say
 * that absolute times may be off by the zone offset. The reading itself is importers/dates.ts's.
 */
import { parseDateText, type DateReading } from '../dates.js';

export interface ClockDate {
  /** Epoch milliseconds. */
  ms: number;
  /** The zone as printed ("UTC", "CST"), or null when the format carries none. */
  zone: string | null;
  /** False when the zone could not be resolved and the wall-clock time was read as UTC. */
  exact: boolean;
}

/** A reading of importers/dates.ts as HammerDB's ClockDate. */
function clockDate(d: DateReading | null): ClockDate | null {
  return d === null ? null : { ms: d.epochMs, zone: d.zone, exact: d.known };
}

/**
 * "Thu Jun 30 22:43:40 UTC 2022" (Tcl `clock format` default); where the host's zone has no
 * abbreviation Tcl prints the offset ("Sun May 09 09:16:33 -05 2021"), which is used as one.
 */
export function parseTclClockDate(text: string): ClockDate | null {
  const m = /^(\s*(?:[A-Za-z]{3},?\s+)?[A-Za-z]{3}\s+\d{1,2}\s+\d{1,2}:\d{2}:\d{2})\s+(.+?)\s+(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const read = parseDateText(text);
  if (read) return clockDate(read);
  // A zone name dates.ts does not take for one (a long or localised name): the wall clock, flagged.
  const wall = parseDateText(`${m[1]} ${m[3]}`);
  return wall ? { ms: wall.epochMs, zone: m[2]!, exact: false } : null;
}

/** "2022-11-22 16:32:55": local time with no zone (jobs interface, FORMATS.md 5.4). */
export function parseIsoLocalDate(text: string): ClockDate | null {
  return /^\s*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}\s*$/.test(text) ? clockDate(parseDateText(text)) : null;
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
