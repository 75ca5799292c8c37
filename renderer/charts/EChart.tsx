import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

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
    instance.setOption(option, { notMerge: true });
    el.current!.dataset['state'] = 'ready';
  }, [option]);

  return <div ref={el} className="chart" data-chart={id} data-state="loading" style={{ height }} />;
}
