/**
 * The row clock of sysstat's per-interval reports (mpstat, pidstat; sar has its own reader):
 * every header and row starts with a time, and the date is only in the banner line.
 *
 *   Linux 6.1.0-18-amd64 (db1)  11/28/2026  _x86_64_  (2 CPU)      <- %x: 11/28/26 under C, 28.11.2026 under de_DE
 *   02:33:31 PM  CPU    %usr ...                                      <- %X: "14:33:31" under C, "02:33:31 PM" under en_US
 *   1795876401      0     22428 ...                                   <- pidstat -H: seconds since the epoch
 *   Average:     CPU ...                                              <- translated: "Durchschn.:", "Moyenne :"
 *
 * A header's time is when its interval began, each row's the end of its interval. A time earlier
 * than the one before means midnight has passed (DayClock). Without a date (the banner cut off,
 * or saved without it) the clock times are kept relative to the first one: the run has no start,
 * and a clock offset places it.
 */
import { RELATIVE_CLOCK, EPOCH_CLOCK, UNZONED_CLOCK, type ClockStatement } from '../clock-statement.js';
import { DayClock, parseClock, parseNumericDate, type CalendarDate } from './clock.js';
import { SYSSTAT_BANNER } from './iostat-text.js';

export interface SysstatBanner {
  os: string;
  host: string | null;
  date: CalendarDate | null;
  cpus: number | null;
}

/** The banner line, or null. A line that starts like one but is cut short is `cut`. */
export function readSysstatBanner(line: string): SysstatBanner | 'cut' | null {
  const m = SYSSTAT_BANNER.exec(line.trim());
  if (m) return { os: `${m[1]} ${m[2]}`, host: m[3] || null, date: parseNumericDate(m[4]!), cpus: m[6] ? Number(m[6]) : null };
  // "Linux 6.1.0-18-amd64 (db1) \t11/2" and the like: the kernel and host are there, the rest is gone.
  return /^(Linux|SunOS|AIX|HP-UX)\s+\S+\s+\([^)]*\)?/.test(line.trim()) ? 'cut' : null;
}

/**
 * The banner at the head of a report: taken before the first row only, and a line that starts
 * like one but was cut off noted (its date is lost with it).
 */
export class BannerReader {
  banner: SysstatBanner | null = null;
  cutAt = 0;

  /** True when the line is the banner (or what is left of it); `rows`: a row was read already. */
  take(line: string, lineNo: number, rows: boolean): boolean {
    if (rows || this.banner) return false;
    const b = readSysstatBanner(line);
    if (b === 'cut') this.cutAt = lineNo;
    else if (b) this.banner = b;
    return b !== null;
  }

  /** The warning of a report whose date is not known, naming the line. */
  undatedWarning(): { message: string; line: number } {
    return {
      message: `${this.cutAt ? "sysstat's banner line is cut off" : "the file starts without sysstat's banner line"} ("Linux <release> (<host>) <date> _<arch>_ (<n> CPU)"): its date is not known, so the rows' clock times are kept as times since the first one and the run has no start; a clock offset places it`,
      line: this.cutAt || 1,
    };
  }
}

/** A translated "Average:" label (sysstat's NLS): a word ending in a colon, before the report's columns. */
export const AVERAGE_ROW = /^(?:Average|Summary|[^\s\d:#]+\.?\s?:)(?:\s+(.*))?$/;

const CLOCK_TEXT = /^(\d{1,2}:\d{2}:\d{2})(?:\s+([AaPp]\.?[Mm]\.?))?(?:\s+(.*))?$/;
const EPOCH_TEXT = /^(\d{9,11})(?:\s+(.*))?$/;

export interface TimedLine {
  /** Seconds since midnight (clock time), or null for an epoch row. */
  seconds: number | null;
  /** Seconds since the epoch (pidstat -H), or null. */
  epoch: number | null;
  words: string[];
}

/** A line's leading time and the words after it; pidstat -h's "# Time" header counts as untimed header words. */
export function timedLine(line: string): TimedLine | null {
  const t = line.trim();
  const clock = CLOCK_TEXT.exec(t);
  if (clock) {
    const seconds = parseClock(clock[2] ? `${clock[1]} ${clock[2]}` : clock[1]!);
    if (seconds === null) return null;
    return { seconds, epoch: null, words: (clock[3] ?? '').split(/\s+/).filter(Boolean) };
  }
  const epoch = EPOCH_TEXT.exec(t);
  if (epoch) return { seconds: null, epoch: Number(epoch[1]), words: (epoch[2] ?? '').split(/\s+/).filter(Boolean) };
  return null;
}

/**
 * Row times to epoch ms: epoch seconds as they are; clock times on the banner's date (read as
 * UTC: sysstat prints no zone); without a date, relative to the first time seen.
 */
export class RowClock {
  private readonly day: DayClock | null;
  private readonly relative: DayClock;
  private origin: number | null = null;
  private sawEpoch = false;
  private sawClock = false;

  constructor(date: CalendarDate | null) {
    this.day = date ? new DayClock(date) : null;
    // Day 0 of the epoch: only differences between its readings are used.
    this.relative = new DayClock({ y: 1970, m: 0, d: 1 });
  }

  at(line: TimedLine): number {
    if (line.epoch !== null) {
      this.sawEpoch = true;
      return line.epoch * 1000;
    }
    this.sawClock = true;
    if (this.day) return this.day.at(line.seconds!);
    const ms = this.relative.at(line.seconds!);
    this.origin ??= ms;
    return ms - this.origin;
  }

  /** What the times were: for the run's `clock` table and its warnings. */
  statement(): ClockStatement {
    if (this.sawEpoch && !this.sawClock) return EPOCH_CLOCK;
    return this.day ? UNZONED_CLOCK : RELATIVE_CLOCK;
  }

  get dated(): boolean {
    return this.day !== null || (this.sawEpoch && !this.sawClock);
  }
}

export const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
/** A figure as sysstat prints it in any locale ("28,87" under de_DE). */
export const figure = (s: string): number => Number(s.replace(',', '.'));
