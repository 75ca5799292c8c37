/**
 * A metric's top objects over time, in the zone of the data, periods shaded and the cutover
 * marked. On screen it zooms (the view asks the core again for the window, at full detail); on
 * paper it is the whole extent, or the spec's window.
 */
import { formatValue, withUnit, zoneOffsetMinutes } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { periodMarks } from '../period-marks.js';
import { finish, legendLayout, stylesFor, titleBlock, valueAxis, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Series = DataOf<'time-series'>['series'];

/** The first and last instant drawn (UTC ms). */
export function seriesExtent(series: Series): { t0: number; t1: number } {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const o of series.objects) for (const [tm] of o.points) { if (tm < t0) t0 = tm; if (tm > t1) t1 = tm; }
  return { t0, t1 };
}

export function timeSeriesOption(spec: SpecOf<'time-series'>, data: DataOf<'time-series'>, ctx: ChartContext): ChartOption | null {
  const s = data.series;
  if (s.objects.length === 0) return null;
  const first = s.objects[0]!.points[0];
  const offset = first ? zoneOffsetMinutes(s.zone, first[0]) * 60000 : 0;
  const extent = seriesExtent(s);
  // A saved window is the chart's range; else the data's extent (which also keeps a zoom's percentages meaningful).
  const { t0, t1 } = spec.window ? { t0: spec.window.from, t1: spec.window.to } : extent;
  const { shaded, cutovers } = periodMarks(s.periods, t0, t1, offset);
  const styles = stylesFor(s.objects.map((o) => o.object), data, ctx.theme);
  const print = ctx.mode === 'print';
  const zoom = ctx.zoom ?? { start: 0, end: 100 };
  const { legend, gridTop } = legendLayout(s.objects.map((o) => o.object), ctx, print ? 9 : 11);
  return finish({
    useUTC: true, // times are shifted into the study's zone and shown as such
    color: styles.map((st) => st.color),
    title: titleBlock(`${withUnit(ctx.title, s.unit, ctx.locale)} · ${s.zone}`, print ? 13 : 14),
    legend,
    grid: { left: print ? 60 : 70, right: print ? 24 : 30, top: gridTop, bottom: print ? 36 : 70 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, s.unit, ctx.locale)} ${esc(s.unit)}` },
    dataZoom: [{ type: 'inside', start: zoom.start, end: zoom.end }, { type: 'slider', height: 18, bottom: 10, start: zoom.start, end: zoom.end }],
    xAxis: { type: 'time', ...(Number.isFinite(t0) && Number.isFinite(t1) ? { min: t0 + offset, max: t1 + offset } : {}) },
    yAxis: valueAxis(s.unit, spec.logScale),
    series: s.objects.map((o, i) => ({
      name: o.object,
      type: 'line',
      showSymbol: false,
      // No ECharts sampling: the core keeps each pixel column's lowest and highest sample, and
      // ECharts' LTTB (one point a pixel) would drop half of them, spikes included.
      lineStyle: { width: 1, color: styles[i]!.color, type: styles[i]!.dash },
      itemStyle: { color: styles[i]!.color },
      data: o.points.map(([tm, v]) => [tm + offset, v]),
      ...(i === 0 ? {
        markArea: { silent: true, label: { position: 'insideTop', fontSize: print ? 9 : 10 }, data: shaded },
        markLine: { symbol: 'none', lineStyle: { color: '#b3261e', type: 'dashed' }, label: { fontSize: 9 }, data: cutovers },
      } : {}),
    })),
  }, ctx);
}
