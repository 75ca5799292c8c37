/**
 * Periods drawn on a time axis: each closed range a shaded area (clipped to the data), each
 * open-ended period ("after the cutover") a line at its moment. Shared by the time-series view
 * and the report's time-series chart so both mark the same windows.
 */
import type { PeriodRecord } from '../../app/contract/records.js';

const SHADES = ['rgba(0,114,178,0.10)', 'rgba(230,159,0,0.14)', 'rgba(0,158,115,0.12)', 'rgba(204,121,167,0.12)'];

type Mark = Record<string, unknown>;

/** `offset` (ms) shifts UTC instants into the zone the axis shows. */
export function periodMarks(periods: readonly PeriodRecord[], t0: number, t1: number, offset: number): { shaded: Array<[Mark, Mark]>; cutovers: Mark[] } {
  const shaded: Array<[Mark, Mark]> = [];
  const cutovers: Mark[] = [];
  periods.forEach((p, i) => {
    for (const r of p.ranges) {
      const s = r.start ? Date.parse(r.start) : null;
      const e = r.end ? Date.parse(r.end) : null;
      // An open-ended period is a moment, not an area: a line marks it, labelled with its time.
      if (s === null || e === null) {
        const at = (s ?? e!) + offset;
        if (p.ranges.length === 1 && !cutovers.some((c) => c['xAxis'] === at)) {
          cutovers.push({ xAxis: at, name: p.name, label: { formatter: p.spec.replace(/^(after|before)\s+(the cutover at\s+)?/i, '') } });
        }
        continue;
      }
      const from = Math.max(s, t0);
      const to = Math.min(e, t1);
      if (to > from) shaded.push([{ xAxis: from + offset, name: p.name, itemStyle: { color: SHADES[i % SHADES.length] } }, { xAxis: to + offset }]);
    }
  });
  return { shaded, cutovers };
}
