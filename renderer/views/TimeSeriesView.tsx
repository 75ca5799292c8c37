import { useEffect, useMemo, useState, type JSX } from 'react';
import type { MetricInfo, ScatterResult, StudySeriesResult, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { escapeHtml } from '../charts/escape-html.js';
import { periodMarks } from '../charts/period-marks.js';
import { PALETTE } from '../charts/palette.js';
import { formatValue, withUnit, zoneOffsetMinutes } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { SaveChart } from '../components/SaveChart.js';

const TOPS = [5, 10, 20, 1000];

/** A study's time series: the top objects of a metric, periods shaded, the cutover marked. */
export function TimeSeriesView({ study, dictionary }: { study: StudySummary; dictionary: MetricInfo[] }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const [metrics, setMetrics] = useState<string[] | null>(null);
  const [metric, setMetric] = useState('');
  const [top, setTop] = useState(5);
  const [config, setConfig] = useState<string | undefined>(undefined);
  const [data, setData] = useState<StudySeriesResult | null>(null);
  // A zoomed window and its points at full detail (asked again of the core): 10 million points
  // stay drawable overall, and every sample shows once the window is small enough.
  const [zoom, setZoom] = useState<{ start: number; end: number } | null>(null);
  const [detail, setDetail] = useState<{ from: number; to: number; start: number; end: number; result: StudySeriesResult } | null>(null);
  const [scatter, setScatter] = useState<ScatterResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);

  useEffect(() => {
    bridge.call('series.metrics', { study: study.slug }).then((m) => {
      setMetrics(m);
      setMetric((cur) => cur || (m.find((x) => x === 'read.lat_avg_ms') ?? m[0] ?? ''));
    }, (e: Error) => setError(e.message));
  }, [bridge, study.slug]);

  useEffect(() => {
    if (!metric) return;
    setData(null);
    bridge.call('series.study', { study: study.slug, metric, top, config }).then(setData, (e: Error) => setError(e.message));
  }, [bridge, study.slug, metric, top, config]);

  // Write response against write throughput, for the objects shown: a full write cache shows as
  // high response at low throughput.
  const canScatter = Boolean(metrics?.includes('write.iops') && metrics.includes('write.lat_avg_ms'));
  useEffect(() => {
    if (!canScatter || !data || data.objects.length === 0) return;
    bridge.call('series.scatter', { study: study.slug, x: 'write.iops', y: 'write.lat_avg_ms', objects: data.objects.slice(0, 10).map((o) => o.object) })
      .then(setScatter, () => setScatter(null));
  }, [bridge, study.slug, canScatter, data]);

  const offset = data && data.objects[0]?.points[0] ? zoneOffsetMinutes(data.zone, data.objects[0].points[0][0]) * 60000 : 0;
  const extent = useMemo(() => {
    let t0 = Infinity;
    let t1 = -Infinity;
    for (const o of data?.objects ?? []) for (const [tm] of o.points) { if (tm < t0) t0 = tm; if (tm > t1) t1 = tm; }
    return { t0, t1 };
  }, [data]);
  useEffect(() => { setZoom(null); setDetail(null); }, [data]);
  useEffect(() => {
    if (!zoom || !data || !(extent.t1 > extent.t0)) return;
    if (zoom.start <= 0.5 && zoom.end >= 99.5) { setDetail(null); return; }
    const from = extent.t0 + ((extent.t1 - extent.t0) * zoom.start) / 100;
    const to = extent.t0 + ((extent.t1 - extent.t0) * zoom.end) / 100;
    let live = true;
    // Wait for the wheel or the slider to settle before asking.
    const timer = setTimeout(() => {
      bridge.call('series.study', { study: study.slug, metric, objects: data.objects.map((o) => o.object), config: data.config ?? undefined, from, to, maxPoints: 1500 })
        .then((result) => { if (live) setDetail({ from, to, start: zoom.start, end: zoom.end, result }); }, () => undefined);
    }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [zoom, data, extent, bridge, study.slug, metric]);

  const option = useMemo(() => {
    if (!data || data.objects.length === 0) return null;
    const { t0, t1 } = extent;
    // Inside the zoomed window, the window's own points; outside it, the overview's.
    const pointsOf = (o: StudySeriesResult['objects'][number]): Array<[number, number]> => {
      const inside = detail?.result.objects.find((d) => d.object === o.object);
      if (!detail || !inside) return o.points;
      return [...o.points.filter(([tm]) => tm < detail.from), ...inside.points, ...o.points.filter(([tm]) => tm > detail.to)];
    };
    const { shaded, cutovers } = periodMarks(data.periods, t0, t1, offset);
    const unit = data.unit;
    return {
      animation: false,
      useUTC: true, // times are shifted into the study's zone and shown as such
      color: PALETTE,
      title: { text: `${withUnit(metricLabel(byName.get(metric), metric), unit, locale)} · ${data.zone}`, left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28, type: 'scroll' },
      grid: { left: 70, right: 30, top: 80, bottom: 70 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}` },
      // The window the detail was asked for (the chart is redrawn only when it arrives).
      dataZoom: [{ type: 'inside', start: detail?.start ?? 0, end: detail?.end ?? 100 }, { type: 'slider', height: 18, bottom: 10, start: detail?.start ?? 0, end: detail?.end ?? 100 }],
      // The full extent stays the axis' range, so a zoom's percentages keep their meaning.
      xAxis: { type: 'time', min: t0 + offset, max: t1 + offset },
      yAxis: { type: 'value', name: unit },
      series: data.objects.map((o, i) => ({
        name: o.object,
        type: 'line',
        showSymbol: false,
        sampling: 'lttb',
        large: true,
        lineStyle: { width: 1 },
        data: pointsOf(o).map(([tm, v]) => [tm + offset, v]),
        ...(i === 0 ? {
          markArea: { silent: true, label: { position: 'insideTop', fontSize: 10 }, data: shaded },
          markLine: { symbol: 'none', lineStyle: { color: '#b3261e', type: 'dashed' }, data: cutovers },
        } : {}),
      })),
    };
  }, [data, metric, byName, metricLabel, locale, offset, extent, detail]);

  const scatterOption = useMemo(() => {
    if (!scatter) return null;
    return {
      animation: false,
      color: PALETTE,
      title: { text: t('series.scatterTitle'), left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28, type: 'scroll' },
      grid: { left: 70, right: 30, top: 80, bottom: 50 },
      tooltip: { trigger: 'item', formatter: (p: { seriesName: string; value: [number, number] }) => `${escapeHtml(p.seriesName)}<br/>${formatValue(p.value[0], 'IOPS', locale)} IOPS, ${formatValue(p.value[1], 'ms', locale)} ms` },
      xAxis: { type: 'value', name: t('series.writeIops'), nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', name: 'ms' },
      series: scatter.objects.map((o) => ({ name: o.object, type: 'scatter', symbolSize: 4, large: true, data: o.points.map(([x, y]) => [x, y]) })),
    };
  }, [scatter, t, locale]);

  if (metrics && metrics.length === 0) return <p className="notice">{t('series.none')}</p>;
  const unit = data?.unit ?? '';
  return (
    <div className="timeseries" data-testid="timeseries-view" data-state={data ? 'ready' : 'loading'}>
      <div className="controls">
        <label>{t('compare.metric')}
          <select name="series-metric" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {(metrics ?? []).map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
          </select>
        </label>
        {data && data.configs.length > 1 && (
          <label>{t('series.config')}
            <select name="series-config" value={data.config ?? ''} onChange={(e) => setConfig(e.target.value)}>
              {data.configs.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
        )}
        <label>{t('series.top')}
          <select name="series-top" value={top} onChange={(e) => setTop(Number(e.target.value))}>
            {TOPS.map((n) => <option key={n} value={n}>{n >= 1000 ? t('series.all') : n}</option>)}
          </select>
        </label>
        <SaveChart study={study.slug} defaultName={`${metricLabel(byName.get(metric), metric)} · ${data?.config ?? ''}`}
          spec={data && data.objects.length > 0 ? { kind: 'time-series', metric, top: Math.min(top, 100), ...(data.config ? { config: data.config } : {}) } : null} />
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {option && <div data-testid="series-detail" data-detail={detail ? `${detail.from}-${detail.to}` : ''}><EChart id="study-series" option={option} height={440} onZoom={setZoom} /></div>}
      {data && (
        <table className="grid" data-testid="top-objects">
          <thead><tr><th>{t('compare.object')}</th><th className="num">{t('series.mean')} ({unit})</th><th className="num">{t('series.max')} ({unit})</th><th className="num">n</th></tr></thead>
          <tbody>
            {data.objects.map((o) => (
              <tr key={o.object} data-object={o.object}>
                <td>{o.object}</td>
                <td className="num">{formatValue(o.mean, unit, locale)}</td>
                <td className="num">{formatValue(o.max, unit, locale)}</td>
                <td className="num">{o.samples}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {scatterOption && <EChart id="write-scatter" option={scatterOption} height={380} />}
    </div>
  );
}
