import type { JSX } from 'react';
import { useState } from 'react';
import type { DeletionRecord, RunRecord } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useI18n } from '../../i18n/i18n.js';
import { DeleteDialog, type DeleteRequest } from './DeleteDialog.js';

const NEW_CONFIG = '\u0000new';

/**
 * What can be done with the runs ticked in the Runs tab: move them to another configuration
 * (or a new one), exclude them with a reason, count them again, delete them.
 */
export function RunsToolbar({ study, selected, configs, onChanged, onDeleted, onClear }: {
  study: string;
  selected: RunRecord[];
  configs: string[];
  onChanged(): void;
  onDeleted(record: DeletionRecord): void;
  onClear(): void;
}): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [target, setTarget] = useState('');
  const [dialog, setDialog] = useState<'new-config' | 'exclude' | DeleteRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = selected.map((r) => r.id);
  const from = new Set(selected.map((r) => r.config));
  const targets = configs.filter((c) => !(from.size === 1 && from.has(c)));
  const anyExcluded = selected.some((r) => r.excluded);
  const anyCounted = selected.some((r) => !r.excluded);

  const run = (p: Promise<unknown>, after: () => void = onChanged): void => {
    setBusy(true);
    setError(null);
    p.then(() => {
      setBusy(false);
      setDialog(null);
      onClear();
      after();
    }, (e: Error) => {
      setBusy(false);
      setError(e.message);
    });
  };
  const move = (to: string): void => run(bridge.call('runs.move', { study, runs: ids, to }));

  return (
    <div className="runs-toolbar" role="toolbar" aria-label={t('runs.selected', { count: ids.length })} data-testid="runs-toolbar">
      <strong>{t('runs.selected', { count: ids.length })}</strong>
      <label>{t('runs.moveTo')}{' '}
        <select name="move-to" value={target} onChange={(e) => {
          if (e.target.value === NEW_CONFIG) { setDialog('new-config'); setTarget(''); } else setTarget(e.target.value);
        }}>
          <option value="">…</option>
          {targets.map((c) => <option key={c} value={c}>{c}</option>)}
          <option value={NEW_CONFIG}>{t('runs.moveNew')}</option>
        </select>
      </label>
      <button type="button" disabled={!target || busy} onClick={() => move(target)} data-action="move">{t('runs.move')}</button>
      {anyCounted && <button type="button" disabled={busy} onClick={() => { setError(null); setDialog('exclude'); }} data-action="exclude">{t('runs.exclude')}</button>}
      {anyExcluded && <button type="button" disabled={busy} onClick={() => run(bridge.call('runs.include', { study, runs: ids }))} data-action="include">{t('runs.include')}</button>}
      <button type="button" className="danger-text" disabled={busy} onClick={() => setDialog({ kind: 'runs', study, runs: ids })} data-action="delete-runs">{t('runs.delete')}</button>
      <button type="button" className="link" onClick={onClear}>{t('runs.clearSelection')}</button>
      {error && !dialog && <span className="error-text" role="alert">{error}</span>}

      {dialog === 'new-config' && (
        <ConfirmDialog title={t('runs.moveNewTitle', { count: ids.length })} confirmLabel={t('runs.move')} busy={busy} error={error}
          input={{ label: t('runs.newConfigName'), name: 'new-config' }} onConfirm={move} onCancel={() => setDialog(null)} testId="move-dialog" />
      )}
      {dialog === 'exclude' && (
        <ConfirmDialog title={t('runs.excludeTitle', { count: ids.length })} confirmLabel={t('runs.excludeConfirm')} busy={busy} error={error}
          input={{ label: t('runs.reason'), placeholder: t('runs.reasonPlaceholder'), name: 'reason' }}
          onConfirm={(reason) => run(bridge.call('runs.exclude', { study, runs: ids, reason }))} onCancel={() => setDialog(null)} testId="exclude-dialog">
          <p className="muted">{t('runs.excludeBody')}</p>
        </ConfirmDialog>
      )}
      {dialog && typeof dialog === 'object' && (
        <DeleteDialog request={dialog} onCancel={() => setDialog(null)} onDone={(r) => { setDialog(null); onClear(); onDeleted(r); }} />
      )}
    </div>
  );
}
