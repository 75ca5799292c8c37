/**
 * Per-run clock offsets: seconds added to every time of a run, so a capture whose clock read
 * another zone (sar text in the host's local time, read as UTC) or had no clock at all (iostat
 * without -t) lines up with the others. An offset is the user's: set by hand, or a proposal
 * (correlate.ts) the user applied; it is kept with the run (its `clock_offset` table, so it
 * travels with the run into a study file) and never set by the timeline on its own.
 */
import type { RunRecord } from '../../contract/records.js';
import type { ClockOffset, LaneId } from '../../contract/timeline.js';

export interface StoredOffset {
  seconds: number;
  by: 'user' | 'proposal';
  at: string;
  correlation?: number;
  reference?: LaneId;
}

/** The offset kept with a run, or null. */
export function storedOffset(run: Pick<RunRecord, 'tables'>): StoredOffset | null {
  const o = run.tables['clock_offset'] as StoredOffset | null | undefined;
  return o && typeof o === 'object' && Number.isFinite(o.seconds) ? o : null;
}

/** The offsets in force: each run's stored one, replaced by one given for this answer. */
export function offsetsInForce(runs: readonly RunRecord[], given: ReadonlyMap<number, number>): Map<number, ClockOffset> {
  const out = new Map<number, ClockOffset>();
  for (const r of runs) {
    const g = given.get(r.id);
    if (g !== undefined) {
      out.set(r.id, { run: r.id, offset_s: g, source: 'given' });
      continue;
    }
    const s = storedOffset(r);
    if (s && s.seconds !== 0) {
      out.set(r.id, { run: r.id, offset_s: s.seconds, source: 'stored', origin: { by: s.by, at: s.at, ...(s.correlation !== undefined ? { correlation: s.correlation } : {}), ...(s.reference ? { reference: s.reference } : {}) } });
    }
  }
  return out;
}

/** "RUN=SECONDS" (the CLI's --offset): seconds may be negative or fractional, or [-]HH:MM[:SS]. */
export function parseOffsetArg(text: string): { run: number; seconds: number } | null {
  const m = /^#?(\d+)=([+-]?)(?:(\d+(?:\.\d+)?)|(\d+):(\d{2})(?::(\d{2}))?)$/.exec(text.trim());
  if (!m) return null;
  const sign = m[2] === '-' ? -1 : 1;
  const seconds = m[3] !== undefined ? Number(m[3]) : Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6] ?? 0);
  return { run: Number(m[1]), seconds: sign * seconds };
}
