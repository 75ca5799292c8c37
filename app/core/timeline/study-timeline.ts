/**
 * The timeline capability: what the RPC table and the CLI call. Reads go through TimelineReader
 * (one study's lanes, offsets in force); the one write is a run's clock offset, kept with the run.
 */
import type { StudyTimeline as Timeline } from '../../contract/records.js';
import type { ClockOffset, DivergenceResult, IntervalCheck, LaneCorrelation, LaneId, OffsetProposal } from '../../contract/timeline.js';
import { storedOffset, type StoredOffset } from './clock-offsets.js';
import { divergence } from './divergence.js';
import { intervalCheck } from './interval-check.js';
import { correlateLanes, proposeOffset } from './offset-proposal.js';
import { TimelineReader, type TimelineOptions, type TimelineQueries } from './timeline.js';

type Given = Readonly<Record<string, number>>;

export class StudyTimeline {
  readonly reader: TimelineReader;

  constructor(private readonly queries: TimelineQueries) {
    this.reader = new TimelineReader(queries);
  }

  get(study: string, options: TimelineOptions = {}): Timeline {
    return this.reader.get(study, options);
  }

  correlate(study: string, a: LaneId, b: LaneId, options: { offsets?: Given; maxShiftS?: number } = {}): LaneCorrelation {
    return correlateLanes(this.reader, this.reader.studyLanes(study, options.offsets), a, b, options);
  }

  /** The offset for `subject`'s run that lines it up with `reference`: stated with its correlation, not applied. */
  proposeOffset(study: string, reference: LaneId, subject: LaneId, options: { offsets?: Given; maxShiftS?: number } = {}): OffsetProposal {
    return proposeOffset(this.reader, this.reader.studyLanes(study, options.offsets), reference, subject, options);
  }

  /** Keeps (or, with null, removes) a run's clock offset: the user's act, by hand or applying a proposal. */
  setOffset(study: string, run: number, seconds: number | null, origin: { by: 'user' | 'proposal'; correlation?: number; reference?: LaneId } = { by: 'user' }): ClockOffset | null {
    const record = this.queries.runs({ study }).find((r) => r.id === run);
    if (!record) throw new Error(`study "${study}" has no run ${run} (or it is excluded)`);
    if (seconds !== null && !Number.isFinite(seconds)) throw new Error('a clock offset is a number of seconds');
    const value: StoredOffset | null = seconds === null || seconds === 0 ? null : {
      seconds, by: origin.by, at: new Date().toISOString(),
      ...(origin.correlation !== undefined ? { correlation: origin.correlation } : {}), ...(origin.reference ? { reference: origin.reference } : {}),
    };
    const store = this.queries.store;
    store.transaction(() => store.mergeIntoRun(run, {}, { clock_offset: value }));
    const kept = storedOffset({ tables: store.runTables(run) });
    return kept ? { run, offset_s: kept.seconds, source: 'stored', origin: { by: kept.by, at: kept.at, ...(kept.correlation !== undefined ? { correlation: kept.correlation } : {}), ...(kept.reference ? { reference: kept.reference } : {}) } } : null;
  }

  intervalCheck(study: string, run: number, options: { offsets?: Given } = {}): IntervalCheck {
    return intervalCheck(this.reader, this.reader.studyLanes(study, options.offsets), run);
  }

  divergence(study: string, a: LaneId, b: LaneId, options: { offsets?: Given; windowS?: number; top?: number } = {}): DivergenceResult {
    return divergence(this.reader, this.reader.studyLanes(study, options.offsets), this.queries.settings(study).zone, a, b, options);
  }
}
