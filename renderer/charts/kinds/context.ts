/**
 * What every chart kind's option builder takes besides its spec and data: the words' language,
 * the theme, and whether the chart is on screen (tooltips, zoom) or on paper (neither, no
 * animation). Builders are pure: the same spec, data and context give the same option, in the
 * workbench, a saved chart, a report page, a PNG or an SVG.
 */
import type { ChartData, ChartSpec } from '../../../app/contract/records.js';
import { format } from '../../i18n/format.js';
import { en, zhCN, type MessageKey } from '../../i18n/messages.js';
import { CHART_THEMES, type ChartTheme } from '../chart-theme.js';
import { PALETTE, seriesStyles, type SeriesStyle } from '../palette.js';

export type ChartOption = Record<string, unknown>;
export type Locale = 'en' | 'zh-CN';

export interface ChartContext {
  /** The chart's title as its reader sees it: a saved chart's name, a view's own title. */
  title: string;
  locale: Locale;
  theme: ChartTheme;
  /** On screen: tooltips, zoom, the runs and files behind a value. On paper: none, no animation. */
  mode: 'interactive' | 'print';
  /** The drawing's size in px, where known (a report page's width, an export). */
  size?: { width?: number; height: number };
  /** Run id to "config · file", for tooltips that name the evidence. */
  runFiles?: ReadonlyMap<number, string>;
  /** A time axis' zoom window, in % of the extent (interactive time series). */
  zoom?: { start: number; end: number } | null;
  /** A metric's name as the reader knows it ("read mean latency"); the id when not given. */
  metricLabel?: (metric: string) => string;
  /** A time series drawn a panel per object, one value scale for all (the view's choice on screen). */
  panels?: boolean;
}

export type SpecOf<K extends ChartSpec['kind']> = Extract<ChartSpec, { kind: K }>;
/** The data of a kind: kinds that share a shape (bars, heat map, repetitions: a comparison) share a member. */
export type DataOf<K extends ChartData['kind']> = ChartData & { kind: K };

/** A message of the catalog in the chart's language (a Chinese report from an English UI). */
export function word(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  return format((locale === 'zh-CN' ? zhCN : en)[key], vars);
}

export function defaultContext(overrides: Partial<ChartContext> = {}): ChartContext {
  return { title: '', locale: 'en', theme: CHART_THEMES.light, mode: 'print', ...overrides };
}

/** Styles of a chart's series by label: configurations and periods keep their study colour. */
export function stylesFor(labels: readonly string[], data: { labels: string[] }, theme: ChartTheme): SeriesStyle[] {
  return seriesStyles(labels, data.labels, theme.palette.length >= PALETTE.length ? theme.palette : PALETTE);
}

export function titleBlock(text: string, size = 14): ChartOption {
  return { text, left: 'center', textStyle: { fontSize: size } };
}

/**
 * The last touch every builder's option gets: never animated (a chart captured mid-animation
 * prints wrong bars, and a test reads the final option), and on paper no tooltip and no zoom.
 */
export function finish(option: ChartOption, ctx: ChartContext): ChartOption {
  // `darkMode` (an ECharts option) also says the colours are the theme's already: nothing swaps them again.
  const themed: ChartOption = { ...option, animation: false, darkMode: ctx.theme.name === 'dark', ...(option['title'] ? { title: fittedTitle(option['title'] as ChartOption | ChartOption[], ctx) } : {}) };
  if (ctx.mode === 'interactive') return themed;
  const { tooltip: _t, dataZoom: _d, ...rest } = themed;
  return rest;
}

/**
 * The chart's title never runs off its edges: where the width is known (a report page, an
 * export), a title longer than it is cut with an ellipsis (issue 28.7: "Transactions per second:
 * AWS RDS ... and Azure Database for PostgreSQL Flexible Server D8ds v5" ran off both sides; the
 * report's section heading above the chart carries it whole). Panel titles keep their own width.
 */
function fittedTitle(title: ChartOption | ChartOption[], ctx: ChartContext): ChartOption | ChartOption[] {
  const width = ctx.size?.width ?? (ctx.mode === 'print' ? PAGE_WIDTH : null);
  if (width === null) return title;
  const fit = (t: ChartOption): ChartOption => ({ ...t, textStyle: { width: width - 20, overflow: 'truncate', ellipsis: '…', ...(t['textStyle'] ?? {}) } });
  return Array.isArray(title) ? title.map((t, i) => (i === 0 ? fit(t) : t)) : fit(title);
}

/** A value axis, on a log scale when asked (values must then be positive: ECharts drops the rest). */
export function valueAxis(name: string, log: boolean | undefined, extra: ChartOption = {}): ChartOption {
  return { type: log ? 'log' : 'value', name, ...extra };
}

/** A report page's content width in px (A4 portrait less margins): what a printed chart is laid out for. */
const PAGE_WIDTH = 680;

/**
 * A legend that never runs into the title or the plot: on screen one scrolling row; on paper
 * every entry shown (paper does not scroll), wrapped into as many rows as the names need, and
 * the plot's top moved down under them.
 */
export function legendLayout(names: readonly string[], ctx: ChartContext, fontSize = 11): { legend: ChartOption; gridTop: number } {
  if (ctx.mode === 'interactive') return { legend: { top: 28, type: 'scroll', data: [...names] }, gridTop: 80 };
  const width = (ctx.size?.width ?? PAGE_WIDTH) - 40;
  let rows = 1;
  let used = 0;
  for (const n of names) {
    // An entry: its symbol (25 px), its text (about 0.6 em a character; a CJK character a full em), a gap.
    const w = 35 + [...n].reduce((a, c) => a + (/[\u2e80-\uffff]/.test(c) ? fontSize : fontSize * 0.6), 0);
    if (used > 0 && used + w > width) { rows++; used = 0; }
    used += w;
  }
  return { legend: { top: 32, type: 'plain', data: [...names], textStyle: { fontSize }, itemHeight: 10 }, gridTop: 50 + 20 * rows + 16 };
}

