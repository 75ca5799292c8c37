import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { ChartSpec, MetricInfo, StudyDefaults, StudySeriesResult, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import type { DataOf } from '../charts/kinds/context.js';
import { scatterOption } from '../charts/kinds/scatter.js';
import { runSeriesOption } from '../charts/kinds/run-series.js';
import { panelsFit, seriesExtent, timeLabel, timeSeriesOption, timeSeriesPanelsHeight } from '../charts/kinds/time-series.js';
import { coreXlsx, useChartData } from '../charts/use-chart.js';
import { formatValue, zoneOffsetMinutes } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import { SaveChart } from '../components/SaveChart.js';
import { ZoomRequests } from '../charts/zoom-requests.js';

const TOPS = [5, 10, 20, 1000];
/** Points per object in a zoomed window: every sample once the window holds fewer. */
const DETAIL_POINTS = 1500;

/**
 * A study's time series: the top objects of a metric, periods shaded, the cutover marked. It opens
 * on a metric that varies (not a flat line); runs that ran at different times (different days,
 * one after another) are drawn from t = 0 by default, not as slivers of one long clock.
 */
export function TimeSeriesView({ study, dictionary, defaults }: { study: StudySummary; dictionary: MetricInfo[]; defaults?: StudyDefaults | null }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const [metrics, setMetrics] = useState<string[] | null>(null);
  const opening = defaults?.series ?? null;
  const [metric, setMetric] = useState(opening?.metric ?? '');
  const [top, setTop] = useState(5);
  const [config, setConfig] = useState<string | undefined>(opening?.config ?? undefined);
  const [align, setAlign] = useState(opening?.align ?? false);
  // A panel per object (when there are few enough): series that lie on top of each other read apart.
  const [panels, setPanels] = useState(true);
  // A zoomed window and its points at full detail (asked again of the core): 10 million points
  // stay drawable overall, and every sample shows once the window is small enough.
  const [detail, setDetail] = useState<{ from: number; to: number; result: StudySeriesResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);

  useEffect(() => {
    bridge.call('series.metrics', { study: study.slug }).then((m) => {
      setMetrics(m);
      setMetric((cur) => cur || (m.find((x) => x === 'read.lat_avg_ms') ?? m[0] ?? ''));
    }, (e: Error) => setError(e.message));
  }, [bridge, study.slug]);

  const spec = useMemo<ChartSpec | null>(() => (metric ? { kind: 'time-series', metric, top, ...(config ? { config } : {}) } : null), [metric, top, config]);
  const overview = useChartData(study.slug, spec, locale);
  const data = overview.current && overview.shown?.data.kind === 'time-series' ? (overview.shown.data as DataOf<'time-series'>) : null;
  const series = data?.series ?? null;

  // Write response against write throughput, for the objects shown: a full write cache shows as
  // high response at low throughput.
  const canScatter = Boolean(metrics?.includes('write.iops') && metrics.includes('write.lat_avg_ms'));
  const scatterSpec = useMemo<ChartSpec | null>(() => (canScatter && series && series.objects.length > 0
    ? { kind: 'scatter', x: 'write.iops', y: 'write.lat_avg_ms', objects: series.objects.slice(0, 10).map((o) => o.object), ...(series.config ? { config: series.config } : {}) }
    : null), [canScatter, series]);
  const scatter = useChartData(study.slug, scatterSpec, locale);

  const extent = useMemo(() => (series ? seriesExtent(series) : { t0: Infinity, t1: -Infinity }), [series]);
  // Where the user's zoom is now: an answer is drawn there, even if the user moved on since asking.
  const view = useRef<{ start: number; end: number } | null>(null);
  const zooms = useMemo(() => new ZoomRequests<{ from: number; to: number }, StudySeriesResult | null>(
    // The window's spec, read from the core for that range only; a newer zoom supersedes it.
    (w, signal) => {
      if (!series) return Promise.resolve(null);
      const window: ChartSpec = { kind: 'time-series', metric, objects: series.objects.map((o) => o.object), ...(series.config ? { config: series.config } : {}), window: w, points: DETAIL_POINTS };
      return bridge.call('charts.data', { study: study.slug, spec: window, locale, channel: 'study-series' }, { signal })
        .then((d) => (d.kind === 'time-series' ? (d as DataOf<'time-series'>).series : null));
    },
    (w, result) => { if (result) setDetail({ ...w, result }); },
  ), [series, bridge, study.slug, metric, locale]);
  useEffect(() => { view.current = null; setDetail(null); return () => zooms.dispose(); }, [zooms]);
  const onZoom = (zoom: { start: number; end: number }): void => {
    view.current = zoom;
    if (!series || !(extent.t1 > extent.t0)) return;
    if (zoom.start <= 0.5 && zoom.end >= 99.5) {
      zooms.reset();
      setDetail(null);
      return;
    }
    zooms.want({ from: extent.t0 + ((extent.t1 - extent.t0) * zoom.start) / 100, to: extent.t0 + ((extent.t1 - extent.t0) * zoom.end) / 100 });
  };

  const title = metricLabel(byName.get(metric), metric);
  // Aligned: the shown configuration's runs with series of the metric, each from its own start.
  const shownConfig = series?.config ?? config ?? null;
  const alignRuns = useMemo(() => (defaults?.series_runs ?? []).filter((s) => s.metric === metric && (shownConfig === null || s.config === shownConfig)).map((s) => s.run), [defaults, metric, shownConfig]);
  const canAlign = alignRuns.length >= 2;
  const alignedSpec = useMemo<ChartSpec | null>(() => (align && canAlign && metric ? { kind: 'run-series', runs: alignRuns.slice(0, 200), metric, align: true } : null), [align, canAlign, alignRuns, metric]);
  const alignedData = useChartData(study.slug, alignedSpec, locale);
  const alignedOption = useMemo(() => {
    const d = alignedData.current && alignedData.shown?.data.kind === 'run-series' ? (alignedData.shown.data as DataOf<'run-series'>) : null;
    if (!d || alignedSpec?.kind !== 'run-series') return null;
    return runSeriesOption(alignedSpec, d, { title, locale, theme, mode: 'interactive' });
  }, [alignedData, alignedSpec, title, locale, theme]);
  const option = useMemo(() => {
    if (!data || !spec || spec.kind !== 'time-series' || data.series.objects.length === 0) return null;
    // Inside the zoomed window, the window's own points; outside it, the overview's.
    const merged: StudySeriesResult = !detail ? data.series : {
      ...data.series,
      objects: data.series.objects.map((o) => {
        const inside = detail.result.objects.find((d) => d.object === o.object);
        if (!inside) return o;
        return { ...o, points: [...o.points.filter(([tm]) => tm < detail.from), ...inside.points, ...o.points.filter(([tm]) => tm > detail.to)] };
      }),
    };
    return timeSeriesOption(spec, { ...data, series: merged }, { title, locale, theme, mode: 'interactive', zoom: detail ? view.current : null, panels });
  }, [data, spec, detail, title, locale, theme, panels]);

  const scatterData = scatter.current && scatter.shown?.data.kind === 'scatter' ? (scatter.shown.data as DataOf<'scatter'>) : null;
  const scatterOpt = useMemo(() => (scatterData && scatterSpec?.kind === 'scatter'
    ? scatterOption(scatterSpec, scatterData, { title: t('series.scatterTitle'), locale, theme, mode: 'interactive', metricLabel: (m) => metricLabel(byName.get(m), m) })
    : null), [scatterData, scatterSpec, t, locale, theme, metricLabel, byName]);

  if (metrics && metrics.length === 0) return <p className="notice">{t('series.none')}</p>;
  const unit = series?.unit ?? '';
  // "Save chart" keeps what is on screen: the zoomed window too.
  const saved: ChartSpec | null = spec && series && series.objects.length > 0 && spec.kind === 'time-series'
    ? { ...spec, top: Math.min(top, 100), ...(series.config ? { config: series.config } : {}), ...(detail ? { window: { from: Math.round(detail.from), to: Math.round(detail.to) } } : {}) }
    : null;
  const name = `${title} · ${series?.config ?? ''}`;
  const paneled = panels && Boolean(series && panelsFit(series.objects.length));
  // The table's figures are the window's when zoomed (every sample of it, from the core's read of
  // the window): n counts the window's samples, and an object with none in it is not listed.
  const rows = detail ? series?.objects.map((o) => detail.result.objects.find((d) => d.object === o.object)).filter((o) => o !== undefined) ?? [] : series?.objects ?? [];
  const windowText = (() => {
    if (!detail || !series) return null;
    const first = series.objects[0]?.points[0]?.[0] ?? detail.from;
    const offset = zoneOffsetMinutes(series.zone, first) * 60000;
    const span = detail.to - detail.from;
    return t('series.windowStats', { from: timeLabel(detail.from + offset, span), to: timeLabel(detail.to + offset, span), zone: series.zone });
  })();
  return (
    <div className="timeseries" data-testid="timeseries-view" data-state={(series || overview.error) && (!alignedSpec || alignedOption || alignedData.error) ? 'ready' : 'loading'}
      data-metric={metric} data-aligned={alignedSpec ? 'true' : 'false'}>
      <div className="controls">
        <label>{t('compare.metric')}
          <select name="series-metric" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {(metrics ?? []).map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
          </select>
        </label>
        {series && series.configs.length > 1 && (
          <label>{t('series.config')}
            <select name="series-config" value={series.config ?? ''} onChange={(e) => setConfig(e.target.value)}>
              {series.configs.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
        )}
        <label>{t('series.top')}
          <select name="series-top" value={top} onChange={(e) => setTop(Number(e.target.value))}>
            {TOPS.map((n) => <option key={n} value={n}>{n >= 1000 ? t('series.all') : n}</option>)}
          </select>
        </label>
        {series && panelsFit(series.objects.length) && !alignedSpec && (
          <label className="inline-toggle">
            <input type="checkbox" name="series-panels" checked={panels} onChange={(e) => setPanels(e.target.checked)} />
            {t('series.panels')}
          </label>
        )}
        {canAlign && (
          <label className="inline-toggle">
            <input type="checkbox" name="series-align" checked={align} onChange={(e) => setAlign(e.target.checked)} />
            {t('series.align')}
          </label>
        )}
        <SaveChart study={study.slug} defaultName={name} spec={alignedOption && alignedSpec ? alignedSpec : saved} />
      </div>
      {(error || overview.error) && <p className="error" role="alert">{error ?? overview.error}</p>}
      {alignedOption && alignedSpec && (
        <>
          <p className="muted" data-testid="series-aligned">{t('series.alignedNote')}</p>
          <EChart id="study-series" option={alignedOption} height={440} exportXlsx={coreXlsx(bridge, study.slug, alignedSpec, name, locale)} />
        </>
      )}
      {!alignedSpec && option && spec && (
        <div data-testid="series-detail" data-detail={detail ? `${detail.from}-${detail.to}` : ''} data-panels={paneled ? 'true' : 'false'}>
          <EChart id="study-series" option={option} height={paneled ? timeSeriesPanelsHeight(series!.objects.length) : 440} onZoom={onZoom} exportXlsx={coreXlsx(bridge, study.slug, saved ?? spec, name, locale)} />
        </div>
      )}
      {series && windowText && <p className="muted" data-testid="top-objects-window">{windowText}</p>}
      {series && (
        <div className="table-scroll">
        <table className="grid" data-testid="top-objects" data-window={detail ? `${detail.from}-${detail.to}` : ''}>
          <thead><tr><th>{t('compare.object')}</th><th className="num">{t('series.mean')} ({unit})</th><th className="num">{t('series.max')} ({unit})</th><th className="num">{t('series.cv')}</th><th className="num">n</th></tr></thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.object} data-object={o.object}>
                <td>{o.object}</td>
                <td className="num">{formatValue(o.mean, unit, locale)}</td>
                <td className="num">{formatValue(o.max, unit, locale)}</td>
                <td className="num" data-col="cv">{o.cv_pct === null || o.cv_pct === undefined ? '–' : `${formatValue(o.cv_pct, '%', locale)}%`}</td>
                <td className="num">{o.samples.toLocaleString(locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {scatterOpt && scatterSpec && (
        <>
          <SaveChart study={study.slug} defaultName={t('series.scatterTitle')} spec={scatterSpec} label={t('chart.saveScatter')} />
          <EChart id="write-scatter" option={scatterOpt} height={380} exportXlsx={coreXlsx(bridge, study.slug, scatterSpec, t('series.scatterTitle'), locale)} />
        </>
      )}
    </div>
  );
}
