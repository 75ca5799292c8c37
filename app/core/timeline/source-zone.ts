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

/** Sample times from here on (1973) are instants, not seconds since a start. */
const EPOCH_TIMES = 1e11;

/** Importers that warn whenever they read clock times without a zone. */
const STATES_UNZONED = new Set(['iostat', 'sar', 'nmon', 'dstat', 'oracle-awr', 'oracle-statspack', 'hammerdb', 'vdbench']);

/** Tools whose times are exact instants (epoch seconds, or UTC the file states). */
const EXACT_TOOLS: Record<string, string> = {
  fio: 'UTC (fio\'s epoch timestamps)',
  svc: 'UTC (the statistics\' timestamp_utc)',
  'spectrum-control': 'UTC (the export\'s offsets applied)',
};

export function zoneText(clock: ClockStatement): string {
  switch (clock.kind) {
    case 'epoch': return 'UTC (seconds since the epoch)';
    case 'zoned': return clock.zone && clock.zone !== 'UTC' && clock.zone !== 'Z' ? `zone ${clock.zone} applied` : 'UTC (stated in the file)';
    case 'relative': return 'no clock: times since the start (place it with a clock offset)';
    case 'unzoned': return clock.zone ? `${clock.zone} named, which is ambiguous: read as UTC` : 'no zone in the file: read as UTC';
  }
}

/**
 * A run's zone: its own `clock` table when it has one, else from its tool, its start, and the
 * warnings its import gave.
 */
export function laneZone(run: { tool: string; start: string | null; tables: Record<string, unknown>; warnings: readonly string[] }, importWarnings: readonly string[], firstSampleMs: number | null = null): LaneZone {
  const clock = run.tables['clock'] as ClockStatement | undefined;
  if (clock && typeof clock === 'object' && typeof clock.kind === 'string') return { kind: clock.kind, zone: clock.zone ?? null, text: zoneText(clock) };
  // No start, and samples near 1970: times since the start. (An fio log with log_unix_epoch has
  // no start of its own but epoch times.)
  if (run.start === null && (firstSampleMs === null || firstSampleMs < EPOCH_TIMES)) return { kind: 'relative', zone: null, text: zoneText({ kind: 'relative', zone: null, offset_min: null }) };
  if ([...run.warnings, ...importWarnings].some((w) => READ_AS_UTC.test(w))) return { kind: 'unzoned', zone: null, text: zoneText({ kind: 'unzoned', zone: null, offset_min: null }) };
  const exact = EXACT_TOOLS[run.tool];
  if (exact) return { kind: 'zoned', zone: 'UTC', text: exact };
  // These say when they read clock times without a zone: without that warning the file stated one.
  if (STATES_UNZONED.has(run.tool)) return { kind: 'zoned', zone: null, text: 'the zone stated in the file, applied' };
  return { kind: 'zoned', zone: null, text: 'as the file gives them' };
}
