/**
 * Several runs' series on one clock: each shifted so its run starts at t = 0, then resampled to
 * a common grid when their intervals differ (a 1 s log beside a 500 ms one). A grid point t
 * takes the mean of the samples in (t − step, t] (fio and most tools stamp a sample at the end
 * of the interval it covers); a grid point inside a series with no sample of its own is
 * interpolated between its neighbours; outside a series' span it is null (a gap, not a zero).
 */

export interface TimedSeries {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Where the series' t = 0 is (the run's start); its first sample when not given. */
  originMs?: number | null;
}

export interface AlignedSeries {
  stepMs: number;
  /** Grid times, ms since t = 0. */
  grid: number[];
  values: Array<Array<number | null>>;
}

/**
 * The median spacing of a series' samples (robust to one late or missing sample); null with
 * fewer than two rising samples. Counted per distinct step: a series of 5-minute samples has one
 * or two, and sorting its ~2,000 steps for each of 1,000 volumes was a third of a period comparison.
 */
export function medianIntervalMs(times: ArrayLike<number>): number | null {
  const counts = new Map<number, number>();
  let n = 0;
  // Runs of equal steps are counted first: the map sees a handful of updates per series.
  let step = NaN;
  let run = 0;
  for (let i = 1; i < times.length; i++) {
    const d = times[i]! - times[i - 1]!;
    if (!(d > 0)) continue;
    n++;
    if (d === step) run++;
    else {
      if (run > 0) counts.set(step, (counts.get(step) ?? 0) + run);
      step = d;
      run = 1;
    }
  }
  if (run > 0) counts.set(step, (counts.get(step) ?? 0) + run);
  if (n === 0) return null;
  const steps = [...counts.keys()].sort((a, b) => a - b);
  const at = (rank: number): number => {
    let seen = 0;
    for (const d of steps) if ((seen += counts.get(d)!) > rank) return d;
    return steps[steps.length - 1]!;
  };
  // The middle step, or the mean of the two middle ones.
  const lo = at((n - 1) >> 1);
  return n % 2 ? lo : (lo + at(n >> 1)) / 2;
}

/**
 * Aligns and resamples. The step is `stepMs` when given, else the coarsest series' median
 * interval (resampling never invents detail a series does not have); it is widened so the grid
 * has at most `maxPoints` points.
 */
export function alignAndResample(series: readonly TimedSeries[], options: { stepMs?: number; maxPoints?: number } = {}): AlignedSeries {
  const rel = series.map((s) => {
    const origin = s.originMs ?? (s.times.length ? s.times[0]! : 0);
    return { t: Array.from(s.times, (t) => t - origin), v: Array.from(s.values) };
  });
  const end = Math.max(0, ...rel.map((s) => (s.t.length ? s.t[s.t.length - 1]! : 0)));
  let step = options.stepMs ?? Math.max(0, ...series.map((s) => medianIntervalMs(s.times) ?? 0));
  if (!(step > 0)) step = end > 0 ? end : 1;
  const maxPoints = options.maxPoints ?? 5000;
  if (end / step + 1 > maxPoints) step = end / (maxPoints - 1);
  const count = Math.floor(end / step + 1e-9) + 1;
  const grid = Array.from({ length: count }, (_, k) => k * step);
  const values = rel.map(({ t, v }) => {
    const out: Array<number | null> = new Array(count).fill(null);
    if (t.length === 0) return out;
    let i = 0; // first sample with t > grid[k] - step
    for (let k = 0; k < count; k++) {
      const at = grid[k]!;
      while (i < t.length && t[i]! <= at - step) i++;
      let sum = 0;
      let n = 0;
      let j = i;
      while (j < t.length && t[j]! <= at) {
        if (Number.isFinite(v[j]!)) { sum += v[j]!; n++; }
        j++;
      }
      if (n > 0) out[k] = sum / n;
      else if (i > 0 && j < t.length && at > t[0]! && at < t[t.length - 1]!) {
        // Inside the series, between two samples: interpolate.
        const a = j - 1;
        const b = j;
        out[k] = v[a]! + ((v[b]! - v[a]!) * (at - t[a]!)) / (t[b]! - t[a]!);
      }
    }
    return out;
  });
  return { stepMs: step, grid, values };
}
