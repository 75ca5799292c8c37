/**
 * The browser side of the chart bench: a bare page with the workbench's ECharts build and the
 * core's LTTB, timing first paint of a 1-million-point line and a zoom into 10 million points.
 * Bundled by chart-bench.ts; not part of the app.
 */
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { lowerBound, lttb } from '../core/series/lttb.js';

echarts.use([LineChart, GridComponent, DataZoomComponent, CanvasRenderer]);

/** A series as a tool writes it: one sample a second, a slow wave, noise and rare spikes. */
function makeSeries(n: number): { t: Float64Array; v: Float64Array } {
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    t[i] = 1_500_000_000_000 + i * 1000;
    v[i] = 50_000 + 10_000 * Math.sin(i / 5000) + (seed % 2000) + (seed % 9973 === 0 ? 40_000 : 0);
  }
  return { t, v };
}

const painted = (chart: echarts.ECharts): Promise<void> => new Promise((resolve) => {
  chart.on('finished', () => { chart.off('finished'); requestAnimationFrame(() => resolve()); });
});

function freshChart(): echarts.ECharts {
  const host = document.getElementById('chart')!;
  echarts.getInstanceByDom(host)?.dispose();
  return echarts.init(host, undefined, { renderer: 'canvas' });
}

const base = { animation: false, grid: { left: 60, right: 20, top: 20, bottom: 40 }, xAxis: { type: 'time' }, yAxis: { type: 'value' } };

/** Points a chart needs: about two per horizontal pixel. */
const target = (): number => Math.max(500, 2 * document.getElementById('chart')!.clientWidth);

function pairs(d: { times: number[]; values: number[] }): Array<[number, number]> {
  return d.times.map((x, i) => [x, d.values[i]!]);
}

/** The workbench's way: LTTB to the pixels, then ECharts. Timed from the data in memory to the frame on screen. */
async function firstPaintLttb(n: number): Promise<number> {
  const s = makeSeries(n);
  const chart = freshChart();
  const t0 = performance.now();
  const done = painted(chart);
  chart.setOption({ ...base, series: [{ type: 'line', showSymbol: false, data: pairs(lttb(s.t, s.v, target())) }] });
  await done;
  return performance.now() - t0;
}

/** ECharts alone: every point handed over, its own LTTB sampling and large mode. */
async function firstPaintEcharts(n: number): Promise<number> {
  const s = makeSeries(n);
  const data: Array<[number, number]> = new Array(n);
  for (let i = 0; i < n; i++) data[i] = [s.t[i]!, s.v[i]!];
  const chart = freshChart();
  const t0 = performance.now();
  const done = painted(chart);
  chart.setOption({ ...base, series: [{ type: 'line', showSymbol: false, sampling: 'lttb', large: true, data }] });
  await done;
  return performance.now() - t0;
}

/**
 * 10 million points: drawn whole (LTTB of all of them), then zoomed into a tenth and into a
 * hundredth: each zoom re-downsamples only the visible window (binary search, LTTB) and redraws.
 * Returns the mean zoom time (to the frame on screen) and the first paint.
 */
async function zoom(n: number): Promise<{ firstPaintMs: number; zoomMs: number; zooms: number }> {
  const s = makeSeries(n);
  const chart = freshChart();
  const draw = async (from: number, to: number): Promise<number> => {
    const t0 = performance.now();
    const i0 = lowerBound(s.t, from);
    const i1 = lowerBound(s.t, to);
    const d = lttb(s.t.subarray(i0, i1), s.v.subarray(i0, i1), target());
    const done = painted(chart);
    chart.setOption({ ...base, xAxis: { type: 'time', min: from, max: to }, series: [{ type: 'line', showSymbol: false, data: pairs(d) }] });
    await done;
    return performance.now() - t0;
  };
  const first = await draw(s.t[0]!, s.t[n - 1]! + 1);
  const span = s.t[n - 1]! - s.t[0]!;
  const windows = [[0.4, 0.5], [0.42, 0.43], [0.1, 0.35], [0.7, 0.71], [0, 1]];
  let total = 0;
  for (const [a, b] of windows) total += await draw(s.t[0]! + a! * span, s.t[0]! + b! * span);
  return { firstPaintMs: first, zoomMs: total / windows.length, zooms: windows.length };
}

(window as unknown as { chartBench: unknown }).chartBench = { firstPaintLttb, firstPaintEcharts, zoom };
