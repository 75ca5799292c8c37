/**
 * The bad inputs of the fuzz suite: each mutation turns a real file of some format into what a
 * user's disk, a copy-paste or a broken tool can make of it (cut off, bytes flipped, saved as
 * UTF-16, NULs, noise, one huge line, pathological nesting, absurd numbers). All of them are
 * bounded in size, and all randomness comes from one seeded generator, so a seed and a count
 * name the same inputs on every machine.
 */

/** mulberry32: small, fast, and the same sequence everywhere for a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
const int = (r: Random, n: number): number => Math.floor(r() * n);
const pick = <T>(r: Random, xs: readonly T[]): T => xs[int(r, xs.length)]!;

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: false });

function splice(bytes: Uint8Array, at: number, insert: Uint8Array, remove = 0): Uint8Array {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
}

/** A line boundary near `at` (so an insertion lands where a parser reads lines), else `at`. */
function lineStart(bytes: Uint8Array, at: number): number {
  const lf = bytes.lastIndexOf(10, at);
  return lf >= 0 ? lf + 1 : at;
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe], 0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i] = bigEndian ? c >> 8 : c & 0xff;
    out[3 + 2 * i] = bigEndian ? c & 0xff : c >> 8;
  }
  return out;
}

const HOSTILE_NUMBERS = ['-1', '-0', '-3.5e9', '1e308', '-1e308', '1e400', '9007199254740993', '99999999999999999999999999', '0.0000000000000000001', 'NaN', '-Infinity', '1,234,567,890,123'];

export interface Mutation {
  name: string;
  apply(bytes: Uint8Array, r: Random): Uint8Array;
}

export const MUTATIONS: readonly Mutation[] = [
  { name: 'truncate', apply: (b, r) => b.subarray(0, int(r, b.length)) },
  { name: 'truncate-mid-line', apply: (b, r) => { const at = int(r, b.length); return b.subarray(0, Math.max(0, Math.min(b.length, lineStart(b, at) + 1 + int(r, 8)))); } },
  {
    name: 'byte-flips',
    apply: (b, r) => {
      const out = Uint8Array.from(b);
      const n = 1 + int(r, 16);
      for (let i = 0; i < n && out.length > 0; i++) { const at = int(r, out.length); out[at] = out[at]! ^ (1 + int(r, 255)); }
      return out;
    },
  },
  { name: 'utf16le', apply: (b) => utf16(dec.decode(b.subarray(0, 4 * 1024 * 1024)), false) },
  { name: 'utf16be', apply: (b) => utf16(dec.decode(b.subarray(0, 4 * 1024 * 1024)), true) },
  {
    name: 'nul-bytes',
    apply: (b, r) => {
      let out = b;
      const n = 1 + int(r, 8);
      for (let i = 0; i < n; i++) out = splice(out, int(r, out.length + 1), new Uint8Array(1 + int(r, 4)));
      return out;
    },
  },
  { name: 'random-bytes', apply: (_b, r) => Uint8Array.from({ length: int(r, 64 * 1024) }, () => int(r, 256)) },
  {
    name: 'random-prefix',
    // The file's own text after a head of noise: detection sees garbage, the body is valid.
    apply: (b, r) => splice(b, 0, Uint8Array.from({ length: 1 + int(r, 512) }, () => int(r, 256))),
  },
  {
    name: 'huge-line',
    apply: (b, r) => {
      // Half of them a line of its own, half glued to the front of an existing line.
      const line = enc.encode(pick(r, ['9', 'a', ',', ' ', '"', '<td>', '-', '\t']).repeat(1024 * 1024 + int(r, 1024 * 1024)) + (r() < 0.5 ? '\n' : ''));
      return splice(b, lineStart(b, int(r, b.length + 1)), line);
    },
  },
  {
    name: 'deep-nesting',
    apply: (b, r) => {
      const unit = pick(r, ['[', '{"a":', '<a>', '(', '[{']);
      return splice(b, lineStart(b, int(r, b.length + 1)), enc.encode(unit.repeat(20_000 + int(r, 200_000))));
    },
  },
  {
    name: 'hostile-numbers',
    apply: (b, r) => {
      let k = 0;
      const text = dec.decode(b).replace(/-?\d+(\.\d+)?/g, (m) => (k++ % 3 === 0 || r() < 0.2 ? pick(r, HOSTILE_NUMBERS) : m));
      return enc.encode(text);
    },
  },
  {
    name: 'negative-numbers',
    apply: (b) => enc.encode(dec.decode(b).replace(/(^|[^\w.-])(\d+(\.\d+)?)/g, '$1-$2')),
  },
  {
    name: 'lines-shuffled',
    apply: (b, r) => {
      const lines = dec.decode(b).split('\n');
      for (let i = lines.length - 1; i > 0; i--) {
        if (r() < 0.1) {
          const j = int(r, i + 1);
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        }
      }
      return enc.encode(lines.join(r() < 0.5 ? '\n' : '\r\n'));
    },
  },
  { name: 'lines-dropped', apply: (b, r) => enc.encode(dec.decode(b).split('\n').filter(() => r() > 0.2).join('\n')) },
  { name: 'whitespace-only', apply: (_b, r) => enc.encode(pick(r, ['\n', ' \r\n\t', '\uFEFF', '\uFEFF\n\n'])) },
];

/** Input `k` of a run: the mutations take turns, so every one gets its share of any count. */
export function mutate(bytes: Uint8Array, k: number, r: Random): { mutation: string; bytes: Uint8Array } {
  const m = MUTATIONS[k % MUTATIONS.length]!;
  return { mutation: m.name, bytes: m.apply(bytes, r) };
}
