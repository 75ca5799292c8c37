import type { JSX } from 'react';
import { useMemo, useState } from 'react';
import type { ConfigConstant, DerivedMetric, MetricInfo, RunRecord } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';

/**
 * The study's derived metrics (metric ÷ constant × factor: TPS per 1,000 $/month, IOPS per vCPU):
 * listed with their formula, defined here once, then offered in every view like a measured metric.
 */
export function DerivedMetricsPanel({ study, runs, dictionary, constants, derived, onChanged }: {
  study: string;
  runs: RunRecord[];
  dictionary: MetricInfo[];
  constants: ConfigConstant[];
  derived: DerivedMetric[];
  onChanged(): void;
}): JSX.Element {
  const bridge = useBridge();
  const { t, metricLabel } = useI18n();
  const measured = useMemo(() => {
    const present = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
    return dictionary.filter((m) => present.has(m.name) && !m.name.startsWith('derived.'));
  }, [runs, dictionary]);
  const constantNames = [...new Set(constants.map((c) => c.name))];
  const [name, setName] = useState('');
  const [metric, setMetric] = useState('');
  const [constant, setConstant] = useState('');
  const [factor, setFactor] = useState('1000');
  const [unit, setUnit] = useState('');
  const [better, setBetter] = useState<'' | 'higher' | 'lower'>('');
  const [error, setError] = useState<string | null>(null);
  const chosenMetric = metric || measured[0]?.name || '';
  const chosenConstant = constant || constantNames[0] || '';
  const factorValue = Number(factor.replace(/,/g, ''));

  const define = (): void => {
    setError(null);
    bridge.call('derived.define', {
      study, name: name.trim(), metric: chosenMetric, constant: chosenConstant,
      ...(Number.isFinite(factorValue) && factorValue > 0 ? { factor: factorValue } : {}),
      ...(unit.trim() ? { unit: unit.trim() } : {}), ...(better ? { better } : {}),
    }).then(() => { setName(''); setUnit(''); onChanged(); }, (e: Error) => setError(e.message));
  };
  const remove = (d: DerivedMetric): void => {
    bridge.call('derived.delete', { study, name: d.name }).then(onChanged, (e: Error) => setError(e.message));
  };

  return (
    <div className="derived-panel" data-testid="derived-panel">
      <p className="muted">{t('derived.help')}</p>
      {derived.length === 0 ? <p className="muted">{t('derived.none')}</p> : (
        <ul className="derived-list">
          {derived.map((d) => (
            <li key={d.name} data-derived={d.name}>
              <strong>{d.label}</strong> [{d.unit}] = {d.metric} ÷ {d.constant}{d.factor !== 1 ? ` × ${d.factor.toLocaleString()}` : ''}
              {t('text.sep')}{d.better === 'higher' ? t('derived.higherBetter') : t('derived.lowerBetter')}{' '}
              <button type="button" className="link" onClick={() => remove(d)}>{t('derived.remove')}</button>
            </li>
          ))}
        </ul>
      )}
      {constantNames.length === 0 ? <p className="muted">{t('derived.needConstant')}</p> : (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (name.trim() && chosenMetric) define(); }}>
          <label>{t('derived.name')}<input name="derived-name" value={name} placeholder="tps_per_kusd" onChange={(e) => setName(e.target.value)} /></label>
          <label>{t('derived.metric')}
            <select name="derived-metric" value={chosenMetric} onChange={(e) => setMetric(e.target.value)}>
              {measured.map((m) => <option key={m.name} value={m.name}>{metricLabel(m, m.name)}</option>)}
            </select>
          </label>
          <label>{t('derived.constant')}
            <select name="derived-constant" value={chosenConstant} onChange={(e) => setConstant(e.target.value)}>
              {constantNames.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
          <label>{t('derived.factor')}<input name="derived-factor" inputMode="decimal" value={factor} onChange={(e) => setFactor(e.target.value)} /></label>
          <label>{t('derived.unit')}<input name="derived-unit" value={unit} onChange={(e) => setUnit(e.target.value)} /></label>
          <label>{t('derived.better')}
            <select name="derived-better" value={better} onChange={(e) => setBetter(e.target.value as '' | 'higher' | 'lower')}>
              <option value="">{t('derived.betterAsMetric')}</option>
              <option value="higher">{t('derived.higherBetter')}</option>
              <option value="lower">{t('derived.lowerBetter')}</option>
            </select>
          </label>
          <button type="submit" disabled={!name.trim() || !chosenMetric}>{t('derived.define')}</button>
        </form>
      )}
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}
