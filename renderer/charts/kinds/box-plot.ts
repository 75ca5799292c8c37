/**
 * A box plot: one metric's distribution per configuration over its runs, its intervals or its
 * objects. The box spans the quartiles with the median across it, the whiskers reach the
 * furthest values within 1.5 IQR, the rest are dots; a diamond marks the mean. Each box in its
 * configuration's colour, n under its name.
 */
import { formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { finish, stylesFor, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

export function boxPlotOption(spec: SpecOf<'box-plot'>, data: DataOf<'box-plot'>, ctx: ChartContext): ChartOption | null {
  const b = data.boxes;
  if (b.boxes.length === 0) return null;
  const styles = stylesFor(b.boxes.map((x) => x.label), data, ctx.theme);
  const fmt = (v: number): string => formatValue(v, b.unit, ctx.locale);
  const over = word(ctx.locale, `box.over.${b.over}`);
  const categories = b.boxes.map((x) => `${x.label}\nn = ${x.n}`);
  const print = ctx.mode === 'print';
  return finish({
    color: styles.map((s) => s.color),
    title: { ...titleBlock(withUnit(ctx.title, b.unit, ctx.locale), print ? 13 : 14), subtext: `${over}${b.workload ? ` · ${b.workload}` : ''}`, subtextStyle: { fontSize: 10 } },
    grid: { left: 80, right: 30, top: 70, bottom: b.boxes.length > 5 ? 90 : 56 },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesType: string; dataIndex: number; value: number[] }) => {
        const x = p.seriesType === 'boxplot' ? b.boxes[p.dataIndex] : b.boxes[p.value[0]!];
        if (!x) return '';
        if (p.seriesType !== 'boxplot') return `${esc(x.label)}: ${fmt(p.value[1]!)} ${esc(b.unit)}`;
        return `<b>${esc(x.label)}</b> (n = ${x.n})<br/>max ${fmt(x.max)} · whisker ${fmt(x.whisker_high)}<br/>Q3 ${fmt(x.q3)}<br/>median ${fmt(x.median)} · mean ${fmt(x.mean)}<br/>Q1 ${fmt(x.q1)}<br/>whisker ${fmt(x.whisker_low)} · min ${fmt(x.min)} ${esc(b.unit)}`;
      },
    },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: b.boxes.length > 5 ? 30 : 0 } },
    yAxis: { type: spec.logScale ? 'log' : 'value', name: b.unit, scale: !spec.logScale },
    series: [
      {
        name: word(ctx.locale, 'box.box'),
        type: 'boxplot',
        data: b.boxes.map((x, i) => ({
          value: [x.whisker_low, x.q1, x.median, x.q3, x.whisker_high],
          itemStyle: { color: `${styles[i]!.color}33`, borderColor: styles[i]!.color, borderWidth: 1.5, ...(styles[i]!.decal ? { decal: styles[i]!.decal } : {}) },
        })),
      },
      {
        name: word(ctx.locale, 'box.mean'),
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 8,
        data: b.boxes.map((x, i) => ({ value: [i, x.mean], itemStyle: { color: styles[i]!.color } })),
      },
      {
        name: word(ctx.locale, 'box.outliers'),
        type: 'scatter',
        symbolSize: 5,
        data: b.boxes.flatMap((x, i) => x.outliers.map((v) => ({ value: [i, v], itemStyle: { color: styles[i]!.color, opacity: 0.7 } }))),
      },
    ],
  }, ctx);
}
