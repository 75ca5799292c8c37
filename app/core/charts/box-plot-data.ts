/**
 * A box plot's data: the distribution of one metric per configuration, over its runs (each
 * run's value, optionally of one workload), its intervals (every sample of its time series) or
 * its objects (each volume's or node's mean). Quartiles by linear interpolation between order
 * statistics (Excel's QUARTILE.INC, R's type 7); whiskers at the furthest values within 1.5
 * IQR of the quartiles (Tukey), the rest drawn as outliers.
 */
import type { BoxPlotResult, BoxStats, ChartSpec } from '../../contract/records.js';
import { workloadLabel, workloadParams } from '../compare/pairing.js';
import { describeMetric } from '../metrics/dictionary.js';
import { displayUnit } from '../metrics/units.js';
import type { StudyQueries } from '../study-queries.js';

/** The q-quantile (0..1) of sorted values, interpolated between order statistics. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The five numbers, mean, whiskers and outliers of a set of values (non-finite values left out); null when empty. */
export function boxStats(label: string, values: ArrayLike<number>): BoxStats | null {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) finite.push(values[i]!);
  if (finite.length === 0) return null;
  const sorted = Float64Array.from(finite).sort();
  const q1 = quantileSorted(sorted, 0.25);
  const q3 = quantileSorted(sorted, 0.75);
  const fence = 1.5 * (q3 - q1);
  let lowWhisker = q1;
  let highWhisker = q3;
  let sum = 0;
  const outliers: number[] = [];
  for (const v of sorted) {
    sum += v;
    if (v < q1 - fence || v > q3 + fence) outliers.push(v);
    else {
      if (v < lowWhisker) lowWhisker = v;
      if (v > highWhisker) highWhisker = v;
    }
  }
  return {
    label, n: sorted.length, min: sorted[0]!, q1, median: quantileSorted(sorted, 0.5), q3, max: sorted[sorted.length - 1]!, mean: sum / sorted.length,
    whisker_low: lowWhisker, whisker_high: highWhisker,
    // A long series can have thousands beyond the fences: the most extreme ones are what a reader looks for.
    outliers: outliers.length > 200 ? [...outliers.slice(0, 100), ...outliers.slice(-100)] : outliers,
  };
}

export function boxPlotData(queries: StudyQueries, study: string, spec: Extract<ChartSpec, { kind: 'box-plot' }>, labels: readonly string[]): BoxPlotResult {
  const settings = queries.settings(study);
  const info = describeMetric(spec.metric);
  const { unit, factor } = displayUnit(info?.unit ?? '', settings.units);
  const scaled = (values: ArrayLike<number>): Float64Array => Float64Array.from(values as ArrayLike<number>, (v) => v * factor);
  const boxes: BoxStats[] = [];
  if (spec.over === 'runs') {
    const withMetric = queries.runs({ study }).filter((r) => r.errors.length === 0 && r.metrics[spec.metric] !== undefined);
    const workloadOf = (r: (typeof withMetric)[number]): string => workloadLabel(workloadParams(r, settings.pairing_keys));
    const workloads = [...new Set(withMetric.map(workloadOf))].sort();
    const runs = withMetric.filter((r) => spec.workload === undefined || workloadOf(r) === spec.workload);
    const configs = spec.configs?.length ? spec.configs : labels.filter((l) => runs.some((r) => r.config === l));
    for (const c of configs) {
      const box = boxStats(c, scaled(runs.filter((r) => r.config === c).map((r) => r.metrics[spec.metric]!)));
      if (box) boxes.push(box);
    }
    if (boxes.length === 0) throw new Error(`no run${spec.workload ? ` of "${spec.workload}"` : ''} has ${spec.metric}`);
    return { metric: spec.metric, unit, over: 'runs', workload: spec.workload ?? null, workloads, boxes };
  }
  const withSeries = queries.studySeries(study, spec.metric, { maxPoints: 2, top: 1 }).configs;
  const configs = spec.configs?.length ? spec.configs : labels.filter((l) => withSeries.includes(l));
  for (const c of configs) {
    const series = queries.seriesValues(study, spec.metric, c);
    let values: Float64Array;
    if (spec.over === 'objects') {
      values = scaled(series.map((s) => { let sum = 0; for (const v of s.values) sum += v; return s.values.length ? sum / s.values.length : NaN; }));
    } else {
      const all = new Float64Array(series.reduce((n, s) => n + s.values.length, 0));
      let at = 0;
      for (const s of series) { all.set(s.values, at); at += s.values.length; }
      values = factor === 1 ? all : scaled(all);
    }
    const box = boxStats(c, values);
    if (box) boxes.push(box);
  }
  if (boxes.length === 0) throw new Error(`no configuration has time series of ${spec.metric}`);
  return { metric: spec.metric, unit, over: spec.over, workload: null, boxes };
}
