/**
 * A scaling curve: a parameter (or a throughput metric) on X, a metric on Y, a line per
 * configuration in its colour. One workload of a grid, or all of them as small multiples: a
 * panel per workload with its own value axis and the same X, one legend of configurations
 * (issue 27: twelve lines on one axis flattened the 4K curves under the 64K ones). A swept
 * parameter that doubles reads on a log-2 axis; values spanning decades on a log value axis,
 * chosen from the values and stated (issue 28: p95 at 512 threads flattened the rest). The knee
 * is marked only where X is a load, never on block size; knees at one load in one panel fan out
 * side by side instead of piling up.
 */
import { paramLabel } from '../../param-labels.js';
import type { ScalingSeries } from '../../../app/contract/records.js';
import { formatBlockSize, formatValue, withUnit } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { legendPlace, logWorthIt, panelGeometry, panelSizes, tickLabel } from '../panels.js';
import { scalingLogX } from '../scaling-axis.js';
import { finish, stylesFor, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

type Data = DataOf<'scaling'>;
type Spec = SpecOf<'scaling'>;

const workloadOf = (label: string): string => label.split(' · ').slice(1).join(' · ');

/** The workloads of a grid's lines, and the one shown ("*": all). */
export function scalingWorkloads(data: Data['scaling'], wanted: string | undefined): { workloads: string[]; shown: string } {
  const workloads = [...new Set(data.series.map((s) => workloadOf(s.label)))].filter(Boolean);
  const shown = workloads.length > 1 ? (wanted === '*' ? '*' : wanted && workloads.includes(wanted) ? wanted : workloads[0]!) : '*';
  return { workloads, shown };
}

/** The panels drawn: one per workload when all of a grid's are shown, else one. */
function panelsOf(data: Data['scaling'], wanted: string | undefined): Array<{ workload: string; lines: ScalingSeries[] }> {
  const { workloads, shown } = scalingWorkloads(data, wanted);
  if (shown === '*' && workloads.length > 1) return workloads.map((w) => ({ workload: w, lines: data.series.filter((l) => workloadOf(l.label) === w) }));
  return [{ workload: shown, lines: data.series.filter((l) => shown === '*' || workloadOf(l.label) === shown) }];
}

/** The legend's names: configurations, each once, in the study's order. */
function configsOf(lines: readonly ScalingSeries[], order: readonly string[]): string[] {
  const configs = [...new Set(lines.map((l) => l.config))];
  const at = (c: string): number => { const i = order.indexOf(c); return i < 0 ? 1e9 : i; };
  return configs.sort((a, b) => at(a) - at(b) || a.localeCompare(b));
}

/** The chart's height for its panels and legend: what a report page and a view give it. */
export function scalingHeight(spec: Spec, data: Data, ctx: ChartContext, base: number): number {
  const panels = panelsOf(data.scaling, spec.workload);
  if (panels.length <= 1) return Math.max(base, legendPlace(configsOf(data.scaling.series, data.labels), ctx).top + 240);
  return Math.max(base, panelGeometry(panels.length, legendPlace(configsOf(data.scaling.series, data.labels), ctx), ctx).height);
}

/**
 * Knees that would cover each other, fanned out: pins at one load in one panel whose heights
 * (`y`, px up the plot) lie closer than `apart` px get a horizontal offset (px) each, side by
 * side, centred on the load. A pin clear of the others stays on its point: an offset pin points
 * at another load, so it is moved only when it would otherwise hide one.
 */
export function kneeOffsets(knees: ReadonlyArray<{ panel: number; x: number; y?: number } | null>, spacing: number, apart = Infinity): number[] {
  const groups = new Map<string, number[]>();
  knees.forEach((k, i) => {
    if (!k) return;
    const key = `${k.panel}|${k.x}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const out = knees.map(() => 0);
  for (const members of groups.values()) {
    const byHeight = [...members].sort((a, b) => (knees[a]!.y ?? 0) - (knees[b]!.y ?? 0));
    // Chains of pins each closer than `apart` to the next: each chain fans out on its own.
    const chains: number[][] = [];
    for (const i of byHeight) {
      const last = chains[chains.length - 1];
      if (last && Math.abs((knees[i]!.y ?? 0) - (knees[last[last.length - 1]!]!.y ?? 0)) < apart) last.push(i);
      else chains.push([i]);
    }
    for (const chain of chains) {
      const ordered = [...chain].sort((a, b) => a - b);
      ordered.forEach((i, j) => { out[i] = (j - (ordered.length - 1) / 2) * spacing; });
    }
  }
  return out;
}

export function scalingOption(spec: Spec, data: Data, ctx: ChartContext): ChartOption | null {
  const s = data.scaling;
  if (s.series.length === 0) return null;
  const panels = panelsOf(s, spec.workload).filter((p) => p.lines.length > 0);
  if (panels.length === 0) return null;
  const many = panels.length > 1;
  const print = ctx.mode === 'print';
  const xIsMetric = /\./.test(s.x);
  const fmtX = (v: number): string => (s.x === 'bs' ? formatBlockSize(v) : xIsMetric ? formatValue(v, '', ctx.locale) : String(v));
  const allLines = panels.flatMap((p) => p.lines);
  const allX = allLines.flatMap((l) => l.points.map((p) => p.x));
  const logX = scalingLogX(allX, xIsMetric);
  const configs = configsOf(allLines, data.labels);
  const configStyles = stylesFor(configs, data, ctx.theme);
  const styles = new Map(configs.map((c, i) => [c, configStyles[i]!]));
  const knees = s.x_load === true;
  // The axis says "Block size", "Virtual users": the names the Runs table gives the parameters.
  const xName = xIsMetric ? ctx.metricLabel?.(s.x) ?? s.x : paramLabel(ctx.locale, s.x);
  const place = legendPlace(configs, ctx);
  const geometry = many ? panelGeometry(panels.length, place, ctx) : null;
  // One line of a configuration per panel: past that (a grid shown whole in one panel) the dash tells them apart.
  const nth = new Map<string, number>();
  const DASHES = ['solid', 'dashed', 'dotted'] as const;
  const logY = (values: number[]): boolean => (spec.logScale === undefined ? logWorthIt(values) : spec.logScale);
  const panelLog = panels.map((p) => logY(p.lines.flatMap((l) => l.points.map((pt) => pt.y))));
  const kneeOf = (l: ScalingSeries): { x: number; y: number } | undefined => (knees && l.knee !== null ? l.points.find((p) => p.x === l.knee) : undefined);
  const pinSize = print ? 30 : 36;
  const flat = panels.flatMap((p, pi) => p.lines.map((l) => ({ line: l, panel: pi })));
  // A pin's height in its panel, px: where it would sit on the drawn plot (log or linear).
  const plotHeight = geometry ? panelSizes(ctx.mode).plot : Math.max(160, (ctx.size?.height ?? 460) - place.top - 24 - 44);
  const scaleOf = (pi: number): ((y: number) => number) => {
    const f = (y: number): number => (panelLog[pi] ? Math.log10(Math.max(y, 1e-12)) : y);
    const ys = panels[pi]!.lines.flatMap((l) => l.points.map((p) => f(p.y)));
    // A linear value axis starts at zero; a log one at the lowest value.
    const lo = panelLog[pi] ? Math.min(...ys) : Math.min(0, ...ys);
    const hi = Math.max(...ys);
    return (y: number) => (hi > lo ? ((f(y) - lo) / (hi - lo)) * plotHeight : 0);
  };
  const scales = panels.map((_, pi) => scaleOf(pi));
  const offsets = kneeOffsets(flat.map(({ line, panel }) => { const k = kneeOf(line); return k ? { panel, x: k.x, y: scales[panel]!(k.y) } : null; }), pinSize * 0.8, pinSize);
  const labelsShown = !many && allLines.length <= 3 && Math.max(...allLines.map((l) => l.points.length)) <= 6;
  const logWord = word(ctx.locale, 'chart.logScale');

  const series = flat.map(({ line: l, panel }, i) => {
    const style = styles.get(l.config)!;
    const key = `${panel}|${l.config}`;
    const k = nth.get(key) ?? 0;
    nth.set(key, k + 1);
    const dash = k > 0 ? DASHES[k % DASHES.length]! : style.dash;
    const kneePoint = kneeOf(l);
    return {
      name: l.config,
      type: 'line',
      ...(many ? { xAxisIndex: panel, yAxisIndex: panel } : {}),
      symbol: style.symbol,
      symbolSize: print ? 5 : 7,
      lineStyle: { color: style.color, type: dash, width: print ? 1.5 : 2 },
      itemStyle: { color: style.color },
      // A log axis has no place for zero or less: such a point is left out, not drawn at the bottom.
      data: l.points.filter((p) => !panelLog[panel] || p.y > 0).map((p) => [p.x, p.y]),
      ...(print ? { label: { show: labelsShown, position: 'top', fontSize: 9, formatter: (p: { value: [number, number] }) => formatValue(p.value[1], s.unit, ctx.locale) } } : {}),
      ...(kneePoint ? {
        markPoint: {
          symbol: 'pin', symbolSize: pinSize, symbolOffset: [offsets[i]!, 0],
          itemStyle: { color: style.color },
          data: [{ name: 'knee', coord: [kneePoint.x, kneePoint.y], value: word(ctx.locale, 'scaling.knee') }],
          label: { fontSize: print ? 8 : 9, offset: [0, 0] },
        },
      } : {}),
    };
  });

  const xAxis = (bottomRow: boolean): ChartOption => ({
    type: logX ? 'log' : 'value', logBase: 2, name: bottomRow ? xName : '', nameLocation: 'middle', nameGap: many ? 22 : 30,
    ...(logX && allX.length ? { min: Math.min(...allX), max: Math.max(...allX) } : {}),
    axisLabel: { formatter: fmtX, fontSize: print ? 9 : 11, hideOverlap: true },
  });
  const yAxis = (log: boolean, name: string): ChartOption => ({
    type: log ? 'log' : 'value', name, nameLocation: 'end', nameTextStyle: { fontSize: print ? 9 : 11, align: 'left' },
    axisLabel: { fontSize: print ? 9 : 11, hideOverlap: true, formatter: (v: number) => tickLabel(v, ctx.locale) },
    ...(log ? { minorSplitLine: { show: false } } : {}),
  });
  const title = titleBlock(withUnit(ctx.title, s.unit, ctx.locale) + (!many && panels[0]!.workload !== '*' ? ` · ${panels[0]!.workload}` : ''), print ? 13 : 14);
  const tooltip = { trigger: 'item', formatter: (p: { seriesName: string; value: [number, number] }) => `${esc(p.seriesName)}<br/>${esc(xName)} = ${esc(fmtX(p.value[0]))}: ${formatValue(p.value[1], s.unit, ctx.locale)} ${esc(s.unit)}` };

  if (!geometry) {
    const unitName = panelLog[0] ? `${s.unit} · ${logWord}` : s.unit;
    return finish({
      color: configs.map((c) => styles.get(c)!.color),
      title,
      legend: place.legend,
      grid: { left: 16, right: 30 + place.right, top: place.top + 24, bottom: 44, containLabel: true },
      tooltip,
      xAxis: xAxis(true),
      yAxis: yAxis(panelLog[0]!, unitName),
      series,
    }, ctx);
  }
  // Small multiples: the workload over each panel (its log scale said there), the unit in the title.
  return finish({
    color: configs.map((c) => styles.get(c)!.color),
    title: [title, ...panels.map((p, i) => ({
      text: panelLog[i] ? `${p.workload} (${logWord})` : p.workload,
      left: geometry.titles[i]!.left, top: geometry.titles[i]!.top, textAlign: 'center',
      textStyle: { fontSize: print ? 10 : 12, fontWeight: 'bold' },
    }))],
    legend: place.legend,
    grid: geometry.grids,
    tooltip,
    xAxis: geometry.grids.map((_, i) => ({ ...xAxis(geometry.bottom[i]!), gridIndex: i })),
    yAxis: geometry.grids.map((_, i) => ({ ...yAxis(panelLog[i]!, ''), gridIndex: i })),
    series,
  }, ctx);
}
