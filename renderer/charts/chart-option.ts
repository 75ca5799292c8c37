/**
 * One chart model: a spec (kind, data query, options), the data the core resolves for it, and
 * one pure option builder per kind (renderer/charts/kinds/). The workbench's views, the chart
 * builder, a saved chart, a report page (preview and PDF) and a PNG or SVG export all draw a
 * chart through this one function.
 */
import type { ChartData, ChartSpec } from '../../app/contract/records.js';
import { boxPlotOption } from './kinds/box-plot.js';
import { compareBarsHeight, compareBarsOption } from './kinds/compare-bars.js';
import { defaultContext, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './kinds/context.js';
import { latencyOption } from './kinds/latency.js';
import { repetitionsOption } from './kinds/repetitions.js';
import { runSeriesOption } from './kinds/run-series.js';
import { scalingHeight, scalingOption } from './kinds/scaling.js';
import { scatterOption } from './kinds/scatter.js';
import { heatmapHeight, heatmapOption } from './kinds/speedup-heatmap.js';
import { timeSeriesOption } from './kinds/time-series.js';
import { trendOption } from './kinds/trend.js';
import { timelineHeight, timelineOption } from './kinds/timeline.js';
import { waitEventsOption } from './kinds/wait-events.js';

export type { ChartContext, ChartOption } from './kinds/context.js';

/** The chart's option, or null when its data has nothing to draw (the caller says why). A spec and data of different kinds draw nothing. */
export function chartOption(spec: ChartSpec, data: ChartData, ctx: ChartContext): ChartOption | null {
  if (spec.kind !== data.kind) return null;
  // The kinds match (checked above): each builder gets its own spec and data.
  switch (spec.kind) {
    case 'compare-bars': return compareBarsOption(spec, data as DataOf<'compare-bars'>, ctx);
    case 'speedup-heatmap': return heatmapOption(spec, data as DataOf<'speedup-heatmap'>, ctx);
    case 'repetitions': return repetitionsOption(spec, data as DataOf<'repetitions'>, ctx);
    case 'scaling': return scalingOption(spec, data as DataOf<'scaling'>, ctx);
    case 'time-series': return timeSeriesOption(spec, data as DataOf<'time-series'>, ctx);
    case 'latency-cdf':
    case 'latency-exceedance': return latencyOption(spec as SpecOf<'latency-cdf' | 'latency-exceedance'>, data as DataOf<'latency-cdf' | 'latency-exceedance'>, ctx);
    case 'run-series': return runSeriesOption(spec, data as DataOf<'run-series'>, ctx);
    case 'wait-events': return waitEventsOption(spec, data as DataOf<'wait-events'>, ctx);
    case 'scatter': return scatterOption(spec, data as DataOf<'scatter'>, ctx);
    case 'box-plot': return boxPlotOption(spec, data as DataOf<'box-plot'>, ctx);
    case 'trend': return trendOption(spec, data as DataOf<'trend'>, ctx);
    case 'timeline': return timelineOption(spec, data as DataOf<'timeline'>, ctx);
  }
}

/** How tall a chart is drawn: a row's height per row of a heat map, per event of a wait chart. */
export function chartHeight(spec: ChartSpec, data: ChartData | null, base: number, mode: ChartContext['mode'] = 'print'): number {
  if (data?.kind === 'speedup-heatmap') return heatmapHeight(data as DataOf<'speedup-heatmap'>, defaultContext({ mode }), base);
  if (data?.kind === 'wait-events') return Math.max(base, 110 + 22 * data.waits.rows.length);
  // A timeline is as tall as its lanes.
  if (data?.kind === 'timeline') return timelineHeight(data as DataOf<'timeline'>, { mode });
  if (data?.kind === 'scaling' && spec.kind === 'scaling') return scalingHeight(spec, data as DataOf<'scaling'>, defaultContext({ mode }), base);
  // Bars of three or more configurations, or many workloads, need more height for their slanted names and upright ratios; families of workloads a panel each.
  if (data?.kind === 'compare-bars' && spec.kind === 'compare-bars') return compareBarsHeight(spec, data as DataOf<'compare-bars'>, defaultContext({ mode }), base);
  return base;
}
