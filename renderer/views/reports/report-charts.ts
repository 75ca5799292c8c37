/**
 * A saved chart on a report page: the one option builder of its kind (renderer/charts), drawn
 * for paper (no tooltip, no zoom, no animation) in the light theme, titled with the chart's name.
 */
import type { ChartData, SavedChart } from '../../../app/contract/records.js';
import { CHART_THEMES } from '../../charts/chart-theme.js';
import { chartHeight, chartOption } from '../../charts/chart-option.js';

type Option = Record<string, unknown>;

export interface ChartOptionMode {
  /** In the workbench: tooltips kept, with the runs and files behind each value. */
  interactive?: boolean;
  runFiles?: ReadonlyMap<number, string>;
}

export function reportChartOption(chart: Pick<SavedChart, 'name' | 'spec'>, data: ChartData, _labels: { allObjects: string }, locale: string, mode: ChartOptionMode = {}): Option | null {
  return chartOption(chart.spec, data, {
    title: chart.name,
    locale: locale === 'zh-CN' ? 'zh-CN' : 'en',
    theme: CHART_THEMES.light,
    mode: mode.interactive ? 'interactive' : 'print',
    ...(mode.runFiles ? { runFiles: mode.runFiles } : {}),
  });
}

/** A chart's height on a page: taller for a heat map's or a wait chart's many rows. */
export function reportChartHeight(chart: Pick<SavedChart, 'spec'> | null, data: ChartData | null, base: number): number {
  return chart ? chartHeight(chart.spec, data, base) : base;
}
