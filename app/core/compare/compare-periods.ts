/**
 * Period against period on time-series data (SVC volumes, fio logs, HammerDB counters): per
 * object and over all objects, with the aggregation order stated. The days of a period are its
 * repetitions: the significance test runs on the per-day figures.
 */
import type { ComparePair, CompareResult, CompareWarning, PeriodRecord, PeriodSide } from '../../contract/records.js';
import { metricOrder } from '../metrics/dictionary.js';
import { describeAggregation, periodStats, type Aggregation, type ObjectSeries, DEFAULT_AGGREGATION } from '../periods/period-stats.js';
import type { PeriodRow } from '../store/store.js';
import { makePair, rollups, significanceWarnings, type CompareOptions } from './compare.js';
import { conventionNote } from './wording.js';

export const ALL_OBJECTS = '*';

export interface ComparePeriodsInput extends CompareOptions {
  study: string;
  baseline: PeriodRow;
  candidates: readonly PeriodRow[];
  metrics: readonly string[];
  aggregation?: Aggregation;
  /** The configuration whose series these are, stated in the result. */
  seriesConfig?: string | null;
  /** Only these objects (volumes); all when omitted. */
  objects?: readonly string[];
  /** Series of a metric overlapping [from, to), merged per object. */
  seriesFor(metric: string, from: number | null, to: number | null): ObjectSeries[];
}

export function periodRecord(p: PeriodRow): PeriodRecord {
  const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());
  return { name: p.name, spec: p.spec, zone: p.zone, ranges: p.ranges.map((r) => ({ start: iso(r.start), end: iso(r.end) })), days: p.days };
}

/** The span [from, to) the periods cover (null: unbounded on that side). */
export function periodBounds(periods: readonly PeriodRow[]): [number | null, number | null] {
  const ranges = periods.flatMap((p) => p.ranges);
  const from = ranges.some((r) => r.start === null) ? null : Math.min(...ranges.map((r) => r.start!));
  const to = ranges.some((r) => r.end === null) ? null : Math.max(...ranges.map((r) => r.end!));
  return [from, to];
}

export function comparePeriods(input: ComparePeriodsInput): CompareResult {
  const agg = input.aggregation ?? DEFAULT_AGGREGATION;
  const convention = input.convention ?? 'x-fold';
  const locale = input.locale ?? 'en';
  // A side's values are its days: significance notes count days, not runs.
  const options = { convention, locale, tieBandPct: input.tieBandPct ?? 0, noun: 'day' as const };
  const metrics = metricOrder(input.metrics);
  const [from, to] = periodBounds([input.baseline, ...input.candidates]);
  const pairs: ComparePair[] = [];
  const warnings: CompareWarning[] = [];
  const sides: NonNullable<CompareResult['periods']> = [];

  for (const metric of metrics) {
    const series = input.seriesFor(metric, from, to).filter((s) => !input.objects || input.objects.length === 0 || input.objects.includes(s.object));
    if (series.length === 0) {
      warnings.push({ code: 'no-series', message: `no time series of ${metric} in this study`, detail: metric, runs: [] });
      continue;
    }
    const base = periodStats(series, input.baseline, agg);
    const side = (p: PeriodRow, st: ReturnType<typeof periodStats>): PeriodSide => ({
      period: periodRecord(p), value: st.value, days: st.days.map((d) => ({ day: d.day, value: d.value })), samples: st.samples,
    });
    const candSides: PeriodSide[] = [];
    for (const period of [input.baseline, ...input.candidates]) {
      const st = period === input.baseline ? base : periodStats(series, period, agg);
      if (st.gaps.length) {
        const gaps = `${st.gaps.slice(0, 5).join('; ')}${st.gaps.length > 5 ? '; …' : ''}`;
        warnings.push({ code: 'gaps', message: `period "${period.name}", ${metric}: fewer samples than expected (${gaps})`, detail: `${period.name}, ${metric}: ${gaps}`, runs: [], objects: st.gaps.map((g) => g.split(':')[0]!) });
      }
      if (st.samples === 0) warnings.push({ code: 'empty-period', message: `period "${period.name}" holds no ${metric} samples`, detail: `${period.name}, ${metric}`, runs: [] });
      if (period === input.baseline) continue;
      candSides.push(side(period, st));
      if (base.value === null || st.value === null) continue;
      const meta = { workload_params: {}, metric, baseline_label: input.baseline.name, candidate_label: period.name };
      pairs.push(makePair(
        { values: base.days.map((d) => d.value), runs: [] },
        { values: st.days.map((d) => d.value), runs: [] },
        { ...meta, workload: 'all objects', workload_label: locale === 'zh-CN' ? '全部对象' : 'all objects', object: ALL_OBJECTS },
        options,
        { baseline: base.value, candidate: st.value },
      ));
      for (const object of Object.keys(base.objects).sort()) {
        const b = base.objects[object]!;
        const c = st.objects[object];
        if (!c) continue;
        const perDay = (s: typeof base): number[] => s.days.map((d) => d.objects[object]).filter((v): v is number => v !== undefined);
        pairs.push(makePair({ values: perDay(base), runs: [] }, { values: perDay(st), runs: [] },
          { ...meta, workload: object, workload_label: object, object }, options, { baseline: b.value, candidate: c.value }));
      }
    }
    sides.push({ metric, baseline: side(input.baseline, base), candidates: candSides });
  }

  warnings.push(...significanceWarnings(pairs, locale, 'day'));
  const candidates = input.candidates.map((c) => c.name);
  const rollup = rollups(pairs, candidates, metrics);
  const geomeanSpeedup: Record<string, number> = {};
  for (const r of rollup) if (r.candidate === candidates[0] && r.geomean_speedup !== null) geomeanSpeedup[r.metric] = r.geomean_speedup;
  const objects = [...new Set(pairs.filter((p) => p.object !== ALL_OBJECTS).map((p) => p.workload))];

  return {
    study: input.study,
    kind: 'periods',
    baseline: input.baseline.name,
    candidate: candidates[0]!,
    candidates,
    metrics,
    pairing_keys: ['object'],
    convention,
    convention_note: conventionNote(convention, locale),
    tie_band_pct: options.tieBandPct,
    pairs,
    unmatched: [],
    geomean_speedup: geomeanSpeedup,
    rollup,
    matrix: metrics.map((metric) => ({
      metric, baseline: input.baseline.name, candidates, workloads: objects, workload_labels: objects,
      speedup: candidates.map((c) => objects.map((o) => pairs.find((p) => p.candidate_label === c && p.metric === metric && p.workload === o)?.speedup ?? null)),
      verdicts: candidates.map((c) => objects.map((o) => pairs.find((p) => p.candidate_label === c && p.metric === metric && p.workload === o)?.verdict ?? null)),
    })),
    warnings,
    aggregation: describeAggregation(agg, locale) + (!input.seriesConfig ? '' : locale === 'zh-CN' ? `，配置“${input.seriesConfig}”` : `, over configuration "${input.seriesConfig}"`),
    // Periods cut time series, which have no workload parameters to filter on.
    workload_filter: null,
    periods: sides,
  };
}
