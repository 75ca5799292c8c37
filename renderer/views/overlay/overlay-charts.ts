/**
 * Runs overlaid: latency distributions (CDF, exceedance) and time series aligned at t = 0. Each
 * chart is a serialisable spec ({kind, ...params}) and a pure option builder
 * (data, spec, theme, words) => option, so a report page can draw the same chart again.
 */
import type { LatencyDistributionCurve, LatencyDistributionResult, SeriesOverlayResult } from '../../../app/contract/records.js';
import type { ChartTheme } from '../../charts/chart-theme.js';

/** `events`: the AWR wait events drawn (absent: the core's default, the most waited-for). */
export type LatencyChartSpec = { kind: 'latency-cdf' | 'latency-exceedance'; study: string; runs: number[]; events?: string[] };
export type SeriesOverlaySpec = { kind: 'series-overlay'; study: string; runs: number[]; metric: string | null; align: boolean };
export type OverlaySpec = LatencyChartSpec | SeriesOverlaySpec;

export interface OverlayWords {
  title: string;
  xName: string;
  yName: string;
  /** How a histogram log's curve is told apart from the json+ one of the same run. */
  histLog: string;
}

/** Read solid, write dashed, trim dotted: directions stay apart without colour. */
const DASH: Record<LatencyDistributionCurve['direction'], 'solid' | 'dashed' | 'dotted'> = { read: 'solid', write: 'dashed', trim: 'dotted', wait: 'solid' };
const EVENT_DASH = ['solid', 'dashed', 'dotted', 'dashed'] as const;

export function curveName(c: LatencyDistributionCurve, histLog: string): string {
  // An AWR wait event's histogram: the event is what the curve is of.
  if (c.event !== undefined) return `${c.config} · ${c.event}`;
  return `${c.config} · ${c.name} · ${c.direction}${c.source === 'histogram log' ? ` (${histLog})` : ''}`;
}

/** A line style per curve: the direction's (fio), or the event's place among the events drawn (AWR: a run's events share its colour). */
function dashOf(c: LatencyDistributionCurve, events: string[]): 'solid' | 'dashed' | 'dotted' {
  return c.event === undefined ? DASH[c.direction] : EVENT_DASH[Math.max(0, events.indexOf(c.event)) % EVENT_DASH.length]!;
}

/** A colour per run (palette order, by first appearance), so a run's read and write share it. */
function runColours(runs: number[], theme: ChartTheme): Map<number, string> {
  const out = new Map<number, string>();
  for (const r of runs) if (!out.has(r)) out.set(r, theme.palette[out.size % theme.palette.length]!);
  return out;
}

/**
 * CDF: X latency (ms, log), Y the fraction of I/Os at or below it (0–1), guides at p50/p99/p99.9.
 * Exceedance: Y the fraction slower (log), down to one I/O in the largest run; a curve's last
 * point (none slower) has no place on a log axis and is left out.
 */
export function latencyOption(data: LatencyDistributionResult, spec: LatencyChartSpec, theme: ChartTheme, words: OverlayWords): Record<string, unknown> {
  const exceed = spec.kind === 'latency-exceedance';
  const colours = runColours(data.curves.map((c) => c.run), theme);
  const events = [...new Set(data.curves.map((c) => c.event).filter((e): e is string => e !== undefined))];
  // The curve from a histogram log sits beside its json+ twin: same colour, thinner, with dots.
  const floor = 1 / Math.max(1, ...data.curves.map((c) => c.total_ios));
  const guides = exceed
    ? [[0.5, 'p50'], [0.01, 'p99'], [0.001, 'p99.9'], [0.0001, 'p99.99']].filter(([y]) => (y as number) >= floor)
    // On a linear 0-1 axis p99.9 sits on top of p99: the tail is the exceedance chart's job.
    : [[0.5, 'p50'], [0.99, 'p99']];
  return {
    animation: false,
    color: data.curves.map((c) => colours.get(c.run)!),
    title: { text: words.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28, type: 'scroll' },
    grid: { left: 80, right: 40, top: 80, bottom: 56 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    xAxis: { type: 'log', logBase: 10, name: words.xName, nameLocation: 'middle', nameGap: 30 },
    yAxis: exceed
      ? { type: 'log', logBase: 10, name: words.yName, min: 10 ** Math.floor(Math.log10(floor)), max: 1 }
      : { type: 'value', name: words.yName, min: 0, max: 1 },
    series: data.curves.map((c, i) => ({
      name: curveName(c, words.histLog),
      type: 'line',
      showSymbol: c.source === 'histogram log',
      symbol: 'circle',
      symbolSize: 3,
      step: 'end',
      lineStyle: { type: dashOf(c, events), width: c.source === 'histogram log' ? 1 : 2, color: colours.get(c.run) },
      itemStyle: { color: colours.get(c.run) },
      data: exceed ? c.points.filter((p) => p[2] > 0).map((p) => [p[0], p[2]]) : c.points.map((p) => [p[0], p[1]]),
      ...(i === 0 ? {
        markLine: {
          // ECharts rounds a mark line's value to `precision` places (2 by default): 0.001 would
          // become 0, which a log axis cannot place.
          silent: true, symbol: 'none', precision: 6,
          lineStyle: { color: theme.reference, type: 'dotted', width: 1 },
          label: { position: exceed ? 'insideEndTop' : 'insideEndBottom', color: theme.muted, fontSize: 10, formatter: (p: { name: string }) => p.name },
          data: guides.map(([y, name]) => ({ yAxis: y, name })),
        },
      } : {}),
    })),
  };
}

export interface SeriesWords {
  title: string;
  xName: string;
}

/** Several runs' series of one metric: on seconds since each start (aligned) or on their own clocks. */
export function seriesOverlayOption(data: SeriesOverlayResult, spec: SeriesOverlaySpec, theme: ChartTheme, words: SeriesWords): Record<string, unknown> {
  const colours = runColours(data.series.map((s) => s.run), theme);
  const dashes = ['solid', 'dashed', 'dotted'];
  const seen = new Map<number, number>();
  const aligned = spec.align && data.aligned;
  return {
    animation: false,
    color: data.series.map((s) => colours.get(s.run)!),
    title: { text: words.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28, type: 'scroll' },
    grid: { left: 80, right: 30, top: 80, bottom: 70 },
    tooltip: { trigger: 'axis' },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 10 }],
    xAxis: aligned ? { type: 'value', name: words.xName, nameLocation: 'middle', nameGap: 26, min: 0 } : { type: 'time' },
    yAxis: { type: 'value', name: data.unit },
    series: data.series.map((s) => {
      // A run's second series (write beside read) keeps its colour and changes its dash.
      const k = seen.get(s.run) ?? 0;
      seen.set(s.run, k + 1);
      return {
        name: `${s.config} · ${s.name}${s.object !== s.name ? ` · ${s.object}` : ''}`,
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        sampling: 'lttb',
        lineStyle: { width: 1.5, type: dashes[k % dashes.length], color: colours.get(s.run) },
        itemStyle: { color: colours.get(s.run) },
        data: s.points,
      };
    }),
  };
}
