/**
 * Getting a chart out: PNG and SVG files, and its numbers as tab-separated text for pasting
 * into Excel, Word or PowerPoint. The SVG is drawn by a second, off-screen ECharts instance with
 * the SVG renderer, so it is vector whatever the screen uses, and without animation.
 */
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';

export function download(name: string, href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function svgDataUrl(option: EChartsCoreOption, width: number, height: number): string {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px`;
  document.body.appendChild(host);
  const chart = echarts.init(host, undefined, { renderer: 'svg', width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.getDataURL({ type: 'svg' });
  } finally {
    chart.dispose();
    host.remove();
  }
}

type Datum = number | string | null | { value?: unknown } | unknown[];

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  return String(v).replace(/[\t\n]/g, ' ');
}

function valueOf(d: Datum): unknown {
  if (d !== null && typeof d === 'object' && !Array.isArray(d) && 'value' in d) return (d as { value: unknown }).value;
  return d;
}

/** The plotted numbers as TSV: categories by series for category charts, x/y pairs otherwise. */
export function optionToTsv(option: Record<string, unknown>): string {
  const xAxis = (Array.isArray(option['xAxis']) ? option['xAxis'][0] : option['xAxis']) as { type?: string; data?: unknown[] } | undefined;
  const yAxis = (Array.isArray(option['yAxis']) ? option['yAxis'][0] : option['yAxis']) as { type?: string; data?: unknown[] } | undefined;
  const series = (option['series'] as Array<{ name?: string; data?: Datum[] }> | undefined) ?? [];
  const categories = xAxis?.type === 'category' ? xAxis.data : yAxis?.type === 'category' ? yAxis.data : undefined;
  if (categories && series.every((s) => (s.data ?? []).every((d) => !Array.isArray(valueOf(d))))) {
    const rows = [['', ...series.map((s) => cell(s.name))].join('\t')];
    categories.forEach((c, i) => rows.push([cell(c), ...series.map((s) => cell(valueOf((s.data ?? [])[i] as Datum)))].join('\t')));
    return rows.join('\n') + '\n';
  }
  const rows = [['series', 'x', 'y'].join('\t')];
  for (const s of series) {
    for (const d of s.data ?? []) {
      const v = valueOf(d);
      if (Array.isArray(v)) rows.push([cell(s.name), cell(v[0]), cell(v[1])].join('\t'));
    }
  }
  return rows.join('\n') + '\n';
}
