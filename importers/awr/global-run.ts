/**
 * The RAC global report (awrgrpt, `<title>AWR RAC Report for DB:`, FORMATS.md 3.6). FORMATS.md
 * could not document its body; this follows the real 12.2 report in the corpus. Its tables
 * put one row per instance (I#) and, in the top event lists, a cluster-wide row marked '*':
 * the run is the cluster, so sums over instances and the '*' rows are what it reports.
 *
 * - "Database Summary": DB id and name, RAC, snapshot ids, total DB time and elapsed minutes.
 * - "Database Instances Included In Report": instance, host, release, platform, snap times.
 * - "OS Statistics By Instance": CPUs, cores, sockets, memory (MB) per instance, summed.
 * - "Time Model", "Foreground Wait Classes", "System Statistics - Per Second / - Per
 *   Transaction": one row per instance, summed (per-transaction figures are recomputed from
 *   the sums, as a per-instance average of ratios would be wrong).
 * - "Top Timed Foreground Events", "Foreground / Background Wait Events (Global)".
 */
import type { ParamValue, ParsedRun } from '../types.js';
import { readInitParameters, readInstanceActivity } from './activity.js';
import { emptyHeader, yesNo, type ReportHeader } from './header.js';
import { AWR_TOOL, headerParams, headerWarnings, restartFacts, runName, withValidity } from './instance-run.js';
import { readIostatByFunction } from './io-stats.js';
import { readIoProfile } from './load-profile.js';
import { resolveWaitClass, snakeKey } from './names.js';
import { parseAwrNumber, minutesToSeconds } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, headerKey, type ReportTable } from './report-tables.js';
import { sectionRows, truncationWarning } from './sections.js';
import { parseSnapTime } from './snap-time.js';
import type { SqlRow } from './sql-stats.js';
import { perInstanceTables } from './per-instance.js';
import { eventWaits, idleIn, readWaitHistograms } from './wait-histograms.js';
import { bgRow, computedAveragesWarning, eventNames, fgRow, fillZeroAverages, readWaitEvents, topEventRows, waitMetrics } from './wait-events.js';

/**
 * The instance number's column: headed I#, else the first. An indented text table reads with an
 * empty column before it (the space a row label would take, text-tables.ts spansWithLabel).
 */
function instanceColumn(t: ReportTable): number {
  const at = t.headers.findIndex((h) => /^i#$/i.test(h.trim()));
  return at < 0 ? 0 : at;
}

const instanceRows = (t: ReportTable | undefined): string[][] => {
  if (!t) return [];
  const at = instanceColumn(t);
  return t.rows.filter((r) => /^\d+$/.test((r[at] ?? '').trim()));
};

/** Column sums over the per-instance rows, by heading; null where no instance printed a value. */
function columnSums(t: ReportTable | undefined): Map<string, number> {
  const sums = new Map<string, number>();
  const first = t ? instanceColumn(t) + 1 : 0;
  for (const r of instanceRows(t)) {
    t!.headers.forEach((h, i) => {
      if (i < first) return;
      const v = parseAwrNumber(r[i]);
      if (v !== null) sums.set(h, (sums.get(h) ?? 0) + v);
    });
  }
  return sums;
}

function readGlobalHeader(doc: ReportDocument): ReportHeader {
  const h = emptyHeader();
  const summary = tablesTitled(doc, /^database summary$/)[0];
  if (summary?.rows[0]) {
    // HTML joins the spanning group heading to each column ("Database Id", "Snapshot Ids
    // Begin"); a text layout may print the group words elsewhere or not at all.
    const c = columnRoles(summary.headers, [
      ['id', /^(database )?id$/], ['name', /^(database )?name$/], ['rac', /^(database )?rac$/], ['begin', /(snapshot ids )?begin$/], ['end', /(snapshot ids )?end$/],
      ['dbTime', /db time/], ['elapsed', /^(\(minutes\) )?elapsed( ti(me?)?)?$/],
    ]);
    const r = summary.rows[0];
    h.dbId = cell(r, c.id) || null;
    h.dbName = cell(r, c.name) || null;
    h.rac = yesNo(cell(r, c.rac));
    h.beginSnap = parseAwrNumber(cell(r, c.begin));
    h.endSnap = parseAwrNumber(cell(r, c.end));
    h.dbTimeMin = parseAwrNumber(cell(r, c.dbTime));
    h.elapsedMin = parseAwrNumber(cell(r, c.elapsed));
  }
  if (h.dbId === null || h.beginSnap === null) readSummaryByShape(doc, h);
  const inst = tablesTitled(doc, /^database instances included in report$/)[0];
  const rows = instanceRows(inst);
  if (inst && rows.length > 0) {
    const c = columnRoles(inst.headers, [
      ['inst', /^instance$/], ['host', /^host$/], ['begin', /begin snap time/], ['end', /end snap time/], ['release', /^release$/], ['platform', /^platform$/], ['startup', /^startup( time)?$/],
    ]);
    const list = (role: number | undefined): string | null => [...new Set(rows.map((r) => cell(r, role)).filter(Boolean))].join(',') || null;
    h.instance = list(c.inst);
    h.host = list(c.host);
    h.release = cell(rows[0]!, c.release) || null;
    h.platform = list(c.platform);
    const times = (role: number | undefined): number[] => rows.flatMap((r) => {
      const t = parseSnapTime(cell(r, role));
      if (t?.localisedMonth) h.localisedMonths = true;
      if (!t && cell(r, role)) h.unreadTimes.push(cell(r, role));
      return t ? [t.ms] : [];
    });
    const b = times(c.begin);
    const e = times(c.end);
    if (b.length) h.beginMs = Math.min(...b);
    if (e.length) h.endMs = Math.max(...e);
    if (h.beginMs === null || h.endMs === null) readInstanceTimesByShape(rows, h);
    // Each instance's startup against its own begin snapshot: a node restarted inside the window.
    for (const r of rows) {
      const shaped = r.map((x) => parseSnapTime(x)).filter((t): t is NonNullable<typeof t> => t !== null);
      const startup = c.startup !== undefined ? parseSnapTime(cell(r, c.startup)) : shaped.length >= 3 ? shaped[0]! : null;
      const begin = c.begin !== undefined ? parseSnapTime(cell(r, c.begin)) : shaped.length >= 3 ? shaped[1]! : null;
      if (startup && begin && startup.ms > begin.ms) h.restarts.push({ instance: cell(r, c.inst) || null, startupMs: startup.ms });
    }
  }
  const os = columnSums(tablesTitled(doc, /^os statistics by instance$/)[0]);
  const osVal = (re: RegExp): number | null => [...os.entries()].find(([k]) => re.test(headerKey(k)))?.[1] ?? null;
  h.cpus = osVal(/^(cpu )?#cpus$/);
  h.cores = osVal(/^#cores$/);
  h.sockets = osVal(/^#sckts$/);
  const memMb = osVal(/^memory mb$/);
  h.memoryGb = memMb === null ? null : memMb / 1024;
  return h;
}

/**
 * The Database Summary by what its values look like, where the headings did not say (a text
 * layout that prints the group headings on their own line): the DB id is the 6-to-10-digit
 * number that opens the row, the name the word after it, the snapshot ids the first two
 * integers after "YES"/"NO" and the block size.
 */
function readSummaryByShape(doc: ReportDocument, h: ReportHeader): void {
  const summary = tablesTitled(doc, /^database summary$/)[0];
  const row = summary?.rows.find((r) => /^\d{6,10}$/.test(r.find((x) => x.trim() !== '')?.trim() ?? ''));
  if (!row) return;
  const cells = row.map((x) => x.trim()).filter(Boolean);
  h.dbId ??= cells[0]!;
  h.dbName ??= cells[1] ?? null;
  const flags = cells.map((x, i) => (/^(yes|no)$/i.test(x) ? i : -1)).filter((i) => i >= 0);
  if (flags.length > 0) h.rac ??= yesNo(cells[flags[0]!]!);
  // After RAC/CDB: block size, begin snap, end snap.
  const ints = cells.slice((flags[flags.length - 1] ?? 1) + 1).filter((x) => /^\d+$/.test(x)).map(Number);
  if (ints.length >= 3) {
    h.beginSnap ??= ints[1]!;
    h.endSnap ??= ints[2]!;
  }
}

/** Begin and end snap times by position: an instance row prints startup, begin and end times in that order. */
function readInstanceTimesByShape(rows: string[][], h: ReportHeader): void {
  const begins: number[] = [];
  const ends: number[] = [];
  for (const r of rows) {
    const times = r.map((x) => parseSnapTime(x)).filter((t): t is NonNullable<typeof t> => t !== null);
    if (times.length >= 3) {
      begins.push(times[1]!.ms);
      ends.push(times[2]!.ms);
    }
  }
  if (begins.length) h.beginMs ??= Math.min(...begins);
  if (ends.length) h.endMs ??= Math.max(...ends);
}

/** "User I/O(s)" -> "User I/O", "Concurcy (s)" -> "Concurrency": the global tables abbreviate classes. */
const CLASS_ABBREVIATIONS: Record<string, string> = { 'sys i/o': 'System I/O', applic: 'Application', concurcy: 'Concurrency', config: 'Configuration', admin: 'Administrative' };

function waitClassName(header: string): string {
  const base = header.replace(/\s*\(s\)\s*$/i, '').trim();
  return CLASS_ABBREVIATIONS[base.toLowerCase()] ?? (/^db cpu$/i.test(base) ? 'DB CPU' : resolveWaitClass(base));
}

function globalSql(doc: ReportDocument): SqlRow[] {
  const t = tablesTitled(doc, /^sql ordered by elapsed time \(global\)$/)[0];
  if (!t) return [];
  const c = columnRoles(t.headers, [
    ['id', /^sql id$/], ['elapsed', /^total elapsed/], ['cpu', /^cpu \(s\)$/], ['io', /^iowait \(s\)$/], ['execs', /^execs$/],
    ['perExec', /^per execution elapsed/], ['pct', /^percentage of total db time$/], ['text', /sql text/],
  ]);
  return t.rows.filter((r) => cell(r, c.id)).map((r) => {
    const elapsed = parseAwrNumber(cell(r, c.elapsed));
    const cpu = parseAwrNumber(cell(r, c.cpu));
    const io = parseAwrNumber(cell(r, c.io));
    // %CPU and %IO are "CPU / User I/O time as a percentage of Elapsed Time" in instance reports.
    const pct = (v: number | null): number | null => (v !== null && elapsed ? (v / elapsed) * 100 : null);
    return {
      sql_id: cell(r, c.id), elapsed_s: elapsed, cpu_s: cpu, executions: parseAwrNumber(cell(r, c.execs)),
      per_exec_s: parseAwrNumber(cell(r, c.perExec)), pct_total: parseAwrNumber(cell(r, c.pct)),
      pct_cpu: pct(cpu), pct_io: pct(io), module: null, text: cell(r, c.text) || null,
    };
  });
}

export function globalRun(doc: ReportDocument, fileName: string): ParsedRun {
  const h = readGlobalHeader(doc);
  const metrics: Record<string, number> = {};
  const tables: Record<string, unknown> = {};
  const warnings = headerWarnings(h);
  const names = eventNames(doc);

  const topTable = tablesTitled(doc, /^top timed foreground events$/)[0];
  // '*' rows are the cluster-wide figures; per-instance rows follow them.
  const top = topTable ? topEventRows({ ...topTable, rows: topTable.rows.filter((r) => (r[0] ?? '').trim() === '*') }, names) : [];
  const fg = readWaitEvents(doc, /^foreground wait events \(global\)$/, names);
  const bg = readWaitEvents(doc, /^background wait events \(global\)$/, names);
  const histograms = readWaitHistograms(doc, names, eventWaits([...fg, ...bg]), idleIn([...top, ...fg, ...bg]));
  const computed = computedAveragesWarning([...fillZeroAverages(top), ...fillZeroAverages(fg), ...fillZeroAverages(bg)]);
  if (computed) warnings.push(computed);
  waitMetrics(fg.length > 0 ? fg : top, 'wait', 'pct_db_time', metrics);
  waitMetrics(bg, 'bgwait', 'pct_bg_time', metrics);

  const time = columnSums(tablesTitled(doc, /^time model$/)[0]);
  const timeModel = [...time.entries()].map(([statistic, v]) => ({ statistic: statistic.replace(/\s*\(s\)$/, ''), time_s: v, pct_db_time: null, pct_cpu_time: null }));
  const classSums = columnSums(tablesTitled(doc, /^foreground wait classes$/)[0]);
  const classes = [...classSums.entries()].filter(([k]) => !/^db time$/i.test(k)).map(([k, v]) => ({
    wait_class: waitClassName(k), waits: null, timeouts_pct: null, time_s: v, avg_ms: null,
    pct_db_time: (classSums.get('DB time') ?? 0) > 0 ? (v / classSums.get('DB time')!) * 100 : null,
  }));

  const perSec = columnSums(tablesTitled(doc, /^system statistics - per second$/)[0]);
  const totals = columnSums(tablesTitled(doc, /^system statistics$/)[0]);
  const txns = [...totals.entries()].find(([k]) => /^txns$/i.test(k))?.[1] ?? null;
  const loadProfile: Array<Record<string, ParamValue | null>> = [];
  for (const [k, v] of perSec) {
    const statistic = k.replace(/\/s$/, '').trim();
    const total = totals.get(statistic) ?? null;
    const perTxn = total !== null && txns ? total / txns : null;
    loadProfile.push({ statistic, per_s: v, per_txn: perTxn });
    metrics[`load.${snakeKey(statistic)}_per_s`] = v;
    if (perTxn !== null && !/^txns$/i.test(statistic)) metrics[`load.${snakeKey(statistic)}_per_txn`] = perTxn;
  }
  const ioProfile = readIoProfile(doc, metrics);

  const elapsedS = h.elapsedMin !== null ? minutesToSeconds(h.elapsedMin) : null;
  const dbTimeS = time.get('DB time (s)') ?? (h.dbTimeMin !== null ? minutesToSeconds(h.dbTimeMin) : null);
  if (elapsedS !== null) metrics['elapsed_s'] = elapsedS;
  if (dbTimeS !== null) metrics['db_time_s'] = dbTimeS;
  if (elapsedS && dbTimeS !== null) metrics['aas'] = dbTimeS / elapsedS;
  const cpu = time.get('DB CPU (s)') ?? null;
  if (cpu !== null) metrics['cpu.db_cpu_s'] = cpu;

  const sql = globalSql(doc);
  const iostat = readIostatByFunction(doc);
  const activity = readInstanceActivity(doc);
  const initParams = readInitParameters(doc);
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
  put('instance_activity', activity);
  put('init_parameters', initParams);
  const sections = sectionRows(doc, {
    header: h.dbName !== null ? 1 : 0, load_profile: loadProfile.length, top_events: top.length, wait_classes: classes.length,
    io_profile: ioProfile.length, time_model: timeModel.length, foreground_events: fg.length, background_events: bg.length, wait_histograms: histograms.length,
    sql_by_elapsed: sql.length, instance_activity: activity.length, iostat_by_function: iostat.length, init_parameters: initParams.length,
  });
  tables['sections'] = sections;
  const cut = truncationWarning(doc, sections);
  if (cut) warnings.push(cut);
  for (const [name, rows] of Object.entries(perInstanceTables(doc, names))) put(name, rows);
  warnings.push(...names.warnings());
  put('cut_names', names.joins());

  const params = headerParams(h, doc.kind);
  const instances = instanceRows(tablesTitled(doc, /^database instances included in report$/)[0]).length;
  if (instances > 0) params['instances'] = instances;
  return {
    name: runName({ ...h, instance: null }, fileName),
    tool: AWR_TOOL, toolVersion: h.release, host: h.host, startMs: h.beginMs, endMs: h.endMs,
    params, metrics, tables, series: [], warnings, errors: [], ...withValidity(restartFacts(h)),
  };
}
