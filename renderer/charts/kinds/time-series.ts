/**
 * A metric's top objects over time, in the zone of the data, periods shaded and the cutover
 * marked. On screen it zooms (the view asks the core again for the window, at full detail); on
 * paper it is the whole extent, or the spec's window.
 *
 * Objects whose series lie on top of each other (S1's five volumes, all near 6 ms for a week)
 * are unreadable on one axis: on screen the view draws them a panel per object, stacked, with
 * one time axis, one zoom and one value scale for all, so levels still compare panel to panel
 * and each line is seen whole (issue 39). The time axis names month and day, and the hours once
 * a window of a few days or less is shown.
 */
import { formatValue, withUnit, zoneOffsetMinutes } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { periodMarks } from '../period-marks.js';
import { finish, legendLayout, stylesFor, titleBlock, valueAxis, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Series = DataOf<'time-series'>['series'];

/** Objects drawn a panel each, at most: past that the panels would be slivers; one chart overlays them. */
export const MAX_PANELS = 6;
/** A panel's plot height and the gap under it, px. */
const PANEL_PLOT = 74;
const PANEL_GAP = 26;
const PANELS_TOP = 46;
const PANELS_BOTTOM = 70;

/** The first and last instant drawn (UTC ms). */
export function seriesExtent(series: Series): { t0: number; t1: number } {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const o of series.objects) for (const [tm] of o.points) { if (tm < t0) t0 = tm; if (tm > t1) t1 = tm; }
  return { t0, t1 };
}

/** Whether the view draws these objects a panel each. */
export function panelsFit(objects: number): boolean {
  return objects >= 2 && objects <= MAX_PANELS;
}

/** The chart's height in px for `objects` panels. */
export function timeSeriesPanelsHeight(objects: number): number {
  return PANELS_TOP + objects * (PANEL_PLOT + PANEL_GAP) + PANELS_BOTTOM - PANEL_GAP;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A time axis label for times already shifted into the data's zone (read as UTC): month-day
 * ("09-08") over a long span, and the hour with it ("09-08 14:30") once the window shown is a
 * few days or less, so a zoomed axis never reads "8 … 9" or bare hours of an unnamed day.
 */
export function timeLabel(shiftedMs: number, spanMs: number): string {
  const d = new Date(shiftedMs);
  const day = `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  const hm = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  if (spanMs > 4 * 86_400_000) return hm === '00:00' ? day : `${day} ${hm}`;
  return spanMs > 3_600_000 || d.getUTCSeconds() === 0 ? `${day} ${hm}` : `${day} ${hm}:${two(d.getUTCSeconds())}`;
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
  const span = Number.isFinite(t0) && Number.isFinite(t1) ? ((t1 - t0) * (zoom.end - zoom.start)) / 100 : Infinity;
  const panels = Boolean(ctx.panels) && panelsFit(s.objects.length);
  const n = panels ? s.objects.length : 1;
  const range = Number.isFinite(t0) && Number.isFinite(t1) ? { min: t0 + offset, max: t1 + offset } : {};
  const axisLabel = { formatter: (v: number) => timeLabel(v, span), hideOverlap: true };
  const xAxes = Array.from({ length: n }, (_, i) => ({
    type: 'time', gridIndex: i, ...range,
    // Panels share the bottom axis' labels: the others show their ticks only.
    axisLabel: panels && i < n - 1 ? { show: false } : axisLabel,
  }));
  // One value scale for every panel: a volume twice as slow reads twice as high.
  let top = -Infinity;
  for (const o of s.objects) for (const [, v] of o.points) if (v > top) top = v;
  const yAxes = Array.from({ length: n }, (_, i) => valueAxis(panels ? '' : s.unit, spec.logScale, {
    gridIndex: i,
    ...(panels ? { max: Number.isFinite(top) ? niceTop(top) : undefined, splitNumber: 2, axisLabel: { fontSize: 10 } } : {}),
  }));
  const legendNames = s.objects.map((o) => o.object);
  const { legend, gridTop } = legendLayout(legendNames, ctx, print ? 9 : 11);
  const grids = panels
    ? s.objects.map((_, i) => ({ left: 70, right: 30, top: PANELS_TOP + i * (PANEL_PLOT + PANEL_GAP), height: PANEL_PLOT }))
    : [{ left: print ? 60 : 70, right: print ? 24 : 30, top: gridTop, bottom: print ? 36 : 70 }];
  const all = Array.from({ length: n }, (_, i) => i);
  const title = titleBlock(`${withUnit(ctx.title, s.unit, ctx.locale)} · ${s.zone}`, print ? 13 : 14);
  return finish({
    useUTC: true, // times are shifted into the study's zone and shown as such
    color: styles.map((st) => st.color),
    // Panels: each names its object at its top left, in the object's colour.
    title: panels
      ? [title, ...s.objects.map((o, i) => ({ text: o.object, left: 74, top: PANELS_TOP + i * (PANEL_PLOT + PANEL_GAP) - 17, textStyle: { fontSize: 11, fontWeight: 600, color: styles[i]!.color } }))]
      : title,
    ...(panels ? {} : { legend }),
    grid: grids,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, s.unit, ctx.locale)} ${esc(s.unit)}` },
    // One pointer through every panel: the same instant read across the objects.
    ...(panels ? { axisPointer: { link: [{ xAxisIndex: 'all' }] } } : {}),
    dataZoom: [{ type: 'inside', xAxisIndex: all, start: zoom.start, end: zoom.end }, { type: 'slider', xAxisIndex: all, height: 18, bottom: 10, start: zoom.start, end: zoom.end }],
    xAxis: panels ? xAxes : xAxes[0],
    yAxis: panels ? yAxes : yAxes[0],
    series: s.objects.map((o, i) => ({
      name: o.object,
      type: 'line',
      showSymbol: false,
      ...(panels ? { xAxisIndex: i, yAxisIndex: i } : {}),
      // No ECharts sampling: the core keeps each pixel column's lowest and highest sample, and
      // ECharts' LTTB (one point a pixel) would drop half of them, spikes included.
      lineStyle: { width: 1, color: styles[i]!.color, type: styles[i]!.dash },
      itemStyle: { color: styles[i]!.color },
      data: o.points.map(([tm, v]) => [tm + offset, v]),
      // Periods shaded and the cutover marked in every panel; named in the first.
      ...(i === 0 || panels ? {
        markArea: { silent: true, label: { show: i === 0, position: 'insideTop', fontSize: print ? 9 : 10 }, data: shaded },
        markLine: { symbol: 'none', lineStyle: { color: '#b3261e', type: 'dashed' }, label: { show: i === 0, fontSize: 9 }, data: cutovers },
      } : {}),
    })),
  }, ctx);
}

/** A round top for a shared value axis (18.3 → 20): the panels' ticks read the same. */
function niceTop(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (v <= m * p) return m * p;
  return 10 * p;
}
