/**
 * A scaling curve: a parameter (or a throughput metric) on X, a metric on Y, a line per
 * configuration in its colour (a grid's several workloads of one configuration share it and
 * differ by dash), one workload of a grid at a time unless all are asked for. A swept parameter
 * that doubles reads on a log-2 axis. The knee is marked only where it means something: X is a
 * load (virtual users, threads, sessions, I/O depth, jobs, a rate), never block size.
 */
import { formatBlockSize, formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { scalingLogX } from '../scaling-axis.js';
import { finish, legendLayout, stylesFor, titleBlock, valueAxis, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Data = DataOf<'scaling'>;
const DASHES = ['solid', 'dashed', 'dotted'] as const;

const workloadOf = (label: string): string => label.split(' · ').slice(1).join(' · ');

/** The workloads of a grid's lines, and the one shown ("*": all). */
export function scalingWorkloads(data: Data['scaling'], wanted: string | undefined): { workloads: string[]; shown: string } {
  const workloads = [...new Set(data.series.map((s) => workloadOf(s.label)))].filter(Boolean);
  const shown = workloads.length > 1 ? (wanted === '*' ? '*' : wanted && workloads.includes(wanted) ? wanted : workloads[0]!) : '*';
  return { workloads, shown };
}

export function scalingOption(spec: SpecOf<'scaling'>, data: Data, ctx: ChartContext): ChartOption | null {
  const s = data.scaling;
  if (s.series.length === 0) return null;
  const { shown: only } = scalingWorkloads(s, spec.workload);
  const lines = s.series.filter((l) => only === '*' || workloadOf(l.label) === only);
  if (lines.length === 0) return null;
  const xIsMetric = /\./.test(s.x);
  const fmtX = (v: number): string => (s.x === 'bs' ? formatBlockSize(v) : xIsMetric ? formatValue(v, '', ctx.locale) : String(v));
  const logX = scalingLogX(lines.flatMap((l) => l.points.map((p) => p.x)), xIsMetric);
  const styles = stylesFor(lines.map((l) => l.config), data, ctx.theme);
  const nth = new Map<string, number>();
  const knees = s.x_load === true;
  const print = ctx.mode === 'print';
  const xName = ctx.metricLabel && xIsMetric ? ctx.metricLabel(s.x) : s.x;
  const { legend, gridTop } = legendLayout(lines.map((l) => (only === '*' ? l.label : l.config)), ctx);
  const labelsShown = lines.length <= 3 && Math.max(...lines.map((l) => l.points.length)) <= 6;
  const series = lines.map((l, i) => {
    const k = nth.get(l.config) ?? 0;
    nth.set(l.config, k + 1);
    const style = styles[i]!;
    const dash = k > 0 ? DASHES[k % DASHES.length]! : style.dash;
    const kneePoint = knees && l.knee !== null ? l.points.find((p) => p.x === l.knee) : undefined;
    return {
      name: only === '*' ? l.label : l.config,
      type: 'line',
      symbol: style.symbol,
      symbolSize: print ? 6 : 7,
      lineStyle: { color: style.color, type: dash },
      itemStyle: { color: style.color },
      data: l.points.map((p) => [p.x, p.y]),
      ...(print ? { label: { show: labelsShown, position: 'top', fontSize: 9, formatter: (p: { value: [number, number] }) => formatValue(p.value[1], s.unit, ctx.locale) } } : {}),
      ...(kneePoint ? {
        markPoint: {
          symbol: 'pin', symbolSize: print ? 36 : 42,
          itemStyle: { color: style.color },
          data: [{ name: 'knee', coord: [kneePoint.x, kneePoint.y], value: word(ctx.locale, 'scaling.knee') }],
          label: { fontSize: 9 },
        },
      } : {}),
    };
  });
  return finish({
    color: styles.map((st) => st.color),
    title: titleBlock(`${withUnit(ctx.title, s.unit, ctx.locale)}${only !== '*' ? ` · ${only}` : ''}`, print ? 13 : 14),
    legend,
    grid: { left: 80, right: 30, top: gridTop, bottom: 50 },
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string; value: [number, number] }) => `${esc(p.seriesName)}<br/>${esc(s.x)} = ${esc(fmtX(p.value[0]))}: ${formatValue(p.value[1], s.unit, ctx.locale)} ${esc(s.unit)}` },
    xAxis: { type: logX ? 'log' : 'value', logBase: 2, name: xName, nameLocation: 'middle', nameGap: 30, axisLabel: { formatter: fmtX } },
    yAxis: valueAxis(s.unit, spec.logScale),
    series,
  }, ctx);
}
