/**
 * The report composer: a study's reports, each an ordered list of sections the user adds, moves
 * and edits; a preview laid out on pages exactly as the PDF; PDF and XLSX export.
 */
import type { JSX } from 'react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MetricInfo, ReportDocument, ReportRecord, ReportSection, ReportTemplate, RunRecord, SavedChart, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { download } from '../../charts/chart-export.js';
import { useI18n } from '../../i18n/i18n.js';
import { ReportPages } from './ReportPages.js';
import { PreviewFrame } from './PreviewFrame.js';
import { AnalysisSpecEditor, SectionEditor } from './SectionEditor.js';

const TEMPLATES: ReportTemplate[] = ['findings', 'before-after', 'cache-on-off', 'config-matrix', 'sweep'];
const CONVENTIONS = ['x-fold', 'percent-change', 'percent-of-baseline'] as const;
const newId = (): string => Math.random().toString(36).slice(2, 10);

interface Props {
  study: StudySummary;
  runs: RunRecord[];
  dictionary: MetricInfo[];
}

export function ReportsView({ study, runs, dictionary }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const [reports, setReports] = useState<ReportRecord[] | null>(null);
  const [charts, setCharts] = useState<SavedChart[]>([]);
  const [seriesMetrics, setSeriesMetrics] = useState<string[]>([]);
  const [studyKeys, setStudyKeys] = useState<string[]>([]);
  const [draft, setDraft] = useState<ReportRecord | null>(null);
  const [dirty, setDirty] = useState(false);
  const [doc, setDoc] = useState<ReportDocument | null>(null);
  const [template, setTemplate] = useState<ReportTemplate | ''>('');
  const [reportLocale, setReportLocale] = useState<'en' | 'zh-CN'>(locale);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const params = useMemo(() => [...new Set(runs.flatMap((r) => Object.keys(r.params)))].sort(), [runs]);
  const metrics = useMemo(() => {
    const present = new Set([...runs.flatMap((r) => Object.keys(r.metrics)), ...seriesMetrics]);
    return [...dictionary.map((m) => m.name).filter((m) => present.has(m)), ...[...present].filter((m) => !byName.has(m)).sort()];
  }, [runs, seriesMetrics, dictionary, byName]);

  const load = useCallback(async (select?: number) => {
    const [list, saved] = await Promise.all([bridge.call('reports.list', { study: study.slug }), bridge.call('charts.list', { study: study.slug })]);
    setReports(list);
    setCharts(saved);
    const chosen = list.find((r) => r.id === select) ?? list[0] ?? null;
    setDraft(chosen);
    setDirty(false);
    setDoc(null);
    if (chosen) setDoc(await bridge.call('reports.render', { study: study.slug, report: chosen.id }));
  }, [bridge, study.slug]);

  useEffect(() => {
    load().catch((e: Error) => setError(e.message));
    bridge.call('series.metrics', { study: study.slug }).then(setSeriesMetrics, () => setSeriesMetrics([]));
    bridge.call('studies.settings', { study: study.slug }).then((s) => setStudyKeys(s.pairing_keys), () => setStudyKeys([]));
  }, [bridge, study.slug, load]);

  const run = async (label: string, fn: () => Promise<void>): Promise<void> => {
    setBusy(label);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  // Unsaved edits are not dropped without asking.
  const mayLeave = (): boolean => !dirty || window.confirm(t('reports.discard'));

  const create = (): Promise<void> => run('create', async () => {
    // One "Report language": the open report's; a new report is written in it too.
    const r = await bridge.call('reports.create', { study: study.slug, locale: draft?.layout.locale ?? reportLocale, ...(template ? { template } : {}) });
    await load(r.id);
  });

  const save = async (): Promise<ReportRecord | null> => {
    if (!draft) return null;
    const saved = await bridge.call('reports.save', { study: study.slug, report: { id: draft.id, name: draft.name, layout: draft.layout, sections: draft.sections } });
    setDraft(saved);
    setDirty(false);
    setReports((rs) => rs?.map((r) => (r.id === saved.id ? saved : r)) ?? null);
    setDoc(await bridge.call('reports.render', { study: study.slug, report: saved.id }));
    return saved;
  };

  const exportFile = (kind: 'pdf' | 'xlsx'): Promise<void> => run(kind, async () => {
    const saved = dirty ? await save() : draft;
    if (!saved) return;
    const file = kind === 'pdf'
      ? await bridge.call('reports.pdf', { study: study.slug, report: saved.id })
      : await bridge.call('reports.xlsx', { study: study.slug, report: saved.id });
    download(file.fileName, `data:${file.mime};base64,${file.base64}`);
  });

  const change = (next: ReportRecord): void => {
    setDraft(next);
    setDirty(true);
  };
  const setSections = (sections: ReportSection[]): void => { if (draft) change({ ...draft, sections }); };
  const move = (i: number, by: number): void => {
    if (!draft) return;
    const s = [...draft.sections];
    const [x] = s.splice(i, 1);
    s.splice(i + by, 0, x!);
    setSections(s);
  };
  const labels = [...study.configs, ...study.periods];
  const add = (type: ReportSection['type']): void => {
    if (!draft) return;
    const base = { baseline: labels[0] ?? '', candidate: labels[1] ?? '' };
    const metric = metrics[0] ?? 'total.iops';
    const section: ReportSection = type === 'headline' ? { id: newId(), type, items: [{ ...base, metric }] }
      : type === 'text' ? { id: newId(), type, markdown: '' }
        : type === 'chart' ? { id: newId(), type, chart: charts[0]?.id ?? 0 }
          : type === 'pivot' ? { id: newId(), type, source: { kind: 'runs' }, rows: ['workload'], columns: ['config'], values: [{ metric }] }
            : { id: newId(), type, baseline: base.baseline, candidates: labels.slice(1, 2), metrics: [metric] };
    setSections([...draft.sections, section]);
  };

  const newForm = (
    <div className="controls report-new">
      <label>{t('reports.template')}
        <select name="report-template" value={template} onChange={(e) => setTemplate(e.target.value as ReportTemplate | '')}>
          <option value="">{t('reports.template.auto')}</option>
          {TEMPLATES.map((k) => <option key={k} value={k}>{t(`reports.template.${k}`)}</option>)}
        </select>
      </label>
      {/* Only before the first report: after that the open report's language is the one selector. */}
      {!draft && (
        <label>{t('reports.language')}
          <select name="report-locale" value={reportLocale} onChange={(e) => setReportLocale(e.target.value as 'en' | 'zh-CN')}>
            <option value="en">{t('lang.en')}</option><option value="zh-CN">{t('lang.zh-CN')}</option>
          </select>
        </label>
      )}
      <button type="button" className="primary" name="create-report" disabled={busy !== null} onClick={() => { if (mayLeave()) void create(); }}>{t('reports.new')}</button>
    </div>
  );

  if (!reports) return <div className="reports" data-testid="reports-view" data-state="loading">{error && <p className="error">{error}</p>}</div>;
  return (
    <div className="reports" data-testid="reports-view" data-state={busy ? 'busy' : doc || !draft ? 'ready' : 'loading'}>
      {reports.length === 0 && <p className="notice">{t('reports.none')}</p>}
      {newForm}
      {error && <p className="error" role="alert">{error}</p>}
      {draft && (
        <div className="report-editor">
          <div className="controls">
            <label>{t('reports.report')}
              <select name="report" value={draft.id} onChange={(e) => { const id = Number(e.target.value); if (id !== draft.id && mayLeave()) void load(id); }}>
                {reports.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
              </select>
            </label>
            <label>{t('reports.name')}<input name="report-name" value={draft.name} onChange={(e) => change({ ...draft, name: e.target.value })} /></label>
            <label className="wide">{t('reports.title')}<input name="report-title" value={draft.layout.title} onChange={(e) => change({ ...draft, layout: { ...draft.layout, title: e.target.value } })} /></label>
            <label>{t('reports.subtitle')}<input name="report-subtitle" value={draft.layout.subtitle ?? ''} onChange={(e) => change({ ...draft, layout: { ...draft.layout, subtitle: e.target.value || undefined } })} /></label>
            <label>{t('reports.author')}<input name="report-author" value={draft.layout.author ?? ''} onChange={(e) => change({ ...draft, layout: { ...draft.layout, author: e.target.value || undefined } })} /></label>
            <label>{t('reports.page')}
              <select name="report-page" value={draft.layout.page} onChange={(e) => change({ ...draft, layout: { ...draft.layout, page: e.target.value as 'A4' | 'Letter' } })}>
                <option value="A4">A4</option><option value="Letter">Letter</option>
              </select>
            </label>
            <label>{t('reports.orientation')}
              <select name="report-orientation" value={draft.layout.orientation} onChange={(e) => change({ ...draft, layout: { ...draft.layout, orientation: e.target.value as 'portrait' | 'landscape' } })}>
                <option value="portrait">{t('reports.portrait')}</option><option value="landscape">{t('reports.landscape')}</option>
              </select>
            </label>
            <label>{t('reports.convention')}
              <select name="report-convention" value={draft.layout.convention} onChange={(e) => change({ ...draft, layout: { ...draft.layout, convention: e.target.value as (typeof CONVENTIONS)[number] } })}>
                {CONVENTIONS.map((c) => <option key={c} value={c}>{t(`compare.wording.${c}`)}</option>)}
              </select>
            </label>
            <label className="wide">{t('reports.where')}
              <input name="report-where" value={draft.layout.where ?? ''} placeholder="stage!=*init,*prepare,*cleanup" title={t('compare.whereHelp')}
                onChange={(e) => change({ ...draft, layout: { ...draft.layout, where: e.target.value || undefined } })} />
            </label>
            <AnalysisSpecEditor layout={draft.layout} study={study} metrics={metrics} params={params} studyKeys={studyKeys} dictionary={byName} onChange={(layout) => change({ ...draft, layout })} />
            <label>{t('reports.language')}
              <select name="report-layout-locale" value={draft.layout.locale} onChange={(e) => change({ ...draft, layout: { ...draft.layout, locale: e.target.value as 'en' | 'zh-CN' } })}>
                <option value="en">{t('lang.en')}</option><option value="zh-CN">{t('lang.zh-CN')}</option>
              </select>
            </label>
          </div>
          <h3>{t('reports.sections')}</h3>
          <ol className="report-sections">
            {draft.sections.map((s, i) => (
              <li key={s.id} data-section={s.type} data-index={i}>
                <div className="section-bar">
                  <strong>{t(`reports.section.${s.type}`)}</strong>
                  <span className="spacer" />
                  <button type="button" aria-label={t('reports.moveUp')} title={t('reports.moveUp')} disabled={i === 0} onClick={() => move(i, -1)}>↑</button>
                  <button type="button" aria-label={t('reports.moveDown')} title={t('reports.moveDown')} disabled={i === draft.sections.length - 1} onClick={() => move(i, 1)}>↓</button>
                  <button type="button" name="remove-section" onClick={() => setSections(draft.sections.filter((_, j) => j !== i))}>{t('reports.remove')}</button>
                </div>
                <SectionEditor section={s} study={study} metrics={metrics} dictionary={byName} charts={charts}
                  onChange={(next) => setSections(draft.sections.map((x, j) => (j === i ? next : x)))} />
              </li>
            ))}
          </ol>
          <div className="controls">
            <span>{t('reports.add')}:</span>
            {(['headline', 'text', 'chart', 'table', 'pivot'] as const).map((k) => (
              <button key={k} type="button" name={`add-${k}`} onClick={() => add(k)}>{t(`reports.add${k[0]!.toUpperCase()}${k.slice(1)}` as 'reports.addText')}</button>
            ))}
          </div>
          <div className="controls report-actions">
            <button type="button" className="primary" name="save-report" disabled={!dirty || busy !== null} onClick={() => void run('save', async () => { await save(); })}>{t('reports.save')}</button>
            <span className="muted" data-testid="report-dirty">{dirty ? t('reports.unsaved') : t('reports.saved')}</span>
            <button type="button" name="export-pdf" disabled={busy !== null} onClick={() => void exportFile('pdf')}>{busy === 'pdf' ? t('reports.exporting') : t('reports.pdf')}</button>
            <button type="button" name="export-xlsx" disabled={busy !== null} onClick={() => void exportFile('xlsx')}>{busy === 'xlsx' ? t('reports.exporting') : t('reports.xlsx')}</button>
            <button type="button" name="delete-report" className="link" disabled={busy !== null}
              onClick={() => void run('delete', async () => { await bridge.call('reports.delete', { study: study.slug, id: draft.id }); await load(); })}>{t('reports.delete')}</button>
          </div>
          <h3>{t('reports.preview')}</h3>
          <PreviewFrame doc={doc}>{doc && <ReportPages doc={doc} />}</PreviewFrame>
        </div>
      )}
    </div>
  );
}
