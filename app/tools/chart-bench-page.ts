/**
 * The bench's plain-ECharts page: the workbench's ECharts build and the run chart's own option
 * builder (renderer/views/run-detail-option.ts), handed every point of the same series the
 * workbench draws, with ECharts' own LTTB sampling doing the downsampling. What the app is
 * measured against. Bundled by chart-bench.ts; not part of the app.
 */
import * as echarts from 'echarts/core';
import '../../renderer/charts/echarts-setup.js';
import { runChartOption } from '../../renderer/views/run-detail-option.js';

interface Loaded {
  times: Float64Array;
  values: Float64Array;
}

const loaded = new Map<string, Loaded>();

/** Fetches a series' points (served by the bench from the store, as float64 bytes): not timed. */
async function load(name: string): Promise<number> {
  const [t, v] = await Promise.all(['times', 'values'].map(async (part) => new Float64Array(await (await fetch(`/points/${name}.${part}`)).arrayBuffer())));
  loaded.set(name, { times: t!, values: v! });
  return t!.length;
}

function freshChart(): echarts.ECharts {
  const host = document.getElementById('chart')!;
  echarts.getInstanceByDom(host)?.dispose();
  return echarts.init(host, undefined, { renderer: 'canvas' });
}

/** Resolves once ECharts has drawn what it was last given (`finished` can fire inside setOption). */
function untilFinished(chart: echarts.ECharts, act: () => void): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    chart.on('finished', () => { chart.off('finished'); resolve(performance.now() - t0); });
    act();
  });
}

function option(name: string, zoom: { start: number; end: number } | null): Record<string, unknown> {
  const s = loaded.get(name)!;
  const t0 = s.times[0]!;
  return runChartOption({
    lanes: [{ object: name, metric: 'read.iops', times: s.times, values: s.values }], detail: null,
    t0, maxS: (s.times[s.times.length - 1]! - t0) / 1000, unit: 'IOPS', title: 'IOPS', xName: 'seconds since the run started', locale: 'en', zoom, sampling: 'lttb',
  });
}

/** Every point handed to ECharts with the app's options: from setOption to the frame drawn. */
function firstPaint(name: string): Promise<number> {
  const chart = freshChart();
  return untilFinished(chart, () => chart.setOption(option(name, null), { notMerge: true }));
}

/** A zoom of the chart drawn last (its data already in ECharts): from the action to the frame drawn. */
function zoom(start: number, end: number): Promise<number> {
  const chart = echarts.getInstanceByDom(document.getElementById('chart')!)!;
  return untilFinished(chart, () => chart.dispatchAction({ type: 'dataZoom', start, end }));
}

/** Frees a series' points in the page. */
function drop(name: string): void {
  loaded.delete(name);
  echarts.getInstanceByDom(document.getElementById('chart')!)?.dispose();
}

(window as unknown as { chartBench: unknown }).chartBench = { load, firstPaint, zoom, drop };
