import { useMemo, useState, type JSX } from 'react';
import type { ChartSpec, MetricInfo, RunRecord, StudyDefaults, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import { scalingOption, scalingWorkloads } from '../charts/kinds/scaling.js';
import type { DataOf } from '../charts/kinds/context.js';
import { coreXlsx, useChartData } from '../charts/use-chart.js';
import { chartHeight } from '../charts/chart-option.js';
import { useI18n } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';
import { SaveChart } from '../components/SaveChart.js';

const X_PARAMS = ['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'bs'];
const X_METRICS = ['total.iops', 'total.bw_mib_s', 'nopm', 'tpm', 'ops_per_s', 'io.write_iops', 'load.write_io_requests_per_s'];

/**
 * Any parameter on X, any metric on Y, a line per configuration, the knee marked where X is a load.
 * It opens on the load the study sweeps (virtual users, sessions, threads, I/O depth) and the
 * throughput of the runs swept; never on block size unless the user picks it.
 */
export function ScalingView({ study, runs, dictionary, defaults }: { study: StudySummary; runs: RunRecord[]; dictionary: MetricInfo[]; defaults?: StudyDefaults | null }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
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
  const opening = defaults?.scaling ?? null;
  // No load swept (S4's configurations each ran one queue depth): no curve until the user picks an X.
  const [x, setX] = useState(opening ? opening.x ?? '' : xs[0] ?? '');
  const [metric, setMetric] = useState(opening?.metric && metrics.includes(opening.metric) ? opening.metric : metrics[0] ?? '');
  const [only, setOnly] = useState<string>('');
  // The latency the knee and "stable up to" are judged on: '' is the tool's own (p95 for sysbench).
  const [latency, setLatency] = useState('');
  const latencies = useMemo(() => metrics.filter((m) => /(^|\.)c?lat_(avg|p\d+)_ms$/.test(m) && byName.get(m)?.better === 'lower'), [metrics, byName]);
  const chosenLatency = latencies.includes(latency) ? latency : '';
  // The data does not depend on the workload shown: one answer serves every choice of it.
  const query = useMemo<ChartSpec | null>(() => (x && metric ? { kind: 'scaling', x, metric, ...(chosenLatency ? { latencyMetric: chosenLatency } : {}) } : null), [x, metric, chosenLatency]);
  const { shown, current, error } = useChartData(study.slug, query, locale);
  const data = current && shown?.data.kind === 'scaling' ? (shown.data as DataOf<'scaling'>) : null;
  const result = data?.scaling ?? null;

  // A grid (vdbench: block size x pattern) gives a line per configuration *and* pattern: show
  // one workload at a time, a line per configuration, unless the user asks for all of them.
  const { workloads, shown: shownWorkload } = useMemo(() => (result ? scalingWorkloads(result, only) : { workloads: [], shown: '*' }), [result, only]);
  const info = byName.get(metric);
  const spec = useMemo<ChartSpec | null>(() => (x && metric ? { kind: 'scaling', x, metric, workload: shownWorkload, ...(chosenLatency ? { latencyMetric: chosenLatency } : {}) } : null), [x, metric, shownWorkload, chosenLatency]);
  const option = useMemo(() => {
    if (!data || !spec || spec.kind !== 'scaling') return null;
    return scalingOption(spec, data, {
      title: metricLabel(info, metric), locale, theme, mode: 'interactive',
      metricLabel: (m) => metricLabel(byName.get(m), m),
    });
  }, [data, spec, info, metric, locale, theme, metricLabel, byName]);

  if (xs.length === 0) return <p className="notice">{t('scaling.none')}</p>;
  const name = `${metricLabel(info, metric)} / ${x}${shownWorkload !== '*' ? ` · ${shownWorkload}` : ''}`;
  return (
    <div className="scaling" data-testid="scaling-view" data-state={result || error || x === '' ? 'ready' : 'loading'} data-x={x} data-metric={metric}>
      <div className="controls">
        <label>{t('scaling.x')}
          <select name="scaling-x" value={x} onChange={(e) => setX(e.target.value)}>
            {x === '' && <option value="">{t('scaling.pickX')}</option>}
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
        {latencies.length > 0 && (
          <label>{t('scaling.latency')}
            <select name="scaling-latency" value={chosenLatency} onChange={(e) => setLatency(e.target.value)}>
              {/* No latency measured (HammerDB's NOPM lines): the knee reads Little's law, and the option says so. */}
              <option value="">{result && !result.latency_metric && !chosenLatency ? t('scaling.latencyNone') : t('scaling.latencyDefault', { metric: result?.latency_metric && !chosenLatency ? metricLabel(byName.get(result.latency_metric), result.latency_metric) : '…' })}</option>
              {latencies.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
            </select>
          </label>
        )}
      </div>
      {x === '' && <p className="notice" data-testid="scaling-no-load">{t('scaling.noLoad')}</p>}
      <SaveChart study={study.slug} defaultName={name} spec={result && result.series.length > 0 ? spec : null} />
      {error && <p className="error" role="alert">{error}</p>}
      {option && spec && data && <EChart id="scaling" option={option} height={chartHeight(spec, data, 460, 'interactive')} exportXlsx={coreXlsx(bridge, study.slug, spec, name, locale)} />}
      {result && result.x_load && result.latency_metric && (
        <p className="muted" data-testid="stable-rule" data-latency={result.latency_metric}>
          {t('scaling.stableRule', { x, rule: t('scaling.rule', { latency: metricLabel(byName.get(result.latency_metric), result.latency_metric), pct: result.stable_limit_pct ?? 50, x }) })}
        </p>
      )}
      {result && result.x_load && result.series.some((s) => s.knee !== null || s.stable_up_to != null) && (
        <ul className="knees muted" data-testid="knees">
          {result.series.filter((s) => s.knee !== null || s.stable_up_to != null).map((s) => (
            <li key={s.label} data-config={s.config} data-knee={s.knee ?? ''} data-stable={s.stable_up_to ?? ''}>
              {s.knee !== null && <>{t('scaling.kneeAt', { label: s.label, x, value: String(s.knee) })} — {s.knee_rule}</>}
              {s.knee !== null && s.stable_up_to != null && <br />}
              {s.stable_up_to != null && <>{t(s.stable_within_sweep ? 'scaling.stableAt' : 'scaling.stableWhole', { label: s.label, x, value: String(s.stable_up_to) })} — {s.stable_rule}</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
