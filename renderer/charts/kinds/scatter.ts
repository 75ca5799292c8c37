/**
 * One series metric against another, per object and interval: S1's write response time against
 * write throughput, where a full write cache shows as high response at low throughput. A dot per
 * interval, a colour per object.
 */
import { formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { finish, legendLayout, stylesFor, titleBlock, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

export function scatterOption(spec: SpecOf<'scatter'>, data: DataOf<'scatter'>, ctx: ChartContext): ChartOption | null {
  const s = data.scatter;
  const objects = s.objects.filter((o) => o.points.length > 0);
  if (objects.length === 0) return null;
  const label = (m: string, given: string | undefined): string => given ?? (ctx.metricLabel ? ctx.metricLabel(m) : m);
  const xUnit = s.x_unit ?? '';
  const yUnit = s.y_unit ?? '';
  const styles = stylesFor(objects.map((o) => o.object), data, ctx.theme);
  const big = objects.reduce((n, o) => n + o.points.length, 0) > 5000;
  const { legend, gridTop } = legendLayout(objects.map((o) => o.object), ctx);
  return finish({
    color: styles.map((st) => st.color),
    title: titleBlock(ctx.title, ctx.mode === 'print' ? 13 : 14),
    legend,
    grid: { left: 70, right: 30, top: gridTop, bottom: 50 },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number, number] }) =>
        `${esc(p.seriesName)}<br/>${formatValue(p.value[0], xUnit, ctx.locale)} ${esc(xUnit)}, ${formatValue(p.value[1], yUnit, ctx.locale)} ${esc(yUnit)}<br/>${new Date(p.value[2]).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    },
    xAxis: { type: spec.logScale ? 'log' : 'value', name: withUnit(label(s.x, s.x_label), xUnit, ctx.locale), nameLocation: 'middle', nameGap: 28, scale: !spec.logScale },
    yAxis: { type: spec.logScale ? 'log' : 'value', name: withUnit(label(s.y, s.y_label), yUnit, ctx.locale) },
    series: objects.map((o, i) => ({
      name: o.object,
      type: 'scatter',
      symbol: styles[i]!.symbol,
      symbolSize: ctx.mode === 'print' ? 3 : 4,
      ...(big ? { large: true } : {}),
      itemStyle: { color: styles[i]!.color, opacity: 0.75 },
      data: o.points.map(([x, y, t]) => [x, y, t]),
    })),
  }, ctx);
}
