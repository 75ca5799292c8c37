/**
 * Display units, chosen once per study. Storage keeps the canonical unit exactly (ms, MiB/s);
 * a study that reports in µs or MB/s converts at the edge, and says which unit it shows.
 */

export const LATENCY_UNITS = ['ms', 'us', 's'] as const;
export const BANDWIDTH_UNITS = ['MiB/s', 'MB/s', 'GiB/s', 'GB/s'] as const;
export type LatencyUnit = (typeof LATENCY_UNITS)[number];
export type BandwidthUnit = (typeof BANDWIDTH_UNITS)[number];

export interface DisplayUnits {
  latency: LatencyUnit;
  bandwidth: BandwidthUnit;
}

export const CANONICAL_UNITS: DisplayUnits = { latency: 'ms', bandwidth: 'MiB/s' };

/** Factor from the canonical unit (ms, MiB/s) to `unit`. */
const FROM_CANONICAL: Record<string, number> = {
  ms: 1, us: 1000, s: 0.001,
  'MiB/s': 1, 'MB/s': 1.048576, 'GiB/s': 1 / 1024, 'GB/s': 0.001048576,
};

/** The unit and factor a canonical unit is shown in under the study's choice. */
export function displayUnit(canonical: string, units: DisplayUnits): { unit: string; factor: number } {
  if (canonical === 'ms') return { unit: units.latency === 'us' ? 'µs' : units.latency, factor: FROM_CANONICAL[units.latency]! };
  if (canonical === 'MiB/s') return { unit: units.bandwidth, factor: FROM_CANONICAL[units.bandwidth]! };
  return { unit: canonical, factor: 1 };
}
