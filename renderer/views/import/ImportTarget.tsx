/**
 * Where a drop goes: the study (the open one unless the user says otherwise, else a new study
 * named from the files) and the configuration label. A missing name is said under its field,
 * which is highlighted, scrolled to and focused: where the user looks, not below the fold.
 */
import type { JSX, RefObject } from 'react';
import type { StudySummary } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';

export type TargetField = 'study' | 'config';

interface Props {
  study: string;
  onStudy(name: string): void;
  config: string;
  onConfig(label: string): void;
  studies: readonly StudySummary[];
  /** The study open in the workbench, the default target. */
  openStudy: string | null;
  /** The new study's name the files propose, offered when the open study is the target. */
  newName: string;
  /** The field the user must fill before importing, with the sentence saying so. */
  missing: { field: TargetField; message: string } | null;
  studyRef: RefObject<HTMLInputElement | null>;
  configRef: RefObject<HTMLInputElement | null>;
  /** Notes under the configuration field (tables that name their own configurations). */
  configNote?: string | null;
  /**
   * The drop is split into the configurations it holds: 'none' when every file has its label
   * there (no field here), 'others' when this label is for the files the split does not cover.
   */
  configFor?: 'all' | 'others' | 'none';
}

export function ImportTarget({ study, onStudy, config, onConfig, studies, openStudy, newName, missing, studyRef, configRef, configNote, configFor = 'all' }: Props): JSX.Element {
  const { t } = useI18n();
  const existing = studies.find((s) => s.name === study.trim()) ?? null;
  const invalid = (field: TargetField): boolean => missing?.field === field;
  return (
    <div className="import-target">
      <label className={invalid('study') ? 'invalid' : ''}>
        <span>{t('import.study')}</span>
        <input ref={studyRef} name="study" list="study-names" value={study} placeholder={t('import.studyPlaceholder')}
          aria-invalid={invalid('study') || undefined} aria-describedby={invalid('study') ? 'import-missing' : undefined}
          onChange={(e) => onStudy(e.target.value)} />
        <datalist id="study-names">{studies.map((s) => <option key={s.slug} value={s.name} />)}</datalist>
        {invalid('study') && <small className="error-text" id="import-missing" role="alert">{missing!.message}</small>}
        <small className="muted" data-testid="study-kind">
          {existing ? t(existing.name === openStudy ? 'import.studyOpen' : 'import.studyExisting', { name: existing.name }) : t('import.studyNew')}
          {openStudy && openStudy === study.trim() && newName !== openStudy && (
            <>{' '}<button type="button" className="link" name="use-new-study" onClick={() => onStudy(newName)}>{t('import.useNew', { name: newName })}</button></>
          )}
          {openStudy && openStudy !== study.trim() && (
            <>{' '}<button type="button" className="link" name="use-open-study" onClick={() => onStudy(openStudy)}>{t('import.useOpen', { name: openStudy })}</button></>
          )}
        </small>
      </label>
      {configFor !== 'none' && <label className={invalid('config') ? 'invalid' : ''}>
        <span>{t(configFor === 'others' ? 'import.split.others' : 'import.config')}</span>
        <input ref={configRef} name="config" list="config-names" value={config} placeholder={t('import.configPlaceholder')}
          aria-invalid={invalid('config') || undefined} aria-describedby={invalid('config') ? 'import-missing' : undefined}
          onChange={(e) => onConfig(e.target.value)} />
        {/* Importing one configuration at a time into a study: its labels so far. */}
        <datalist id="config-names">{(existing?.configs ?? []).map((c) => <option key={c} value={c} />)}</datalist>
        {invalid('config') && <small className="error-text" id="import-missing" role="alert">{missing!.message}</small>}
        {configNote ? <small className="muted" data-testid="config-from-table">{configNote}</small> : configFor === 'all' && <small className="muted">{t('import.configHelp')}</small>}
      </label>}
    </div>
  );
}
