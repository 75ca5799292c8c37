import type { JSX } from 'react';
import { useState } from 'react';
import type { MetricInfo, RunRecord } from '../../app/contract/records.js';
import { RunDetail } from './RunDetail.js';
import { formatBlockSize, formatValue } from '../format.js';
import { useI18n } from '../i18n/i18n.js';

/** A study's runs, grouped by configuration, with their parameters and key metrics. */
export function RunsTable({ runs, configs, dictionary }: { runs: RunRecord[]; configs: string[]; dictionary: MetricInfo[] }): JSX.Element {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const opened = runs.find((r) => r.id === open) ?? null;
  return (
    <div className="runs" data-testid="runs-table">
      {configs.map((config) => (
        <section key={config} className="config-group" data-config={config}>
          <h2>{t('runs.config', { config })}</h2>
          <div className="table-scroll">
            <table className="grid">
              <thead>
                <tr>
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
                {runs.filter((r) => r.config === config).map((r) => {
                  const p99 = r.metrics['read.clat_p99_ms'] ?? r.metrics['write.clat_p99_ms'] ?? r.metrics['total.clat_p99_ms'];
                  const flagged = r.errors.length > 0 || r.warnings.length > 0;
                  return (
                    <tr key={r.id} data-run={r.id} className={`${r.errors.length ? 'bad' : ''} ${open === r.id ? 'open' : ''} clickable`}
                      tabIndex={0} aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}
                      onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setOpen(open === r.id ? null : r.id); } }}>
                      <td title={[...r.errors, ...r.warnings].join('\n') || undefined}>
                        {r.name}{flagged && <span className="flag"> ⚠ {t('runs.flagged')}</span>}
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
      ))}
      {opened && <RunDetail key={opened.id} run={opened} dictionary={dictionary} />}
    </div>
  );
}
