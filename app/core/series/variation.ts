/**
 * How much a series wanders around its level: the coefficient of variation, the sample standard
 * deviation (n − 1) over the mean, as a percentage. S3's cloud disk expects ~10% on writes (three
 * replicas); a throttled local run shows fio's own steadiness. A report states the number, so
 * "jitter" is a figure a reader can check, not an adjective.
 */

/** Sample standard deviation ÷ mean × 100; null with fewer than two values or a mean of zero. */
export function coefficientOfVariationPct(values: ArrayLike<number>): number | null {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) { n++; sum += v; }
  }
  if (n < 2) return null;
  const mean = sum / n;
  if (mean === 0) return null;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) squares += (v - mean) ** 2;
  }
  return (Math.sqrt(squares / (n - 1)) / Math.abs(mean)) * 100;
}
