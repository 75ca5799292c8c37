/**
 * Whether a difference is real. Go's benchstat and Mozilla's PerfCompare report it with the
 * median, a confidence interval and a Mann-Whitney U test; so does PerfDelta, for any tool.
 */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom; 1.96 beyond. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

function binomialCdfHalf(k: number, n: number): number {
  // P(X <= k) for X ~ Bin(n, 1/2)
  let sum = 0;
  let c = 1; // C(n, 0)
  for (let i = 0; i <= k; i++) {
    sum += c;
    c = (c * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

export interface ConfidenceInterval {
  low: number;
  high: number;
  level: 0.95;
  /** How the interval was found: distribution-free for the median when n >= 6, else Student's t for the mean. */
  method: 'median-order-statistics' | 'mean-student-t';
}

/**
 * A 95% confidence interval. With six or more samples: the distribution-free interval for the
 * median from order statistics (what benchstat reports). With two to five, no pair of order
 * statistics reaches 95%, so the Student's t interval for the mean is given, and says so.
 */
export function confidenceInterval95(values: readonly number[]): ConfidenceInterval | null {
  const n = values.length;
  if (n < 2) return null;
  const sorted = [...values].sort((a, b) => a - b);
  if (n >= 6) {
    // Largest k with P(X < k) <= 2.5%: the interval [x_(k), x_(n-k+1)] covers the median at >= 95%.
    let k = 0;
    while (binomialCdfHalf(k, n) <= 0.025) k++;
    // k is now the first index whose lower tail exceeds 2.5%; order statistic x_(k) (1-based).
    const lowIdx = Math.max(0, k - 1);
    return { low: sorted[lowIdx]!, high: sorted[n - 1 - lowIdx]!, level: 0.95, method: 'median-order-statistics' };
  }
  const m = mean(values);
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (n - 1));
  const half = (T975[n - 2] ?? 1.96) * (sd / Math.sqrt(n));
  return { low: m - half, high: m + half, level: 0.95, method: 'mean-student-t' };
}

function ranks(values: readonly number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  let tieTerm = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]![1]] = avg;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    i = j + 1;
  }
  return { ranks: out, tieTerm };
}

/** Number of ways to get each U value for samples of sizes m and n (no ties). */
function exactUDistribution(m: number, n: number): number[] {
  // f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u), built bottom up.
  const memo = new Map<string, number[]>();
  const dist = (a: number, b: number): number[] => {
    if (a === 0 || b === 0) return [1];
    const key = `${a},${b}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const left = dist(a - 1, b);
    const right = dist(a, b - 1);
    const out = new Array<number>(a * b + 1).fill(0);
    left.forEach((c, u) => { out[u + b]! += c; });
    right.forEach((c, u) => { out[u]! += c; });
    memo.set(key, out);
    return out;
  };
  return dist(m, n);
}

function normalCdf(z: number): number {
  // Abramowitz-Stegun 7.1.26 on erf; |error| < 1.5e-7, plenty for a p-value.
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t) * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface MannWhitney {
  u: number;
  pValue: number;
  method: 'exact' | 'normal';
}

/**
 * Two-sided Mann-Whitney U test. Exact for small samples without ties (as benchstat does),
 * otherwise the normal approximation with tie and continuity corrections.
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): MannWhitney | null {
  const m = a.length;
  const n = b.length;
  if (m < 1 || n < 1) return null;
  const { ranks: r, tieTerm } = ranks([...a, ...b]);
  const rankSumA = r.slice(0, m).reduce((s, v) => s + v, 0);
  const uA = rankSumA - (m * (m + 1)) / 2;
  const u = Math.min(uA, m * n - uA);
  if (tieTerm === 0 && m + n <= 30) {
    const dist = exactUDistribution(m, n);
    const total = dist.reduce((s, c) => s + c, 0);
    let tail = 0;
    for (let k = 0; k <= Math.floor(u); k++) tail += dist[k]!;
    return { u, pValue: Math.min(1, (2 * tail) / total), method: 'exact' };
  }
  const N = m + n;
  const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieTerm / (N * (N - 1))));
  if (sigma === 0) return { u, pValue: 1, method: 'normal' };
  const z = (Math.abs(uA - (m * n) / 2) - 0.5) / sigma;
  return { u, pValue: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))), method: 'normal' };
}
