import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import * as echarts from 'echarts/core';
import './echarts-setup.js';
import { useI18n } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import { copyPngToClipboard, download, downloadBytes, optionToTsv, optionToXlsx, svgDataUrl, type ChartUnits } from './chart-export.js';
import { echartsThemeName, themedOption } from './chart-theme.js';
import type { EChartsCoreOption } from 'echarts/core';

/** The UI's font stack, so Chinese labels in charts use the bundled Noto Sans SC. */
export const CHART_FONT = "system-ui, 'Segoe UI', 'Noto Sans', 'Noto Sans SC', 'Microsoft YaHei', sans-serif";


declare global {
  interface Window {
    /** Live chart instances by id: lets tests and curious users read what is drawn. */
    perfdeltaCharts?: Record<string, { getOption(): unknown }>;
  }
}

/** Whether the option's text (titles, names, labels; not its data) holds characters beyond Latin: CJK needs its web font. */
export function hasWideText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return /[^\u0000-\u024f\u2000-\u22ff]/.test(value);
  if (depth > 8 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) {
    // A series' points are numbers (or pairs of them): no text to scan.
    const first = value[0];
    if (typeof first === 'number' || (Array.isArray(first) && typeof first[0] === 'number')) return false;
    return value.some((v) => hasWideText(v, depth + 1));
  }
  return Object.values(value as Record<string, unknown>).some((v) => hasWideText(v, depth + 1));
}

type Notice = 'copied' | 'imageCopied' | 'imageUnsupported' | 'imageDenied' | null;

/**
 * One ECharts instance bound to a div: set the option, follow the size and the theme, dispose
 * on unmount; the export tools beside it. `units` names X's quantity and the values' unit for
 * the XLSX headers (the axes' names otherwise).
 */
export function EChart({ id, option, height = 420, units, onZoom, exportXlsx }: {
  id: string; option: EChartsCoreOption; height?: number; units?: ChartUnits;
  /** Called with the zoom window (percent of the X extent) when the user zooms or pans. */
  onZoom?: (window: { start: number; end: number }) => void;
  /**
   * The chart's XLSX, from the core (a chart drawn from a spec: the same rows as its sheet in a
   * report's workbook); without it, the numbers plotted.
   */
  exportXlsx?: () => Promise<Uint8Array>;
}): JSX.Element {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { theme, chart: chartTheme } = useTheme();
  const zoomed = useRef(onZoom);
  zoomed.current = onZoom;

  useEffect(() => {
    const instance = echarts.init(el.current!, echartsThemeName(theme), { renderer: 'canvas' });
    chart.current = instance;
    (window.perfdeltaCharts ??= {})[id] = instance;
    // A resize or a late font event can arrive after the instance was disposed (the page
    // closing, the theme changing): a disposed ECharts throws from deep inside zrender.
    const observer = new ResizeObserver(() => { if (!instance.isDisposed()) instance.resize(); });
    observer.observe(el.current!);
    const node = el.current!;
    // A frame finished after an option was set shows that option: the count of options drawn.
    instance.on('finished', () => { node.dataset['rendered'] = node.dataset['applied'] ?? '0'; });
    instance.on('datazoom', () => {
      const dz = (instance.getOption() as { dataZoom?: Array<{ start?: number; end?: number }> }).dataZoom?.[0];
      if (dz && typeof dz.start === 'number' && typeof dz.end === 'number') zoomed.current?.({ start: dz.start, end: dz.end });
    });
    return () => {
      observer.disconnect();
      if (window.perfdeltaCharts?.[id] === instance) delete window.perfdeltaCharts[id];
      instance.dispose();
      chart.current = null;
    };
  }, [id, theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const themed = themedOption(option as Record<string, unknown>, chartTheme);
    const node = el.current!;
    const apply = (): void => {
      if (instance.isDisposed()) return;
      // Readiness for tests and the bench: how many options were set; `rendered` follows once
      // the last one is drawn on screen (ECharts' `finished`, see the instance's set-up), which
      // can be inside setOption itself: counted first.
      node.dataset['applied'] = String(Number(node.dataset['applied'] ?? 0) + 1);
      instance.setOption({ textStyle: { fontFamily: CHART_FONT }, ...themed }, { notMerge: true });
    };
    apply();
    node.dataset['state'] = 'ready';
    // Canvas text drawn before a CJK font subset arrived shows boxes: a chart with such text is
    // drawn again once fonts arrive. Latin text only changes its face, so other charts are
    // drawn once per option (a font event used to redraw every chart two or three times).
    if (!hasWideText(themed)) return;
    document.fonts.addEventListener('loadingdone', apply);
    return () => document.fonts.removeEventListener('loadingdone', apply);
  }, [option, chartTheme]);

  const { t } = useI18n();
  const [notice, setNotice] = useState<Notice>(null);
  const flash = (n: Notice, ms = 1500): void => {
    setNotice(n);
    setTimeout(() => setNotice((cur) => (cur === n ? null : cur)), ms);
  };
  const fileName = (ext: string): string => `${id}.${ext}`;
  const pngUrl = (): string | null => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: chartTheme.background }) ?? null;
  const png = (): void => {
    const url = pngUrl();
    if (url) download(fileName('png'), url);
  };
  const svg = (): void => {
    const c = chart.current;
    if (c) download(fileName('svg'), svgDataUrl(themedOption(option as Record<string, unknown>, chartTheme), c.getWidth(), c.getHeight(), echartsThemeName(theme), chartTheme.background));
  };
  const copyImage = (): void => {
    const url = pngUrl();
    if (!url) return;
    void copyPngToClipboard(url).then((r) => flash(r === 'copied' ? 'imageCopied' : r === 'unsupported' ? 'imageUnsupported' : 'imageDenied', r === 'copied' ? 1500 : 5000));
  };
  const copy = (): void => {
    void navigator.clipboard.writeText(optionToTsv(option as Record<string, unknown>)).then(() => flash('copied'));
  };
  const xlsx = (): void => {
    void (exportXlsx ? exportXlsx() : optionToXlsx(option as Record<string, unknown>, units ?? {}, id))
      .then((bytes) => downloadBytes(fileName('xlsx'), bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
  };
  return (
    <div className="chart-frame">
      <div className="chart-tools" role="toolbar" aria-label={t('chart.tools')}>
        <button type="button" onClick={png} data-export="png">PNG</button>
        <button type="button" onClick={svg} data-export="svg">SVG</button>
        <button type="button" onClick={copyImage} data-export="image">{notice === 'imageCopied' ? t('chart.imageCopied') : t('chart.copyImage')}</button>
        <button type="button" onClick={copy} data-export="tsv">{notice === 'copied' ? t('chart.copied') : t('chart.copyData')}</button>
        <button type="button" onClick={xlsx} data-export="xlsx">XLSX</button>
      </div>
      <p className="chart-notice" role="status" data-notice={notice ?? ''}>
        {notice === 'imageUnsupported' ? t('chart.imageUnsupported') : notice === 'imageDenied' ? t('chart.imageDenied') : ''}
      </p>
      <div ref={el} className="chart" data-chart={id} data-theme={theme} data-state="loading" style={{ height }} />
    </div>
  );
}
