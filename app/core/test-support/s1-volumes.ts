/**
 * Per-sample read response times for study S1's four DB2 volumes (../shared/STUDIES.md), built
 * so that each volume's 08:30-15:30 mean and maximum equal the published table: 84 five-minute
 * samples in the window, one at the maximum and 83 at the level that gives the mean. Outside the
 * window the samples are deliberately wild (night batch), so a wrong window shows at once.
 *
 * The published 09-08 row does not add up: its volumes (7.64, 6.18, 8.34, 6.46) average 7.155,
 * not the 7.145 printed. Volume 1 is 7.60 here so that the day reproduces the printed 7.145.
 */
import { wallTimeToUtc } from '../periods/timezone.js';

export const S1_ZONE = 'Asia/Shanghai';
export const S1_VOLUMES = ['CREDIT_DB2_DATA01', 'CREDIT_DB2_DATA02', 'CREDIT_DB2_DATA03', 'CREDIT_DB2_DATA04'];

export const S1_DAYS: Record<string, { mean: number[]; max: number[] }> = {
  '2017-09-08': { mean: [7.60, 6.18, 8.34, 6.46], max: [10.46, 8.99, 12.84, 7.66] },
  '2017-09-13': { mean: [7.67, 6.54, 8.73, 6.06], max: [11.32, 8.90, 11.24, 7.77] },
  '2017-09-14': { mean: [8.10, 7.05, 8.75, 6.20], max: [15.31, 9.43, 12.42, 7.82] },
  '2017-09-15': { mean: [0.67, 0.97, 1.25, 1.34], max: [1.02, 1.48, 2.17, 2.91] },
};

export interface VolumeSeries {
  object: string;
  times: Float64Array;
  values: Float64Array;
}

/** Five-minute samples over whole days; `skip` drops samples (a gap) for one volume and day. */
export function s1Series(skip?: { volume: string; day: string; count: number }): VolumeSeries[] {
  return S1_VOLUMES.map((object, v) => {
    const times: number[] = [];
    const values: number[] = [];
    for (const [day, { mean, max }] of Object.entries(S1_DAYS)) {
      const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
      const start = wallTimeToUtc(y, mo, d, 0, 0, S1_ZONE);
      const inWindow = 84;
      const rest = (inWindow * mean[v]! - max[v]!) / (inWindow - 1);
      let dropped = 0;
      for (let i = 0; i < 288; i++) {
        const t = start + i * 300_000;
        const minute = i * 5;
        const inside = minute >= 8 * 60 + 30 && minute < 15 * 60 + 30;
        if (skip && skip.volume === object && skip.day === day && inside && dropped < skip.count) {
          dropped++;
          continue;
        }
        times.push(t);
        values.push(!inside ? 25 + (i % 7) * 10 : minute === 10 * 60 ? max[v]! : rest);
      }
    }
    return { object, times: Float64Array.from(times), values: Float64Array.from(values) };
  });
}
