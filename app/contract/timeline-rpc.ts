/**
 * The timeline's methods of the one RPC table (rpc.ts takes them in). Types only.
 */
import type { StudyTimeline } from './records.js';
import type { ClockOffset, DivergenceResult, IntervalCheck, LaneCorrelation, LaneId, OffsetProposal } from './timeline.js';

/** Offsets (seconds) for one answer only, by run id ("12": -3600): they replace the runs' stored offsets. */
type GivenOffsets = Record<string, number>;

export interface TimelineRpcMethods {
  /**
   * The study's timeline: the lanes named (else the ones it opens on), each read for the window
   * (`from`/`to`, epoch ms; whole without) at `width` pixel columns through the range reads.
   * `choices: false` (a zoom): the study's other lanes are not listed, only the runs named read.
   */
  'timeline.get': { args: { study: string; lanes?: LaneId[]; from?: number; to?: number; width?: number; offsets?: GivenOffsets; choices?: boolean; channel?: string }; result: StudyTimeline };
  /** Two lanes' correlation as they are, and the shift of `b` that maximises it. */
  'timeline.correlate': { args: { study: string; a: LaneId; b: LaneId; offsets?: GivenOffsets; maxShiftS?: number }; result: LaneCorrelation };
  /** The clock offset for `subject`'s run that lines it up with `reference`, with its correlation: shown, never applied. */
  'timeline.proposeOffset': { args: { study: string; reference: LaneId; subject: LaneId; offsets?: GivenOffsets; maxShiftS?: number }; result: OffsetProposal };
  /**
   * Keeps a run's clock offset (null or 0 removes it). `correlation` (and `reference`): the
   * offset is a proposal the user applied, kept with what it rested on.
   */
  'timeline.setOffset': { args: { study: string; run: number; offsetS: number | null; correlation?: number; reference?: LaneId }; result: { offset: ClockOffset | null } };
  /** A database report's interval against the host's and the array's figures over exactly that interval. */
  'timeline.intervalCheck': { args: { study: string; run: number; offsets?: GivenOffsets }; result: IntervalCheck };
  /** The windows where one lane's latency rises while the other's does not. */
  'timeline.divergence': { args: { study: string; a: LaneId; b: LaneId; offsets?: GivenOffsets; windowS?: number; top?: number }; result: DivergenceResult };
}
