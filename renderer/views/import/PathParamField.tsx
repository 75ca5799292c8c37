/** A parameter read from the folder names (a sweep's _update0, _update3...): proposed, applied when ticked. */
import type { JSX } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import { valueFromPath } from './path-param.js';

export interface PathRule {
  on: boolean;
  pattern: string;
  param: string;
}

export function PathParamField({ rule, onRule, paths }: { rule: PathRule; onRule(rule: PathRule): void; paths: readonly string[] }): JSX.Element {
  const { t } = useI18n();
  return (
    <fieldset className="path-param" data-testid="path-param">
      <label className="inline-toggle">
        <input type="checkbox" name="path-param-on" checked={rule.on} onChange={(e) => onRule({ ...rule, on: e.target.checked })} />
        {t('import.pathParam')}
      </label>
      {rule.on && (
        <>
          <label>
            <span>{t('import.pathPattern')}</span>
            <input name="path-pattern" value={rule.pattern} spellCheck={false} onChange={(e) => onRule({ ...rule, pattern: e.target.value })} />
          </label>
          <label>
            <span>{t('import.pathParamName')}</span>
            <input name="path-param-name" value={rule.param} spellCheck={false} onChange={(e) => onRule({ ...rule, param: e.target.value })} />
          </label>
          <small className="muted" data-testid="path-param-preview">
            {(() => {
              const values = paths.map((p) => valueFromPath(p, rule.pattern));
              if (values.some((v) => v === undefined)) return t('import.pathPatternBad');
              const found = [...new Set(values.filter((v): v is string => v !== null))];
              return t('import.pathParamPreview', { param: rule.param, values: found.join(t('list.sep')) || '–', count: values.filter((v) => v !== null).length, total: paths.length });
            })()}
          </small>
        </>
      )}
    </fieldset>
  );
}
