/**
 * A generated nightly history, as a dated table (time, commit, IOPS, p99 latency): the shape a
 * performance team's CI appends a row to each night. Levels change by the steps given (from a
 * night on), single nights dip by the dips given, and every value has Gaussian noise of the
 * given percentage (seeded: the same rows on every machine).
 */
import { seededRandom } from '../../../tools/fuzz/mutations.js';

export interface HistoryShape {
  nights: number;
  /** IOPS before any step. */
  base: number;
  /** From night `at` on, the level is multiplied by `factor`. */
  steps: Array<{ at: number; factor: number }>;
  /** Night `at` alone is multiplied by `factor`. */
  dips: Array<{ at: number; factor: number }>;
  noisePct: number;
  seed: number;
  /** The first night (UTC). */
  first: string;
}

/** Issue 36's evidence: 400 nights, -11% from night 130, +19% from night 270, a one-night dip (-40%) at 200. */
export const EVIDENCE_HISTORY: HistoryShape = {
  nights: 400, base: 20000, steps: [{ at: 130, factor: 0.89 }, { at: 270, factor: 1.19 }], dips: [{ at: 200, factor: 0.6 }], noisePct: 1.5, seed: 36, first: '2024-01-01T02:00:00Z',
};

export interface HistoryRow {
  time: string;
  commit: string;
  iops: number;
  p99Ms: number;
}

export function historyRows(shape: HistoryShape): HistoryRow[] {
  const rnd = seededRandom(shape.seed);
  // Box-Muller: a standard normal from two uniforms.
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const t0 = Date.parse(shape.first);
  const rows: HistoryRow[] = [];
  for (let n = 0; n < shape.nights; n++) {
    let level = shape.base;
    for (const s of shape.steps) if (n >= s.at) level *= s.factor;
    for (const d of shape.dips) if (n === d.at) level *= d.factor;
    const iops = Math.round(level * (1 + (gauss() * shape.noisePct) / 100));
    rows.push({
      time: new Date(t0 + n * 86_400_000).toISOString().replace('.000Z', 'Z'),
      commit: `c${(0x1000 + n * 7919).toString(16).slice(-6).padStart(6, '0')}`,
      iops,
      p99Ms: Math.round((32 * 20000) / iops * 1000) / 1000,
    });
  }
  return rows;
}

export function historyCsv(shape: HistoryShape, rows = historyRows(shape)): string {
  return ['time,commit,IOPS,p99 latency (ms)', ...rows.map((r) => `${r.time},${r.commit},${r.iops},${r.p99Ms}`)].join('\n') + '\n';
}
