import { useEffect, useState, type JSX } from 'react';
import type { PeriodRecord, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { useI18n } from '../i18n/i18n.js';

/** Shows a UTC instant in the period's zone, the zone stated: "2017-09-14 18:00 (Asia/Shanghai)". */
function inZone(iso: string | null, zone: string, open: string): string {
  if (!iso) return open;
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  const timeZone = fixed ? undefined : zone;
  const date = fixed ? new Date(Date.parse(iso) + (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60000) : new Date(iso);
  const text = new Intl.DateTimeFormat('sv-SE', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(date);
  return text;
}

/** A study's periods: named time ranges that compare like configurations. */
export function PeriodsView({ study, onChanged }: { study: StudySummary; onChanged(): void }): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  const [periods, setPeriods] = useState<PeriodRecord[] | null>(null);
  const [name, setName] = useState('');
  const [spec, setSpec] = useState('');
  const [zone, setZone] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = (): void => {
    bridge.call('periods.list', { study: study.slug }).then(setPeriods, (err: Error) => setError(err.message));
  };
  useEffect(() => {
    load();
    bridge.call('studies.settings', { study: study.slug }).then((s) => setZone(s.zone), () => undefined);
  }, [bridge, study.slug]); // eslint-disable-line react-hooks/exhaustive-deps

  const define = async (): Promise<void> => {
    try {
      await bridge.call('periods.define', { study: study.slug, name: name.trim(), spec: spec.trim(), zone: zone.trim() || undefined });
      setName('');
      setSpec('');
      setError(null);
      load();
      onChanged();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async (p: string): Promise<void> => {
    await bridge.call('periods.delete', { study: study.slug, name: p });
    load();
    onChanged();
  };

  return (
    <div className="periods" data-testid="periods-view" data-state={periods ? 'ready' : 'loading'}>
      <p className="muted">{t('periods.intro')}</p>
      {periods && periods.length === 0 && <p>{t('periods.empty')}</p>}
      {periods && periods.length > 0 && (
        <div className="table-scroll">
        <table className="grid">
          <thead><tr><th>{t('periods.name')}</th><th>{t('periods.spec')}</th><th>{t('periods.zone')}</th><th>{t('periods.ranges', { zone: t('periods.zone') })}</th><th /></tr></thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.name} data-period={p.name}>
                <td>{p.name}</td>
                <td>{p.spec}</td>
                <td>{p.zone}</td>
                <td className="ranges">
                  {p.ranges.map((r, i) => <div key={i}>{inZone(r.start, p.zone, t('periods.open'))} → {inZone(r.end, p.zone, t('periods.open'))}</div>)}
                </td>
                <td><button type="button" onClick={() => void remove(p.name)}>{t('periods.delete')}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <form className="period-form" onSubmit={(e) => { e.preventDefault(); void define(); }}>
        <label>{t('periods.name')}<input name="period-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="before" /></label>
        <label className="wide">{t('periods.spec')}<input name="period-spec" value={spec} onChange={(e) => setSpec(e.target.value)} placeholder="daily 08:30-15:30 on 2017-09-08, 09-13, 09-14" /></label>
        <label>{t('periods.zone')}<input name="period-zone" value={zone} onChange={(e) => setZone(e.target.value)} placeholder="Asia/Shanghai" /></label>
        <button type="submit" className="primary" disabled={!name.trim() || !spec.trim()}>{t('periods.define')}</button>
      </form>
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
