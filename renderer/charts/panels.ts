/**
 * Small multiples: one chart option holding a panel (an ECharts grid) per group, sharing one
 * legend. Issue 27 drew 3 configurations × 4 workloads as 12 lines on one axis: the 4K lines
 * lay flat under the 64K ones and the 12-entry legend ran into the axis labels. A panel per
 * workload gives each its own value axis; the legend names configurations only, once.
 *
 * The layout is computed here, in px down the page and in % across (an on-screen chart follows
 * its frame's width), so the chart's height (chartHeight) and its option agree.
 */
import type { ChartContext, ChartOption } from './kinds/context.js';

/** The width a chart is laid out for when its frame does not say: a report page's content width, a workbench view. */
export function layoutWidth(ctx: ChartContext): number {
  return ctx.size?.width ?? (ctx.mode === 'print' ? 680 : 1000);
}

/** A text's width in px, roughly: 0.6 em a Latin character, a full em for a CJK one. */
export function textWidth(text: string, fontSize: number): number {
  return [...text].reduce((a, c) => a + (/[\u2e80-\uffff]/.test(c) ? fontSize : fontSize * 0.6), 0);
}

export interface LegendPlace {
  legend: ChartOption;
  /** Height taken at the top (under the title), px. */
  top: number;
  /** Width taken on the right, px. */
  right: number;
}

const TITLE_HEIGHT = 30;
const LEGEND_ROW = 20;
/** The right-hand legend's text width: long names wrap at spaces within it, never in a word. */
const SIDE_TEXT = 118;
const SIDE_WIDTH = SIDE_TEXT + 40;

/**
 * Where the legend goes: a few short names in rows under the title; many (28.7: seven clouds), or
 * names that would take more than two rows, in a column beside the plot, each name wrapped at its
 * spaces. Never a scrolling legend that hides entries behind pages, never a name cut mid-word.
 */
export function legendPlace(names: readonly string[], ctx: ChartContext, fontSize = 11): LegendPlace {
  const width = layoutWidth(ctx) - 40;
  let rows = 1;
  let used = 0;
  for (const n of names) {
    const w = 35 + textWidth(n, fontSize);
    if (used > 0 && used + w > width) { rows++; used = 0; }
    used += w;
  }
  if (names.length <= 6 && rows <= 2) {
    return { legend: { type: 'plain', top: TITLE_HEIGHT + 2, left: 'center', data: [...names], textStyle: { fontSize }, itemHeight: 10 }, top: TITLE_HEIGHT + rows * LEGEND_ROW + 8, right: 0 };
  }
  return {
    legend: {
      type: 'plain', orient: 'vertical', right: 8, top: TITLE_HEIGHT + 10, data: [...names], itemHeight: 10, itemGap: 8,
      // 'break' wraps at word boundaries; a single word longer than the column is the only thing ever broken.
      textStyle: { fontSize, width: SIDE_TEXT, overflow: 'break', lineHeight: fontSize + 3 },
    },
    top: TITLE_HEIGHT + 8,
    right: SIDE_WIDTH,
  };
}

export interface PanelGeometry {
  /** Grids, row by row. */
  grids: Array<{ left: string; width: string; top: number; height: number; containLabel: true }>;
  /** Each panel's title anchor: centred over its grid. */
  titles: Array<{ left: string; top: number }>;
  /** Which panels sit in the bottom row of their column (they carry the X axis' name). */
  bottom: boolean[];
  /** The whole chart's height, px. */
  height: number;
}

export interface PanelSizes {
  /** A panel's plot height, px. */
  plot: number;
  /** Space for a panel's title above its plot, and for its axis labels (and name) below. */
  head: number;
  foot: number;
}

export function panelSizes(mode: ChartContext['mode']): PanelSizes {
  return mode === 'print' ? { plot: 150, head: 22, foot: 44 } : { plot: 200, head: 24, foot: 46 };
}

/** Columns for n panels: two on paper and for up to four, three beyond on screen. */
export function panelColumns(n: number, mode: ChartContext['mode']): number {
  if (n <= 1) return 1;
  return n <= 4 || mode === 'print' ? 2 : 3;
}

/** Where n panels go under a legend that takes `place` (top and right). */
export function panelGeometry(n: number, place: Pick<LegendPlace, 'top' | 'right'>, ctx: ChartContext): PanelGeometry {
  const cols = panelColumns(n, ctx.mode);
  const rows = Math.ceil(n / cols);
  const size = panelSizes(ctx.mode);
  const width = layoutWidth(ctx);
  // Across in %: the legend's column (px) as a share of the width laid out for.
  const usable = 100 - (place.right / width) * 100 - 2;
  const gap = cols > 1 ? 4 : 0;
  const colWidth = (usable - gap * (cols - 1)) / cols;
  const grids: PanelGeometry['grids'] = [];
  const titles: PanelGeometry['titles'] = [];
  const bottom: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const left = 1 + c * (colWidth + gap);
    const top = place.top + r * (size.head + size.plot + size.foot) + size.head;
    grids.push({ left: `${left.toFixed(2)}%`, width: `${colWidth.toFixed(2)}%`, top, height: size.plot, containLabel: true });
    titles.push({ left: `${(left + colWidth / 2).toFixed(2)}%`, top: top - size.head + 2 });
    bottom.push(i + cols >= n);
  }
  return { grids, titles, bottom, height: place.top + rows * (size.head + size.plot + size.foot) + 6 };
}

/**
 * Whether values read better on a log axis: positive, spanning a decade or more, and more than
 * half of them in the lowest tenth of a linear axis (issue 28: p95 at 512 threads flattened every
 * other point). Decided from the values drawn, and stated on the axis where it applies.
 */
export function logWorthIt(values: readonly number[]): boolean {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 3 || v.some((x) => x <= 0)) return false;
  const max = Math.max(...v);
  const min = Math.min(...v);
  if (max / min < 10) return false;
  return v.filter((x) => x < max / 10).length > v.length / 2;
}

/** An axis tick, short: 150k, 2.5k, 12, 0.25 (the exact values are in the tooltip and tables). */
export function tickLabel(v: number, locale: string): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${(v / 1e6).toLocaleString(locale, { maximumFractionDigits: 1 })}M`;
  if (a >= 1e4) return `${(v / 1e3).toLocaleString(locale, { maximumFractionDigits: 1 })}k`;
  return v.toLocaleString(locale, { maximumSignificantDigits: 3 });
}
