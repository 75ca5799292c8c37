/**
 * Repetitions: per workload, each side's runs as dots, the median as a bar across them and the
 * interval of the median as a band (the compare engine's: the runs' range for 2-5 runs, the
 * order-statistic interval from 6; the band is named with its coverage, which the table prints).
 * Each side in its configuration's colour.
 */
import { formatValue, withUnit } from '../../format.js';
import { formatCoverage } from '../../views/compare/interval-text.js';
import { escapeHtml as esc } from '../escape-html.js';
import { finish, stylesFor, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

/** Where a side sits within its workload's slot, and how far the dots spread. */
const SIDE_OFFSET = 0.2;
const HALF_WIDTH = 0.15;

/** Dots spread evenly across the slot, in the order of the runs (deterministic, not random jitter). */
function spread(count: number): number[] {
  if (count <= 1) return [0];
  const step = Math.min(0.05, (2 * HALF_WIDTH * 0.8) / (count - 1));
  return Array.from({ length: count }, (_, i) => (i - (count - 1) / 2) * step);
}

export function repetitionsOption(spec: SpecOf<'repetitions'>, data: DataOf<'repetitions'>, ctx: ChartContext): ChartOption | null {
  const result = data.compare;
  const pairs = result.pairs.filter((p) => p.metric === spec.metric && p.candidate_label === spec.candidate);
  if (pairs.length === 0) return null;
  const allObjects = word(ctx.locale, 'compare.allObjects');
  const categories = pairs.map((p) => (p.object === '*' ? allObjects : p.workload_label));
  const unit = pairs[0]!.unit;
  const [bs, cs] = stylesFor([result.baseline, spec.candidate], data, ctx.theme);
  const sides = [
    { label: result.baseline, colour: bs!.color, offset: -SIDE_OFFSET, values: (i: number) => pairs[i]!.baseline_values, runs: (i: number) => pairs[i]!.baseline_runs, median: (i: number) => pairs[i]!.baseline, ci: (i: number) => pairs[i]!.ci_baseline },
    { label: spec.candidate, colour: cs!.color, offset: SIDE_OFFSET, values: (i: number) => pairs[i]!.candidate_values, runs: (i: number) => pairs[i]!.candidate_runs, median: (i: number) => pairs[i]!.candidate, ci: (i: number) => pairs[i]!.ci_candidate },
  ];
  const medianWord = word(ctx.locale, 'reps.median');
  const ciWord = word(ctx.locale, 'reps.ci');
  return finish({
    color: sides.map((s) => s.colour),
    title: titleBlock(withUnit(ctx.title, unit, ctx.locale), ctx.mode === 'print' ? 13 : 14),
    legend: { top: 28, data: sides.map((s) => s.label) },
    grid: { left: 80, right: 30, top: 80, bottom: categories.length > 6 ? 120 : 60 },
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string; data: { value: [number, number]; run?: number | null } }) => `${esc(p.seriesName)}${p.data.run ? ` · run ${p.data.run}` : ''}: ${formatValue(p.data.value[1], unit, ctx.locale)} ${esc(unit)}` },
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
      itemStyle: { color: side.colour, opacity: 0.85, borderColor: ctx.theme.background, borderWidth: 1 },
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
          { name: medianWord, coord: [i + side.offset - HALF_WIDTH, side.median(i)], value: side.median(i) },
          { coord: [i + side.offset + HALF_WIDTH, side.median(i)] },
        ]),
      },
      markArea: {
        silent: true,
        itemStyle: { color: side.colour, opacity: 0.16 },
        label: { show: false },
        data: pairs.flatMap((_, i) => {
          const ci = side.ci(i);
          return ci ? [[{ name: `${ciWord} (${formatCoverage(ci.coverage ?? ci.level)})`, coord: [i + side.offset - HALF_WIDTH, ci.low] }, { coord: [i + side.offset + HALF_WIDTH, ci.high] }]] : [];
        }),
      },
    })),
  }, ctx);
}
