/**
 * AWR wait events of two configurations side by side, read from the runs' event tables: each
 * event's share of DB time (foreground, top events) or background time, its average wait, and
 * the speedup of the average wait. An event present on one side only is kept, with nothing on
 * the other: in S2 "free buffer waits" (63% of DB time in write-through) exists only there.
 */
import type { ChartSpec, RunRecord, WaitEventSide, WaitEventsKind, WaitEventsResult } from '../../contract/records.js';
import { changePct, speedup, verdictOf } from '../compare/speedup.js';

const TABLES: Record<WaitEventsKind, string> = { foreground: 'foreground_events', background: 'background_events', top: 'top_events' };

interface EventRow { name: string; waits?: number | null; time_s?: number | null; avg_ms?: number | null; pct_db_time?: number | null; pct_bg_time?: number | null; pct_call_time?: number | null; wait_class?: string | null; idle?: true }

/** Which total a report's percentages are shares of: DB time, background time, or (STATSPACK, AWR 10g) call time. */
const SHARES = ['pct_db_time', 'pct_bg_time', 'pct_call_time'] as const;
type ShareKey = (typeof SHARES)[number];
const SHARE_WORDS: Record<ShareKey, string> = { pct_db_time: 'DB time', pct_bg_time: 'background time', pct_call_time: 'call time' };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function sideOf(runs: readonly RunRecord[], config: string, table: string, withCpu: boolean, id: number | undefined): { run: number | null; share: ShareKey | null; events: Map<string, WaitEventSide> } {
  // The report asked for (a configuration may hold instance reports and the RAC global one), else the first.
  const run = runs.find((r) => r.config === config && r.errors.length === 0 && Array.isArray(r.tables[table]) && (id === undefined || r.id === id));
  if (!run) return { run: null, share: null, events: new Map() };
  // Idle-class events are not where the time went: never ranked (AWR marks them, idle-events.ts).
  const rows = (run.tables[table] as EventRow[]).filter((e) => typeof e?.name === 'string' && (withCpu || e.name !== 'DB CPU') && !e.idle);
  const share = SHARES.find((k) => rows.some((e) => num(e[k]) !== null)) ?? null;
  return {
    run: run.id,
    share,
    events: new Map(rows.map((e) => [e.name, {
      waits: num(e.waits), time_s: num(e.time_s), avg_ms: num(e.avg_ms), pct: share ? num(e[share]) : null, wait_class: typeof e.wait_class === 'string' ? e.wait_class : null,
    }])),
  };
}

export function waitEventsData(runs: readonly RunRecord[], spec: Extract<ChartSpec, { kind: 'wait-events' }>, tieBandPct: number): WaitEventsResult {
  const events = spec.events ?? 'foreground';
  const table = TABLES[events];
  // DB CPU is time, not a wait: the top-events table lists it and keeps it; the event tables do not.
  const a = sideOf(runs, spec.baseline, table, events === 'top', spec.reports?.baseline);
  const b = sideOf(runs, spec.candidate, table, events === 'top', spec.reports?.candidate);
  if (a.run === null && b.run === null) throw new Error(`neither ${spec.baseline} nor ${spec.candidate} has AWR ${events} wait events`);
  // A STATSPACK share of call time is not a share of DB time: never set side by side.
  if (a.share && b.share && a.share !== b.share) {
    throw new Error(`${spec.baseline}'s percentages are shares of ${SHARE_WORDS[a.share]}, ${spec.candidate}'s of ${SHARE_WORDS[b.share]}: they are not drawn side by side`);
  }
  const share = (s: WaitEventSide | null | undefined): number => s?.pct ?? 0;
  const names = [...new Set([...a.events.keys(), ...b.events.keys()])];
  const rows = names.map((name) => {
    const x = a.events.get(name) ?? null;
    const y = b.events.get(name) ?? null;
    const s = x?.avg_ms != null && y?.avg_ms != null ? speedup(x.avg_ms, y.avg_ms, 'lower') : null;
    const change = x?.avg_ms != null && y?.avg_ms != null ? changePct(x.avg_ms, y.avg_ms) : null;
    return { name, baseline: x, candidate: y, speedup: s, verdict: s === null ? null : verdictOf(s, change, tieBandPct) };
  }).sort((p, q) => Math.max(share(q.baseline), share(q.candidate)) - Math.max(share(p.baseline), share(p.candidate)) || p.name.localeCompare(q.name));
  return { events, baseline: spec.baseline, candidate: spec.candidate, runs: { baseline: a.run, candidate: b.run }, rows: rows.slice(0, spec.top ?? 15) };
}
