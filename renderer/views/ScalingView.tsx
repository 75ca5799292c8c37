import { useMemo, type JSX } from 'react';
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
import { paramLabel } from '../param-labels.js';
import { useRemembered } from './remembered.js';

const X_PARAMS = ['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'bs'];
const X_METRICS = ['total.iops', 'total.bw_mib_s', 'nopm', 'tpm', 'ops_per_s', 'io.write_iops', 'load.write_io_requests_per_s'];

/**
 * Any parameter on X, any metric on Y, a line per configuration, the knee marked where X is a load.
 * It opens on the load the study sweeps (virtual users, sessions, threads, I/O depth), else on the
 * one parameter that varies (a block-size sweep), and the throughput of the runs swept; what the
 * user picks is kept for the study across tab switches.
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
  // No load swept and several parameters vary (S4: block size and mix): no curve until the user picks an X.
  const [chosen, setChosen] = useRemembered(`scaling:${study.slug}`, () => ({
    x: opening ? opening.x ?? '' : xs[0] ?? '',
    metric: opening?.metric && metrics.includes(opening.metric) ? opening.metric : metrics[0] ?? '',
    // The workload shown of a grid ('' the first), and the latency the knee and "stable up to"
    // are judged on ('' the tool's own: p95 for sysbench).
    only: '', latency: '',
  }));
  // A choice the runs no longer allow (a configuration deleted since) falls back to the opening one.
  const x = chosen.x === '' || xs.includes(chosen.x) ? chosen.x : opening?.x ?? xs[0] ?? '';
  const metric = metrics.includes(chosen.metric) ? chosen.metric : opening?.metric ?? metrics[0] ?? '';
  const { only, latency } = chosen;
  const choose = (next: Partial<typeof chosen>): void => setChosen({ ...chosen, x, metric, ...next });
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
  const xLabel = (k: string): string => (byName.has(k) ? metricLabel(byName.get(k), k) : paramLabel(locale, k));
  const xName = xLabel(x);
  // Inside a sentence: "knee at virtual users = 64" (an acronym such as "I/O depth" stays as it is).
  const xWord = /^[A-Z][a-z]/.test(xName) ? xName.charAt(0).toLowerCase() + xName.slice(1) : xName;
  const name = `${metricLabel(info, metric)} / ${xName}${shownWorkload !== '*' ? ` · ${shownWorkload}` : ''}`;
  // No latency measured by the runs swept (HammerDB's NOPM lines): the knee reads Little's law, and the option says so.
  const latencyDefault = result && !result.latency_metric && !chosenLatency ? t('scaling.latencyNone')
    : t('scaling.latencyDefault', { metric: result?.latency_metric && !chosenLatency ? metricLabel(byName.get(result.latency_metric), result.latency_metric) : '…' });
  return (
    <div className="scaling" data-testid="scaling-view" data-state={result || error || x === '' ? 'ready' : 'loading'} data-x={x} data-metric={metric}>
      <div className="controls">
        <label>{t('scaling.x')}
          <select name="scaling-x" value={x} onChange={(e) => choose({ x: e.target.value })}>
            {x === '' && <option value="">{t('scaling.pickX')}</option>}
            {xs.map((k) => <option key={k} value={k}>{xLabel(k)}</option>)}
          </select>
        </label>
        {workloads.length > 1 && (
          <label>{t('scaling.workload')}
            <select name="scaling-workload" value={shownWorkload} onChange={(e) => choose({ only: e.target.value })}>
              {workloads.map((w) => <option key={w} value={w}>{w}</option>)}
              <option value="*">{t('scaling.allWorkloads')}</option>
            </select>
          </label>
        )}
        <label>{t('compare.metric')}
          <select name="scaling-metric" value={metric} onChange={(e) => choose({ metric: e.target.value })}>
            {metrics.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
          </select>
        </label>
        {/* Knees and "stable up to" exist where X is a load only: on block size the choice would judge nothing. */}
        {latencies.length > 0 && result?.x_load !== false && (
          <label>{t('scaling.latency')}
            <select name="scaling-latency" value={chosenLatency} onChange={(e) => choose({ latency: e.target.value })}>
              <option value="">{latencyDefault}</option>
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
          {t('scaling.stableRule', { x: xWord, rule: t('scaling.rule', { latency: metricLabel(byName.get(result.latency_metric), result.latency_metric), pct: result.stable_limit_pct ?? 50, x: xWord }) })}
        </p>
      )}
      {result && result.x_load && result.series.some((s) => s.knee !== null || s.stable_up_to != null) && (
        <ul className="knees muted" data-testid="knees">
          {result.series.filter((s) => s.knee !== null || s.stable_up_to != null).map((s) => (
            <li key={s.label} data-config={s.config} data-knee={s.knee ?? ''} data-stable={s.stable_up_to ?? ''}>
              {s.knee !== null && <>{t('scaling.kneeAt', { label: s.label, x: xWord, value: String(s.knee) })} — {s.knee_rule}</>}
              {s.knee !== null && s.stable_up_to != null && <br />}
              {s.stable_up_to != null && <>{t(s.stable_within_sweep ? 'scaling.stableAt' : 'scaling.stableWhole', { label: s.label, x: xWord, value: String(s.stable_up_to) })} — {s.stable_rule}</>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
