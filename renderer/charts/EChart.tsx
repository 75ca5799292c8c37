import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

/** The UI's font stack, so Chinese labels in charts use the bundled Noto Sans SC. */
export const CHART_FONT = "system-ui, 'Segoe UI', 'Noto Sans', 'Noto Sans SC', 'Microsoft YaHei', sans-serif";

echarts.use([BarChart, HeatmapChart, LineChart, ScatterChart, VisualMapComponent, DataZoomComponent, GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

declare global {
  interface Window {
    /** Live chart instances by id: lets tests and curious users read what is drawn. */
    perfdeltaCharts?: Record<string, { getOption(): unknown }>;
  }
}

/** One ECharts instance bound to a div: set the option, follow the size, dispose on unmount. */
export function EChart({ id, option, height = 420 }: { id: string; option: EChartsCoreOption; height?: number }): JSX.Element {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const instance = echarts.init(el.current!, undefined, { renderer: 'canvas' });
    chart.current = instance;
    (window.perfdeltaCharts ??= {})[id] = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current!);
    return () => {
      observer.disconnect();
      delete window.perfdeltaCharts?.[id];
      instance.dispose();
      chart.current = null;
    };
  }, [id]);

  useEffect(() => {
    const instance = chart.current!;
    const apply = (): void => instance.setOption({ textStyle: { fontFamily: CHART_FONT }, ...option }, { notMerge: true });
    apply();
    el.current!.dataset['state'] = 'ready';
    // Canvas text drawn before a CJK font subset arrived shows boxes: draw again once it has.
    document.fonts.addEventListener('loadingdone', apply);
    return () => document.fonts.removeEventListener('loadingdone', apply);
  }, [option]);

  return <div ref={el} className="chart" data-chart={id} data-state="loading" style={{ height }} />;
}
