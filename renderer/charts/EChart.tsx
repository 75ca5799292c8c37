import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useI18n } from '../i18n/i18n.js';
import { download, optionToTsv, svgDataUrl } from './chart-export.js';
import type { EChartsCoreOption } from 'echarts/core';

/** The UI's font stack, so Chinese labels in charts use the bundled Noto Sans SC. */
export const CHART_FONT = "system-ui, 'Segoe UI', 'Noto Sans', 'Noto Sans SC', 'Microsoft YaHei', sans-serif";

echarts.use([BarChart, HeatmapChart, LineChart, ScatterChart, VisualMapComponent, DataZoomComponent, GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

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

  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const fileName = (ext: string): string => `${id}.${ext}`;
  const png = (): void => {
    const c = chart.current;
    if (c) download(fileName('png'), c.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }));
  };
  const svg = (): void => {
    const c = chart.current;
    if (c) download(fileName('svg'), svgDataUrl(option, c.getWidth(), c.getHeight()));
  };
  const copy = (): void => {
    void navigator.clipboard.writeText(optionToTsv(option as Record<string, unknown>)).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div className="chart-frame">
      <div className="chart-tools" role="toolbar" aria-label={t('chart.tools')}>
        <button type="button" onClick={png} data-export="png">PNG</button>
        <button type="button" onClick={svg} data-export="svg">SVG</button>
        <button type="button" onClick={copy} data-export="tsv">{copied ? t('chart.copied') : t('chart.copyData')}</button>
      </div>
      <div ref={el} className="chart" data-chart={id} data-state="loading" style={{ height }} />
    </div>
  );
}
