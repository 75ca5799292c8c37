/**
 * Correlation across layers and the clock offset it proposes. Two lanes' correlation at their
 * clocks as they are, and the shift of the second that maximises it (correlate.ts); as a
 * proposal, that shift added to the second run's offset in force, stated with its correlation
 * and applied only when the user says so (timeline.setOffset). A real lead (a load started
 * before a report's begin snapshot) is no offset: nothing here moves a clock on its own.
 */
import type { LaneCorrelation, LaneId, OffsetProposal } from '../../contract/timeline.js';
import { bestShift, MIN_POINTS } from './correlate.js';
import { laneSamples } from './lane-samples.js';
import type { StudyLanes } from './study-lanes.js';
import type { TimelineReader } from './timeline.js';

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

/** "−3,600 s", "+12.5 s", "0 s". */
export function secondsText(s: number): string {
  const whole = Math.abs(s) >= 100 ? Math.round(s) : round(s, 1);
  const text = Math.abs(whole).toLocaleString('en-US');
  return whole > 0 ? `+${text} s` : whole < 0 ? `−${text} s` : '0 s';
}

export function correlateLanes(reader: TimelineReader, lanes: StudyLanes, a: LaneId, b: LaneId, options: { maxShiftS?: number } = {}): LaneCorrelation {
  const sa = laneSamples(reader, lanes, a);
  if (typeof sa === 'string') throw new Error(sa);
  const sb = laneSamples(reader, lanes, b);
  if (typeof sb === 'string') throw new Error(sb);
  if (sa.samples.times.length < MIN_POINTS || sb.samples.times.length < MIN_POINTS) {
    throw new Error(`too few samples to correlate (${a}: ${sa.samples.times.length}, ${b}: ${sb.samples.times.length}; at least ${MIN_POINTS} each)`);
  }
  const found = bestShift(sa.samples, sb.samples, options.maxShiftS !== undefined ? { maxShiftMs: options.maxShiftS * 1000 } : {});
  return {
    a, b,
    correlation: found.atZero.r === null ? null : round(found.atZero.r, 4),
    best_lag_s: found.bestShiftMs === null ? null : round(found.bestShiftMs / 1000, 3),
    best_correlation: found.best.r === null ? null : round(found.best.r, 4),
    step_s: round(found.stepMs / 1000, 3),
    points: found.best.n || found.atZero.n,
    searched: { from_s: round(found.searched.fromMs / 1000, 3), to_s: round(found.searched.toMs / 1000, 3) },
  };
}

/** The offset for b's run that lines b up with a (the reference), with its correlation: a proposal, never applied here. */
export function proposeOffset(reader: TimelineReader, lanes: StudyLanes, reference: LaneId, subject: LaneId, options: { maxShiftS?: number } = {}): OffsetProposal {
  const c = correlateLanes(reader, lanes, reference, subject, options);
  const meta = reader.lane(lanes, subject, null, 1);
  if (typeof meta === 'string') throw new Error(meta);
  if (c.best_lag_s === null || c.best_correlation === null) {
    throw new Error(`no shift of ${subject} overlaps ${reference} by a quarter of the shorter with enough points and variation to correlate: nothing to propose`);
  }
  const current = meta.offset_s;
  const offset = round(current + c.best_lag_s, 3);
  const words = `offset ${secondsText(offset)} for run ${meta.run} (${meta.source}): ${subject} against ${reference} correlates at r = ${c.best_correlation.toFixed(3)} there`
    + ` (r = ${c.correlation === null ? 'n/a' : c.correlation.toFixed(3)} as it is${current !== 0 ? `, with its offset of ${secondsText(current)}` : ''}), over ${c.points} points of ${c.step_s} s; not applied`;
  return { ...c, run: meta.run, offset_s: offset, current_offset_s: current, text: words, applied: false };
}
