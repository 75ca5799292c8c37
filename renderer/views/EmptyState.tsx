import type { JSX } from 'react';
import { useI18n } from '../i18n/i18n.js';

export function EmptyState({ onPaste }: { onPaste(): void }): JSX.Element {
  const { t } = useI18n();
  return (
    <section className="empty" data-testid="empty-state">
      <div className="drop-target">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.body')}</p>
        <p className="muted">{t('empty.formats')}</p>
        <p className="muted">{t('empty.paste')}</p>
        <button type="button" onClick={onPaste}>{t('studies.pasteTable')}</button>
      </div>
    </section>
  );
}
