/**
 * One check for every format, where importer records become runs: a rate (IOPS, MiB/s, ops/s,
 * TPS...) or a time (latency, seconds) that is negative, and any figure that is not a finite
 * number, cannot be a measurement. Such a figure is left out of the run (so no total, chart or
 * comparison is built on it) and the run says which figure, where, and what it was; the
 * original file keeps it as written. Importers add their own wording where they know the
 * place better (fio JSON names the member: json-values.ts).
 */
import type { ParsedRun, ParsedSeries, ParseResult } from '../../../importers/types.js';
import { describeMetric } from '../metrics/dictionary.js';

/** Units of figures that cannot be negative: rates, counts per time, and times. */
const NON_NEGATIVE_UNITS = new Set(['IOPS', 'KIOPS', 'MiB/s', 'MB/s', 'GiB/s', 'KiB/s', 'B/s', 'ops/s', 'TPS', 'QPS', 'TPM', 'NOPM', 'QPH', 'tpmC', '1/s', 'ms', 'us', 'µs', 'ns', 's', 'I/Os', 'calls']);

function mustBeNonNegative(metric: string, unit?: string): boolean {
  return NON_NEGATIVE_UNITS.has(describeMetric(metric)?.unit ?? unit ?? '');
}

/** Why a figure is impossible, or null. */
export function impossible(metric: string, value: number, unit?: string): string | null {
  if (!Number.isFinite(value)) return `${metric} is ${String(value)}, not a finite number`;
  if (value < 0 && mustBeNonNegative(metric, unit)) return `${metric} is ${value}: a negative ${describeMetric(metric)?.unit === 'ms' || unit === 'ms' ? 'time' : 'rate or count'} is impossible`;
  return null;
}

/** Series without their impossible samples, and what was left out (per object and metric, with the first time). */
export function possibleSeries(series: readonly ParsedSeries[]): { series: ParsedSeries[]; notes: string[] } {
  const notes: string[] = [];
  const out = series.map((s) => {
    let bad = 0;
    let first = -1;
    for (let i = 0; i < s.values.length; i++) {
      if (impossible(s.metric, s.values[i]!, s.unit) !== null) {
        bad++;
        if (first < 0) first = i;
      }
    }
    if (bad === 0) return s;
    const keep = (_: number, i: number): boolean => impossible(s.metric, s.values[i]!, s.unit) === null;
    notes.push(`${bad.toLocaleString('en-US')} sample(s) of ${s.metric} for "${s.object}" negative or not numbers, left out (the first ${String(Number(s.values[first]!.toPrecision(6)))} at ${new Date(s.times[first]!).toISOString()})`);
    return { ...s, times: s.times.filter(keep), values: s.values.filter(keep) };
  });
  return { series: out, notes };
}

/**
 * Where a run's figure was in its file, when the importer kept it: a table's cell (the
 * spreadsheet importer records each metric's column and row).
 */
function placeOf(run: ParsedRun, metric: string): string {
  const table = run.tables['spreadsheet'] as { sheet?: string | null; cells?: Record<string, { column?: string; row?: number }> } | undefined;
  const cell = table?.cells?.[metric];
  if (!cell?.column || cell.row === undefined) return '';
  return ` (cell ${cell.column}${cell.row}${table?.sheet ? ` of sheet "${table.sheet}"` : ''})`;
}

/** A run without its impossible figures; each one left out is a warning of the run. */
export function possibleRun(run: ParsedRun): ParsedRun {
  const notes: string[] = [];
  let metrics = run.metrics;
  for (const [k, v] of Object.entries(run.metrics)) {
    const why = impossible(k, v);
    if (why === null) continue;
    if (metrics === run.metrics) metrics = { ...run.metrics };
    delete metrics[k];
    notes.push(`${why}${placeOf(run, k)}: left out`);
  }
  const series = possibleSeries(run.series);
  notes.push(...series.notes);
  if (notes.length === 0) return run;
  return { ...run, metrics, series: series.series, warnings: [...run.warnings, ...notes] };
}

/** A parse result whose runs hold only possible figures. */
export function possibleResult(result: ParseResult): ParseResult {
  const runs = result.runs.map(possibleRun);
  return runs.every((r, i) => r === result.runs[i]) ? result : { ...result, runs };
}
