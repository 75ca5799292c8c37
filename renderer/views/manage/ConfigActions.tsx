import type { JSX } from 'react';
import { useState } from 'react';
import type { ConfigConstant, DeletionRecord } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useI18n } from '../../i18n/i18n.js';
import { ConstantsPanel } from './ConstantsPanel.js';
import { DeleteDialog } from './DeleteDialog.js';

/**
 * A configuration's actions, beside its heading in the Runs tab: rename it (saved charts and
 * reports follow), delete it after saying what goes, and its constants (price, vCPUs, disks).
 */
export function ConfigActions({ study, config, constants, onChanged, onDeleted }: {
  study: string;
  config: string;
  constants: ConfigConstant[];
  onChanged(): void;
  onDeleted(record: DeletionRecord): void;
}): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [showConstants, setShowConstants] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteRequest] = useState(() => ({ kind: 'config' as const, study, config }));

  const rename = (to: string): void => {
    setBusy(true);
    bridge.call('configs.rename', { study, config, to }).then(() => {
      setDialog(null);
      setBusy(false);
      onChanged();
    }, (e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };

  return (
    <>
      <span className="config-actions">
        <button type="button" className="small" onClick={() => { setError(null); setDialog('rename'); }} data-action="rename-config">{t('runs.renameConfig')}</button>
        <button type="button" className="small" aria-expanded={showConstants} onClick={() => setShowConstants((v) => !v)} data-action="constants">
          {t('runs.constants', { count: constants.length })}
        </button>
        <button type="button" className="small danger-text" onClick={() => setDialog('delete')} data-action="delete-config">{t('runs.deleteConfig')}</button>
      </span>
      {showConstants && <ConstantsPanel study={study} config={config} constants={constants} onChanged={onChanged} />}
      {dialog === 'rename' && (
        <ConfirmDialog title={t('manage.renameConfigTitle', { config })} confirmLabel={t('manage.renameConfirm')} busy={busy} error={error}
          input={{ label: t('manage.newName'), initial: config, name: 'new-name' }} onConfirm={rename} onCancel={() => setDialog(null)} testId="rename-dialog">
          <p className="muted">{t('manage.renameConfigNote')}</p>
        </ConfirmDialog>
      )}
      {dialog === 'delete' && <DeleteDialog request={deleteRequest} onCancel={() => setDialog(null)} onDone={(r) => { setDialog(null); onDeleted(r); }} />}
    </>
  );
}
