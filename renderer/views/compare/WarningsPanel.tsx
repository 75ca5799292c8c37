import type { JSX } from 'react';
import type { CompareWarning, RunRecord } from '../../../app/contract/records.js';
import type { MessageKey } from '../../i18n/messages.js';
import { en } from '../../i18n/messages.js';
import { useI18n } from '../../i18n/i18n.js';

/** Runs listed in full up to this many; more fold under their count. */
const SHOWN_RUNS = 6;

interface Props {
  warnings: CompareWarning[];
  /** The study's runs: a warning names each of its runs as the user sees it (configuration, workload, file). */
  runs?: readonly RunRecord[];
  /** The workload a run belongs to, as the comparison labels it. */
  workloadOf?(run: number): string | undefined;
  /** Opens the run in the Runs tab. */
  onOpenRun?(run: number): void;
  /** Counts in runs their own output left out (most users failed): offered beside that warning. */
  onCountIn?(runs: number[]): void;
}

/** "disk · 4K random read QD1 ×1 · randread-4k.json": a run as the Runs tab shows it. */
export function runName(run: RunRecord, workload: string | undefined, sep: string): string {
  const file = run.source.file.split(/[\\/]/).pop() ?? run.source.file;
  return [run.config, workload ?? run.name, file].join(sep);
}

/**
 * Sanity warnings: each once, with what it concerns. A known warning is worded by the catalog in
 * the reader's language, with the core's specifics (the values that differ) beside it, never its
 * sentence twice; its runs are named and link to the run in the Runs tab, folded under their
 * count when there are many.
 */
export function WarningsPanel({ warnings, runs = [], workloadOf, onOpenRun, onCountIn }: Props): JSX.Element | null {
  const { t } = useI18n();
  if (warnings.length === 0) return null;
  const byId = new Map(runs.map((r) => [r.id, r]));
  const runLink = (id: number): JSX.Element => {
    const run = byId.get(id);
    const label = run ? runName(run, workloadOf?.(id), t('text.sep')) : t('warnings.runId', { id });
    return (
      <li key={id}>
        {run && onOpenRun
          ? <button type="button" className="link" data-run={id} title={t('warnings.openRun')} onClick={() => onOpenRun(id)}>{label}</button>
          : <span data-run={id}>{label}</span>}
      </li>
    );
  };
  return (
    <section className="warnings-panel" data-testid="compare-warnings">
      <h3>{t('compare.warnings')}</h3>
      <ul>
        {warnings.map((w) => {
          const key = `warning.${w.code}` as MessageKey;
          const known = key in en;
          const ids = [...new Set(w.runs)];
          return (
            <li key={w.code + w.message} data-code={w.code}>
              <strong>{known ? t(key) : w.message}</strong>
              {known && w.detail && <span className="muted" data-testid="warning-detail"> ({w.detail})</span>}
              {w.objects && w.objects.length > 0 && <span className="muted">{t('text.sep')}{t('compare.objectsList', { objects: w.objects.join(t('list.sep')) })}</span>}
              {w.code === 'no-verdict' && onCountIn && ids.length > 0 && (
                <button type="button" name="count-in" className="link" data-testid="count-in" onClick={() => onCountIn(ids)}>{t('compare.countIn', { count: ids.length })}</button>
              )}
              {ids.length > 0 && ids.length <= SHOWN_RUNS && <ul className="warning-runs">{ids.map(runLink)}</ul>}
              {ids.length > SHOWN_RUNS && (
                <details className="warning-runs">
                  <summary>{t('warnings.runCount', { count: ids.length })}</summary>
                  <ul>{ids.map(runLink)}</ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
