/**
 * Wall-clock times in a named zone, without a time-zone library: Intl knows every IANA zone.
 * Data is stored in UTC; periods are written in the zone of the data ("08:30-15:30" at the
 * bank means Beijing time), and shown with the zone stated.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets change at most on the hour (DST): one look-up per zone and hour, not per sample. */
const offsets = new Map<string, number>();
const HOUR = 3_600_000;

/** Offset of `zone` from UTC at the instant `utcMs`, in minutes (e.g. +480 for Asia/Shanghai). */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  const fixed = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0));
  if (zone === 'UTC' || zone === 'Z') return 0;
  const hour = Math.floor(utcMs / HOUR);
  const key = `${zone}\u0000${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, fmt);
  }
  const at = hour * HOUR;
  const parts = fmt.formatToParts(new Date(at));
  const get = (t: string): number => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = Math.round((asUtc - at) / 60000);
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

export function isValidZone(zone: string): boolean {
  try {
    zoneOffsetMinutes(zone, Date.now());
    return true;
  } catch {
    return false;
  }
}

/** The UTC instant of a wall-clock time in `zone` (two passes settle DST edges). */
export function wallTimeToUtc(y: number, mo: number, d: number, h: number, mi: number, zone: string): number {
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  let utc = naive - zoneOffsetMinutes(zone, naive) * 60000;
  utc = naive - zoneOffsetMinutes(zone, utc) * 60000;
  return utc;
}

/** "2017-09-14 18:00 +08:00": a UTC instant written in `zone`, with the zone stated. */
export function formatInZone(utcMs: number, zone: string): string {
  const off = zoneOffsetMinutes(zone, utcMs);
  const local = new Date(utcMs + off * 60000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const sign = off >= 0 ? '+' : '-';
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} ${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** The calendar day (YYYY-MM-DD) of a UTC instant in `zone`: days are the zone's days. */
export function dayInZone(utcMs: number, zone: string): string {
  return formatInZone(utcMs, zone).slice(0, 10);
}
