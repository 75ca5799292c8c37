/**
 * The study's saved charts, their home: each with its kind, when it was saved and the reports
 * that draw it; open one in the builder to change it, rename, duplicate or delete it (deleting a
 * chart a report draws says so first). `perfdelta charts` lists the same.
 */
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { SavedChart, StudySummary } from '../../../app/contract/records.js';
import { useBridge } from '../../bridge/context.js';
import { useI18n } from '../../i18n/i18n.js';

type Editing = { id: number; mode: 'rename' | 'delete'; name: string } | null;

export function ChartsView({ study, onOpen }: { study: StudySummary; onOpen(chart: SavedChart): void }): JSX.Element {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const [charts, setCharts] = useState<SavedChart[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    bridge.call('charts.list', { study: study.slug }).then((c) => { setCharts(c); setError(null); }, (e: Error) => setError(e.message));
  }, [bridge, study.slug]);
  useEffect(reload, [reload]);

  const act = (p: Promise<string>): void => {
    p.then((message) => { setNote(message); setEditing(null); reload(); }, (e: Error) => setError(e.message));
  };
  const rename = (c: SavedChart, name: string): void => act(bridge.call('charts.rename', { study: study.slug, id: c.id, name }).then((r) => t('charts.renamed', { name: r.name })));
  const duplicate = (c: SavedChart): void => act(bridge.call('charts.duplicate', { study: study.slug, id: c.id }).then((r) => t('charts.duplicated', { name: r.name })));
  const remove = (c: SavedChart): void => act(bridge.call('charts.delete', { study: study.slug, id: c.id }).then(() => t('charts.deleted', { name: c.name })));

  return (
    <div className="charts-list" data-testid="charts-view" data-state={charts ? 'ready' : 'loading'}>
      {error && <p className="error" role="alert">{error}</p>}
      {note && <p className="muted" role="status" data-testid="charts-note">{note}</p>}
      {charts && charts.length === 0 && <p className="notice">{t('charts.none')}</p>}
      {charts && charts.length > 0 && (
        <div className="table-scroll">
        <table className="grid" data-testid="charts-table">
          <thead><tr><th>{t('charts.name')}</th><th>{t('charts.kind')}</th><th>{t('charts.created')}</th><th>{t('charts.usedIn')}</th><th /></tr></thead>
          <tbody>
            {charts.map((c) => (
              <tr key={c.id} data-chart-id={c.id} data-kind={c.spec.kind} data-name={c.name}>
                <td data-col="name">
                  {editing?.id === c.id && editing.mode === 'rename' ? (
                    <form className="inline-form" onSubmit={(e) => { e.preventDefault(); rename(c, editing.name); }}>
                      <input name="chart-rename" aria-label={t('charts.rename')} value={editing.name} autoFocus onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
                      <button type="submit" className="primary" name="confirm-rename">{t('reports.save')}</button>
                      <button type="button" onClick={() => setEditing(null)}>{t('import.cancel')}</button>
                    </form>
                  ) : (
                    <button type="button" className="link" name="open-chart" onClick={() => onOpen(c)} title={t('charts.openTitle')}>{c.name}</button>
                  )}
                </td>
                <td>{t(`builder.kind.${c.spec.kind}`)}</td>
                <td className="muted">{new Date(c.created).toLocaleDateString(locale)}</td>
                <td data-col="used-in">{c.used_in?.length ? c.used_in.join(t('list.sep')) : t('charts.unused')}</td>
                <td className="actions">
                  {editing?.id === c.id && editing.mode === 'delete' ? (
                    <span role="alert">
                      {c.used_in?.length ? t('charts.confirmDeleteUsed', { name: c.name, reports: c.used_in.map((r) => `“${r}”`).join(t('list.sep')) }) : t('charts.confirmDelete', { name: c.name })}{' '}
                      <button type="button" className="danger" name="confirm-delete-chart" onClick={() => remove(c)}>{t('charts.delete')}</button>
                      <button type="button" onClick={() => setEditing(null)}>{t('import.cancel')}</button>
                    </span>
                  ) : (
                    <>
                      <button type="button" name="edit-chart" onClick={() => onOpen(c)} title={t('charts.openTitle')}>{t('charts.open')}</button>
                      <button type="button" name="rename-chart" onClick={() => setEditing({ id: c.id, mode: 'rename', name: c.name })}>{t('charts.rename')}</button>
                      <button type="button" name="duplicate-chart" onClick={() => duplicate(c)}>{t('charts.duplicate')}</button>
                      <button type="button" name="delete-chart" onClick={() => setEditing({ id: c.id, mode: 'delete', name: c.name })}>{t('charts.delete')}</button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
