import type { JSX } from 'react';
import { useState } from 'react';
import type { DeletionRecord } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';

/** What a delete did, worded for the notice: "Deleted configuration "disk" (6 runs)." */
export function deletedText(t: ReturnType<typeof useI18n>['t'], d: DeletionRecord): string {
  return d.kind === 'study' ? t('manage.deleted.study', { name: d.study.name, runs: d.runs.length })
    : d.kind === 'config' ? t('manage.deleted.config', { config: d.configs[0] ?? '', runs: d.runs.length })
      : t('manage.deleted.runs', { count: d.runs.length, files: d.files.length });
}

/**
 * The last delete, with Undo: possible until the next delete (which replaces this notice).
 * `onRestored` gets the study's slug, to open it again.
 */
export function UndoNotice({ deletion, onRestored, onDismiss }: { deletion: DeletionRecord; onRestored(study: string): void; onDismiss(): void }): JSX.Element {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Chinese sentences follow each other without a space.
  const gap = locale === 'zh-CN' ? '' : ' ';
  const undo = (): void => {
    setBusy(true);
    bridge.call('deletions.undo', {}).then(({ study }) => onRestored(study), (e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };
  return (
    <div className="notice undo-notice" role="status" data-testid="undo-notice">
      <span>{deletedText(t, deletion)}{gap}{t('manage.undoUntil')}</span>
      <button type="button" onClick={undo} disabled={busy} data-testid="undo">{t('manage.undo')}</button>
      <button type="button" className="link" onClick={onDismiss} aria-label={t('manage.dismiss')}>×</button>
      {error && <span className="error-text" role="alert">{error}</span>}
    </div>
  );
}
