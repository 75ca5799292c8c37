import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { MetricInfo, RunRecord, StudySummary } from '../../app/contract/records.js';
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

type Tab = 'runs' | 'compare' | 'scaling' | 'series' | 'waits' | 'periods' | 'reports';

/** `revision` changes whenever the study's data may have (an import, a new period): runs reload, the tab stays. */
export function StudyView({ study, dictionary, revision, onChanged }: { study: StudySummary; dictionary: MetricInfo[]; revision: number; onChanged(): void }): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>(study.configs.length + study.periods.length >= 2 ? 'compare' : 'runs');
  const [runs, setRuns] = useState<RunRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const hasWaits = Boolean(runs?.some((r) => r.tables['top_events']));
  useEffect(() => {
    bridge.call('runs.list', { study: study.slug }).then(setRuns, (err: Error) => setError(err.message));
  }, [bridge, study.slug, revision]);

  return (
    <section className="study" data-testid="study-view" data-study={study.slug} data-state={runs ? 'ready' : 'loading'}>
      <header className="study-header">
        <h1>{study.name}</h1>
        <p className="muted">{t('studies.runs', { count: study.runs })} · {t('study.configs', { count: study.configs.length })}
          {' · '}<button type="button" className="link" name="save-study-file" onClick={() => {
            bridge.call('studies.saveFile', { study: study.slug }).then((f) => download(f.fileName, `data:${f.mime};base64,${f.base64}`), (e: Error) => setError(e.message));
          }}>{t('study.saveFile')}</button>
        </p>
      </header>
      <div className="tabs" role="tablist">
        {(['compare', 'scaling', 'series', ...(hasWaits ? ['waits'] as const : []), 'runs', 'periods', 'reports'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'active' : ''}
            data-tab={k} onClick={() => setTab(k)}>
            {t(`study.tabs.${k}`)}
          </button>
        ))}
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {runs && tab === 'runs' && <RunsTable runs={runs} configs={study.configs} dictionary={dictionary} />}
      {runs && tab === 'compare' && <CompareView key={revision} study={study} runs={runs} dictionary={dictionary} />}
      {runs && tab === 'scaling' && <ScalingView key={revision} study={study} runs={runs} dictionary={dictionary} />}
      {tab === 'series' && <TimeSeriesView key={revision} study={study} dictionary={dictionary} />}
      {runs && tab === 'waits' && <WaitEventsView study={study} runs={runs} />}
      {tab === 'periods' && <PeriodsView study={study} onChanged={onChanged} />}
      {runs && tab === 'reports' && <ReportsView key={revision} study={study} runs={runs} dictionary={dictionary} />}
    </section>
  );
}
