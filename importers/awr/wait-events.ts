/**
 * Wait events: the top events summary in its three shapes (FORMATS.md 3.3: "Top 5 Timed
 * Events" 10g and STATSPACK, "Top 5 Timed Foreground Events" 11g to 11.2.0.3, "Top 10
 * Foreground Events by Total Wait Time" 11.2.0.4 on), the foreground and background wait event
 * lists, the wait classes and the time model.
 *
 * Columns are found by heading, since each release renamed them: "Time (s)", "Time(s)",
 * "Total Wait Time (sec)", and 11.2.0.4 text's 4-character "Tota Time"; "Avg wait (ms)",
 * "Wait Avg(ms)", "Avg Wait"; "% DB time", "%Total Call Time". Averages in 12.2+ carry their
 * own unit (numbers.ts). Event names cut to the text column are joined to full names printed
 * elsewhere (names.ts); wait classes to the fixed list of classes.
 */
import { isIdleEvent } from './idle-events.js';
import { NameResolver, resolveWaitClass, snakeKey } from './names.js';
import { parseAwrNumber, parseWaitMs } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, type ReportTable } from './report-tables.js';

export interface TopEventRow {
  name: string;
  waits: number | null;
  time_s: number | null;
  avg_ms: number | null;
  /** "% DB time" (AWR 11g on), null where the list prints a share of call time instead. */
  pct_db_time: number | null;
  /** "%Total Call Time" (STATSPACK, AWR 10g): a share of call time, not of DB time; set only there. */
  pct_call_time?: number | null;
  wait_class: string | null;
  /** The average was printed as 0 and is total wait time / waits (see fillZeroAverages). */
  avg_computed?: true;
  /** The event is of Oracle's Idle wait class (idle-events.ts): kept, never ranked. */
  idle?: true;
}

export interface WaitEventRow {
  name: string;
  waits: number | null;
  timeouts_pct: number | null;
  time_s: number | null;
  avg_ms: number | null;
  waits_per_txn: number | null;
  /** % DB time for foreground lists, % bg time for the background list; or % of call time (callTime). */
  pct_time: number | null;
  /** True where the column is "%Total Call Time" (STATSPACK): the share is of call time. */
  callTime?: boolean;
  /** The printed wait class, where the list has a Wait Class column (RAC global report). */
  wait_class?: string;
  avg_computed?: true;
  idle?: true;
}

/**
 * STATSPACK (and AWR 10g) print "%Total Call Time": the event's share of call time (DB CPU plus
 * the non-idle waits, background included), not of DB time. CPU 524 s is 88.6% of call time
 * but 84.8% of 617.8 s of DB time: the two are different quantities and keep different names.
 */
const isCallTime = (header: string | undefined): boolean => header !== undefined && /call/i.test(header);

export interface WaitClassRow {
  wait_class: string;
  waits: number | null;
  timeouts_pct: number | null;
  time_s: number | null;
  avg_ms: number | null;
  pct_db_time: number | null;
}

export interface TimeModelRow {
  statistic: string;
  time_s: number | null;
  pct_db_time: number | null;
  pct_cpu_time: number | null;
}

type Role = 'name' | 'cls' | 'timeouts' | 'avg' | 'txn' | 'pct' | 'waits' | 'time';

/** Order matters: specific headings first, so "time" is left with the total-time column. */
const FIGURE_ROLES: ReadonlyArray<[Role, RegExp]> = [
  ['timeouts', /time ?-?outs|%tim(e)? ?out|timeouts/],
  ['avg', /avg|^\(ms\)$/],
  ['txn', /\/ ?txn|per txn/],
  ['pct', /%|pct/],
  ['waits', /^(event )?waits$/],
  ['time', /time|^tota/],
];

/** Event lists: the name is "Event" even where "Wait Class" comes first (RAC global report). */
const EVENT_ROLES: ReadonlyArray<[Role, RegExp]> = [['name', /^event( name)?$/], ['cls', /class$/], ...FIGURE_ROLES];
const CLASS_ROLES: ReadonlyArray<[Role, RegExp]> = [['name', /^wait class$/], ...FIGURE_ROLES];

/** Milliseconds per unit for a bare average: every layout without a per-row unit says "(ms)". */
const avgUnitMs = (header: string | undefined): number => (header && /\(s(ec)?\)/i.test(header) ? 1000 : 1);

/** Text only: whether a cell fills its column, i.e. may have been cut. */
const widthOf = (t: ReportTable, i: number | undefined): number | undefined => (i === undefined ? undefined : t.widths?.[i]);

export const TOP_EVENTS_TITLE = /^top (5|10) (timed )?(foreground )?events( by total wait time)?$/;
export const FOREGROUND_TITLE = /^(foreground wait events|wait events)$/;
export const BACKGROUND_TITLE = /^background wait events$/;

/** Learns every full (uncut) event name the report prints, so cut names can be joined to them. */
export function eventNames(doc: ReportDocument): NameResolver {
  const names = new NameResolver();
  const titles = [TOP_EVENTS_TITLE, FOREGROUND_TITLE, BACKGROUND_TITLE, /^wait events \(fg and bg\)$/, /^wait event histogram/];
  for (const t of titles.flatMap((re) => tablesTitled(doc, re))) {
    const { name } = columnRoles(t.headers, EVENT_ROLES);
    const width = widthOf(t, name);
    for (const r of t.rows) {
      const n = cell(r, name);
      if (n && (width === undefined || n.length < width - 1)) names.learn(n);
    }
  }
  return names;
}

export function readTopEvents(doc: ReportDocument, names: NameResolver): TopEventRow[] {
  const t = tablesTitled(doc, TOP_EVENTS_TITLE)[0];
  return t ? topEventRows(t, names) : [];
}

/**
 * The 11.2.0.4 text layout prints the top events' total time in 4 characters under a heading
 * cut to "Tota" (not in FORMATS.md; seen in real 11.2.0.4 reports and the parsers written for
 * them): the value is cut on the right, "558." for 558.4 s, and a time the HTML shows as
 * "12.2K" (12,200 s) comes out as "12.2". The foreground list prints the same time in full,
 * and the time model prints DB CPU, so those replace the cut figures. Returns how many were
 * replaced; 0 for every other layout.
 */
export function repairCutTopTimes(doc: ReportDocument, top: TopEventRow[], fg: readonly WaitEventRow[], dbCpuS: number | null): number {
  const t = tablesTitled(doc, TOP_EVENTS_TITLE)[0];
  if (!t?.widths) return 0;
  const { time } = columnRoles(t.headers, EVENT_ROLES);
  if (time === undefined || (t.widths[time] ?? 99) > 4) return 0;
  let replaced = 0;
  for (const r of top) {
    const cpu = /^(db cpu|cpu time)$/i.test(r.name);
    const full = cpu ? dbCpuS : fg.find((e) => e.name === r.name)?.time_s ?? null;
    if (full === null || full === r.time_s) continue;
    // The list prints whole seconds: "54.4" (fits, exact) beats its 54; "736." (cut) loses to 737.
    if (cpu || r.time_s === null || Math.abs(full - r.time_s) >= 1) {
      r.time_s = full;
      replaced++;
    }
  }
  return replaced;
}

export function topEventRows(t: ReportTable, names: NameResolver): TopEventRow[] {
  const c = columnRoles(t.headers, EVENT_ROLES);
  const out: TopEventRow[] = [];
  for (const r of t.rows) {
    const printed = cell(r, c.name);
    if (!printed) continue;
    const cls = cell(r, c.cls);
    const pct = parseAwrNumber(cell(r, c.pct));
    const callTime = isCallTime(t.headers[c.pct ?? -1]);
    const row: TopEventRow = {
      name: names.resolve(printed, widthOf(t, c.name)),
      waits: parseAwrNumber(cell(r, c.waits)),
      time_s: parseAwrNumber(cell(r, c.time)),
      avg_ms: parseWaitMs(cell(r, c.avg), avgUnitMs(t.headers[c.avg ?? -1])),
      pct_db_time: callTime ? null : pct,
      ...(callTime ? { pct_call_time: pct } : {}),
      wait_class: cls ? resolveWaitClass(cls) : null,
    };
    if (!/^(db cpu|cpu time)$/i.test(row.name) && isIdleEvent(row.name, row.wait_class)) row.idle = true;
    out.push(row);
  }
  return out;
}

export function waitEventRows(t: ReportTable, names: NameResolver): WaitEventRow[] {
  const c = columnRoles(t.headers, EVENT_ROLES);
  const callTime = isCallTime(t.headers[c.pct ?? -1]);
  const out: WaitEventRow[] = [];
  for (const r of t.rows) {
    const printed = cell(r, c.name);
    if (!printed) continue;
    const cls = cell(r, c.cls);
    const row: WaitEventRow = {
      name: names.resolve(printed, widthOf(t, c.name)),
      waits: parseAwrNumber(cell(r, c.waits)),
      timeouts_pct: parseAwrNumber(cell(r, c.timeouts)),
      time_s: parseAwrNumber(cell(r, c.time)),
      avg_ms: parseWaitMs(cell(r, c.avg), avgUnitMs(t.headers[c.avg ?? -1])),
      waits_per_txn: parseAwrNumber(cell(r, c.txn)),
      pct_time: parseAwrNumber(cell(r, c.pct)),
      ...(callTime ? { callTime: true } : {}),
    };
    if (cls) row.wait_class = resolveWaitClass(cls);
    if (isIdleEvent(row.name, row.wait_class)) row.idle = true;
    out.push(row);
  }
  return out;
}

/**
 * Averages AWR printed as 0. Up to 12.1 the average is printed in whole milliseconds, so any
 * event averaging under 0.5 ms prints "0" (write-back's cell single block physical read:
 * 5,921,681 waits in 1,635 s is 0.276 ms): with waits and a total time printed, the average is
 * their quotient. An average printed as anything else is kept as printed. Returns the events
 * whose average was computed, for the run's warning.
 */
export function fillZeroAverages(rows: ReadonlyArray<WaitEventRow | TopEventRow>): string[] {
  const filled: string[] = [];
  for (const r of rows) {
    if (r.avg_ms !== 0 || !r.waits || !r.time_s || r.time_s <= 0) continue;
    r.avg_ms = (r.time_s * 1000) / r.waits;
    r.avg_computed = true;
    filled.push(r.name);
  }
  return filled;
}

/** The run's warning for averages computed from total time / waits, or null. */
export function computedAveragesWarning(names: readonly string[]): string | null {
  const unique = [...new Set(names)];
  if (unique.length === 0) return null;
  return `average waits printed as 0 (under the 1 ms the column shows) computed as total wait time / waits: ${unique.join(', ')}`;
}

/** Table rows: the list's percentage under its own name (% DB time for foreground, % bg time for background, % call time where printed). */
export const fgRow = ({ pct_time, callTime, ...r }: WaitEventRow): Record<string, unknown> => ({ ...r, [callTime ? 'pct_call_time' : 'pct_db_time']: pct_time });
export const bgRow = ({ pct_time, callTime, ...r }: WaitEventRow): Record<string, unknown> => ({ ...r, [callTime ? 'pct_call_time' : 'pct_bg_time']: pct_time });

/** All rows of every page of a list ("Background Wait Events" repeats its headings per page). */
export function readWaitEvents(doc: ReportDocument, title: RegExp, names: NameResolver): WaitEventRow[] {
  const rows: WaitEventRow[] = [];
  for (const t of tablesTitled(doc, title)) rows.push(...waitEventRows(t, names));
  return rows;
}

/**
 * `<prefix>.<event>.waits|time_s|avg_ms|<pct>` for each event; the first row of an event wins
 * (a cut name that could not be joined keeps its own key). A share of call time is stored as
 * `pct_call_time` whatever the list, so it never pairs with another report's `pct_db_time`.
 */
export function waitMetrics(rows: ReadonlyArray<WaitEventRow | TopEventRow>, prefix: string, pctName: string, metrics: Record<string, number>): void {
  for (const r of rows) {
    if (/^(db cpu|cpu time|background cpu time)$/i.test(r.name)) continue;
    const base = `${prefix}.${snakeKey(r.name)}`;
    if (metrics[`${base}.waits`] !== undefined || metrics[`${base}.time_s`] !== undefined) continue;
    const [pct, name] = 'pct_time' in r
      ? [r.pct_time, r.callTime ? 'pct_call_time' : pctName]
      : r.pct_call_time !== undefined ? [r.pct_call_time, 'pct_call_time'] : [r.pct_db_time, pctName];
    for (const [k, v] of [['waits', r.waits], ['time_s', r.time_s], ['avg_ms', r.avg_ms], [name, pct]] as const) {
      if (v !== null && v !== undefined) metrics[`${base}.${k}`] = v;
    }
  }
}

export function readWaitClasses(doc: ReportDocument): WaitClassRow[] {
  // The foreground table (11g on) first: the 12c summary table also counts background waits.
  const t = tablesTitled(doc, /^foreground wait class$/)[0] ?? tablesTitled(doc, /^(wait classes by total wait time|wait class)$/)[0];
  if (!t) return [];
  const c = columnRoles(t.headers, CLASS_ROLES);
  const out: WaitClassRow[] = [];
  for (const r of t.rows) {
    const printed = cell(r, c.name);
    if (!printed) continue;
    out.push({
      wait_class: /^db cpu$/i.test(printed) ? printed : resolveWaitClass(printed),
      waits: parseAwrNumber(cell(r, c.waits)),
      timeouts_pct: parseAwrNumber(cell(r, c.timeouts)),
      time_s: parseAwrNumber(cell(r, c.time)),
      avg_ms: parseWaitMs(cell(r, c.avg), avgUnitMs(t.headers[c.avg ?? -1])),
      pct_db_time: parseAwrNumber(cell(r, c.pct)),
    });
  }
  return out;
}

export function readTimeModel(doc: ReportDocument): TimeModelRow[] {
  const t = tablesTitled(doc, /^time model (statistics|system stats)$/)[0];
  if (!t) return [];
  const c = columnRoles(t.headers, [['name', /^statistic/], ['cpu', /cpu time/], ['pct', /db time/], ['time', /^time/]]);
  const out: TimeModelRow[] = [];
  for (const r of t.rows) {
    const statistic = cell(r, c.name);
    if (!statistic) continue;
    out.push({
      statistic,
      time_s: parseAwrNumber(cell(r, c.time)),
      pct_db_time: parseAwrNumber(cell(r, c.pct)),
      pct_cpu_time: parseAwrNumber(cell(r, c.cpu)),
    });
  }
  return out;
}
