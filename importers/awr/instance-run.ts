/**
 * One run from an instance report: awrrpt (single instance or one RAC instance), STATSPACK,
 * and awrsqrpt (header plus the statement's statistics). Every reader is tolerant: a section
 * the report lacks leaves its metrics out and is listed as absent in the `sections` table.
 */
import type { ParamValue, ParsedRun, ValidityFact } from '../types.js';
import { stopped } from '../validity.js';
import { readInitParameters, readInstanceActivity } from './activity.js';
import { readHeader, type ReportHeader } from './header.js';
import { readHostCpu } from './host-cpu.js';
import { readFileIo, readIostatByFunction, readTablespaceIo } from './io-stats.js';
import { readIoProfile, readLoadProfile } from './load-profile.js';
import { minutesToSeconds } from './numbers.js';
import type { ReportDocument } from './report-document.js';
import { sectionRows, truncationWarning } from './sections.js';
import { readPlanStatistics, readSqlByElapsed, readSqlSummary } from './sql-stats.js';
import { eventWaits, idleIn, readWaitHistograms } from './wait-histograms.js';
import {
  BACKGROUND_TITLE, bgRow, computedAveragesWarning, eventNames, fgRow, fillZeroAverages, FOREGROUND_TITLE, readTimeModel, readTopEvents,
  readWaitClasses, readWaitEvents, repairCutTopTimes, waitMetrics,
} from './wait-events.js';

export const AWR_TOOL = 'oracle-awr';
export const STATSPACK_TOOL = 'oracle-statspack';

/** Run parameters from the header; only what the report printed. */
export function headerParams(h: ReportHeader, kind: string): Record<string, ParamValue> {
  const p: Record<string, ParamValue> = { report: kind };
  const put = (k: string, v: ParamValue | null): void => {
    if (v !== null && v !== '') p[k] = v;
  };
  put('db_name', h.dbName);
  put('db_id', h.dbId);
  put('instance', h.instance);
  put('inst_num', h.instNum);
  put('release', h.release);
  put('rac', h.rac);
  put('platform', h.platform);
  put('cpus', h.cpus);
  put('cores', h.cores);
  put('sockets', h.sockets);
  put('memory_gb', h.memoryGb);
  put('begin_snap', h.beginSnap);
  put('end_snap', h.endSnap);
  // The end value: the state the measured interval left the instance in.
  put('sessions', h.sessionsEnd ?? h.sessionsBegin);
  return p;
}

/** "BPSC/bpsc 2668-2669": database, instance when it differs, snapshot range. */
export function runName(h: ReportHeader, fallback: string): string {
  const who = [h.dbName, h.instance && h.instance !== h.dbName ? h.instance : null].filter(Boolean).join('/');
  const snaps = h.beginSnap !== null && h.endSnap !== null ? `${h.beginSnap}-${h.endSnap}` : '';
  return [who, snaps].filter(Boolean).join(' ') || fallback;
}

/** Header warnings: unreadable snapshot times, missing header. */
export function headerWarnings(h: ReportHeader): string[] {
  const w: string[] = [];
  if (h.unreadTimes.length > 0) w.push(`snapshot time not understood: ${h.unreadTimes.map((t) => JSON.stringify(t)).join(', ')} (month names handled: English, Russian, German, French, Spanish, Italian, Portuguese, Dutch, numeric CJK)`);
  if (h.beginSnap === null && h.dbName === null) w.push('no report header found (DB Name / Snap Id blocks)');
  return w;
}

const wallClock = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * An instance started after the begin snapshot: its statistics restarted from zero inside the
 * window, so the report's deltas describe no workload (AWR itself refuses such a range for one
 * instance; a RAC global report, or a report edited by hand, can still span one).
 */
export function restartFacts(h: ReportHeader): ValidityFact[] {
  return h.restarts.map((r) => stopped('instance-restart',
    `instance ${r.instance ?? '(unnamed)'} was started at ${wallClock(r.startupMs)}, after the begin snapshot${h.beginMs !== null ? ` (${wallClock(h.beginMs)})` : ''}: the window spans a restart and its figures do not describe a workload`));
}

/** A run's validity facts, present only when there are some. */
export function withValidity(facts: ValidityFact[]): { validity?: ValidityFact[] } {
  return facts.length ? { validity: facts } : {};
}

export function instanceRun(doc: ReportDocument, fileName: string): ParsedRun {
  const h = readHeader(doc);
  const metrics: Record<string, number> = {};
  const tables: Record<string, unknown> = {};
  const warnings = headerWarnings(h);

  const loadProfile = readLoadProfile(doc, metrics);
  const ioProfile = readIoProfile(doc, metrics);
  const names = eventNames(doc);
  const top = readTopEvents(doc, names);
  const fg = readWaitEvents(doc, FOREGROUND_TITLE, names);
  const bg = readWaitEvents(doc, BACKGROUND_TITLE, names);
  const histograms = readWaitHistograms(doc, names, eventWaits([...fg, ...bg]), idleIn([...top, ...fg, ...bg]));
  const classes = readWaitClasses(doc);
  const timeModel = readTimeModel(doc);
  const sql = readSqlByElapsed(doc);
  const iostat = readIostatByFunction(doc);
  const tablespaceIo = readTablespaceIo(doc);
  const fileIo = readFileIo(doc);
  const activity = readInstanceActivity(doc);
  const params = readInitParameters(doc);
  // The host's CPU over the interval: what mpstat or sar -u beside it should show.
  const hostCpu = readHostCpu(doc, metrics);

  const tm = (name: RegExp): number | null => timeModel.find((r) => name.test(r.statistic))?.time_s ?? null;
  if (repairCutTopTimes(doc, top, fg, tm(/^db cpu$/i)) > 0) {
    warnings.push('top events: the 11.2.0.4 text layout cuts total wait times to 4 characters ("Tota" column); times taken from the foreground wait event list and the time model');
  }
  const computed = computedAveragesWarning([...fillZeroAverages(top), ...fillZeroAverages(fg), ...fillZeroAverages(bg)]);
  if (computed) warnings.push(computed);
  // The full foreground list; the top events stand in only when the report has no list (cut
  // off before it, or a short report printing the summary only). Not event by event: the 10g
  // and STATSPACK top list also counts background events.
  waitMetrics(fg.length > 0 ? fg : top, 'wait', 'pct_db_time', metrics);
  waitMetrics(bg, 'bgwait', 'pct_bg_time', metrics);
  const elapsedS = h.elapsedMin !== null ? minutesToSeconds(h.elapsedMin) : null;
  const dbTimeS = tm(/^db time$/i) ?? (h.dbTimeMin !== null ? minutesToSeconds(h.dbTimeMin) : null);
  if (elapsedS !== null) metrics['elapsed_s'] = elapsedS;
  if (dbTimeS !== null) metrics['db_time_s'] = dbTimeS;
  if (elapsedS && dbTimeS !== null) metrics['aas'] = dbTimeS / elapsedS;
  const dbCpu = tm(/^db cpu$/i)
    ?? top.find((r) => /^(db cpu|cpu time)$/i.test(r.name))?.time_s
    ?? classes.find((r) => /^db cpu$/i.test(r.wait_class))?.time_s
    ?? null;
  if (dbCpu !== null) metrics['cpu.db_cpu_s'] = dbCpu;

  const counts: Record<string, number> = {
    header: h.beginSnap !== null || h.dbName !== null ? 1 : 0,
    load_profile: loadProfile.length, top_events: top.length, wait_classes: classes.length, io_profile: ioProfile.length,
    time_model: timeModel.length, foreground_events: fg.length, background_events: bg.length, sql_by_elapsed: sql.length,
    instance_activity: activity.length, iostat_by_function: iostat.length, tablespace_io: tablespaceIo.length,
    file_io: fileIo.length, init_parameters: params.length,
  };
  const put = (name: string, rows: unknown[]): void => {
    if (rows.length > 0) tables[name] = rows;
  };
  put('load_profile', loadProfile);
  put('io_profile', ioProfile);
  put('top_events', top);
  put('foreground_events', fg.map(fgRow));
  put('background_events', bg.map(bgRow));
  put('wait_histograms', histograms);
  put('wait_classes', classes);
  put('time_model', timeModel);
  put('sql_by_elapsed', sql);
  put('iostat_by_function', iostat);
  put('tablespace_io', tablespaceIo);
  put('file_io', fileIo);
  put('instance_activity', activity);
  put('init_parameters', params);
  if (hostCpu) tables['host_cpu'] = hostCpu;
  if (doc.kind === 'awrsqrpt') {
    put('sql_summary', readSqlSummary(doc));
    put('sql_plan_statistics', readPlanStatistics(doc, metrics));
  }
  const sections = sectionRows(doc, counts);
  tables['sections'] = sections;
  const cut = truncationWarning(doc, sections);
  if (cut) warnings.push(cut);
  warnings.push(...names.warnings());
  put('cut_names', names.joins());

  return {
    name: runName(h, fileName),
    tool: doc.kind === 'statspack' ? STATSPACK_TOOL : AWR_TOOL,
    toolVersion: h.release,
    host: h.host,
    startMs: h.beginMs,
    endMs: h.endMs,
    params: headerParams(h, doc.kind),
    metrics,
    tables,
    series: [],
    warnings,
    errors: [],
    ...withValidity(restartFacts(h)),
  };
}
