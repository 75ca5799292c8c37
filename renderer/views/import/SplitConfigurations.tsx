/**
 * The configurations a drop holds (issue 39): 28 fio files of four volumes are four
 * configurations, not one with four "repetitions" per block size. The sheet says what tells
 * the files apart (the device fio ran on, a host, a parameter, a token of their names) and
 * proposes one configuration per value, labels editable, as the default; the user can keep
 * one configuration instead. The core decides (import.proposeConfigs, the same analysis as a
 * study's repetition check); this is its place in the sheet.
 */
import type { JSX, RefObject } from 'react';
import type { DropConfigurations } from '../../../app/contract/records.js';
import { useI18n } from '../../i18n/i18n.js';

interface Props {
  proposal: DropConfigurations;
  split: boolean;
  onSplit(split: boolean): void;
  labels: readonly string[];
  onLabel(index: number, label: string): void;
  /** The label the import needs and did not get (its index), said under its field. */
  missing: number | null;
  labelRefs: RefObject<Array<HTMLInputElement | null>>;
}

const shortList = (values: readonly string[], sep: string): string => (values.length <= 4 ? values.join(sep) : `${values.slice(0, 4).join(sep)}${sep}…`);

export function SplitConfigurations({ proposal, split, onSplit, labels, onLabel, missing, labelRefs }: Props): JSX.Element {
  const { t } = useI18n();
  const sep = t('list.sep');
  const what = proposal.by.map((b) => {
    const values = shortList(b.values, sep);
    return b.kind === 'host' ? t('import.split.host', { values }) : b.kind === 'path' ? t('import.split.path', { values }) : t('import.split.param', { param: b.param, values });
  }).join(sep);
  const count = proposal.groups.length;
  return (
    <fieldset className="split-configs" data-testid="split-configs" data-split={split ? 'yes' : 'no'}>
      <legend>{t('import.split.title', { count })}</legend>
      <p className="muted" data-testid="split-why">{t('import.split.why', { what })}</p>
      <label className="choice">
        <input type="radio" name="split-choice" value="split" checked={split} onChange={() => onSplit(true)} />{' '}
        {t('import.split.split', { count })}
      </label>
      {split && (
        <table className="grid split-groups">
          <tbody>
            {proposal.groups.map((g, i) => (
              <tr key={Object.values(g.values).join('\u0000')} data-group={i}>
                <td>
                  <input ref={(el) => { labelRefs.current[i] = el; }} name="split-label" value={labels[i] ?? ''} aria-label={t('import.split.label')}
                    aria-invalid={missing === i || undefined} className={missing === i ? 'invalid' : undefined}
                    onChange={(e) => onLabel(i, e.target.value)} />
                  {missing === i && <small className="error-text" role="alert" data-testid="split-missing">{t('import.split.needLabel')}</small>}
                </td>
                <td className="muted">{proposal.by.map((b) => (b.kind === 'path' ? g.values[b.param] : `${b.param} ${g.values[b.param] ?? ''}`)).join(sep)}</td>
                <td className="num">{t('import.split.files', { count: g.files.length })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {split && proposal.mixed.length > 0 && <p className="muted">{t('import.split.mixed', { count: proposal.mixed.length })}</p>}
      <label className="choice">
        <input type="radio" name="split-choice" value="one" checked={!split} onChange={() => onSplit(false)} />{' '}
        {t('import.split.one')}
      </label>
    </fieldset>
  );
}
