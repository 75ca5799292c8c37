/**
 * A saved chart's ECharts option for a report page: the workbench's own bar and heat-map
 * builders, and print versions of the scaling and time-series charts (no zoom sliders, no
 * tooltips: paper does not hover). Animation is always off: a chart captured mid-animation
 * prints wrong bars.
 */
import type { ChartData, CompareResult, SavedChart } from '../../../app/contract/records.js';
import { pairTooltip } from '../../charts/pair-tooltip.js';
import { periodMarks } from '../../charts/period-marks.js';
import { scalingLogX } from '../../charts/scaling-axis.js';
import { PALETTE } from '../../charts/palette.js';
import { formatBlockSize, formatValue, withUnit, zoneOffsetMinutes } from '../../format.js';
import { groupedBarsOption, heatmapOption, normalisedBarsOption } from '../compare/compare-chart.js';

type Option = Record<string, unknown>;

function scalingOption(data: Extract<ChartData, { kind: 'scaling' }>['scaling'], workload: string | undefined, title: string, locale: string): Option {
  const workloadOf = (label: string): string => label.split(' · ')[1] ?? '';
  const workloads = [...new Set(data.series.map((s) => workloadOf(s.label)))].filter(Boolean);
  const only = workloads.length > 1 ? (workload === '*' ? '*' : workload && workloads.includes(workload) ? workload : workloads[0]!) : '*';
  const shown = data.series.filter((s) => only === '*' || workloadOf(s.label) === only);
  const fmtX = (v: number): string => (data.x === 'bs' ? formatBlockSize(v) : String(v));
  return {
    color: PALETTE,
    title: { text: `${title}${only !== '*' ? ` · ${only}` : ''}`, left: 'center', textStyle: { fontSize: 13 } },
    legend: { top: 32, type: 'plain' },
    grid: { left: 70, right: 24, top: 86, bottom: 48 },
    xAxis: { type: scalingLogX(shown.flatMap((s) => s.points.map((p) => p.x)), /\./.test(data.x)) ? 'log' : 'value', logBase: 2, name: data.x, nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: fmtX } },
    yAxis: { type: 'value', name: data.unit },
    series: shown.map((s) => ({
      name: only === '*' ? s.label : s.config,
      type: 'line',
      symbolSize: 6,
      data: s.points.map((p) => [p.x, p.y]),
      label: { show: shown.length <= 3 && Math.max(...shown.map((l) => l.points.length)) <= 6, position: 'top', fontSize: 9, formatter: (p: { value: [number, number] }) => formatValue(p.value[1], data.unit, locale) },
    })),
  };
}

function timeSeriesOption(data: Extract<ChartData, { kind: 'time-series' }>['series'], title: string): Option {
  const first = data.objects[0]?.points[0];
  const offset = first ? zoneOffsetMinutes(data.zone, first[0]) * 60000 : 0;
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const o of data.objects) for (const [tm] of o.points) { t0 = Math.min(t0, tm); t1 = Math.max(t1, tm); }
  const { shaded, cutovers } = periodMarks(data.periods, t0, t1, offset);
  return {
    useUTC: true,
    color: PALETTE,
    title: { text: `${title} · ${data.zone}`, left: 'center', textStyle: { fontSize: 13 } },
    legend: { top: 32, type: 'plain', textStyle: { fontSize: 9 } },
    grid: { left: 60, right: 24, top: data.objects.length > 4 ? 106 : 90, bottom: 36 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: data.unit },
    series: data.objects.map((o, i) => ({
      name: o.object,
      type: 'line',
      showSymbol: false,
      lineStyle: { width: 1 },
      data: o.points.map(([tm, v]) => [tm + offset, v]),
      ...(i === 0 ? {
        markArea: { silent: true, label: { position: 'insideTop', fontSize: 9 }, data: shaded },
        markLine: { symbol: 'none', lineStyle: { color: '#b3261e', type: 'dashed' }, label: { fontSize: 9 }, data: cutovers },
      } : {}),
    })),
  };
}

export interface ChartOptionMode {
  /** In the workbench (the builder): tooltips kept, with the runs and files behind each value. */
  interactive?: boolean;
  runFiles?: ReadonlyMap<number, string>;
}

export function reportChartOption(chart: Pick<SavedChart, 'name' | 'spec'>, data: ChartData, labels: { allObjects: string }, locale: string, mode: ChartOptionMode = {}): Option | null {
  const option = chartOption(chart, data, labels, locale, mode);
  if (!option) return null;
  const spec = chart.spec;
  const logScale = 'logScale' in spec && spec.logScale === true;
  const yAxis = logScale ? { ...(option['yAxis'] as object), type: 'log' } : option['yAxis'];
  if (mode.interactive) return { ...option, yAxis, animation: false };
  // Print: no animation, no tooltip, no zoom controls.
  const { tooltip: _t, dataZoom: _d, ...rest } = option;
  return { ...rest, yAxis, animation: false };
}

/** Blues for the baseline's scopes, oranges for the candidate's: read, write, total. */
const SCOPE_SHADES = { baseline: ['#56B4E9', '#0072B2', '#003d63'], candidate: ['#F5C26B', '#E69F00', '#9c6b00'] };

/**
 * One quantity in several scopes for both sides: per workload, the baseline's read, write and
 * total bars, then the candidate's, each candidate bar labelled with its ratio. A randrw
 * workload shows read + write = total; a pure read has no write bar.
 */
function scopeBarsOption(result: CompareResult, quantity: string, scopes: readonly string[], title: string, locale: string, allObjects: string): Option | null {
  const of = (scope: string): ComparePairLite[] => result.pairs.filter((p) => p.metric === `${scope}.${quantity}` && p.candidate_label === result.candidate);
  const workloads: string[] = [];
  for (const sc of scopes) for (const p of of(sc)) if (!workloads.includes(p.workload)) workloads.push(p.workload);
  if (workloads.length === 0) return null;
  const unit = result.pairs.find((p) => p.metric.endsWith(`.${quantity}`))?.unit ?? '';
  const at = (scope: string, w: string): ComparePairLite | undefined => of(scope).find((p) => p.workload === w);
  const series = (['baseline', 'candidate'] as const).flatMap((side) => scopes.map((sc, i) => ({
    name: `${side === 'baseline' ? result.baseline : result.candidate} · ${sc}`,
    type: 'bar',
    itemStyle: { color: SCOPE_SHADES[side][i % 3] },
    data: workloads.map((w) => {
      const p = at(sc, w);
      if (!p) return null;
      return side === 'baseline' ? p.baseline : { value: p.candidate, text: `${p.short_text}${p.mark ? ' ~' : ''}` };
    }),
    ...(side === 'candidate' ? { label: { show: true, position: 'top', rotate: workloads.length * scopes.length > 12 ? 90 : 0, align: workloads.length * scopes.length > 12 ? 'left' : 'center', verticalAlign: 'middle', fontSize: 8, formatter: (x: { data: { text: string } | null }) => x.data?.text ?? '' } } : {}),
  })));
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 13 } },
    legend: { top: 32, textStyle: { fontSize: 9 } },
    grid: { left: 70, right: 24, top: 90, bottom: 70 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}` },
    xAxis: { type: 'category', data: workloads.map((w) => (w === '*' ? allObjects : result.pairs.find((p) => p.workload === w)?.workload_label ?? w)), axisLabel: { interval: 0, fontSize: 9, rotate: workloads.length > 5 ? 25 : 0 } },
    yAxis: { type: 'value', name: unit },
    series,
  };
}
type ComparePairLite = CompareResult['pairs'][number];

function chartOption(chart: Pick<SavedChart, 'name' | 'spec'>, data: ChartData, labels: { allObjects: string }, locale: string, mode: ChartOptionMode): Option | null {
  const spec = chart.spec;
  let option: Option | null = null;
  if (data.kind === 'compare-bars' && spec.kind === 'compare-bars' && !spec.normalised && (spec.scopes?.length ?? 0) > 1) {
    const quantity = spec.metric.replace(/^(read|write|trim|total)\./, '');
    return scopeBarsOption(data.compare, quantity, spec.scopes!, chart.name, locale, labels.allObjects);
  }
  if (data.kind === 'compare-bars' && spec.kind === 'compare-bars') {
    const result = data.compare;
    if (result.pairs.length === 0) return null;
    const unit = result.pairs.find((p) => p.metric === spec.metric)?.unit ?? '';
    option = spec.normalised
      ? normalisedBarsOption(result, spec.metric, chart.name, labels.allObjects)
      : groupedBarsOption(result, spec.metric, withUnit(chart.name, unit, locale), unit, locale, labels.allObjects);
    // Long workload names side by side on a page width: slant them instead of overlapping.
    const xAxis = option['xAxis'] as { data: string[]; axisLabel?: Record<string, unknown> };
    const longest = Math.max(0, ...xAxis.data.map((c) => c.length));
    if (xAxis.data.length * longest > 70) {
      option = {
        ...option,
        xAxis: { ...xAxis, axisLabel: { ...xAxis.axisLabel, interval: 0, rotate: 30, fontSize: 9, formatter: undefined } },
        grid: { ...(option['grid'] as object), bottom: Math.min(160, 30 + 5 * longest) },
      };
    }
    // Many bars on a page width: the ratio labels stand upright so they do not overlap.
    const bars = result.pairs.filter((p) => p.metric === spec.metric && p.candidate_label === result.candidate).length;
    if (bars > 8) {
      option = {
        ...option,
        series: (option['series'] as Array<Record<string, unknown>>).map((s) => (s['label'] ? { ...s, label: { ...(s['label'] as object), rotate: 90, align: 'left', verticalAlign: 'middle', position: 'top', distance: 4, fontSize: 8 } } : s)),
      };
    }
  } else if (data.kind === 'speedup-heatmap') {
    const m = data.compare.matrix[0];
    if (!m) return null;
    // Configurations with no workload in common with the baseline have nothing to show.
    const keep = m.candidates.map((_, i) => m.speedup[i]!.some((v) => v !== null));
    const shown = { ...m, candidates: m.candidates.filter((_, i) => keep[i]), speedup: m.speedup.filter((_, i) => keep[i]) };
    if (shown.candidates.length === 0) return null;
    option = heatmapOption(shown, data.compare.tie_band_pct, chart.name);
    // Long configuration names ("cross-AZ mirror / flow control x2") need the room on the left.
    const longest = Math.max(...shown.candidates.map((c) => c.length));
    option = { ...option, grid: { ...(option['grid'] as object), left: Math.min(280, Math.max(120, 6.5 * longest + 16)) } };
  } else if (data.kind === 'scaling' && spec.kind === 'scaling') {
    if (data.scaling.series.length === 0) return null;
    option = scalingOption(data.scaling, spec.workload, withUnit(chart.name, data.scaling.unit, locale), locale);
  } else if (data.kind === 'time-series') {
    if (data.series.objects.length === 0) return null;
    option = timeSeriesOption(data.series, withUnit(chart.name, data.series.unit, locale));
  }
  if (option && mode.interactive && data.kind === 'compare-bars' && spec.kind === 'compare-bars') {
    const pairs = data.compare.pairs.filter((p) => p.metric === spec.metric && p.candidate_label === data.compare.candidate);
    option = { ...option, tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: pairTooltip(pairs, mode.runFiles ?? new Map(), locale) } };
  }
  return option;
}
