/**
 * AWR wait events of two configurations side by side: per event, each side's share of DB time
 * (background time for background events) or its average wait, as horizontal bars in the
 * configurations' colours. An event present on one side only has no bar on the other, and its
 * name says where it is ("free buffer waits · only in write-through").
 */
import { formatValue } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { finish, stylesFor, titleBlock, valueAxis, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

export function waitEventsOption(spec: SpecOf<'wait-events'>, data: DataOf<'wait-events'>, ctx: ChartContext): ChartOption | null {
  const w = data.waits;
  if (w.rows.length === 0) return null;
  const avg = spec.measure === 'avg_ms';
  const unit = avg ? 'ms' : '%';
  const sides = [w.baseline, w.candidate];
  const styles = stylesFor(sides, data, ctx.theme);
  const only = (r: (typeof w.rows)[number]): string => (!r.baseline ? ` · ${word(ctx.locale, 'waits.onlyIn', { config: w.candidate })}` : !r.candidate ? ` · ${word(ctx.locale, 'waits.onlyIn', { config: w.baseline })}` : '');
  const names = w.rows.map((r) => `${r.name}${only(r)}`);
  const value = (s: (typeof w.rows)[number]['baseline']): number | null => (s ? (avg ? s.avg_ms : s.pct) : null);
  const print = ctx.mode === 'print';
  const longest = Math.max(...names.map((n) => n.length));
  return finish({
    color: styles.map((s) => s.color),
    title: titleBlock(ctx.title, print ? 13 : 14),
    legend: { top: 28, data: sides },
    grid: { left: Math.min(300, Math.max(150, 6 * longest + 12)), right: 50, top: 64, bottom: 30 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number | null) => (v === null || v === undefined ? '–' : `${formatValue(v, unit, ctx.locale)} ${esc(unit)}`) },
    xAxis: valueAxis(unit, false),
    yAxis: { type: 'category', inverse: true, data: names, axisLabel: { fontSize: print ? 9 : 11, interval: 0 } },
    series: sides.map((name, i) => ({
      name,
      type: 'bar',
      itemStyle: { color: styles[i]!.color, ...(styles[i]!.decal ? { decal: styles[i]!.decal } : {}) },
      label: { show: print || w.rows.length <= 12, position: 'right', fontSize: 9, formatter: (p: { value: number | null }) => (p.value === null || p.value === undefined ? '' : formatValue(p.value, unit, ctx.locale)) },
      data: w.rows.map((r) => value(i === 0 ? r.baseline : r.candidate)),
    })),
  }, ctx);
}
