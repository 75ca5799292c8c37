/**
 * Getting a chart out: PNG and SVG files, the image on the clipboard, and its numbers as
 * tab-separated text for pasting into Excel, Word or PowerPoint or as an XLSX workbook. The SVG
 * is drawn by a second, off-screen ECharts instance with the SVG renderer, so it is vector
 * whatever the screen uses, and without animation.
 */
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { tsvCell } from './spreadsheet-safe.js';

export function download(name: string, href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function svgDataUrl(option: EChartsCoreOption, width: number, height: number, theme?: string, background?: string): string {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px`;
  document.body.appendChild(host);
  const chart = echarts.init(host, theme, { renderer: 'svg', width, height });
  try {
    chart.setOption({ ...(background ? { backgroundColor: background } : {}), ...option, animation: false });
    return chart.getDataURL({ type: 'svg' });
  } finally {
    chart.dispose();
    host.remove();
  }
}

type Datum = number | string | null | { value?: unknown } | unknown[];
type Cell = string | number | null;

function valueOf(d: Datum): unknown {
  if (d !== null && typeof d === 'object' && !Array.isArray(d) && 'value' in d) return (d as { value: unknown }).value;
  return d;
}

const num = (v: unknown): Cell => (typeof v === 'number' ? (Number.isFinite(v) ? v : null) : v === null || v === undefined || v === '-' ? null : String(v));

/** The plotted numbers: a header row and the rows, the series as columns. */
export interface PlottedTable {
  headers: string[];
  rows: Cell[][];
}

export interface ChartUnits {
  /** X's header (its quantity and unit, "latency (ms)"); the X axis' name when not given. */
  x?: string;
  /** The unit of the series' values; the Y axis' name when not given. */
  y?: string;
}

const axisOf = (option: Record<string, unknown>, key: 'xAxis' | 'yAxis'): { type?: string; data?: unknown[]; name?: string } | undefined =>
  (Array.isArray(option[key]) ? (option[key] as unknown[])[0] : option[key]) as { type?: string; data?: unknown[]; name?: string } | undefined;

/**
 * What a chart draws as a table. Category charts: a row per category, a column per series. X/Y
 * charts: one X column when every series has the same X values, else an X and a Y column per
 * series. `units` null leaves the headers bare (TSV pasted beside a table); otherwise each
 * series' header carries its unit, "tmpfs (IOPS)".
 */
export function plottedTable(option: Record<string, unknown>, units: ChartUnits | null): PlottedTable {
  const xAxis = axisOf(option, 'xAxis');
  const yAxis = axisOf(option, 'yAxis');
  const series = ((option['series'] as Array<{ name?: string; data?: Datum[]; type?: string }> | undefined) ?? []).filter((s) => Array.isArray(s.data));
  const yUnit = units ? units.y ?? (typeof yAxis?.name === 'string' ? yAxis.name : '') : '';
  const head = (name: string | undefined): string => `${name ?? ''}${yUnit ? ` (${yUnit})` : ''}`;
  const categories = xAxis?.type === 'category' ? xAxis.data : yAxis?.type === 'category' ? yAxis.data : undefined;
  if (categories && series.every((s) => (s.data ?? []).every((d) => !Array.isArray(valueOf(d))))) {
    return {
      headers: ['', ...series.map((s) => head(s.name))],
      rows: categories.map((c, i) => [num(c), ...series.map((s) => num(valueOf((s.data ?? [])[i] as Datum)))]),
    };
  }
  const xy = series.map((s) => (s.data ?? []).map((d) => valueOf(d)).filter(Array.isArray).map((v) => [num(v[0]), num(v[1])] as [Cell, Cell]));
  const xName = units ? units.x ?? (typeof xAxis?.name === 'string' && xAxis.name ? xAxis.name : 'x') : 'x';
  const sameX = xy.length > 0 && xy.every((pts) => pts.length === xy[0]!.length && pts.every((p, i) => p[0] === xy[0]![i]![0]));
  if (sameX) {
    return { headers: [xName, ...series.map((s) => head(s.name))], rows: xy[0]!.map((p, i) => [p[0], ...xy.map((pts) => pts[i]![1])]) };
  }
  const length = Math.max(0, ...xy.map((p) => p.length));
  return {
    headers: series.flatMap((s) => [`${s.name ?? ''} · ${xName}`, head(s.name)]),
    rows: Array.from({ length }, (_, i) => xy.flatMap((pts) => (pts[i] ? [pts[i]![0], pts[i]![1]] : [null, null]))),
  };
}

/** The plotted numbers as TSV (exact numbers, not rounded), for pasting; no text cell pastes as a formula. */
export function optionToTsv(option: Record<string, unknown>): string {
  const t = plottedTable(option, null);
  return [t.headers, ...t.rows].map((r) => r.map(tsvCell).join('\t')).join('\n') + '\n';
}

/** The plotted numbers as an XLSX workbook (SheetJS, loaded when first used): one sheet, units in the headers. */
export async function optionToXlsx(option: Record<string, unknown>, units: ChartUnits, sheetName: string): Promise<Uint8Array> {
  const XLSX = await import('@e965/xlsx');
  const t = plottedTable(option, units);
  const sheet = XLSX.utils.aoa_to_sheet([t.headers, ...t.rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31) || 'data');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

export function downloadBytes(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  download(name, url);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A data: URL's bytes, without fetch (the CSP allows no fetch of data: URLs). */
function dataUrlBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(',', 2) as [string, string];
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Puts a PNG on the clipboard where the browser allows it (ClipboardItem, a secure context,
 * permission): 'unsupported' where there is no image clipboard, 'denied' where it refused.
 */
export async function copyPngToClipboard(pngDataUrl: string): Promise<'copied' | 'unsupported' | 'denied'> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard || typeof navigator.clipboard.write !== 'function') return 'unsupported';
  if (typeof ClipboardItem.supports === 'function' && !ClipboardItem.supports('image/png')) return 'unsupported';
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': dataUrlBlob(pngDataUrl) })]);
    return 'copied';
  } catch {
    return 'denied';
  }
}
