/**
 * A study's timeline: the lanes asked for (or the ones it opens on), each read for the window
 * through the range reads and the pyramid with its own budget of `width` pixel columns, so ten
 * lanes of a million points zoom as one does; report intervals as steps, events as spans, every
 * time moved by its run's clock offset (stored, or given for this answer), periods beside them.
 */
import type { PeriodRecord, RunRecord, StudyTimeline } from '../../contract/records.js';
import type { ClockOffset, LaneId, TimelineLane } from '../../contract/timeline.js';
import { RangeReader } from '../series/range-read.js';
import type { Store } from '../store/store.js';
import { offsetsInForce } from './clock-offsets.js';
import { LANE_ID_SHAPES, parseLaneId } from './lane-ids.js';
import { layerOf } from './layers.js';
import { steps } from './report-steps.js';
import { defaultLanes, laneChoices, LaneStore, metricName, sourceOf, unitOf, type StudyLanes } from './study-lanes.js';

/** What the timeline reads of a study besides the store: the core's own answers. */
export interface TimelineQueries {
  store: Store;
  runs(filter: { study: string; ids?: number[] }): RunRecord[];
  periods(study: string): PeriodRecord[];
  settings(study: string): { zone: string };
  studyIdOf(study: string): number;
}

export interface TimelineOptions {
  lanes?: readonly LaneId[];
  from?: number;
  to?: number;
  /** The chart's plot width in pixels: each lane's budget (at most about two points a column). */
  width?: number;
  /** Offsets (seconds) for this answer only, by run: they replace stored ones. */
  offsets?: Readonly<Record<string, number>>;
  /**
   * False: leave out the study's other lanes (`choices` empty) and read only the runs the lanes
   * name, as a zoom asks (a study of many runs is not listed again for every window).
   */
  choices?: boolean;
}

export const DEFAULT_WIDTH = 1000;
const MAX_WIDTH = 8000;

export class TimelineReader {
  readonly reader: RangeReader;
  readonly laneStore: LaneStore;

  constructor(readonly queries: TimelineQueries) {
    this.reader = new RangeReader(queries.store.levels);
    this.laneStore = new LaneStore(queries.store);
  }

  /** The study's lanes (of the runs named, when `only` names them), offsets in force (stored ones, replaced by those given). */
  studyLanes(study: string, given: Readonly<Record<string, number>> = {}, only: number[] | null = null): StudyLanes {
    const id = this.queries.studyIdOf(study);
    const runs = this.queries.runs(only ? { study, ids: only } : { study });
    const offsets = offsetsInForce(runs, new Map(Object.entries(given).map(([k, v]) => [Number(k), v])));
    return this.laneStore.load(id, runs, offsets);
  }

  get(study: string, options: TimelineOptions = {}): StudyTimeline {
    const lanes = this.studyLanes(study, options.offsets, options.choices === false ? runsNamed(options.lanes ?? []) : null);
    const width = Math.max(16, Math.min(MAX_WIDTH, Math.floor(options.width ?? DEFAULT_WIDTH)));
    const ids = options.lanes && options.lanes.length > 0 ? [...new Set(options.lanes)] : defaultLanes(lanes);
    const window = options.from !== undefined || options.to !== undefined ? { from: options.from ?? -Infinity, to: options.to ?? Infinity } : null;
    const missing: StudyTimeline['missing'] = [];
    const out: TimelineLane[] = [];
    for (const id of ids) {
      const lane = this.lane(lanes, id, window, width);
      if (typeof lane === 'string') missing.push({ id, reason: lane });
      else out.push(lane);
    }
    const extents = out.map((l) => l.extent).filter((e): e is { from: number; to: number } => e !== null);
    const extent = extents.length ? { from: Math.min(...extents.map((e) => e.from)), to: Math.max(...extents.map((e) => e.to)) } : null;
    return {
      study, zone: this.queries.settings(study).zone,
      window: window ? { from: Math.max(window.from, extent?.from ?? window.from), to: Math.min(window.to, extent?.to ?? window.to) } : null,
      extent, lanes: out, periods: this.queries.periods(study),
      offsets: [...lanes.offsets.values()].sort((a, b) => a.run - b.run),
      choices: options.choices === false ? [] : laneChoices(lanes), missing, width,
    };
  }

  /** One lane read for the window, or why there is no such lane. */
  lane(lanes: StudyLanes, id: LaneId, window: { from: number; to: number } | null, width: number): TimelineLane | string {
    const parsed = parseLaneId(id);
    if (!parsed) return `not a lane id: write ${LANE_ID_SHAPES}`;
    const offsetMs = (run: number): number => (lanes.offsets.get(run)?.offset_s ?? 0) * 1000;
    const empty = { points: [], steps: [], spans: [], raw: true, stats: { samples: 0, mean: null, min: null, max: null } };
    if (parsed.kind === 'series') {
      const run = lanes.runs.get(parsed.run);
      if (!run) return `the study has no run ${parsed.run} (or it is excluded)`;
      const row = lanes.series.find((s) => s.run_id === parsed.run && s.object === parsed.object && s.metric === parsed.metric);
      if (!row) return `run ${parsed.run} has no series of ${parsed.metric} for "${parsed.object}"`;
      const shift = offsetMs(run.id);
      const l = this.reader.lane({ run: run.id, object: row.object, metric: row.metric }, window ? { from: window.from - shift, to: window.to - shift } : null, { width });
      return {
        id, layer: layerOf(run), kind: 'series', run: run.id, runs: [run.id], config: run.config, tool: run.tool,
        source: sourceOf(run, row.object), object: row.object, metric: row.metric, label: metricName(row.metric), unit: unitOf(row.metric, row.unit),
        zone: lanes.zones.get(run.id)!, offset_s: shift / 1000,
        ...empty,
        points: Array.from(l.times, (t, i) => [t + shift, l.values[i]!] as [number, number]),
        raw: l.raw,
        stats: { samples: l.stats.samples, mean: fin(l.stats.mean), min: fin(l.stats.min), max: fin(l.stats.max) },
        extent: l.extent ? { from: l.extent.from + shift, to: l.extent.to + shift } : null,
      };
    }
    if (parsed.kind === 'steps') {
      const reports = lanes.groups.get(parsed.group);
      if (!reports) return `the study has no reports of "${parsed.group}" (groups: ${[...lanes.groups.keys()].join(', ') || 'none'})`;
      const all = steps(reports, parsed.metric, offsetMs);
      if (all.length === 0) return `the reports of "${parsed.group}" have no ${parsed.metric}`;
      const shown = window ? all.filter(([a, b]) => b >= window.from && a <= window.to) : all;
      const values = shown.map((s) => s[2]);
      const first = reports[0]!.run;
      return {
        id, layer: 'database', kind: 'steps', run: first.id, runs: reports.map((r) => r.run.id), config: first.config, tool: first.tool,
        source: `${parsed.group} (${first.tool === 'oracle-statspack' ? 'STATSPACK' : 'AWR'})`, object: parsed.group, metric: parsed.metric,
        label: metricName(parsed.metric), unit: unitOf(parsed.metric, ''), zone: lanes.zones.get(first.id)!, offset_s: offsetMs(first.id) / 1000,
        ...empty, steps: shown,
        stats: { samples: values.length, mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null, min: values.length ? Math.min(...values) : null, max: values.length ? Math.max(...values) : null },
        extent: { from: all[0]![0], to: all[all.length - 1]![1] },
      };
    }
    const run = lanes.runs.get(parsed.run);
    const events = run?.tables['events'];
    if (!run || run.tool !== 'events' || !Array.isArray(events)) return `run ${parsed.run} is not a run of timed events`;
    const shift = offsetMs(run.id);
    const spans = (events as Array<{ name: string; start_ms: number; end_ms: number }>).map((e) => [e.start_ms + shift, e.end_ms + shift, e.name] as [number, number, string]);
    const shown = window ? spans.filter(([a, b]) => b >= window.from && a <= window.to) : spans;
    return {
      id, layer: layerOf(run), kind: 'events', run: run.id, runs: [run.id], config: run.config, tool: run.tool, source: run.name, object: '', metric: 'events',
      label: 'events', unit: '', zone: lanes.zones.get(run.id)!, offset_s: shift / 1000, ...empty, spans: shown,
      stats: { samples: shown.length, mean: null, min: null, max: null },
      extent: spans.length ? { from: Math.min(...spans.map((s) => s[0])), to: Math.max(...spans.map((s) => s[1])) } : null,
    };
  }
}

const fin = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The runs lanes name, or null when a lane needs the study's every report (a step lane's group). */
function runsNamed(ids: readonly LaneId[]): number[] | null {
  const runs: number[] = [];
  for (const id of ids) {
    const p = parseLaneId(id);
    if (!p || p.kind === 'steps') return null;
    runs.push(p.run);
  }
  return runs.length > 0 ? runs : null;
}

export type { ClockOffset };
