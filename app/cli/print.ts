/** Human-readable CLI output: aligned columns, units in the headers. */
import type { CompareResult, RunRecord, StudySummary } from '../contract/records.js';
import { workloadLabel } from '../core/compare/pairing.js';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n') + '\n';
}

const fmt = (v: number | undefined, digits = 2): string => (v === undefined ? '' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

/** Like the UI: sub-millisecond latencies keep three significant digits. */
const fmtIn = (v: number | undefined, unit: string): string =>
  v !== undefined && unit === 'ms' && v !== 0 && Math.abs(v) < 1 ? v.toLocaleString('en-US', { maximumSignificantDigits: 3 }) : fmt(v, unit === 'IOPS' ? 0 : unit === 'ms' ? 3 : 2);

export function printStudies(studies: StudySummary[]): void {
  if (studies.length === 0) {
    process.stdout.write('no studies yet: perfdelta import --study NAME --config LABEL FILE...\n');
    return;
  }
  process.stdout.write(table([['SLUG', 'NAME', 'RUNS', 'CONFIGURATIONS'], ...studies.map((s) => [s.slug, s.name, String(s.runs), s.configs.join(', ')])]));
}

export function printRuns(runs: RunRecord[]): void {
  if (runs.length === 0) {
    process.stdout.write('no runs\n');
    return;
  }
  process.stdout.write(table([
    ['ID', 'STUDY', 'CONFIG', 'WORKLOAD', 'IOPS', 'MiB/s', 'LAT ms', 'FILE'],
    ...runs.map((r) => [
      String(r.id), r.study, r.config, workloadLabel(r.params),
      fmt(r.metrics['total.iops'], 0), fmt(r.metrics['total.bw_mib_s']), fmtIn(r.metrics['total.lat_avg_ms'], 'ms'), r.source.file,
    ]),
  ]));
}

export function printCompare(result: CompareResult): void {
  process.stdout.write(`${result.study}: ${result.candidate} against ${result.baseline} (speedup > 1 = ${result.candidate} better)\n\n`);
  for (const metric of result.metrics) {
    const pairs = result.pairs.filter((p) => p.metric === metric);
    if (pairs.length === 0) continue;
    const unit = pairs[0]!.unit;
    process.stdout.write(table([
      ['WORKLOAD', `${result.baseline} (${unit})`, `${result.candidate} (${unit})`, 'SPEEDUP', 'CHANGE'],
      ...pairs.map((p) => [p.workload, fmtIn(p.baseline, unit), fmtIn(p.candidate, unit), p.speedup_text, p.change_text]),
    ]));
    const g = result.geomean_speedup[metric];
    process.stdout.write(`${metric}: geometric mean speedup ${g === undefined ? '–' : g.toFixed(2) + 'x'} over ${pairs.length} workloads\n\n`);
  }
  for (const u of result.unmatched) process.stdout.write(`unmatched (${u.side} only): ${u.workload}, runs ${u.runs.join(', ')}\n`);
}
