/** The grouped bar chart of a comparison: baseline and candidate side by side per workload or object. */
import type { CompareResult } from '../../../app/contract/records.js';
import { PALETTE } from '../../charts/palette.js';
import { escapeHtml } from '../../charts/escape-html.js';
import { formatValue } from '../../format.js';

/** Category labels that stay readable: wrapped when few, slanted when many (a vdbench grid). */
function categoryAxis(labels: string[]): { grid: { left: number; right: number; top: number; bottom: number }; axisLabel: Record<string, unknown> } {
  const many = labels.length > 8;
  return {
    grid: { left: 72, right: 24, top: 78, bottom: many ? 130 : 64 },
    axisLabel: many ? { interval: 0, rotate: 35, fontSize: 10 } : { interval: 0, formatter: (w: string) => w.replace(' QD', '\nQD') },
  };
}

export function groupedBarsOption(result: CompareResult, metric: string, title: string, unit: string, locale: string, allObjectsLabel: string): Record<string, unknown> {
  const pairs = result.pairs.filter((p) => p.metric === metric && p.candidate_label === result.candidate);
  const category = (w: string, object?: string): string => (object === '*' ? allObjectsLabel : w);
  const axis = categoryAxis(pairs.map((p) => p.workload_label));
  return {
    animation: true,
    color: PALETTE.slice(0, 2),
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 32, data: [result.baseline, result.candidate] },
    grid: axis.grid,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}`,
    },
    xAxis: { type: 'category', data: pairs.map((p) => category(p.workload_label, p.object)), axisLabel: axis.axisLabel },
    yAxis: { type: 'value', name: unit, nameLocation: 'end' },
    series: [
      { name: result.baseline, type: 'bar', data: pairs.map((p) => p.baseline) },
      {
        name: result.candidate,
        type: 'bar',
        // The label on each candidate bar is the ratio in the study's convention, short enough
        // to sit on a bar (the table words it in full); "~" when not significant.
        data: pairs.map((p) => ({ value: p.candidate, speedup: p.speedup_text, text: `${p.short_text}${p.mark ? ' ~' : ''}` })),
        label: { show: true, position: 'top', formatter: (x: { data: { text: string } }) => x.data.text, fontWeight: 'bold', fontSize: 11 },
      },
    ],
  };
}

/** Bars normalised to the baseline (= 1.0): the candidate's value over the baseline's, the ratio written on each bar. */
export function normalisedBarsOption(result: CompareResult, metric: string, title: string, allObjectsLabel: string): Record<string, unknown> {
  const pairs = result.pairs.filter((p) => p.metric === metric && p.candidate_label === result.candidate);
  const axis = categoryAxis(pairs.map((p) => p.workload_label));
  return {
    animation: true,
    color: PALETTE.slice(0, 2),
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 32, data: [result.baseline, result.candidate] },
    grid: axis.grid,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => v.toFixed(3) },
    xAxis: { type: 'category', data: pairs.map((p) => (p.object === '*' ? allObjectsLabel : p.workload_label)), axisLabel: axis.axisLabel },
    yAxis: { type: 'value', name: `× ${result.baseline}` },
    series: [
      { name: result.baseline, type: 'bar', data: pairs.map(() => 1) },
      {
        name: result.candidate,
        type: 'bar',
        data: pairs.map((p) => ({ value: p.baseline > 0 ? p.candidate / p.baseline : null, text: `${p.short_text}${p.mark ? ' ~' : ''}` })),
        label: { show: true, position: 'top', formatter: (x: { data: { text: string } }) => x.data.text, fontWeight: 'bold', fontSize: 11 },
        markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#666' }, data: [{ yAxis: 1 }] },
      },
    ],
  };
}

/**
 * The speedup heat map: configurations x workloads, a diverging scale centred on 1 (log2, so
 * 2x better and 2x worse are equally strong), the tie band greyed.
 */
export function heatmapOption(matrix: CompareResult['matrix'][number], tieBandPct: number, title: string): Record<string, unknown> {
  const data: Array<[number, number, number | null, string]> = [];
  matrix.candidates.forEach((c, i) => matrix.workloads.forEach((w, j) => {
    const v = matrix.speedup[i]![j] ?? null;
    const tie = v !== null && Math.abs(v - 1) * 100 < tieBandPct;
    data.push([j, i, v === null || tie ? null : Math.log2(v), v === null ? '–' : `${v.toFixed(2)}x`]);
  }));
  const extent = Math.max(1, ...data.map((d) => Math.abs(d[2] ?? 0)));
  return {
    animation: false,
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    grid: { left: 120, right: 90, top: 50, bottom: 90 },
    // A cell's datum is an object ({value, label}): its row, column and text are looked up by index.
    tooltip: { formatter: (p: { dataIndex: number }) => { const [x, y, , text] = data[p.dataIndex] ?? []; return x === undefined || y === undefined ? '' : `${escapeHtml(matrix.candidates[y])} · ${escapeHtml(matrix.workload_labels[x])}: ${escapeHtml(text)}`; } },
    xAxis: { type: 'category', data: matrix.workload_labels, axisLabel: { interval: 0, rotate: matrix.workload_labels.length > 8 ? 40 : 0 }, splitArea: { show: true } },
    yAxis: { type: 'category', data: matrix.candidates, splitArea: { show: true } },
    visualMap: {
      type: 'continuous', min: -extent, max: extent, calculable: false, orient: 'vertical', right: 10, top: 'middle',
      // Blue for better, orange for worse: readable with every common colour-vision deficiency.
      inRange: { color: ['#D55E00', '#F4C09A', '#F2F2F2', '#9CC8E6', '#0072B2'] },
      text: ['better', 'worse'], formatter: (v: number) => `${(2 ** v).toFixed(2)}x`,
    },
    series: [{
      type: 'heatmap',
      // The cells are pale or saturated in both themes: their labels stay dark on them.
      data: data.map(([x, y, v, label]) => ({ value: [x, y, v], label: { show: true, formatter: label, fontSize: 10, color: '#1d2430' }, itemStyle: v === null ? { color: '#C9CED6' } : undefined })),
    }],
  };
}
