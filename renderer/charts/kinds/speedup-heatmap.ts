/**
 * The speedup heat map: configurations × workloads, a diverging scale centred on 1 (log2, so
 * 2x better and 2x worse are equally strong), the tie band greyed. Configurations with no
 * workload in common with the baseline have nothing to show and are left out.
 */
import { escapeHtml as esc } from '../escape-html.js';
import { layoutWidth, textWidth } from '../panels.js';
import { finish, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Matrix = DataOf<'speedup-heatmap'>['compare']['matrix'][number];

/** The rows that have at least one pair. */
export function shownMatrix(m: Matrix): Matrix {
  const keep = m.candidates.map((_, i) => m.speedup[i]!.some((v) => v !== null));
  return { ...m, candidates: m.candidates.filter((_, i) => keep[i]), speedup: m.speedup.filter((_, i) => keep[i]), verdicts: m.verdicts?.filter((_, i) => keep[i]) ?? [], ...(m.marks ? { marks: m.marks.filter((_, i) => keep[i]) } : {}) };
}

/**
 * A grid of many workloads is turned on its side (workloads down, configurations across) when
 * its columns would be narrower than a cell's "16.16x": eighteen columns do not fit a portrait
 * page's width, eighteen rows do; issue 27's 32 workloads do not fit a workbench's width either.
 */
export function heatmapTransposed(m: Matrix, ctx: ChartContext): boolean {
  const step = (layoutWidth(ctx) - 120 - 90) / Math.max(1, m.workloads.length);
  return step < 40 && m.workloads.length > m.candidates.length;
}

/**
 * Column names that never print over each other: flat when each fits its column; else slanted by
 * 30° and, past the room under the plot, cut with an ellipsis (issue 28.7: seven clouds' names
 * overprinted in the PDF). Slanted, two neighbours stay apart while a column is wider than a line.
 */
export function xLabels(names: readonly string[], plotWidth: number, fontSize: number): { axisLabel: ChartOption; bottom: number } {
  const step = plotWidth / Math.max(1, names.length);
  const longest = Math.max(0, ...names.map((n) => textWidth(n, fontSize)));
  if (longest <= step - 6) return { axisLabel: { interval: 0, fontSize }, bottom: 40 };
  const room = 110;
  const width = Math.min(longest, (room - 12) / Math.sin(Math.PI / 6));
  return { axisLabel: { interval: 0, fontSize, rotate: 30, width, overflow: 'truncate', ellipsis: '…' }, bottom: Math.ceil(16 + width * Math.sin(Math.PI / 6) + fontSize) };
}

/** The height a heat map needs: a row's height per row, its title (and note) above and its column names below. */
export function heatmapHeight(data: DataOf<'speedup-heatmap'>, ctx: ChartContext, base: number): number {
  const full = data.compare.matrix[0];
  if (!full) return base;
  const m = shownMatrix(full);
  const turn = heatmapTransposed(m, ctx);
  const rows = turn ? m.workloads.length : m.candidates.length;
  const rowNames = turn ? m.workload_labels : m.candidates;
  const fontSize = ctx.mode === 'print' ? 9 : 11;
  const left = Math.min(280, Math.max(120, Math.max(0, ...rowNames.map((n) => textWidth(n, fontSize))) + 16));
  const x = xLabels(turn ? m.candidates : m.workload_labels, layoutWidth(ctx) - left - 90, fontSize);
  const note = (data.compare.left_out ?? []).length ? 30 : 0;
  // As tall as its rows need: a heat map of one cell is a strip, not half a page (issue 40).
  return Math.max(Math.min(base, 140), 50 + note + 22 * rows + x.bottom + 10);
}

export function heatmapOption(_spec: SpecOf<'speedup-heatmap'>, data: DataOf<'speedup-heatmap'>, ctx: ChartContext): ChartOption | null {
  const full = data.compare.matrix[0];
  if (!full) return null;
  const m = shownMatrix(full);
  if (m.candidates.length === 0) return null;
  const tieBandPct = data.compare.tie_band_pct;
  const turn = heatmapTransposed(m, ctx);
  // [x, y, log2 speedup or null (none, or a tie), label]; x is the workload unless turned.
  const cells: Array<[number, number, number | null, string]> = [];
  m.candidates.forEach((_, i) => m.workloads.forEach((_w, j) => {
    const v = m.speedup[i]![j] ?? null;
    const tie = v !== null && (Math.abs(v - 1) * 100 < tieBandPct || Math.abs(v - 1) < 0.005);
    // "~": not shown to differ, a tie in the roll-up: its colour washed out and its ratio marked,
    // so a single run's 1.24x never reads as a solid green win (its direction stays visible).
    const untested = m.marks?.[i]?.[j] === '~';
    cells.push([turn ? i : j, turn ? j : i, v === null || tie ? null : Math.log2(v), v === null ? '–' : `${v.toFixed(2)}x${untested ? ' ~' : ''}`]);
  }));
  const extent = Math.max(1, ...cells.map((d) => Math.abs(d[2] ?? 0)));
  const config = (c: [number, number]): string => m.candidates[turn ? c[0] : c[1]] ?? '';
  const workload = (c: [number, number]): string => m.workload_labels[turn ? c[1] : c[0]] ?? '';
  // Long names ("cross-AZ mirror / flow control x2", "32K random 70/30 64 threads") need the room
  // on the left, up to a limit; past it a name is cut with an ellipsis (the tooltip gives it whole).
  const rowNames = turn ? m.workload_labels : m.candidates;
  const xNames = turn ? m.candidates : m.workload_labels;
  const fontSize = ctx.mode === 'print' ? 9 : 11;
  const left = Math.min(280, Math.max(120, Math.max(...rowNames.map((n) => textWidth(n, fontSize))) + 16));
  const x = xLabels(xNames, layoutWidth(ctx) - left - 90, fontSize);
  // A configuration with no pair is not a row: the chart says which and why (never dropped unsaid).
  const leftOut = data.compare.left_out ?? [];
  const note = leftOut.length ? word(ctx.locale, 'chart.leftOut', { list: leftOut.map((l) => `${l.candidate} (${l.key ? word(ctx.locale, 'chart.leftOutKey', { key: l.key }) : word(ctx.locale, `chart.leftOut.${l.reason}`)})`).join(ctx.locale === 'zh-CN' ? '；' : '; ') }) : '';
  const title = titleBlock(ctx.title, ctx.mode === 'print' ? 13 : 14);
  return finish({
    title: note ? { ...title, subtext: note, subtextStyle: { fontSize: fontSize, width: layoutWidth(ctx) - 40, overflow: 'break' } } : title,
    grid: { left, right: 90, top: note ? 50 + 14 * Math.ceil(textWidth(note, fontSize) / (layoutWidth(ctx) - 40)) : 50, bottom: x.bottom },
    tooltip: { formatter: (p: { data: { value: [number, number, number | null] } }) => `${esc(config([p.data.value[0], p.data.value[1]]))} · ${esc(workload([p.data.value[0], p.data.value[1]]))}: ${esc(cells.find((c) => c[0] === p.data.value[0] && c[1] === p.data.value[1])?.[3] ?? '')}` },
    xAxis: { type: 'category', data: xNames, axisLabel: x.axisLabel, splitArea: { show: true } },
    yAxis: { type: 'category', data: rowNames, inverse: turn, axisLabel: { interval: 0, fontSize, width: left - 12, overflow: 'truncate', ellipsis: '…' }, splitArea: { show: true } },
    visualMap: {
      type: 'continuous', min: -extent, max: extent, calculable: false, orient: 'vertical', right: 10, top: 'middle',
      // Blue for better, orange for worse: readable with every common colour-vision deficiency.
      inRange: { color: ['#D55E00', '#F4C09A', '#F2F2F2', '#9CC8E6', '#0072B2'] },
      text: [word(ctx.locale, 'chart.better'), word(ctx.locale, 'chart.worse')], formatter: (v: number) => `${(2 ** v).toFixed(2)}x`,
    },
    series: [{
      type: 'heatmap',
      // The cells are pale or saturated in both themes: their labels stay dark on them.
      data: cells.map(([x, y, v, label]) => ({ value: [x, y, v], label: { show: true, formatter: label, fontSize: ctx.mode === 'print' ? 9 : 10, color: '#1d2430' }, itemStyle: v === null ? { color: '#C9CED6' } : label.endsWith(' ~') ? { opacity: 0.45 } : undefined })),
    }],
  }, ctx);
}
