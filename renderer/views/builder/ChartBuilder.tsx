/**
 * The chart builder: one place to choose any chart over any tool's data (kind, sides, metric,
 * X parameter, scope through the metric, log scale), starting from a proposal that fits the
 * study. It draws the same spec a report draws, states units, baseline and ratio convention
 * under the chart, says why when there is nothing to draw, and saves the chart in the study.
 */
import type { JSX } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { ChartData, ChartSpec, MetricInfo, RunRecord, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { EChart } from '../../charts/EChart.js';
import { useI18n } from '../../i18n/i18n.js';
import { reportChartOption } from '../reports/report-charts.js';

type Kind = ChartSpec['kind'];
const KINDS: Kind[] = ['compare-bars', 'speedup-heatmap', 'scaling', 'time-series'];
const X_PARAMS = ['vus', 'threads', 'sessions', 'iodepth', 'numjobs', 'bs', 'read_pct'];
const TOPS = [3, 5, 8, 12, 20];

interface Props {
  study: StudySummary;
  runs: RunRecord[];
  dictionary: MetricInfo[];
}

/** A spec of another kind, carrying over what both have (the metric, the sides). */
function respec(spec: ChartSpec, kind: Kind, labels: string[], xs: string[]): ChartSpec {
  const metric = spec.metric;
  const baseline = 'baseline' in spec ? spec.baseline : labels[0] ?? '';
  const candidate = 'candidate' in spec ? spec.candidate : labels.find((l) => l !== baseline) ?? '';
  switch (kind) {
    case 'compare-bars': return { kind, baseline, candidate, metric };
    case 'speedup-heatmap': return { kind, baseline, metric };
    case 'scaling': return { kind, x: xs[0] ?? 'bs', metric };
    case 'time-series': return { kind, metric, top: 8 };
  }
}

export function ChartBuilder({ study, runs, dictionary }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const [spec, setSpec] = useState<ChartSpec | null>(null);
  const [title, setTitle] = useState('');
  const [seriesMetrics, setSeriesMetrics] = useState<string[]>([]);
  // The chart on screen and the spec it was drawn for: kept while the next one loads, so the
  // chart never blinks out (and a choice's answer never lands under another choice).
  const [shown, setShown] = useState<{ spec: ChartSpec; data: ChartData } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const labels = [...study.configs, ...study.periods];
  const xs = useMemo(() => X_PARAMS.filter((k) => new Set(runs.map((r) => r.params[k]).filter((v) => typeof v === 'number')).size >= 2), [runs]);
  const runFiles = useMemo(() => new Map(runs.map((r) => [r.id, `${r.config} · ${r.source.file}`])), [runs]);

  useEffect(() => {
    bridge.call('charts.propose', { study: study.slug }).then(setSpec, (e: Error) => setError(e.message));
    bridge.call('series.metrics', { study: study.slug }).then(setSeriesMetrics, () => setSeriesMetrics([]));
  }, [bridge, study.slug]);

  // Metrics the chosen kind can draw: run metrics, or time-series metrics for periods and series.
  const metrics = useMemo(() => {
    const periods = spec && 'baseline' in spec && study.periods.includes(spec.baseline);
    const present = new Set(spec?.kind === 'time-series' || periods ? seriesMetrics : runs.flatMap((r) => Object.keys(r.metrics)));
    return [...dictionary.map((m) => m.name).filter((m) => present.has(m)), ...[...present].filter((m) => !byName.has(m)).sort()];
  }, [spec, seriesMetrics, runs, dictionary, byName, study.periods]);

  useEffect(() => {
    if (!spec) return;
    let live = true;
    setError(null);
    bridge.call('charts.data', { study: study.slug, spec, locale }).then((d) => { if (live) setShown({ spec, data: d }); }, (e: Error) => { if (live) { setShown(null); setError(e.message); } });
    return () => { live = false; };
  }, [bridge, study.slug, spec, locale]);
  const data = shown?.data ?? null;
  const current = shown !== null && shown.spec === spec;

  const titleOf = (c: ChartSpec): string => {
    const l = metricLabel(byName.get(c.metric), c.metric);
    return c.kind === 'compare-bars' ? `${l}: ${c.baseline} / ${c.candidate}${c.normalised ? ' (×)' : ''}`
      : c.kind === 'speedup-heatmap' ? t('compare.heatmapTitle', { metric: l, baseline: c.baseline })
        : c.kind === 'scaling' ? `${l} / ${c.x}` : l;
  };
  const label = spec ? metricLabel(byName.get(spec.metric), spec.metric) : '';
  const autoTitle = spec ? titleOf(spec) : '';
  const shownTitle = title || autoTitle;
  const option = useMemo(() => (shown ? reportChartOption({ name: title || titleOf(shown.spec), spec: shown.spec }, shown.data, { allObjects: t('compare.allObjects') }, locale, { interactive: true, runFiles }) : null),
    [shown, title, t, locale, runFiles, byName]);

  // Why nothing is drawn, in the user's terms.
  const why = (): string => {
    if (!spec || !data) return '';
    if (data.kind === 'compare-bars' || data.kind === 'speedup-heatmap') {
      const c = data.compare;
      const only = c.unmatched.slice(0, 4).map((u) => u.workload_label).join(', ');
      return t('builder.noPairs', { baseline: c.baseline, candidate: c.candidates.join(', '), keys: c.pairing_keys.join(', '), only: only || '–' });
    }
    if (data.kind === 'scaling') return t('builder.noCurve', { x: data.scaling.x, metric: label });
    return t('builder.noSeries', { metric: label });
  };
  const units = data ? (data.kind === 'scaling' ? data.scaling.unit : data.kind === 'time-series' ? data.series.unit : data.compare.pairs[0]?.unit ?? '') : '';
  const caption = data && (data.kind === 'compare-bars' || data.kind === 'speedup-heatmap')
    ? `${t('builder.units', { unit: units || '–' })} · ${t('builder.baseline', { baseline: data.compare.baseline })} · ${data.compare.convention_note}`
    : t('builder.units', { unit: units || '–' });

  const set = (changes: Partial<Record<string, unknown>>): void => setSpec((cur) => (cur ? ({ ...cur, ...changes } as ChartSpec) : cur));
  if (!spec) return <div className="builder" data-testid="chart-builder" data-state="loading">{error && <p className="notice">{error}</p>}</div>;
  const sides = labels.map((l) => <option key={l} value={l}>{l}</option>);

  return (
    <div className="builder" data-testid="chart-builder" data-state={current || error ? 'ready' : 'loading'} data-kind={spec.kind}>
      <div className="controls">
        <label>{t('builder.kind')}
          <select name="builder-kind" value={spec.kind} onChange={(e) => setSpec(respec(spec, e.target.value as Kind, labels, xs))}>
            {KINDS.map((k) => <option key={k} value={k}>{t(`builder.kind.${k}`)}</option>)}
          </select>
        </label>
        {'baseline' in spec && (
          <label>{t('compare.baseline')}<select name="builder-baseline" value={spec.baseline} onChange={(e) => set({ baseline: e.target.value })}>{sides}</select></label>
        )}
        {spec.kind === 'compare-bars' && (
          <label>{t('compare.candidate')}<select name="builder-candidate" value={spec.candidate} onChange={(e) => set({ candidate: e.target.value })}>{sides}</select></label>
        )}
        {spec.kind === 'scaling' && (
          <label>{t('scaling.x')}<select name="builder-x" value={spec.x} onChange={(e) => set({ x: e.target.value })}>
            {[...new Set([...xs, spec.x])].map((k) => <option key={k} value={k}>{k}</option>)}
          </select></label>
        )}
        <label>{t('compare.metric')}
          <select name="builder-metric" value={spec.metric} onChange={(e) => set({ metric: e.target.value })}>
            {[...new Set([...metrics, spec.metric])].map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
          </select>
        </label>
        {spec.kind === 'time-series' && (
          <label>{t('series.top')}<select name="builder-top" value={spec.top ?? 8} onChange={(e) => set({ top: Number(e.target.value) })}>
            {TOPS.map((n) => <option key={n} value={n}>{n}</option>)}
          </select></label>
        )}
        {spec.kind === 'compare-bars' && /^(read|write|total)\./.test(spec.metric) && (
          <label>{t('builder.scope')}
            <select name="builder-scope" value={spec.scopes?.length ? 'all' : 'one'} onChange={(e) => set({ scopes: e.target.value === 'all' ? ['read', 'write', 'total'] : undefined, normalised: undefined })}>
              <option value="one">{t('builder.scope.one')}</option>
              <option value="all">{t('builder.scope.all')}</option>
            </select>
          </label>
        )}
        {spec.kind === 'compare-bars' && !spec.scopes?.length && (
          <label className="inline-toggle"><input type="checkbox" name="builder-normalised" checked={spec.normalised === true} onChange={(e) => set({ normalised: e.target.checked || undefined })} />{t('compare.normalised')}</label>
        )}
        {spec.kind !== 'speedup-heatmap' && (
          <label className="inline-toggle"><input type="checkbox" name="builder-log" checked={'logScale' in spec && spec.logScale === true} onChange={(e) => set({ logScale: e.target.checked || undefined })} />{t('builder.log')}</label>
        )}
      </div>
      {error && <p className="notice" role="status" data-testid="builder-why">{error}</p>}
      {data && !option && <p className="notice" role="status" data-testid="builder-why">{why()}</p>}
      {option && <EChart id="builder" option={option} height={spec.kind === 'speedup-heatmap' ? Math.max(420, 200 + 24 * labels.length) : 460} />}
      {data && <p className="muted" data-testid="builder-caption">{caption}</p>}
      <form className="inline-form" onSubmit={(e) => {
        e.preventDefault();
        bridge.call('charts.save', { study: study.slug, name: shownTitle, spec }).then((c) => setSaved(t('chart.saved', { name: c.name })), (err: Error) => setError(err.message));
      }}>
        <input name="builder-title" aria-label={t('builder.title')} placeholder={autoTitle} value={title} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" className="primary" name="builder-save" disabled={!option}>{t('chart.save')}</button>
        {saved && <span className="muted" role="status" data-testid="builder-saved">{saved}</span>}
      </form>
    </div>
  );
}
