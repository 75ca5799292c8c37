/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson 2013): keeps the shape of a series
 * (its peaks and troughs) in a fixed number of points, so a week of samples for many objects
 * draws at once and a spike is never averaged away.
 */
export function lttb(times: ArrayLike<number>, values: ArrayLike<number>, threshold: number): { times: number[]; values: number[] } {
  const n = times.length;
  if (threshold >= n || threshold < 3) return { times: Array.from(times), values: Array.from(values) };
  const outT: number[] = [times[0]!];
  const outV: number[] = [values[0]!];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    // The average of the next bucket is the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgT = 0;
    let avgV = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgT += times[j]!;
      avgV += values[j]!;
    }
    const count = Math.max(1, nextEnd - nextStart);
    avgT /= count;
    avgV /= count;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((times[a]! - avgT) * (values[j]! - values[a]!) - (times[a]! - times[j]!) * (avgV - values[a]!));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    outT.push(times[best]!);
    outV.push(values[best]!);
    a = best;
  }
  outT.push(times[n - 1]!);
  outV.push(values[n - 1]!);
  return { times: outT, values: outV };
}

/** The first index with t[i] >= x in ascending times (t.length when none): a window's start. */
export function lowerBound(t: Float64Array, x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
