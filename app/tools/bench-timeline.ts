/**
 * The timeline's zoom (issue 35): ten lanes of a million points each, one series per lane (a 1 s
 * monitor over 11.6 days), answering a window the way the Timeline tab asks for it, each lane
 * read through the range reads and the pyramid with its own budget of 1,000 columns. Timed in
 * the core as the worker runs it, and with the answer turned into the JSON the bridge carries.
 * Median of five, each on another window (no answer is read twice from a warm cache).
 */
import path from 'node:path';
import { Core } from '../core/core.js';
import { addRun, seriesOf } from '../core/test-support/parsed-runs.js';

export interface TimedFigure {
  median: number;
  min: number;
  max: number;
  n: number;
}

const LANES = 10;
const POINTS = 1_000_000;
const WIDTH = 1000;
const T0 = Date.UTC(2024, 0, 1);

function timed(n: number, f: (k: number) => void): TimedFigure {
  const ms: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    f(k);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(n / 2)]!, min: ms[0]!, max: ms[n - 1]!, n };
}

export function timelineFigures(work: string): { figures: Record<string, TimedFigure>; points: number } {
  const core = new Core(path.join(work, 'timeline.sqlite'));
  try {
    const ids: string[] = [];
    for (let l = 0; l < LANES; l++) {
      // A wandering level with a spike now and then: what a monitor's busy disk looks like.
      const run = addRun(core, 'bench', `host ${l}`, {
        name: `iostat host${l}`, tool: 'iostat', startMs: T0,
        series: [seriesOf(`sd${String.fromCharCode(97 + l)}`, 'read.iops', 'IOPS', T0, 1000, POINTS, (i) => 1000 + 300 * Math.sin(i / 3000 + l) + (i % 9973 === 0 ? 20_000 : (i * 7919) % 97))],
      });
      ids.push(`${run}:sd${String.fromCharCode(97 + l)}:read.iops`);
    }
    const span = POINTS * 1000;
    const at = (k: number, share: number): { from: number; to: number } => {
      const from = T0 + ((k * 0.173 + 0.05) % (1 - share)) * span;
      return { from, to: from + share * span };
    };
    const ask = (w: { from: number; to: number } | null, json: boolean): void => {
      // As the Timeline tab asks: a zoom names its lanes and needs no list of the others.
      const r = core.timeline.get('bench', { lanes: ids, width: WIDTH, ...(w ? { ...w, choices: false } : {}) });
      if (r.lanes.length !== LANES) throw new Error('the bench timeline lost a lane');
      if (json) JSON.stringify(r);
    };
    return {
      points: LANES * POINTS,
      figures: {
        timeline_10x1m_first_paint_ms: timed(5, () => ask(null, false)),
        timeline_10x1m_zoom_ms: timed(5, (k) => ask(at(k, 0.01), false)),
        timeline_10x1m_zoom_small_ms: timed(5, (k) => ask(at(k, 0.0001), false)),
        timeline_10x1m_zoom_with_json_ms: timed(5, (k) => ask(at(k + 5, 0.01), true)),
      },
    };
  } finally {
    core.close();
  }
}
