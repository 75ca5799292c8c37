import { useEffect, useMemo, useState, type JSX } from 'react';
import type { MetricInfo, RunRecord, SeriesRecord } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { PALETTE } from '../charts/palette.js';
import { formatValue, withUnit } from '../format.js';
import { labelSides } from '../charts/label-sides.js';
import { useI18n } from '../i18n/i18n.js';

const LADDER = [['p50', 50], ['p90', 90], ['p95', 95], ['p99', 99], ['p999', 99.9], ['p9999', 99.99]] as const;

/** The quantity of a series metric ("read.clat_ms" -> "clat_ms"): series of one quantity overlay. */
const quantityOf = (metric: string): string => metric.slice(metric.indexOf('.') + 1);

/** One run up close: its time series overlaid (read and write together) and its latency ladder. */
export function RunDetail({ run, dictionary }: { run: RunRecord; dictionary: MetricInfo[] }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const [series, setSeries] = useState<SeriesRecord[] | null>(null);
  const [quantity, setQuantity] = useState<string | null>(null);
  // A zoom asks the core for that window at full detail; shown inside the overview.
  const [zoom, setZoom] = useState<{ start: number; end: number } | null>(null);
  const [detail, setDetail] = useState<{ from: number; to: number; start: number; end: number; series: SeriesRecord[] } | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);

  useEffect(() => {
    bridge.call('series.get', { run: run.id, maxPoints: 4000 }).then(setSeries, () => setSeries([]));
  }, [bridge, run.id]);

  const quantities = useMemo(() => [...new Set((series ?? []).map((s) => quantityOf(s.metric)))], [series]);
  const chosen = quantity && quantities.includes(quantity) ? quantity : quantities.find((q) => q === 'iops') ?? quantities[0] ?? null;

  const start = run.start ? Date.parse(run.start) : null;
  const extent = useMemo(() => {
    const shown = (series ?? []).filter((s) => quantityOf(s.metric) === chosen);
    let lo = Infinity;
    let hi = -Infinity;
    for (const s of shown) for (const [tm] of s.points) { if (tm < lo) lo = tm; if (tm > hi) hi = tm; }
    const t0 = start ?? (Number.isFinite(lo) ? lo : 0);
    return { t0, maxS: Number.isFinite(hi) ? (hi - t0) / 1000 : 0 };
  }, [series, chosen, start]);
  useEffect(() => { setZoom(null); setDetail(null); }, [series, chosen]);
  useEffect(() => {
    if (!zoom || !(extent.maxS > 0)) return;
    if (zoom.start <= 0.5 && zoom.end >= 99.5) { setDetail(null); return; }
    const from = extent.t0 + extent.maxS * 10 * zoom.start;
    const to = extent.t0 + extent.maxS * 10 * zoom.end;
    let live = true;
    const timer = setTimeout(() => {
      bridge.call('series.get', { run: run.id, from, to, maxPoints: 4000 })
        .then((s) => { if (live) setDetail({ from, to, start: zoom.start, end: zoom.end, series: s }); }, () => undefined);
    }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [zoom, extent, bridge, run.id]);

  const seriesOption = useMemo(() => {
    if (!series || !chosen) return null;
    const shown = series.filter((s) => quantityOf(s.metric) === chosen);
    const unit = shown[0]?.unit ?? '';
    const t0 = extent.t0;
    const pointsOf = (s: SeriesRecord): Array<[number, number]> => {
      const inside = detail?.series.find((d) => d.metric === s.metric && d.object === s.object);
      if (!detail || !inside) return s.points;
      return [...s.points.filter(([tm]) => tm < detail.from), ...inside.points, ...s.points.filter(([tm]) => tm > detail.to)];
    };
    const label = metricLabel(byName.get(shown[0]!.metric), shown[0]!.metric).replace(/^\S+ /, '');
    return {
      animation: false,
      color: PALETTE,
      title: { text: withUnit(label, unit, locale), left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28 },
      grid: { left: 72, right: 24, top: 70, bottom: 70 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${formatValue(v, unit, locale)} ${unit}` },
      dataZoom: [{ type: 'inside', start: detail?.start ?? 0, end: detail?.end ?? 100 }, { type: 'slider', height: 18, bottom: 8, start: detail?.start ?? 0, end: detail?.end ?? 100 }],
      xAxis: { type: 'value', name: t('run.seconds'), nameLocation: 'middle', nameGap: 26, min: 0, max: extent.maxS },
      yAxis: { type: 'value', name: unit },
      series: shown.map((s) => ({
        name: `${s.metric.split('.')[0]} · ${s.object}`,
        type: 'line',
        showSymbol: false,
        sampling: 'lttb',
        data: pointsOf(s).map(([tm, v]) => [(tm - t0) / 1000, v]),
      })),
    };
  }, [series, chosen, byName, metricLabel, locale, t, extent, detail]);

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

  return (
    <section className="run-detail" data-testid="run-detail" data-run={run.id} data-state={series ? 'ready' : 'loading'}>
      <h3>{run.name} <span className="muted">· {run.source.file}</span></h3>
      {series && series.length === 0 && <p className="muted">{t('run.noSeries')}</p>}
      {quantities.length > 1 && (
        <div className="controls">
          <label>{t('run.series')}
            <select name="series-quantity" value={chosen ?? ''} onChange={(e) => setQuantity(e.target.value)}>
              {quantities.map((q) => <option key={q} value={q}>{metricLabel(byName.get(`read.${q}`) ?? byName.get(`total.${q}`), q).replace(/^\S+ /, '')}</option>)}
            </select>
          </label>
        </div>
      )}
      {seriesOption && <div data-testid="run-series-detail" data-detail={detail ? `${detail.from}-${detail.to}` : ''}><EChart id="run-series" option={seriesOption} height={360} onZoom={setZoom} /></div>}
      {ladder && <EChart id="run-ladder" option={ladder} height={320} />}
    </section>
  );
}
