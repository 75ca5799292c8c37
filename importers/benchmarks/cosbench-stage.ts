/**
 * The COSBench per-stage time series, `archive/<wN-name>/<stage id>.csv` (CSVStageExporter in
 * github.com/intel-cloud/cosbench): a two-row header, metric groups then operation names,
 *   Timestamp,Op-Count,,,Byte-Count,,,Avg-ResTime,,,Avg-ProcTime,,,Throughput,,,Bandwidth,,,Succ-Ratio,,,Version-Info,,
 *   ,read,write,delete,read,write,delete,...,Min-Version,Version,Max-Version
 * and one row per snapshot: "HH:mm:ss" (controller local time, no date), counts, ms, op/s,
 * bytes/s and "99.53%". Avg-ProcTime came with 0.4.2. A snapshot with no operations at all is
 * written as one "na-na" column per group: "09:46:35,0,0,N/A,N/A,0,0,N/A,10,10,10" - a gap.
 */
import type { Diagnostic, ParsedRun } from '../types.js';
import { scopesOf } from './cosbench-workload.js';
import { emptyRun, num, percent, pushAt, relativeTimes, seriesOf, timeOfDayMs } from './shared.js';

export const STAGE_HEADER = /^Timestamp,Op-Count,+Byte-Count,+Avg-ResTime,/;

const MIB = 1048576;

const GROUPS: Record<string, string> = {
  'Op-Count': 'count', 'Byte-Count': 'bytes', 'Avg-ResTime': 'avg', 'Avg-ProcTime': 'proc', Throughput: 'tput', Bandwidth: 'bw', 'Succ-Ratio': 'succ',
};

interface Column {
  index: number;
  group: string;
  op: string;
}

export function parseStageCsv(lines: readonly string[], fileName: string): { runs: ParsedRun[]; warnings: Diagnostic[]; errors: Diagnostic[] } {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const top = lines[0]!.split(',');
  const sub = (lines[1] ?? '').split(',');
  if (sub.length !== top.length || sub[0]!.trim() !== '') {
    return { runs: [], warnings, errors: [{ message: 'the second header row (operation names under each metric group) is missing or does not match the first', line: 2 }] };
  }
  const columns: Column[] = [];
  let group = '';
  for (let i = 1; i < top.length; i++) {
    if (top[i]!.trim() !== '') group = top[i]!.trim();
    const key = GROUPS[group];
    if (key) columns.push({ index: i, group: key, op: sub[i]!.trim() });
  }
  const ops = [...new Set(columns.filter((c) => c.group === 'tput').map((c) => c.op))];
  const scopes = new Map(ops.map((op, i) => [op, scopesOf(ops)[i]!]));
  const groups = new Set(columns.map((c) => c.group)).size;
  // The stage file is named after its stage id ("s2-main.csv"), COSBench's only record of which
  // stage this is; the id lets the run pair with that stage's row in the workload summary.
  const stem = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.csv$/i, '');
  const run = emptyRun('cosbench', stem || 'cosbench stage');
  if (/^(w\d+-)?s\d+-/.test(stem)) run.params['stage'] = stem;

  const tod: number[] = [];
  const cols = new Map<string, number[]>();
  const sums = new Map<string, { count: number; window: number; bytes: number; latSum: number; latCount: number; attempted: number; moved: number; movedCount: number }>();
  let gaps = 0;
  let bad = 0;
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const f = line.split(',');
    const t = timeOfDayMs(f[0] ?? '');
    if (f.length !== top.length || t === null) {
      // "na-na": the time, one field per metric group, three version fields.
      if (t !== null && f.length === 1 + groups + 3) gaps++;
      else if (bad++ === 0) warnings.push({ message: 'a snapshot row does not match the header (cut off?) and was skipped', line: i + 1 });
      continue;
    }
    const row = tod.length;
    tod.push(t);
    let total = 0;
    for (const op of ops) {
      const get = (g: string): string | undefined => f[columns.find((c) => c.group === g && c.op === op)?.index ?? -1];
      const scope = scopes.get(op)!;
      const count = num(get('count')) ?? 0;
      const tput = num(get('tput'));
      const avg = num(get('avg'));
      const bw = num(get('bw'));
      const succ = percent(get('succ'));
      if (tput !== null) {
        pushAt(cols, `${scope}.ops_per_s`, row, tput);
        total += tput;
      }
      if (bw !== null) pushAt(cols, `${scope}.bw_mib_s`, row, bw / MIB);
      if (avg !== null) pushAt(cols, `${scope}.lat_avg_ms`, row, avg);
      if (succ !== null) pushAt(cols, `${scope}.success_pct`, row, succ);
      const s = sums.get(scope) ?? { count: 0, window: 0, bytes: 0, latSum: 0, latCount: 0, attempted: 0, moved: 0, movedCount: 0 };
      sums.set(scope, s);
      // Each snapshot's own window is count / rate: the mean rate over the stage is then the
      // operations over the time they took, not a mean of rates over unequal windows.
      if (tput !== null && tput > 0 && count > 0) {
        s.count += count;
        s.window += count / tput;
        s.bytes += (bw ?? 0) * (count / tput);
      }
      if (avg !== null && count > 0) {
        s.latSum += avg * count;
        s.latCount += count;
      }
      if (count > 0) s.attempted += succ ? count / (succ / 100) : count;
      const bytes = num(get('bytes')) ?? 0;
      if (bytes > 0 && count > 0) {
        s.moved += bytes;
        s.movedCount += count;
      }
    }
    if (ops.length > 1) pushAt(cols, 'ops_per_s', row, total);
  }
  if (tod.length === 0) return { runs: [], warnings, errors: [{ message: 'no snapshot rows under the COSBench stage header', line: 3 }] };

  run.series = seriesOf(run.name, cols, relativeTimes(tod));
  const m = run.metrics;
  let opsTotal = 0;
  let latSum = 0;
  let latCount = 0;
  let bwTotal = 0;
  for (const [scope, s] of sums) {
    if (s.window > 0) {
      m[`${scope}.ops_per_s`] = s.count / s.window;
      m[`${scope}.bw_mib_s`] = s.bytes / s.window / MIB;
      opsTotal += s.count / s.window;
      bwTotal += s.bytes / s.window / MIB;
    }
    if (s.latCount > 0) m[`${scope}.lat_avg_ms`] = s.latSum / s.latCount;
    if (s.attempted > 0) m[`${scope}.success_pct`] = (100 * s.count) / s.attempted;
    latSum += s.latSum;
    latCount += s.latCount;
  }
  m['ops_per_s'] = opsTotal;
  m['total.bw_mib_s'] = bwTotal;
  if (latCount > 0) m['total.lat_avg_ms'] = latSum / latCount;
  // Object size and read share as in the workload summary (cosbench-workload.ts).
  const sizes = [...sums.values()].filter((s) => s.movedCount > 0).map((s) => s.moved / s.movedCount);
  if (sizes.length > 0 && sizes.every((x) => Math.abs(x - sizes[0]!) <= sizes[0]! * 0.005)) run.params['bs'] = Math.round(sizes[0]!);
  const attempted = (scope: string): number => sums.get(scope)?.attempted ?? 0;
  const mix = attempted('read') + attempted('write') + attempted('delete') + attempted('list');
  if (mix > 0 && attempted('read') + attempted('write') > 0) run.params['read_pct'] = Math.round((100 * attempted('read')) / mix);
  run.warnings.push('summary figures are computed from the snapshots (operations over the time they took, count-weighted mean response); the workload summary CSV carries COSBench\'s own');
  run.warnings.push('the snapshot times have no date: the series is in time since the first snapshot');
  if (gaps > 0) run.warnings.push(`${gaps} snapshot(s) reported no operations at all (COSBench "na-na" rows): they are gaps in the series`);
  return { runs: [run], warnings, errors };
}
