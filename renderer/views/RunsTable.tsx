import type { JSX } from 'react';
import { useState } from 'react';
import type { ConfigConstant, DeletionRecord, DerivedMetric, MetricInfo, RunRecord } from '../../app/contract/records.js';
import { RunDetail } from './RunDetail.js';
import { formatBlockSize, formatValue } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { ConfigActions } from './manage/ConfigActions.js';
import { DerivedMetricsPanel } from './manage/DerivedMetricsPanel.js';
import { RunsToolbar } from './manage/RunsToolbar.js';

/** What the Runs tab manages: the study's runs, constants and derived metrics, and who to tell of a change. */
export interface RunsManagement {
  study: string;
  constants: ConfigConstant[];
  derived: DerivedMetric[];
  onChanged(): void;
  onDeleted(record: DeletionRecord): void;
}

/**
 * A study's runs, grouped by configuration, with their parameters and key metrics. Runs can be
 * ticked and moved, excluded (struck through with the reason) or deleted; each configuration can
 * be renamed, deleted, and given constants.
 */
export function RunsTable({ runs, configs, dictionary, manage }: { runs: RunRecord[]; configs: string[]; dictionary: MetricInfo[]; manage: RunsManagement }): JSX.Element {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const opened = runs.find((r) => r.id === open) ?? null;
  const selected = runs.filter((r) => ticked.has(r.id));
  const tick = (ids: number[], on: boolean): void => setTicked((cur) => {
    const next = new Set(cur);
    for (const id of ids) if (on) next.add(id); else next.delete(id);
    return next;
  });
  return (
    <div className="runs" data-testid="runs-table">
      <details className="derived-section">
        <summary>{t('runs.derivedHeading', { count: manage.derived.length })}</summary>
        <DerivedMetricsPanel study={manage.study} runs={runs} dictionary={dictionary} constants={manage.constants} derived={manage.derived} onChanged={manage.onChanged} />
      </details>
      {selected.length > 0 && (
        <RunsToolbar study={manage.study} selected={selected} configs={configs} onChanged={manage.onChanged} onDeleted={manage.onDeleted} onClear={() => setTicked(new Set())} />
      )}
      {configs.map((config) => {
        const mine = runs.filter((r) => r.config === config);
        const allTicked = mine.length > 0 && mine.every((r) => ticked.has(r.id));
        return (
        <section key={config} className="config-group" data-config={config}>
          <div className="config-heading">
            <h2>{t('runs.config', { config })}</h2>
            <ConfigActions key={config} study={manage.study} config={config} constants={manage.constants.filter((c) => c.config === config)}
              onChanged={manage.onChanged} onDeleted={manage.onDeleted} />
          </div>
          <div className="table-scroll">
            <table className="grid">
              <thead>
                <tr>
                  <th className="tick"><input type="checkbox" checked={allTicked} aria-label={t('runs.selectAll', { config })}
                    onChange={(e) => tick(mine.map((r) => r.id), e.target.checked)} /></th>
                  <th>{t('runs.name')}</th>
                  <th>{t('runs.bs')}</th>
                  <th>{t('runs.rw')}</th>
                  <th className="num">{t('runs.readPct')}</th>
                  <th className="num">{t('runs.iodepth')}</th>
                  <th className="num">{t('runs.numjobs')}</th>
                  <th>{t('runs.engine')}</th>
                  <th className="num">{t('runs.iops')}</th>
                  <th className="num">{t('runs.bw')}</th>
                  <th className="num">{t('runs.lat')}</th>
                  <th className="num">{t('runs.p99')}</th>
                  <th>{t('runs.file')}</th>
                </tr>
              </thead>
              <tbody>
                {mine.map((r) => {
                  const p99 = r.metrics['read.clat_p99_ms'] ?? r.metrics['write.clat_p99_ms'] ?? r.metrics['total.clat_p99_ms'];
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
                          <div className="excluded-reason" data-testid="excluded-reason">
                            {t('runs.excludedBecause', { reason: r.excluded.reason })} <span className="muted">({[r.excluded.by, r.excluded.at.slice(0, 10)].filter(Boolean).join(', ')})</span>
                          </div>
                        )}
                      </td>
                      <td>{formatBlockSize(r.params['bs'])}</td>
                      <td>{String(r.params['rw'] ?? '–')}</td>
                      <td className="num">{String(r.params['read_pct'] ?? '–')}</td>
                      <td className="num">{String(r.params['iodepth'] ?? '–')}</td>
                      <td className="num">{String(r.params['numjobs'] ?? '–')}</td>
                      <td>{String(r.params['ioengine'] ?? '–')}</td>
                      <td className="num">{formatValue(r.metrics['total.iops'], 'IOPS', locale)}</td>
                      <td className="num">{formatValue(r.metrics['total.bw_mib_s'], 'MiB/s', locale)}</td>
                      <td className="num">{formatValue(r.metrics['total.lat_avg_ms'], 'ms', locale)}</td>
                      <td className="num">{formatValue(p99, 'ms', locale)}</td>
                      <td className="path" title={r.source.sha256}>{r.source.file.split(/[\\/]/).pop()}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
        );
      })}
      {opened && <RunDetail key={opened.id} run={opened} dictionary={dictionary} />}
    </div>
  );
}
