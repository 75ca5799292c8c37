/**
 * AWR wait event histograms as latency distributions: the CDF and exceedance curves the
 * Runs overlaid view draws for fio's buckets, one curve per run and event. A histogram's
 * buckets are shares of the event's waits under each bound (importers/awr/wait-histograms.ts);
 * a bucket's waits sit at its upper bound, so the CDF at a bound is AWR's "% of waits under
 * it". The waits at or beyond the last bound have no upper bound: they are drawn at twice it.
 */
import type { LatencyDistributionCurve, RunRecord } from '../../contract/records.js';
import { latencyCurve } from './latency-cdf.js';

interface StoredHistogram {
  event: string;
  waits: number | null;
  idle?: true;
  buckets: Array<[number | null, number]>;
}

/** How many events a chart starts with when none are named. */
const DEFAULT_EVENTS = 3;

export function waitHistograms(run: RunRecord): StoredHistogram[] {
  const h = run.tables['wait_histograms'];
  return Array.isArray(h) ? (h as StoredHistogram[]) : [];
}

/** A histogram as [ms, waits] bins (shares of 100 waits when the report printed no count). */
export function histogramBins(h: StoredHistogram): Array<[number, number]> {
  const total = h.waits ?? 100;
  const bounds = h.buckets.map(([b]) => b).filter((b): b is number => b !== null);
  const last = bounds.length > 0 ? Math.max(...bounds) : 1;
  return h.buckets.map(([b, pct]) => [b ?? last * 2, (pct / 100) * total] as [number, number]);
}

/**
 * The events to draw for these runs: those named, else the non-idle events with a histogram in
 * every run, the most waited-for (in the first run) first.
 */
export function eventsToDraw(runs: readonly RunRecord[], named?: readonly string[]): { events: string[]; available: string[] } {
  const withHist = runs.filter((r) => waitHistograms(r).length > 0);
  if (withHist.length === 0) return { events: [], available: [] };
  const sets = withHist.map((r) => new Set(waitHistograms(r).filter((h) => !h.idle).map((h) => h.event)));
  const first = waitHistograms(withHist[0]!).filter((h) => !h.idle).sort((a, b) => (b.waits ?? 0) - (a.waits ?? 0));
  const available = first.map((h) => h.event).filter((e) => sets.every((s) => s.has(e)));
  const events = named && named.length > 0 ? named.filter((e) => sets.some((s) => s.has(e))) : available.slice(0, DEFAULT_EVENTS);
  return { events, available };
}

export function awrWaitCurves(run: RunRecord, events: readonly string[]): LatencyDistributionCurve[] {
  const out: LatencyDistributionCurve[] = [];
  const byEvent = new Map(waitHistograms(run).map((h) => [h.event, h]));
  for (const event of events) {
    const h = byEvent.get(event);
    if (!h) continue;
    const c = latencyCurve(histogramBins(h));
    if (c.total === 0) continue;
    out.push({ run: run.id, config: run.config, name: run.name, direction: 'wait', source: 'awr histogram', event, total_ios: Math.round(c.total), percentiles: c.percentiles, points: c.points });
  }
  return out;
}
