/**
 * Time stamps of Spectrum Control / Storage Insights CSV exports. FORMATS.md 4.3 marks their
 * format and zone UNVERIFIED, so this reads the shapes such exports plausibly take and says
 * which zone it assumed:
 *   2024-03-25 18:53:01 [zone]   2024-03-25T18:53:01[.000][Z|+01:00]   2015:04:07T10:55:10 (stor2rrd)
 *   Mar 25, 2024 6:53:01 PM [zone]   25 Mar 2024 18:53:01 [zone]   3/25/2024 6:53:01 PM [zone]
 * zone: Z, UTC, GMT, +01:00, +0100, GMT+01:00, UTC+1, UTC-05:30, and the abbreviations that mean
 * one offset wherever they are printed (CET, EST, JST...: importers/dates.ts); ambiguous ones
 * (CST, IST, BST...) are not resolved.
 */
import { fromWallClock, hour24, monthIndex } from '../dates.js';


export type ZoneState = 'explicit' | 'none' | 'unresolved';

export interface ScTime {
  ms: number;
  zone: ZoneState;
  /** The zone text when it could not be resolved, for the warning. */
  zoneText?: string;
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,3})\d*)?)?\s*([AaPp][Mm])?`;
const ZONE = String.raw`(?:\s*(Z|[A-Za-z]{2,5}(?:[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}:?\d{2}))?`;

const ISO = new RegExp(String.raw`^(\d{4})[-:/](\d{1,2})[-:/](\d{1,2})[T ]\s*${TIME}${ZONE}$`);
const MONTH_FIRST = new RegExp(String.raw`^(?:[A-Za-z]+,?\s+)?([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4}),?\s+${TIME}${ZONE}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*\.?[ -](\d{4}),?\s+${TIME}${ZONE}$`);
/** US numeric dates only with AM/PM: without it 03/04 could be either month. */
const US = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])${ZONE}$`);

function build(y: number, mo: number, d: number, h: number, mi: number, s: number, frac: string | undefined, ampm: string | undefined, zone: string | undefined): ScTime | null {
  const h24 = hour24(h, ampm);
  if (h24 === null) return null;
  h = h24;
  const read = fromWallClock({ year: y, month: mo, day: d, hour: h, minute: mi, second: s, millisecond: frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0 }, zone ?? null);
  if (!read) return null;
  if (!zone) return { ms: read.epochMs, zone: 'none' };
  if (!read.known) return { ms: read.epochMs, zone: 'unresolved', zoneText: zone };
  return { ms: read.epochMs, zone: 'explicit' };
}

export function parseScTime(raw: string): ScTime | null {
  const s = raw.trim();
  let m = ISO.exec(s);
  if (m) return build(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0), m[7], m[8], m[9]);
  m = MONTH_FIRST.exec(s);
  if (m) {
    const mo = (monthIndex(m[1]!) ?? -1) + 1;
    return mo === 0 ? null : build(+m[3]!, mo, +m[2]!, +m[4]!, +m[5]!, +(m[6] ?? 0), m[7], m[8], m[9]);
  }
  m = DAY_FIRST.exec(s);
  if (m) {
    const mo = (monthIndex(m[2]!) ?? -1) + 1;
    return mo === 0 ? null : build(+m[3]!, mo, +m[1]!, +m[4]!, +m[5]!, +(m[6] ?? 0), m[7], m[8], m[9]);
  }
  m = US.exec(s);
  if (m) return build(+m[3]!, +m[1]!, +m[2]!, +m[4]!, +m[5]!, +(m[6] ?? 0), undefined, m[7], m[8]);
  return null;
}
