/**
 * A speedup heat map sized for the page it prints on. Across a portrait A4 page (178 mm of
 * content) eighteen workloads leave 19 px a cell, and "16.41x" needs twice that: the labels ran
 * into each other (S1's pre-go-live grid). When the workloads do not fit across, they go down
 * the side, the configurations across, and the chart is as tall as its rows need; the colour
 * scale moves under it. The option builder draws the cells; this only decides the page's shape.
 */
type Option = Record<string, unknown>;

/** Room a cell needs for its "16.41x" label, px. */
const MIN_CELL = 44;
const ROW = 22;

interface HeatmapItem { value: [number, number, number | null]; label?: unknown; itemStyle?: unknown }

export function heatmapForPage(option: Option, width: number, counts: { workloads: number; configurations: number }): { option: Option; height: number } {
  const grid = (option['grid'] ?? {}) as { left?: number; right?: number };
  const across = width - (grid.left ?? 120) - (grid.right ?? 90);
  const upright = { option, height: Math.max(330, 170 + ROW * counts.configurations) };
  if (counts.workloads === 0 || across / counts.workloads >= MIN_CELL) return upright;
  const x = option['xAxis'] as { data?: string[] } | undefined;
  const y = option['yAxis'] as { data?: string[] } | undefined;
  const series = (option['series'] as Array<{ data?: HeatmapItem[] } & Record<string, unknown>> | undefined)?.[0];
  if (!x?.data || !y?.data || !series?.data) return upright;
  const workloads = x.data;
  const configs = y.data;
  const longest = Math.max(...workloads.map((w) => w.length));
  const left = Math.min(240, Math.max(90, 6 * longest + 16));
  // Configuration names at the top: slanted when they would not fit their column.
  const slant = configs.some((c) => c.length * 6.5 > (width - left - 24) / configs.length);
  const top = 46 + (slant ? 6 * Math.max(...configs.map((c) => c.length)) * 0.6 : 18);
  const visualMap = { ...(option['visualMap'] as Record<string, unknown>), orient: 'horizontal', left: 'center', right: undefined, top: undefined, bottom: 4, itemHeight: Math.min(240, width / 2) };
  return {
    option: {
      ...option,
      grid: { left, right: 24, top, bottom: 64 },
      xAxis: { type: 'category', position: 'top', data: configs, axisLabel: { interval: 0, rotate: slant ? 30 : 0 }, splitArea: { show: true } },
      yAxis: { type: 'category', inverse: true, data: workloads, axisLabel: { interval: 0 }, splitArea: { show: true } },
      visualMap,
      tooltip: undefined,
      series: [{ ...series, data: series.data.map((d) => ({ ...d, value: [d.value[1], d.value[0], d.value[2]] })) }],
    },
    height: top + ROW * workloads.length + 64,
  };
}
