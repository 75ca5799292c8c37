/**
 * How a file's times are to be read, kept with each run (`tables.clock`) so a timeline can state
 * every lane's source zone: exact instants (epoch seconds, or clock times with an offset that
 * fixes them), clock times without a zone (read as if they were UTC: absolute times may be off
 * by the host's offset, which a clock offset corrects), or no clock at all (times since the
 * start). A capture without a zone is the usual case, not an error.
 */

export type ClockKind = 'epoch' | 'zoned' | 'unzoned' | 'relative';

export interface ClockStatement {
  kind: ClockKind;
  /** The zone as the file names it ("CST", "+0800", "UTC"), null when it names none. */
  zone: string | null;
  /** Minutes east of UTC the importer applied, when the zone fixes one offset; null otherwise. */
  offset_min: number | null;
  /** Why the zone was not applied (an abbreviation that means several offsets), when it was named but not used. */
  note?: string;
}

export const EPOCH_CLOCK: ClockStatement = { kind: 'epoch', zone: 'UTC', offset_min: 0 };
export const UNZONED_CLOCK: ClockStatement = { kind: 'unzoned', zone: null, offset_min: null };
export const RELATIVE_CLOCK: ClockStatement = { kind: 'relative', zone: null, offset_min: null };

/** A zone the file names: applied when it fixes one offset, else stated and read as UTC. */
export function namedZoneClock(zone: string, offsetMin: number | null): ClockStatement {
  if (offsetMin !== null) return { kind: 'zoned', zone, offset_min: offsetMin };
  return {
    kind: 'unzoned', zone, offset_min: null,
    note: `the file names the zone "${zone}", which does not fix one offset (CST is US Central, China or Cuba; IST India, Ireland or Israel): its clock times are read as UTC`,
  };
}
