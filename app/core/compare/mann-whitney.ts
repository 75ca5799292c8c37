/**
 * The two-sided Mann-Whitney U test, exact where it matters. With ties the exact conditional
 * distribution of U given the tie pattern is counted (midranks, doubled to integers); the normal
 * approximation, with tie and continuity corrections, only beyond EXACT_LIMIT runs on a side.
 *
 * The two-sided p is twice the smaller tail, P(U ≤ u) or P(U ≥ u), capped at 1: SciPy's
 * `permutation_test` definition. benchstat (go-moremath `MannWhitneyUTest`) agrees wherever the
 * null distribution is symmetric (always without ties); with ties it doubles P(U₁ ≤ min(U₁, U₂)),
 * which can differ when the tie pattern makes the distribution lopsided, and it stops being exact
 * with ties beyond 25 runs a side. Known answers: ./known-answers/.
 */

/** Up to this many runs on both sides the p-value is exact, ties or not. */
export const EXACT_LIMIT = 50;

export interface MannWhitney {
  /** The smaller of the two U statistics; a tie counts ½. */
  u: number;
  /** U of the first sample: pairs (a, b) with a > b, plus ½ per tied pair. */
  uFirst: number;
  pValue: number;
  /** The smallest two-sided p these two sample sizes and this tie pattern allow. */
  pMin: number;
  method: 'exact' | 'normal';
}

interface TieGroup {
  /** Values in the group, and how many of them are the first sample's. */
  size: number;
  first: number;
  /** Twice the group's midrank: an integer. */
  rank2: number;
}

function tieGroups(a: readonly number[], b: readonly number[]): TieGroup[] {
  const all = [...a.map((v) => [v, 1] as const), ...b.map((v) => [v, 0] as const)].sort((x, y) => x[0] - y[0]);
  const groups: TieGroup[] = [];
  for (let i = 0; i < all.length;) {
    let j = i;
    let first = 0;
    while (j < all.length && all[j]![0] === all[i]![0]) first += all[j++]![1];
    // Positions i..j-1 (0-based) share the midrank (i + j + 1) / 2.
    groups.push({ size: j - i, first, rank2: i + j + 1 });
    i = j;
  }
  return groups;
}

/** Binomial coefficients as doubles (C(100, 50) ≈ 1e29 is exact to 16 digits, plenty for a p-value). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const kk = Math.min(k, n - k);
  let c = 1;
  // Each step is C(n − kk + i, i), an integer: exact while below 2^53, 16 digits beyond.
  for (let i = 1; i <= kk; i++) c = (c * (n - kk + i)) / i;
  return c;
}

/**
 * counts[s] = number of ways to pick `k` of the values (each group a multiset of equal doubled
 * ranks) whose doubled ranks sum to s, for s ≤ limit. Sums only grow, so anything above the
 * limit is dropped as it appears: the tail below an observed sum costs a fraction of the whole.
 */
function sumCounts(groups: readonly TieGroup[], k: number, limit: number): Float64Array {
  const dp = Array.from({ length: k + 1 }, () => new Float64Array(limit + 1));
  const lo = new Array<number>(k + 1).fill(Infinity);
  const hi = new Array<number>(k + 1).fill(-Infinity);
  dp[0]![0] = 1;
  lo[0] = 0;
  hi[0] = 0;
  let seen = 0;
  for (const g of groups) {
    seen += g.size;
    for (let j = Math.min(k, seen); j >= 1; j--) {
      const row = dp[j]!;
      for (let c = 1; c <= Math.min(g.size, j); c++) {
        const from = dp[j - c]!;
        if (lo[j - c] === Infinity) continue;
        const ways = choose(g.size, c);
        const shift = c * g.rank2;
        const start = lo[j - c]!;
        const end = Math.min(hi[j - c]!, limit - shift);
        for (let s = start; s <= end; s++) {
          const f = from[s]!;
          if (f !== 0) row[s + shift] = row[s + shift]! + f * ways;
        }
        if (start <= end) {
          lo[j] = Math.min(lo[j]!, start + shift);
          hi[j] = Math.max(hi[j]!, end + shift);
        }
      }
    }
  }
  return dp[k]!;
}

/**
 * Ways for k values to reach a doubled rank sum ≤ observed, and = observed, counted with the
 * pruning of the network algorithm (Mehta and Patel): before each tie group, a partial sum that
 * stays below the observation even if every value still to be picked is among the largest is
 * settled at once (its completions counted by a binomial coefficient), and one that exceeds it
 * even with the smallest is dropped. Only the band in between is carried: a comparison of 1,000
 * tied pairs of 30 days stays within seconds (`npm run bench`, mann_whitney_*).
 */
function lowerTailCounts(groups: readonly TieGroup[], k: number, observed: number): { le: number; eq: number } {
  const N = groups.reduce((s, g) => s + g.size, 0);
  // prefix[i]: the sum of the i smallest doubled ranks; every group's values in rank order.
  const prefix = [0];
  for (const g of groups) for (let i = 0; i < g.size; i++) prefix.push(prefix[prefix.length - 1]! + g.rank2);
  const dp = Array.from({ length: k + 1 }, () => new Float64Array(observed + 1));
  const lo = new Array<number>(k + 1).fill(Infinity);
  const hi = new Array<number>(k + 1).fill(-Infinity);
  dp[0]![0] = 1;
  lo[0] = 0;
  hi[0] = 0;
  let settled = 0;
  let seen = 0;
  for (const g of groups) {
    const left = N - seen;
    for (let j = 0; j <= k; j++) {
      if (lo[j] === Infinity) continue;
      const row = dp[j]!;
      const need = k - j;
      // Completions from the `left` values still to come: their sum lies in [least, most].
      const least = need > left ? Infinity : prefix[seen + need]! - prefix[seen]!;
      const most = need > left ? Infinity : prefix[N]! - prefix[N - need]!;
      let a = lo[j]!;
      let b = hi[j]!;
      if (most !== Infinity) {
        const ways = choose(left, need);
        for (; a <= b && a + most < observed; a++) {
          settled += row[a]! * ways;
          row[a] = 0;
        }
      }
      for (; b >= a && b + least > observed; b--) row[b] = 0;
      while (a <= b && row[a] === 0) a++;
      while (b >= a && row[b] === 0) b--;
      lo[j] = a <= b ? a : Infinity;
      hi[j] = a <= b ? b : -Infinity;
    }
    seen += g.size;
    const ways = Array.from({ length: g.size + 1 }, (_, c) => choose(g.size, c));
    for (let j = Math.min(k, seen); j >= 1; j--) {
      const row = dp[j]!;
      for (let c = 1; c <= Math.min(g.size, j); c++) {
        if (lo[j - c] === Infinity) continue;
        const from = dp[j - c]!;
        const w = ways[c]!;
        const shift = c * g.rank2;
        const start = lo[j - c]!;
        const end = Math.min(hi[j - c]!, observed - shift);
        for (let s = start; s <= end; s++) {
          const f = from[s]!;
          if (f !== 0) row[s + shift] = row[s + shift]! + f * w;
        }
        if (start <= end) {
          lo[j] = Math.min(lo[j]!, start + shift);
          hi[j] = Math.max(hi[j]!, end + shift);
        }
      }
    }
  }
  const last = dp[k]!;
  let le = settled;
  for (let s = 0; s <= observed; s++) le += last[s]!;
  return { le, eq: last[observed]! };
}

/** Without ties the distribution depends on the sizes alone: count it once per (N, k). */
const untiedCache = new Map<string, { counts: Float64Array; total: number }>();

function untiedCounts(N: number, k: number): { counts: Float64Array; total: number } {
  const key = `${N},${k}`;
  let hit = untiedCache.get(key);
  if (!hit) {
    const groups = Array.from({ length: N }, (_, i): TieGroup => ({ size: 1, first: 0, rank2: 2 * (i + 1) }));
    const counts = sumCounts(groups, k, k * (2 * N - k + 1));
    hit = { counts, total: choose(N, k) };
    if (untiedCache.size > 200) untiedCache.clear();
    untiedCache.set(key, hit);
  }
  return hit;
}

/** P(S ≤ s) and P(S ≥ s) for the doubled rank sum S of k values drawn without replacement. */
function exactTails(groups: readonly TieGroup[], k: number, observed: number, tied: boolean): { less: number; greater: number } {
  const N = groups.reduce((s, g) => s + g.size, 0);
  const sumTail = (counts: Float64Array, from: number, to: number): number => {
    let t = 0;
    for (let s = Math.max(0, from); s <= Math.min(to, counts.length - 1); s++) t += counts[s]!;
    return t;
  };
  if (!tied) {
    const { counts, total } = untiedCounts(N, k);
    // Both tails summed from their own end: a tiny tail is a sum of tiny counts, never 1 − (1 − ε).
    return { less: sumTail(counts, 0, observed) / total, greater: sumTail(counts, observed, counts.length - 1) / total };
  }
  const total = choose(N, k);
  const mean = k * (N + 1);
  if (observed <= mean) {
    const { le, eq } = lowerTailCounts(groups, k, observed);
    return { less: le / total, greater: 1 - le / total + eq / total };
  }
  // The upper tail is the lower tail of the mirrored ranks 2(N+1) − r.
  const mirrored = [...groups].reverse().map((g) => ({ ...g, rank2: 2 * (N + 1) - g.rank2 }));
  const { le, eq } = lowerTailCounts(mirrored, k, 2 * k * (N + 1) - observed);
  return { less: 1 - le / total + eq / total, greater: le / total };
}

/**
 * Ways to reach the smallest (or, mirrored, the largest) rank sum: the k lowest values, and of the
 * tie group the cut falls in, any `take` of its `size`.
 */
function extremeWays(groups: readonly TieGroup[], k: number): { ways: number; sum2: number } {
  let left = k;
  let ways = 1;
  let sum2 = 0;
  for (const g of groups) {
    if (left === 0) break;
    const take = Math.min(left, g.size);
    ways *= choose(g.size, take);
    sum2 += take * g.rank2;
    left -= take;
  }
  return { ways, sum2 };
}

function erfc(x: number): number {
  // erfc to ~1e-15 relative: the Taylor series of erf near 0, Lentz's continued fraction beyond,
  // so a p-value of 1e-12 from the normal approximation keeps its digits.
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  const tiny = 1e-300;
  let f = x;
  let C = x;
  let D = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    D = x + a * D;
    D = Math.abs(D) < tiny ? tiny : D;
    C = x + a / C;
    C = Math.abs(C) < tiny ? tiny : C;
    D = 1 / D;
    const delta = C * D;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** P(Z > z) for a standard normal Z. */
export function normalSf(z: number): number {
  return erfc(z / Math.SQRT2) / 2;
}

/** Two-sided p from the normal approximation (tie and continuity corrected), as SciPy's 'asymptotic'. */
function normalP(uFirst: number, m: number, n: number, groups: readonly TieGroup[]): number {
  const N = m + n;
  const tieTerm = groups.reduce((s, g) => s + g.size ** 3 - g.size, 0);
  const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieTerm / (N * (N - 1))));
  if (!(sigma > 0)) return 1;
  const z = (Math.abs(uFirst - (m * n) / 2) - 0.5) / sigma;
  return Math.min(1, 2 * normalSf(Math.max(0, z)));
}

/** Two-sided Mann-Whitney U test of a against b; null when a side is empty. */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): MannWhitney | null {
  const m = a.length;
  const n = b.length;
  if (m < 1 || n < 1) return null;
  const groups = tieGroups(a, b);
  const N = m + n;
  const sumFirst2 = groups.reduce((s, g) => s + g.first * g.rank2, 0);
  const uFirst = (sumFirst2 - m * (m + 1)) / 2;
  const u = Math.min(uFirst, m * n - uFirst);
  // Every value equal: no ordering to test (benchstat reports p = 1, SciPy 1 too).
  if (groups.length === 1) return { u, uFirst, pValue: 1, pMin: 1, method: m <= EXACT_LIMIT && n <= EXACT_LIMIT ? 'exact' : 'normal' };
  const tied = groups.some((g) => g.size > 1);
  const lowest = extremeWays(groups, m);
  const highest = extremeWays([...groups].reverse(), m);

  if (m <= EXACT_LIMIT && n <= EXACT_LIMIT) {
    // Count the smaller sample's rank sum: the same test, a smaller table.
    const useFirst = m <= n;
    const k = useFirst ? m : n;
    const observed = useFirst ? sumFirst2 : N * (N + 1) - sumFirst2;
    const { less, greater } = exactTails(groups, k, observed, tied);
    const total = choose(N, m);
    const pMin = Math.min(1, (2 * Math.min(lowest.ways, highest.ways)) / total);
    return { u, uFirst, pValue: Math.min(1, 2 * Math.min(less, greater)), pMin, method: 'exact' };
  }
  const uOf = (sum2: number): number => (sum2 - m * (m + 1)) / 2;
  const pMin = Math.min(normalP(uOf(lowest.sum2), m, n, groups), normalP(uOf(highest.sum2), m, n, groups));
  return { u, uFirst, pValue: normalP(uFirst, m, n, groups), pMin, method: 'normal' };
}

/** The smallest two-sided exact p that m against n runs can give without ties: 2 / C(m+n, m). */
export function smallestP(m: number, n: number): number {
  if (m < 1 || n < 1) return 1;
  return Math.min(1, 2 / choose(m + n, m));
}

/** The fewest runs per side whose best case reaches p < alpha (4 for 0.05). */
export function runsPerSideNeeded(alpha: number): number {
  let s = 1;
  while (smallestP(s, s) >= alpha) s++;
  return s;
}

/** With `large` runs kept on one side, the fewest on the other that can reach p < alpha; null if more than `large`. */
export function smallerSideNeeded(large: number, alpha: number): number | null {
  for (let k = 1; k <= large; k++) if (smallestP(k, large) < alpha) return k;
  return null;
}
