/**
 * A small XML reader for the iostats dumps (FORMATS.md 4.1): elements and attributes only, which
 * is all those files hold. No XML library is available, and none is needed: the files are flat
 * (records one or two levels under the root), so this builds a tiny tree in one pass with
 * indexOf/charCodeAt and no regular expressions on the hot path. A week of 5-minute Nv files for
 * 1,000 volumes is ~4,000 files and 1 GB, so speed matters; a 130 KB file takes about a ms.
 *
 * It checks what makes a file well-formed enough to trust its numbers: every tag closes, closing
 * tags match, attribute values are quoted and closed, entities are known, one root. A truncated
 * dump (a copy interrupted mid-write) fails on these, with the line where it went wrong.
 * Comments, processing instructions, CDATA and a DOCTYPE without an internal subset are skipped;
 * text content is ignored (these files have none).
 */
import { lineAt } from '../text.js';

export interface XmlElement {
  name: string;
  /**
   * Attribute names and values (entities decoded), in file order. Parallel arrays rather than an
   * object: keying an object by ~150 freshly sliced names per record costs more than the whole
   * scan. A repeated attribute is not rejected here (snapshot-objects.ts keeps both).
   */
  names: string[];
  values: string[];
  children: XmlElement[];
  /** Offset of the '<' that opens the element, for messages (lineAt). */
  offset: number;
}

export type XmlResult = { root: XmlElement; error?: undefined } | { root?: undefined; error: string; line: number };

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; null on an unknown one. */
function decodeEntities(raw: string): string | null {
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0) return null;
    const ref = raw.slice(amp + 1, semi);
    let ch: string | undefined;
    if (ref.startsWith('#x') || ref.startsWith('#X')) {
      const code = /^[0-9a-fA-F]+$/.test(ref.slice(2)) ? parseInt(ref.slice(2), 16) : NaN;
      ch = Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    } else if (ref.startsWith('#')) {
      const code = /^\d+$/.test(ref.slice(1)) ? parseInt(ref.slice(1), 10) : NaN;
      ch = Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    } else {
      ch = PREDEFINED[ref];
    }
    if (ch === undefined) return null;
    out += raw.slice(from, amp) + ch;
    from = semi + 1;
  }
  return out + raw.slice(from);
}

/** The value of an attribute, or undefined. Linear: elements are looked up by a few names only. */
export function attr(el: XmlElement, name: string): string | undefined {
  const k = el.names.indexOf(name);
  return k < 0 ? undefined : el.values[k];
}

/** All attributes as an object, for the root element's handful. */
export function attrMap(el: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  el.names.forEach((n, k) => {
    if (!Object.hasOwn(out, n)) out[n] = el.values[k]!;
  });
  return out;
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * What scanXml reports, in document order. The tokenizer does the checking; a handler only
 * keeps what it needs, so the aggregation (svc-stream.ts) can read 1,000 volumes' counters
 * without building a tree or slicing the ~150 attribute names of every record.
 */
export interface XmlHandler {
  /** A start tag, before its attributes; depth 0 is the root. */
  open(name: string, depth: number, offset: number): void;
  /**
   * One attribute of the tag just opened: its name is text[nameStart, nameEnd), its raw value
   * text[valueStart, valueEnd). `decoded` is the value after white-space normalisation and
   * entity expansion when it held anything to normalise or expand, else null (the raw slice is
   * the value).
   */
  attribute(text: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, decoded: string | null): void;
  /** The element at `depth` ended (right after its attributes for `<x .../>`). */
  close(depth: number): void;
}

export interface XmlScanError {
  error: string;
  line: number;
}

/** Whether the closing tag text[at, gt) names `name` (white space around it allowed). */
function closingNameIs(text: string, at: number, gt: number, name: string): boolean {
  if (text.startsWith(name, at)) {
    let k = at + name.length;
    while (k < gt && isSpace(text.charCodeAt(k))) k++;
    if (k === gt) return true;
  }
  return text.slice(at, gt).trim() === name;
}

/**
 * Scans the whole document. Errors are values: the first problem and its 1-based line.
 * `rootTagOnly` stops after the root's start tag: what a file's head is read for.
 */
export function scanXml(text: string, handler: XmlHandler, rootTagOnly = false): XmlScanError | null {
  const fail = (message: string, offset: number): XmlScanError => ({ error: message, line: lineAt(text, offset) });
  // Open elements: names and where they opened.
  const names: string[] = [];
  const offsets: number[] = [];
  let rootName: string | null = null;
  const n = text.length;
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const c1 = text.charCodeAt(lt + 1);
    if (c1 === 63 /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) return fail('unterminated processing instruction <?...', lt);
      i = end + 2;
      continue;
    }
    if (c1 === 33 /* ! */) {
      let end: number;
      if (text.startsWith('<!--', lt)) end = text.indexOf('-->', lt + 4) + 3;
      else if (text.startsWith('<![CDATA[', lt)) end = text.indexOf(']]>', lt + 9) + 3;
      else end = text.indexOf('>', lt + 2) + 1; // DOCTYPE without internal subset
      if (end <= 2) return fail('unterminated comment or declaration <!...', lt);
      i = end;
      continue;
    }
    if (c1 === 47 /* / */) {
      const gt = text.indexOf('>', lt + 2);
      if (gt < 0) return fail('unterminated closing tag', lt);
      const depth = names.length - 1;
      if (depth < 0) return fail(`closing tag </${text.slice(lt + 2, gt).trim()}> without an open element`, lt);
      const open = names[depth]!;
      // Compared in place: slicing every closing tag's name showed in profiles.
      if (!closingNameIs(text, lt + 2, gt, open)) {
        return fail(`closing tag </${text.slice(lt + 2, gt).trim()}> does not match <${open}> opened on line ${lineAt(text, offsets[depth]!)}`, lt);
      }
      names.pop();
      offsets.pop();
      handler.close(depth);
      i = gt + 1;
      continue;
    }
    // Opening or empty-element tag: the name runs to white space, '/' or '>'.
    let p = lt + 1;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (isSpace(c) || c === 47 || c === 62) break;
      p++;
    }
    const name = text.slice(lt + 1, p);
    if (name === '' || name.includes('<') || name.includes('=')) return fail('malformed tag (no element name)', lt);
    const depth = names.length;
    handler.open(name, depth, lt);
    let selfClosing = false;
    let closed = false;
    while (p < n) {
      let c = text.charCodeAt(p);
      if (isSpace(c)) {
        p++;
        continue;
      }
      if (c === 62 /* > */) {
        p++;
        closed = true;
        break;
      }
      if (c === 47 /* / */) {
        if (text.charCodeAt(p + 1) !== 62) return fail(`malformed tag <${name}>: '/' not followed by '>'`, p);
        p += 2;
        selfClosing = true;
        closed = true;
        break;
      }
      if (c === 60 /* < */) return fail(`tag <${name}> is not closed before the next '<'`, p);
      const nameStart = p;
      while (p < n) {
        c = text.charCodeAt(p);
        if (c === 61 || isSpace(c) || c === 62 || c === 47 || c === 60) break;
        p++;
      }
      const nameEnd = p;
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      if (text.charCodeAt(p) !== 61 /* = */) return fail(`attribute ${text.slice(nameStart, nameEnd)} of <${name}> has no value`, nameStart);
      p++;
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      const q = text.charCodeAt(p);
      if (q !== 34 && q !== 39) return fail(`attribute ${text.slice(nameStart, nameEnd)} of <${name}>: value not quoted`, p);
      const end = text.indexOf(q === 34 ? '"' : "'", p + 1);
      if (end < 0) return fail(`attribute ${text.slice(nameStart, nameEnd)} of <${name}>: value never closed (truncated file?)`, p);
      // One pass over the (short) value for the rare characters that need work.
      let special = 0;
      for (let k = p + 1; k < end; k++) {
        const ch = text.charCodeAt(k);
        if (ch === 60) return fail(`attribute ${text.slice(nameStart, nameEnd)} of <${name}>: '<' inside a value (truncated file?)`, p);
        if (ch === 38 || ch === 10 || ch === 13 || ch === 9) special++;
      }
      let decoded: string | null = null;
      if (special > 0) {
        // XML attribute-value normalisation: literal line breaks and tabs become spaces (CRLF
        // counts as one), before references are expanded, so "&#10;" stays a line break.
        decoded = text.slice(p + 1, end).replace(/\r\n|[\r\n\t]/g, ' ');
        if (decoded.includes('&')) {
          decoded = decodeEntities(decoded);
          if (decoded === null) return fail(`attribute ${text.slice(nameStart, nameEnd)} of <${name}>: unknown or broken entity reference`, p);
        }
      }
      handler.attribute(text, nameStart, nameEnd, p + 1, end, decoded);
      p = end + 1;
    }
    if (!closed) return fail(`tag <${name}> never closed (truncated file?)`, lt);
    if (depth === 0) {
      if (rootName !== null) return fail(`second root element <${name}> after </${rootName}>`, lt);
      if (rootTagOnly) return null;
      rootName = name;
    }
    if (selfClosing) handler.close(depth);
    else {
      names.push(name);
      offsets.push(lt);
    }
    i = p;
  }
  if (names.length > 0) return fail(`<${names[names.length - 1]!}> opened on line ${lineAt(text, offsets[offsets.length - 1]!)} is never closed (truncated file?)`, n);
  if (rootName === null) return fail('no XML element in the file', 0);
  return null;
}

/** Parses the whole document into a tree. Errors are values: the first problem and its 1-based line. */
export function parseXml(text: string): XmlResult {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let current: XmlElement | null = null;
  const error = scanXml(text, {
    open(name, depth, offset) {
      current = { name, names: [], values: [], children: [], offset };
      if (depth === 0) root ??= current;
      else stack[depth - 1]!.children.push(current);
      stack[depth] = current;
    },
    attribute(t, nameStart, nameEnd, valueStart, valueEnd, decoded) {
      current!.names.push(t.slice(nameStart, nameEnd));
      current!.values.push(decoded ?? t.slice(valueStart, valueEnd));
    },
    close() {},
  });
  if (error) return error;
  return { root: root! };
}
