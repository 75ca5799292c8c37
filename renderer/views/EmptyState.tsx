/**
 * The empty workbench: a short guided tour (drop, name, compare, report), what each format's
 * files look like so a user knows what to drop, and a way to the sample studies.
 */
import type { JSX } from 'react';
import { useI18n } from '../i18n/i18n.js';
import { FORMAT_GALLERY } from './format-gallery.js';

export function EmptyState({ onPaste, onLoadSamples }: { onPaste(): void; onLoadSamples(): void }): JSX.Element {
  const { t } = useI18n();
  return (
    <section className="empty" data-testid="empty-state">
      <div className="drop-target">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.body')}</p>
        <ol className="tour" data-testid="guided-tour">
          <li><strong>{t('tour.drop')}</strong> {t('tour.dropBody')}</li>
          <li><strong>{t('tour.name')}</strong> {t('tour.nameBody')}</li>
          <li><strong>{t('tour.compare')}</strong> {t('tour.compareBody')}</li>
          <li><strong>{t('tour.report')}</strong> {t('tour.reportBody')}</li>
        </ol>
        <p className="muted">{t('empty.paste')}</p>
        <div className="empty-actions">
          <button type="button" onClick={onPaste}>{t('studies.pasteTable')}</button>
          <button type="button" className="primary" name="load-samples" onClick={onLoadSamples}>{t('studies.loadSamples')}</button>
        </div>
        <details className="format-gallery">
          <summary>{t('tour.formats')}</summary>
          <table>
            <tbody>
              {FORMAT_GALLERY.map((f) => (
                <tr key={f.tool}><th>{t(f.tool)}</th><td>{t(f.files)}<div className="mono">{f.looks}</div></td></tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}
