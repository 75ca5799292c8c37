/**
 * Splits HammerDB Vuser output into one segment per test: the `hammerdb.log` file, the
 * `hammerdbcli` console, and the xtprof time profile report (FORMATS.md 5.1, 5.3, 5.4).
 *
 * Boundaries, because one file often holds a whole virtual-user sweep:
 * - `Hammerdb Log @ <date>`: the log is opened in append mode and every run writes this header;
 * - `<DB> Hammerdb Time Profile Report @ <date>`: hdbxtprofile.log is appended the same way;
 * - on the console, which has no header: the driver script's `N VU TEST` / `vuset vu N` echo,
 *   `Vuser 1 created`, and the end markers `ALL VIRTUAL USERS COMPLETE` / `vudestroy success`;
 * - a second TEST RESULT in one segment, as a last resort.
 * Settings echoed before a test (`Database set to`, `diset` lines) form a context that each test
 * copies when its first Vuser line arrives.
 */
import { parseTclClockDate, type ClockDate } from './clock-date.js';
import { canonicalBenchmark, canonicalDb, isResultMessage, parseTestResult, type TestResult } from './result-line.js';
import { TimeProfile } from './time-profile.js';
import { QueryTimings } from './tproch-queries.js';

export interface LogContext {
  db?: string;
  benchmark?: string;
  rampupMin?: number;
  durationMin?: number;
  toolVersion?: string;
  /**
   * Settings the log prints that change what its numbers mean (issue 40): `raiseerror` (an
   * error ends the virtual user, or is printed and the user carries on), `allwarehouse`,
   * `timeprofile`, and the transaction isolation where a capture prints it.
   */
  settings?: Record<string, string | boolean>;
}

export interface Segment {
  /** 1-based, in file order. */
  index: number;
  /** 1-based line where the segment starts. */
  startLine: number;
  kind: 'log' | 'profile-report' | 'console';
  headerDate: ClockDate | null;
  /** `Timestamp n @ <date>` lines (log_timestamps=1): the first and the last. */
  firstStamp: ClockDate | null;
  lastStamp: ClockDate | null;
  /** The context as it was when the test started (null: no Vuser line yet). */
  ctx: LogContext | null;
  /** Vuser lines seen. */
  activity: number;
  vuNumbers: Set<number>;
  /** Vusers that printed "Processing N transactions": TPROC-C workers, never the monitor. */
  workers: Set<number>;
  /** Virtual user 1 acted as the TPROC-C monitor (FORMATS.md 5.1). */
  monitor: boolean;
  result: { value: TestResult; line: number } | null;
  unreadableResults: number[];
  activeVus: number | null;
  sessions: { vu: number; ac: number } | null;
  created: { n: number; monitor: boolean } | null;
  /** What the driver script said it was about to run (`N VU TEST`, `vuset vu N`). */
  announcedVus: number | null;
  rampupMin: number | null;
  durationMin: number | null;
  warehouses: number | null;
  tpccWork: boolean;
  schemaBuild: boolean;
  failedVus: number;
  /** The virtual users that finished FAILED (each counted once). */
  failedUsers: Set<number>;
  /** "Warning: a running Virtual User was terminated" (genvu.tcl): users ended before they finished, which HammerDB does not name. */
  terminatedUsers: number;
  /** Problems HammerDB itself printed (`WARNING:...`, `Error...`), first few only. */
  problems: string[];
  profileDb: string | null;
  profile: TimeProfile;
  queries: QueryTimings;
  closed: boolean;
}

function newSegment(index: number, startLine: number, kind: Segment['kind']): Segment {
  return {
    index, startLine, kind, headerDate: null, firstStamp: null, lastStamp: null, ctx: null,
    activity: 0, vuNumbers: new Set(), workers: new Set(), monitor: false, result: null, unreadableResults: [],
    activeVus: null, sessions: null, created: null, announcedVus: null, rampupMin: null,
    durationMin: null, warehouses: null, tpccWork: false, schemaBuild: false, failedVus: 0, failedUsers: new Set(), terminatedUsers: 0,
    problems: [], profileDb: null, profile: new TimeProfile(), queries: new QueryTimings(), closed: false,
  };
}

export function hasActivity(s: Segment): boolean {
  return s.activity > 0 || !s.profile.isEmpty || s.result !== null;
}

const num = (s: string | undefined): number => Number(s);

/**
 * `diset tpcc <prefix>_<key> <value>` echoes "Changed tpcc:mysql_rampup from 2 to 5 for MySQL",
 * or "Value false for tpcc:pg_raiseerror is the same as existing value false, no change made";
 * `print dict` lists " pg_raiseerror = false" inside its "tpcc {" block.
 */
const DISET_CHANGED = /^Changed tpcc:[a-z0-9]+?_(\w+) from \S+ to (\S+) for /i;
const DISET_SAME = /^Value (\S+) for tpcc:[a-z0-9]+?_(\w+) is the same/i;
const DICT_ENTRY = /^[a-z0-9]+?_(raiseerror|allwarehouse|timeprofile|rampup|duration)\s*=\s*(\S+)$/i;

/** The driver settings read as parameters: what they change is what the numbers mean. */
const SETTING_KEYS: Record<string, string> = { raiseerror: 'raiseerror', allwarehouse: 'allwarehouse', timeprofile: 'timeprofile' };

/**
 * The transaction isolation a capture prints (a `SHOW`/`SELECT @@` line the driver script
 * echoed, "SET TRANSACTION ISOLATION LEVEL ..."): HammerDB has no setting of its own for it.
 */
const ISOLATION = /isolation(?:[ _]level)?[^A-Za-z]*(?:level\s+)?(serializable|repeatable[ -]read|read[ -]committed|read[ -]uncommitted|snapshot)\b/i;

/** A setting's value as a parameter: Tcl's booleans as booleans, "False" as false. */
function settingValue(raw: string): string | boolean {
  const v = raw.trim().replace(/^["']|["']$/g, '');
  if (/^(true|1|yes)$/i.test(v)) return true;
  if (/^(false|0|no)$/i.test(v)) return false;
  return v;
}

/** Reads a diset echo or a dict entry into the context; false when the line is neither. */
function readSetting(line: string, ctx: LogContext): boolean {
  const changed = DISET_CHANGED.exec(line);
  const same = changed ? null : DISET_SAME.exec(line);
  const dict = changed || same ? null : DICT_ENTRY.exec(line);
  const [key, value] = changed ? [changed[1]!, changed[2]!] : same ? [same[2]!, same[1]!] : dict ? [dict[1]!, dict[2]!] : [null, null];
  if (key === null || value === null) return false;
  const k = key.toLowerCase();
  if ((k === 'rampup' || k === 'duration') && /^\d+(?:\.\d+)?$/.test(value)) {
    if (k === 'rampup') ctx.rampupMin = Number(value);
    else ctx.durationMin = Number(value);
  } else if (SETTING_KEYS[k]) {
    ctx.settings = { ...ctx.settings, [SETTING_KEYS[k]!]: settingValue(value) };
  }
  return true;
}

/** Monitor lines that precede a test's result (FORMATS.md 5.1). */
const BEFORE_RESULT = /^(\d+ Active Virtual Users configured|\d+ VU \* \d+ AC = |Beginning rampup time|Timing test period)/;

export function splitSegments(text: string): { segments: Segment[]; dates: ClockDate[] } {
  const segments: Segment[] = [];
  const dates: ClockDate[] = [];
  const ctx: LogContext = {};
  // Cast, not annotation: `begin` reassigns it, and TS would otherwise narrow it to null here.
  let current = null as Segment | null;

  /** A new segment, unless the current one has not started its test yet. */
  const begin = (line: number, kind: Segment['kind'], force = false): Segment => {
    if (current && !force && !hasActivity(current) && !current.closed) {
      if (kind !== 'console') current.kind = kind;
      return current;
    }
    current = newSegment(segments.length + 1, line, kind);
    segments.push(current);
    return current;
  };
  /** The segment a console line belongs to: the current one, unless it has ended. */
  const live = (line: number): Segment => (current && !current.closed ? current : begin(line, 'console', true));
  const date = (s: string): ClockDate | null => {
    const d = parseTclClockDate(s);
    if (d) dates.push(d);
    return d;
  };

  const lines = text.split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.trim();
    if (line === '') continue;
    let m: RegExpExecArray | null;

    if ((m = /^Timestamp \d+ @ (.+)$/.exec(line))) {
      const d = date(m[1]!);
      const seg: Segment = current ?? begin(lineNo, 'log');
      if (d) {
        seg.firstStamp ??= d;
        seg.lastStamp = d;
      }
      continue;
    }
    if ((m = /^Hammerdb Log @ (.+)$/.exec(line))) {
      begin(lineNo, 'log').headerDate = date(m[1]!);
      continue;
    }
    if ((m = /^(.+?) Hammerdb Time Profile Report @ (.+)$/.exec(line))) {
      const seg = begin(lineNo, 'profile-report');
      seg.headerDate = date(m[2]!);
      seg.profileDb = canonicalDb(m[1]!);
      continue;
    }
    if ((m = /^(HammerDB (?:CLI |Web Service )?v\d\S*)/.exec(line))) {
      ctx.toolVersion = m[1]!;
      continue;
    }
    if ((m = /^Database set to (.+)$/.exec(line))) {
      ctx.db = canonicalDb(m[1]!);
      continue;
    }
    if ((m = /^Benchmark set to (\S+)(?: for (.+))?$/.exec(line))) {
      ctx.benchmark = canonicalBenchmark(m[1]!) ?? m[1]!;
      if (m[2]) ctx.db = canonicalDb(m[2]);
      continue;
    }
    if ((m = /^(TPROC-[CH]|TPC-[CH]) Driver Script$/.exec(line))) {
      ctx.benchmark = canonicalBenchmark(m[1]!) ?? ctx.benchmark;
      continue;
    }
    if (readSetting(line, ctx)) continue;
    if (!line.startsWith('Vuser ') && (m = ISOLATION.exec(line))) {
      ctx.settings = { ...ctx.settings, isolation: m[1]!.toUpperCase().replace(/[-_]/g, ' ') };
      continue;
    }
    // Not printed by HammerDB: a `puts` in the user's driver script (FORMATS.md 5.1), with one
    // space or, from the Python driver, two.
    if ((m = /^(\d+)\s+VU TEST\b/.exec(line)) || (m = /^(?:hammerdb>\s*)?vuset\s+vu\s+(\d+)\s*$/.exec(line))) {
      const seg: Segment = current && hasActivity(current) ? begin(lineNo, 'console', true) : begin(lineNo, 'console');
      seg.announcedVus = num(m[1]);
      continue;
    }
    if ((m = /^Vuser (\d+) created( MONITOR)?/.exec(line))) {
      const seg = m[1] === '1' && current && hasActivity(current) ? begin(lineNo, 'console', true) : live(lineNo);
      if (m[2]) seg.monitor = true;
      continue;
    }
    if ((m = /^(\d+) Virtual Users Created( with Monitor VU)?/.exec(line))) {
      const seg = live(lineNo);
      seg.created = { n: num(m[1]), monitor: m[2] !== undefined };
      if (m[2]) seg.monitor = true;
      continue;
    }
    // The master prints it once per user it ends (a stop, a vudestroy mid-run), with no Vuser prefix.
    if (/^Warning: a running Virtual User was terminated/.test(line)) {
      if (current) current.terminatedUsers++;
      continue;
    }
    if (/^(ALL VIRTUAL USERS COMPLETE|vudestroy success)/.test(line)) {
      if (current) current.closed = true;
      continue;
    }

    const vuLine = /^Vuser (\d+):(.*)$/.exec(line);
    if (!vuLine) {
      // Report lines of an xtprof file come without a Vuser prefix.
      const seg: Segment | null = current;
      if (seg && !seg.closed) seg.profile.feed(null, line);
      continue;
    }
    const vu = num(vuLine[1]);
    const message = vuLine[2]!.trim();
    let seg = live(lineNo);
    // A monitor line that comes before a result, after one: the next test of a file with no
    // boundaries at all (runs appended without headers, or result lines grepped out of logs).
    if (seg.result && (isResultMessage(message) || BEFORE_RESULT.test(message))) seg = begin(lineNo, 'console', true);
    seg.ctx ??= { ...ctx };
    seg.activity++;
    seg.vuNumbers.add(vu);
    handleMessage(seg, vu, message, lineNo);
  }
  return { segments, dates };
}

function handleMessage(seg: Segment, vu: number, message: string, lineNo: number): void {
  let m: RegExpExecArray | null;
  if (isResultMessage(message)) {
    const value = parseTestResult(message);
    if (value) seg.result = { value, line: lineNo };
    else seg.unreadableResults.push(lineNo);
    if (vu === 1) seg.monitor = true;
    return;
  }
  if (seg.profile.feed(vu, message) || seg.queries.feed(vu, message)) return;
  if ((m = /^(\d+) Active Virtual Users configured/.exec(message))) {
    seg.activeVus = num(m[1]);
  } else if ((m = /^(\d+) VU \* (\d+) AC = \d+ Active Sessions configured/.exec(message))) {
    seg.sessions = { vu: num(m[1]), ac: num(m[2]) };
  } else if ((m = /^Beginning rampup time of (\d+(?:\.\d+)?) minute/.exec(message))) {
    seg.rampupMin = num(m[1]);
  } else if ((m = /^Timing test period of (\d+(?:\.\d+)?) in minutes/.exec(message))) {
    seg.durationMin = num(m[1]);
  } else if ((m = /Warehouses = (\d+)/.exec(message))) {
    seg.warehouses = num(m[1]);
    seg.tpccWork = true;
  } else if (/^Processing \d+/.test(message)) {
    seg.tpccWork = true;
    seg.workers.add(vu);
  } else if (/^FINISHED FAILED/.test(message)) {
    if (!seg.failedUsers.has(vu)) seg.failedVus++;
    seg.failedUsers.add(vu);
  } else if (/SCHEMA/.test(message)) {
    seg.schemaBuild = true;
  } else if (/^(WARNING|Error|ERROR)\b/.test(message) && seg.problems.length < 5) {
    seg.problems.push(`Vuser ${vu}: ${message}`);
  }
  // Only the monitor prints the rampup, the timing and the result (FORMATS.md 5.1).
  if (vu === 1 && /^(Beginning rampup|Rampup|Timing test period|Test complete|\d+ Active)/.test(message)) seg.monitor = true;
}
