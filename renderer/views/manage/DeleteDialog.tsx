import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { DeletionRecord } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useI18n } from '../../i18n/i18n.js';
import { deletedText } from './UndoNotice.js';

export type DeleteRequest =
  | { kind: 'study'; study: string; name: string }
  | { kind: 'config'; study: string; config: string }
  | { kind: 'runs'; study: string; runs: number[] };

/** Files named in the dialog before "and N more": enough to recognise them, short enough to read. */
const LISTED_FILES = 8;

/**
 * Asks before a delete, saying what will go: the core's dry run (runs, files, reports, and the
 * original files that leave the store when the delete is final), and the earlier delete this one
 * makes final (only the last delete can be undone), then the delete itself.
 */
export function DeleteDialog({ request, onDone, onCancel }: { request: DeleteRequest; onDone(record: DeletionRecord): void; onCancel(): void }): JSX.Element {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const [plan, setPlan] = useState<DeletionRecord | null>(null);
  /** The delete still undoable now, which this one would make final; undefined until known. */
  const [pending, setPending] = useState<DeletionRecord | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const call = (dryRun: boolean): Promise<DeletionRecord> => (
    request.kind === 'study' ? bridge.call('studies.delete', { study: request.study, dryRun })
      : request.kind === 'config' ? bridge.call('configs.delete', { study: request.study, config: request.config, dryRun })
        : bridge.call('runs.delete', { study: request.study, runs: request.runs, dryRun }));

  useEffect(() => {
    call(true).then(setPlan, (e: Error) => setError(e.message));
    bridge.call('deletions.pending', {}).then(setPending, (e: Error) => setError(e.message));
    // One dry run per request.
  }, [request]);

  const title = request.kind === 'study' ? t('manage.deleteStudyTitle', { name: request.name })
    : request.kind === 'config' ? t('manage.deleteConfigTitle', { config: request.config })
      : t('manage.deleteRunsTitle', { count: request.runs.length });

  const confirm = (): void => {
    setBusy(true);
    call(false).then(onDone, (e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };

  return (
    <ConfirmDialog title={title} confirmLabel={t('manage.deleteConfirm')} danger busy={busy || !plan || pending === undefined} error={error} onConfirm={confirm} onCancel={onCancel} testId="delete-dialog">
      {plan && pending !== undefined && (
        <div className="deletion-plan" data-testid="deletion-plan">
          <p>
            {plan.kind === 'study'
              ? t('manage.deleteStudyBody', { runs: plan.runs.length, configs: plan.configs.length, files: plan.files.length, reports: plan.reports, charts: plan.charts, periods: plan.periods })
              : plan.kind === 'config'
                ? t('manage.deleteConfigBody', { runs: plan.runs.length, files: plan.files.length })
                : t('manage.deleteRunsBody', { runs: plan.runs.length, files: plan.files.length })}
          </p>
          {plan.kind === 'runs' && plan.configs.length > 0 && <p>{t('manage.emptiedConfigs', { list: plan.configs.join(t('list.sep')) })}</p>}
          {plan.files.length > 0 && (
            <ul className="file-list">
              {plan.files.slice(0, LISTED_FILES).map((f) => <li key={f}>{f}</li>)}
              {plan.files.length > LISTED_FILES && <li className="muted">{t('manage.moreFiles', { count: plan.files.length - LISTED_FILES })}</li>}
            </ul>
          )}
          <p className="muted">{t('manage.originalsNote', { count: plan.originals })}{locale === 'zh-CN' ? '' : ' '}{t('manage.undoNote')}</p>
          {pending && <p className="makes-final" data-testid="makes-final">{t('manage.makesFinal', { what: deletedText(t, pending).replace(/[.。]$/, '') })}</p>}
        </div>
      )}
    </ConfirmDialog>
  );
}
