/**
 * A chart's numbers as a table: the rows of its XLSX sheet, from the same ChartData the chart is
 * drawn from (a report's workbook and the chart's own XLSX button use this one function). Units
 * in the headers; exact values, never the rounded labels.
 */
import { pairValidityText } from '../validity/compare-validity.js';
import type { ChartData, ComparePair } from '../../contract/records.js';

export type Cell = string | number | null;
export type Row = Cell[];

export const withUnit = (label: string, unit: string): string => (unit ? `${label} [${unit}]` : label);

/** A side's interval of the median: its bounds and the probability that it holds the median (%). */
const intervalCells = (ci: ComparePair['ci_baseline']): Row => (ci ? [ci.low, ci.high, (ci.coverage ?? ci.level) * 100] : [null, null, null]);

export function pairRows(pairs: readonly ComparePair[]): Row[] {
  const unit = pairs[0]?.unit ?? '';
  const b = pairs[0]?.baseline_label ?? 'baseline';
  return [
    ['Workload', 'Candidate', withUnit(`Baseline (${b})`, unit), withUnit('Candidate', unit), 'Speedup [x, >1 = candidate better]', 'Change [%]', 'Ratio as worded', 'Significance', 'n baseline', 'n candidate', 'p-value', 'Baseline runs', 'Candidate runs',
      withUnit('Baseline median interval, low', unit), withUnit('Baseline median interval, high', unit), 'Baseline interval coverage [%]',
      withUnit('Candidate median interval, low', unit), withUnit('Candidate median interval, high', unit), 'Candidate interval coverage [%]', 'Smallest possible p',
      'What the tools said about these runs'],
    ...pairs.map((p): Row => [
      p.object === '*' ? 'all objects' : p.workload, p.candidate_label, p.baseline, p.candidate, p.speedup, p.change_pct, p.text, `${p.mark === '~' ? '~ ' : ''}${p.significance_note}`,
      p.n_baseline, p.n_candidate, p.p_value, p.baseline_runs.join(' '), p.candidate_runs.join(' '),
      ...intervalCells(p.ci_baseline), ...intervalCells(p.ci_candidate), p.p_min, pairValidityText(p),
    ]),
  ];
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function chartRows(data: ChartData): Row[] {
  switch (data.kind) {
    case 'compare-bars':
      return pairRows(data.compare.pairs.filter((p) => data.compare.candidates.includes(p.candidate_label)));
    case 'speedup-heatmap': {
      const m = data.compare.matrix[0];
      if (!m) return [['No pairs']];
      return [['Workload', ...m.candidates.map((c) => `${c} speedup against ${m.baseline} [x]`)], ...m.workloads.map((w, j): Row => [w, ...m.candidates.map((_, i) => m.speedup[i]![j] ?? null)])];
    }
    case 'repetitions': {
      const c = data.compare;
      const unit = c.pairs[0]?.unit ?? '';
      return [['Workload', 'Side', 'Run', withUnit('Value', unit), withUnit('Median', unit), withUnit('CI low', unit), withUnit('CI high', unit)],
        ...c.pairs.filter((p) => p.candidate_label === c.candidate).flatMap((p) => (['baseline', 'candidate'] as const).flatMap((side) => {
          const values = side === 'baseline' ? p.baseline_values : p.candidate_values;
          const runs = side === 'baseline' ? p.baseline_runs : p.candidate_runs;
          const ci = side === 'baseline' ? p.ci_baseline : p.ci_candidate;
          const label = side === 'baseline' ? p.baseline_label : p.candidate_label;
          return values.map((v, i): Row => [p.object === '*' ? 'all objects' : p.workload, label, runs[i] ?? null, v, side === 'baseline' ? p.baseline : p.candidate, ci?.low ?? null, ci?.high ?? null]);
        }))];
    }
    case 'scaling': {
      const s = data.scaling;
      return [['Line', 'Configuration', s.x, withUnit(s.metric, s.unit), 'Knee', 'Runs'],
        ...s.series.flatMap((line) => line.points.map((p): Row => [line.label, line.config, p.x, p.y, line.knee === p.x ? 'knee' : null, p.runs.join(' ')]))];
    }
    case 'time-series': {
      const s = data.series;
      return [['Object', 'Time (UTC)', withUnit(s.metric, s.unit)], ...s.objects.flatMap((o) => o.points.map((p): Row => [o.object, iso(p[0]), p[1]]))];
    }
    case 'latency-cdf':
    case 'latency-exceedance':
      return [['Run', 'Configuration', 'Name', 'Direction', 'Source', withUnit('Latency', 'ms'), 'CDF', 'Exceedance'],
        ...data.distribution.curves.flatMap((c) => c.points.map((p): Row => [c.run, c.config, c.name, c.direction, c.source, p[0], p[1], p[2]]))];
    case 'run-series': {
      const o = data.overlay;
      return [['Run', 'Configuration', 'Name', 'Object', o.aligned ? 'Seconds since start' : 'Time (UTC)', withUnit(o.metric, o.unit)],
        ...o.series.flatMap((s) => s.points.map((p): Row => [s.run, s.config, s.name, s.object, o.aligned ? p[0] : iso(p[0]), p[1]]))];
    }
    case 'wait-events': {
      const w = data.waits;
      const share = w.events === 'background' ? '% of background time' : '% of DB time';
      return [['Event', `${w.baseline} ${share}`, withUnit(`${w.baseline} average wait`, 'ms'), `${w.baseline} waits`, `${w.candidate} ${share}`, withUnit(`${w.candidate} average wait`, 'ms'), `${w.candidate} waits`, 'Speedup of the average wait [x]', 'Verdict'],
        ...w.rows.map((r): Row => [r.name, r.baseline?.pct ?? null, r.baseline?.avg_ms ?? null, r.baseline?.waits ?? null, r.candidate?.pct ?? null, r.candidate?.avg_ms ?? null, r.candidate?.waits ?? null, r.speedup, r.verdict])];
    }
    case 'scatter': {
      const s = data.scatter;
      return [['Object', 'Time (UTC)', withUnit(s.x, s.x_unit ?? ''), withUnit(s.y, s.y_unit ?? '')], ...s.objects.flatMap((o) => o.points.map((p): Row => [o.object, iso(p[2]), p[0], p[1]]))];
    }
    case 'timeline': {
      // A row per sample, step or span, each lane's unit in its own column (lanes differ).
      const rows: Row[] = [['Lane', 'Layer', 'Source', 'Metric', 'Unit', 'Time (UTC)', 'End (UTC)', 'Value', 'Event', 'Clock offset [s]', 'Zone']];
      for (const l of data.timeline.lanes) {
        const lane = [l.id, l.layer, l.source, l.metric, l.unit];
        const tail = [l.offset_s, l.zone.text];
        for (const [t, v] of l.points) rows.push([...lane, iso(t), null, v, null, ...tail]);
        for (const [a, b, v] of l.steps) rows.push([...lane, iso(a), iso(b), v, null, ...tail]);
        for (const [a, b, name] of l.spans) rows.push([...lane, iso(a), iso(b), null, name, ...tail]);
      }
      return rows;
    }
    case 'box-plot': {
      const b = data.boxes;
      const u = (l: string): string => withUnit(l, b.unit);
      return [['Configuration', 'n', u('Min'), u('Q1'), u('Median'), u('Q3'), u('Max'), u('Mean'), u('Whisker low'), u('Whisker high'), 'Outliers'],
        ...b.boxes.map((x): Row => [x.label, x.n, x.min, x.q1, x.median, x.q3, x.max, x.mean, x.whisker_low, x.whisker_high, x.outliers.join(' ')])];
    }
    case 'trend': {
      // Each run with the level it belongs to, and what marks it: a change point (with the
      // change, its magnitude and p) or a run of an excursion.
      const t = data.trend;
      if (t.points.length === 0) return [[t.problem ?? 'No runs']];
      const change = new Map(t.change_points.map((c) => [c.index, c]));
      const outlier = new Set(t.excursions.flatMap((e) => Array.from({ length: e.count }, (_, k) => e.index + k)));
      const bounds = [0, ...t.change_points.map((c) => c.index), t.points.length];
      const levelOf = (i: number): number => {
        let k = 0;
        while (bounds[k + 1]! <= i) k++;
        return k;
      };
      const levelMean = (k: number): number => {
        const xs = t.points.slice(bounds[k], bounds[k + 1]).map((p) => p.value);
        return xs.reduce((a, b) => a + b, 0) / xs.length;
      };
      return [['Time (UTC)', 'Version', 'Study', 'Configuration', 'Run', 'Name', withUnit(t.metric, t.unit), withUnit('Level mean', t.unit), 'Change point: change [%]', 'Magnitude', 'p-value', 'Excursion'],
        ...t.points.map((p, i): Row => {
          const c = change.get(i);
          return [p.time, p.version, p.study, p.config, p.run, p.name, p.value, levelMean(levelOf(i)), c ? c.change_pct : null, c ? c.magnitude : null, c ? c.p_value : null, outlier.has(i) ? 'yes' : null];
        })];
    }
  }
}
