/**
 * Repetitions: per workload, each side's runs as dots, the median as a bar across them and the
 * 95% confidence interval as a band (the compare engine's CI: order statistics for n >= 6,
 * Student's t for 2-5). Spec and pure builder, like every chart: (data, spec, theme, words).
 */
import type { CompareResult } from '../../../app/contract/records.js';
import type { ChartTheme } from '../../charts/chart-theme.js';
import { escapeHtml } from '../../charts/escape-html.js';

export type RepetitionsSpec = { kind: 'repetitions'; study: string; baseline: string; candidate: string; metric: string };

export interface RepetitionsWords {
  title: string;
  median: string;
  ci: string;
  allObjects: string;
}

/** Where a side sits within its workload's slot, and how far the dots spread. */
const SIDE_OFFSET = 0.2;
const HALF_WIDTH = 0.15;

/** Dots spread evenly across the slot, in the order of the runs (deterministic, not random jitter). */
function spread(count: number): number[] {
  if (count <= 1) return [0];
  const step = Math.min(0.05, (2 * HALF_WIDTH * 0.8) / (count - 1));
  return Array.from({ length: count }, (_, i) => (i - (count - 1) / 2) * step);
}

export function repetitionsOption(result: CompareResult, spec: RepetitionsSpec, theme: ChartTheme, words: RepetitionsWords): Record<string, unknown> {
  const pairs = result.pairs.filter((p) => p.metric === spec.metric && p.candidate_label === spec.candidate);
  const categories = pairs.map((p) => (p.object === '*' ? words.allObjects : p.workload_label));
  const unit = pairs[0]?.unit ?? '';
  const sides = [
    { label: result.baseline, colour: theme.palette[0]!, offset: -SIDE_OFFSET, values: (i: number) => pairs[i]!.baseline_values, runs: (i: number) => pairs[i]!.baseline_runs, median: (i: number) => pairs[i]!.baseline, ci: (i: number) => pairs[i]!.ci_baseline },
    { label: spec.candidate, colour: theme.palette[1]!, offset: SIDE_OFFSET, values: (i: number) => pairs[i]!.candidate_values, runs: (i: number) => pairs[i]!.candidate_runs, median: (i: number) => pairs[i]!.candidate, ci: (i: number) => pairs[i]!.ci_candidate },
  ];
  return {
    animation: false,
    color: sides.map((s) => s.colour),
    title: { text: words.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28, data: sides.map((s) => s.label) },
    grid: { left: 80, right: 30, top: 80, bottom: categories.length > 6 ? 120 : 60 },
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string; data: { value: [number, number]; run?: number } }) => `${escapeHtml(p.seriesName)}${p.data.run ? ` · run ${p.data.run}` : ''}: ${p.data.value[1]} ${escapeHtml(unit)}` },
    // Two X axes on one span: a category axis for the workloads' names, and a hidden value axis
    // on which each dot sits at its slot's centre (index) plus its side's offset and spread.
    xAxis: [
      { type: 'category', data: categories, axisTick: { alignWithLabel: true }, axisLabel: { interval: 0, rotate: categories.length > 6 ? 35 : 0 } },
      { type: 'value', show: false, min: -0.5, max: Math.max(0.5, categories.length - 0.5) },
    ],
    yAxis: { type: 'value', name: unit, scale: true, axisLine: { onZero: false } },
    series: sides.map((side) => ({
      name: side.label,
      type: 'scatter',
      xAxisIndex: 1,
      symbolSize: 9,
      itemStyle: { color: side.colour, opacity: 0.85, borderColor: theme.background, borderWidth: 1 },
      data: pairs.flatMap((_, i) => {
        const values = side.values(i);
        const runs = side.runs(i);
        const dx = spread(values.length);
        return values.map((v, j) => ({ value: [i + side.offset + dx[j]!, v], run: runs[j] ?? null, workload: categories[i] }));
      }),
      markLine: {
        silent: true, symbol: 'none',
        lineStyle: { color: side.colour, width: 3, type: 'solid' },
        label: { show: false },
        data: pairs.map((_, i) => [
          { name: words.median, coord: [i + side.offset - HALF_WIDTH, side.median(i)], value: side.median(i) },
          { coord: [i + side.offset + HALF_WIDTH, side.median(i)] },
        ]),
      },
      markArea: {
        silent: true,
        itemStyle: { color: side.colour, opacity: 0.16 },
        label: { show: false },
        data: pairs.flatMap((_, i) => {
          const ci = side.ci(i);
          return ci ? [[{ name: words.ci, coord: [i + side.offset - HALF_WIDTH, ci.low] }, { coord: [i + side.offset + HALF_WIDTH, ci.high] }]] : [];
        }),
      },
    })),
  };
}
