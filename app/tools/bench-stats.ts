/**
 * Statistics bench figures (issue 25): the exact Mann-Whitney test at its limit, 50 runs a side,
 * with and without ties (best of 5, warm), and a comparison's worth of tied pairs: 1,000 objects
 * with 30 days a side, the period comparison's worst case for the exact test.
 */
import { mannWhitneyU } from '../core/compare/mann-whitney.js';

function best(times: number, f: () => void): number {
  let ms = Infinity;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    f();
    ms = Math.min(ms, performance.now() - t);
  }
  return ms;
}

export function statsFigures(): Record<string, number> {
  // Integer-valued figures: about a third of the values tie.
  const tied = (n: number, shift: number, seed: number): number[] => Array.from({ length: n }, (_, i) => Math.round(((i * 7919 + seed) % 97) / 3) + shift);
  const untied = (n: number, shift: number): number[] => Array.from({ length: n }, (_, i) => i * 1.37 + shift + i / 1e6);
  return {
    mann_whitney_exact_50x50_ties_ms: best(5, () => mannWhitneyU(tied(50, 0, 1), tied(50, 2, 5))),
    mann_whitney_exact_50x50_no_ties_ms: best(5, () => mannWhitneyU(untied(50, 0), untied(50, 3))),
    mann_whitney_1000_pairs_30x30_ties_ms: best(1, () => {
      for (let o = 0; o < 1000; o++) mannWhitneyU(tied(30, 0, o), tied(30, 1, o + 3));
    }),
  };
}
