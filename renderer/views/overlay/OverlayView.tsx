import { useEffect, useMemo, useState, type JSX } from 'react';
import type { LatencyDistributionResult, MetricInfo, RunRecord, SeriesOverlayResult, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { EChart } from '../../charts/EChart.js';
import { formatValue, withUnit } from '../../format.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';
import { latencyOption, seriesOverlayOption, type OverlaySpec } from './overlay-charts.js';

const KINDS = ['latency-cdf', 'latency-exceedance', 'series-overlay'] as const;

/** Latency buckets: fio's json+ or histogram log, or an AWR report's wait event histograms. */
const hasBins = (r: RunRecord): boolean => Boolean(r.tables['latency_bins'] || r.tables['hist_log_bins'] || (Array.isArray(r.tables['wait_histograms']) && r.tables['wait_histograms'].length > 0));

/** The runs first offered: the same workload on every configuration that has it, with latency buckets where any run has them. */
function defaultRuns(runs: RunRecord[]): number[] {
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
 * histogram log), or one metric's time series aligned at t = 0. The chart's state is one spec.
 */
export function OverlayView({ study, runs, dictionary, initialRuns }: { study: StudySummary; runs: RunRecord[]; dictionary: MetricInfo[]; initialRuns: number[] | null }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const anyBins = runs.some(hasBins);
  const [spec, setSpec] = useState<OverlaySpec>(() => {
    const picked = initialRuns?.filter((id) => runs.some((r) => r.id === id)) ?? defaultRuns(runs);
    return anyBins ? { kind: 'latency-cdf', study: study.slug, runs: picked } : { kind: 'series-overlay', study: study.slug, runs: picked, metric: null, align: true };
  });
  const [onlyBins, setOnlyBins] = useState(anyBins);
  const [distribution, setDistribution] = useState<LatencyDistributionResult | null>(null);
  const [overlay, setOverlay] = useState<SeriesOverlayResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const latency = spec.kind !== 'series-overlay';

  const runsKey = spec.runs.join(',');
  const eventsKey = spec.kind !== 'series-overlay' ? (spec.events ?? []).join('\u0000') : '';
  const metricArg = spec.kind === 'series-overlay' ? spec.metric : null;
  const alignArg = spec.kind === 'series-overlay' ? spec.align : true;
  useEffect(() => {
    if (spec.runs.length === 0) return;
    let current = true;
    setError(null);
    if (latency) {
      setDistribution(null);
      const events = eventsKey ? { events: eventsKey.split('\u0000') } : {};
      bridge.call('latency.distribution', { study: study.slug, runs: spec.runs, ...events }).then((d) => { if (current) setDistribution(d); }, (e: Error) => { if (current) setError(e.message); });
    } else {
      setOverlay(null);
      bridge.call('series.overlay', { study: study.slug, runs: spec.runs.slice(0, 50), ...(metricArg ? { metric: metricArg } : {}), align: alignArg })
        .then((d) => { if (current) setOverlay(d); }, (e: Error) => { if (current) setError(e.message); });
    }
    return () => { current = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, study.slug, runsKey, latency, metricArg, alignArg, eventsKey]);

  const option = useMemo(() => {
    if (spec.kind === 'series-overlay') {
      if (!overlay || overlay.series.length === 0) return null;
      const label = metricLabel(byName.get(overlay.metric), overlay.metric);
      return seriesOverlayOption(overlay, spec, theme, { title: withUnit(label, overlay.unit, locale), xName: t('overlay.seconds') });
    }
    if (!distribution || distribution.curves.length === 0) return null;
    // AWR histograms count waits, not I/Os: the titles say so.
    const waits = distribution.curves.every((c) => c.event !== undefined);
    return latencyOption(distribution, spec, theme, {
      title: t(spec.kind === 'latency-cdf' ? (waits ? 'overlay.waitCdfTitle' : 'overlay.cdfTitle') : (waits ? 'overlay.waitExceedanceTitle' : 'overlay.exceedanceTitle')),
      xName: t('overlay.latencyAxis'),
      yName: t(waits ? 'overlay.waitFraction' : 'overlay.fraction'),
      histLog: t('overlay.histLog'),
    });
  }, [spec, overlay, distribution, theme, t, metricLabel, byName]);

  const setKind = (kind: OverlaySpec['kind']): void => setSpec((s) => (kind === 'series-overlay'
    ? { kind, study: s.study, runs: s.runs, metric: s.kind === 'series-overlay' ? s.metric : null, align: s.kind === 'series-overlay' ? s.align : true }
    : { kind, study: s.study, runs: s.runs, ...(s.kind !== 'series-overlay' && s.events ? { events: s.events } : {}) }));
  const toggleRun = (id: number, on: boolean): void => setSpec((s) => ({ ...s, runs: on ? [...s.runs, id] : s.runs.filter((r) => r !== id) }));
  const offered = latency && onlyBins ? runs.filter(hasBins) : runs;
  const name = (id: number): string => { const r = runs.find((x) => x.id === id); return r ? `${r.config} · ${r.name}` : String(id); };
  const ready = spec.runs.length === 0 || (latency ? distribution !== null : overlay !== null) || error !== null;

  return (
    <div className="overlay" data-testid="overlay-view" data-state={ready ? 'ready' : 'loading'} data-kind={spec.kind} data-spec={JSON.stringify(spec)}>
      <div className="controls">
        <label>{t('overlay.chart')}
          <select name="overlay-kind" value={spec.kind} onChange={(e) => setKind(e.target.value as OverlaySpec['kind'])}>
            {KINDS.map((k) => <option key={k} value={k}>{t(`overlay.kind.${k}`)}</option>)}
          </select>
        </label>
        {spec.kind === 'series-overlay' && overlay && overlay.metrics.length > 0 && (
          <label>{t('overlay.metric')}
            <select name="overlay-metric" value={overlay.metric} onChange={(e) => setSpec({ ...spec, metric: e.target.value })}>
              {overlay.metrics.map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
            </select>
          </label>
        )}
      </div>
      {spec.kind === 'series-overlay' && (
        <label className="inline-toggle">
          <input type="checkbox" name="overlay-align" checked={spec.align} onChange={(e) => setSpec({ ...spec, align: e.target.checked })} />
          {t('overlay.align')}
        </label>
      )}
      {latency && (
        <label className="inline-toggle">
          <input type="checkbox" name="overlay-only-bins" checked={onlyBins} onChange={(e) => setOnlyBins(e.target.checked)} />
          {t('overlay.onlyBins')}
        </label>
      )}
      {spec.kind !== 'series-overlay' && distribution?.events && distribution.events.length > 0 && (
        // AWR wait event histograms: which events are drawn (the busiest by default).
        <fieldset className="run-picker" data-testid="overlay-events">
          <legend>{t('overlay.events')}</legend>
          {distribution.events.slice(0, 20).map((ev) => {
            const drawn = distribution.curves.some((c) => c.event === ev);
            return (
              <label key={ev}>
                <input type="checkbox" name="overlay-event" data-event={ev} checked={drawn}
                  onChange={(e) => setSpec((s) => (s.kind === 'series-overlay' ? s : {
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
        <p className="notice">{t('overlay.noBins', { runs: distribution.without_bins.map(name).join(', ') })}</p>
      )}
      {latency && distribution && distribution.curves.length === 0 && <p className="notice">{t('overlay.noCurves')}</p>}
      {!latency && overlay && overlay.series.length === 0 && <p className="notice">{t('overlay.noSeries')}</p>}
      {option && (
        <EChart id={spec.kind === 'series-overlay' ? 'series-overlay' : 'latency-distribution'} option={option} height={460}
          units={latency ? { x: 'latency (ms)', y: '' } : { x: overlay?.aligned ? 's' : 'time', y: overlay?.unit ?? '' }} />
      )}
      {!latency && overlay && overlay.series.length > 0 && (
        <p className="muted" data-testid="overlay-note">{overlay.aligned && overlay.step_s !== null ? t('overlay.alignedNote', { step: String(overlay.step_s) }) : t('overlay.unalignedNote')}</p>
      )}
      {latency && distribution && distribution.curves.length > 0 && (
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
      )}
    </div>
  );
}
