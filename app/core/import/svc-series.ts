/**
 * The series of an SVC run as they grow, one interval at a time: per object one time array and
 * one row of metric values per time (NaN where a metric had no value that interval), in
 * doubling Float64Arrays. A week of 1,000 volumes is 1,000 objects x 2,016 intervals x 13
 * metrics: ~210 MB of values, no object per point. With a spill file, the rows held so far are
 * written out to it whenever the caller says (a window of intervals at a time), and each object's
 * rows are read back, one object at a time, when its series are made: the week is never held,
 * and the series are stored as they would be had it been (one chunk each, their pyramids built
 * as they are written).
 */
import fs from 'node:fs';
import type { ParsedSeries } from '../../../importers/types.js';
import { seriesUnit } from './svc-aggregate.js';

/** A temporary file the rows of a long import are written out to; removed when closed. */
export class SpillFile {
  /** Where the next write goes: the bytes written so far. */
  at = 0;
  private readonly fd: number;

  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'wx+');
  }

  write(a: Float64Array): void {
    const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let done = 0; done < b.byteLength;) done += fs.writeSync(this.fd, b, done, b.byteLength - done, this.at + done);
    this.at += b.byteLength;
  }

  read(into: Float64Array, at: number): void {
    const b = new Uint8Array(into.buffer, into.byteOffset, into.byteLength);
    for (let done = 0; done < b.byteLength;) {
      const got = fs.readSync(this.fd, b, done, b.byteLength - done, at + done);
      if (got === 0) throw new Error(`${this.path}: shorter than what was written to it`);
      done += got;
    }
  }

  close(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.path, { force: true });
  }
}

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
  /** Per object, where its rows written out lie in the spill file, in time order. */
  private readonly spilled: Array<Array<{ at: number; n: number }> | undefined> = [];
  private file: SpillFile | null = null;

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
    if (this.spilled.length > 0) return true;
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
    for (let o = 0; o < Math.max(this.objects.length, this.spilled.length); o++) {
      const held = this.objects[o];
      const out = this.spilled[o];
      if (!held && !out) continue;
      if (release) {
        this.objects[o] = undefined;
        this.spilled[o] = undefined;
        if (held) this.rows -= held.n;
      }
      const rows = out ? this.readBack(out, held) : held!;
      yield* this.seriesOf(rows, rows.n, metrics, objectName(o));
    }
  }

  /**
   * Writes the rows held so far to `file` (appended at `file.at`), each object's in one piece, and
   * empties them (their arrays are kept for the rows to come); `each` reads them back. A values
   * row with no value (NaN) is written as it is: the file holds exactly the arrays.
   */
  spill(file: SpillFile): void {
    this.file = file;
    const w = this.width;
    for (let o = 0; o < this.objects.length; o++) {
      const rows = this.objects[o];
      if (!rows || rows.n === 0) continue;
      const n = rows.n;
      const at = file.at;
      file.write(rows.times.subarray(0, n));
      file.write(rows.values.subarray(0, n * w));
      (this.spilled[o] ??= []).push({ at, n });
      rows.n = 0;
      this.rows -= n;
    }
  }

  /** An object's rows: those written out, in order, then those held. */
  private readBack(pieces: ReadonlyArray<{ at: number; n: number }>, held: ObjectRows | undefined): ObjectRows {
    const w = this.width;
    const total = pieces.reduce((k, p) => k + p.n, 0) + (held?.n ?? 0);
    const times = new Float64Array(total);
    const values = new Float64Array(total * w);
    let k = 0;
    for (const p of pieces) {
      this.file!.read(times.subarray(k, k + p.n), p.at);
      this.file!.read(values.subarray(k * w, (k + p.n) * w), p.at + p.n * 8);
      k += p.n;
    }
    if (held) {
      times.set(held.times.subarray(0, held.n), k);
      values.set(held.values.subarray(0, held.n * w), k * w);
    }
    return { n: total, times, values };
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
