/**
 * Rates from two parsed iostats snapshots of the same node and kind, per object, by the formulas
 * of counter-rates.ts (the one place they are written). The import combines files with
 * aggregateSvcFiles (app/core/import/svc-stream.ts) on packed counters; this form, on whole
 * snapshots, serves only the reference aggregation (svc-aggregate.ts aggregateSnapshots) the
 * streaming import is tested against, and rates.test.ts. Both paths share counter-rates.ts, so
 * that comparison checks packing and pairing; rates.test.ts's hand computations check the formulas.
 */
import { MDISK_COUNTERS, NODE_COUNTERS, NODE_ELEMENTS, VOLUME_COUNTERS } from './counter-scan.js';
import { fallenCounter, MDISK_METRICS, mdiskRatesInto, missingNodeCounters, msPerUnit, NODE_METRICS, nodeObjectId, nodeRatesInto, VOLUME_METRICS, volumeRatesInto, type RowPair } from './counter-rates.js';
import type { SvcObject, SvcObjectRates, SvcRatesResult, SvcSnapshot } from './types.js';

/** One record's rates: its counters packed into rows as counter-scan.ts packs them, then named. */
function objectRates(
  counters: readonly string[], metrics: readonly string[], kind: 'volume' | 'mdisk' | 'node', element: string,
  ratesInto: (r: RowPair, dt: number, blockBytes: number, toMs: number, out: Float64Array) => boolean,
  prev: Record<string, number>, next: Record<string, number>, dt: number, blockBytes: number, toMs: number,
): Omit<SvcObjectRates, 'id'> {
  const row = (c: Record<string, number>): Float64Array => Float64Array.from(counters, (k) => c[k] ?? NaN);
  const out = new Float64Array(metrics.length);
  const pair: RowPair = { prev: row(prev), p: 0, next: row(next), q: 0 };
  if (!ratesInto(pair, dt, blockBytes, toMs, out)) {
    const fallen = fallenCounter(kind, pair);
    return { metrics: {}, reset: true, ...(fallen ? { fallen } : {}) };
  }
  const named: Record<string, number> = {};
  metrics.forEach((m, i) => { if (!Number.isNaN(out[i]!)) named[m] = out[i]!; });
  const missing = kind === 'node' ? missingNodeCounters(element, pair) : [];
  return { metrics: named, reset: false, ...(missing.length > 0 ? { missing } : {}) };
}

const objectKey = (o: SvcObject): string => `${o.element}\u0000${o.id}`;

/**
 * Per-object rates between two snapshots of one node and kind. Objects present in only one of
 * them (a volume created or deleted in between) are left out. Errors are values.
 */
export function ratesBetween(prev: SvcSnapshot, next: SvcSnapshot): SvcRatesResult {
  if (prev.kind !== next.kind) return { error: `cannot difference ${prev.kind} statistics against ${next.kind} statistics` };
  if (prev.node !== next.node || (prev.nodeId !== null && next.nodeId !== null && prev.nodeId !== next.nodeId)) {
    return { error: `snapshots of different nodes (${prev.node} ${prev.nodeId ?? ''} and ${next.node} ${next.nodeId ?? ''}): counters are per node` };
  }
  if (prev.cluster !== null && next.cluster !== null && prev.cluster !== next.cluster) {
    return { error: `snapshots of different systems (${prev.cluster}, ${next.cluster})` };
  }
  if (prev.sizeUnitBytes !== next.sizeUnitBytes) return { error: `sizeUnits changed between snapshots (${prev.sizeUnitBytes} B, ${next.sizeUnitBytes} B)` };
  const intervalS = (next.timeMs - prev.timeMs) / 1000;
  if (!(intervalS > 0)) return { error: `the second snapshot (${new Date(next.timeMs).toISOString()}) is not later than the first (${new Date(prev.timeMs).toISOString()})` };

  const before = new Map<string, SvcObject>();
  for (const o of prev.objects) before.set(objectKey(o), o);
  const objects: SvcObjectRates[] = [];
  for (const o of next.objects) {
    const p = before.get(objectKey(o));
    if (!p) continue;
    const toMs = msPerUnit(next.timeUnits);
    if (next.kind === 'volume' && o.element === 'vdsk') {
      objects.push({ id: o.id, ...objectRates(VOLUME_COUNTERS, VOLUME_METRICS, 'volume', o.element, volumeRatesInto, p.counters, o.counters, intervalS, next.sizeUnitBytes, toMs) });
    } else if ((next.kind === 'mdisk' || next.kind === 'drive') && o.element === 'mdsk') {
      objects.push({ id: o.id, ...objectRates(MDISK_COUNTERS, MDISK_METRICS, 'mdisk', o.element, mdiskRatesInto, p.counters, o.counters, intervalS, next.sizeUnitBytes, toMs) });
    } else if (next.kind === 'node' && (NODE_ELEMENTS as readonly string[]).includes(o.element)) {
      const ratesInto = (r: RowPair, dt: number, b: number, ms: number, out: Float64Array): boolean => nodeRatesInto(o.element, r, dt, b, ms, out);
      objects.push({ id: nodeObjectId(next.node, o.element, o.id), ...objectRates(NODE_COUNTERS, NODE_METRICS, 'node', o.element, ratesInto, p.counters, o.counters, intervalS, next.sizeUnitBytes, toMs) });
    }
  }
  return { intervalS, objects };
}
