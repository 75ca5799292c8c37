/**
 * A trend: one workload's metric run after run in time, each level's mean a step line, each
 * change point a vertical line labelled with its change and p-value in the colour of its verdict
 * (a throughput that fell is worse, a latency that fell better), and the runs of an excursion (a
 * one-night dip) as hollow marks: seen, and said not to be a change.
 */
import type { TrendPoint } from '../../../app/contract/catalog-records.js';
import { formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { finish, titleBlock, valueAxis, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

/** A p-value as the tables print it: two significant digits, "< 1e-300" past what a double holds. */
export function pText(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  if (p === 0) return '< 1e-300';
  return p < 1e-3 ? p.toExponential(1) : p.toPrecision(2);
}

export function trendOption(spec: SpecOf<'trend'>, data: DataOf<'trend'>, ctx: ChartContext): ChartOption | null {
  const t = data.trend;
  if (t.points.length === 0) return null;
  const print = ctx.mode === 'print';
  const times = t.points.map((p) => Date.parse(p.time));
  const bounds = [0, ...t.change_points.map((c) => c.index), t.points.length];
  // Each level's mean from its first run to its last; levels apart (null between them).
  const levels: Array<[number, number] | [number, null]> = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = bounds[k]!;
    const to = bounds[k + 1]!;
    const mean = t.points.slice(from, to).reduce((a, p) => a + p.value, 0) / (to - from);
    levels.push([times[from]!, mean], [times[to - 1]!, mean], [times[to - 1]!, null]);
  }
  const outlier = new Set(t.excursions.flatMap((e) => e.points.map((p) => p.run)));
  const pointOf = (p: TrendPoint, i: number): { value: [number, number]; run: number } => ({ value: [times[i]!, p.value], run: p.run });
  const tip = (p: TrendPoint): string => [
    `<b>${esc(p.version)}</b> · ${esc(new Date(p.time).toISOString().replace('T', ' ').slice(0, 16))} UTC`,
    `${esc(formatValue(p.value, t.unit, ctx.locale))} ${esc(t.unit)}`,
    `${esc(p.study)} · ${esc(p.config)} · ${esc(p.name)} (#${p.run})`,
    ...(outlier.has(p.run) ? [esc(word(ctx.locale, 'trend.excursion'))] : []),
  ].join('<br>');
  const byRun = new Map(t.points.map((p) => [p.run, p]));
  const colour = ctx.theme.palette[0] ?? '#0072B2';
  return finish({
    useUTC: true,
    title: [
      titleBlock(withUnit(ctx.title, t.unit, ctx.locale), print ? 13 : 14),
      { text: t.workload_label, left: 'center', top: print ? 27 : 30, textStyle: { fontSize: 10, fontWeight: 'normal' } },
    ],
    grid: { left: print ? 64 : 76, right: print ? 24 : 30, top: 70, bottom: print ? 36 : 70 },
    tooltip: { trigger: 'item', formatter: (x: { data?: { run?: number } }) => { const p = x.data?.run !== undefined ? byRun.get(x.data.run) : undefined; return p ? tip(p) : ''; } },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 10 }],
    xAxis: { type: 'time' },
    yAxis: valueAxis(t.unit, spec.logScale, { scale: true }),
    series: [
      {
        name: t.metric_label,
        type: 'line',
        showSymbol: true,
        symbolSize: print ? 3 : 4,
        lineStyle: { width: 1, color: colour, opacity: 0.5 },
        itemStyle: { color: colour },
        data: t.points.map((p, i) => (outlier.has(p.run) ? { ...pointOf(p, i), symbol: 'emptyCircle', symbolSize: 9 } : pointOf(p, i))),
        markLine: {
          symbol: 'none',
          silent: print,
          data: t.change_points.map((c) => ({
            xAxis: Date.parse(c.time),
            lineStyle: { color: ctx.theme.verdict[c.verdict], type: 'dashed', width: 1.5 },
            label: { formatter: `${c.change_pct >= 0 ? '+' : ''}${c.change_pct.toFixed(1)}% · p ${pText(c.p_value)}`, color: ctx.theme.verdict[c.verdict], fontSize: print ? 9 : 10 },
          })),
        },
      },
      {
        name: word(ctx.locale, 'trend.level'),
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        silent: true,
        lineStyle: { width: 2, color: colour },
        data: levels,
      },
    ],
  }, ctx);
}
