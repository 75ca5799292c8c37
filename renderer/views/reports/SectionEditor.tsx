/** One report section's editor: headline figures, Markdown text, a saved chart, a comparison table, a table of values. */
import type { JSX } from 'react';
import type { AnalysisSpec, HeadlineItem, MetricInfo, ReportLayout, ReportSection, SavedChart, StudySummary } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';
import { PivotEditor } from './PivotEditor.js';

interface Props {
  section: ReportSection;
  study: StudySummary;
  metrics: string[];
  dictionary: Map<string, MetricInfo>;
  charts: SavedChart[];
  onChange(section: ReportSection): void;
}

const STATS = ['', 'mean', 'max', 'p95', 'p99'] as const;

/**
 * The report's analysis specification (issue 33): the baseline every section sets configurations
 * against, the metric its findings are stated on, the tie band; with the workload filter beside
 * it, what every section of the report computes from. Empty: the study's defaults.
 */
export function AnalysisSpecEditor({ layout, study, metrics, params, studyKeys, dictionary, onChange }: {
  layout: ReportLayout; study: StudySummary; metrics: string[];
  /** The parameters the study's runs have: the pairing keys to choose from; and the study's own keys, where a report's own start. */
  params: string[]; studyKeys: string[];
  dictionary: Map<string, MetricInfo>; onChange(layout: ReportLayout): void;
}): JSX.Element {
  const { t, metricLabel } = useI18n();
  const spec = layout.analysis ?? {};
  const set = (patch: Partial<AnalysisSpec>): void => {
    const next: Record<string, unknown> = { ...spec, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    const { analysis: _drop, ...rest } = layout;
    onChange(Object.keys(next).length ? { ...rest, analysis: next as AnalysisSpec } : rest);
  };
  const throughput = metrics.filter((m) => dictionary.get(m)?.better === 'higher');
  const latencies = metrics.filter((m) => dictionary.get(m)?.better === 'lower');
  // Every section computes from one specification: its candidates, latency and pairing keys too.
  const others = study.configs.filter((c) => c !== spec.baseline);
  const candidates = spec.candidates;
  const toggleCandidate = (c: string, on: boolean): void => {
    const now = candidates ?? others;
    const next = on ? others.filter((o) => now.includes(o) || o === c) : now.filter((o) => o !== c);
    set({ candidates: next.length === others.length ? undefined : next });
  };
  return (
    <fieldset className="checks report-analysis" data-testid="analysis-spec"><legend>{t('reports.analysis')}</legend>
      <label>{t('reports.analysisBaseline')}
        <select name="analysis-baseline" value={spec.baseline ?? ''} onChange={(e) => {
          // The new baseline is no candidate of itself.
          const kept = candidates?.filter((c) => c !== e.target.value);
          set({ baseline: e.target.value || undefined, candidates: kept?.length ? kept : undefined });
        }}>
          <option value="">{t('reports.analysisDefault')}</option>
          {study.configs.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      <label>{t('reports.analysisMetric')}
        <select name="analysis-metric" value={spec.metrics?.[0] ?? ''} onChange={(e) => set({ metrics: e.target.value ? [e.target.value] : undefined })}>
          <option value="">{t('reports.analysisMetricDefault')}</option>
          {throughput.map((m) => <option key={m} value={m}>{metricLabel(dictionary.get(m), m)}</option>)}
        </select>
      </label>
      <label>{t('reports.analysisLatency')}
        <select name="analysis-latency" value={spec.latency ?? ''} onChange={(e) => set({ latency: e.target.value || undefined })}>
          <option value="">{t('reports.analysisDefault')}</option>
          {latencies.map((m) => <option key={m} value={m}>{metricLabel(dictionary.get(m), m)}</option>)}
        </select>
      </label>
      <label>{t('reports.analysisTieBand')}
        <input name="analysis-tie-band" type="number" min={0} max={100} step={0.5} value={spec.tie_band_pct ?? ''} placeholder={t('reports.analysisTieBandDefault')}
          onChange={(e) => set({ tie_band_pct: e.target.value === '' ? undefined : Math.min(100, Math.max(0, Number(e.target.value))) })} />
      </label>
      {others.length > 1 && (
        <fieldset className="checks" data-testid="analysis-candidates"><legend>{t('reports.candidates')}</legend>
          {others.map((c) => (
            <label key={c}><input type="checkbox" name={`analysis-candidate-${c}`} checked={(candidates ?? others).includes(c)}
              disabled={(candidates ?? others).length === 1 && (candidates ?? others).includes(c)}
              onChange={(e) => toggleCandidate(c, e.target.checked)} />{c}</label>
          ))}
        </fieldset>
      )}
      {params.length > 0 && (
        <fieldset className="checks" data-testid="analysis-pairing"><legend>{t('reports.analysisPairing')}</legend>
          <label><input type="checkbox" name="analysis-pairing-study" checked={spec.pairing_keys === undefined}
            onChange={(e) => set({ pairing_keys: e.target.checked ? undefined : studyKeys.filter((k) => params.includes(k)) })} />{t('reports.analysisPairingStudy')}</label>
          {spec.pairing_keys !== undefined && params.map((k) => (
            <label key={k}><input type="checkbox" name={`analysis-key-${k}`} checked={spec.pairing_keys!.includes(k)}
              onChange={(e) => set({ pairing_keys: e.target.checked ? [...spec.pairing_keys!, k] : spec.pairing_keys!.filter((x) => x !== k) })} />{k}</label>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}

export function SectionEditor({ section, study, metrics, dictionary, charts, onChange }: Props): JSX.Element {
  const { t, metricLabel } = useI18n();
  const labels = [...study.configs, ...study.periods];
  const sideOptions = labels.map((l) => <option key={l} value={l}>{l}</option>);
  const metricOptions = metrics.map((m) => <option key={m} value={m}>{metricLabel(dictionary.get(m), m)}</option>);
  const titleInput = section.type !== 'chart' && (
    <label className="wide">{t('reports.sectionTitle')}
      <input name="section-title" value={section.title ?? ''} onChange={(e) => onChange({ ...section, title: e.target.value || undefined } as ReportSection)} />
    </label>
  );

  switch (section.type) {
    case 'text':
      return (
        <div className="section-editor">
          {titleInput}
          <label className="wide">{t('reports.markdown')}
            <textarea name="markdown" rows={5} value={section.markdown} placeholder={t('reports.markdownHint')} onChange={(e) => onChange({ ...section, markdown: e.target.value })} />
          </label>
        </div>
      );
    case 'chart':
      return (
        <div className="section-editor">
          {charts.length === 0 && <p className="muted">{t('reports.noCharts')}</p>}
          <label>{t('reports.chartPick')}
            <select name="chart" value={section.chart} onChange={(e) => onChange({ ...section, chart: Number(e.target.value) })}>
              {!charts.some((c) => c.id === section.chart) && <option value={section.chart}>–</option>}
              {charts.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </label>
          <label className="wide">{t('reports.caption')}
            <input name="caption" value={section.caption ?? ''} onChange={(e) => onChange({ ...section, caption: e.target.value || undefined })} />
          </label>
        </div>
      );
    case 'table':
      return (
        <div className="section-editor">
          {titleInput}
          <label>{t('compare.baseline')}
            <select name="table-baseline" value={section.baseline} onChange={(e) => onChange({ ...section, baseline: e.target.value, candidates: section.candidates.filter((c) => c !== e.target.value) })}>{sideOptions}</select>
          </label>
          <fieldset className="checks"><legend>{t('reports.candidates')}</legend>
            {labels.filter((l) => l !== section.baseline).map((l) => (
              <label key={l}><input type="checkbox" checked={section.candidates.includes(l)}
                onChange={(e) => onChange({ ...section, candidates: e.target.checked ? [...section.candidates, l] : section.candidates.filter((c) => c !== l) })} />{l}</label>
            ))}
          </fieldset>
          <label>{t('reports.metrics')}
            <select name="table-metrics" multiple size={4} value={section.metrics}
              onChange={(e) => onChange({ ...section, metrics: [...e.target.selectedOptions].map((o) => o.value) })}>{metricOptions}</select>
          </label>
        </div>
      );
    case 'pivot':
      return (
        <div className="section-editor">
          {titleInput}
          <PivotEditor section={section} study={study} metrics={metrics} dictionary={dictionary} onChange={onChange} />
        </div>
      );
    case 'headline': {
      const setItem = (i: number, item: HeadlineItem): void => onChange({ ...section, items: section.items.map((x, j) => (j === i ? item : x)) });
      return (
        <div className="section-editor">
          {titleInput}
          {/* The study's design and the analysis' findings before any figure (the report's analysis specification above). */}
          <label className="inline-check"><input type="checkbox" name="headline-findings" checked={section.findings === true}
            onChange={(e) => { const { findings: _drop, ...rest } = section; onChange(e.target.checked ? { ...rest, findings: true } : rest); }} />{t('reports.findings')}</label>
          {section.sweep && (
            // A sweep headline: the baseline its peaks are set against (default: the first configuration imported).
            <div className="headline-item" data-sweep={section.sweep.x}>
              <label>{t('reports.sweepBaseline')}<select name="sweep-baseline" value={section.sweep.baseline ?? study.configs[0] ?? ''} onChange={(e) => onChange({ ...section, sweep: { ...section.sweep!, baseline: e.target.value } })}>
                {study.configs.map((c) => <option key={c} value={c}>{c}</option>)}
              </select></label>
              <label>{t('compare.metric')}<select name="sweep-metric" value={section.sweep.metric} onChange={(e) => onChange({ ...section, sweep: { ...section.sweep!, metric: e.target.value } })}>{metricOptions}</select></label>
              {/* The latency stated at each peak and judged for "stable up to" (p95, p99, mean...). */}
              <label>{t('reports.sweepLatency')}<select name="sweep-latency" value={section.sweep.latency ?? ''}
                onChange={(e) => { const { latency: _drop, ...rest } = section.sweep!; onChange({ ...section, sweep: e.target.value ? { ...rest, latency: e.target.value } : rest }); }}>
                <option value="">{t('reports.sweepLatencyDefault')}</option>
                {metrics.filter((m) => dictionary.get(m)?.unit === 'ms').map((m) => <option key={m} value={m}>{metricLabel(dictionary.get(m), m)}</option>)}
              </select></label>
            </div>
          )}
          {section.items.map((item, i) => (
            <div key={i} className="headline-item" data-item={i}>
              <label>{t('compare.baseline')}<select name="item-baseline" value={item.baseline} onChange={(e) => setItem(i, { ...item, baseline: e.target.value })}>{sideOptions}</select></label>
              <label>{t('compare.candidate')}<select name="item-candidate" value={item.candidate ?? ''} onChange={(e) => setItem(i, { ...item, candidate: e.target.value || undefined })}>
                <option value="">{t('reports.singleValue')}</option>{sideOptions}
              </select></label>
              {item.candidate === undefined && (
                <label>{t('reports.limit')}<input name="item-limit" type="number" min={0} value={item.limit ?? ''} onChange={(e) => setItem(i, { ...item, limit: Number(e.target.value) > 0 ? Number(e.target.value) : undefined })} /></label>
              )}
              <label>{t('compare.metric')}<select name="item-metric" value={item.metric} onChange={(e) => setItem(i, { ...item, metric: e.target.value })}>{metricOptions}</select></label>
              <label>{t('reports.workload')}<input name="item-workload" placeholder={t('reports.allWorkloads')} value={item.workload ?? ''} onChange={(e) => setItem(i, { ...item, workload: e.target.value || undefined })} /></label>
              {study.periods.includes(item.baseline) && (
                <label>{t('reports.stat')}<select name="item-stat" value={item.perObjectDay ?? ''} onChange={(e) => setItem(i, { ...item, perObjectDay: (e.target.value || undefined) as HeadlineItem['perObjectDay'] })}>
                  {STATS.map((s) => <option key={s} value={s}>{s || '–'}</option>)}
                </select></label>
              )}
              <label>{t('reports.label')}<input name="item-label" value={item.label ?? ''} onChange={(e) => setItem(i, { ...item, label: e.target.value || undefined })} /></label>
              <button type="button" className="link" onClick={() => onChange({ ...section, items: section.items.filter((_, j) => j !== i) })}>{t('reports.remove')}</button>
            </div>
          ))}
          <button type="button" name="add-item" onClick={() => onChange({ ...section, items: [...section.items, { baseline: labels[0] ?? '', candidate: labels[1] ?? '', metric: metrics[0] ?? 'total.iops' }] })}>{t('reports.addItem')}</button>
        </div>
      );
    }
  }
}
