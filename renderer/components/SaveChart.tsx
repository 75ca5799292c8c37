/** "Save chart…": keeps the chart's spec in the study under a name, for reports to use. */
import type { JSX } from 'react';
import { useState } from 'react';
import type { ChartSpec } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { useI18n } from '../i18n/i18n.js';

export function SaveChart({ study, spec, defaultName, label }: { study: string; spec: ChartSpec | null; defaultName: string; label?: string }): JSX.Element | null {
  const bridge = useBridge();
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [note, setNote] = useState<string | null>(null);
  if (!spec) return null;
  const save = (): void => {
    bridge.call('charts.save', { study, name: name.trim() || defaultName, spec }).then(
      (c) => { setNote(t('chart.saved', { name: c.name })); setOpen(false); },
      (e: Error) => setNote(e.message),
    );
  };
  return (
    <span className="save-chart">
      {!open && <button type="button" name="save-chart" onClick={() => { setName(defaultName); setNote(null); setOpen(true); }}>{label ?? t('chart.save')}</button>}
      {open && (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); save(); }}>
          <input name="chart-name" aria-label={t('chart.saveName')} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit" className="primary" name="confirm-save-chart">{t('reports.save')}</button>
          <button type="button" onClick={() => setOpen(false)}>{t('import.cancel')}</button>
        </form>
      )}
      {note && <span className="muted" role="status" data-testid="chart-saved">{note}</span>}
    </span>
  );
}
