import type { JSX } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConfigConstant, DeletionRecord, DerivedMetric, MetricInfo, RunColumn, RunRecord, StudyDefaults } from '../../app/contract/records.js';
import { RunDetail } from './RunDetail.js';
import { formatBlockSize, formatValue, withUnit } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { paramLabel } from '../param-labels.js';
import { ConfigActions } from './manage/ConfigActions.js';
import { DerivedMetricsPanel } from './manage/DerivedMetricsPanel.js';
import { RunsToolbar } from './manage/RunsToolbar.js';
import { naturalRunOrder } from './run-order.js';

/** What the Runs tab manages: the study's runs, constants and derived metrics, and who to tell of a change. */
export interface RunsManagement {
  study: string;
  constants: ConfigConstant[];
  derived: DerivedMetric[];
  onChanged(): void;
  onDeleted(record: DeletionRecord): void;
}

const TEXT_PARAMS = new Set(['rw', 'ioengine', 'pattern', 'test', 'workload', 'stage']);

interface Props {
  runs: RunRecord[];
  configs: string[];
  dictionary: MetricInfo[];
  /** Columns per configuration and tool, from the metric dictionary (the core's study defaults). */
  defaults: StudyDefaults | null;
  /** A run to open (a warning's link in Compare): opened and scrolled to. */
  openRun?: number | null;
  manage: RunsManagement;
}

/**
 * A study's runs, grouped by configuration and, where a configuration holds several tools (S5:
 * CockroachDB, HammerDB and COSBench), by tool: each table has its tool's columns from the
 * metric dictionary (AWR: DB time, AAS, top event, redo; HammerDB: VUs, NOPM, TPM...), only those
 * its runs fill, so no column is all dashes. Runs can be ticked and moved, excluded (struck through with the
 * reason) or deleted; each configuration can be renamed, deleted, and given constants.
 */
export function RunsTable({ runs, configs, dictionary, defaults, openRun, manage }: Props): JSX.Element {
  const { t, locale, metricLabel } = useI18n();
  const [open, setOpenState] = useState<number | null>(openRun ?? null);
  // A run opened by a click (or Enter) is shown under its own table and scrolled to: the user's
  // eye goes where the detail is, not 1,700 px below it (issue 39).
  const detailShown = useRef(false);
  const setOpen = (id: number | null): void => {
    detailShown.current = false;
    setOpenState(id);
  };
  useEffect(() => {
    if (openRun === null || openRun === undefined) return;
    setOpenState(openRun);
    detailShown.current = true;
    document.querySelector(`[data-testid="runs-table"] tr[data-run="${openRun}"]`)?.scrollIntoView({ block: 'center' });
  }, [openRun]);
  const showDetail = (el: HTMLElement | null): void => {
    if (!el || detailShown.current) return;
    detailShown.current = true;
    el.scrollIntoView({ block: 'start' });
  };
  const opened = runs.find((r) => r.id === open) ?? null;
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const selected = runs.filter((r) => ticked.has(r.id));
  const tick = (ids: number[], on: boolean): void => setTicked((cur) => {
    const next = new Set(cur);
    for (const id of ids) if (on) next.add(id); else next.delete(id);
    return next;
  });
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const byId = useMemo(() => new Map(runs.map((r) => [r.id, r])), [runs]);
  const tools = new Set(runs.map((r) => r.tool));

  const header = (c: RunColumn): string => {
    if (c.kind === 'param') return paramLabel(locale, c.key);
    if (c.kind === 'top-event') return t('runs.topEvent');
    if (c.kind === 'objects') return t('runs.objects');
    const info = byName.get(c.key);
    return withUnit(metricLabel(info, c.key), info?.unit ?? '', locale);
  };
  const numeric = (c: RunColumn): boolean => c.kind === 'metric' || c.kind === 'objects' || (c.kind === 'param' && !TEXT_PARAMS.has(c.key) && c.key !== 'bs');
  const cell = (r: RunRecord, c: RunColumn): string => {
    if (c.kind === 'param') {
      const v = r.params[c.key];
      if (v === undefined || v === '') return '–';
      return c.key === 'bs' ? formatBlockSize(v) : String(v);
    }
    if (c.kind === 'top-event') return defaults?.run_facts[String(r.id)]?.top_event ?? '–';
    if (c.kind === 'objects') return String(defaults?.run_facts[String(r.id)]?.objects ?? '–');
    return formatValue(r.metrics[c.key], byName.get(c.key)?.unit ?? '', locale);
  };
  // Without the core's columns (an older host), one table per configuration with no figures.
  const groups = defaults?.runs_columns ?? configs.map((config) => ({ config, tool: '', runs: runs.filter((r) => r.config === config).map((r) => r.id), columns: [] as RunColumn[] }));

  return (
    <div className="runs" data-testid="runs-table">
      <details className="derived-section">
        <summary>{t('runs.derivedHeading', { count: manage.derived.length })}</summary>
        <DerivedMetricsPanel study={manage.study} runs={runs} dictionary={dictionary} constants={manage.constants} derived={manage.derived} onChanged={manage.onChanged} />
      </details>
      {selected.length > 0 && (
        <RunsToolbar study={manage.study} selected={selected} configs={configs} onChanged={manage.onChanged} onDeleted={manage.onDeleted} onClear={() => setTicked(new Set())} />
      )}
      {configs.map((config) => (
        <section key={config} className="config-group" data-config={config}>
          <div className="config-heading">
            <h2>{t('runs.config', { config })}</h2>
            <ConfigActions key={config} study={manage.study} config={config} constants={manage.constants.filter((c) => c.config === config)}
              onChanged={manage.onChanged} onDeleted={manage.onDeleted} />
          </div>
          {groups.filter((g) => g.config === config).map((g) => {
            const mine = naturalRunOrder(g.runs.map((id) => byId.get(id)).filter((r): r is RunRecord => r !== undefined), g.columns.filter((c) => c.kind === 'param').map((c) => c.key));
            const allTicked = mine.length > 0 && mine.every((r) => ticked.has(r.id));
            return (
            <div key={g.tool} className="tool-group" data-tool={g.tool}>
              {tools.size > 1 && <h3>{t('runs.tool', { tool: g.tool, count: g.runs.length })}</h3>}
              <div className="table-scroll">
                <table className="grid">
                  <thead>
                    <tr>
                      <th className="tick"><input type="checkbox" checked={allTicked} aria-label={t('runs.selectAll', { config })}
                        onChange={(e) => tick(mine.map((r) => r.id), e.target.checked)} /></th>
                      <th>{t('runs.name')}</th>
                      {g.columns.map((c) => <th key={c.key} data-col={c.key} className={numeric(c) ? 'num' : ''}>{header(c)}</th>)}
                      <th>{t('runs.file')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {mine.map((r) => {
                      const flagged = r.errors.length > 0 || r.warnings.length > 0;
                      return (
                        <tr key={r.id} data-run={r.id} data-excluded={r.excluded ? 'true' : undefined}
                          className={`${r.errors.length ? 'bad' : ''} ${open === r.id ? 'open' : ''} ${r.excluded ? 'excluded' : ''} clickable`}
                          tabIndex={0} aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}
                          onKeyDown={(e) => { if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); setOpen(open === r.id ? null : r.id); } }}>
                          <td className="tick" onClick={(e) => e.stopPropagation()}>
                            <input type="checkbox" checked={ticked.has(r.id)} aria-label={t('runs.select', { name: r.name })} onChange={(e) => tick([r.id], e.target.checked)} />
                          </td>
                          <td title={[...r.errors, ...r.warnings].join('\n') || undefined}>
                            <span className="run-name">{r.name}</span>{flagged && <span className="flag"> ⚠ {t('runs.flagged')}</span>}
                            {r.excluded && (
                              <div className="excluded-reason" data-testid="excluded-reason" data-automatic={r.excluded.automatic}>
                                {t(r.excluded.automatic ? 'runs.noVerdictBecause' : 'runs.excludedBecause', { reason: r.excluded.reason })} <span className="muted">({[r.excluded.by, r.excluded.at.slice(0, 10)].filter(Boolean).join(t('list.sep'))})</span>
                              </div>
                            )}
                            {/* What the tool said about whether the result stands, where it did not leave the run out (issue 40). */}
                            {!r.excluded && (r.validity ?? []).length > 0 && (
                              <div className="validity" data-testid="run-validity">
                                {(r.validity ?? []).map((f) => f.message).join(t('list.sep'))}
                                {r.counted_in && <span className="muted"> ({t('runs.countedIn', { when: [r.counted_in.by, r.counted_in.at.slice(0, 10)].filter(Boolean).join(t('list.sep')) })})</span>}
                              </div>
                            )}
                          </td>
                          {g.columns.map((c) => <td key={c.key} data-col={c.key} className={numeric(c) ? 'num' : ''}>{cell(r, c)}</td>)}
                          <td className="path" title={r.source.sha256}>{r.source.file.split(/[\\/]/).pop()}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {opened && mine.includes(opened) && (
                <div ref={showDetail} className="run-detail-frame">
                  <button type="button" className="link close-detail" onClick={() => setOpen(null)} aria-label={t('run.close')} title={t('run.close')}>×</button>
                  <RunDetail key={opened.id} run={opened} dictionary={dictionary} />
                </div>
              )}
            </div>
            );
          })}
        </section>
      ))}
      {opened && !groups.some((g) => g.runs.includes(opened.id)) && <RunDetail key={opened.id} run={opened} dictionary={dictionary} />}
    </div>
  );
}
