import type { JSX } from 'react';
import { useState } from 'react';
import type { DeletionRecord } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';

/** What a delete did, worded for the notice: "Deleted configuration "disk" (6 runs)." */
export function deletedText(t: ReturnType<typeof useI18n>['t'], d: DeletionRecord): string {
  return d.kind === 'study' ? t('manage.deleted.study', { name: d.study.name, runs: d.runs.length })
    : d.kind === 'config' ? t('manage.deleted.config', { config: d.configs[0] ?? '', runs: d.runs.length })
      : t('manage.deleted.runs', { count: d.runs.length, files: d.files.length });
}

/**
 * The delete just done, with Undo: possible until the next delete (which replaces this notice),
 * by Ctrl/Cmd+Z too. The notice itself goes with the user's next action.
 */
export function UndoNotice({ deletion, onUndo, onDismiss }: { deletion: DeletionRecord; onUndo(): Promise<void>; onDismiss(): void }): JSX.Element {
  const { t, locale } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Chinese sentences follow each other without a space.
  const gap = locale === 'zh-CN' ? '' : ' ';
  const undo = (): void => {
    setBusy(true);
    onUndo().catch((e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };
  return (
    <div className="notice undo-notice" role="status" data-testid="undo-notice">
      <span>{deletedText(t, deletion)}{gap}{t('manage.undoUntil')}{gap}<span className="muted">{t('manage.undoKeys')}</span></span>
      <button type="button" onClick={undo} disabled={busy} data-testid="undo">{t('manage.undo')}</button>
      <button type="button" className="link" onClick={onDismiss} aria-label={t('manage.dismiss')}>×</button>
      {error && <span className="error-text" role="alert">{error}</span>}
    </div>
  );
}
