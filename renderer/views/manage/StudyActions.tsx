import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { DeletionRecord, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useI18n } from '../../i18n/i18n.js';
import { DeleteDialog, type DeleteRequest } from './DeleteDialog.js';
import { PublishDialog } from '../catalog/PublishDialog.js';

/**
 * A study's context actions in the sidebar (the ⋯ button, or a right click on the study):
 * rename it, publish it to the team catalog, or delete it after a dialog that says what goes.
 */
export function StudyActions({ study, open, onOpenChange, onRenamed, onDeleted }: {
  study: StudySummary;
  open: boolean;
  onOpenChange(open: boolean): void;
  onRenamed(slug: string): void;
  onDeleted(record: DeletionRecord): void;
}): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [dialog, setDialog] = useState<'rename' | 'publish' | DeleteRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    // A click elsewhere closes the menu; one on its own ⋯ button is left to that button's toggle.
    const close = (e: MouseEvent | KeyboardEvent): void => {
      const target = e.target as Element | null;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.current?.contains(target) && !target?.closest?.(`[data-study-actions="${CSS.escape(study.slug)}"]`)) onOpenChange(false);
    };
    window.addEventListener('mousedown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', close);
    };
  }, [open, onOpenChange, study.slug]);

  const pick = (what: 'rename' | 'publish' | 'delete'): void => {
    onOpenChange(false);
    setError(null);
    setDialog(what === 'delete' ? { kind: 'study', study: study.slug, name: study.name } : what);
  };

  const rename = (name: string): void => {
    setBusy(true);
    bridge.call('studies.rename', { study: study.slug, name }).then(({ slug }) => {
      setDialog(null);
      setBusy(false);
      onRenamed(slug);
    }, (e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };

  return (
    <>
      <button type="button" className="study-menu-button" aria-haspopup="menu" aria-expanded={open} data-study-actions={study.slug}
        aria-label={t('studies.actions', { name: study.name })} title={t('studies.actions', { name: study.name })} onClick={() => onOpenChange(!open)}>⋯</button>
      {open && (
        <div className="menu" role="menu" ref={menu} data-testid="study-menu">
          <button type="button" role="menuitem" onClick={() => pick('rename')}>{t('manage.rename')}</button>
          <button type="button" role="menuitem" name="publish-study" onClick={() => pick('publish')}>{t('catalog.publishMenu')}</button>
          <button type="button" role="menuitem" className="danger-text" onClick={() => pick('delete')}>{t('manage.delete')}</button>
        </div>
      )}
      {dialog === 'rename' && (
        <ConfirmDialog title={t('manage.renameStudyTitle', { name: study.name })} confirmLabel={t('manage.renameConfirm')} busy={busy} error={error}
          input={{ label: t('manage.newName'), initial: study.name, name: 'new-name' }} onConfirm={rename} onCancel={() => setDialog(null)} testId="rename-dialog" />
      )}
      {dialog === 'publish' && <PublishDialog study={study} onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'rename' && dialog !== 'publish' && (
        <DeleteDialog request={dialog} onCancel={() => setDialog(null)} onDone={(record) => { setDialog(null); onDeleted(record); }} />
      )}
    </>
  );
}
