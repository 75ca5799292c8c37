/**
 * The chart builder: one place to choose any chart over any tool's data (every kind, its sides,
 * metric, X, runs, options), starting from a proposal that fits the study or from a saved chart
 * reopened from the Charts list. It draws the same spec a report draws, through the same
 * builder, states units, baseline and ratio convention under the chart, says why when there is
 * nothing to draw, and saves the chart in the study (changes in place, or as a new chart).
 */
import type { JSX } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { ChartData, ChartSpec, MetricInfo, RunRecord, SavedChart, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { chartHeight, chartOption } from '../../charts/chart-option.js';
import { EChart } from '../../charts/EChart.js';
import { scalingWorkloads } from '../../charts/kinds/scaling.js';
import { coreXlsx, useChartData } from '../../charts/use-chart.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';
import { BuilderControls } from './BuilderControls.js';
import { trendCaption } from '../catalog/trend-text.js';
import { KINDS, X_PARAMS, respec, specCandidates, specMetric, type Kind, type StudyChoices } from './builder-specs.js';

interface Props {
  study: StudySummary;
  runs: RunRecord[];
  dictionary: MetricInfo[];
  /** A saved chart to reopen and edit; null: start from the study's proposal. */
  editing?: SavedChart | null;
  /** Told when a chart was saved (the Charts list refreshes). */
  onSaved?(chart: SavedChart): void;
}

export function ChartBuilder({ study, runs, dictionary, editing = null, onSaved }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const [spec, setSpec] = useState<ChartSpec | null>(editing?.spec ?? null);
  const [saved, setSaved] = useState<SavedChart | null>(editing);
  const [title, setTitle] = useState(editing?.name ?? '');
  const [seriesMetrics, setSeriesMetrics] = useState<string[]>([]);
  const [proposeError, setProposeError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const xs = useMemo(() => X_PARAMS.filter((k) => new Set(runs.map((r) => r.params[k]).filter((v) => typeof v === 'number')).size >= 2), [runs]);
  const runFiles = useMemo(() => new Map(runs.map((r) => [r.id, `${r.config} · ${r.source.file}`])), [runs]);
  const choices: StudyChoices = { study, runs, seriesMetrics, xs };

  useEffect(() => {
    if (!editing) bridge.call('charts.propose', { study: study.slug }).then(setSpec, (e: Error) => setProposeError(e.message));
    bridge.call('series.metrics', { study: study.slug }).then(setSeriesMetrics, () => setSeriesMetrics([]));
  }, [bridge, study.slug, editing]);

  // The chart on screen and the spec it was drawn for: kept while the next one loads, so the
  // chart never blinks out (and a choice's answer never lands under another choice).
  const { shown, current, error } = useChartData(study.slug, spec, locale);
  const data = shown?.data ?? null;

  const label = (m: string | undefined): string => (m ? metricLabel(byName.get(m), m) : '');
  const titleOf = (c: ChartSpec): string => {
    const l = label(specMetric(c));
    switch (c.kind) {
      case 'compare-bars': return `${l}: ${c.baseline} / ${specCandidates(c).join(t('list.sep'))}${c.normalised ? ' (×)' : ''}`;
      case 'speedup-heatmap': return t('compare.heatmapTitle', { metric: l, baseline: c.baseline });
      case 'scaling': return `${l} / ${c.x}`;
      case 'time-series': return l;
      case 'latency-cdf': return t('overlay.cdfTitle');
      case 'latency-exceedance': return t('overlay.exceedanceTitle');
      case 'run-series': return c.metric ? l : t('builder.kind.run-series');
      case 'wait-events': return `${t(c.events === 'background' ? 'waits.chartBg' : 'waits.chart')}: ${c.baseline} / ${c.candidate}`;
      case 'scatter': return `${label(c.y)} / ${label(c.x)}`;
      case 'repetitions': return t('reps.title', { metric: l });
      case 'box-plot': return t('box.title', { metric: l });
      case 'trend': return t('trend.title', { metric: l });
      case 'timeline': return t('study.tabs.timeline');
    }
  };
  const autoTitle = spec ? titleOf(spec) : '';
  const shownTitle = title || autoTitle;
  const option = useMemo(() => (shown ? chartOption(shown.spec, shown.data, {
    title: title || titleOf(shown.spec), locale, theme, mode: 'interactive', runFiles, metricLabel: (m) => metricLabel(byName.get(m), m),
  }) : null), [shown, title, t, locale, theme, runFiles, byName, metricLabel]); // eslint-disable-line react-hooks/exhaustive-deps

  // Why nothing is drawn, in the user's terms.
  const why = (d: ChartData): string => {
    switch (d.kind) {
      case 'compare-bars':
      case 'speedup-heatmap':
      case 'repetitions': {
        const c = d.compare;
        const only = c.unmatched.slice(0, 4).map((u) => u.workload_label).join(t('list.sep'));
        return t('builder.noPairs', { baseline: c.baseline, candidate: c.candidates.join(t('list.sep')), keys: c.pairing_keys.join(t('list.sep')), only: only || '–' });
      }
      case 'scaling': return t('builder.noCurve', { x: d.scaling.x, metric: label(d.scaling.metric) });
      case 'time-series': return t('builder.noSeries', { metric: label(d.series.metric) });
      case 'latency-cdf':
      case 'latency-exceedance': return t('overlay.noCurves');
      case 'run-series': return t('overlay.noSeries');
      case 'trend': return d.trend.problem ?? t('trend.noRuns', { metric: label(d.trend.metric) });
      default: return t('builder.noData');
    }
  };
  const unitOf = (d: ChartData): string => {
    switch (d.kind) {
      case 'scaling': return d.scaling.unit;
      case 'time-series': return d.series.unit;
      case 'compare-bars': case 'speedup-heatmap': case 'repetitions': return d.compare.pairs[0]?.unit ?? '';
      case 'latency-cdf': case 'latency-exceedance': return 'ms';
      case 'run-series': return d.overlay.unit;
      case 'wait-events': return spec?.kind === 'wait-events' && spec.measure === 'avg_ms' ? 'ms' : '%';
      case 'scatter': return [d.scatter.x_unit, d.scatter.y_unit].filter(Boolean).join(' / ');
      case 'box-plot': return d.boxes.unit;
      case 'trend': return d.trend.unit;
      case 'timeline': return [...new Set(d.timeline.lanes.map((l) => l.unit).filter(Boolean))].join(' / ');
    }
  };
  const caption = data
    ? (data.kind === 'compare-bars' || data.kind === 'speedup-heatmap' || data.kind === 'repetitions'
      ? `${t('builder.units', { unit: unitOf(data) || '–' })} · ${t('builder.baseline', { baseline: data.compare.baseline })} · ${data.compare.convention_note}`
      : data.kind === 'trend' ? `${t('builder.units', { unit: unitOf(data) || '–' })} · ${trendCaption(data.trend, t)}`
        : t('builder.units', { unit: unitOf(data) || '–' }))
    : '';
  const workloads = data?.kind === 'scaling' ? scalingWorkloads(data.scaling, spec?.kind === 'scaling' ? spec.workload : undefined) : null;

  const save = (asNew: boolean): void => {
    if (!spec) return;
    // A new chart never takes the edited chart's name: saving under it would replace that chart.
    const name = asNew && saved && shownTitle === saved.name ? `${shownTitle} (copy)` : shownTitle;
    bridge.call('charts.save', { study: study.slug, name, spec, ...(!asNew && saved ? { id: saved.id } : {}) }).then((c) => {
      // A chart reopened from the Charts list stays the one edited (a copy saved as new becomes
      // it); a new chart's builder stays new: saving under the same name updates it, another
      // name makes another chart, and changing the kind never overwrites the chart before.
      if (saved) setSaved(c);
      setTitle(c.name);
      setNote(t('chart.saved', { name: c.name }));
      onSaved?.(c);
    }, (err: Error) => setNote(err.message));
  };

  if (!spec) return <div className="builder" data-testid="chart-builder" data-state="loading">{proposeError && <p className="notice">{proposeError}</p>}</div>;

  return (
    <div className="builder" data-testid="chart-builder" data-state={current || error ? 'ready' : 'loading'} data-kind={spec.kind} data-editing={saved?.id ?? ''}>
      {saved && <p className="muted" data-testid="builder-editing">{t('builder.editing', { name: saved.name })}</p>}
      <div className="controls">
        <label>{t('builder.kind')}
          <select name="builder-kind" value={spec.kind} onChange={(e) => setSpec(respec(spec, e.target.value as Kind, choices))}>
            {KINDS.map((k) => <option key={k} value={k}>{t(`builder.kind.${k}`)}</option>)}
          </select>
        </label>
        <BuilderControls spec={spec} setSpec={setSpec} choices={choices} dictionary={dictionary} data={current ? data : null} workloads={workloads?.workloads ?? []} />
      </div>
      {error && <p className="notice" role="status" data-testid="builder-why">{error}</p>}
      {'runs' in spec && spec.runs.length === 0 && <p className="notice" role="status" data-testid="builder-why">{t('builder.pickRuns')}</p>}
      {data && current && !option && <p className="notice" role="status" data-testid="builder-why">{why(data)}</p>}
      {option && shown && (
        <EChart id="builder" option={option} height={chartHeight(shown.spec, shown.data, 460, 'interactive')} exportXlsx={coreXlsx(bridge, study.slug, shown.spec, shownTitle, locale)} />
      )}
      {data && <p className="muted" data-testid="builder-caption">{caption}</p>}
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); save(false); }}>
        <input name="builder-title" aria-label={t('builder.title')} placeholder={autoTitle} value={title} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" className="primary" name="builder-save" disabled={!option}>{saved ? t('builder.update') : t('chart.save')}</button>
        {saved && <button type="button" name="builder-save-new" disabled={!option} onClick={() => save(true)}>{t('builder.saveAsNew')}</button>}
        {note && <span className="muted" role="status" data-testid="builder-saved">{note}</span>}
      </form>
    </div>
  );
}
