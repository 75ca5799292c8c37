import type { JSX } from 'react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ConfigConstant, DeletionRecord, DerivedMetric, MetricInfo, RunRecord, SavedChart, StudyDefaults, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { useI18n } from '../i18n/i18n.js';
import { CompareView } from './compare/CompareView.js';
import { PeriodsView } from './PeriodsView.js';
import { ScalingView } from './ScalingView.js';
import { TimeSeriesView } from './TimeSeriesView.js';
import { WaitEventsView } from './WaitEventsView.js';
import { RunsTable } from './RunsTable.js';
import { ReportsView } from './reports/ReportsView.js';
import { download } from '../charts/chart-export.js';
import { OverlayView } from './overlay/OverlayView.js';
import { ChartBuilder } from './builder/ChartBuilder.js';
import { ChartsView } from './charts/ChartsView.js';
import { ScrollingTabs } from '../components/ScrollingTabs.js';
import { TimelineView } from './timeline/TimelineView.js';

type Tab = 'runs' | 'compare' | 'scaling' | 'series' | 'timeline' | 'overlay' | 'waits' | 'builder' | 'charts' | 'periods' | 'reports';

/** A derived metric as the dictionary describes metrics: its own label, unit and direction. */
const derivedInfo = (d: DerivedMetric): MetricInfo => ({
  name: d.name, scope: null, quantity: d.name.slice('derived.'.length), unit: d.unit, better: d.better, label: d.label, labelZh: d.label, sources: {},
});

/**
 * `revision` changes whenever the study's data may have (an import, a new period): runs reload, the tab stays.
 * `onNavigate`: the user moved to another tab (a notice about what was done before has had its time).
 */
export function StudyView({ study, dictionary: baseDictionary, revision, onChanged, onDeleted, onNavigate }: {
  study: StudySummary; dictionary: MetricInfo[]; revision: number; onChanged(): void; onDeleted(record: DeletionRecord): void; onNavigate?(): void;
}): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [tab, setTabState] = useState<Tab>(study.configs.length + study.periods.length >= 2 ? 'compare' : 'runs');
  const setTab = (next: Tab): void => {
    if (next !== tab) onNavigate?.();
    setTabState(next);
  };
  /** Every run, excluded ones too: the Runs tab shows them struck through. */
  const [allRuns, setRuns] = useState<RunRecord[] | null>(null);
  // What each view opens on (the study's strongest view) and the Runs columns per tool.
  const [defaults, setDefaults] = useState<StudyDefaults | null>(null);
  // A run a warning links to: the Runs tab opens it.
  const [openRun, setOpenRun] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [constants, setConstants] = useState<ConfigConstant[]>([]);
  const [derived, setDerived] = useState<DerivedMetric[]>([]);
  // Every other view sees the runs that count: an excluded run is in no comparison, curve or chart.
  const runs = useMemo(() => allRuns?.filter((r) => !r.excluded) ?? null, [allRuns]);
  // The study's derived metrics join the dictionary: offered, labelled and united like measured ones.
  const dictionary = useMemo(() => (derived.length ? [...baseDictionary, ...derived.map(derivedInfo)] : baseDictionary), [baseDictionary, derived]);

  const [overlayRuns, setOverlayRuns] = useState<number[] | null>(null);
  // A saved chart reopened from the Charts list: the builder edits it (a new key: a fresh builder).
  const [editing, setEditing] = useState<SavedChart | null>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const hasWaits = Boolean(runs?.some((r) => r.tables['top_events']));
  const tabs: Tab[] = ['compare', 'scaling', 'series', 'timeline', 'overlay', ...(hasWaits ? ['waits' as const] : []), 'builder', 'charts', 'runs', 'periods', 'reports'];
  // The WAI-ARIA tabs pattern: one tab in the Tab order (roving tabindex), arrows move and select.
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const i = tabs.indexOf(tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length
      : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    setTab(tabs[next]!);
    tabRefs.current[next]?.focus();
  };
  useEffect(() => {
    // Together: a view must not mount with the runs and then see its dictionary change under it
    // (a metric the user just chose would be reset).
    let live = true;
    // Another study: its own defaults. A change within the study (a constant, a rename) keeps the
    // views mounted while the new answer comes, so an open panel or dialog stays open.
    setDefaults((d) => (d?.study === study.slug ? d : null));
    Promise.all([
      bridge.call('runs.list', { study: study.slug }),
      bridge.call('configs.constants', { study: study.slug }),
      bridge.call('studies.settings', { study: study.slug }),
      bridge.call('studies.defaults', { study: study.slug }),
    ]).then(([list, consts, settings, d]) => {
      if (!live) return;
      setConstants(consts);
      setDerived(settings.derived_metrics);
      setRuns(list);
      setDefaults(d);
    }, (err: Error) => { if (live) setError(err.message); });
    return () => { live = false; };
  }, [bridge, study.slug, revision]);
  const showRun = (id: number): void => { setOpenRun(id); setTab('runs'); };
  // The dictionary with the study's own families (AWR waits, Load Profile): every view names them.
  const described = useMemo(() => [...dictionary, ...(defaults?.described ?? [])], [dictionary, defaults]);
  const ready = Boolean(runs && defaults);

  return (
    <section className="study" data-testid="study-view" data-study={study.slug} data-state={ready ? 'ready' : 'loading'}>
      <header className="study-header">
        <h1>{study.name}</h1>
        <p className="muted">{t('studies.runs', { count: study.runs })}{t('text.sep')}{t('study.configs', { count: study.configs.length })}
          {t('text.sep')}<button type="button" className="link" name="save-study-file" onClick={() => {
            bridge.saveStudyFile(study.slug).then((f) => download(f.fileName, f.href), (e: Error) => setError(e.message));
          }}>{t('study.saveFile')}</button>
        </p>
      </header>
      <ScrollingTabs label={study.name} selected={tab} onKeyDown={onTabKey}>
        {tabs.map((k, i) => (
          <button key={k} type="button" role="tab" id={`tab-${k}`} aria-selected={tab === k} aria-controls="study-panel"
            tabIndex={tab === k ? 0 : -1} className={tab === k ? 'active' : ''} ref={(b) => { tabRefs.current[i] = b; }}
            data-tab={k} onClick={() => { if (k === 'builder') setEditing(null); setOpenRun(null); setTab(k); }}>
            {t(`study.tabs.${k}`)}
          </button>
        ))}
      </ScrollingTabs>
      <div role="tabpanel" id="study-panel" aria-labelledby={`tab-${tab}`}>
      {error && <p className="error" role="alert">{error}</p>}
      {allRuns && defaults && tab === 'runs' && (
        <RunsTable runs={allRuns} configs={study.configs} dictionary={described} defaults={defaults} openRun={openRun}
          manage={{ study: study.slug, constants, derived, onChanged, onDeleted }} />
      )}
      {runs && defaults && tab === 'compare' && <CompareView key={revision} study={study} runs={runs} dictionary={described} defaults={defaults} onOpenRun={showRun} onOverlay={(ids) => { setOverlayRuns(ids); setTab('overlay'); }} onChanged={onChanged} />}
      {runs && defaults && tab === 'scaling' && <ScalingView key={revision} study={study} runs={runs} dictionary={described} defaults={defaults} />}
      {defaults && tab === 'series' && <TimeSeriesView key={revision} study={study} dictionary={described} defaults={defaults} />}
      {tab === 'timeline' && <TimelineView key={revision} study={study} dictionary={described} />}
      {runs && tab === 'waits' && <WaitEventsView study={study} runs={runs} />}
      {runs && tab === 'overlay' && <OverlayView key={revision} study={study} runs={runs} dictionary={dictionary} initialRuns={overlayRuns} />}
      {tab === 'periods' && <PeriodsView study={study} onChanged={onChanged} />}
      {runs && tab === 'builder' && <ChartBuilder key={`${revision}:${editing?.id ?? 'new'}`} study={study} runs={runs} dictionary={dictionary} editing={editing} />}
      {tab === 'charts' && <ChartsView key={revision} study={study} onOpen={(c) => { setEditing(c); setTab('builder'); }} />}
      {runs && tab === 'reports' && <ReportsView key={revision} study={study} runs={runs} dictionary={described} />}
      </div>
    </section>
  );
}
