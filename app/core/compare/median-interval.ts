/**
 * An interval for the median that fits the statistic and the domain: it is made of measured runs
 * (never a negative latency), and it carries the probability that it holds the population median
 * (its coverage), worked out from the binomial distribution, never assumed.
 *
 * From 6 runs: the interval benchstat reports (golang.org/x/perf/benchmath `AssumeNothing`,
 * go-moremath `QuantileCI(n, 0.5, 0.95)`): starting from the middle, order statistics are added
 * one side at a time, the more probable first and the left on a tie, until the coverage reaches
 * 95%. That is the shortest such interval; at even n it can lean left (n = 8: x(1)…x(7), 96.1%).
 * benchstat switches to a normal approximation of the binomial above 30 runs; PerfDelta counts
 * the binomial exactly at every n (known answers at 40 runs: ./known-answers/).
 * With 2 to 5 runs no pair of order statistics reaches 95% (benchstat prints ±∞): the runs' range
 * is given with its true coverage, 1 − 2·0.5^n (50%, 75%, 87.5%, 93.75%). One run: none.
 */
import type { ConfidenceInterval } from '../../contract/records.js';

export const CI_LEVEL = 0.95;

/** P(X = k) for X ~ Binomial(n, ½), exactly symmetric so that ties between the sides are ties. */
function halfBinomialPmf(n: number): number[] {
  const pmf = new Array<number>(n + 1);
  // C(n, k) / 2^n: integers divided by a power of two are exact (dyadic) up to n ≈ 56, so the
  // coverage of 6 runs is 0.96875, not 0.9687500000000004; logarithms where C(n, k) would overflow.
  let c = 1;
  let logC = 0;
  for (let k = 0; k <= n >> 1; k++) {
    if (k > 0) {
      c = (c * (n - k + 1)) / k;
      logC += Math.log(n - k + 1) - Math.log(k);
    }
    const p = n <= 1000 ? c / 2 ** n : Math.exp(logC - n * Math.LN2);
    pmf[k] = p;
    pmf[n - k] = p;
  }
  return pmf;
}

/** The 1-based order statistics bounding the median's interval at `level`, and their coverage. */
export function medianOrders(n: number, level = CI_LEVEL): { low: number; high: number; coverage: number } {
  const pmf = halfBinomialPmf(n);
  const at = (k: number): number => (k < 0 || k > n ? 0 : pmf[k]!);
  // k counts the runs below the population median; [l, r) is the band of k summed so far, and
  // the interval is x(l)..x(r), x(0) = −∞ and x(n+1) = +∞ (benchstat's QuantileCI, q = ½).
  const mode = Math.ceil((n + 1) / 2) - 1;
  let l = mode;
  let r = mode + 1;
  let accum = at(mode);
  let lp = at(l - 1);
  let rp = at(r);
  while (accum < level && (lp > 0 || rp > 0)) {
    if (lp >= rp) {
      accum += lp;
      l--;
      lp = at(l - 1);
    } else {
      accum += rp;
      r++;
      rp = at(r);
    }
  }
  return { low: Math.max(0, l), high: Math.min(n + 1, r), coverage: Math.min(1, accum) };
}

/** Coverage of the runs' range [min, max] for the median: 1 − 2·0.5^n. */
export function rangeCoverage(n: number): number {
  return n < 2 ? 0 : 1 - 2 * 0.5 ** n;
}

/** Runs needed for an order-statistic interval that reaches the level (6 at 95%). */
export function runsForMedianInterval(level = CI_LEVEL): number {
  let n = 2;
  while (rangeCoverage(n) < level) n++;
  return n;
}

/**
 * The interval of the median of `values` with its coverage: the range for 2 to 5 runs, the
 * order-statistic interval benchstat chooses from 6; null for one run.
 */
export function medianInterval(values: readonly number[]): ConfidenceInterval | null {
  const n = values.length;
  if (n < 2) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const o = medianOrders(n);
  if (n < runsForMedianInterval() || o.low < 1 || o.high > n) {
    return { low: sorted[0]!, high: sorted[n - 1]!, level: CI_LEVEL, method: 'min-max', coverage: rangeCoverage(n), low_order: 1, high_order: n };
  }
  return { low: sorted[o.low - 1]!, high: sorted[o.high - 1]!, level: CI_LEVEL, method: 'median-order-statistics', coverage: o.coverage, low_order: o.low, high_order: o.high };
}

/** "96.9%", "93.75%", "> 99.99%": a coverage as printed beside an interval. */
export function formatCoverage(coverage: number): string {
  const pct = coverage * 100;
  if (pct < 100 && pct >= 99.995) return '> 99.99%';
  return `${Number(pct.toFixed(2))}%`;
}
