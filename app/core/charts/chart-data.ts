/**
 * The one function that turns a chart spec into the data it draws. The builder's preview, a view
 * that saves what it shows, a report's chart section (preview, PDF) and the chart's XLSX sheet
 * all take their numbers from here, in the study's units and the caller's ratio wording.
 */
import type { ChartData, ChartSpec, RatioConvention } from '../../contract/records.js';
import { scalingCurves } from '../compare/scaling.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { displayUnit, type DisplayUnits } from '../metrics/units.js';
import type { StudyQueries } from '../study-queries.js';
import { boxPlotData } from './box-plot-data.js';
import { studyTrend } from '../catalog/trend/study-trend.js';
import { waitEventsData } from './wait-events-data.js';

export interface ChartWording {
  convention: RatioConvention;
  locale: 'en' | 'zh-CN';
  /** A report's workload filter: its charts leave out what its tables leave out. */
  where?: string;
}

/** How many points a time series is drawn with at most, unless the spec says. */
export const DEFAULT_SERIES_POINTS = 1500;

/** The candidates of a bar chart: every one named, else the one of a spec saved before there could be several. */
export function candidatesOf(spec: Extract<ChartSpec, { kind: 'compare-bars' }>): string[] {
  return spec.candidates?.length ? spec.candidates : [spec.candidate];
}

/** The study's configurations, then its periods, in the order they were made: the colour order of every chart. */
export function colourOrder(queries: StudyQueries, study: string): string[] {
  const s = queries.studies().find((x) => x.slug === study || x.name === study);
  return s ? [...s.configs, ...s.periods] : [];
}

/**
 * Time series, scatters, scaling curves and runs overlaid in the study's units (latency in µs,
 * bandwidth in MB/s, as chosen), as comparisons already are: a report's chart and its headline
 * state a figure in one unit. Storage keeps ms and MiB/s exactly; this converts at the edge.
 */
function inStudyUnits(data: ChartData, units: DisplayUnits): ChartData {
  const conv = (unit: string): { unit: string; factor: number } => displayUnit(unit, units);
  switch (data.kind) {
    case 'time-series': {
      const { unit, factor } = conv(data.series.unit);
      if (factor === 1 && unit === data.series.unit) return data;
      return { ...data, series: { ...data.series, unit, objects: data.series.objects.map((o) => ({ ...o, mean: o.mean * factor, max: o.max * factor, ...(o.sd !== undefined ? { sd: o.sd * factor } : {}), points: o.points.map(([t, v]) => [t, v * factor] as [number, number]) })) } };
    }
    case 'scaling': {
      const { unit, factor } = conv(data.scaling.unit);
      if (factor === 1 && unit === data.scaling.unit) return data;
      return { ...data, scaling: { ...data.scaling, unit, series: data.scaling.series.map((l) => ({ ...l, points: l.points.map((p) => ({ ...p, y: p.y * factor })) })) } };
    }
    case 'scatter': {
      const x = conv(data.scatter.x_unit ?? '');
      const y = conv(data.scatter.y_unit ?? '');
      if (x.factor === 1 && y.factor === 1 && x.unit === data.scatter.x_unit && y.unit === data.scatter.y_unit) return data;
      return { ...data, scatter: { ...data.scatter, x_unit: x.unit, y_unit: y.unit, objects: data.scatter.objects.map((o) => ({ ...o, points: o.points.map(([a, b, t]) => [a * x.factor, b * y.factor, t] as [number, number, number]) })) } };
    }
    case 'run-series': {
      const { unit, factor } = conv(data.overlay.unit);
      if (factor === 1 && unit === data.overlay.unit) return data;
      return { ...data, overlay: { ...data.overlay, unit, series: data.overlay.series.map((s) => ({ ...s, points: s.points.map(([t, v]) => [t, v === null ? null : v * factor] as [number, number | null]) })) } };
    }
    default:
      return data;
  }
}

export function chartData(queries: StudyQueries, study: string, spec: ChartSpec, wording: ChartWording): ChartData {
  return inStudyUnits(resolve(queries, study, spec, wording), queries.settings(study).units);
}

function resolve(queries: StudyQueries, study: string, spec: ChartSpec, wording: ChartWording): ChartData {
  const labels = colourOrder(queries, study);
  const { convention, locale } = wording;
  const isPeriod = (label: string): boolean => queries.periods(study).some((p) => p.name === label);
  switch (spec.kind) {
    case 'compare-bars': {
      const periods = isPeriod(spec.baseline);
      // One quantity in several scopes (read, write, total): each scope is its own metric name.
      const quantity = spec.metric.replace(/^(read|write|trim|total)\./, '');
      const metrics = spec.scopes?.length ? spec.scopes.map((sc) => `${sc}.${quantity}`) : [spec.metric];
      return {
        kind: spec.kind, labels,
        compare: queries.compare({
          study, baseline: spec.baseline, candidates: candidatesOf(spec), metrics, convention, locale, ...(periods ? {} : { where: wording.where }),
          ...(periods && spec.perObjectDay ? { aggregation: { perObjectDay: spec.perObjectDay } } : {}),
        }),
      };
    }
    case 'speedup-heatmap': {
      const s = queries.studies().find((x) => x.slug === study)!;
      const others = (isPeriod(spec.baseline) ? s.periods : s.configs).filter((c) => c !== spec.baseline);
      return { kind: spec.kind, labels, compare: queries.compare({ study, baseline: spec.baseline, candidates: others, metrics: [spec.metric], convention, locale, where: wording.where }) };
    }
    case 'repetitions':
      return { kind: spec.kind, labels, compare: queries.compare({ study, baseline: spec.baseline, candidates: [spec.candidate], metrics: [spec.metric], convention, locale, where: wording.where }) };
    case 'scaling':
      return { kind: 'scaling', labels, scaling: scalingCurves({ runs: queries.runs({ study }), x: spec.x, metric: spec.metric, ...(spec.latencyMetric ? { latencyMetric: spec.latencyMetric } : {}) }) };
    case 'time-series': {
      const series = queries.studySeries(study, spec.metric, {
        top: spec.top ?? 8, config: spec.config, objects: spec.objects, maxPoints: spec.points ?? DEFAULT_SERIES_POINTS,
        ...(spec.window ? { from: spec.window.from, to: spec.window.to } : {}),
      });
      return { kind: 'time-series', labels, series: { ...series, window: spec.window ?? null } };
    }
    case 'latency-cdf':
    case 'latency-exceedance':
      return { kind: spec.kind, labels, distribution: queries.latencyDistribution(study, spec.runs, spec.events) };
    case 'run-series':
      return { kind: 'run-series', labels, overlay: queries.seriesOverlay(study, spec.runs, { metric: spec.metric, align: spec.align ?? true }) };
    case 'wait-events':
      return { kind: 'wait-events', labels, waits: waitEventsData(queries.runs({ study }), spec, queries.settings(study).tie_band_pct) };
    case 'scatter': {
      // The objects drawn: those named, else the top ones by the Y metric's mean (the worst responders).
      const objects = spec.objects?.length ? spec.objects
        : queries.studySeries(study, spec.y, { top: spec.top ?? 10, config: spec.config, maxPoints: 2 }).objects.map((o) => o.object);
      const named = (m: string): string => { const info = describeMetric(m); return info ? metricLabel(info, locale) : m; };
      return { kind: 'scatter', labels, scatter: { ...queries.seriesScatter(study, spec.x, spec.y, objects, spec.config), x_label: named(spec.x), y_label: named(spec.y) } };
    }
    case 'box-plot':
      return { kind: 'box-plot', labels, boxes: boxPlotData(queries, study, spec, labels) };
    case 'trend':
      return { kind: 'trend', labels, trend: studyTrend(queries, study, spec, locale) };
    case 'timeline':
      return { kind: 'timeline', labels, timeline: queries.timelineChart(study, spec) };
  }
}
