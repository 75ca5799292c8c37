import { useEffect, useMemo, useState, type JSX } from 'react';
import type { MetricInfo, RunRecord, ScalingResult, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { escapeHtml } from '../charts/escape-html.js';
import { PALETTE } from '../charts/palette.js';
import { formatBlockSize, formatValue, withUnit } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { SaveChart } from '../components/SaveChart.js';
import { scalingLogX } from '../charts/scaling-axis.js';

const X_PARAMS = ['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'bs'];
const X_METRICS = ['total.iops', 'total.bw_mib_s', 'nopm', 'tpm', 'ops_per_s', 'io.write_iops', 'load.write_io_requests_per_s'];

/** Any parameter on X, any metric on Y, a line per configuration, the knee marked. */
export function ScalingView({ study, runs, dictionary }: { study: StudySummary; runs: RunRecord[]; dictionary: MetricInfo[] }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  // Parameters that vary, then throughput metrics (latency against throughput: the knee chart).
  const xs = useMemo(() => [
    ...X_PARAMS.filter((k) => new Set(runs.map((r) => r.params[k]).filter((v) => typeof v === 'number')).size >= 2),
    ...X_METRICS.filter((m) => runs.filter((r) => r.metrics[m] !== undefined).length >= 2),
  ], [runs]);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const metrics = useMemo(() => {
    const present = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
    return [...present].filter((m) => byName.has(m) || /\./.test(m)).sort((a, b) => {
      const order = (m: string): number => { const i = dictionary.findIndex((d) => d.name === m); return i < 0 ? 1e9 : i; };
      return order(a) - order(b) || a.localeCompare(b);
    });
  }, [runs, byName, dictionary]);
  const [x, setX] = useState(xs[0] ?? '');
  const [metric, setMetric] = useState(metrics.find((m) => m === 'nopm' || m === 'total.iops') ?? metrics[0] ?? '');
  const [result, setResult] = useState<ScalingResult | null>(null);
  const [only, setOnly] = useState<string>('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!x || !metric) return;
    setResult(null);
    bridge.call('scaling.curves', { study: study.slug, x, metric }).then((r) => { setResult(r); setError(null); }, (e: Error) => setError(e.message));
  }, [bridge, study.slug, x, metric]);

  // A grid (vdbench: block size x pattern) gives a line per configuration *and* pattern: show
  // one workload at a time, a line per configuration, unless the user asks for all of them.
  const workloadOf = (label: string): string => label.split(' · ')[1] ?? '';
  const workloads = useMemo(() => [...new Set((result?.series ?? []).map((s) => workloadOf(s.label)))].filter(Boolean), [result]);
  const shownWorkload = workloads.length > 1 ? (only === '*' ? '*' : workloads.includes(only) ? only : workloads[0]!) : '*';
  const info = byName.get(metric);
  const option = useMemo(() => {
    if (!result || result.series.length === 0) return null;
    const shown = result.series.filter((s) => shownWorkload === '*' || workloadOf(s.label) === shownWorkload);
    const logX = scalingLogX(shown.flatMap((s) => s.points.map((p) => p.x)), byName.has(x));
    const fmtX = (v: number): string => (x === 'bs' ? formatBlockSize(v) : byName.has(x) ? formatValue(v, byName.get(x)!.unit, locale) : String(v));
    const label = metricLabel(info, metric);
    return {
      animation: false,
      color: PALETTE,
      title: { text: `${withUnit(label, result.unit, locale)}${shownWorkload !== '*' ? ` · ${shownWorkload}` : ''}`, left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 28, type: 'scroll' },
      grid: { left: 80, right: 30, top: 80, bottom: 50 },
      // The knee's pin is an item too: its value is the word "knee", its place the knee point.
      tooltip: {
        trigger: 'item',
        formatter: (p: { seriesName: string; componentType?: string; value: unknown; data?: { coord?: [number, number] } }) => {
          const [px, py] = p.componentType === 'markPoint' ? p.data?.coord ?? [Number.NaN, Number.NaN] : (p.value as [number, number]);
          const what = p.componentType === 'markPoint' ? ` · ${escapeHtml(p.value)}` : '';
          return `${escapeHtml(p.seriesName)}${what}<br/>${escapeHtml(x)} = ${escapeHtml(fmtX(px))}: ${formatValue(py, result.unit, locale)} ${escapeHtml(result.unit)}`;
        },
      },
      xAxis: { type: logX ? 'log' : 'value', logBase: 2, name: byName.has(x) ? withUnit(metricLabel(byName.get(x), x), byName.get(x)!.unit, locale) : x, nameLocation: 'middle', nameGap: 30, axisLabel: { formatter: fmtX } },
      yAxis: { type: 'value', name: result.unit },
      series: shown.map((s) => ({
        name: shownWorkload === '*' ? s.label : s.config,
        type: 'line',
        symbolSize: 7,
        data: s.points.map((p) => [p.x, p.y]),
        markPoint: s.knee === null ? undefined : {
          symbol: 'pin', symbolSize: 42,
          data: [{ name: 'knee', coord: [s.knee, s.points.find((p) => p.x === s.knee)!.y], value: t('scaling.knee') }],
          label: { fontSize: 10 },
        },
      })),
    };
  }, [result, x, metric, info, locale, metricLabel, t, shownWorkload, byName]);

  if (xs.length === 0) return <p className="notice">{t('scaling.none')}</p>;
  return (
    <div className="scaling" data-testid="scaling-view" data-state={result ? 'ready' : 'loading'}>
      <div className="controls">
        <label>{t('scaling.x')}
          <select name="scaling-x" value={x} onChange={(e) => setX(e.target.value)}>
            {xs.map((k) => <option key={k} value={k}>{byName.has(k) ? metricLabel(byName.get(k), k) : k}</option>)}
          </select>
        </label>
        {workloads.length > 1 && (
          <label>{t('scaling.workload')}
            <select name="scaling-workload" value={shownWorkload} onChange={(e) => setOnly(e.target.value)}>
              {workloads.map((w) => <option key={w} value={w}>{w}</option>)}
              <option value="*">{t('scaling.allWorkloads')}</option>
            </select>
          </label>
        )}
        <label>{t('compare.metric')}
          <select name="scaling-metric" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {metrics.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
          </select>
        </label>
      </div>
      <SaveChart study={study.slug} defaultName={`${metricLabel(info, metric)} / ${x}${shownWorkload !== '*' ? ` · ${shownWorkload}` : ''}`}
        spec={result && result.series.length > 0 ? { kind: 'scaling', x, metric, workload: shownWorkload } : null} />
      {error && <p className="error" role="alert">{error}</p>}
      {option && <EChart id="scaling" option={option} height={460} />}
      {result && result.series.some((s) => s.knee !== null) && (
        <ul className="knees muted" data-testid="knees">
          {result.series.filter((s) => s.knee !== null).map((s) => (
            <li key={s.label} data-config={s.config}>{t('scaling.kneeAt', { label: s.label, x, value: x === 'bs' ? formatBlockSize(s.knee) : String(s.knee) })} — {s.knee_rule}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
