/**
 * The chart builder's controls for the kind chosen: sides (a baseline and any number of
 * candidates), metrics, X, runs, and the kind's options. Each control changes the spec; the
 * builder draws what the spec asks.
 */
import type { JSX } from 'react';
import { useMemo } from 'react';
import type { ChartData, ChartSpec, MetricInfo } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';
import { hasBins, hasWaits, specCandidates, type StudyChoices } from './builder-specs.js';

const TOPS = [3, 5, 8, 12, 20];

interface Props {
  spec: ChartSpec;
  setSpec(spec: ChartSpec): void;
  choices: StudyChoices;
  dictionary: MetricInfo[];
  /** The data drawn for the spec, when it answers it (time-series configurations, runs' metrics, box workloads). */
  data: ChartData | null;
  /** A scaling chart's workloads (a grid's), to show one of. */
  workloads: string[];
}

export function BuilderControls({ spec, setSpec, choices, dictionary, data, workloads }: Props): JSX.Element {
  const { t, metricLabel } = useI18n();
  const { study, runs, seriesMetrics, xs } = choices;
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const labels = [...study.configs, ...study.periods];
  const set = (changes: Record<string, unknown>): void => setSpec({ ...spec, ...changes } as ChartSpec);
  const order = (present: Iterable<string>): string[] => {
    const have = new Set(present);
    return [...dictionary.map((m) => m.name).filter((m) => have.has(m)), ...[...have].filter((m) => !byName.has(m)).sort()];
  };
  const runMetrics = useMemo(() => order(runs.flatMap((r) => Object.keys(r.metrics))), [runs, dictionary]); // eslint-disable-line react-hooks/exhaustive-deps
  const seriesOnly = useMemo(() => order(seriesMetrics), [seriesMetrics, dictionary]); // eslint-disable-line react-hooks/exhaustive-deps
  const metricSelect = (name: string, value: string, list: string[], field: string, caption = t('compare.metric')): JSX.Element => (
    <label key={name}>{caption}
      <select name={name} value={value} onChange={(e) => set({ [field]: e.target.value })}>
        {[...new Set([...list, value])].filter(Boolean).map((m) => <option key={m} value={m}>{metricLabel(byName.get(m), m)}</option>)}
      </select>
    </label>
  );
  const sideOptions = (list: string[]): JSX.Element[] => list.map((l) => <option key={l} value={l}>{l}</option>);
  const logToggle = (
    <label className="inline-toggle" key="log"><input type="checkbox" name="builder-log" checked={'logScale' in spec && spec.logScale === true} onChange={(e) => set({ logScale: e.target.checked || undefined })} />{t('builder.log')}</label>
  );
  const runPicker = (pool: typeof runs): JSX.Element => {
    const picked = 'runs' in spec ? spec.runs : [];
    const toggle = (id: number, on: boolean): void => set({ runs: on ? [...picked, id] : picked.filter((r) => r !== id) });
    return (
      <fieldset className="run-picker" data-testid="builder-runs" key="runs">
        <legend>{t('builder.runs')}</legend>
        {study.configs.map((config) => {
          const list = pool.filter((r) => r.config === config);
          if (list.length === 0) return null;
          return (
            <div key={config} className="run-picker-group">
              <span className="muted">{config}</span>
              {list.map((r) => (
                <label key={r.id}><input type="checkbox" name={`builder-run-${r.id}`} data-run={r.id} checked={picked.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />{r.name}</label>
              ))}
            </div>
          );
        })}
      </fieldset>
    );
  };

  const isPeriods = (l: string | undefined): boolean => l !== undefined && study.periods.includes(l);
  switch (spec.kind) {
    case 'compare-bars': {
      const candidates = specCandidates(spec);
      const sides = isPeriods(spec.baseline) ? study.periods : study.configs;
      // Several candidates: each a checkbox; the first checked is the spec's `candidate` (what an older reader expects).
      const setCandidates = (next: string[]): void => {
        const ordered = sides.filter((c) => next.includes(c));
        if (ordered.length === 0) return;
        const { candidates: _c, ...rest } = spec;
        setSpec({ ...rest, candidate: ordered[0]!, ...(ordered.length > 1 ? { candidates: ordered } : {}) });
      };
      return (
        <>
          <label>{t('compare.baseline')}
            <select name="builder-baseline" value={spec.baseline} onChange={(e) => {
              const baseline = e.target.value;
              const pool = isPeriods(baseline) ? study.periods : study.configs;
              const kept = candidates.filter((c) => c !== baseline && pool.includes(c));
              const first = kept[0] ?? pool.find((c) => c !== baseline) ?? baseline;
              const { candidates: _c, ...rest } = spec;
              setSpec({ ...rest, baseline, candidate: first, ...(kept.length > 1 ? { candidates: kept } : {}) });
            }}>{sideOptions(labels)}</select>
          </label>
          <label>{t('compare.candidate')}
            <select name="builder-candidate" value={candidates[0] ?? ''} onChange={(e) => setCandidates([e.target.value, ...candidates.slice(1).filter((c) => c !== e.target.value)])}>
              {sideOptions(sides.filter((c) => c !== spec.baseline))}
            </select>
          </label>
          <fieldset className="builder-candidates" data-testid="builder-candidates">
            <legend>{t('builder.candidates')}</legend>
            {sides.filter((c) => c !== spec.baseline).map((c) => (
              <label key={c}><input type="checkbox" name={`builder-candidate-${c}`} data-candidate={c} checked={candidates.includes(c)}
                onChange={(e) => setCandidates(e.target.checked ? [...candidates, c] : candidates.filter((x) => x !== c))} />{c}</label>
            ))}
          </fieldset>
          {metricSelect('builder-metric', spec.metric, isPeriods(spec.baseline) ? seriesOnly : runMetrics, 'metric')}
          {/^(read|write|total)\./.test(spec.metric) && (
            <label>{t('builder.scope')}
              <select name="builder-scope" value={spec.scopes?.length ? 'all' : 'one'} onChange={(e) => set({ scopes: e.target.value === 'all' ? ['read', 'write', 'total'] : undefined, normalised: undefined })}>
                <option value="one">{t('builder.scope.one')}</option>
                <option value="all">{t('builder.scope.all')}</option>
              </select>
            </label>
          )}
          {!spec.scopes?.length && (
            <label className="inline-toggle"><input type="checkbox" name="builder-normalised" checked={spec.normalised === true} onChange={(e) => set({ normalised: e.target.checked || undefined })} />{t('compare.normalised')}</label>
          )}
          {logToggle}
        </>
      );
    }
    case 'speedup-heatmap':
      return (
        <>
          <label>{t('compare.baseline')}<select name="builder-baseline" value={spec.baseline} onChange={(e) => set({ baseline: e.target.value })}>{sideOptions(labels)}</select></label>
          {metricSelect('builder-metric', spec.metric, isPeriods(spec.baseline) ? seriesOnly : runMetrics, 'metric')}
        </>
      );
    case 'repetitions':
      return (
        <>
          <label>{t('compare.baseline')}<select name="builder-baseline" value={spec.baseline} onChange={(e) => set({ baseline: e.target.value })}>{sideOptions(study.configs)}</select></label>
          <label>{t('compare.candidate')}<select name="builder-candidate" value={spec.candidate} onChange={(e) => set({ candidate: e.target.value })}>{sideOptions(study.configs.filter((c) => c !== spec.baseline))}</select></label>
          {metricSelect('builder-metric', spec.metric, runMetrics, 'metric')}
        </>
      );
    case 'scaling':
      return (
        <>
          <label>{t('scaling.x')}<select name="builder-x" value={spec.x} onChange={(e) => set({ x: e.target.value })}>
            {[...new Set([...xs, spec.x])].map((k) => <option key={k} value={k}>{k}</option>)}
          </select></label>
          {metricSelect('builder-metric', spec.metric, runMetrics, 'metric')}
          {workloads.length > 1 && (
            <label>{t('scaling.workload')}<select name="builder-workload" value={spec.workload && (spec.workload === '*' || workloads.includes(spec.workload)) ? spec.workload : workloads[0]} onChange={(e) => set({ workload: e.target.value })}>
              {workloads.map((w) => <option key={w} value={w}>{w}</option>)}
              <option value="*">{t('scaling.allWorkloads')}</option>
            </select></label>
          )}
          {logToggle}
        </>
      );
    case 'time-series': {
      const configs = data?.kind === 'time-series' ? data.series.configs : [];
      return (
        <>
          {metricSelect('builder-metric', spec.metric, seriesOnly, 'metric')}
          {configs.length > 1 && (
            <label>{t('series.config')}<select name="builder-config" value={spec.config ?? (data?.kind === 'time-series' ? data.series.config ?? '' : '')} onChange={(e) => set({ config: e.target.value })}>{sideOptions(configs)}</select></label>
          )}
          <label>{t('series.top')}<select name="builder-top" value={spec.top ?? 8} onChange={(e) => set({ top: Number(e.target.value) })}>
            {[...new Set([...TOPS, spec.top ?? 8])].map((n) => <option key={n} value={n}>{n}</option>)}
          </select></label>
          {logToggle}
        </>
      );
    }
    case 'latency-cdf':
    case 'latency-exceedance':
      return runPicker(runs.filter(hasBins));
    case 'run-series': {
      const metrics = data?.kind === 'run-series' ? data.overlay.metrics : [];
      return (
        <>
          {metrics.length > 0 && metricSelect('builder-metric', spec.metric ?? (data?.kind === 'run-series' ? data.overlay.metric : ''), metrics, 'metric', t('overlay.metric'))}
          <label className="inline-toggle"><input type="checkbox" name="builder-align" checked={spec.align ?? true} onChange={(e) => set({ align: e.target.checked })} />{t('overlay.align')}</label>
          {logToggle}
          {runPicker(runs)}
        </>
      );
    }
    case 'wait-events': {
      const awr = study.configs.filter((c) => runs.some((r) => r.config === c && hasWaits(r)));
      return (
        <>
          <label>{t('compare.baseline')}<select name="builder-baseline" value={spec.baseline} onChange={(e) => set({ baseline: e.target.value })}>{sideOptions(awr)}</select></label>
          <label>{t('compare.candidate')}<select name="builder-candidate" value={spec.candidate} onChange={(e) => set({ candidate: e.target.value })}>{sideOptions(awr.filter((c) => c !== spec.baseline))}</select></label>
          <label>{t('waits.kind')}<select name="builder-events" value={spec.events ?? 'foreground'} onChange={(e) => set({ events: e.target.value })}>
            {(['foreground', 'background', 'top'] as const).map((k) => <option key={k} value={k}>{t(`waits.${k}`)}</option>)}
          </select></label>
          <label>{t('builder.measure')}<select name="builder-measure" value={spec.measure ?? 'share'} onChange={(e) => set({ measure: e.target.value === 'share' ? undefined : e.target.value })}>
            <option value="share">{t('builder.measure.share')}</option>
            <option value="avg_ms">{t('builder.measure.avg_ms')}</option>
          </select></label>
        </>
      );
    }
    case 'scatter':
      return (
        <>
          {metricSelect('builder-x', spec.x, seriesOnly, 'x', t('builder.xMetric'))}
          {metricSelect('builder-metric', spec.y, seriesOnly, 'y', t('builder.yMetric'))}
          {logToggle}
        </>
      );
    case 'timeline': {
      // Every lane the study has, by layer: the chart draws those picked (none: the ones it opens on).
      const choices = data?.kind === 'timeline' ? data.timeline.choices : [];
      const picked = spec.lanes ?? (data?.kind === 'timeline' ? data.timeline.lanes.map((l) => l.id) : []);
      return (
        <label className="lane-picker">{t('timeline.lanes')}
          <select name="builder-lanes" multiple size={8} value={picked} onChange={(e) => set({ lanes: [...e.target.selectedOptions].map((o) => o.value).slice(0, 64) })}>
            {choices.map((c) => <option key={c.id} value={c.id}>{`${t(`timeline.layer.${c.layer}`)} · ${c.source}: ${metricLabel(byName.get(c.metric), c.metric)}${c.unit ? ` (${c.unit})` : ''}`}</option>)}
          </select>
        </label>
      );
    }
    case 'box-plot': {
      const over = spec.over;
      const boxWorkloads = data?.kind === 'box-plot' ? data.boxes.workloads ?? [] : [];
      const pool = study.configs;
      const picked = spec.configs ?? [];
      return (
        <>
          {metricSelect('builder-metric', spec.metric, over === 'runs' ? runMetrics : seriesOnly, 'metric')}
          <label>{t('builder.over')}<select name="builder-over" value={over} onChange={(e) => set({ over: e.target.value, workload: undefined })}>
            {(['runs', 'intervals', 'objects'] as const).map((o) => <option key={o} value={o}>{t(`box.over.${o}`)}</option>)}
          </select></label>
          {over === 'runs' && boxWorkloads.length > 1 && (
            <label>{t('scaling.workload')}<select name="builder-workload" value={spec.workload ?? ''} onChange={(e) => set({ workload: e.target.value || undefined })}>
              <option value="">{t('builder.allRuns')}</option>
              {boxWorkloads.map((w) => <option key={w} value={w}>{w}</option>)}
            </select></label>
          )}
          <fieldset className="builder-candidates" data-testid="builder-configs">
            <legend>{t('series.config')}</legend>
            {pool.map((c) => (
              <label key={c}><input type="checkbox" name={`builder-config-${c}`} checked={picked.length === 0 || picked.includes(c)}
                onChange={(e) => {
                  const now = picked.length === 0 ? pool : picked;
                  const next = e.target.checked ? pool.filter((x) => now.includes(x) || x === c) : now.filter((x) => x !== c);
                  if (next.length > 0) set({ configs: next.length === pool.length ? undefined : next });
                }} />{c}</label>
            ))}
          </fieldset>
          {logToggle}
        </>
      );
    }
    case 'trend': {
      const trendWorkloads = data?.kind === 'trend' ? data.trend.workloads : [];
      // Otava's options, each a number field that leaves the default when emptied.
      const numberField = (name: string, field: 'windowLen' | 'maxPValue' | 'minMagnitude' | 'minLevelRuns', caption: string, placeholder: string, step: string): JSX.Element => (
        <label key={name}>{caption}
          <input type="number" name={name} step={step} min="0" placeholder={placeholder} value={spec[field] ?? ''} className="narrow"
            onChange={(e) => set({ [field]: e.target.value === '' ? undefined : Number(e.target.value) })} />
        </label>
      );
      return (
        <>
          {metricSelect('builder-metric', spec.metric, runMetrics, 'metric')}
          <label>{t('scaling.workload')}
            <select name="builder-trend-workload" value={spec.workload ?? ''} onChange={(e) => set({ workload: e.target.value || undefined })}>
              {(trendWorkloads.length !== 1 || !spec.workload) && <option value="">{trendWorkloads.length === 1 ? trendWorkloads[0]!.label : t('trend.pickWorkload')}</option>}
              {trendWorkloads.map((w) => <option key={w.workload} value={w.workload}>{`${w.label} (${w.runs})`}</option>)}
              {spec.workload && !trendWorkloads.some((w) => w.workload === spec.workload) && <option value={spec.workload}>{spec.workload}</option>}
            </select>
          </label>
          {numberField('builder-trend-window', 'windowLen', t('trend.window'), '50', '1')}
          {numberField('builder-trend-p', 'maxPValue', t('trend.maxP'), '0.001', '0.001')}
          {numberField('builder-trend-magnitude', 'minMagnitude', t('trend.minMagnitude'), '0', '0.01')}
          {numberField('builder-trend-level', 'minLevelRuns', t('trend.minLevelRuns'), '3', '1')}
          {logToggle}
        </>
      );
    }
  }
}
