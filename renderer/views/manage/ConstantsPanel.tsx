import type { JSX } from 'react';
import { useState } from 'react';
import type { ConfigConstant } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';

/**
 * Names a price-performance study uses, with the unit the core gives them when none is typed
 * (app/core/metrics/derived.ts KNOWN_CONSTANTS): offered as the user types, never required.
 */
const SUGGESTED: Array<[string, string]> = [
  ['price_usd_month', '$/month'], ['price_usd', '$'], ['vcpus', 'vCPU'], ['disks', 'disks'], ['memory_gb', 'GB'], ['capacity_gb', 'GB'], ['nodes', 'nodes'],
];

/** Where a constant came from, in the user's words: "workbench, alice, 2026-11-25". */
function sourceText(t: ReturnType<typeof useI18n>['t'], c: ConfigConstant): string {
  const where = c.source === 'workbench' ? t('constants.fromWorkbench') : c.source === 'cli' ? t('constants.fromCli') : t('constants.fromFile', { file: c.source.replace(/^file:/, '') });
  return [where, c.entered_by, c.entered_at.slice(0, 10)].filter(Boolean).join(t('list.sep'));
}

/** A configuration's constants, entered once: derived metrics divide by them, the evidence prints them. */
export function ConstantsPanel({ study, config, constants, onChanged }: { study: string; config: string; constants: ConfigConstant[]; onChanged(): void }): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [name, setName] = useState('price_usd_month');
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggestedUnit = SUGGESTED.find(([n]) => n === name.trim())?.[1] ?? '';
  const number = Number(value.replace(/,/g, ''));

  const set = (): void => {
    setError(null);
    bridge.call('configs.setConstant', { study, config, name: name.trim(), value: number, ...(unit.trim() ? { unit: unit.trim() } : {}) })
      .then(() => { setValue(''); setUnit(''); onChanged(); }, (e: Error) => setError(e.message));
  };
  const remove = (c: ConfigConstant): void => {
    bridge.call('configs.deleteConstant', { study, config, name: c.name }).then(onChanged, (e: Error) => setError(e.message));
  };

  return (
    <div className="constants-panel" data-testid="constants-panel" data-config={config}>
      <p className="muted">{t('constants.help')}</p>
      {constants.length === 0 ? <p className="muted">{t('constants.none')}</p> : (
        <table className="grid compact">
          <thead><tr><th>{t('constants.name')}</th><th className="num">{t('constants.value')}</th><th>{t('constants.unit')}</th><th>{t('constants.source')}</th><th /></tr></thead>
          <tbody>
            {constants.map((c) => (
              <tr key={c.name} data-constant={c.name}>
                <td>{c.name}</td>
                <td className="num">{c.value.toLocaleString()}</td>
                <td>{c.unit}</td>
                <td className="muted">{sourceText(t, c)}</td>
                <td><button type="button" className="link" onClick={() => remove(c)}>{t('constants.remove')}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (Number.isFinite(number) && value.trim()) set(); }}>
        <label>{t('constants.name')}
          <input name="constant-name" list="constant-names" value={name} onChange={(e) => setName(e.target.value)} />
          <datalist id="constant-names">{SUGGESTED.map(([n]) => <option key={n} value={n} />)}</datalist>
        </label>
        <label>{t('constants.value')}<input name="constant-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} /></label>
        <label>{t('constants.unit')}<input name="constant-unit" value={unit} placeholder={suggestedUnit} onChange={(e) => setUnit(e.target.value)} /></label>
        <button type="submit" disabled={!value.trim() || !Number.isFinite(number) || !name.trim()}>{t('constants.set')}</button>
      </form>
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}
