/**
 * Student's two-sample t-test from summary statistics, as SciPy's `ttest_ind_from_stats` with
 * `equal_var=True` computes it (pooled variance, n1 + n2 - 2 degrees of freedom, two-sided p =
 * 2 · P(T > |t|)). Apache Otava's change points carry this p-value (otava/analysis.py,
 * TTestSignificanceTester), so PerfDelta computes it the same way to state the same p.
 *
 * P(T > |t|) is half the regularised incomplete beta I_x(df/2, 1/2) at x = df / (df + t²),
 * evaluated by its continued fraction (Lentz), which keeps its relative precision in the far
 * tail: a step of 11% over 40 nightly runs has p near 1e-60, and that is what is printed.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of I_x(a, b) (Numerical Recipes' betacf, modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const TINY = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast on this side of the mean; on the other, by symmetry.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T > t) for Student's t with `df` degrees of freedom (t ≥ 0; SciPy's stdtr(df, -t)). */
export function studentSf(t: number, df: number): number {
  if (Number.isNaN(t) || Number.isNaN(df)) return NaN;
  if (t === Infinity) return 0;
  if (t <= 0) return 1 - studentSf(-t, df);
  return 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

export interface TTest {
  t: number;
  df: number;
  /** Two-sided; NaN when both sides are constant and equal (0/0), as SciPy. */
  p: number;
}

/**
 * The two-sided pooled-variance t-test of two samples given as mean, standard deviation (as
 * Otava passes it: numpy's population sd, ddof = 0) and size.
 */
export function tTestFromStats(mean1: number, sd1: number, n1: number, mean2: number, sd2: number, n2: number): TTest {
  // SciPy: one observation has no variance of its own (its (n - 1) term is zero).
  const v1 = n1 === 1 ? 0 : sd1 ** 2;
  const v2 = n2 === 1 ? 0 : sd2 ** 2;
  const df = n1 + n2 - 2.0;
  const svar = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
  const denom = Math.sqrt(svar * (1.0 / n1 + 1.0 / n2));
  const t = (mean1 - mean2) / denom;
  return { t, df, p: 2 * studentSf(Math.abs(t), df) };
}
