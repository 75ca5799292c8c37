/**
 * The import sheet's table of files: each file with its detected format, the runs it will
 * create, its warnings and errors, where an fio log goes (and its unit when nothing says it),
 * and, once imported, what became of it.
 */
import type { JSX, ReactNode } from 'react';
import type { FileOutcome, FilePreview, LogClaim, LogLatencyUnit } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';
import { groupRunWarnings } from '../run-warnings.js';

interface Props {
  previews: readonly FilePreview[];
  outcomeOf(p: FilePreview): FileOutcome | undefined;
  claimOf(p: FilePreview): LogClaim | undefined;
  askUnit(p: FilePreview): boolean;
  logUnits: Record<string, LogLatencyUnit>;
  onLogUnit(id: string, unit: LogLatencyUnit): void;
  /** A cell before the file's name (the tick of a table set apart). */
  lead?(p: FilePreview): ReactNode;
}

export function FileRows({ previews, outcomeOf, claimOf, askUnit, logUnits, onLogUnit, lead }: Props): JSX.Element {
  const { t } = useI18n();
  const claimText = (c: LogClaim): string => {
    const how = t(`import.logRule.${c.rule}`, { stem: c.stem });
    return c.owner !== null ? t('import.logOwner', { owner: c.owner, how }) : t('import.logOrphan', { how });
  };
  return (
    <table className="grid">
      <thead>
        <tr>{lead && <th className="tick" />}<th>{t('import.file')}</th><th>{t('import.format')}</th><th className="num">{t('import.runs')}</th><th /></tr>
      </thead>
      <tbody>
        {previews.map((p, i) => {
          const outcome = outcomeOf(p);
          const claim = claimOf(p);
          // A table whose rows name their configurations (a column that varies, titled blocks): which, and from where.
          const configurations = outcome?.configurations ?? p.configurations;
          const warnings = outcome?.warnings ?? p.warnings;
          const grouped = warnings.length > 0 ? groupRunWarnings(warnings, p.runs.map((r) => r.name)) : [];
          return (
            <tr key={`${p.path}:${i}`} className={p.errors.length ? 'bad' : ''} data-file={p.path}>
              {lead && <td className="tick">{lead(p)}</td>}
              <td className="path">
                {p.path}
                {p.errors.map((e) => <div key={e} className="error-text" data-testid="file-error">{e}</div>)}
                {claim && <div className="log-owner muted" data-testid="log-owner">{claimText(claim)}</div>}
                {configurations && (
                  <div className="muted" data-testid="file-configurations">
                    {t('import.configurationsFrom', { labels: configurations.labels.map((l) => `"${l}"`).join(t('list.sep')), from: configurations.from })}
                  </div>
                )}
                {askUnit(p) && (
                  <div className="log-unit" data-testid="log-unit">
                    <label>
                      {t('import.logUnit')}{' '}
                      <select name="log-unit" value={logUnits[p.id] ?? 'ns'} onChange={(e) => onLogUnit(p.id, e.target.value as LogLatencyUnit)}>
                        <option value="ns">{t('import.logUnitNs')}</option>
                        <option value="us">{t('import.logUnitUs')}</option>
                      </select>
                    </label>
                    <div className="muted">{t('import.logUnitWhy')}</div>
                  </div>
                )}
                {grouped.length > 0 && (
                  <details className="warnings">
                    <summary>{t('import.warnings', { count: grouped.length })}</summary>
                    <ul>{grouped.map((g) => (
                      <li key={g.text}>{g.runs.length > 1 ? t('import.warningRuns', { text: g.text, count: g.runs.length, runs: g.runs.join(t('list.sep')) }) : g.runs.length === 1 ? `${g.runs[0]}: ${g.text}` : g.text}</li>
                    ))}</ul>
                  </details>
                )}
              </td>
              <td>{p.format ?? (p.empty ? <span className="muted">{t('import.emptyFile')}</span> : p.not_result ? <span className="muted" title={p.warnings[0]}>{t('import.notResult')}</span> : <span className="error-text">{t('import.unknownFormat')}</span>)}</td>
              <td className="num">{p.runs.length}</td>
              <td>
                {outcome && <span className={`status ${outcome.status}`}>{t(`import.status.${outcome.status}`)}</span>}
                {outcome?.same_report_as && <div className="muted" data-testid="same-report">{t('import.sameReport', { file: outcome.same_report_as })}</div>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
