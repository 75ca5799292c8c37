/**
 * Several runs' series of one metric: aligned at t = 0 on a common grid (seconds since each
 * start), or on their own clocks. A run takes its configuration's colour (shaded for a second
 * run of it); a run's second series (write beside read) keeps the colour and changes its dash.
 */
import { formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { runColours } from './latency.js';
import { finish, legendLayout, titleBlock, valueAxis, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

const DASHES = ['solid', 'dashed', 'dotted'];

export function runSeriesOption(spec: SpecOf<'run-series'>, data: DataOf<'run-series'>, ctx: ChartContext): ChartOption | null {
  const o = data.overlay;
  if (o.series.length === 0) return null;
  const colours = runColours(o.series, data, ctx);
  const seen = new Map<number, number>();
  const aligned = (spec.align ?? true) && o.aligned;
  const nameOf = (s: (typeof o.series)[number]): string => `${s.config} · ${s.name}${s.object !== s.name ? ` · ${s.object}` : ''}`;
  const { legend, gridTop } = legendLayout(o.series.map(nameOf), ctx);
  return finish({
    color: o.series.map((s) => colours.get(s.run)!),
    title: titleBlock(withUnit(ctx.title, o.unit, ctx.locale), ctx.mode === 'print' ? 13 : 14),
    legend,
    grid: { left: 80, right: 30, top: gridTop, bottom: ctx.mode === 'print' ? 50 : 70 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, o.unit, ctx.locale)} ${esc(o.unit)}` },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 10 }],
    xAxis: aligned ? { type: 'value', name: word(ctx.locale, 'overlay.seconds'), nameLocation: 'middle', nameGap: 26, min: 0 } : { type: 'time' },
    yAxis: valueAxis(o.unit, spec.logScale),
    series: o.series.map((s) => {
      const k = seen.get(s.run) ?? 0;
      seen.set(s.run, k + 1);
      return {
        name: nameOf(s),
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        sampling: 'lttb',
        lineStyle: { width: 1.5, type: DASHES[k % DASHES.length], color: colours.get(s.run) },
        itemStyle: { color: colours.get(s.run) },
        data: s.points,
      };
    }),
  }, ctx);
}
