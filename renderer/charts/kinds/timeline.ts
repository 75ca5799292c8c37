/**
 * A study's timeline: one lane per series, grouped by layer (database, host, array, benchmark),
 * each with its own value axis and unit, its source and the zone its clock was read in, all on
 * one time axis in the study's zone: a shared zoom and a shared cursor across every lane; report
 * intervals drawn as steps, events as spans, periods shaded and the cutover marked in every lane.
 */
import type { StudyTimeline } from '../../../app/contract/records.js';
import type { TimelineLane, TimelineLayer } from '../../../app/contract/timeline.js';
import { formatValue, zoneOffsetMinutes } from '../../format.js';
import { escapeHtml as esc } from '../escape-html.js';
import { PALETTE } from '../palette.js';
import { periodMarks } from '../period-marks.js';
import { finish, titleBlock, word, type ChartContext, type ChartOption, type DataOf, type SpecOf } from './context.js';

const LAYERS: readonly TimelineLayer[] = ['database', 'host', 'array', 'benchmark'];
/** One colour per layer, from the colour-blind-safe palette. */
const LAYER_COLOUR: Record<TimelineLayer, number> = { database: 5, host: 1, array: 0, benchmark: 2 };

interface Layout {
  /** Per lane: its grid's top, and whether a layer heading goes above it. */
  lanes: Array<{ top: number; heading: boolean }>;
  laneHeight: number;
  height: number;
}

/** Lanes in layer order, as drawn. */
export function orderedLanes(t: StudyTimeline): TimelineLane[] {
  return [...t.lanes].sort((a, b) => LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer));
}

/**
 * A printed timeline fits a landscape page's height: lanes get lower as there are more of them,
 * down to PRINT_MIN_LANE; lanes beyond what fits then are left off the page, and its title says
 * how many (the chart's XLSX has every one).
 */
const PRINT_MAX_HEIGHT = 460;
const PRINT_MIN_LANE = 16;
/** Above a lane: its title; below it: a gap. */
const [LANE_TITLE, LANE_GAP] = [16, 14];
const [PRINT_TITLE, PRINT_GAP] = [12, 6];

const headingsOf = (lanes: readonly TimelineLane[]): number => lanes.filter((l, i) => i === 0 || lanes[i - 1]!.layer !== l.layer).length;

/** The lanes a page shows, in layer order. */
export function printedLanes(t: StudyTimeline, print: boolean): TimelineLane[] {
  const all = orderedLanes(t);
  if (!print) return all;
  let n = all.length;
  while (n > 1 && 34 + 24 + headingsOf(all.slice(0, n)) * 18 + n * (PRINT_TITLE + PRINT_GAP + PRINT_MIN_LANE) > PRINT_MAX_HEIGHT) n--;
  return all.slice(0, n);
}

function layout(lanes: readonly TimelineLane[], print: boolean): Layout {
  const [title, gap] = print ? [PRINT_TITLE, PRINT_GAP] : [LANE_TITLE, LANE_GAP];
  const fixed = 34 + 24 + headingsOf(lanes) * 18 + lanes.length * (title + gap);
  const laneHeight = print ? Math.max(PRINT_MIN_LANE, Math.min(52, Math.floor((PRINT_MAX_HEIGHT - fixed) / lanes.length))) : 70;
  let y = 34;
  const out: Layout['lanes'] = [];
  lanes.forEach((l, i) => {
    const heading = i === 0 || lanes[i - 1]!.layer !== l.layer;
    if (heading) y += 18;
    out.push({ top: y + title, heading });
    y += title + laneHeight + gap;
  });
  return { lanes: out, laneHeight, height: y + (print ? 24 : 52) };
}

/** How tall a timeline is drawn: a lane's height each, layer headings, the zoom slider on screen. */
export function timelineHeight(data: DataOf<'timeline'>, ctx: Pick<ChartContext, 'mode'>): number {
  const print = ctx.mode === 'print';
  return layout(printedLanes(data.timeline, print), print).height;
}

/** The words a lane's zone takes in the chart's language: in English the core's own, which name the source ("fio's epoch timestamps"). */
export function zoneWords(lane: TimelineLane, ctx: Pick<ChartContext, 'locale'>): string {
  const z = lane.zone;
  if (ctx.locale === 'en' && z.text) return z.text;
  const key = z.kind === 'unzoned' ? (z.zone ? 'timeline.zone.ambiguous' : 'timeline.zone.unzoned')
    : z.kind === 'zoned' ? (z.zone === null ? 'timeline.zone.stated' : /^(UTC|Z|GMT)$/i.test(z.zone) ? 'timeline.zone.utc' : 'timeline.zone.zoned')
      : z.kind === 'epoch' ? 'timeline.zone.epoch' : 'timeline.zone.relative';
  return word(ctx.locale, key, { zone: z.zone ?? '' });
}

export function timelineTitle(lane: TimelineLane, ctx: ChartContext): string {
  const label = lane.kind === 'events' ? word(ctx.locale, 'timeline.events') : ctx.metricLabel?.(lane.metric) ?? lane.label;
  const unit = lane.unit ? ` (${lane.unit})` : '';
  const offset = lane.offset_s !== 0 ? ` · ${word(ctx.locale, 'timeline.offsetShort', { s: `${lane.offset_s > 0 ? '+' : '−'}${Math.abs(lane.offset_s).toLocaleString(ctx.locale)}` })}` : '';
  return `${lane.source}: ${label}${unit} · ${zoneWords(lane, ctx)}${offset}`;
}

export function timelineOption(spec: SpecOf<'timeline'>, data: DataOf<'timeline'>, ctx: ChartContext): ChartOption | null {
  const t = data.timeline;
  const print = ctx.mode === 'print';
  const lanes = printedLanes(t, print);
  if (lanes.length === 0) return null;
  const left = t.lanes.length - lanes.length;
  const firstTime = t.window?.from ?? t.extent?.from ?? 0;
  const offset = zoneOffsetMinutes(t.zone, firstTime) * 60000;
  const window = spec.window ?? t.window ?? t.extent;
  const t0 = window?.from ?? 0;
  const t1 = window?.to ?? 0;
  const { shaded, cutovers } = periodMarks(t.periods, t0, t1, offset);
  const l = layout(lanes, print);
  const zoom = ctx.zoom ?? { start: 0, end: 100 };
  const titles: ChartOption[] = [titleBlock(`${ctx.title} · ${t.zone}${left > 0 ? ` · ${word(ctx.locale, 'timeline.moreLanes', { n: left })}` : ''}`, print ? 13 : 14)];
  const grids: ChartOption[] = [];
  const xAxes: ChartOption[] = [];
  const yAxes: ChartOption[] = [];
  const series: ChartOption[] = [];
  lanes.forEach((lane, i) => {
    const { top, heading } = l.lanes[i]!;
    const colour = (ctx.theme.palette.length >= PALETTE.length ? ctx.theme.palette : PALETTE)[LAYER_COLOUR[lane.layer]]!;
    if (heading) titles.push({ text: word(ctx.locale, `timeline.layer.${lane.layer}`), top: top - 34, left: 8, textStyle: { fontSize: print ? 11 : 12, fontWeight: 'bold', color: colour } });
    titles.push({ text: timelineTitle(lane, ctx), top: top - (print ? PRINT_TITLE : LANE_TITLE), left: 64, textStyle: { fontSize: print ? 8 : 10, fontWeight: 'normal' } });
    grids.push({ left: 64, right: print ? 16 : 28, top, height: l.laneHeight });
    const last = i === lanes.length - 1;
    xAxes.push({
      type: 'time', gridIndex: i, min: t0 + offset, max: t1 + offset,
      axisLabel: { show: last, fontSize: print ? 9 : 10 }, axisTick: { show: last }, splitLine: { show: false },
    });
    yAxes.push({ type: 'value', gridIndex: i, scale: lane.kind !== 'events', splitNumber: 2, axisLabel: { fontSize: print ? 8 : 9 }, show: lane.kind !== 'events' });
    const marks = {
      // The periods are named once, over the first lane; below it the shading says enough.
      markArea: { silent: true, data: [...(i === 0 ? shaded : shaded.map(([a, b]) => [{ ...a, label: { show: false } }, b])), ...(lane.kind === 'events' ? spanAreas(lane, offset, colour, print) : [])], label: { fontSize: 8, position: 'insideTop' } },
      markLine: { symbol: 'none', silent: true, lineStyle: { color: '#b3261e', type: 'dashed' }, label: { show: i === 0, fontSize: 9 }, data: cutovers },
    };
    const base = { name: lane.source, xAxisIndex: i, yAxisIndex: i, type: 'line', showSymbol: false, lineStyle: { width: 1.2, color: colour }, itemStyle: { color: colour }, ...marks };
    if (lane.kind === 'series') series.push({ ...base, data: lane.points.map(([tm, v]) => [tm + offset, v]) });
    else if (lane.kind === 'steps') series.push({ ...base, connectNulls: false, showSymbol: lane.steps.length < 3, data: stepPoints(lane, offset) });
    // Events: the spans are areas; an empty series keeps the lane's axes and marks.
    else series.push({ ...base, data: [] });
  });
  return finish({
    useUTC: true, // times are shifted into the study's zone and shown as such
    title: titles,
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    tooltip: {
      trigger: 'axis',
      formatter: (params: Array<{ seriesIndex: number; value: [number, number | null] }>) => {
        const p = params[0];
        if (!p) return '';
        const lane = lanes[p.seriesIndex]!;
        const v = p.value[1];
        return `${esc(lane.source)}: ${esc(ctx.metricLabel?.(lane.metric) ?? lane.label)}<br/>${v === null || v === undefined ? '–' : `${formatValue(v, lane.unit, ctx.locale)} ${esc(lane.unit)}`}`;
      },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: lanes.map((_, i) => i), start: zoom.start, end: zoom.end },
      { type: 'slider', xAxisIndex: lanes.map((_, i) => i), height: 18, bottom: 10, start: zoom.start, end: zoom.end },
    ],
    series,
  }, ctx);
}

/** A report's steps as a line: flat over each interval, broken where reports do not follow each other. */
function stepPoints(lane: TimelineLane, offset: number): Array<[number, number | null]> {
  const out: Array<[number, number | null]> = [];
  lane.steps.forEach(([from, to, v], k) => {
    const prev = lane.steps[k - 1];
    if (prev && prev[1] < from) out.push([prev[1] + offset, null]);
    out.push([from + offset, v], [to + offset, v]);
  });
  return out;
}

/** Events as shaded spans, named where there are few enough to read. */
function spanAreas(lane: TimelineLane, offset: number, colour: string, print: boolean): Array<[ChartOption, ChartOption]> {
  const named = lane.spans.length <= (print ? 24 : 40);
  return lane.spans.map(([from, to, name], k) => [
    { xAxis: from + offset, name: named ? name : '', itemStyle: { color: colour, opacity: k % 2 ? 0.22 : 0.34 }, label: { show: named, fontSize: print ? 7 : 8, color: '#333' } },
    { xAxis: to + offset },
  ]);
}
