/**
 * The series of an SVC run as they grow, one interval at a time: per object one time array and
 * one row of metric values per time (NaN where a metric had no value that interval), in
 * doubling Float64Arrays. A week of 1,000 volumes is 1,000 objects x 2,016 intervals x 13
 * metrics: ~210 MB of values, no object per point.
 */
import type { ParsedSeries } from '../../../importers/types.js';
import { seriesUnit } from './svc-aggregate.js';

interface ObjectRows {
  n: number;
  times: Float64Array;
  /** n rows of `width` values. */
  values: Float64Array;
}

export class SeriesBuilder {
  private readonly objects: Array<ObjectRows | undefined> = [];
  /** Rows held, over all objects (each `width` values and a time). */
  private rows = 0;
  /** Whether rows were handed out by `drain` (the builder may be empty and the run still have series). */
  private drained = false;

  constructor(private readonly width: number) {}

  /** Bytes of the rows held (not counting the arrays' spare room, at most as much again). */
  heldBytes(): number {
    return this.rows * (this.width + 1) * 8;
  }

  /** Appends one interval of object `o`: its time and a row of `width` values (NaN: none). */
  append(o: number, t: number, row: Float64Array): void {
    let rows = this.objects[o];
    if (!rows) this.objects[o] = rows = { n: 0, times: new Float64Array(64), values: new Float64Array(64 * this.width) };
    if (rows.n === rows.times.length) {
      const times = new Float64Array(rows.n * 2);
      times.set(rows.times);
      const values = new Float64Array(rows.n * 2 * this.width);
      values.set(rows.values);
      rows.times = times;
      rows.values = values;
    }
    rows.times[rows.n] = t;
    rows.values.set(row, rows.n * this.width);
    rows.n++;
    this.rows++;
  }

  /**
   * The series, object by object (in object-number order), metric by metric; each object's rows
   * are released as they are turned into series. Metrics with a value at every time of their
   * object SHARE that object's times array (saves half the memory): treat `times` as read-only,
   * and do not transfer (detach) it.
   */
  build(metrics: readonly string[], objectName: (o: number) => string): ParsedSeries[] {
    return [...this.each(metrics, objectName)];
  }

  /** Whether some object has a value of some metric (a run with no series is no run). */
  hasValues(): boolean {
    if (this.drained) return true;
    for (const rows of this.objects) {
      if (!rows) continue;
      for (let i = 0; i < rows.n * this.width; i++) if (!Number.isNaN(rows.values[i]!)) return true;
    }
    return false;
  }

  /**
   * build()'s series one at a time, each object's rows released once its series are made: an
   * import writes them as they come, and never holds the week's series twice. `release` false
   * keeps the rows (a few series read for the run's figures before the series are written).
   */
  *each(metrics: readonly string[], objectName: (o: number) => string, release = true): Generator<ParsedSeries> {
    for (let o = 0; o < this.objects.length; o++) {
      const rows = this.objects[o];
      if (!rows) continue;
      if (release) {
        this.objects[o] = undefined;
        this.rows -= rows.n;
      }
      yield* this.seriesOf(rows, rows.n, metrics, objectName(o));
    }
  }

  /**
   * The rows held so far, as pieces of series (each object's, metric by metric, in time order),
   * each object's emptied as it is handed out, its arrays kept for the rows to come: a long
   * import writes them as chunks and holds one window of intervals, not the whole span. What
   * `each` gives afterwards continues them.
   */
  *drain(metrics: readonly string[], objectName: (o: number) => string): Generator<ParsedSeries> {
    for (let o = 0; o < this.objects.length; o++) {
      const rows = this.objects[o];
      if (!rows || rows.n === 0) continue;
      const n = rows.n;
      rows.n = 0;
      this.rows -= n;
      this.drained = true;
      // Copied out (seriesOf slices): the arrays are written over by the next rows.
      yield* this.seriesOf(rows, n, metrics, objectName(o));
    }
  }

  private *seriesOf(rows: ObjectRows, n: number, metrics: readonly string[], object: string): Generator<ParsedSeries> {
    const w = this.width;
    const { values } = rows;
    let shared: Float64Array | null = null;
    for (let m = 0; m < w; m++) {
      let present = 0;
      for (let k = 0; k < n; k++) if (!Number.isNaN(values[k * w + m]!)) present++;
      if (present === 0) continue;
      const times = present === n ? (shared ??= rows.times.slice(0, n)) : new Float64Array(present);
      const vals = new Float64Array(present);
      for (let k = 0, j = 0; k < n; k++) {
        const v = values[k * w + m]!;
        if (Number.isNaN(v)) continue;
        if (present !== n) times[j] = rows.times[k]!;
        vals[j++] = v;
      }
      yield { object, metric: metrics[m]!, unit: seriesUnit(metrics[m]!), times, values: vals };
    }
  }
}
