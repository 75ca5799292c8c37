/**
 * The zone each lane's source was read in, stated on the lane. Importers that know (vmstat,
 * mpstat, pidstat, a table of timed events) keep a `clock` table with the run; for the others
 * their own warning says when clock times without a zone were read as UTC (sar, iostat -t, nmon,
 * AWR snapshot times), and a run without a start has no clock at all (iostat without -t).
 */
import type { ClockStatement } from '../../../importers/clock-statement.js';
import type { LaneZone } from '../../contract/timeline.js';

/** The importers' words for clock times without a zone read as UTC. */
const READ_AS_UTC = /read as UTC|as if (it were |they were )?UTC|UTC wall-clock/i;

/** Tools whose times are exact instants (epoch seconds, or UTC the file states). */
const EXACT_TOOLS: Record<string, string> = {
  fio: 'UTC (fio\'s epoch timestamps)',
  svc: 'UTC (the statistics\' timestamp_utc)',
  'spectrum-control': 'UTC (the export\'s offsets applied)',
};

export function zoneText(clock: ClockStatement): string {
  switch (clock.kind) {
    case 'epoch': return 'UTC (seconds since the epoch)';
    case 'zoned': return clock.zone && clock.zone !== 'UTC' && clock.zone !== 'Z' ? `${clock.zone} applied (exact)` : 'UTC (stated in the file)';
    case 'relative': return 'no clock: times since the start (place it with a clock offset)';
    case 'unzoned': return clock.zone ? `${clock.zone} named, which is ambiguous: read as UTC` : 'no zone in the file: read as UTC';
  }
}

/**
 * A run's zone: its own `clock` table when it has one, else from its tool, its start, and the
 * warnings its import gave.
 */
export function laneZone(run: { tool: string; start: string | null; tables: Record<string, unknown>; warnings: readonly string[] }, importWarnings: readonly string[]): LaneZone {
  const clock = run.tables['clock'] as ClockStatement | undefined;
  if (clock && typeof clock === 'object' && typeof clock.kind === 'string') return { kind: clock.kind, zone: clock.zone ?? null, text: zoneText(clock) };
  if (run.start === null) return { kind: 'relative', zone: null, text: zoneText({ kind: 'relative', zone: null, offset_min: null }) };
  if ([...run.warnings, ...importWarnings].some((w) => READ_AS_UTC.test(w))) return { kind: 'unzoned', zone: null, text: zoneText({ kind: 'unzoned', zone: null, offset_min: null }) };
  const exact = EXACT_TOOLS[run.tool];
  if (exact) return { kind: 'zoned', zone: 'UTC', text: exact };
  return { kind: 'zoned', zone: null, text: 'as the file gives them' };
}
