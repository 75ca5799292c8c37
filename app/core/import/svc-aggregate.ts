/**
 * SVC / Storwize statistics arrive as one file per node per interval, each a snapshot of
 * cumulative counters (FORMATS.md 4.1). A dropped folder becomes one run: consecutive
 * snapshots of the same node and kind give per-interval rates, and a volume's rates are summed
 * over the nodes for the same interval (each node reports only the I/O it processed; delfin and
 * stor2rrd do the same). A counter that goes down is a reset: a gap, never a spike.
 */
import type { ParsedRun, ParsedSeries } from '../../../importers/types.js';
import { NODE_RUN_METRICS_NOTE, nodeRunMetrics } from './svc-node-metrics.js';

/** The snapshot shape the svc-iostats importer writes into tables.svc_snapshot. */
export interface SnapshotLike {
  kind: string;
  node: string;
  cluster: string | null;
  timeMs: number;
}

export interface IntervalRates {
  intervalS: number;
  objects: Array<{
    id: string; metrics: Record<string, number>; reset: boolean;
    fallen?: { counter: string; from: number; to: number }; missing?: Array<{ counter: string; side: 'earlier' | 'later' }>;
  }>;
}

/** A counter that gave no rate for one record's interval: it went down (a restart, a wrap), or one of the two snapshots lacks it. */
export interface CounterNote {
  object: string;
  counter: string;
  fromMs: number;
  toMs: number;
  fallen?: { from: number; to: number };
  missingFrom?: 'earlier' | 'later';
}

/** How many counter notes a warning lists by name; the rest are counted. */
const NOTES_SHOWN = 5;
const stamp = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * The warnings naming the counters that gave no rate, and why: the same words from both
 * aggregations, whatever order they met the records in.
 */
export function counterWarnings(resets: number, notes: readonly CounterNote[]): string[] {
  const out: string[] = [];
  const listed = (list: CounterNote[], say: (n: CounterNote) => string): string => {
    const sorted = [...list].sort((a, b) => a.fromMs - b.fromMs || (a.object < b.object ? -1 : a.object > b.object ? 1 : 0) || (a.counter < b.counter ? -1 : a.counter > b.counter ? 1 : 0));
    const shown = sorted.slice(0, NOTES_SHOWN).map((n) => `${n.object}: ${say(n)} (${stamp(n.fromMs)} to ${stamp(n.toMs)})`);
    return shown.join('; ') + (sorted.length > NOTES_SHOWN ? `; and ${sorted.length - NOTES_SHOWN} more` : '');
  };
  const fallen = notes.filter((n) => n.fallen);
  if (resets > 0) {
    out.push(`${resets} object intervals had a counter go down (a node restart, or a counter that wrapped): no rate for them, left as gaps${fallen.length > 0 ? `: ${listed(fallen, (n) => `${n.counter} went from ${n.fallen!.from} to ${n.fallen!.to}`)}` : ''}`);
  }
  const missing = notes.filter((n) => n.missingFrom);
  if (missing.length > 0) {
    out.push(`${missing.length} record intervals have a counter only one of their two files holds, so it gives no rate there: ${listed(missing, (n) => `${n.counter} missing from the ${n.missingFrom} file`)}`);
  }
  return out;
}

export type RatesBetween<S> = (prev: S, next: S) => IntervalRates | { error: string };

/** Nodes dump within seconds of each other: their intervals meet on a one-minute grid. */
export const GRID_MS = 60_000;

/**
 * Kinds whose objects are each node's own (a node's CPU, ports, links: Nn), named with the node:
 * never summed over nodes, and one node's figures are the whole of them.
 */
export const perNodeKind = (kind: string): boolean => kind === 'node';

/** A series object: a volume by its name, a node's record as named (nodeObjectId), anything else with its kind ("mdisk MDisk1"). */
export const seriesObject = (kind: string, id: string): string => (kind === 'volume' || perNodeKind(kind) ? id : `${kind} ${id}`);

/** How each metric combines over nodes: rates add, latencies weight by their ops, peaks take the max. */
export function combine(metric: string): 'sum' | 'weighted' | 'max' {
  if (/_peak_ms$|_max_ms$/.test(metric)) return 'max';
  if (/_ms$|_pct$/.test(metric)) return 'weighted';
  return 'sum';
}

/** The ops a latency metric is an average over: read.lat_avg_ms -> read.iops. */
export function weightOf(metric: string): string {
  const scope = metric.split('.')[0];
  return `${scope}.iops`;
}

/** The unit of an SVC rate metric, from its name. */
export function seriesUnit(metric: string): string {
  return metric.endsWith('_ms') ? 'ms' : metric.endsWith('_mib_s') ? 'MiB/s' : metric.endsWith('iops') ? 'IOPS' : metric.endsWith('_pct') ? '%' : metric.endsWith('_per_s') ? '1/s' : '';
}

/** Why files that paired gave no series: every kind among them lacks rate records. */
export const NO_SERIES = 'the files paired, but none holds records rates are derived from (volumes, MDisks, drives, node CPU, ports and links)';

/**
 * The run's figures from its node series, and what they are; node statistics that paired but
 * gave none say so (a run with no figures shows empty in Runs, Compare and a report).
 */
export function nodeFigures(nodeSeries: readonly ParsedSeries[], kinds: readonly string[], warnings: string[]): { metrics: Record<string, number>; note: { run_metrics?: string } } {
  if (!kinds.includes('node')) return { metrics: {}, note: {} };
  const metrics = nodeRunMetrics(nodeSeries);
  if (Object.keys(metrics).length === 0) {
    warnings.push('node statistics (Nn) gave no run figures: no interval of a node\'s CPU, ports or links had a rate (see the warnings above)');
    return { metrics, note: {} };
  }
  return { metrics, note: { run_metrics: NODE_RUN_METRICS_NOTE } };
}

export interface AggregateResult {
  run: ParsedRun;
  warnings: string[];
}

/**
 * The aggregation rules on parsed snapshots, all held at once: the plain statement of what the
 * import does, and the reference its streaming form (svc-stream.ts aggregateSvcFiles, which the
 * import uses) is tested against.
 */
export function aggregateSnapshots<S extends SnapshotLike>(snapshots: readonly S[], ratesBetween: RatesBetween<S>): AggregateResult | null {
  if (snapshots.length === 0) return null;
  const warnings: string[] = [];
  const byStream = new Map<string, S[]>();
  for (const s of snapshots) {
    const key = `${s.cluster ?? ''}\u0000${s.kind}\u0000${s.node}`;
    const list = byStream.get(key) ?? [];
    list.push(s);
    byStream.set(key, list);
  }
  // interval end (grid) -> kind -> object -> metric -> per-node values (with weights)
  const cells = new Map<number, Map<string, Map<string, Map<string, Array<{ v: number; w: number }>>>>>();
  // Which nodes reported an object in a cell: a sum over fewer nodes than the system has would
  // show as a dip (a node's dump missing, or its counters reset), so such a cell is a gap.
  const contributors = new Map<string, Set<string>>();
  const nodesOfKind = new Map<string, Set<string>>();
  for (const s of snapshots) {
    const k = `${s.cluster ?? ''}\u0000${s.kind}`;
    const set = nodesOfKind.get(k) ?? new Set<string>();
    set.add(s.node);
    nodesOfKind.set(k, set);
  }
  let resets = 0;
  const notes: CounterNote[] = [];
  /** Series objects of node statistics: the run's figures are made of them (svc-node-metrics.ts). */
  const nodeObjects = new Set<string>();
  for (const list of byStream.values()) {
    list.sort((a, b) => a.timeMs - b.timeMs);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const next = list[i]!;
      if (next.timeMs === prev.timeMs) {
        warnings.push(`two ${next.kind} files of node ${next.node} for the same time ${new Date(next.timeMs).toISOString()}: one is ignored`);
        continue;
      }
      const rates = ratesBetween(prev, next);
      if ('error' in rates) {
        warnings.push(rates.error);
        continue;
      }
      const t = Math.round(next.timeMs / GRID_MS) * GRID_MS;
      let byKind = cells.get(t);
      if (!byKind) cells.set(t, (byKind = new Map()));
      let byObject = byKind.get(next.kind);
      if (!byObject) byKind.set(next.kind, (byObject = new Map()));
      for (const o of rates.objects) {
        const object = seriesObject(next.kind, o.id);
        for (const m of o.missing ?? []) notes.push({ object, counter: m.counter, fromMs: prev.timeMs, toMs: next.timeMs, missingFrom: m.side });
        if (o.reset) {
          resets++;
          if (o.fallen) notes.push({ object, counter: o.fallen.counter, fromMs: prev.timeMs, toMs: next.timeMs, fallen: { from: o.fallen.from, to: o.fallen.to } });
          continue;
        }
        if (perNodeKind(next.kind)) nodeObjects.add(object);
        let byMetric = byObject.get(o.id);
        if (!byMetric) byObject.set(o.id, (byMetric = new Map()));
        const ck = `${t}\u0000${next.cluster ?? ''}\u0000${next.kind}\u0000${o.id}`;
        const set = contributors.get(ck) ?? new Set<string>();
        set.add(next.node);
        contributors.set(ck, set);
        for (const [m, v] of Object.entries(o.metrics)) {
          if (!Number.isFinite(v)) continue;
          const list2 = byMetric.get(m) ?? [];
          list2.push({ v, w: o.metrics[weightOf(m)] ?? 0 });
          byMetric.set(m, list2);
        }
      }
    }
  }
  warnings.push(...counterWarnings(resets, notes));
  const incompleteNote = (): void => {
    if (incomplete > 0) warnings.push(`${incomplete} object intervals lacked a node's figures (a missing dump or a reset on one node): left as gaps rather than a dip`);
  };

  // Build the series: object "<kind>:<id>" is kept as the plain id for volumes (the common case).
  const points = new Map<string, { object: string; metric: string; t: number[]; v: number[] }>();
  let incomplete = 0;
  const cluster0 = snapshots.find((s) => s.cluster)?.cluster ?? '';
  for (const t of [...cells.keys()].sort((a, b) => a - b)) {
    for (const [kind, byObject] of cells.get(t)!) {
      for (const [id, byMetric] of byObject) {
        const object = seriesObject(kind, id);
        const expected = perNodeKind(kind) ? 1 : nodesOfKind.get(`${cluster0}\u0000${kind}`)?.size ?? 1;
        if ((contributors.get(`${t}\u0000${cluster0}\u0000${kind}\u0000${id}`)?.size ?? 0) < expected) {
          incomplete++;
          continue;
        }
        for (const [metric, values] of byMetric) {
          let value: number;
          const how = combine(metric);
          if (how === 'sum') value = values.reduce((s, x) => s + x.v, 0);
          else if (how === 'max') value = Math.max(...values.map((x) => x.v));
          else {
            const w = values.reduce((s, x) => s + x.w, 0);
            value = w > 0 ? values.reduce((s, x) => s + x.v * x.w, 0) / w : values.reduce((s, x) => s + x.v, 0) / values.length;
          }
          const key = `${object}\u0000${metric}`;
          let p = points.get(key);
          if (!p) points.set(key, (p = { object, metric, t: [], v: [] }));
          p.t.push(t);
          p.v.push(value);
        }
      }
    }
  }
  incompleteNote();
  const series: ParsedSeries[] = [...points.values()].map((p) => ({
    object: p.object,
    metric: p.metric,
    unit: seriesUnit(p.metric),
    times: Float64Array.from(p.t),
    values: Float64Array.from(p.v),
  }));
  const times = snapshots.map((s) => s.timeMs);
  const nodes = [...new Set(snapshots.map((s) => s.node))].sort();
  const kinds = [...new Set(snapshots.map((s) => s.kind))].sort();
  const cluster = snapshots.find((s) => s.cluster)?.cluster ?? null;
  if (cells.size === 0) {
    warnings.push('no two snapshots of the same node: rates need consecutive files of one node');
    return null;
  }
  if (series.length === 0) {
    warnings.push(NO_SERIES);
    return null;
  }
  const figures = nodeFigures(series.filter((x) => nodeObjects.has(x.object)), kinds, warnings);
  const run: ParsedRun = {
    name: `${cluster ?? 'SVC'} statistics (${kinds.join(', ')})`,
    tool: 'svc',
    toolVersion: null,
    host: cluster,
    startMs: Math.min(...times),
    endMs: Math.max(...times),
    params: {},
    metrics: figures.metrics,
    tables: { svc: { nodes, kinds, files: snapshots.length, intervals: cells.size, ...figures.note } },
    series,
    warnings,
    errors: [],
  };
  return { run, warnings };
}
