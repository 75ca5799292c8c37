/**
 * HammerDB Vuser output: `hammerdb.log` (one or many appended runs), the `hammerdbcli` console,
 * and the xtprof time profile report `hdbxtprofile.log` (FORMATS.md 5.1, 5.3, 5.4). One run per
 * test: a virtual-user sweep gives one run per VU count, with param `vus`.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParamValue, ParsedRun, ParseResult, ValidityFact } from '../types.js';
import { failedUsers } from '../validity.js';
import { zoneWarning } from './clock-date.js';
import { hasActivity, splitSegments, type Segment } from './log-segments.js';
import { canonicalDb } from './result-line.js';
import { TPCC_PROCS } from './time-profile.js';

/**
 * The number of virtual users that did the work, best evidence first. Virtual user 1 is the
 * TPROC-C monitor and does not count: "N Active Virtual Users configured" already reports
 * created-1 (FORMATS.md 5.1). TPROC-H has no monitor.
 */
function virtualUsers(seg: Segment, tproch: boolean): number | null {
  if (seg.activeVus !== null) return seg.activeVus;
  if (seg.sessions) return seg.sessions.vu;
  if (seg.profile.activeVus !== null) return seg.profile.activeVus;
  if (seg.created) return seg.created.monitor ? seg.created.n - 1 : seg.created.n;
  if (seg.announcedVus !== null) return seg.announcedVus;
  if (tproch && seg.queries.vuCount > 0) return seg.queries.vuCount;
  if (seg.workers.size > 0) return seg.workers.size;
  const workers = [...seg.vuNumbers].filter((n) => !(seg.monitor && !tproch && n === 1));
  return workers.length > 0 ? workers.length : null;
}

function benchmarkOf(seg: Segment): string | null {
  if (!seg.queries.isEmpty) return 'TPROC-H';
  const tpccProfile = seg.profile.rows.some((r) => (TPCC_PROCS as readonly string[]).includes(r.proc.toLowerCase()));
  if (seg.result || seg.tpccWork || tpccProfile) return 'TPROC-C';
  return seg.ctx?.benchmark ?? null;
}

function segmentRun(seg: Segment, ordinal: number): ParsedRun {
  const ctx = seg.ctx ?? {};
  const warnings: string[] = [];
  const params: Record<string, ParamValue> = {};
  const metrics: Record<string, number> = {};
  const tables: Record<string, unknown> = {};
  const benchmark = benchmarkOf(seg);
  const tproch = benchmark === 'TPROC-H';
  const db = seg.result ? canonicalDb(seg.result.value.db) : (seg.profileDb ?? ctx.db ?? null);
  const vus = virtualUsers(seg, tproch);

  if (vus !== null) params['vus'] = vus;
  if (db) params['db'] = db;
  if (benchmark) params['benchmark'] = benchmark;
  if (!tproch) {
    // The Vuser line is what ran; the diset echo is only what the script asked for.
    const rampup = seg.rampupMin ?? (seg.activity > 0 ? ctx.rampupMin : undefined);
    const duration = seg.durationMin ?? (seg.activity > 0 ? ctx.durationMin : undefined);
    if (rampup !== undefined && rampup !== null) params['rampup_min'] = rampup;
    if (duration !== undefined && duration !== null) params['duration_min'] = duration;
  }
  if (seg.sessions) params['async_clients'] = seg.sessions.ac;
  if (seg.warehouses !== null) params['warehouses'] = seg.warehouses;
  // What the driver was told about errors and warehouses changes what NOPM means: a parameter,
  // so two attempts that differ in it are never repetitions of each other unsaid.
  for (const [k, v] of Object.entries(ctx.settings ?? {})) params[k] = v;

  if (seg.result) {
    metrics['tpm'] = seg.result.value.tpm;
    metrics['nopm'] = seg.result.value.nopm;
    if (seg.result.value.tpm === 0) warnings.push(`the result line (line ${seg.result.line}) reports 0 TPM: the test did not run or the counter could not be read`);
  } else if (seg.kind === 'profile-report') {
    // A profile has no result by nature: the import pipeline joins it to its test's run, and
    // says so when it cannot (app/core/import/link-companions.ts).
  } else if (!tproch) {
    warnings.push(`run ${ordinal} (from line ${seg.startLine}) has no result line: cut off?`);
  }
  for (const line of seg.unreadableResults) warnings.push(`line ${line}: a TEST RESULT line that could not be read`);

  if (!seg.profile.isEmpty) {
    const profile = seg.profile.metrics();
    Object.assign(metrics, profile.metrics);
    warnings.push(...profile.warnings);
    tables['transactions'] = seg.profile.rows;
  }
  if (!seg.queries.isEmpty) {
    Object.assign(metrics, seg.queries.metrics());
    tables['queries'] = seg.queries.rows;
    if (seg.queries.sets.length > 0) tables['query_sets'] = seg.queries.sets;
    warnings.push(...seg.queries.setWarnings().map((w) => `run ${ordinal} (from line ${seg.startLine}): ${w}`));
    const unfinished = seg.queries.unfinishedVus();
    if (unfinished.length > 0) {
      warnings.push(`run ${ordinal} (from line ${seg.startLine}): Vuser ${unfinished.join(', ')} never printed "Completed n query set(s)": cut off?`);
    }
  }

  if (seg.announcedVus !== null && vus !== null && seg.announcedVus !== vus) {
    warnings.push(`the driver script announced ${seg.announcedVus} virtual users but HammerDB reports ${vus}; ${vus} is used`);
  }
  const validity: ValidityFact[] = [];
  // The monitor (Vuser 1) takes the result; the users that failed are counted against the workers.
  const failedWorkers = [...seg.failedUsers].filter((v) => !(seg.monitor && !tproch && v === 1)).length;
  const ended = seg.terminatedUsers;
  const failed = failedUsers(failedWorkers + ended, vus, ended === 0 ? 'finished FAILED' : failedWorkers === 0 ? 'were terminated before they finished' : 'finished FAILED or were terminated');
  if (failed) validity.push(failed);
  if (seg.monitor && !tproch && seg.failedUsers.has(1)) validity.push({ code: 'failed-users', severity: 'invalid', message: 'the monitor virtual user (Vuser 1) finished FAILED: the result it took does not stand' });
  for (const p of seg.problems) warnings.push(`HammerDB printed: ${p}`);

  const report = seg.kind === 'profile-report';
  const name = [benchmark, db, vus !== null ? `${vus} VU` : `run ${ordinal}`].filter(Boolean).join(' ') + (report ? ' time profile' : '');
  return {
    name,
    tool: 'hammerdb',
    toolVersion: ctx.toolVersion ?? null,
    host: null,
    // The log header is written when the run opens the log; the profile report's when it ends.
    startMs: report ? null : (seg.headerDate?.ms ?? seg.firstStamp?.ms ?? null),
    endMs: report ? (seg.headerDate?.ms ?? null) : (seg.lastStamp?.ms ?? null),
    params,
    metrics,
    tables,
    series: [],
    warnings,
    errors: [],
    ...(validity.length ? { validity } : {}),
  };
}

/** Several runs of one sweep can share a name (two runs at 8 VU): number the repeats. */
function uniqueNames(runs: ParsedRun[]): void {
  const seen = new Map<string, number>();
  for (const r of runs) {
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    if (n > 1) r.name = `${r.name} #${n}`;
  }
}

export function parseHammerdbLogText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  if (text.trim() === '') return { runs: [], warnings, errors: [{ message: 'the file is empty' }] };
  const { segments, dates } = splitSegments(text);
  const runs: ParsedRun[] = [];
  for (const seg of segments) {
    if (!hasActivity(seg) && seg.queries.isEmpty) continue;
    if (seg.schemaBuild && !seg.result && seg.queries.isEmpty && seg.profile.isEmpty) {
      warnings.push({ message: 'schema build output, not a test: skipped', line: seg.startLine });
      continue;
    }
    runs.push(segmentRun(seg, runs.length + 1));
  }
  uniqueNames(runs);
  const zone = zoneWarning(dates);
  if (zone) warnings.push({ message: zone });
  if (runs.length === 0) {
    errors.push({ message: 'no HammerDB test found: no Vuser output, TEST RESULT line or time profile report' });
  }
  return { runs, warnings, errors };
}

const JSON_START = /^\s*[[{]/;
const VUSER_LINE = /^Vuser \d+:/;

/**
 * The structure of Vuser output, not a line of it (issue 40): two Vuser lines in a row (blank
 * lines between them, as the console prints, do not break the run), or nothing but Vuser lines
 * (result lines grepped out of a log). A note that quotes one line between sentences is neither.
 */
function vuserRun(head: string): boolean {
  const lines = head.split(/\r\n|\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
  let previous = false;
  let all = lines.length > 0;
  for (const l of lines) {
    const vuser = VUSER_LINE.test(l);
    if (vuser && previous) return true;
    previous = vuser;
    if (!vuser && !/^Timestamp \d+ @ /.test(l)) all = false;
  }
  return all;
}
const COUNTER_HEADER = /^\s*Hammerdb Transaction Counter Log @/;

export const hammerdbLogImporter: Importer = {
  id: 'hammerdb-log',
  version: '1.2.0',
  tool: 'hammerdb',
  title: 'HammerDB log / CLI output / time profile',

  detect(head: string): boolean {
    // The jobs JSON quotes Vuser lines and the counter log has its own importer.
    if (JSON_START.test(head) || COUNTER_HEADER.test(head)) return false;
    return /^Hammerdb Log @ /m.test(head)
      || /^.+ Hammerdb Time Profile Report @ /m.test(head)
      || /^HammerDB CLI v\d/m.test(head)
      || vuserRun(head);
  },

  parse({ bytes }): ParseResult {
    return parseHammerdbLogText(decodeText(bytes).text);
  },
};
