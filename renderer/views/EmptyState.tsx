import type { JSX } from 'react';
import { useI18n } from '../i18n/i18n.js';

export function EmptyState(): JSX.Element {
  const { t } = useI18n();
  return (
    <section className="empty" data-testid="empty-state">
      <div className="drop-target">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.body')}</p>
        <p className="muted">{t('empty.formats')}</p>
      </div>
    </section>
  );
}
