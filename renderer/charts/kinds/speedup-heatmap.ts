/**
 * The speedup heat map: configurations × workloads, a diverging scale centred on 1 (log2, so
 * 2x better and 2x worse are equally strong), the tie band greyed. Configurations with no
 * workload in common with the baseline have nothing to show and are left out.
 */
import { escapeHtml as esc } from '../escape-html.js';
import { finish, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Matrix = DataOf<'speedup-heatmap'>['compare']['matrix'][number];

/** The rows that have at least one pair. */
export function shownMatrix(m: Matrix): Matrix {
  const keep = m.candidates.map((_, i) => m.speedup[i]!.some((v) => v !== null));
  return { ...m, candidates: m.candidates.filter((_, i) => keep[i]), speedup: m.speedup.filter((_, i) => keep[i]), verdicts: m.verdicts?.filter((_, i) => keep[i]) ?? [] };
}

/**
 * On paper a grid of many workloads is turned on its side (workloads down, configurations
 * across): eighteen columns of "16.16x" do not fit a portrait page's width, eighteen rows do.
 */
export function heatmapTransposed(m: Matrix, mode: ChartContext['mode']): boolean {
  return mode === 'print' && m.workloads.length > 8 && m.workloads.length > m.candidates.length;
}

export function heatmapOption(_spec: SpecOf<'speedup-heatmap'>, data: DataOf<'speedup-heatmap'>, ctx: ChartContext): ChartOption | null {
  const full = data.compare.matrix[0];
  if (!full) return null;
  const m = shownMatrix(full);
  if (m.candidates.length === 0) return null;
  const tieBandPct = data.compare.tie_band_pct;
  const turn = heatmapTransposed(m, ctx.mode);
  // [x, y, log2 speedup or null (none, or a tie), label]; x is the workload unless turned.
  const cells: Array<[number, number, number | null, string]> = [];
  m.candidates.forEach((_, i) => m.workloads.forEach((_w, j) => {
    const v = m.speedup[i]![j] ?? null;
    const tie = v !== null && (Math.abs(v - 1) * 100 < tieBandPct || Math.abs(v - 1) < 0.005);
    cells.push([turn ? i : j, turn ? j : i, v === null || tie ? null : Math.log2(v), v === null ? '–' : `${v.toFixed(2)}x`]);
  }));
  const extent = Math.max(1, ...cells.map((d) => Math.abs(d[2] ?? 0)));
  const config = (c: [number, number]): string => m.candidates[turn ? c[0] : c[1]] ?? '';
  const workload = (c: [number, number]): string => m.workload_labels[turn ? c[1] : c[0]] ?? '';
  // Long names ("cross-AZ mirror / flow control x2", "32K random 70/30 64 threads") need the room on the left.
  const rowNames = turn ? m.workload_labels : m.candidates;
  const longest = Math.max(...rowNames.map((c) => c.length));
  const xNames = turn ? m.candidates : m.workload_labels;
  return finish({
    title: titleBlock(ctx.title, ctx.mode === 'print' ? 13 : 14),
    grid: { left: Math.min(280, Math.max(120, 6.5 * longest + 16)), right: 90, top: 50, bottom: turn ? 60 : 90 },
    tooltip: { formatter: (p: { data: { value: [number, number, number | null] } }) => `${esc(config([p.data.value[0], p.data.value[1]]))} · ${esc(workload([p.data.value[0], p.data.value[1]]))}: ${esc(cells.find((c) => c[0] === p.data.value[0] && c[1] === p.data.value[1])?.[3] ?? '')}` },
    xAxis: { type: 'category', data: xNames, axisLabel: { interval: 0, rotate: !turn && xNames.length > 8 ? 40 : turn && xNames.some((n) => n.length > 14) ? 20 : 0 }, splitArea: { show: true } },
    yAxis: { type: 'category', data: rowNames, inverse: turn, axisLabel: { interval: 0 }, splitArea: { show: true } },
    visualMap: {
      type: 'continuous', min: -extent, max: extent, calculable: false, orient: 'vertical', right: 10, top: 'middle',
      // Blue for better, orange for worse: readable with every common colour-vision deficiency.
      inRange: { color: ['#D55E00', '#F4C09A', '#F2F2F2', '#9CC8E6', '#0072B2'] },
      text: [word(ctx.locale, 'chart.better'), word(ctx.locale, 'chart.worse')], formatter: (v: number) => `${(2 ** v).toFixed(2)}x`,
    },
    series: [{
      type: 'heatmap',
      // The cells are pale or saturated in both themes: their labels stay dark on them.
      data: cells.map(([x, y, v, label]) => ({ value: [x, y, v], label: { show: true, formatter: label, fontSize: ctx.mode === 'print' ? 9 : 10, color: '#1d2430' }, itemStyle: v === null ? { color: '#C9CED6' } : undefined })),
    }],
  }, ctx);
}
