/**
 * Every lane a study can show, known without reading a sample: each stored series of each run
 * (from its summary), each database's reports as step series, each run of timed events; with
 * the layer, unit, source and zone of each. And the lanes a timeline opens on when none are
 * named: per run its telling figures (latency before throughput, the busiest object), those
 * near in time to the lane most others overlap (S1's pre-go-live tests ran weeks before its
 * production statistics), at most MAX_DEFAULT_LANES.
 */
import { isStackedOrPartition } from '../../../importers/monitors/run-summary.js';
import type { RunRecord } from '../../contract/records.js';
import type { ClockOffset, LaneZone, TimelineLaneChoice, TimelineLayer } from '../../contract/timeline.js';
import { describeMetric } from '../metrics/dictionary.js';
import type { SeriesSummaryRow } from '../store/series-levels.js';
import type { Store } from '../store/store.js';
import { eventsLaneId, seriesLaneId, stepsLaneId } from './lane-ids.js';
import { layerOf } from './layers.js';
import { reportIntervals, stepMetrics, type ReportInterval } from './report-steps.js';
import { laneZone } from './source-zone.js';

/** What a lane needs of a series' summary (series-levels.ts). */
export type SeriesRow = Pick<SeriesSummaryRow, 'run_id' | 'object' | 'metric' | 'unit' | 'points' | 't_first' | 't_last' | 'mean'>;

export interface StudyLanes {
  runs: Map<number, RunRecord>;
  series: SeriesRow[];
  groups: Map<string, ReportInterval[]>;
  zones: Map<number, LaneZone>;
  offsets: Map<number, ClockOffset>;
}

export const MAX_DEFAULT_LANES = 12;

/** What a metric is called on a lane, in English (the workbench relabels it in its language). */
export function metricName(metric: string): string {
  const info = describeMetric(metric);
  if (!info) return metric;
  return info.scope ? `${info.scope} ${info.label.charAt(0).toLowerCase()}${info.label.slice(1)}` : info.label;
}

export const unitOf = (metric: string, stored: string): string => describeMetric(metric)?.unit ?? stored;

/** The reads a study's lanes need from the store: series summaries and imports' warnings. */
export class LaneStore {
  private readonly stmt;
  constructor(readonly store: Store) {
    const db = store.db;
    this.stmt = {
      series: db.prepare<[number], SeriesRow>(`SELECT s.run_id, s.object, s.metric, s.unit, s.points, s.t_first, s.t_last, s.mean
        FROM series_summary s JOIN runs r ON r.id = s.run_id WHERE r.study_id = ? AND r.excluded_reason IS NULL ORDER BY s.run_id, s.metric, s.object`),
      importWarnings: db.prepare<[number], { run: number; warnings: string }>(`SELECT r.id AS run, i.warnings FROM runs r JOIN imports i ON i.id = r.import_id WHERE r.study_id = ?`),
    };
  }

  load(studyId: number, runs: readonly RunRecord[], offsets: Map<number, ClockOffset>): StudyLanes {
    const byRun = new Map(runs.map((r) => [r.id, r]));
    const warnings = new Map(this.stmt.importWarnings.all(studyId).map((w) => [w.run, JSON.parse(w.warnings) as string[]]));
    const series = this.stmt.series.all(studyId).filter((s) => byRun.has(s.run_id));
    const first = new Map<number, number>();
    for (const s of series) if (s.t_first !== null) first.set(s.run_id, Math.min(first.get(s.run_id) ?? Infinity, s.t_first));
    const zones = new Map(runs.map((r) => [r.id, laneZone(r, warnings.get(r.id) ?? [], first.get(r.id) ?? null)]));
    return { runs: byRun, series, groups: reportIntervals(runs), zones, offsets };
  }
}

/** Who a lane is: the run, and the object where it has several (a table of timed rows has one: its events). */
export const sourceOf = (run: Pick<RunRecord, 'name' | 'tool'>, object: string): string => (object && run.tool !== 'events' ? `${run.name} · ${object}` : run.name);

/** Every lane of the study, in layer order. */
export function laneChoices(lanes: StudyLanes): TimelineLaneChoice[] {
  const out: TimelineLaneChoice[] = [];
  for (const s of lanes.series) {
    const run = lanes.runs.get(s.run_id)!;
    out.push({ id: seriesLaneId(s.run_id, s.object, s.metric), layer: layerOf(run), kind: 'series', source: sourceOf(run, s.object), object: s.object, metric: s.metric, label: metricName(s.metric), unit: unitOf(s.metric, s.unit), points: s.points });
  }
  for (const [group, reports] of lanes.groups) {
    for (const metric of stepMetrics(reports)) {
      out.push({ id: stepsLaneId(group, metric), layer: 'database', kind: 'steps', source: `${group} (${reports[0]!.run.tool === 'oracle-statspack' ? 'STATSPACK' : 'AWR'})`, object: group, metric, label: metricName(metric), unit: unitOf(metric, ''), points: reports.length });
    }
  }
  for (const run of lanes.runs.values()) {
    const events = run.tables['events'];
    if (run.tool === 'events' && Array.isArray(events)) {
      out.push({ id: eventsLaneId(run.id), layer: layerOf(run), kind: 'events', source: run.name, object: '', metric: 'events', label: 'events', unit: '', points: events.length });
    }
  }
  const order: TimelineLayer[] = ['database', 'host', 'array', 'benchmark'];
  return out.sort((a, b) => order.indexOf(a.layer) - order.indexOf(b.layer));
}

/** Figures that tell most about a layer, in the order a timeline opens on them. */
const PREFERRED: Record<TimelineLayer, string[]> = {
  database: ['sql.elapsed_max_s', 'sql.elapsed_s', 'tps', 'qps'],
  host: ['read.lat_avg_ms', 'read.iops', 'total.lat_avg_ms', 'total.iops', 'read.bw_mib_s', 'proc_cpu_pct', 'cpu_usr_pct', 'util_pct'],
  array: ['read.lat_avg_ms', 'read.iops', 'write.lat_avg_ms', 'total.iops', 'cpu_pct'],
  benchmark: ['read.iops', 'total.iops', 'write.iops', 'tps', 'tpm', 'ops_per_s', 'nopm', 'read.clat_ms', 'read.lat_ms', 'read.bw_mib_s', 'total.bw_mib_s'],
};
const PER_RUN = 2;
/** How far from the anchor a lane may sit and still be shown: a zone's offset, and more. */
const NEAR_MS = 6 * 3_600_000;

/** The object a lane of this metric shows by default: a whole disk, the CPU total, a command's total, the busiest. */
function defaultObject(rows: readonly SeriesRow[], prefer: string | null): SeriesRow | null {
  // A run's second lane shows the same object as its first where it can (a volume's latency, then its rate).
  const same = rows.find((r) => r.object === prefer && r.points > 1);
  if (same) return same;
  const names = new Set(rows.map((r) => r.object));
  const ok = rows.filter((r) => !isStackedOrPartition(r.object, names) && !/ \(\d+\)$/.test(r.object) && r.points > 1);
  const cpu = ok.find((r) => r.object === 'cpu');
  if (cpu) return cpu;
  return [...ok].sort((a, b) => (b.mean ?? -Infinity) - (a.mean ?? -Infinity))[0] ?? null;
}

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }): boolean => a.from <= b.to && b.from <= a.to;

/** The lanes a timeline opens on when none are named. */
export function defaultLanes(lanes: StudyLanes): string[] {
  const candidates: Array<{ id: string; extent: { from: number; to: number } }> = [];
  const shift = (run: number): number => (lanes.offsets.get(run)?.offset_s ?? 0) * 1000;
  for (const [group, reports] of lanes.groups) {
    const metrics = stepMetrics(reports).slice(0, PER_RUN);
    const extent = { from: reports[0]!.from + shift(reports[0]!.run.id), to: reports[reports.length - 1]!.to + shift(reports[reports.length - 1]!.run.id) };
    for (const m of metrics) candidates.push({ id: stepsLaneId(group, m), extent });
  }
  const byRun = new Map<number, SeriesRow[]>();
  for (const s of lanes.series) byRun.set(s.run_id, [...(byRun.get(s.run_id) ?? []), s]);
  for (const [runId, rows] of byRun) {
    const run = lanes.runs.get(runId)!;
    // A capture without a clock sits at 1970 until an offset places it.
    if (lanes.zones.get(runId)?.kind === 'relative' && !lanes.offsets.has(runId)) continue;
    let taken = 0;
    let first: string | null = null;
    for (const metric of PREFERRED[layerOf(run)]) {
      if (taken >= PER_RUN) break;
      const row = defaultObject(rows.filter((r) => r.metric === metric), first);
      if (!row || row.t_first === null || row.t_last === null) continue;
      first ??= row.object;
      candidates.push({ id: seriesLaneId(runId, row.object, row.metric), extent: { from: row.t_first + shift(runId), to: row.t_last + shift(runId) } });
      taken++;
    }
  }
  for (const run of lanes.runs.values()) {
    // Spans alone (a query log); a table whose rows carry figures opens on their series instead.
    if (run.tool === 'events' && run.start && run.end && !byRun.has(run.id)) {
      candidates.push({ id: eventsLaneId(run.id), extent: { from: Date.parse(run.start) + shift(run.id), to: Date.parse(run.end) + shift(run.id) } });
    }
  }
  if (candidates.length === 0) return [];
  // The lane most others overlap anchors the timeline; lanes near it come along (a capture whose
  // clock read another zone sits hours off: it is shown, so the miss is seen), lanes of other
  // weeks (a pre-test) stay choices.
  const score = candidates.map((c) => candidates.filter((o) => overlaps(c.extent, o.extent)).length);
  const best = Math.max(...score);
  const anchor = candidates[score.indexOf(best)]!;
  const margin = Math.max(NEAR_MS, (anchor.extent.to - anchor.extent.from) / 2);
  const near = { from: anchor.extent.from - margin, to: anchor.extent.to + margin };
  return candidates.filter((c) => overlaps(c.extent, near)).slice(0, MAX_DEFAULT_LANES).map((c) => c.id);
}
