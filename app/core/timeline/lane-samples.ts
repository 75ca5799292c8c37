/**
 * A lane's samples for arithmetic (correlation, an interval's mean, divergence windows), its
 * clock offset applied: a series' every sample (up to RAW_LIMIT; a longer one as the lowest and
 * highest sample of each of RAW_LIMIT / 2 columns, from its pyramid), a report step series as
 * samples spread over each interval (a step holds its value all through it).
 */
import type { LaneId } from '../../contract/timeline.js';
import type { Samples } from './correlate.js';
import type { TimelineLane } from '../../contract/timeline.js';
import type { StudyLanes } from './study-lanes.js';
import type { TimelineReader } from './timeline.js';

const RAW_LIMIT = 400_000;
/** Samples a step spreads over its interval: enough for a grid as fine as a tenth of it. */
const PER_STEP = 10;

export interface LaneSamples {
  lane: TimelineLane;
  samples: Samples;
}

export function laneSamples(reader: TimelineReader, lanes: StudyLanes, id: LaneId, window: { from: number; to: number } | null = null): LaneSamples | string {
  const meta = reader.lane(lanes, id, window, 1);
  if (typeof meta === 'string') return meta;
  if (meta.kind === 'events') return `${id} is a lane of events (spans): it has no values to correlate`;
  if (meta.kind === 'steps') {
    const times: number[] = [];
    const values: number[] = [];
    for (const [from, to, v] of meta.steps) {
      for (let k = 1; k <= PER_STEP; k++) {
        times.push(from + ((to - from) * k) / PER_STEP);
        values.push(v);
      }
    }
    return { lane: meta, samples: { times, values } };
  }
  const shift = meta.offset_s * 1000;
  const key = { run: meta.run, object: meta.object, metric: meta.metric };
  const stored = window ? { from: window.from - shift, to: window.to - shift } : null;
  const l = reader.reader.lane(key, stored, meta.stats.samples <= RAW_LIMIT ? { width: 1, allRaw: true } : { width: RAW_LIMIT / 2 });
  return { lane: meta, samples: { times: Array.from(l.times, (t) => t + shift), values: l.values } };
}
