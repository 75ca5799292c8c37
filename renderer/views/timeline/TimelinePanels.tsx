/**
 * Beside the timeline: a clock offset proposed from two series that should move together, shown
 * with its correlation and applied with one click (never before); the correlation of the two as
 * they are; the windows where one lane's latency rises and the other's does not; and a database
 * report's interval against the host's and the array's figures over exactly that interval.
 */
import { useState, type JSX } from 'react';
import type { StudyTimeline } from '../../../app/contract/records.js';
import type { DivergenceResult, IntervalCheck, LaneId, OffsetProposal } from '../../../app/contract/timeline.js';
import { useBridge } from '../../bridge/context.js';
import { formatValue } from '../../format.js';
import { useI18n } from '../../i18n/i18n.js';

interface Props {
  study: string;
  timeline: StudyTimeline;
  label(metric: string): string;
  onApply(run: number, seconds: number, origin: { correlation: number; reference: LaneId }): Promise<void>;
}

export function TimelinePanels({ study, timeline, label, onApply }: Props): JSX.Element {
  const bridge = useBridge();
  const { t, locale } = useI18n();
  const lanes = timeline.lanes.filter((l) => l.kind !== 'events');
  const name = (id: LaneId): string => {
    const l = timeline.lanes.find((x) => x.id === id);
    return l ? `${l.source}: ${label(l.metric)}` : id;
  };
  // Two series of different runs to start with: what a proposal is for (steps and events come after).
  const series = lanes.filter((l) => l.kind === 'series');
  const first = series[0] ?? lanes[0];
  const second = series.find((l) => l.run !== first?.run) ?? lanes.find((l) => l.id !== first?.id);
  const [reference, setReference] = useState<LaneId>(first?.id ?? '');
  const [subject, setSubject] = useState<LaneId>(second?.id ?? '');
  const [proposal, setProposal] = useState<OffsetProposal | null>(null);
  const [divergence, setDivergence] = useState<DivergenceResult | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reports = [...new Map(timeline.lanes.filter((l) => l.kind === 'steps').flatMap((l) => l.runs.map((r) => [r, l.source] as const))).entries()];
  const [report, setReport] = useState<number | null>(reports[0]?.[0] ?? null);
  const [check, setCheck] = useState<IntervalCheck | null>(null);

  const fail = (e: Error): void => { setNote(e.message); setBusy(false); };
  const propose = (): void => {
    setBusy(true); setNote(null); setProposal(null);
    bridge.call('timeline.proposeOffset', { study, reference, subject }).then((p) => { setProposal(p); setBusy(false); }, fail);
  };
  const diverge = (): void => {
    setBusy(true); setNote(null);
    bridge.call('timeline.divergence', { study, a: reference, b: subject }).then((d) => { setDivergence(d); setBusy(false); }, fail);
  };
  const apply = (p: OffsetProposal): void => {
    setBusy(true);
    onApply(p.run, p.offset_s, { correlation: p.best_correlation ?? 0, reference: p.a }).then(() => {
      setNote(t('timeline.propose.applied', { source: name(p.b), offset: seconds(p.offset_s) }));
      setProposal(null);
      setBusy(false);
    }, fail);
  };
  const seconds = (s: number): string => `${s > 0 ? '+' : s < 0 ? '−' : ''}${Math.abs(s).toLocaleString(locale)}`;
  const r = (x: number | null): string => (x === null ? '–' : x.toFixed(3));
  const pick = (value: LaneId, set: (v: LaneId) => void, field: string, caption: string): JSX.Element => (
    <label>{caption}
      <select name={field} value={value} onChange={(e) => { set(e.target.value); setProposal(null); setDivergence(null); }}>
        {lanes.map((l) => <option key={l.id} value={l.id}>{name(l.id)}</option>)}
      </select>
    </label>
  );

  return (
    <div className="timeline-panels">
      <section data-testid="timeline-correlation" data-reference={reference} data-subject={subject}>
        <h3>{t('timeline.propose.title')}</h3>
        <p className="muted">{t('timeline.propose.help')}</p>
        <div className="controls">
          {pick(reference, setReference, 'timeline-reference', t('timeline.propose.reference'))}
          {pick(subject, setSubject, 'timeline-subject', t('timeline.propose.subject'))}
          <button type="button" name="propose-offset" disabled={busy || !reference || !subject || reference === subject} onClick={propose}>{t('timeline.propose.button')}</button>
          <button type="button" name="find-divergence" disabled={busy || !reference || !subject || reference === subject} onClick={diverge}>{t('timeline.divergence.button')}</button>
        </div>
        {proposal && (
          <p className="notice" data-testid="timeline-proposal" data-offset={proposal.offset_s} data-correlation={proposal.best_correlation ?? ''}>
            {t('timeline.propose.result', {
              offset: seconds(proposal.offset_s), source: name(proposal.b), r: r(proposal.best_correlation), r0: r(proposal.correlation),
              n: proposal.points.toLocaleString(locale), step: proposal.step_s.toLocaleString(locale),
            })}
            {' '}
            {proposal.offset_s !== proposal.current_offset_s
              ? <button type="button" className="primary" name="apply-offset" disabled={busy} onClick={() => apply(proposal)}>{t('timeline.propose.apply', { offset: seconds(proposal.offset_s) })}</button>
              : <span className="muted">{t('timeline.propose.inForce')}</span>}
          </p>
        )}
        {divergence && (
          <div data-testid="timeline-divergence">
            <p className="muted">{t('timeline.divergence.rule', { window: divergence.window_s.toLocaleString(locale) })}</p>
            {divergence.windows.length === 0 ? <p>{t('timeline.divergence.none')}</p> : (
              <ul>{divergence.windows.map((w) => <li key={w.from}>{w.text}</li>)}</ul>
            )}
          </div>
        )}
        {note && <p className="muted" role="status" data-testid="timeline-note">{note}</p>}
      </section>
      {reports.length > 0 && (
        <section data-testid="timeline-check">
          <h3>{t('timeline.check.title')}</h3>
          <div className="controls">
            <label>{t('timeline.check.report')}
              <select name="timeline-report" value={report ?? ''} onChange={(e) => { setReport(Number(e.target.value)); setCheck(null); }}>
                {reports.map(([run, source]) => <option key={run} value={run}>{`${source} · #${run}`}</option>)}
              </select>
            </label>
            <button type="button" name="check-interval" disabled={busy || report === null}
              onClick={() => { setBusy(true); bridge.call('timeline.intervalCheck', { study, run: report! }).then((c) => { setCheck(c); setBusy(false); }, fail); }}>
              {t('timeline.check.button')}
            </button>
          </div>
          {check && (
            <table className="grid">
              <thead><tr><th>{t('timeline.check.quantity')}</th><th className="num">{t('timeline.layer.database')}</th><th className="num">{t('timeline.layer.host')}</th><th className="num">{t('timeline.layer.array')}</th></tr></thead>
              <tbody>
                {check.rows.map((row) => (
                  <tr key={row.quantity} data-quantity={row.quantity}>
                    <td>{t(`timeline.check.${row.quantity}`)}</td>
                    <td className="num">{row.database ? formatValue(row.database.value, row.unit, locale) : '–'}</td>
                    <td className="num" data-diff={row.host?.diff_pct ?? ''}>{row.host ? `${formatValue(row.host.value, row.unit, locale)}${diffText(row.host.diff_pct, locale)}` : '–'}</td>
                    <td className="num">{row.array ? `${formatValue(row.array.value, row.unit, locale)}${diffText(row.array.diff_pct, locale)}` : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {check && (
            <p className="muted">{t('timeline.check.sources')}: {[...new Set(check.rows.flatMap((row) => [row.database?.source, row.host?.source, row.array?.source]).filter(Boolean))].join(t('list.sep'))}</p>
          )}
          {check?.notes.map((n) => <p key={n} className="muted">{n}</p>)}
        </section>
      )}
    </div>
  );
}

const diffText = (pct: number | null, locale: string): string => (pct === null ? '' : ` (${pct >= 0 ? '+' : ''}${formatValue(pct, '%', locale)}%)`);
