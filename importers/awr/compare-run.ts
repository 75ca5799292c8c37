/**
 * AWR Compare Periods reports (awrddrpt, "WORKLOAD REPOSITORY COMPARE PERIOD REPORT"): two
 * snapshot sets side by side, each becoming a run named by its snapshot range, with
 * params.side '1st' or '2nd'. FORMATS.md does not cover this report; the layout read here is
 * the 19c text report as published (a real report pasted in a public blog post):
 *
 * - `Snapshot Set  DB Id  Unique Name ... Release  Cluster  CDB  Host ...` with rows
 *   `First (1st)` / `Second (2nd)` (11g adds DB Name, Instance, Inst num);
 * - `Snapshot Set  Begin Snap Id  Begin Snap Time  End Snap Id  End Snap Time  Avg Active
 *   Users  Elapsed Time (min)  DB time (min)` with rows `1st` / `2nd` and a `%Diff:` row;
 * - the load profile as `1st per sec  2nd per sec  %Diff  1st per txn  2nd per txn  %Diff`;
 * - "Top Timed Events" as two tables side by side (Event, Wait Class, Waits, Time(s), Avg
 *   Time, %DB time); a leading '-' marks an event that was not in that set's top list.
 *
 * Tables are found by their headings, so the HTML form is read where it uses the same ones.
 * Not read: the compare report's wait event, SQL, I/O and activity sections.
 */
import type { ParsedRun } from '../types.js';
import { emptyHeader, yesNo, type ReportHeader } from './header.js';
import { AWR_TOOL, headerParams, runName } from './instance-run.js';
import { NameResolver, snakeKey } from './names.js';
import { parseAwrNumber, minutesToSeconds } from './numbers.js';
import type { ReportDocument } from './report-document.js';
import { cell, columnRoles, headerKey, type ReportTable } from './report-tables.js';
import { sectionRows } from './sections.js';
import { parseSnapTime } from './snap-time.js';
import { computedAveragesWarning, fillZeroAverages, topEventRows, waitMetrics, type TopEventRow } from './wait-events.js';

type Side = '1st' | '2nd';
const SIDES: readonly Side[] = ['1st', '2nd'];

const sideOf = (label: string): Side | null => (/^(first|1st)\b|\(1st\)/i.test(label.trim()) ? '1st' : /^(second|2nd)\b|\(2nd\)/i.test(label.trim()) ? '2nd' : null);
const hasHeader = (t: ReportTable, re: RegExp): boolean => t.headers.some((h) => re.test(headerKey(h)));

function readSides(doc: ReportDocument): Record<Side, ReportHeader> {
  const out: Record<Side, ReportHeader> = { '1st': emptyHeader(), '2nd': emptyHeader() };
  for (const t of doc.tables) {
    if (!hasHeader(t, /^snapshot set$/)) continue;
    const c = columnRoles(t.headers, [
      ['set', /^snapshot set$/], ['name', /^db name$/], ['id', /^db ?id$/], ['inst', /^instance$/], ['num', /^inst ?num$/],
      ['release', /^release$/], ['rac', /^(cluster|rac)$/], ['host', /^host( name)?$/],
      ['bId', /^begin snap id$/], ['bTime', /^begin snap time$/], ['eId', /^end snap id$/], ['eTime', /^end snap time$/],
      ['elapsed', /^elapsed time \(min\)$/], ['dbTime', /^db time \(min\)$/],
    ]);
    for (const r of t.rows) {
      const side = sideOf(cell(r, c.set));
      if (!side) continue;
      const h = out[side];
      const text = (i: number | undefined): string | null => cell(r, i) || null;
      h.dbName ??= text(c.name);
      h.dbId ??= text(c.id);
      h.instance ??= text(c.inst);
      h.instNum ??= parseAwrNumber(cell(r, c.num));
      h.release ??= text(c.release);
      h.host ??= text(c.host);
      if (c.rac !== undefined) h.rac ??= yesNo(cell(r, c.rac));
      h.beginSnap ??= parseAwrNumber(cell(r, c.bId));
      h.endSnap ??= parseAwrNumber(cell(r, c.eId));
      const b = parseSnapTime(cell(r, c.bTime));
      const e = parseSnapTime(cell(r, c.eTime));
      for (const [printed, read] of [[cell(r, c.bTime), b], [cell(r, c.eTime), e]] as const) if (printed && !read) h.unreadTimes.push(printed);
      h.beginMs ??= b?.ms ?? null;
      h.endMs ??= e?.ms ?? null;
      h.elapsedMin ??= parseAwrNumber(cell(r, c.elapsed));
      h.dbTimeMin ??= parseAwrNumber(cell(r, c.dbTime));
    }
  }
  // "Top Timed Events   First DB/Inst: CDB1/CDB1 Snaps: 91-92 ...,  Second DB/Inst: ...": names when the set table lacks them.
  for (const s of doc.textSections) {
    const m = /First DB\/Inst:\s*([^/\s]+)\/(\S+)\s+Snaps:\s*(\d+)-(\d+).*Second DB\/Inst:\s*([^/\s]+)\/(\S+)\s+Snaps:\s*(\d+)-(\d+)/.exec(s.lines[0] ?? '');
    if (!m) continue;
    const fill = (h: ReportHeader, group: number): void => {
      h.dbName ??= m[group]!;
      h.instance ??= m[group + 1]!;
      h.beginSnap ??= Number(m[group + 2]);
      h.endSnap ??= Number(m[group + 3]);
    };
    fill(out['1st'], 1);
    fill(out['2nd'], 5);
    break;
  }
  return out;
}

function readHostComparison(doc: ReportDocument, sides: Record<Side, ReportHeader>): void {
  for (const t of doc.tables.filter((x) => hasHeader(x, /^1st$/) && hasHeader(x, /^2nd$/))) {
    const c = columnRoles(t.headers, [['1st', /^1st$/], ['2nd', /^2nd$/]]);
    for (const r of t.rows) {
      const label = headerKey(r[0] ?? '').replace(/:$/, '');
      for (const side of SIDES) {
        const h = sides[side];
        const v = cell(r, c[side]);
        if (label === 'number of cpus') h.cpus ??= parseAwrNumber(v);
        else if (label === 'number of cpu cores') h.cores ??= parseAwrNumber(v);
        else if (label === 'number of cpu sockets') h.sockets ??= parseAwrNumber(v);
        else if (label === 'physical memory') {
          const mb = parseAwrNumber(v.replace(/M$/i, ''));
          h.memoryGb ??= mb === null ? null : mb / 1024;
        } else if (label === 'platform') h.platform ??= v || null;
      }
    }
  }
}

function readLoadProfiles(doc: ReportDocument, metrics: Record<Side, Record<string, number>>): Record<Side, Array<Record<string, unknown>>> {
  const rows: Record<Side, Array<Record<string, unknown>>> = { '1st': [], '2nd': [] };
  for (const t of doc.tables.filter((x) => hasHeader(x, /1st per sec/))) {
    const c = columnRoles(t.headers, [['s1', /1st per sec/], ['s2', /2nd per sec/], ['t1', /1st per txn/], ['t2', /2nd per txn/]]);
    for (const r of t.rows) {
      const statistic = (r[0] ?? '').trim().replace(/:$/, '');
      if (!statistic) continue;
      for (const [side, s, x] of [['1st', c.s1, c.t1], ['2nd', c.s2, c.t2]] as const) {
        const perS = parseAwrNumber(cell(r, s));
        const perTxn = parseAwrNumber(cell(r, x));
        rows[side].push({ statistic, per_s: perS, per_txn: perTxn });
        if (perS !== null) metrics[side][`load.${snakeKey(statistic)}_per_s`] ??= perS;
        if (perTxn !== null) metrics[side][`load.${snakeKey(statistic)}_per_txn`] ??= perTxn;
      }
    }
  }
  return rows;
}

/** The side-by-side top events: split the table into its two halves at the second "Event" heading. */
function readTopEvents(doc: ReportDocument): Record<Side, TopEventRow[]> {
  const out: Record<Side, TopEventRow[]> = { '1st': [], '2nd': [] };
  const t = doc.tables.find((x) => /^top timed events/i.test(x.title) && x.headers.filter((h) => /^event$/i.test(h)).length === 2);
  if (!t) return out;
  const split = t.headers.findIndex((h, i) => i > 0 && /^event$/i.test(h));
  const names = new NameResolver();
  const half = (from: number, to: number): ReportTable => ({
    ...t,
    headers: t.headers.slice(from, to),
    // Names start after a one-character marker column (' ' or '-'), so they are cut one short.
    widths: t.widths?.slice(from, to).map((w, i) => (i === 0 ? w - 1 : w)),
    // A leading '-' marks an event outside this set's top list; '-' alone is an empty slot.
    rows: t.rows.map((r) => r.slice(from, to).map((v, i) => (i === 0 ? v.replace(/^-\s*/, '') : v))),
  });
  out['1st'] = topEventRows(half(0, split), names);
  out['2nd'] = topEventRows(half(split, t.headers.length), names);
  return out;
}

export function compareRuns(doc: ReportDocument, fileName: string): ParsedRun[] {
  const sides = readSides(doc);
  readHostComparison(doc, sides);
  const metrics: Record<Side, Record<string, number>> = { '1st': {}, '2nd': {} };
  const load = readLoadProfiles(doc, metrics);
  const top = readTopEvents(doc);
  return SIDES.map((side) => {
    const h = sides[side];
    const m = metrics[side];
    const computed = computedAveragesWarning(fillZeroAverages(top[side]));
    waitMetrics(top[side], 'wait', 'pct_db_time', m);
    if (h.elapsedMin !== null) m['elapsed_s'] = minutesToSeconds(h.elapsedMin);
    if (h.dbTimeMin !== null) m['db_time_s'] = minutesToSeconds(h.dbTimeMin);
    if (h.elapsedMin && h.dbTimeMin !== null) m['aas'] = h.dbTimeMin / h.elapsedMin;
    const cpu = top[side].find((r) => /^(db cpu|cpu time)$/i.test(r.name))?.time_s;
    if (cpu !== undefined && cpu !== null) m['cpu.db_cpu_s'] = cpu;
    const tables: Record<string, unknown> = {};
    if (load[side].length) tables['load_profile'] = load[side];
    if (top[side].length) tables['top_events'] = top[side];
    tables['sections'] = sectionRows(doc, { header: h.beginSnap !== null ? 1 : 0, load_profile: load[side].length, top_events: top[side].length });
    const warnings: string[] = computed ? [computed] : [];
    if (h.unreadTimes.length) warnings.push(`snapshot time not understood: ${h.unreadTimes.join(', ')}`);
    if (!doc.complete) warnings.push('the report stops before "End of Report" (cut off?): imported what it has');
    return {
      name: runName({ ...h, instance: h.instance === h.dbName ? null : h.instance }, `${fileName} (${side})`),
      tool: AWR_TOOL, toolVersion: h.release, host: h.host, startMs: h.beginMs, endMs: h.endMs,
      params: { ...headerParams(h, doc.kind), side }, metrics: m, tables, series: [], warnings, errors: [],
    };
  });
}
