/**
 * How much a series jitters: its mean, sample standard deviation and coefficient of variation
 * (sd / mean × 100). S3 quotes the write jitter of a cloud disk this way ("~10% on writes,
 * three replicas"): the CV of the IOPS series over the run, every interval counted once.
 */
export interface Variation {
  n: number;
  mean: number;
  /** Sample standard deviation (n - 1). */
  sd: number;
  /** null when the mean is 0 or there are fewer than two samples: no ratio to state. */
  cv_pct: number | null;
}

/** Welford's running mean and variance: one pass, stable on long series. Non-finite samples are skipped. */
export function variation(values: ArrayLike<number>): Variation {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    n++;
    const d = v - mean;
    mean += d / n;
    m2 += d * (v - mean);
  }
  const sd = n > 1 ? Math.sqrt(m2 / (n - 1)) : 0;
  return { n, mean: n ? mean : 0, sd, cv_pct: n > 1 && mean !== 0 ? (sd / Math.abs(mean)) * 100 : null };
}

/** Sample standard deviation ÷ mean × 100; null with fewer than two values or a mean of zero. */
export function coefficientOfVariationPct(values: ArrayLike<number>): number | null {
  return variation(values).cv_pct;
}
