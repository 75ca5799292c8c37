/**
 * Light and dark chart themes. A chart's option builder takes a ChartTheme, so the same chart
 * can be drawn in a report page in either theme; the ECharts themes registered here colour what
 * builders leave alone (axes, legends, titles, tooltips).
 */
import * as echarts from 'echarts/core';
import { PALETTE, PALETTE_DARK } from './palette.js';

export type ThemeName = 'light' | 'dark';

export interface ChartTheme {
  name: ThemeName;
  palette: string[];
  /** The chart's own background (PNG export, clipboard image). */
  background: string;
  text: string;
  muted: string;
  axis: string;
  split: string;
  /** Faint fills: a confidence band, a shaded period. */
  band: string;
  /** A reference line (1.0 on normalised bars). */
  reference: string;
  /** What a ratio label says of the candidate: better, worse, within the tie band, or a volume never judged. */
  verdict: { better: string; worse: string; tie: string; neutral: string };
}

export const CHART_THEMES: Record<ThemeName, ChartTheme> = {
  light: { name: 'light', palette: PALETTE, background: '#ffffff', text: '#1d2430', muted: '#5f6b7a', axis: '#8a94a3', split: '#e6e9ee', band: 'rgba(0,0,0,0.06)', reference: '#666666', verdict: { better: '#00734d', worse: '#b3261e', tie: '#5f6b7a', neutral: '#1d2430' } },
  dark: { name: 'dark', palette: PALETTE_DARK, background: '#1b2028', text: '#e3e7ed', muted: '#9aa5b4', axis: '#6b7685', split: '#2f3742', band: 'rgba(255,255,255,0.08)', reference: '#aab3bf', verdict: { better: '#5fd3a3', worse: '#ff8a80', tie: '#9aa5b4', neutral: '#e3e7ed' } },
};

/** The ECharts theme name a chart is initialised with. */
export const echartsThemeName = (name: ThemeName): string => `perfdelta-${name}`;

for (const theme of Object.values(CHART_THEMES)) {
  const axis = {
    axisLine: { lineStyle: { color: theme.axis } },
    axisTick: { lineStyle: { color: theme.axis } },
    axisLabel: { color: theme.muted },
    nameTextStyle: { color: theme.muted },
    splitLine: { lineStyle: { color: theme.split } },
    splitArea: { areaStyle: { color: theme.name === 'dark' ? ['rgba(255,255,255,0.02)', 'rgba(255,255,255,0.05)'] : ['rgba(250,250,250,0.3)', 'rgba(210,219,238,0.2)'] } },
  };
  echarts.registerTheme(echartsThemeName(theme.name), {
    color: theme.palette,
    backgroundColor: 'transparent',
    textStyle: { color: theme.text },
    title: { textStyle: { color: theme.text }, subtextStyle: { color: theme.muted } },
    legend: { textStyle: { color: theme.text }, pageTextStyle: { color: theme.muted } },
    tooltip: theme.name === 'dark' ? { backgroundColor: '#262d38', borderColor: '#3a4350', textStyle: { color: theme.text } } : {},
    categoryAxis: axis,
    valueAxis: axis,
    logAxis: axis,
    timeAxis: axis,
    dataZoom: { textStyle: { color: theme.muted }, borderColor: theme.split },
    visualMap: { textStyle: { color: theme.text } },
  });
}

/**
 * Options built before themes existed (a run's own charts) name the light palette; in the dark
 * theme its colours are swapped for their dark counterparts, position by position, wherever the
 * option lists them.
 */
export function themedOption<T extends Record<string, unknown>>(option: T, theme: ChartTheme): T {
  // An option built for the dark theme (every chart kind's builder takes the theme) is left alone.
  if (theme.name === 'light' || option['darkMode'] === true || !Array.isArray(option['color'])) return option;
  const swap = new Map(PALETTE.map((c, i) => [c.toLowerCase(), PALETTE_DARK[i]!]));
  return { ...option, color: (option['color'] as unknown[]).map((c) => (typeof c === 'string' ? swap.get(c.toLowerCase()) ?? c : c)) };
}
