/**
 * A study's line in the sidebar under its name: its runs and configurations. Many configurations
 * (S4's fourteen) are a count and the first few, in two lines at most; the whole list is on
 * hover, one a line.
 */
import type { JSX } from 'react';
import type { StudySummary } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';

/** Configurations named in full before the rest become a count. */
export const SHOWN_CONFIGS = 3;

export function StudyMeta({ study }: { study: StudySummary }): JSX.Element {
  const { t } = useI18n();
  const { configs } = study;
  const many = configs.length > SHOWN_CONFIGS + 1;
  const names = many
    ? t('studies.configsFirst', { count: configs.length, list: configs.slice(0, SHOWN_CONFIGS).join(' / '), more: configs.length - SHOWN_CONFIGS })
    : configs.join(' / ');
  return (
    // Two lines at most in the card (a narrow sidebar); every name on hover, one a line.
    <span className="study-meta" data-testid="study-meta" title={configs.length > 1 ? configs.join('\n') : undefined}>
      {t('studies.runs', { count: study.runs })}{t('text.sep')}{names}
    </span>
  );
}
