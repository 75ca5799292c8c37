/**
 * A chart on a report page: ECharts' SVG renderer (vectors in the PDF), no animation, drawn
 * once its fonts are in; `onRendered` tells the page when the last chart is on paper.
 */
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import '../../charts/echarts-setup.js';

/** The report pages' font (report.css): charts print in the same bundled face as the text. */
const REPORT_FONT = "'Noto Sans SC', sans-serif";

export function ReportChart({ id, option, height, onRendered }: { id: string; option: Record<string, unknown>; height: number; onRendered?: (() => void) | undefined }): JSX.Element {
  const el = useRef<HTMLDivElement>(null);
  const done = useRef(onRendered);
  done.current = onRendered;
  useEffect(() => {
    const chart = echarts.init(el.current!, undefined, { renderer: 'svg' });
    (window.perfdeltaCharts ??= {})[id] = chart;
    chart.setOption({ textStyle: { fontFamily: REPORT_FONT }, backgroundColor: 'transparent', ...option, animation: false }, { notMerge: true });
    el.current!.dataset['state'] = 'ready';
    done.current?.();
    return () => {
      delete window.perfdeltaCharts?.[id];
      chart.dispose();
    };
  }, [id, option]);
  return <div ref={el} className="report-chart" data-chart={id} style={{ height, width: '100%' }} />;
}
