/**
 * Downsampling that keeps every spike: the window is cut into one column per pixel and each
 * column keeps its lowest and its highest sample, at their own times (the min/max half of M4,
 * Jugel et al. 2014; MinMaxLTTB's preselection at one bucket per pixel). A line through these
 * points covers exactly the pixels a line through every sample would, so no spike a pixel wide
 * or more is lost, as LTTB over a stride can lose one. At most two points a column, plus the
 * window's first and last sample so the line reaches both edges.
 *
 * It takes raw samples and pyramid buckets alike (a bucket gives its minimum and maximum with
 * their times): a window read from a level and its raw edges reduce together.
 */
export class ColumnReducer {
  private readonly minV: Float64Array;
  private readonly minT: Float64Array;
  private readonly maxV: Float64Array;
  private readonly maxT: Float64Array;
  private readonly scale: number;
  private firstT = Infinity;
  private firstV = NaN;
  private lastT = -Infinity;
  private lastV = NaN;

  constructor(private readonly from: number, private readonly to: number, readonly columns: number) {
    this.minV = new Float64Array(columns).fill(Infinity);
    this.minT = new Float64Array(columns);
    this.maxV = new Float64Array(columns).fill(-Infinity);
    this.maxT = new Float64Array(columns);
    this.scale = to > from ? columns / (to - from) : 0;
  }

  private column(t: number): number {
    const c = Math.floor((t - this.from) * this.scale);
    return c < 0 ? 0 : c >= this.columns ? this.columns - 1 : c;
  }

  /** One sample; non-finite values are gaps and take no column. */
  point(t: number, v: number): void {
    if (!Number.isFinite(v)) return;
    if (t < this.firstT) { this.firstT = t; this.firstV = v; }
    if (t >= this.lastT) { this.lastT = t; this.lastV = v; }
    const c = this.column(t);
    if (v < this.minV[c]!) { this.minV[c] = v; this.minT[c] = t; }
    if (v > this.maxV[c]!) { this.maxV[c] = v; this.maxT[c] = t; }
  }

  points(times: ArrayLike<number>, values: ArrayLike<number>, start = 0, end = times.length): void {
    for (let i = start; i < end; i++) this.point(times[i]!, values[i]!);
  }

  /** The result: per column its minimum and maximum in time order, and the window's ends. */
  result(): { times: Float64Array; values: Float64Array } {
    const t: number[] = [];
    const v: number[] = [];
    const push = (tm: number, vm: number): void => {
      // Two candidates can be the same sample (a column of one sample, or the window's ends).
      if (t.length > 0 && t[t.length - 1] === tm && v[v.length - 1] === vm) return;
      t.push(tm);
      v.push(vm);
    };
    if (Number.isFinite(this.firstT)) push(this.firstT, this.firstV);
    for (let c = 0; c < this.columns; c++) {
      if (this.minV[c] === Infinity) continue;
      const a = this.minT[c]!;
      const b = this.maxT[c]!;
      if (a <= b) { push(a, this.minV[c]!); push(b, this.maxV[c]!); }
      else { push(b, this.maxV[c]!); push(a, this.minV[c]!); }
    }
    if (Number.isFinite(this.lastT)) push(this.lastT, this.lastV);
    // The window's first sample may share its column's minimum time: keep time order.
    const order = t.map((_, i) => i);
    let sorted = true;
    for (let i = 1; i < t.length; i++) if (t[i]! < t[i - 1]!) { sorted = false; break; }
    if (!sorted) order.sort((a, b) => t[a]! - t[b]!);
    return { times: Float64Array.from(order, (i) => t[i]!), values: Float64Array.from(order, (i) => v[i]!) };
  }
}

/** Min/max per column of a whole series (already in memory): at most 2 × columns + 2 points. */
export function minMaxDownsample(times: ArrayLike<number>, values: ArrayLike<number>, columns: number): { times: Float64Array; values: Float64Array } {
  const n = times.length;
  if (n === 0) return { times: new Float64Array(0), values: new Float64Array(0) };
  const r = new ColumnReducer(times[0]!, times[n - 1]!, Math.max(1, columns));
  r.points(times, values);
  return r.result();
}
