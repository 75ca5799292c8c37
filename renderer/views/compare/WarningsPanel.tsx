import type { JSX } from 'react';
import type { CompareWarning } from '../../../app/contract/records.js';
import type { MessageKey } from '../../i18n/messages.js';
import { en } from '../../i18n/messages.js';
import { useI18n } from '../../i18n/i18n.js';

/** Sanity warnings, each with the runs (or objects) it concerns and the core's detail. */
export function WarningsPanel({ warnings }: { warnings: CompareWarning[] }): JSX.Element | null {
  const { t } = useI18n();
  if (warnings.length === 0) return null;
  return (
    <section className="warnings-panel" data-testid="compare-warnings">
      <h3>{t('compare.warnings')}</h3>
      <ul>
        {warnings.map((w) => {
          const key = `warning.${w.code}` as MessageKey;
          return (
            <li key={w.code + w.message} data-code={w.code}>
              <strong>{key in en ? t(key) : w.code}</strong> <span className="muted">{w.message}</span>
              {w.runs.length > 0 && <span className="muted"> · {t('compare.runsList', { runs: w.runs.join(', ') })}</span>}
              {w.objects && w.objects.length > 0 && <span className="muted"> · {t('compare.objectsList', { objects: w.objects.join(', ') })}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
