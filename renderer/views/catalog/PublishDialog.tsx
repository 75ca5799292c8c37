/**
 * *Publish to team catalog*: a study into the team's PostgreSQL catalog, in one transaction.
 * Publishing again updates the catalog study (never a second copy); "add to the history" appends
 * the study's runs to the catalog study of its name. The dialog says where it publishes (the
 * location without its password) and, after, what changed.
 */
import type { JSX } from 'react';
import { useState } from 'react';
import type { CatalogPublishResult } from '../../../app/contract/catalog-records.js';
import type { StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';
import { hasPassword, rememberedUrl, rememberUrl } from './catalog-url.js';

export function PublishDialog({ study, onClose }: { study: StudySummary; onClose(): void }): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [url, setUrl] = useState(rememberedUrl);
  const [append, setAppend] = useState(false);
  const [hashesOnly, setHashesOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CatalogPublishResult | null>(null);

  const publish = (): void => {
    setBusy(true);
    setError(null);
    rememberUrl(url);
    bridge.call('catalog.publish', { study: study.slug, ...(url.trim() ? { url: url.trim() } : {}), append: append || undefined, originals: hashesOnly ? 'hashes' : undefined })
      .then((r) => { setDone(r); setBusy(false); }, (e: Error) => { setError(e.message); setBusy(false); });
  };

  return (
    <div className="sheet-backdrop" role="presentation">
      <section className="sheet dialog" role="dialog" aria-modal="true" aria-labelledby="publish-title" data-testid="publish-dialog" data-state={busy ? 'busy' : done ? 'done' : 'ready'}>
        <h2 id="publish-title">{t('catalog.publishTitle', { name: study.name })}</h2>
        <form className="sheet-form" onSubmit={(e) => { e.preventDefault(); if (!busy) publish(); }}>
          <label>
            <span>{t('catalog.url')}</span>
            <input name="catalog-url" value={url} placeholder={t('catalog.urlPlaceholder')} onChange={(e) => setUrl(e.target.value)} spellCheck={false} />
          </label>
          <p className="muted">{t('catalog.credentials')}</p>
          {hasPassword(url) && <p className="notice" role="status">{t('catalog.passwordInUrl')}</p>}
          <label className="inline-toggle"><input type="checkbox" name="catalog-append" checked={append} onChange={(e) => setAppend(e.target.checked)} />{t('catalog.append')}</label>
          <label className="inline-toggle"><input type="checkbox" name="catalog-hashes" checked={hashesOnly} onChange={(e) => setHashesOnly(e.target.checked)} />{t('catalog.hashesOnly')}</label>
          {error && <p className="error-text" role="alert" data-testid="publish-error">{error}</p>}
          {done && (
            <p role="status" data-testid="publish-result">
              {t('catalog.published', { catalog: done.catalog, name: done.study.name, added: done.runs.added, updated: done.runs.updated, removed: done.runs.removed, total: done.runs.total, files: done.files.added, by: done.published_by })}
            </p>
          )}
          <div className="buttons">
            <button type="button" onClick={onClose}>{done ? t('catalog.close') : t('manage.cancel')}</button>
            {!done && <button type="submit" className="primary" name="confirm-publish" disabled={busy}>{busy ? t('catalog.publishing') : t('catalog.publish')}</button>}
          </div>
        </form>
      </section>
    </div>
  );
}
