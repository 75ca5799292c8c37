import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { MetricInfo, RunRecord, SeriesInfo, SeriesLaneRecord } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { PALETTE } from '../charts/palette.js';
import { ZoomRequests } from '../charts/zoom-requests.js';
import { formatValue } from '../format.js';
import { labelSides } from '../charts/label-sides.js';
import { useI18n } from '../i18n/i18n.js';
import { RUN_CHART_GRID, runChartOption } from './run-detail-option.js';

const LADDER = [['p50', 50], ['p90', 90], ['p95', 95], ['p99', 99], ['p999', 99.9], ['p9999', 99.99]] as const;

/** The quantity of a series metric ("read.clat_ms" -> "clat_ms"): series of one quantity overlay. */
const quantityOf = (metric: string): string => metric.slice(metric.indexOf('.') + 1);

interface ZoomWindow {
  from: number;
  to: number;
}

/**
 * One run up close: its time series overlaid (read and write together) and its latency ladder.
 * The chart asks the core for what it can show: the run's series (sizes and extents, nothing
 * read), then each lane at the chart's width in pixels (a few thousand buckets of the series'
 * pyramid, whatever its length), then a zoom's window, read from SQL for that window only.
 */
export function RunDetail({ run, dictionary }: { run: RunRecord; dictionary: MetricInfo[] }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const [keys, setKeys] = useState<SeriesInfo[] | null>(null);
  const [quantity, setQuantity] = useState<string | null>(null);
  const [overview, setOverview] = useState<{ keys: SeriesInfo[]; lanes: SeriesLaneRecord[] } | null>(null);
  const [detail, setDetail] = useState<{ from: number; to: number; lanes: SeriesLaneRecord[] } | null>(null);
  // Where the user's zoom is now: an answer is drawn there, even if the user moved on since asking.
  const view = useRef<{ start: number; end: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);

  useEffect(() => {
    bridge.call('series.list', { run: run.id }).then(setKeys, () => setKeys([]));
  }, [bridge, run.id]);

  const quantities = useMemo(() => [...new Set((keys ?? []).map((s) => quantityOf(s.metric)))], [keys]);
  const chosen = quantity && quantities.includes(quantity) ? quantity : quantities.find((q) => q === 'iops') ?? quantities[0] ?? null;
  const shown = useMemo(() => (keys ?? []).filter((k) => quantityOf(k.metric) === chosen), [keys, chosen]);
  const lanes = useMemo(() => shown.map((k) => ({ run: k.run, object: k.object, metric: k.metric })), [shown]);
  /** The plot's width in pixels: one min/max column each. */
  const plotWidth = (): number => Math.max(200, Math.round((frame.current?.clientWidth ?? 1000) - RUN_CHART_GRID.left - RUN_CHART_GRID.right));

  const start = run.start ? Date.parse(run.start) : null;
  const extent = useMemo(() => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const k of shown) {
      if (k.from !== null && k.from < lo) lo = k.from;
      if (k.to !== null && k.to > hi) hi = k.to;
    }
    // The run's start is t = 0 when the series begins after it (fio logs: ms since the job started).
    const t0 = start !== null && Number.isFinite(lo) && start <= lo ? start : Number.isFinite(lo) ? lo : 0;
    return { t0, maxS: Number.isFinite(hi) ? (hi - t0) / 1000 : 0 };
  }, [shown, start]);

  useEffect(() => {
    view.current = null;
    setDetail(null);
    if (lanes.length === 0) return;
    const asked = new AbortController();
    bridge.call('series.range', { lanes, width: plotWidth() }, { signal: asked.signal }).then((l) => setOverview({ keys: shown, lanes: l }), () => undefined);
    return () => asked.abort();
  }, [bridge, lanes]);

  const zooms = useMemo(() => new ZoomRequests<ZoomWindow, SeriesLaneRecord[]>(
    (w, signal) => bridge.call('series.range', { lanes, from: w.from, to: w.to, width: plotWidth(), channel: `run-series:${run.id}` }, { signal }),
    (w, l) => setDetail({ ...w, lanes: l }),
  ), [bridge, lanes, run.id]);
  useEffect(() => () => zooms.dispose(), [zooms]);

  const onZoom = (z: { start: number; end: number }): void => {
    view.current = z;
    if (!(extent.maxS > 0)) return;
    if (z.start <= 0.5 && z.end >= 99.5) {
      zooms.reset();
      setDetail(null);
      return;
    }
    zooms.want({ from: extent.t0 + extent.maxS * 10 * z.start, to: extent.t0 + extent.maxS * 10 * z.end });
  };

  const current = overview && overview.keys === shown ? overview : null;
  // One option (one setOption) per answer: the overview, then each zoom's window.
  const seriesOption = useMemo(() => {
    if (!current || current.lanes.length === 0) return null;
    const first = current.lanes[0]!;
    const label = metricLabel(byName.get(first.metric), first.metric).replace(/^\S+ /, '');
    return runChartOption({
      lanes: current.lanes, detail, t0: extent.t0, maxS: extent.maxS, unit: first.unit, title: label,
      xName: t('run.seconds'), locale, zoom: detail ? view.current : null,
    });
  }, [current, detail, byName, metricLabel, locale, t, extent]);

  const ladder = useMemo(() => {
    const dirs = ['read', 'write', 'trim'].filter((d) => LADDER.some(([n]) => run.metrics[`${d}.clat_${n}_ms`] !== undefined));
    if (dirs.length === 0) return null;
    const values = dirs.map((d) => LADDER.map(([n]) => run.metrics[`${d}.clat_${n}_ms`] ?? null));
    const sides = labelSides(values);
    return {
      animation: false,
      color: PALETTE,
      title: { text: t('run.ladder'), left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28 },
      grid: { left: 72, right: 24, top: 70, bottom: 40 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, 'ms', locale)} ms` },
      xAxis: { type: 'category', data: LADDER.map(([, p]) => `p${p}`) },
      yAxis: { type: 'log', name: 'ms', logBase: 10 },
      series: dirs.map((d, i) => ({
        name: d,
        type: 'line',
        // Read and write often differ by a few percent: their labels go above and below.
        data: values[i]!.map((value, k) => ({ value, label: { position: sides[i]![k] } })),
        label: { show: true, fontSize: 10, color: 'inherit', formatter: (x: { value: number }) => formatValue(x.value, 'ms', locale) },
      })),
    };
  }, [run, locale, t]);

  const rawDetail = detail !== null && detail.lanes.every((l) => l.raw);
  const notes = Array.isArray(run.tables['notes']) ? (run.tables['notes'] as unknown[]).filter((n): n is string => typeof n === 'string') : [];
  return (
    <section className="run-detail" data-testid="run-detail" data-run={run.id} data-state={keys && (shown.length === 0 || current) ? 'ready' : 'loading'}>
      <h3>{run.name} <span className="muted">· {run.source.file}</span></h3>
      {/* How the importer read the figures (fio console: exact IOPS from issued I/Os ÷ runtime, or as printed). */}
      {notes.length > 0 && (
        <div className="run-notes" data-testid="run-notes">
          <strong>{t('run.notes')}</strong>
          <ul>{notes.map((n, i) => <li key={i}>{n}</li>)}</ul>
        </div>
      )}
      {keys && keys.length === 0 && <p className="muted">{t('run.noSeries')}</p>}
      {quantities.length > 1 && (
        <div className="controls">
          <label>{t('run.series')}
            <select name="series-quantity" value={chosen ?? ''} onChange={(e) => setQuantity(e.target.value)}>
              {quantities.map((q) => <option key={q} value={q}>{metricLabel(byName.get(`read.${q}`) ?? byName.get(`total.${q}`), q).replace(/^\S+ /, '')}</option>)}
            </select>
          </label>
        </div>
      )}
      {shown.length > 0 && (
        <div ref={frame} data-testid="run-series-detail" data-detail={detail ? `${detail.from}-${detail.to}` : ''} data-raw={rawDetail ? 'true' : 'false'}>
          {seriesOption && <EChart id="run-series" option={seriesOption} height={360} onZoom={onZoom} />}
        </div>
      )}
      {ladder && <EChart id="run-ladder" option={ladder} height={320} />}
    </section>
  );
}
