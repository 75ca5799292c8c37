/**
 * Lane ids as the CLI and a saved chart write them (app/contract/timeline.ts): a stored series
 * `RUN:OBJECT:METRIC`, a database's reports as steps `reports:GROUP:METRIC`, timed events
 * `events:RUN`. An object may hold colons (a pidstat command line), a metric never does: the
 * run is read up to the first colon and the metric after the last.
 */
import type { LaneId } from '../../contract/timeline.js';

export type ParsedLaneId =
  | { kind: 'series'; run: number; object: string; metric: string }
  | { kind: 'steps'; group: string; metric: string }
  | { kind: 'events'; run: number };

export function seriesLaneId(run: number, object: string, metric: string): LaneId {
  return `${run}:${object}:${metric}`;
}

export function stepsLaneId(group: string, metric: string): LaneId {
  return `reports:${group}:${metric}`;
}

export function eventsLaneId(run: number): LaneId {
  return `events:${run}`;
}

/** The lane an id names, or null when it is not a lane id at all (the message says the shapes). */
export function parseLaneId(id: string): ParsedLaneId | null {
  const s = id.trim();
  const events = /^events:#?(\d+)$/.exec(s);
  if (events) return { kind: 'events', run: Number(events[1]) };
  const first = s.indexOf(':');
  const last = s.lastIndexOf(':');
  if (first < 0 || last === first) return null;
  const head = s.slice(0, first);
  const middle = s.slice(first + 1, last);
  const metric = s.slice(last + 1);
  if (!metric || !middle) return null;
  if (head === 'reports') return { kind: 'steps', group: middle, metric };
  const run = /^#?(\d+)$/.exec(head);
  return run ? { kind: 'series', run: Number(run[1]), object: middle, metric } : null;
}

export const LANE_ID_SHAPES = 'RUN:OBJECT:METRIC (a run\'s series, e.g. 12:sdb:read.iops), reports:GROUP:METRIC (a database\'s reports as steps, e.g. reports:SLOBRAC/slobrac1:aas) or events:RUN';

/**
 * A saved timeline's lanes and offsets with their runs' ids moved (a study file opened where
 * those ids were taken): `events:RUN` and `RUN:OBJECT:METRIC` follow; report lanes name no run.
 */
export function remapTimelineRuns<S extends { lanes?: string[]; offsets?: Record<string, number> }>(spec: S, runIds: ReadonlyMap<number, number>): S {
  const lane = (id: string): string => {
    const p = parseLaneId(id);
    if (!p || p.kind === 'steps') return id;
    const run = runIds.get(p.run) ?? p.run;
    return p.kind === 'events' ? eventsLaneId(run) : seriesLaneId(run, p.object, p.metric);
  };
  return {
    ...spec,
    ...(spec.lanes ? { lanes: spec.lanes.map(lane) } : {}),
    ...(spec.offsets ? { offsets: Object.fromEntries(Object.entries(spec.offsets).map(([k, v]) => [String(runIds.get(Number(k)) ?? k), v])) } : {}),
  };
}
