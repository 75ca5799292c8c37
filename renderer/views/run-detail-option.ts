/**
 * The run chart's option (a run's series of one quantity overlaid, read and write together, on
 * seconds since the run's start): pure, so the bench draws plain ECharts with the very option
 * the workbench gives it. Inside a zoomed window the window's own points (read again from the
 * core), outside it the overview's, so panning never shows an empty chart.
 */
import { PALETTE } from '../charts/palette.js';
import { formatValue, withUnit } from '../format.js';

/** One series as drawn: any run's metric of one object, times in the series' clock (ms). */
export interface DrawnLane {
  object: string;
  metric: string;
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface RunChartInput {
  lanes: readonly DrawnLane[];
  /** A zoomed window read at full detail: its lanes in the same order. */
  detail: { from: number; to: number; lanes: readonly DrawnLane[] } | null;
  /** The clock's zero (the run's start) and the last second on the axis. */
  t0: number;
  maxS: number;
  unit: string;
  title: string;
  xName: string;
  locale: 'en' | 'zh-CN';
  /** Where the user's zoom is, in % of the axis. */
  zoom: { start: number; end: number } | null;
  /** ECharts' own downsampling: only for the bench's plain-ECharts comparison, handed every point. */
  sampling?: 'lttb';
}

/** The plot's horizontal margins: the chart's width less these is its width in pixels. */
export const RUN_CHART_GRID = { left: 72, right: 24 };

function pointsOf(lane: DrawnLane, detail: DrawnLane | undefined, window: { from: number; to: number } | null, t0: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const add = (l: DrawnLane, keep: (t: number) => boolean): void => {
    for (let i = 0; i < l.times.length; i++) {
      const t = l.times[i]!;
      if (keep(t)) out.push([(t - t0) / 1000, l.values[i]!]);
    }
  };
  if (!detail || !window) {
    add(lane, () => true);
    return out;
  }
  add(lane, (t) => t < window.from);
  add(detail, () => true);
  add(lane, (t) => t > window.to);
  return out;
}

export function runChartOption(v: RunChartInput): Record<string, unknown> {
  const zoom = v.zoom ?? { start: 0, end: 100 };
  const window = v.detail ? { from: v.detail.from, to: v.detail.to } : null;
  return {
    animation: false,
    color: PALETTE,
    title: { text: withUnit(v.title, v.unit, v.locale), left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28 },
    grid: { ...RUN_CHART_GRID, top: 70, bottom: 70 },
    tooltip: { trigger: 'axis', valueFormatter: (x: number) => `${formatValue(x, v.unit, v.locale)} ${v.unit}` },
    dataZoom: [{ type: 'inside', start: zoom.start, end: zoom.end }, { type: 'slider', height: 18, bottom: 8, start: zoom.start, end: zoom.end }],
    xAxis: { type: 'value', name: v.xName, nameLocation: 'middle', nameGap: 26, min: 0, max: v.maxS },
    yAxis: { type: 'value', name: v.unit },
    series: v.lanes.map((lane, i) => ({
      name: `${lane.metric.split('.')[0]} · ${lane.object}`,
      type: 'line',
      showSymbol: false,
      // The core has already kept each pixel's lowest and highest sample: ECharts' own
      // sampling (one point a pixel) would drop half of them, spikes included.
      ...(v.sampling ? { sampling: v.sampling, large: true } : {}),
      data: pointsOf(lane, v.detail?.lanes[i], window, v.t0),
    })),
  };
}
