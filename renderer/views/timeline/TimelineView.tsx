/**
 * The study's layers on one time axis: lanes grouped by layer, each with its unit and the zone
 * its source was read in; one zoom and one cursor for all of them (a zoom asks the core for the
 * window, each lane read for it with its own budget); the clock offsets in force, set by hand or
 * from a proposal with one click; correlation across the layers beside it (TimelinePanels).
 */
import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { ChartSpec, MetricInfo, StudySummary, StudyTimeline } from '../../../app/contract/records.js';
import type { LaneId, TimelineLane } from '../../../app/contract/timeline.js';
import { useBridge } from '../../bridge/context.js';
import { chartOption } from '../../charts/chart-option.js';
import { EChart } from '../../charts/EChart.js';
import { orderedLanes, timelineHeight, zoneWords } from '../../charts/kinds/timeline.js';
import { coreXlsx } from '../../charts/use-chart.js';
import { ZoomRequests } from '../../charts/zoom-requests.js';
import { SaveChart } from '../../components/SaveChart.js';
import { formatValue } from '../../format.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTheme } from '../../theme/theme.js';
import { TimelinePanels } from './TimelinePanels.js';

/** Pixel columns each lane is read for: about the chart's plot width. */
const WIDTH = 1000;

export function TimelineView({ study, dictionary }: { study: StudySummary; dictionary: MetricInfo[] }): JSX.Element {
  const bridge = useBridge();
  const { t, locale, metricLabel } = useI18n();
  const { chart: theme } = useTheme();
  const byName = useMemo(() => new Map(dictionary.map((m) => [m.name, m])), [dictionary]);
  const label = (metric: string): string => metricLabel(byName.get(metric), metric);
  /** The lanes shown; null: the ones the study opens on. */
  const [lanes, setLanes] = useState<LaneId[] | null>(null);
  /** Bumped when an offset changes: the lanes are read again. */
  const [revision, setRevision] = useState(0);
  const [overview, setOverview] = useState<StudyTimeline | null>(null);
  /** The revision the lanes on screen were read for: a readiness marker once an offset changed. */
  const [loaded, setLoaded] = useState(-1);
  const [detail, setDetail] = useState<{ from: number; to: number; result: StudyTimeline } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const zoom = useRef<{ start: number; end: number } | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    bridge.call('timeline.get', { study: study.slug, ...(lanes ? { lanes } : {}), width: WIDTH }).then(
      (r) => { if (live) { setOverview(r); setDetail(null); setLoaded(revision); zoom.current = null; } },
      (e: Error) => { if (live) setError(e.message); },
    );
    return () => { live = false; };
  }, [bridge, study.slug, lanes, revision]);

  const shownIds = useMemo(() => overview?.lanes.map((l) => l.id) ?? [], [overview]);
  const zooms = useMemo(() => new ZoomRequests<{ from: number; to: number }, StudyTimeline>(
    (w, signal) => bridge.call('timeline.get', { study: study.slug, lanes: shownIds, from: w.from, to: w.to, width: WIDTH, choices: false, channel: 'timeline' }, { signal }),
    (w, result) => setDetail({ ...w, result }),
  ), [bridge, study.slug, shownIds]);
  useEffect(() => () => zooms.dispose(), [zooms]);

  const extent = overview?.extent ?? null;
  const onZoom = (z: { start: number; end: number }): void => {
    zoom.current = z;
    if (!extent || !(extent.to > extent.from)) return;
    if (z.start <= 0.5 && z.end >= 99.5) {
      zooms.reset();
      setDetail(null);
      return;
    }
    const span = extent.to - extent.from;
    zooms.want({ from: extent.from + (span * z.start) / 100, to: extent.from + (span * z.end) / 100 });
  };

  // Inside the zoomed window, each lane's own points for it; outside, the overview's.
  const shown = useMemo<StudyTimeline | null>(() => {
    if (!overview || !detail) return overview;
    return {
      ...overview,
      lanes: overview.lanes.map((l) => {
        const inside = detail.result.lanes.find((d) => d.id === l.id);
        if (!inside || l.kind !== 'series') return l;
        return { ...l, points: [...l.points.filter(([tm]) => tm < detail.from), ...inside.points, ...l.points.filter(([tm]) => tm > detail.to)] };
      }),
    };
  }, [overview, detail]);
  const spec = useMemo<ChartSpec>(() => ({ kind: 'timeline', ...(shownIds.length ? { lanes: shownIds } : {}) }), [shownIds]);
  const title = t('study.tabs.timeline');
  const option = useMemo(() => (shown && shown.lanes.length > 0
    ? chartOption(spec, { kind: 'timeline', labels: [], timeline: shown }, { title, locale, theme, mode: 'interactive', zoom: zoom.current, metricLabel: label })
    : null), [shown, spec, title, locale, theme]); // eslint-disable-line react-hooks/exhaustive-deps

  if (error) return <p className="error" role="alert">{error}</p>;
  if (overview && overview.choices.length === 0) return <p className="notice" data-testid="timeline-view" data-state="ready">{t('timeline.none')}</p>;
  const windowStats = detail ? detail.result.lanes : overview?.lanes ?? [];
  const saved: ChartSpec = { ...spec, ...(detail ? { window: { from: Math.round(detail.from), to: Math.round(detail.to) } } : {}) } as ChartSpec;
  const offsetOf = (run: number): number => overview?.offsets.find((o) => o.run === run)?.offset_s ?? 0;
  const setOffset = (run: number, seconds: number | null, origin?: { correlation: number; reference: LaneId }): Promise<void> =>
    bridge.call('timeline.setOffset', { study: study.slug, run, offsetS: seconds, ...(origin ?? {}) }).then(() => setRevision((r) => r + 1));

  return (
    <div className="timeline" data-testid="timeline-view" data-state={overview && loaded === revision ? 'ready' : 'loading'} data-revision={loaded}
      data-layers={[...new Set(overview?.lanes.map((l) => l.layer) ?? [])].join(',')}>
      <div className="controls">
        <label>{t('timeline.addLane')}
          <select name="timeline-add-lane" value="" onChange={(e) => { if (e.target.value) setLanes([...shownIds, e.target.value]); }}>
            <option value="">{t('timeline.pickLane')}</option>
            {(overview?.choices ?? []).filter((c) => !shownIds.includes(c.id)).map((c) => (
              <option key={c.id} value={c.id}>{`${t(`timeline.layer.${c.layer}`)} · ${c.source}: ${c.kind === 'events' ? t('timeline.events') : label(c.metric)}${c.unit ? ` (${c.unit})` : ''}`}</option>
            ))}
          </select>
        </label>
        {lanes && <button type="button" name="timeline-reset" onClick={() => setLanes(null)}>{t('timeline.reset')}</button>}
        <SaveChart study={study.slug} spec={shownIds.length ? saved : null} defaultName={title} />
      </div>
      {overview && overview.missing.length > 0 && <p className="notice">{overview.missing.map((m) => t('timeline.missing', { id: m.id, reason: m.reason })).join(' ')}</p>}
      {option && shown && (
        <div data-testid="timeline-chart" data-detail={detail ? `${detail.from}-${detail.to}` : ''}>
          <EChart id="study-timeline" option={option} height={timelineHeight({ kind: 'timeline', labels: [], timeline: shown }, { mode: 'interactive' })} onZoom={onZoom}
            exportXlsx={coreXlsx(bridge, study.slug, saved, title, locale)} />
        </div>
      )}
      {overview && (
        <table className="grid" data-testid="timeline-lanes">
          <caption className="muted">{detail ? t('timeline.window', { from: new Date(detail.from).toISOString().slice(0, 19), to: new Date(detail.to).toISOString().slice(0, 19) }) : t('timeline.whole')}</caption>
          <thead><tr>
            <th>{t('timeline.col.layer')}</th><th>{t('timeline.col.lane')}</th>
            <th className="num">{t('timeline.col.samples')}</th><th className="num">{t('series.mean')}</th><th className="num">{t('series.max')}</th>
            <th>{t('timeline.col.offset')}</th>
          </tr></thead>
          <tbody>
            {orderedLanes(overview).map((l) => (
              <LaneRow key={l.id} lane={l} stats={windowStats.find((w) => w.id === l.id) ?? l} zone={zoneWords(l, { locale })}
                label={l.kind === 'events' ? t('timeline.events') : label(l.metric)} offset={offsetOf(l.run)}
                onOffset={(s) => void setOffset(l.run, s)} onRemove={() => setLanes(shownIds.filter((x) => x !== l.id))} />
            ))}
          </tbody>
        </table>
      )}
      {overview && <TimelinePanels study={study.slug} timeline={overview} label={label} onApply={(run, s, origin) => setOffset(run, s, origin)} />}
    </div>
  );
}

function LaneRow({ lane, stats, zone, label, offset, onOffset, onRemove }: {
  lane: TimelineLane; stats: TimelineLane; zone: string; label: string; offset: number; onOffset(seconds: number | null): void; onRemove(): void;
}): JSX.Element {
  const { t, locale } = useI18n();
  const [text, setText] = useState(String(offset));
  useEffect(() => setText(String(offset)), [offset]);
  const seconds = Number(text);
  return (
    <tr data-lane={lane.id} data-layer={lane.layer}>
      <td>{t(`timeline.layer.${lane.layer}`)}</td>
      <td className="lane">{lane.source}: {label}{lane.unit ? ` (${lane.unit})` : ''}
        {' '}<button type="button" className="link" name="remove-lane" onClick={onRemove}>{t('timeline.remove')}</button>
        <div className="muted" data-col="zone" title={t('timeline.col.zone')}>{zone}</div></td>
      <td className="num">{(lane.kind === 'series' ? stats.stats.samples : lane.kind === 'steps' ? lane.steps.length : lane.spans.length).toLocaleString(locale)}</td>
      <td className="num">{lane.kind === 'events' ? '–' : formatValue(stats.stats.mean, lane.unit, locale)}</td>
      <td className="num">{lane.kind === 'events' ? '–' : formatValue(stats.stats.max, lane.unit, locale)}</td>
      <td>
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (Number.isFinite(seconds)) onOffset(seconds === 0 ? null : seconds); }}>
          <input name="lane-offset" aria-label={t('timeline.col.offset')} value={text} size={7} onChange={(e) => setText(e.target.value)} />
          <button type="submit" name="set-offset" disabled={!Number.isFinite(seconds) || seconds === offset}>{t('timeline.setOffset')}</button>
        </form>
      </td>
    </tr>
  );
}
