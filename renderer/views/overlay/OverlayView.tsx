import { useMemo, useState, type JSX } from 'react';
import type { ChartSpec, MetricInfo, RunRecord, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { EChart } from '../../charts/EChart.js';
import type { DataOf } from '../../charts/kinds/context.js';
import { latencyOption } from '../../charts/kinds/latency.js';
import { runSeriesOption } from '../../charts/kinds/run-series.js';
import { coreXlsx, useChartData } from '../../charts/use-chart.js';
import { SaveChart } from '../../components/SaveChart.js';
import { formatValue } from '../../format.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';

const KINDS = ['latency-cdf', 'latency-exceedance', 'run-series'] as const;
type OverlaySpec = Extract<ChartSpec, { kind: (typeof KINDS)[number] }>;

/** Latency buckets: fio's json+ or histogram log, or an AWR report's wait event histograms. */
const hasBins = (r: RunRecord): boolean => Boolean(r.tables['latency_bins'] || r.tables['hist_log_bins'] || (Array.isArray(r.tables['wait_histograms']) && r.tables['wait_histograms'].length > 0));

/** The runs first offered: the same workload on every configuration that has it, with latency buckets where any run has them. */
export function defaultRuns(runs: RunRecord[]): number[] {
  const withBins = runs.filter(hasBins);
  // AWR reports: one per configuration, its RAC global report where it has one.
  const awr = withBins.filter((r) => Array.isArray(r.tables['wait_histograms']));
  if (awr.length > 0 && awr.length === withBins.length) {
    const configs = [...new Set(awr.map((r) => r.config))];
    return configs.map((c) => (awr.find((r) => r.config === c && r.params['report'] === 'awrgrpt') ?? awr.find((r) => r.config === c)!).id);
  }
  const pool = withBins.length > 0 ? withBins : runs;
  const first = pool[0];
  if (!first) return [];
  const same = pool.filter((r) => r.name === first.name);
  return (same.length > 1 ? same : pool.slice(0, 2)).map((r) => r.id);
}

/**
 * Several runs on one chart: their completion-latency CDF or exceedance (fio json+ buckets or a
 * histogram log), or one metric's time series aligned at t = 0. The chart's state is one spec,
 * the one a saved chart keeps.
 */
export function OverlayView({ study, runs, dictionary, initialRuns }: { study: StudySummary; runs: RunRecord[]; dictionary: MetricInfo[]; initialRuns: number[] | null }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const anyBins = runs.some(hasBins);
  const [spec, setSpec] = useState<OverlaySpec>(() => {
    const picked = initialRuns?.filter((id) => runs.some((r) => r.id === id)) ?? defaultRuns(runs);
    return anyBins ? { kind: 'latency-cdf', runs: picked } : { kind: 'run-series', runs: picked, align: true };
  });
  const [onlyBins, setOnlyBins] = useState(anyBins);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const latency = spec.kind !== 'run-series';
  // Runs overlaid are read 50 at most: a chart of more lines is unreadable anyway.
  const asked = useMemo<OverlaySpec | null>(() => (spec.runs.length === 0 ? null : { ...spec, runs: spec.runs.slice(0, 50) }), [spec]);
  const { shown, current, error } = useChartData(study.slug, asked, locale);
  const distribution = current && shown && (shown.data.kind === 'latency-cdf' || shown.data.kind === 'latency-exceedance') ? (shown.data as DataOf<'latency-cdf'>).distribution : null;
  const overlay = current && shown?.data.kind === 'run-series' ? (shown.data as DataOf<'run-series'>).overlay : null;

  // AWR histograms count waits, not I/Os: the titles say so.
  const waits = distribution !== null && distribution.curves.length > 0 && distribution.curves.every((c) => c.event !== undefined);
  const title = spec.kind === 'run-series'
    ? (overlay ? metricLabel(byName.get(overlay.metric), overlay.metric) : '')
    : t(spec.kind === 'latency-cdf' ? (waits ? 'overlay.waitCdfTitle' : 'overlay.cdfTitle') : (waits ? 'overlay.waitExceedanceTitle' : 'overlay.exceedanceTitle'));
  const option = useMemo(() => {
    if (!current || !shown || !asked) return null;
    const ctx = { title, locale, theme, mode: 'interactive' as const };
    if (asked.kind === 'run-series') return shown.data.kind === 'run-series' ? runSeriesOption(asked, shown.data as DataOf<'run-series'>, ctx) : null;
    return shown.data.kind === asked.kind ? latencyOption(asked, shown.data as DataOf<'latency-cdf'>, ctx) : null;
  }, [current, shown, asked, title, locale, theme]);

  const setKind = (kind: OverlaySpec['kind']): void => setSpec((s) => (kind === 'run-series'
    ? { kind, runs: s.runs, align: s.kind === 'run-series' ? s.align ?? true : true, ...(s.kind === 'run-series' && s.metric ? { metric: s.metric } : {}) }
    : { kind, runs: s.runs, ...(s.kind !== 'run-series' && s.events ? { events: s.events } : {}) }));
  const toggleRun = (id: number, on: boolean): void => setSpec((s) => ({ ...s, runs: on ? [...s.runs, id] : s.runs.filter((r) => r !== id) }));
  const offered = latency && onlyBins ? runs.filter(hasBins) : runs;
  const name = (id: number): string => { const r = runs.find((x) => x.id === id); return r ? `${r.config} · ${r.name}` : String(id); };
  const ready = spec.runs.length === 0 || current || error !== null;
  // What a saved chart keeps: the runs drawn, and for a time series the metric shown.
  const saved: OverlaySpec | null = option && asked ? (asked.kind === 'run-series' && overlay ? { ...asked, metric: overlay.metric } : asked) : null;

  return (
    <div className="overlay" data-testid="overlay-view" data-state={ready ? 'ready' : 'loading'} data-kind={spec.kind} data-spec={JSON.stringify(spec)}>
      <div className="controls">
        <label>{t('overlay.chart')}
          <select name="overlay-kind" value={spec.kind} onChange={(e) => setKind(e.target.value as OverlaySpec['kind'])}>
            {KINDS.map((k) => <option key={k} value={k}>{t(`overlay.kind.${k}`)}</option>)}
          </select>
        </label>
        {spec.kind === 'run-series' && overlay && overlay.metrics.length > 0 && (
          <label>{t('overlay.metric')}
            <select name="overlay-metric" value={overlay.metric} onChange={(e) => setSpec({ ...spec, metric: e.target.value })}>
              {overlay.metrics.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
            </select>
          </label>
        )}
        <SaveChart study={study.slug} defaultName={title} spec={saved} />
      </div>
      {spec.kind === 'run-series' && (
        <label className="inline-toggle">
          <input type="checkbox" name="overlay-align" checked={spec.align ?? true} onChange={(e) => setSpec({ ...spec, align: e.target.checked })} />
          {t('overlay.align')}
        </label>
      )}
      {latency && (
        <label className="inline-toggle">
          <input type="checkbox" name="overlay-only-bins" checked={onlyBins} onChange={(e) => setOnlyBins(e.target.checked)} />
          {t('overlay.onlyBins')}
        </label>
      )}
      {spec.kind !== 'run-series' && distribution?.events && distribution.events.length > 0 && (
        // AWR wait event histograms: which events are drawn (the busiest by default).
        <fieldset className="run-picker" data-testid="overlay-events">
          <legend>{t('overlay.events')}</legend>
          {distribution.events.slice(0, 20).map((ev) => {
            const drawn = distribution.curves.some((c) => c.event === ev);
            return (
              <label key={ev}>
                <input type="checkbox" name="overlay-event" data-event={ev} checked={drawn}
                  onChange={(e) => setSpec((s) => (s.kind === 'run-series' ? s : {
                    ...s, events: e.target.checked ? [...new Set([...distribution.curves.map((c) => c.event).filter((x): x is string => Boolean(x)), ev])] : distribution.curves.map((c) => c.event).filter((x): x is string => Boolean(x) && x !== ev),
                  }))} />
                {ev}
              </label>
            );
          })}
        </fieldset>
      )}
      <fieldset className="run-picker" data-testid="overlay-runs">
        <legend>{t('overlay.runs')}</legend>
        {study.configs.map((config) => {
          const list = offered.filter((r) => r.config === config);
          if (list.length === 0) return null;
          return (
            <div key={config} className="run-picker-group">
              <span className="muted">{config}</span>
              {list.map((r) => (
                <label key={r.id}>
                  <input type="checkbox" name={`overlay-run-${r.id}`} data-run={r.id} checked={spec.runs.includes(r.id)} onChange={(e) => toggleRun(r.id, e.target.checked)} />
                  {r.name}
                </label>
              ))}
            </div>
          );
        })}
      </fieldset>
      {spec.runs.length === 0 && <p className="notice">{t('overlay.pick')}</p>}
      {error && <p className="error" role="alert">{error}</p>}
      {latency && distribution && distribution.without_bins.length > 0 && (
        <p className="notice">{t('overlay.noBins', { runs: distribution.without_bins.map(name).join(t('list.sep')) })}</p>
      )}
      {latency && distribution && distribution.curves.length === 0 && <p className="notice">{t('overlay.noCurves')}</p>}
      {!latency && overlay && overlay.series.length === 0 && <p className="notice">{t('overlay.noSeries')}</p>}
      {option && saved && (
        <EChart id={spec.kind === 'run-series' ? 'series-overlay' : 'latency-distribution'} option={option} height={460}
          exportXlsx={coreXlsx(bridge, study.slug, saved, title, locale)} />
      )}
      {!latency && overlay && overlay.series.length > 0 && (
        <p className="muted" data-testid="overlay-note">{overlay.aligned && overlay.step_s !== null ? t('overlay.alignedNote', { step: String(overlay.step_s) }) : t('overlay.unalignedNote')}</p>
      )}
      {latency && distribution && distribution.curves.length > 0 && (
        <div className="table-scroll">
        <table className="grid" data-testid="distribution-table">
          <tbody>
            {distribution.curves.map((c) => (
              <tr key={`${c.run}-${c.source}-${c.direction}-${c.event ?? ''}`}>
                <td>{c.event !== undefined ? `${c.config} · ${c.name} · ${c.event}` : `${c.config} · ${c.name} · ${c.direction}${c.source === 'histogram log' ? ` (${t('overlay.histLog')})` : ''}`}</td>
                <td className="num">{t(c.event !== undefined ? 'overlay.percentilesWaits' : 'overlay.percentiles', {
                  p50: formatValue(c.percentiles['p50'], 'ms', locale), p99: formatValue(c.percentiles['p99'], 'ms', locale),
                  p999: formatValue(c.percentiles['p99.9'], 'ms', locale), ios: c.total_ios.toLocaleString(locale),
                })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
