import { useMemo, useState, type JSX } from 'react';
import type { ChartSpec, RunRecord, StudySummary } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import { EChart } from '../charts/EChart.js';
import type { DataOf } from '../charts/kinds/context.js';
import { waitEventsOption } from '../charts/kinds/wait-events.js';
import { coreXlsx, useChartData } from '../charts/use-chart.js';
import { SaveChart } from '../components/SaveChart.js';
import { formatValue } from '../format.js';
import { useI18n } from '../i18n/i18n.js';
import { useTheme } from '../theme/theme.js';

import { differentInstances, firstReport, instanceLabel, matchingReport, reportsOf } from './waits/report-pick.js';

interface EventRow {
  name: string; waits: number | null; time_s: number | null; avg_ms: number | null; pct_db_time?: number | null; pct_bg_time?: number | null; pct_call_time?: number | null; wait_class?: string | null;
  /** Of Oracle's Idle wait class: never ranked (marked when shown). */
  idle?: true;
  /** Printed as 0 by AWR: total wait time / waits. */
  avg_computed?: true;
}
interface Side { run: RunRecord; events: Map<string, EventRow>; share: ShareKey | null }

/** Which total a report's percentages are shares of: DB time, background time, or (STATSPACK, AWR 10g) call time. */
const SHARES = ['pct_db_time', 'pct_bg_time', 'pct_call_time'] as const;
type ShareKey = (typeof SHARES)[number];
const shareOf = (rows: EventRow[]): ShareKey | null => SHARES.find((k) => rows.some((e) => e[k] !== null && e[k] !== undefined)) ?? null;

const TABLES = { foreground: 'foreground_events', background: 'background_events', top: 'top_events' } as const;
type Kind = keyof typeof TABLES;

/** One report's events of a kind; idle events only when asked for. */
function sideOf(run: RunRecord | null, kind: Kind, withIdle: boolean): Side | null {
  if (!run || !Array.isArray(run.tables[TABLES[kind]])) return null;
  const rows = run.tables[TABLES[kind]] as EventRow[];
  return { run, events: new Map(rows.filter((e) => (e.name !== 'DB CPU' || kind === 'top') && (withIdle || !e.idle)).map((e) => [e.name, e])), share: shareOf(rows) };
}

/** AWR wait events of two configurations side by side: share of time and average wait, events on one side flagged. */
export function WaitEventsView({ study, runs }: { study: StudySummary; runs: RunRecord[] }): JSX.Element {
  const { t, locale } = useI18n();
  const bridge = useBridge();
  const { chart: theme } = useTheme();
  const configs = study.configs.filter((c) => reportsOf(runs, c).length > 0);
  const [baseline, setBaseline] = useState(configs[0] ?? '');
  const [candidate, setCandidate] = useState(configs[1] ?? '');
  const [kind, setKind] = useState<Kind>('foreground');
  const [showIdle, setShowIdle] = useState(false);
  // The report of each side: chosen by the user, else the global one and its match.
  const [picked, setPicked] = useState<{ a: number | null; b: number | null }>({ a: null, b: null });
  const baseReports = useMemo(() => reportsOf(runs, baseline), [runs, baseline]);
  const candReports = useMemo(() => reportsOf(runs, candidate), [runs, candidate]);
  const runA = baseReports.find((r) => r.id === picked.a) ?? firstReport(baseReports);
  const runB = candReports.find((r) => r.id === picked.b) ?? matchingReport(candReports, runA);
  const mismatch = differentInstances(runA, runB);
  const a = sideOf(runA, kind, showIdle);
  const b = sideOf(runB, kind, showIdle);
  // Shares of different totals (AWR's % DB time, STATSPACK's % of call time) are not set side by side.
  const share = a && b && a.share === b.share ? a.share : null;
  const pct = (e: EventRow | undefined): number | null => (e && share ? e[share] ?? null : null);
  const rows = useMemo(() => {
    if (!a || !b) return [];
    const names = [...new Set([...a.events.keys(), ...b.events.keys()])];
    return names.map((name) => ({ name, a: a.events.get(name), b: b.events.get(name), idle: Boolean(a.events.get(name)?.idle ?? b.events.get(name)?.idle) }))
      // Idle events, when shown, come last: they are not where the time went.
      .sort((x, y) => Number(x.idle) - Number(y.idle) || Math.max(pct(y.b) ?? 0, pct(y.a) ?? 0) - Math.max(pct(x.b) ?? 0, pct(x.a) ?? 0))
      .slice(0, 15);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a, b, share]);
  // The chart: the core's wait-events data for the same two reports, drawn by its kind's builder
  // (the core ranks where the time went: idle events never).
  const spec = useMemo<ChartSpec | null>(() => (runA && runB && share && baseline !== candidate
    ? { kind: 'wait-events', baseline, candidate, events: kind, reports: { baseline: runA.id, candidate: runB.id } } : null), [runA, runB, share, baseline, candidate, kind]);
  const chart = useChartData(study.slug, spec, locale);
  const chartTitle = t(share === 'pct_call_time' ? 'waits.chartCall' : kind === 'background' ? 'waits.chartBg' : 'waits.chart');
  const option = useMemo(() => {
    const d = chart.current && chart.shown?.data.kind === 'wait-events' ? (chart.shown.data as DataOf<'wait-events'>) : null;
    return d && spec?.kind === 'wait-events' ? waitEventsOption(spec, d, { title: chartTitle, locale, theme, mode: 'interactive' }) : null;
  }, [chart, spec, chartTitle, locale, theme]);
  const chartRows = chart.shown?.data.kind === 'wait-events' ? (chart.shown.data as DataOf<'wait-events'>).waits.rows.length : rows.length;

  if (configs.length < 2) return <p className="notice">{t('waits.needTwo')}</p>;
  const avg = (e: EventRow | undefined): string => (e && e.avg_ms !== null && e.avg_ms !== undefined ? `${formatValue(e.avg_ms, 'ms', locale)} ms` : '–');
  const avgTitle = (e: EventRow | undefined): string | undefined => (e?.avg_computed ? t('waits.avgComputed') : undefined);
  return (
    <div className="waits" data-testid="waits-view">
      <div className="controls">
        <label>{t('compare.baseline')}
          <select name="waits-baseline" value={baseline} onChange={(e) => setBaseline(e.target.value)}>{configs.map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </label>
        <label>{t('compare.candidate')}
          <select name="waits-candidate" value={candidate} onChange={(e) => setCandidate(e.target.value)}>{configs.map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </label>
        <label>{t('waits.kind')}
          <select name="waits-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {(Object.keys(TABLES) as Kind[]).map((k) => <option key={k} value={k}>{t(`waits.${k}`)}</option>)}
          </select>
        </label>
        {baseReports.length > 1 && (
          <label>{t('waits.baselineReport')}
            <select name="waits-baseline-report" value={runA?.id ?? ''} onChange={(e) => setPicked({ a: Number(e.target.value), b: null })}>
              {baseReports.map((r) => <option key={r.id} value={r.id}>{`${instanceLabel(r)}${t('text.sep')}${r.name}`}</option>)}
            </select>
          </label>
        )}
        {candReports.length > 1 && (
          <label>{t('waits.candidateReport')}
            <select name="waits-candidate-report" value={runB?.id ?? ''} onChange={(e) => setPicked({ ...picked, b: Number(e.target.value) })}>
              {candReports.map((r) => <option key={r.id} value={r.id}>{`${instanceLabel(r)}${t('text.sep')}${r.name}`}</option>)}
            </select>
          </label>
        )}
      </div>
      {a && b && a.share !== b.share && (
        <p className="notice" data-testid="waits-share-differs">{t('waits.shareDiffers', { baseline, candidate, a: t(`waits.share.${a.share ?? 'none'}`), b: t(`waits.share.${b.share ?? 'none'}`) })}</p>
      )}
      <div className="toggles">
        <label className="inline-toggle">
          <input type="checkbox" name="waits-idle" checked={showIdle} onChange={(e) => setShowIdle(e.target.checked)} />
          {t('waits.showIdle')}
        </label>
      </div>
      {mismatch && <p className="notice" role="alert" data-testid="waits-instances">{t('waits.differentInstances', { baseline, a: mismatch[0], candidate, b: mismatch[1] })}</p>}
      <SaveChart study={study.slug} defaultName={`${chartTitle}: ${baseline} / ${candidate}`} spec={option ? spec : null} />
      {option && spec && <EChart id="wait-events" option={option} height={Math.max(260, 80 + chartRows * 26)} exportXlsx={coreXlsx(bridge, study.slug, spec, chartTitle, locale)} />}
      <div className="table-scroll">
      <table className="grid" data-testid="waits-table">
        <thead>
          <tr>
            <th>{t('waits.event')}</th>
            <th className="num">{baseline} %</th><th className="num">{baseline} {t('waits.avg')}</th>
            <th className="num">{candidate} %</th><th className="num">{candidate} {t('waits.avg')}</th>
            <th className="num">{t('compare.speedup')}</th><th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const s = r.a?.avg_ms && r.b?.avg_ms ? r.a.avg_ms / r.b.avg_ms : null;
            return (
              <tr key={r.name} data-event={r.name} data-idle={r.idle ? 'true' : undefined} className={r.idle ? 'idle' : undefined}>
                <td>{r.name}{r.idle && <span className="muted"> ({t('waits.idle')})</span>}</td>
                <td className="num">{pct(r.a) === null ? '–' : formatValue(pct(r.a)!, '%', locale)}</td>
                <td className="num" data-col="avg-a" title={avgTitle(r.a)}>{avg(r.a)}{r.a?.avg_computed ? ' *' : ''}</td>
                <td className="num">{pct(r.b) === null ? '–' : formatValue(pct(r.b)!, '%', locale)}</td>
                <td className="num" data-col="avg-b" title={avgTitle(r.b)}>{avg(r.b)}{r.b?.avg_computed ? ' *' : ''}</td>
                <td className={`num speedup ${s !== null && s >= 1 ? 'better' : 'worse'}`} data-col="speedup">{s === null ? '–' : `${s.toFixed(2)}x`}</td>
                <td data-col="flag">{!r.a ? t('waits.onlyIn', { config: candidate }) : !r.b ? t('waits.onlyIn', { config: baseline }) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      <p className="muted">{t('waits.note')}{rows.some((r) => r.a?.avg_computed || r.b?.avg_computed) ? ` * ${t('waits.avgComputed')}` : ''}</p>
      <LoadProfiles a={a?.run ?? null} b={b?.run ?? null} baseline={baseline} candidate={candidate} />
      <SqlById a={a?.run ?? null} b={b?.run ?? null} baseline={baseline} candidate={candidate} />
    </div>
  );
}

interface LoadRow { statistic: string; per_s: number | null; per_txn: number | null }
interface SqlRow { sql_id: string; elapsed_s: number | null; executions: number | null; per_exec_s: number | null; module: string | null; text: string | null }

/** Load profile of both reports, statistic by statistic. */
function LoadProfiles({ a, b, baseline, candidate }: { a: RunRecord | null; b: RunRecord | null; baseline: string; candidate: string }): JSX.Element | null {
  const { t, locale } = useI18n();
  if (!a || !b) return null;
  const la = (a.tables['load_profile'] as LoadRow[] | undefined) ?? [];
  const lb = new Map(((b.tables['load_profile'] as LoadRow[] | undefined) ?? []).map((r) => [r.statistic, r]));
  const f = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toLocaleString(locale, { maximumFractionDigits: 1 }));
  return (
    <section data-testid="load-profiles">
      <h3>{t('waits.loadProfile')}</h3>
      <div className="table-scroll">
      <table className="grid">
        <thead><tr><th>{t('waits.statistic')}</th><th className="num">{baseline} /s</th><th className="num">{candidate} /s</th><th className="num">{t('compare.change')}</th></tr></thead>
        <tbody>
          {la.map((r) => {
            const o = lb.get(r.statistic);
            const ch = r.per_s && o?.per_s !== null && o?.per_s !== undefined ? ((o.per_s - r.per_s) / r.per_s) * 100 : null;
            return (
              <tr key={r.statistic} data-statistic={r.statistic}>
                <td>{r.statistic}</td><td className="num">{f(r.per_s)}</td><td className="num">{f(o?.per_s)}</td>
                <td className="num">{ch === null ? '–' : `${ch >= 0 ? '+' : ''}${ch.toFixed(1)}%`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </section>
  );
}

/** SQL statements matched across the reports by SQL id: elapsed per execution and executions. */
function SqlById({ a, b, baseline, candidate }: { a: RunRecord | null; b: RunRecord | null; baseline: string; candidate: string }): JSX.Element | null {
  const { t, locale } = useI18n();
  if (!a || !b) return null;
  const sa = (a.tables['sql_by_elapsed'] as SqlRow[] | undefined) ?? [];
  const sb = (b.tables['sql_by_elapsed'] as SqlRow[] | undefined) ?? [];
  if (sa.length === 0 && sb.length === 0) return null;
  const ids = [...new Set([...sa.map((r) => r.sql_id), ...sb.map((r) => r.sql_id)])];
  const per = (r: SqlRow | undefined): number | null => (r && r.elapsed_s !== null && r.executions ? r.elapsed_s / r.executions : null);
  const ms = (v: number | null): string => (v === null ? '–' : `${(v * 1000).toLocaleString(locale, { maximumFractionDigits: 2 })} ms`);
  return (
    <section data-testid="sql-by-id">
      <h3>{t('waits.sql')}</h3>
      <div className="table-scroll">
      <table className="grid">
        <thead><tr><th>SQL Id</th><th>{t('waits.sqlText')}</th><th className="num">{baseline} {t('waits.perExec')}</th><th className="num">{candidate} {t('waits.perExec')}</th><th className="num">{baseline} {t('waits.execs')}</th><th className="num">{candidate} {t('waits.execs')}</th><th className="num">{t('compare.speedup')}</th></tr></thead>
        <tbody>
          {ids.map((id) => {
            const x = sa.find((r) => r.sql_id === id);
            const y = sb.find((r) => r.sql_id === id);
            const s = per(x) && per(y) ? per(x)! / per(y)! : null;
            return (
              <tr key={id} data-sql={id}>
                <td className="mono">{id}</td>
                <td className="sqltext" title={(x ?? y)?.text ?? ''}>{((x ?? y)?.text ?? '').slice(0, 70)}</td>
                <td className="num">{ms(per(x))}</td><td className="num">{ms(per(y))}</td>
                <td className="num">{x?.executions?.toLocaleString(locale) ?? '–'}</td><td className="num">{y?.executions?.toLocaleString(locale) ?? '–'}</td>
                <td className={`num speedup ${s !== null && s >= 1 ? 'better' : 'worse'}`} data-col="speedup">{s === null ? t('waits.onlyIn', { config: x ? baseline : candidate }) : `${s.toFixed(2)}x`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </section>
  );
}
