import { useEffect, useMemo, useState, type JSX } from 'react';
import type { ChartSpec, CompareResult, MetricInfo, RunRecord, StudyDefaults, StudySettingsRecord, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { EChart } from '../../charts/EChart.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';
import { compareBarsOption } from '../../charts/kinds/compare-bars.js';
import { chartHeight } from '../../charts/chart-option.js';
import { heatmapOption, shownMatrix as withPairs } from '../../charts/kinds/speedup-heatmap.js';
import { repetitionsOption } from '../../charts/kinds/repetitions.js';
import { colourOrder, coreXlsx } from '../../charts/use-chart.js';
import { MatrixTable } from './MatrixTable.js';
import { SpeedupTable } from './SpeedupTable.js';
import { WarningsPanel } from './WarningsPanel.js';
import { SaveChart } from '../../components/SaveChart.js';
import { formatValue, withUnit } from '../../format.js';

interface Props {
  study: StudySummary;
  runs: RunRecord[];
  dictionary: MetricInfo[];
  /** What the study opens on: the sides and the primary metric with the most workloads in common. */
  defaults?: StudyDefaults | null;
  /** Opens a run in the Runs tab (a warning's link). */
  onOpenRun?(run: number): void;
  /** Opens the runs overlaid (latency distribution, aligned series) with these runs chosen. */
  onOverlay?(runs: number[]): void;
  /** The study's runs changed here (runs counted in): every view reloads them. */
  onChanged?(): void;
}

const CONVENTIONS = ['x-fold', 'percent-change', 'percent-of-baseline'] as const;
const PER_OBJECT_DAY = ['mean', 'max', 'p95', 'p99'] as const;
/** Parameters a user may pair on, in the order they are offered. */
const KEY_ORDER = ['bs', 'bssplit', 'pattern', 'read_pct', 'rw', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'report', 'inst_num', 'ioengine', 'direct', 'target'];

/**
 * The per-object pairs of a period comparison ordered for the chart (by name, by speedup, best
 * first, or by the baseline's value, highest first) and cut to the top N; "all objects" stays first.
 */
export function orderObjects(result: CompareResult, metric: string, order: 'name' | 'speedup' | 'baseline', top: number): CompareResult {
  const mine = (p: CompareResult['pairs'][number]): boolean => p.metric === metric && p.candidate_label === result.candidate;
  const all = result.pairs.filter((p) => mine(p) && p.object === '*');
  const objects = result.pairs.filter((p) => mine(p) && p.object !== '*');
  const by = order === 'speedup' ? (a: typeof objects[number], b: typeof objects[number]) => (b.speedup ?? 0) - (a.speedup ?? 0)
    : order === 'baseline' ? (a: typeof objects[number], b: typeof objects[number]) => b.baseline - a.baseline
      : (a: typeof objects[number], b: typeof objects[number]) => a.workload.localeCompare(b.workload);
  const kept = [...objects].sort(by).slice(0, top > 0 ? top : objects.length);
  return { ...result, pairs: [...all, ...kept, ...result.pairs.filter((p) => !mine(p))] };
}

/** Families in the order the picker shows them (the core's catalog order). */
const FAMILIES: ReadonlyArray<NonNullable<MetricInfo['family']>> = ['throughput', 'latency', 'load', 'io', 'top-waits', 'time-model', 'waits', 'bg-waits', 'sql', 'other', 'idle-waits'];

/** The metrics by family, those matching every word of the search (in the name or the label). */
export function groupMetrics(metrics: readonly string[], byName: ReadonlyMap<string, MetricInfo>, search: string, label: (m: string) => string): Array<{ family: NonNullable<MetricInfo['family']>; metrics: string[] }> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const match = (m: string): boolean => words.every((w) => m.toLowerCase().includes(w) || label(m).toLowerCase().includes(w));
  const out = FAMILIES.map((family) => ({ family, metrics: metrics.filter((m) => (byName.get(m)?.family ?? 'other') === family && match(m)) }));
  return out.filter((g) => g.metrics.length > 0);
}

/** Baseline against candidate: the study's convention, pairing keys, significance, warnings. */
export function CompareView({ study, runs, dictionary, defaults, onOpenRun, onOverlay, onChanged }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const labels = [...study.configs, ...study.periods];
  // The study's strongest view first (its primary metric, not the first of a list).
  const opening = defaults?.compare ?? null;
  const [baseline, setBaseline] = useState(opening?.baseline ?? labels[0] ?? '');
  const [candidate, setCandidate] = useState(opening?.candidate ?? labels[1] ?? '');
  const [metric, setMetric] = useState(opening?.metric ?? defaults?.metrics[0]?.metric ?? 'total.iops');
  const [perObjectDay, setPerObjectDay] = useState<(typeof PER_OBJECT_DAY)[number]>('mean');
  // Per-object bars (volumes in a period comparison): in the order chosen, the top N only.
  const [objectOrder, setObjectOrder] = useState<'name' | 'speedup' | 'baseline'>('name');
  const [objectTop, setObjectTop] = useState(0);
  const [normalised, setNormalised] = useState(false);
  const [showReps, setShowReps] = useState(false);
  const { chart: theme } = useTheme();
  const [settings, setSettings] = useState<StudySettingsRecord | null>(null);
  const [seriesMetrics, setSeriesMetrics] = useState<string[]>([]);
  // The study's metrics described and grouped (an AWR study has hundreds: load profile, waits...).
  const [catalog, setCatalog] = useState<MetricInfo[] | null>(null);
  const [metricSearch, setMetricSearch] = useState('');
  const [result, setResult] = useState<CompareResult | null>(null);
  const [matrix, setMatrix] = useState<CompareResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The workload filter as typed, and as applied (on Enter or leaving the field: a half-typed clause is not sent).
  const [whereDraft, setWhereDraft] = useState('');
  const [where, setWhere] = useState('');

  useEffect(() => {
    bridge.call('studies.settings', { study: study.slug }).then(setSettings, (err: Error) => setError(err.message));
    bridge.call('series.metrics', { study: study.slug }).then(setSeriesMetrics, () => setSeriesMetrics([]));
    bridge.call('metrics.catalog', { study: study.slug }).then(setCatalog, () => setCatalog([]));
  }, [bridge, study.slug]);

  const isPeriods = study.periods.includes(baseline) && study.periods.includes(candidate);
  const byName = useMemo(() => new Map([...dictionary, ...(catalog ?? [])].map((m) => [m.name, m])), [dictionary, catalog]);
  const runFiles = useMemo(() => new Map(runs.map((r) => [r.id, `${r.config} · ${r.source.file}`])), [runs]);
  // Offer the metrics the chosen sides have: run metrics for configurations, series for periods.
  const metrics = useMemo(() => {
    const present = new Set(isPeriods ? seriesMetrics : runs.flatMap((r) => Object.keys(r.metrics)));
    // Configurations: the study's catalog (every metric, grouped); periods: their series.
    const listed = !isPeriods && catalog && catalog.length > 0 ? catalog : dictionary;
    return listed.filter((m) => present.has(m.name)).map((m) => m.name);
  }, [runs, dictionary, catalog, isPeriods, seriesMetrics]);
  // The tools' primary metrics head the list, in their order (fio: IOPS, bandwidth, completion latency);
  // the others follow by family. (Periods compare time series: the runs' primary metrics do not apply.)
  const primary = useMemo(() => (isPeriods ? [] : (defaults?.metrics ?? []).map((d) => d.metric).filter((m) => metrics.includes(m))), [defaults, metrics, isPeriods]);
  const primaryShown = useMemo(() => groupMetrics(primary, byName, metricSearch, (m) => metricLabel(byName.get(m), m)).flatMap((g) => g.metrics)
    .sort((a, b) => primary.indexOf(a) - primary.indexOf(b)), [primary, byName, metricSearch, metricLabel]);
  const metricGroups = useMemo(() => groupMetrics(metrics.filter((m) => !primary.includes(m)), byName, metricSearch, (m) => metricLabel(byName.get(m), m)), [metrics, primary, byName, metricSearch, metricLabel]);
  const workloadOf = useMemo(() => {
    const byRun = new Map<number, string>();
    for (const p of result?.pairs ?? []) for (const id of [...p.baseline_runs, ...p.candidate_runs]) if (!byRun.has(id)) byRun.set(id, p.workload_label);
    for (const u of result?.unmatched ?? []) for (const id of u.runs) if (!byRun.has(id)) byRun.set(id, u.workload_label);
    return (id: number): string | undefined => byRun.get(id);
  }, [result]);
  const chosenMetric = metrics.includes(metric) ? metric : metrics[0] ?? metric;
  // An AWR report's session count is an observation and never pairs (the core skips it): not offered for them.
  const keysOffered = useMemo(() => KEY_ORDER.filter((k) => runs.some((r) => r.params[k] !== undefined && !(k === 'sessions' && /^oracle-/.test(r.tool)))), [runs]);

  const ready = Boolean(settings && catalog !== null && baseline && candidate && baseline !== candidate && metrics.length > 0);
  useEffect(() => {
    if (!ready || !settings) return;
    // Late answers for an earlier selection must not land under the new one.
    let current = true;
    setResult(null);
    setMatrix(null);
    const common = { study: study.slug, baseline, metrics: [chosenMetric], convention: settings.convention, tieBandPct: settings.tie_band_pct, locale };
    const request = isPeriods
      ? { ...common, candidate, aggregation: { perObjectDay } }
      : { ...common, candidate, pairingKeys: settings.pairing_keys, ...(where.trim() ? { where } : {}) };
    bridge.call('compare.run', request).then((r) => { if (current) { setResult(r); setError(null); } }, (err: Error) => { if (current) setError(err.message); });
    const others = (isPeriods ? study.periods : study.configs).filter((c) => c !== baseline);
    if (others.length > 1) {
      const all = isPeriods ? { ...common, candidates: others, aggregation: { perObjectDay } } : { ...common, candidates: others, pairingKeys: settings.pairing_keys, ...(where.trim() ? { where } : {}) };
      bridge.call('compare.run', all).then((m) => { if (current) setMatrix(m); }, () => { if (current) setMatrix(null); });
    }
    return () => { current = false; };
  }, [bridge, study, baseline, candidate, chosenMetric, ready, settings, locale, isPeriods, perObjectDay, where]);

  // Optimistic: the control changes at once, the study keeps the choice in the background.
  const save = (changes: Partial<StudySettingsRecord>): void => {
    setSettings((cur) => (cur ? { ...cur, ...changes } : cur));
    bridge.call('studies.updateSettings', { study: study.slug, settings: changes }).catch((err: Error) => setError(err.message));
  };

  const full = result;
  // The two sides' proposal first, else the matrix's (a configuration the matrix would leave out).
  const proposal = result?.proposal ?? matrix?.proposal ?? null;
  const info = byName.get(chosenMetric);
  // The unit the core reported the values in (the study's choice), else the dictionary's.
  const unit = result?.pairs.find((p) => p.metric === chosenMetric)?.unit ?? info?.unit ?? '';
  const label = metricLabel(info, chosenMetric);
  const order = useMemo(() => colourOrder(study), [study]);
  const barSpec = useMemo<ChartSpec | null>(() => (ready ? { kind: 'compare-bars', baseline, candidate, metric: chosenMetric, ...(normalised ? { normalised } : {}), ...(isPeriods ? { perObjectDay } : {}) } : null),
    [ready, baseline, candidate, chosenMetric, normalised, isPeriods, perObjectDay]);
  const option = useMemo(() => {
    if (!full || full.pairs.length === 0 || barSpec?.kind !== 'compare-bars') return null;
    const result = full.kind === 'periods' ? orderObjects(full, chosenMetric, objectOrder, objectTop) : full;
    // The chart of the spec a saved chart keeps, drawn by the one bars builder; hovering a bar
    // gives the exact values, n, and the runs and files behind them.
    const title = normalised ? t('compare.normalisedTitle', { metric: label, baseline: result.baseline }) : label;
    return compareBarsOption({ ...barSpec, baseline: result.baseline, candidate: result.candidate }, { kind: 'compare-bars', labels: order, compare: result }, { title, locale, theme, mode: 'interactive', runFiles });
  }, [full, barSpec, chosenMetric, label, locale, t, normalised, runFiles, objectOrder, objectTop, order, theme]);
  const shownPairs = useMemo(() => result?.pairs.filter((p) => p.metric === chosenMetric && p.candidate_label === result.candidate) ?? [], [result, chosenMetric]);
  const hasReps = shownPairs.some((p) => p.n_baseline > 1 || p.n_candidate > 1);
  const repsSpec = useMemo<ChartSpec | null>(() => (result ? { kind: 'repetitions', baseline: result.baseline, candidate: result.candidate, metric: chosenMetric } : null), [result, chosenMetric]);
  const repsOption = useMemo(() => {
    if (!showReps || !hasReps || !result || repsSpec?.kind !== 'repetitions') return null;
    return repetitionsOption(repsSpec, { kind: 'repetitions', labels: order, compare: result }, { title: t('reps.title', { metric: label }), locale, theme, mode: 'interactive' });
  }, [showReps, hasReps, result, repsSpec, theme, t, label, locale, order]);
  const pairRuns = useMemo(() => [...new Set(shownPairs.flatMap((p) => [...p.baseline_runs, ...p.candidate_runs]))], [shownPairs]);
  // Configurations with no workload in common with the baseline (SVC statistics beside a
  // vdbench grid) have nothing to show in the matrix.
  const shownMatrix = useMemo(() => {
    const m = matrix?.matrix[0];
    return m ? withPairs(m) : null;
  }, [matrix]);
  const heatmap = useMemo(() => {
    const m = shownMatrix;
    if (!m || m.candidates.length === 0 || !matrix) return null;
    return heatmapOption({ kind: 'speedup-heatmap', baseline: m.baseline, metric: chosenMetric }, { kind: 'speedup-heatmap', labels: order, compare: matrix },
      { title: t('compare.heatmapTitle', { metric: label, baseline: m.baseline }), locale, theme, mode: 'interactive' });
  }, [shownMatrix, matrix, label, t, chosenMetric, order, locale, theme]);

  if (labels.length < 2) return <p className="notice">{t('compare.needTwo')}</p>;
  const mixed = !isPeriods && (study.periods.includes(baseline) || study.periods.includes(candidate));
  const direction = info?.volume ? t('compare.volume', { metric: label })
    : info?.better === 'lower' ? t('compare.lowerBetter', { metric: label }) : t('compare.higherBetter', { metric: label });
  const rollup = result?.rollup.find((r) => r.metric === chosenMetric && r.candidate === candidate);
  const metricOption = (m: string): JSX.Element => <option key={m} value={m}>{withUnit(metricLabel(byName.get(m), m), byName.get(m)?.unit ?? '', locale)}</option>;
  const sideOptions = (
    <>
      <optgroup label={t('compare.configsGroup')}>{study.configs.map((c) => <option key={c} value={c}>{c}</option>)}</optgroup>
      {study.periods.length > 0 && <optgroup label={t('compare.periodsGroup')}>{study.periods.map((c) => <option key={c} value={c}>{c}</option>)}</optgroup>}
    </>
  );

  return (
    <div className="compare" data-testid="compare-view" data-state={(result || !ready) && catalog !== null ? 'ready' : 'loading'}
      data-result={result ? `${result.baseline}|${result.candidate}|${result.metrics.join(',')}` : ''}>
      <div className="controls">
        <label>{t('compare.baseline')}
          <select name="baseline" value={baseline} onChange={(e) => setBaseline(e.target.value)}>{sideOptions}</select>
        </label>
        <label>{t('compare.candidate')}
          <select name="candidate" value={candidate} onChange={(e) => setCandidate(e.target.value)}>{sideOptions}</select>
        </label>
        <label>{t('compare.metric')}
          <select name="metric" value={chosenMetric} onChange={(e) => setMetric(e.target.value)}>
            {/* The chosen metric stays listed while a search hides the rest of its group. */}
            {!primaryShown.includes(chosenMetric) && !metricGroups.some((g) => g.metrics.includes(chosenMetric)) && metricOption(chosenMetric)}
            {primaryShown.length > 0 && <optgroup label={t('compare.primaryMetrics')}>{primaryShown.map(metricOption)}</optgroup>}
            {metricGroups.map((g) => (
              <optgroup key={g.family} label={t(`metrics.family.${g.family}`)}>{g.metrics.map(metricOption)}</optgroup>
            ))}
          </select>
        </label>
        {metrics.length > 12 && (
          <label>{t('compare.metricSearch')}
            <input name="metric-search" type="search" value={metricSearch} placeholder={t('compare.metricSearchHint', { count: metrics.length })}
              onChange={(e) => {
                setMetricSearch(e.target.value);
                // The best match is chosen (a name or label typed whole, else the first match), so the chart follows what is typed.
                const found = groupMetrics(metrics, byName, e.target.value, (m) => metricLabel(byName.get(m), m)).flatMap((g) => g.metrics);
                const typed = e.target.value.trim().toLowerCase();
                const first = found.find((m) => m.toLowerCase() === typed || metricLabel(byName.get(m), m).toLowerCase() === typed) ?? found[0];
                if (first && e.target.value.trim()) setMetric(first);
              }} />
          </label>
        )}
        {isPeriods && (
          <>
            <label>{t('compare.objectOrder')}
              <select name="objectOrder" value={objectOrder} onChange={(e) => setObjectOrder(e.target.value as 'name' | 'speedup' | 'baseline')}>
                <option value="name">{t('compare.order.name')}</option>
                <option value="speedup">{t('compare.order.speedup')}</option>
                <option value="baseline">{t('compare.order.baseline')}</option>
              </select>
            </label>
            <label>{t('compare.objectTop')}
              <select name="objectTop" value={objectTop} onChange={(e) => setObjectTop(Number(e.target.value))}>
                {[0, 5, 10, 20].map((n) => <option key={n} value={n}>{n === 0 ? t('series.all') : n}</option>)}
              </select>
            </label>
          </>
        )}
        {isPeriods && (
          <label>{t('compare.perObjectDay')}
            <select name="perObjectDay" value={perObjectDay} onChange={(e) => setPerObjectDay(e.target.value as (typeof PER_OBJECT_DAY)[number])}>
              {PER_OBJECT_DAY.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
        )}
        {settings && (
          <>
            <label>{t('compare.wording')}
              <select name="convention" value={settings.convention} onChange={(e) => save({ convention: e.target.value as StudySettingsRecord['convention'] })}>
                {CONVENTIONS.map((c) => <option key={c} value={c}>{t(`compare.wording.${c}`)}</option>)}
              </select>
            </label>
            {info?.unit === 'ms' && (
              <label>{t('compare.unit')}
                <select name="latencyUnit" value={settings.units.latency} onChange={(e) => save({ units: { ...settings.units, latency: e.target.value as StudySettingsRecord['units']['latency'] } })}>
                  <option value="ms">ms</option><option value="us">µs</option><option value="s">s</option>
                </select>
              </label>
            )}
            {info?.unit === 'MiB/s' && (
              <label>{t('compare.unit')}
                <select name="bandwidthUnit" value={settings.units.bandwidth} onChange={(e) => save({ units: { ...settings.units, bandwidth: e.target.value as StudySettingsRecord['units']['bandwidth'] } })}>
                  {(['MiB/s', 'MB/s', 'GiB/s', 'GB/s'] as const).map((u) => <option key={u} value={u}>{u}</option>)}
                </select>
              </label>
            )}
            <label>{t('compare.tieBand')}
              <input name="tieBand" type="number" min={0} max={100} step={0.5} value={settings.tie_band_pct}
                onChange={(e) => { const v = Number(e.target.value); if (v >= 0 && v <= 100) save({ tie_band_pct: v }); }} />
            </label>
          </>
        )}
      </div>
      <div className="toggles">
        <label className="inline-toggle">
          <input type="checkbox" name="normalised" checked={normalised} onChange={(e) => setNormalised(e.target.checked)} />
          {t('compare.normalised')}
        </label>
        {hasReps && (
          <label className="inline-toggle">
            <input type="checkbox" name="repetitions" checked={showReps} onChange={(e) => setShowReps(e.target.checked)} />
            {t('reps.toggle')}
          </label>
        )}
        <SaveChart study={study.slug} defaultName={`${label}: ${baseline} / ${candidate}${normalised ? ' (×)' : ''}`}
          spec={ready ? { kind: 'compare-bars', baseline, candidate, metric: chosenMetric, ...(normalised ? { normalised } : {}), ...(isPeriods ? { perObjectDay } : {}) } : null} />
        {repsOption && repsSpec && (
          <SaveChart study={study.slug} label={t('chart.saveRepetitions')} defaultName={t('reps.title', { metric: label })} spec={repsSpec} />
        )}
        {shownMatrix && shownMatrix.candidates.length > 0 && (
          <SaveChart study={study.slug} label={t('chart.saveHeatmap')} defaultName={t('compare.heatmapTitle', { metric: label, baseline })} spec={{ kind: 'speedup-heatmap', baseline, metric: chosenMetric }} />
        )}
        {onOverlay && pairRuns.length > 0 && !isPeriods && (
          <button type="button" name="overlay-runs" onClick={() => onOverlay(pairRuns.slice(0, 50))}>{t('compare.overlayRuns')}</button>
        )}
      </div>
      {settings && !isPeriods && (
        <fieldset className="pair-keys" data-testid="pairing-keys">
          <legend>{t('compare.pairBy')}</legend>
          {keysOffered.map((k) => (
            <label key={k}>
              <input type="checkbox" name={`key-${k}`} checked={settings.pairing_keys.includes(k)}
                onChange={(e) => save({ pairing_keys: e.target.checked ? [...settings.pairing_keys, k] : settings.pairing_keys.filter((x) => x !== k) })} />
              {k}
            </label>
          ))}
          <label className="where">{t('compare.where')}
            <input name="where" value={whereDraft} placeholder="stage!=*init,*prepare,*cleanup" title={t('compare.whereHelp')}
              onChange={(e) => setWhereDraft(e.target.value)} onBlur={() => setWhere(whereDraft)}
              onKeyDown={(e) => { if (e.key === 'Enter') setWhere(whereDraft); }} />
          </label>
        </fieldset>
      )}
      {proposal && !isPeriods && (
        // Nothing (or little) pairs because every run differs in one key: that key is what is
        // compared. One click pairs without it (the study's keys, as the checkboxes above).
        <p className="notice proposal" data-testid="pairing-proposal" data-key={proposal.key}>
          <strong>{t('compare.proposal')}</strong> {proposal.message}{' '}
          <button type="button" name="apply-proposal" onClick={() => save({ pairing_keys: proposal.pairing_keys })}>{t('compare.pairWithout', { key: proposal.key })}</button>
        </p>
      )}
      {(baseline === candidate || mixed) && <p className="notice">{t('compare.same')}</p>}
      {isPeriods && seriesMetrics.length === 0 && <p className="notice">{t('compare.noSeries')}</p>}
      {error && <p className="error" role="alert">{error}</p>}
      {ready && result && (
        <>
          <p className="convention" data-testid="convention">
            {t('compare.convention', { baseline, candidate, direction })}{locale === 'zh-CN' ? '' : ' '}{result.convention_note}
            {result.aggregation && <><br />{t('compare.aggregation', { text: result.aggregation })}</>}
            {result.workload_filter && <><br /><span data-testid="workload-filter">{result.workload_filter}</span></>}
          </p>
          {result.pairs.length === 0 ? (
            <p className="notice">{t('compare.noPairs')}</p>
          ) : (
            <>
              {option && barSpec && <EChart id="compare-bars" option={option} units={{ y: unit }} height={chartHeight(barSpec, { kind: 'compare-bars', labels: order, compare: full! }, 420, 'interactive')} exportXlsx={coreXlsx(bridge, study.slug, barSpec, label, locale)} />}
              {repsOption && repsSpec && <EChart id="compare-repetitions" option={repsOption} height={440} units={{ x: 'position', y: unit }} exportXlsx={coreXlsx(bridge, study.slug, repsSpec, t('reps.title', { metric: label }), locale)} />}
              <SpeedupTable result={result} metric={chosenMetric} unit={unit} />
              {rollup && (
                <p className="geomean" data-testid="geomean">
                  {rollup.geomean_speedup !== null && <>{t('compare.geomean', { count: rollup.pairs, value: `${rollup.geomean_speedup.toFixed(2)}x` })}{t('text.sep')}</>}
                  <span data-testid="rollup">{t('compare.rollup', { wins: rollup.wins, losses: rollup.losses, ties: rollup.ties, band: result.tie_band_pct })}
                    {rollup.untested > 0 && <>{t('text.sep')}{t('compare.rollupUntested', { count: rollup.untested })}</>}
                    {(rollup.untested_better ?? 0) + (rollup.untested_worse ?? 0) > 0 && <> {t('compare.rollupBand', { better: rollup.untested_better, worse: rollup.untested_worse })}</>}</span>
                </p>
              )}
              <p className="muted">{t('compare.notSignificant')}</p>
              <p className="muted" data-testid="interval-note">{t('compare.intervalNote')}</p>
              {result.periods?.map((side) => (
                <p className="muted" key={side.metric}>
                  {[side.baseline, ...side.candidates].map((ps) => t('compare.days', { name: `${ps.period.name} (${ps.period.zone})`, days: ps.days.map((d) => `${d.day} ${formatValue(d.value, unit, locale)}`).join(t('list.sep')) })).join(t('text.sep'))}
                </p>
              ))}
              {!isPeriods && <p className="muted">{t('compare.pairedBy', { keys: result.pairing_keys.join(t('list.sep')) })}</p>}
            </>
          )}
          {heatmap && matrix && <EChart id="speedup-heatmap" option={heatmap} height={chartHeight({ kind: 'speedup-heatmap', baseline, metric: chosenMetric }, { kind: 'speedup-heatmap', labels: order, compare: matrix }, Math.max(220, 90 + 40 * (shownMatrix?.candidates.length ?? 1)), 'interactive')} />}
          {matrix && shownMatrix && shownMatrix.candidates.length > 0 && <MatrixTable matrix={shownMatrix} metricLabel={label} tieBandPct={matrix.tie_band_pct} />}
          {matrix?.left_out && matrix.left_out.length > 0 && (
            <div className="notice" data-testid="left-out">
              <strong>{t('compare.leftOut')}</strong>
              <ul>{matrix.left_out.map((l) => <li key={l.candidate} data-candidate={l.candidate} data-reason={l.reason}>{l.message}</li>)}</ul>
            </div>
          )}
          <WarningsPanel warnings={result.warnings} runs={runs} workloadOf={workloadOf} onOpenRun={onOpenRun}
            onCountIn={(ids) => bridge.call('runs.include', { study: study.slug, runs: ids }).then(() => onChanged?.(), (err: Error) => setError(err.message))} />
          {result.unmatched.length > 0 && (
            <section className="unmatched">
              <h3>{t('compare.unmatched')}</h3>
              <ul>
                {result.unmatched.map((u) => (
                  <li key={`${u.side}:${u.workload}`}>
                    {t('compare.unmatchedRow', { workload: u.workload_label, configs: (u.configs && u.configs.length > 0 ? u.configs : [u.side === 'baseline' ? baseline : u.candidate ?? candidate]).join(t('list.sep')) })}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
