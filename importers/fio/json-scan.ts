/**
 * fio JSON read straight from the bytes. The reader checks the whole document against the JSON
 * grammar, as JSON.parse does, but builds only the members the fio importer reads (the shapes
 * LATENCY, DIRECTION, JOB and DOCUMENT below). json+ latency bins become number arrays instead
 * of objects with thousands of keys.
 * Why: a fio document is mostly figures PerfDelta never reads (bandwidth statistics, I/O depth
 * and latency histograms). A bare JSON.parse of a 50 MB sweep builds millions of values; the
 * import builds a fraction of them and skips the rest at the speed of a byte scan.
 *
 * Anything unexpected, such as another encoding, invalid JSON, an escape in a key or bins out of
 * order, makes it give up (null). The importer then takes the exact path (decode, JSON.parse),
 * which also gives the diagnostics. For valid input both paths give the same runs; a test checks
 * this on every corpus file.
 */
import { sniffBom } from '../text.js';
import type { JsonDocument } from './json-documents.js';

type Json = Record<string, unknown>;

/** json+ "bins" of one latency block, in file order: key (latency) and count. */
export class BinCounts {
  constructor(readonly keys: number[], readonly counts: number[]) {}
}

/** How a member is read: built whole, read with a shape of its own, or (bins) read as counts. */
type Member = 'value' | 'bins' | Shape | { each: Shape };

/** An object's members worth building; every other member is checked and skipped. */
interface Shape {
  /** Indexed by keyHash & SLOTS - 1 (a small integer: no number boxing on the way). */
  members: Array<Array<{ name: string; bytes: Uint8Array; read: Member }> | undefined>;
}

const SLOTS = 256;
const INTERN_SLOTS = 4096;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

function keyHash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + bytes[i]!) | 0;
  return h;
}

function shape(members: Record<string, Member>): Shape {
  const slots: Shape['members'] = new Array(SLOTS).fill(undefined);
  for (const [name, read] of Object.entries(members)) {
    const bytes = ascii(name);
    const slot = keyHash(bytes, 0, bytes.length) & (SLOTS - 1);
    (slots[slot] ??= []).push({ name, bytes, read });
  }
  return { members: slots };
}

function membersOf(names: string[], read: Member): Record<string, Member> {
  return Object.fromEntries(names.map((n) => [n, read]));
}

// What fio-json.ts reads, level by level. A member missing here reads as absent there, which the
// same-runs test on the corpus would show.
const LATENCY = shape({ ...membersOf(['min', 'max', 'mean', 'N'], 'value'), percentile: 'value', bins: 'bins' });
const DIRECTION = shape({
  ...membersOf(['iops', 'bw', 'bw_bytes', 'io_bytes', 'io_kbytes', 'total_ios', 'short_ios', 'drop_ios', 'runtime'], 'value'),
  ...membersOf(['clat_ns', 'lat_ns', 'slat_ns', 'clat', 'lat', 'slat'], LATENCY),
});
const JOB = shape({
  ...membersOf(['jobname', 'groupid', 'error', 'total_err', 'first_error', 'hostname', 'usr_cpu', 'sys_cpu', 'job_runtime', 'job_start', 'elapsed', 'job options'], 'value'),
  ...membersOf(['read', 'write', 'trim', 'mixed'], DIRECTION),
});
const DOCUMENT = shape({
  ...membersOf(['fio version', 'timestamp', 'timestamp_ms', 'global options', 'disk_util'], 'value'),
  jobs: { each: JOB },
  client_stats: { each: JOB },
});

/** Thrown inside the reader; caught by readFioDocuments, which then gives up. */
class GiveUp extends Error {}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const utf8 = new TextDecoder('utf-8');
const FIO_VERSION = ascii('"fio version"');

class Reader {
  i = 0;
  /** Short ASCII strings seen before (keys, option values): built once. */
  private readonly interned: Array<Array<{ bytes: Uint8Array; text: string }> | undefined> = new Array(INTERN_SLOTS).fill(undefined);
  /** The same bytes as a Buffer, for its native latin1 decoding of long numbers. */
  private readonly buffer: Buffer;

  constructor(private readonly b: Uint8Array) {
    this.buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  /** Skips JSON white space; returns the next byte (undefined at the end). */
  ws(): number | undefined {
    const b = this.b;
    let c = b[this.i];
    while (c === 32 || c === 10 || c === 13 || c === 9) c = b[++this.i];
    return c;
  }

  expect(c: number): void {
    if (this.ws() !== c) throw new GiveUp();
    this.i++;
  }

  /** Where the last string read by stringEnd() ends, and what it holds (no object per string). */
  private end = 0;
  private escaped = false;
  private ascii = true;

  /** At an opening quote: moves past the string; sets end, escaped and ascii. */
  private stringEnd(): void {
    const b = this.b;
    let i = this.i + 1;
    let escaped = false;
    let isAscii = true;
    for (;;) {
      const c = b[i];
      if (c === undefined || c < 32) throw new GiveUp();
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        i++;
      } else if (c > 127) isAscii = false;
      i++;
    }
    this.i = i + 1;
    this.end = i;
    this.escaped = escaped;
    this.ascii = isAscii;
  }

  string(): string {
    const start = this.i + 1;
    this.stringEnd();
    const { end, escaped, ascii: isAscii } = this;
    const b = this.b;
    // Escapes are rare in fio output; JSON.parse gives them their exact meaning (and checks them).
    if (escaped) {
      try {
        return JSON.parse(utf8.decode(b.subarray(start - 1, end + 1))) as string;
      } catch {
        throw new GiveUp();
      }
    }
    if (!isAscii || end - start > 32) return utf8.decode(b.subarray(start, end));
    const slot = keyHash(b, start, end) & (INTERN_SLOTS - 1);
    const seen = this.interned[slot];
    if (seen) {
      for (let k = 0; k < seen.length; k++) if (sameBytes(seen[k]!.bytes, b, start, end)) return seen[k]!.text;
    }
    const text = this.buffer.toString('latin1', start, end);
    // A bounded cache: a sweep's option values and percentile keys repeat; job names do not.
    if (!seen) this.interned[slot] = [{ bytes: b.slice(start, end), text }];
    else if (seen.length < 8) seen.push({ bytes: b.slice(start, end), text });
    return text;
  }

  /** A JSON number with JSON.parse's value: exact when the digits fit a double, else Number(). */
  number(): number {
    const b = this.b;
    const start = this.i;
    let i = start;
    let c = b[i];
    const negative = c === 45;
    if (negative) c = b[++i];
    let m = 0;
    let digits = 0;
    if (c === 48) {
      c = b[++i];
      digits = 1;
    } else if (c !== undefined && c >= 49 && c <= 57) {
      while (c !== undefined && c >= 48 && c <= 57) {
        m = m * 10 + (c - 48);
        digits++;
        c = b[++i];
      }
    } else throw new GiveUp();
    let fraction = 0;
    if (c === 46) {
      c = b[++i];
      if (c === undefined || c < 48 || c > 57) throw new GiveUp();
      while (c !== undefined && c >= 48 && c <= 57) {
        m = m * 10 + (c - 48);
        fraction++;
        c = b[++i];
      }
    }
    let exponent = false;
    if (c === 101 || c === 69) {
      exponent = true;
      c = b[++i];
      if (c === 43 || c === 45) c = b[++i];
      if (c === undefined || c < 48 || c > 57) throw new GiveUp();
      while (c !== undefined && c >= 48 && c <= 57) c = b[++i];
    }
    this.i = i;
    // Up to 15 digits the integer m is exact, and m / 10^k (k <= 22) is then correctly rounded,
    // as JSON.parse's value is. Anything longer goes through Number().
    if (exponent || digits + fraction > 15) return Number(this.buffer.toString('latin1', start, i));
    const v = fraction > 0 ? m / POW10[fraction]! : m;
    return negative ? -v : v;
  }

  literal(word: Uint8Array, value: unknown): unknown {
    const b = this.b;
    for (let k = 0; k < word.length; k++) if (b[this.i + k] !== word[k]) throw new GiveUp();
    this.i += word.length;
    return value;
  }

  /** Any value, built whole. */
  value(): unknown {
    const c = this.ws();
    if (c === 123) {
      this.i++;
      const o: Json = {};
      if (this.ws() === 125) {
        this.i++;
        return o;
      }
      for (;;) {
        if (this.ws() !== 34) throw new GiveUp();
        const key = this.string();
        // JSON.parse makes "__proto__" an own member; an assignment would not.
        if (key === '__proto__') throw new GiveUp();
        this.expect(58);
        o[key] = this.value();
        if (this.closes(125)) return o;
      }
    }
    if (c === 91) return this.array(null);
    if (c === 34) return this.string();
    if (c === 116) return this.literal(TRUE, true);
    if (c === 102) return this.literal(FALSE, false);
    if (c === 110) return this.literal(NULL, null);
    return this.number();
  }

  /** Any value, checked and passed over without building anything. */
  skip(): void {
    const c = this.ws();
    if (c === 123) {
      this.i++;
      if (this.ws() === 125) {
        this.i++;
        return;
      }
      for (;;) {
        if (this.ws() !== 34) throw new GiveUp();
        this.stringEnd();
        this.expect(58);
        this.skip();
        if (this.closes(125)) return;
      }
    }
    if (c === 91) {
      this.i++;
      if (this.ws() === 93) {
        this.i++;
        return;
      }
      for (;;) {
        this.skip();
        if (this.closes(93)) return;
      }
    }
    if (c === 34) this.stringEnd();
    else if (c === 116) this.literal(TRUE, true);
    else if (c === 102) this.literal(FALSE, false);
    else if (c === 110) this.literal(NULL, null);
    else this.number();
  }

  /** An object read with a shape: its listed members built (the last of repeated keys wins, as in JSON.parse). */
  shaped(s: Shape): unknown {
    if (this.ws() !== 123) return this.value();
    this.i++;
    const o: Json = {};
    if (this.ws() === 125) {
      this.i++;
      return o;
    }
    const b = this.b;
    for (;;) {
      if (this.ws() !== 34) throw new GiveUp();
      // The key, hashed as it is scanned: most members are passed over, so this loop is the
      // reader's hot path.
      const start = this.i + 1;
      let i = start;
      let h = 0;
      let c = b[i];
      let plain = true;
      while (c !== 34) {
        if (c === undefined || c < 32 || c === 92 || c > 127) {
          plain = false;
          break;
        }
        h = (Math.imul(h, 31) + c) | 0;
        c = b[++i];
      }
      let end = i;
      if (plain) this.i = i + 1;
      else {
        // Not a name the shape lists. An escape could spell one (JSON.parse would read it as
        // that member): give up then. A non-ASCII key is checked as a string and passed over.
        this.stringEnd();
        if (this.escaped) throw new GiveUp();
        end = start;
      }
      this.expect(58);
      const candidates = plain ? s.members[h & (SLOTS - 1)] : undefined;
      let member: { name: string; read: Member } | undefined;
      if (candidates) {
        for (let k = 0; k < candidates.length; k++) {
          if (sameBytes(candidates[k]!.bytes, b, start, end)) member = candidates[k];
        }
      }
      if (!member) this.skip();
      else if (member.read === 'value') o[member.name] = this.value();
      else if (member.read === 'bins') o[member.name] = this.bins();
      else if ('each' in member.read) o[member.name] = this.ws() === 91 ? this.array(member.read.each) : this.value();
      else o[member.name] = this.shaped(member.read);
      if (this.closes(125)) return o;
    }
  }

  /** At `[`: an array, each element built whole or, given a shape, read with it. */
  private array(each: Shape | null): unknown[] {
    this.i++;
    const a: unknown[] = [];
    if (this.ws() === 93) {
      this.i++;
      return a;
    }
    do a.push(each ? this.shaped(each) : this.value());
    while (!this.closes(93));
    return a;
  }

  /** After a member or element: true at the closing bracket `close`, false at a comma. */
  private closes(close: number): boolean {
    const d = this.ws();
    this.i++;
    if (d === close) return true;
    if (d !== 44) throw new GiveUp();
    return false;
  }

  /** json+ bins: {"<latency>" : count, ...}, keys as numbers, in rising order (else give up). */
  private bins(): unknown {
    if (this.ws() !== 123) return this.value();
    this.i++;
    const keys: number[] = [];
    const counts: number[] = [];
    const b = this.b;
    if (this.ws() === 125) {
      this.i++;
      return new BinCounts(keys, counts);
    }
    for (;;) {
      if (this.ws() !== 34) throw new GiveUp();
      // The key is a plain integer (no sign, no leading zero): what fio writes, and what a
      // JavaScript object enumerates in numeric order.
      let i = this.i + 1;
      let c = b[i];
      if (c === undefined || c < 49 || c > 57) throw new GiveUp();
      let key = 0;
      let digits = 0;
      while (c !== undefined && c >= 48 && c <= 57) {
        key = key * 10 + (c - 48);
        digits++;
        c = b[++i];
      }
      if (c !== 34 || digits > 15 || (keys.length > 0 && key <= keys[keys.length - 1]!)) throw new GiveUp();
      this.i = i + 1;
      this.expect(58);
      this.ws();
      keys.push(key);
      counts.push(this.number());
      if (this.closes(125)) return new BinCounts(keys, counts);
    }
  }
}

const TRUE = ascii('true');
const FALSE = ascii('false');
const NULL = ascii('null');

function sameBytes(a: Uint8Array, b: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[start + k]) return false;
  return true;
}

/** JavaScript's \s in ASCII: what the exact path's document pattern accepts between tokens. */
const isSpace = (c: number | undefined): boolean => c === 32 || (c !== undefined && c >= 9 && c <= 13);


/**
 * Every fio JSON document in the bytes, each begun by `{ "fio version":`, as the exact path
 * finds them; null when the reader gives up.
 */
export function readFioDocuments(bytes: Uint8Array): JsonDocument[] | null {
  if (sniffBom(bytes).encoding !== 'utf-8') return null;
  const reader = new Reader(bytes);
  const documents: JsonDocument[] = [];
  let from = 0;
  let previousEnd = -1;
  try {
    for (;;) {
      const key = indexOf(bytes, FIO_VERSION, from);
      if (key < 0) break;
      // `{`, white space, the key, white space, `:`; otherwise not a document start.
      let open = key - 1;
      while (open >= from && isSpace(bytes[open])) open--;
      let colon = key + FIO_VERSION.length;
      while (isSpace(bytes[colon])) colon++;
      if (open < from || bytes[open] !== 123 || bytes[colon] !== 58) {
        // Non-ASCII before the key could be white space to JavaScript: leave it to the exact path.
        if (open >= from && bytes[open]! > 127) return null;
        from = key + 1;
        continue;
      }
      reader.i = open;
      const value = reader.shaped(DOCUMENT) as Json;
      let adjacent = previousEnd >= 0;
      for (let k = previousEnd; adjacent && k < open; k++) {
        if (bytes[k]! > 127) return null;
        if (!isSpace(bytes[k])) adjacent = false;
      }
      documents.push({ value, start: open, end: reader.i, adjacentToPrevious: adjacent });
      previousEnd = reader.i;
      from = reader.i;
    }
  } catch (err) {
    // GiveUp, or a RangeError from nesting deeper than the stack (JSON.parse has no such limit).
    if (err instanceof GiveUp || err instanceof RangeError) return null;
    throw err;
  }
  return documents.length > 0 ? documents : null;
}

/** First index of `needle` in `bytes` at or after `from`, or -1 (Buffer's native search, no copy). */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);
}
