/**
 * fio's per-interval logs read as a stream: bytes go in chunk by chunk (a 2 GB log is never
 * whole in memory) and come out as points split by direction, converted to the series unit.
 *
 * Rows are `time, value[, value2], ddir, bs[, offset][, prio][, issue_time]` (FORMATS.md 1.3).
 * One pass over the bytes, numbers built from digits in place, no string per line: split()
 * and parseFloat manage ~45 MB/s on these files, this loop several hundred.
 */

export interface LogLayout {
  columns: number;
  /** Column of the direction (0 read, 1 write, 2 trim): 2, or 3 when log_window_value=both adds a value. */
  dirCol: number;
  /** Multiplies the value column into the series unit (KiB/s to MiB/s, ns to ms). */
  factor: number;
}

/** Points of one direction, in file order. */
export interface LogPoints {
  dir: number;
  times: Float64Array;
  values: Float64Array;
  /** With log_window_value=both: each window's maximum beside its mean (`values`). */
  maxima?: Float64Array;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

export class FioLogStream {
  /** Complete rows read. */
  rows = 0;
  /** 1-based line of the first row that is not a complete log row; reading stops there. */
  badLine: number | null = null;
  /** The first row's time (null before any row): how a log_unix_epoch log is told. */
  firstTime: number | null = null;
  /** True while every row's block size is 0: log_avg_msec windows, not per-I/O rows. */
  windowed = true;
  readonly sums = [0, 0, 0];
  readonly counts = [0, 0, 0];
  private line = 1;
  private tail: Uint8Array | null = null;

  constructor(readonly layout: LogLayout) {}

  /** Reads the complete lines of what has arrived; a cut last line waits for the next chunk. */
  push(chunk: Uint8Array): LogPoints[] {
    if (this.badLine !== null) return [];
    const points: LogPoints[] = [];
    let body = chunk;
    if (this.tail) {
      // The line cut at the end of the last chunk: joined with its rest alone, not the whole chunk.
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        const joined = new Uint8Array(this.tail.length + chunk.length);
        joined.set(this.tail);
        joined.set(chunk, this.tail.length);
        this.tail = joined;
        return [];
      }
      const line = new Uint8Array(this.tail.length + lf + 1);
      line.set(this.tail);
      line.set(chunk.subarray(0, lf + 1), this.tail.length);
      this.tail = null;
      points.push(...this.scan(line, line.length));
      if (this.badLine !== null) return points;
      body = chunk.subarray(lf + 1);
    }
    const lastLf = body.lastIndexOf(LF);
    if (lastLf < 0) {
      // Copied: a Buffer's slice() is a view, and the reader reuses its buffer for the next chunk.
      if (body.length > 0) this.tail = new Uint8Array(body);
      return points;
    }
    if (lastLf + 1 < body.length) this.tail = new Uint8Array(body.subarray(lastLf + 1));
    points.push(...this.scan(body, lastLf + 1));
    return points;
  }

  /** The end of the file: a last line without its newline is read too. */
  end(): LogPoints[] {
    const tail = this.tail;
    this.tail = null;
    if (!tail || this.badLine !== null) return [];
    const bytes = new Uint8Array(tail.length + 1);
    bytes.set(tail);
    bytes[tail.length] = LF;
    // White space alone after the last newline is not a row.
    if (tail.every((c) => c === SPACE || c === CR)) return [];
    return this.scan(bytes, bytes.length);
  }

  /** Scratch reused from chunk to chunk: only the points handed out are allocated. */
  private scratch: { times: Float64Array; values: Float64Array; maxima: Float64Array; dirs: Uint8Array } | null = null;

  private scan(b: Uint8Array, end: number): LogPoints[] {
    // A row is at least a digit and a separator per column: room enough without counting lines.
    const room = Math.ceil(end / (2 * this.layout.columns)) + 1;
    if (!this.scratch || this.scratch.times.length < room) {
      this.scratch = { times: new Float64Array(room), values: new Float64Array(room), maxima: new Float64Array(this.layout.dirCol === 3 ? room : 0), dirs: new Uint8Array(room) };
    }
    const { times, values, maxima, dirs } = this.scratch;
    const r = scanChunkRows(b, end, this.layout, times, values, maxima, dirs);
    this.line += r.lines;
    if (r.stopped) {
      this.badLine = this.line;
      this.tail = null;
    }
    if (r.sawBlockSize) this.windowed = false;
    if (this.rows === 0 && r.rows > 0) this.firstTime = times[0]!;
    this.rows += r.rows;
    // Split by direction (rows of a randrw log interleave read and write): count, then fill.
    const n = [0, 0, 0];
    for (let k = 0; k < r.rows; k++) n[dirs[k]!]!++;
    const points: LogPoints[] = [];
    const factor = this.layout.factor;
    const withMax = this.layout.dirCol === 3;
    for (let d = 0; d < 3; d++) {
      const count = n[d]!;
      if (count === 0) continue;
      const t = new Float64Array(count);
      const v = new Float64Array(count);
      const m = withMax ? new Float64Array(count) : null;
      // The summary is the mean of the possible samples: a negative value (fio never writes one)
      // is kept in the series for the import's check to name and leave out, never averaged in.
      let sum = 0;
      let counted = 0;
      if (count === r.rows) {
        // One direction only (a read or a write job): no picking, one scaled copy.
        t.set(times.subarray(0, count));
        for (let k = 0; k < count; k++) {
          const x = (v[k] = values[k]! * factor);
          if (x >= 0) {
            sum += x;
            counted++;
          }
        }
        if (m) for (let k = 0; k < count; k++) m[k] = maxima[k]! * factor;
      } else {
        let j = 0;
        for (let k = 0; k < r.rows; k++) {
          if (dirs[k] !== d) continue;
          t[j] = times[k]!;
          if (m) m[j] = maxima[k]! * factor;
          const x = (v[j++] = values[k]! * factor);
          if (x >= 0) {
            sum += x;
            counted++;
          }
        }
      }
      this.sums[d]! += sum;
      this.counts[d]! += counted;
      points.push(m ? { dir: d, times: t, values: v, maxima: m } : { dir: d, times: t, values: v });
    }
    return points;
  }
}

/**
 * The hot loop: rows of `columns` numbers up to `end` (just past a newline) into times,
 * values and directions. Stops at the first row that is not a complete log row.
 * Plain locals and one flat output per column: this is what makes a 2 GB log import fast.
 */
function scanChunkRows(b: Uint8Array, end: number, layout: LogLayout, times: Float64Array, values: Float64Array, maxima: Float64Array, dirs: Uint8Array): { rows: number; lines: number; stopped: boolean; sawBlockSize: boolean } {
  const columns = layout.columns;
  const dirCol = layout.dirCol;
  const bsCol = dirCol + 1;
  // log_window_value=both: the window's max in column 2, before the direction.
  const maxCol = dirCol === 3 ? 2 : -1;
  let max = 0;
  let i = 0;
  let rows = 0;
  let lines = 0;
  let sawBlockSize = false;
  let time = 0;
  let value = 0;
  let dir = 0;
  rows: while (i < end) {
    let c = b[i]!;
    if (c === LF) {
      i++;
      lines++;
      continue;
    }
    if (c === CR || c === SPACE) {
      // Blank lines (a stray CR, spaces) are skipped, not rows.
      let j = i;
      while (b[j] === CR || b[j] === SPACE) j++;
      if (b[j] === LF) {
        i = j + 1;
        lines++;
        continue;
      }
    }
    for (let col = 0; col < columns; col++) {
      c = b[i]!;
      while (c === SPACE) c = b[++i]!;
      let neg = false;
      if (c === MINUS) {
        neg = true;
        c = b[++i]!;
      }
      if (!(c >= ZERO && c <= NINE)) break rows;
      let num = 0;
      if (c === ZERO && b[i + 1] === 120 /* x */) {
        // prio is written in hex by some fio versions: read, not kept.
        i += 2;
        for (c = b[i]!; (c >= ZERO && c <= NINE) || (c >= 97 && c <= 102); c = b[++i]!) num = num * 16 + (c <= NINE ? c - ZERO : c - 87);
      } else {
        do {
          num = num * 10 + (c - ZERO);
          c = b[++i]!;
        } while (c >= ZERO && c <= NINE);
        if (c === DOT) {
          // fio writes integers; a decimal point is tolerated all the same.
          let scale = 1;
          for (c = b[++i]!; c >= ZERO && c <= NINE; c = b[++i]!) {
            num = num * 10 + (c - ZERO);
            scale *= 10;
          }
          num /= scale;
        }
      }
      if (neg) num = -num;
      if (col === 0) time = num;
      else if (col === 1) value = num;
      else if (col === maxCol) max = num;
      else if (col === dirCol) dir = num;
      else if (col === bsCol && num !== 0) sawBlockSize = true;
      while (c === SPACE) c = b[++i]!;
      if (col < columns - 1) {
        if (c !== COMMA) break rows;
        i++;
      }
    }
    c = b[i]!;
    while (c === SPACE || c === CR) c = b[++i]!;
    if (c !== LF || !(dir === 0 || dir === 1 || dir === 2)) break;
    i++;
    lines++;
    times[rows] = time;
    values[rows] = value;
    if (maxCol > 0) maxima[rows] = max;
    dirs[rows] = dir;
    rows++;
  }
  return { rows, lines, stopped: i < end, sawBlockSize };
}

/**
 * Where the direction column is, judged from the head of the file: column 3 holds only 0, 1
 * or 2 in an ordinary log; with log_window_value=both (min and max beside the mean) it is
 * column 4. Null when neither is.
 */
export function directionColumn(head: Uint8Array, columns: number): number | null {
  // The head's complete rows as plain numbers (a few thousand: speed does not matter here).
  const rows: number[][] = [];
  const text = new TextDecoder().decode(head.subarray(0, head.lastIndexOf(LF) + 1));
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const cells = line.split(',').map((s) => Number(s.trim()));
    if (cells.length !== columns || cells.some((x) => !Number.isFinite(x))) break;
    rows.push(cells);
    if (rows.length >= 4096) break;
  }
  const isDir = (col: number): boolean => rows.length > 0 && rows.every((r) => r[col] === 0 || r[col] === 1 || r[col] === 2);
  if (columns > 2 && isDir(2)) return 2;
  if (columns > 3 && isDir(3)) return 3;
  return null;
}
