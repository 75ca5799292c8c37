/**
 * Latency distributions of runs (fio json+ buckets, histogram logs, sysbench's --histogram, an AWR
 * report's wait event histograms, an event per curve): the CDF, X =
 * latency in ms on a log axis, Y the fraction of I/Os at or below it, guides at p50 and p99; or
 * the exceedance (1 − CDF) on a log Y axis, the tail readable down to one I/O. Read solid, write
 * dashed, trim dotted. A run takes its configuration's colour; a configuration's second run a
 * lighter shade of it.
 */
import type { LatencyDistributionCurve } from '../../../app/contract/records.js';
import { shade } from '../palette.js';
import { finish, legendLayout, stylesFor, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

const DASH: Record<LatencyDistributionCurve['direction'], 'solid' | 'dashed' | 'dotted'> = { read: 'solid', write: 'dashed', trim: 'dotted', total: 'solid', wait: 'solid' };
const EVENT_DASH = ['solid', 'dashed', 'dotted', 'dashed'] as const;

export function curveName(c: LatencyDistributionCurve, histLog: string): string {
  // An AWR wait event's histogram: the event is what the curve is of.
  if (c.event !== undefined) return `${c.config} · ${c.event}`;
  return `${c.config} · ${c.name} · ${c.direction}${c.source === 'histogram log' ? ` (${histLog})` : ''}`;
}

/** A line style per curve: the direction's (fio), or the event's place among the events drawn (AWR: a run's events share its colour). */
function dashOf(c: LatencyDistributionCurve, events: readonly string[]): 'solid' | 'dashed' | 'dotted' {
  return c.event === undefined ? DASH[c.direction] : EVENT_DASH[Math.max(0, events.indexOf(c.event)) % EVENT_DASH.length]!;
}

/** One colour per run: its configuration's, shaded for the configuration's second and later runs. */
export function runColours(runs: ReadonlyArray<{ run: number; config: string }>, data: { labels: string[] }, ctx: ChartContext): Map<number, string> {
  const out = new Map<number, string>();
  const perConfig = new Map<string, number>();
  const configs = [...new Set(runs.map((r) => r.config))];
  const styles = new Map(configs.map((c, i) => [c, stylesFor(configs, data, ctx.theme)[i]!.color]));
  for (const r of runs) {
    if (out.has(r.run)) continue;
    const k = perConfig.get(r.config) ?? 0;
    perConfig.set(r.config, k + 1);
    out.set(r.run, k === 0 ? styles.get(r.config)! : shade(styles.get(r.config)!, Math.min(0.6, 0.3 * k)));
  }
  return out;
}

export function latencyOption(spec: SpecOf<'latency-cdf' | 'latency-exceedance'>, data: DataOf<'latency-cdf' | 'latency-exceedance'>, ctx: ChartContext): ChartOption | null {
  const curves = data.distribution.curves;
  if (curves.length === 0) return null;
  const exceed = spec.kind === 'latency-exceedance';
  const colours = runColours(curves, data, ctx);
  const events = [...new Set(curves.map((c) => c.event).filter((e): e is string => e !== undefined))];
  // AWR histograms count waits, not I/Os.
  const fraction = word(ctx.locale, curves.every((c) => c.event !== undefined) ? 'overlay.waitFraction' : 'overlay.fraction');
  const histLog = word(ctx.locale, 'overlay.histLog');
  const floor = 1 / Math.max(1, ...curves.map((c) => c.total_ios));
  const guides = exceed
    ? [[0.5, 'p50'], [0.01, 'p99'], [0.001, 'p99.9'], [0.0001, 'p99.99']].filter(([y]) => (y as number) >= floor)
    // On a linear 0-1 axis p99.9 sits on top of p99: the tail is the exceedance chart's job.
    : [[0.5, 'p50'], [0.99, 'p99']];
  const { legend, gridTop } = legendLayout(curves.map((c) => curveName(c, histLog)), ctx);
  return finish({
    color: curves.map((c) => colours.get(c.run)!),
    title: titleBlock(ctx.title, ctx.mode === 'print' ? 13 : 14),
    legend,
    grid: { left: 80, right: 40, top: gridTop, bottom: 56 },
    // ECharts' own axis tooltip: it encodes the series names as text.
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    xAxis: { type: 'log', logBase: 10, name: word(ctx.locale, 'overlay.latencyAxis'), nameLocation: 'middle', nameGap: 30 },
    yAxis: exceed
      ? { type: 'log', logBase: 10, name: fraction, min: 10 ** Math.floor(Math.log10(floor)), max: 1 }
      : { type: 'value', name: fraction, min: 0, max: 1 },
    series: curves.map((c, i) => ({
      name: curveName(c, histLog),
      type: 'line',
      // The curve from a histogram log sits beside its json+ twin: same colour, thinner, with dots.
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
          lineStyle: { color: ctx.theme.reference, type: 'dotted', width: 1 },
          label: { position: exceed ? 'insideEndTop' : 'insideEndBottom', color: ctx.theme.muted, fontSize: 10, formatter: (p: { name: string }) => p.name },
          data: guides.map(([y, name]) => ({ yAxis: y, name })),
        },
      } : {}),
    })),
  }, ctx);
}
