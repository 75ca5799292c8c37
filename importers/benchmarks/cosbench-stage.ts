/**
 * The COSBench per-stage time series, `archive/<wN-name>/<stage id>.csv` (CSVStageExporter in
 * github.com/intel-cloud/cosbench): a two-row header, metric groups then operation names,
 *   Timestamp,Op-Count,,,Byte-Count,,,Avg-ResTime,,,Avg-ProcTime,,,Throughput,,,Bandwidth,,,Succ-Ratio,,,Version-Info,,
 *   ,read,write,delete,read,write,delete,...,Min-Version,Version,Max-Version
 * and one row per snapshot: "HH:mm:ss" (controller local time, no date), counts, ms, op/s,
 * bytes/s and "99.53%". Avg-ProcTime came with 0.4.2. A snapshot with no operations at all is
 * written as one "na-na" column per group: "09:46:35,0,0,N/A,N/A,0,0,N/A,10,10,10" - a gap.
 *
 * Every metric group spans one column per metrics entry of the stage's report, in the same
 * order; a stage of several works repeats operation names (cosbench-works.ts), and each work
 * becomes its own run. A column that cannot be matched to an entry, or a cell that is not a
 * figure, is an error at its line and column: nothing is read past in silence.
 */
import type { Diagnostic, ParsedRun } from '../types.js';
import { scopesOf } from './cosbench-workload.js';
import { splitWorks, workName } from './cosbench-works.js';
import { emptyRun, num, percent, pushAt, relativeTimes, seriesOf, timeOfDayMs } from './shared.js';

export const STAGE_HEADER = /^Timestamp,Op-Count,+Byte-Count,+Avg-ResTime,/;

const MIB = 1048576;

const GROUPS: Record<string, string> = {
  'Op-Count': 'count', 'Byte-Count': 'bytes', 'Avg-ResTime': 'avg', 'Avg-ProcTime': 'proc', Throughput: 'tput', Bandwidth: 'bw', 'Succ-Ratio': 'succ',
};
const VERSION_GROUP = 'Version-Info';

interface Group {
  name: string;
  key: string;
  /** 0-based columns of the group, in order: one per metrics entry. */
  columns: number[];
}

/** One metrics entry of the stage: its operation name and its column in each metric group. */
interface Entry {
  label: string;
  column: Record<string, number>;
}

type Result = { runs: ParsedRun[]; warnings: Diagnostic[]; errors: Diagnostic[] };

/** Reads the two header rows into the stage's metrics entries; errors name the line and column. */
function readHeader(top: readonly string[], sub: readonly string[], warnings: Diagnostic[], errors: Diagnostic[]): { entries: Entry[]; metricGroups: number; named: Map<number, string> } | null {
  if (sub.length !== top.length || sub[0]!.trim() !== '') {
    errors.push({ message: `the second header row (operation names under each metric group) is missing or does not match the first (${sub.length} fields under ${top.length})`, line: 2 });
    return null;
  }
  const groups: Group[] = [];
  const unread: string[] = [];
  let current: Group | null = null;
  for (let i = 1; i < top.length; i++) {
    const name = top[i]!.trim();
    if (name !== '') {
      current = { name, key: GROUPS[name] ?? (name === VERSION_GROUP ? 'version' : ''), columns: [] };
      groups.push(current);
    }
    current!.columns.push(i);
  }
  for (const g of groups) if (g.key === '') unread.push(`"${g.name}" (column ${g.columns[0]! + 1}${g.columns.length > 1 ? `-${g.columns.at(-1)! + 1}` : ''})`);
  if (unread.length > 0) warnings.push({ message: `metric group(s) this importer does not read: ${unread.join(', ')}`, line: 1 });
  const metric = groups.filter((g) => g.key !== '' && g.key !== 'version');
  const count = metric.find((g) => g.key === 'count')!;
  const entries: Entry[] = count.columns.map((c) => ({ label: sub[c]!.trim(), column: {} }));
  /** Each read column as a reader finds it: "Avg-ResTime, prepare-write". */
  const named = new Map<number, string>();
  for (const g of metric) {
    if (g.columns.length !== entries.length) {
      errors.push({ message: `column ${g.columns[0]! + 1}: metric group "${g.name}" spans ${g.columns.length} column(s) but Op-Count spans ${entries.length}: its columns cannot be matched to the operations`, line: 1 });
      continue;
    }
    g.columns.forEach((c, k) => {
      const label = sub[c]!.trim();
      if (label !== entries[k]!.label) {
        errors.push({ message: `column ${c + 1}: "${label}" under "${g.name}" where Op-Count's column ${count.columns[k]! + 1} has "${entries[k]!.label}": the columns cannot be matched to the operations`, line: 2 });
      }
      entries[k]!.column[g.key] = c;
      named.set(c, `${g.name}, ${label}`);
    });
  }
  if (entries.some((e) => e.label === '')) errors.push({ message: `column ${count.columns[entries.findIndex((e) => e.label === '')]! + 1}: an Op-Count column without an operation name`, line: 2 });
  return errors.length > 0 ? null : { entries, metricGroups: metric.length, named };
}

/** A cell of a metric column: a number, a percentage, or not measured ("N/A", empty); anything else is unreadable. */
const readable = (cell: string): boolean => {
  const t = cell.trim();
  return t === '' || t === 'N/A' || percent(t) !== null;
};

interface Sums {
  count: number;
  window: number;
  bytes: number;
  latSum: number;
  latCount: number;
  attempted: number;
  moved: number;
  movedCount: number;
}

/** One work's run: its entries' series and summary figures. */
function workRun(name: string, entries: readonly Entry[], rows: ReadonlyArray<readonly string[]>, times: readonly number[]): ParsedRun {
  const run = emptyRun('cosbench', name);
  const scopes = scopesOf(entries.map((e) => e.label));
  const cols = new Map<string, number[]>();
  const sums = new Map<string, Sums>();
  rows.forEach((f, row) => {
    let total = 0;
    entries.forEach((e, k) => {
      const get = (g: string): string | undefined => (e.column[g] === undefined ? undefined : f[e.column[g]!]);
      const scope = scopes[k]!;
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
    });
    if (entries.length > 1) pushAt(cols, 'ops_per_s', row, total);
  });
  run.series = seriesOf(run.name, cols, times);
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
  return run;
}

/** The bytes per operation a work moved, over all its snapshots; null when it moved none. */
function objectBytes(entries: readonly Entry[], rows: ReadonlyArray<readonly string[]>): number | null {
  let bytes = 0;
  let count = 0;
  for (const f of rows) {
    for (const e of entries) {
      const b = num(f[e.column['bytes'] ?? -1]) ?? 0;
      const c = num(f[e.column['count'] ?? -1]) ?? 0;
      if (b > 0 && c > 0) {
        bytes += b;
        count += c;
      }
    }
  }
  return count > 0 ? bytes / count : null;
}

export function parseStageCsv(lines: readonly string[], fileName: string): Result {
  const warnings: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const top = lines[0]!.split(',');
  const header = readHeader(top, (lines[1] ?? '').split(','), warnings, errors);
  if (!header) return { runs: [], warnings, errors };
  const { entries, metricGroups, named } = header;

  const tod: number[] = [];
  const rows: string[][] = [];
  let gaps = 0;
  let last = lines.length - 1;
  while (last > 1 && lines[last]!.trim() === '') last--;
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const f = line.split(',');
    const t = timeOfDayMs(f[0] ?? '');
    if (f.length !== top.length || t === null) {
      // "na-na": the time, one field per metric group, three version fields.
      if (t !== null && f.length === 1 + metricGroups + 3) gaps++;
      else if (i === last) warnings.push({ message: 'the last snapshot row does not match the header (cut off?) and was left out', line: i + 1 });
      else if (t === null) errors.push({ message: `column 1: "${f[0] ?? ''}" is not a snapshot time (HH:mm:ss)`, line: i + 1 });
      else errors.push({ message: `the row has ${f.length} fields where the header has ${top.length}: its columns cannot be matched to the operations`, line: i + 1 });
      continue;
    }
    for (const [c, what] of named) {
      if (!readable(f[c]!)) errors.push({ message: `column ${c + 1} (${what}): "${f[c]!.trim()}" is not a figure`, line: i + 1 });
    }
    tod.push(t);
    rows.push(f);
  }
  if (errors.length > 0) return { runs: [], warnings, errors: errors.slice(0, 20) };
  if (tod.length === 0) return { runs: [], warnings, errors: [{ message: 'no snapshot rows under the COSBench stage header', line: 3 }] };

  // The stage file is named after its stage id ("s2-main.csv"), COSBench's only record of which
  // stage this is; the id lets the run pair with that stage's row in the workload summary.
  const stem = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.csv$/i, '');
  const stage = stem || 'cosbench stage';
  const works = splitWorks(entries.map((e) => e.label));
  const times = relativeTimes(tod);
  const runs = works.map((indexes, w) => {
    const mine = indexes.map((k) => entries[k]!);
    const run = workRun(works.length > 1 ? workName(stage, w, objectBytes(mine, rows)) : stage, mine, rows, times);
    if (/^(w\d+-)?s\d+-/.test(stem)) run.params['stage'] = stem;
    if (works.length > 1) {
      run.params['work'] = w + 1;
      run.warnings.push(`one of ${works.length} works of the stage (operation names repeat in the header: ${entries.map((e) => e.label).join(', ')}): its columns are ${mine.map((e) => e.column['count']! + 1).join(', ')} of each metric group`);
    }
    run.warnings.push('summary figures are computed from the snapshots (operations over the time they took, count-weighted mean response); the workload summary CSV carries COSBench\'s own');
    run.warnings.push('the snapshot times have no date: the series is in time since the first snapshot');
    if (gaps > 0) run.warnings.push(`${gaps} snapshot(s) reported no operations at all (COSBench "na-na" rows): they are gaps in the series`);
    return run;
  });
  return { runs, warnings, errors };
}
