/**
 * The part of an iostats file (FORMATS.md 4.1) that rates are computed from, read without
 * building a tree: the root's header, and per record only the counters rates.ts differences,
 * packed into one Float64Array. A week of 5-minute Nv files for 1,000 volumes is ~4,000 files
 * and 1 GB; parseSnapshot keeps every attribute of every record as an object property, which is
 * what made holding a week impossible. This keeps a file in a few tens of KB.
 *
 * The checks are parseSnapshot's (the same tokenizer, scanXml): a file it rejects is rejected
 * here with the same message, and the ids are snapshotObjects' ids.
 */
import { decodeText } from '../text.js';
import type { Diagnostic } from '../types.js';
import { detectIostats, notDiskStats, snapshotHeader, type SnapshotHeader } from './iostats.js';
import { decimal, IDENTITY, recordId } from './snapshot-objects.js';
import { scanXml, type XmlHandler } from './xml-scan.js';

/** `<vdsk>` counters rates.ts reads; a counter's index here is its column. */
export const VOLUME_COUNTERS = ['ro', 'wo', 'rb', 'wb', 'rl', 'wl', 'rlw', 'wlw', 'ctrs', 'ctrhs', 'ctws', 'ctwhs'] as const;
/** `<mdsk>` counters (MDisks and drives), likewise. */
export const MDISK_COUNTERS = ['ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq', 'ure', 'uwe', 'urq', 'uwq', 'pre', 'pwe'] as const;
/**
 * Nn counters (FORMATS.md 4.1 and the corpus node file): `<cpu>` busy / comp and `<cpu_core>`
 * system / comp (busy milliseconds since the node started), `<node>` node-to-node ro/wo
 * (messages received / sent), rb/wb (bytes), re/we/rq/wq (latencies), `<port>` traffic with
 * hosts (hbt/hbr bytes, het/her commands sent / received), controllers (cbt...), the local
 * node (lnbt...) and remote nodes (rmbt...), and the link-error counts.
 */
export const NODE_COUNTERS = [
  'busy', 'comp', 'system',
  'ro', 'wo', 'rb', 'wb', 're', 'we', 'rq', 'wq',
  'hbt', 'hbr', 'het', 'her', 'cbt', 'cbr', 'cet', 'cer', 'lnbt', 'lnbr', 'lnet', 'lner', 'rmbt', 'rmbr', 'rmet', 'rmer',
  'lf', 'lsy', 'lsi', 'pspe', 'itw', 'icrc',
] as const;
/** The Nn records rates are derived from; every other element of an Nn file is named as not read. */
export const NODE_ELEMENTS = ['cpu', 'cpu_core', 'node', 'port'] as const;

/** Which records of a kind have rates, and which counters they need; null: no rates (Ng). */
export function rateRecords(kind: string): { elements: readonly string[]; counters: readonly string[] } | null {
  if (kind === 'volume') return { elements: ['vdsk'], counters: VOLUME_COUNTERS };
  if (kind === 'mdisk' || kind === 'drive') return { elements: ['mdsk'], counters: MDISK_COUNTERS };
  if (kind === 'node') return { elements: NODE_ELEMENTS, counters: NODE_COUNTERS };
  return null;
}

export interface CounterSnapshot extends SnapshotHeader {
  /** The elements of the records read (vdsk; mdsk; cpu, cpu_core, node, port); null for kinds without rates, whose files give none. */
  elements: readonly string[] | null;
  /** Per record, its element: an index into `elements`. */
  rowElements: Uint8Array;
  /** Counter names: the columns of `values`. */
  counters: readonly string[];
  /** Each record's id, exactly as snapshotObjects names it, in file order. */
  ids: string[];
  /** ids.length rows of counters.length values; NaN where a record lacks a counter. */
  values: Float64Array;
}

export interface CounterScan {
  snapshot: CounterSnapshot | null;
  warnings: string[];
  errors: Diagnostic[];
  /**
   * What the file holds that no rate is derived from: the root's other elements (Nn `<dimm>`,
   * `<uca>`...), the record elements' children (`<ca>`, `<cpy>`), and for node files the records'
   * other attributes. Named in the import's warnings, never dropped in silence.
   */
  unread: UnreadParts;
}

export interface UnreadParts {
  elements: string[];
  children: string[];
  attributes: string[];
}

const IDENTITY_ID = -1;
const IDENTITY_NAME = -2;
const IDENTITY_IDX = -3;
const IDENTITY_CLUSTER = -4;
const UNKNOWN = -100;

/** Attribute names to columns without slicing them out of the text: by length, then compared in place. */
class NameTable {
  private readonly byLength: Array<Array<{ name: string; code: number }>> = [];

  constructor(entries: ReadonlyArray<{ name: string; code: number }>) {
    for (const e of entries) (this.byLength[e.name.length] ??= []).push(e);
  }

  find(text: string, start: number, end: number): number {
    const list = this.byLength[end - start];
    if (!list) return UNKNOWN;
    const c0 = text.charCodeAt(start);
    for (const e of list) if (e.name.charCodeAt(0) === c0 && text.startsWith(e.name, start)) return e.code;
    return UNKNOWN;
  }
}

const tables = new Map<readonly string[], NameTable>();
function tableOf(counters: readonly string[]): NameTable {
  let t = tables.get(counters);
  if (!t) {
    t = new NameTable([
      ...counters.map((name, code) => ({ name, code })),
      { name: 'id', code: IDENTITY_ID }, { name: 'name', code: IDENTITY_NAME }, { name: 'idx', code: IDENTITY_IDX }, { name: 'cluster', code: IDENTITY_CLUSTER },
    ]);
    tables.set(counters, t);
  }
  return t;
}

/** A counter's value as snapshot-objects.ts `decimal` reads it; whole numbers of up to 15 digits without a slice. */
function counterValue(text: string, start: number, end: number): number | null {
  const len = end - start;
  if (len > 0 && len <= 15) {
    let v = 0;
    let k = start;
    for (; k < end; k++) {
      const c = text.charCodeAt(k) - 48;
      if (c < 0 || c > 9) break;
      v = v * 10 + c;
    }
    if (k === end) return v; // exact: below 2^53
  }
  return decimal(text.slice(start, end));
}

/** Collects the root's attributes and the wanted records' counters; one instance per file. */
class CounterHandler implements XmlHandler {
  rootName = '';
  readonly rootNames: string[] = [];
  readonly rootValues: string[] = [];
  /** Children of the root: any element (parseSnapshot's "no records" counts them all). */
  records = 0;
  /** Set at the first record (or at the end): null for an unknown kind, an error, or the header. */
  header: SnapshotHeader | { error: Diagnostic } | null | undefined = undefined;
  readonly headerWarnings: string[] = [];
  elements: readonly string[] | null = null;
  private elementIndex = new Map<string, number>();
  counters: readonly string[] = [];
  private table: NameTable | null = null;
  ids: string[] = [];
  values = new Float64Array(0);
  rowElements = new Uint8Array(0);
  private rows = 0;
  private element = 0;
  readonly unreadElements = new Set<string>();
  /** Per record element (its index), the names of its children: strings joined only at the end (a week of Nv files opens millions of children). */
  readonly unreadChildren: Array<Set<string>> = [];
  readonly unreadAttributes = new Set<string>();
  /** Node files have a few dozen records: their other attributes are named; volume files' thousands are not scanned for names. */
  private nameAttributes = false;
  /** 0: attributes not wanted; 1: the root's; 2: a wanted record's. */
  private mode = 0;
  private inRecord = false;
  private id: string | undefined;
  private name: string | undefined;
  private idx: string | undefined;
  private cluster: string | undefined;
  private readonly seen = new Map<string, number>();

  open(name: string, depth: number): void {
    if (depth === 0) {
      this.rootName = name;
      this.mode = 1;
      return;
    }
    if (depth > 1) {
      if (depth === 2 && this.inRecord) (this.unreadChildren[this.element] ??= new Set()).add(name);
      this.mode = 0;
      return;
    }
    if (this.header === undefined) this.readHeader();
    this.records++;
    const e = this.elementIndex.get(name);
    if (e === undefined) {
      this.unreadElements.add(name);
      this.mode = 0;
      return;
    }
    this.mode = 2;
    this.inRecord = true;
    this.element = e;
    this.id = this.name = this.idx = this.cluster = undefined;
    const width = this.counters.length;
    if ((this.rows + 1) * width > this.values.length) {
      const cap = Math.max(64, this.rows * 2);
      const grown = new Float64Array(cap * width);
      grown.set(this.values);
      this.values = grown;
      const kinds = new Uint8Array(cap);
      kinds.set(this.rowElements);
      this.rowElements = kinds;
    }
    this.values.fill(NaN, this.rows * width, (this.rows + 1) * width);
    this.rowElements[this.rows] = e;
  }

  attribute(text: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, decoded: string | null): void {
    if (this.mode === 0) return;
    if (this.mode === 1) {
      this.rootNames.push(text.slice(nameStart, nameEnd));
      this.rootValues.push(decoded ?? text.slice(valueStart, valueEnd));
      return;
    }
    const code = this.table!.find(text, nameStart, nameEnd);
    if (code === UNKNOWN) {
      if (this.nameAttributes) {
        const name = text.slice(nameStart, nameEnd);
        if (!IDENTITY.has(name)) this.unreadAttributes.add(`${this.elements![this.element]}.${name}`);
      }
      return;
    }
    if (code >= 0) {
      // A repeated attribute: the first readable value counts (snapshot-objects.ts keeps it under
      // the plain name, the others under name#2 ...).
      const at = this.rows * this.counters.length + code;
      if (!Number.isNaN(this.values[at]!)) return;
      const v = decoded === null ? counterValue(text, valueStart, valueEnd) : decimal(decoded);
      if (v !== null) this.values[at] = v;
      return;
    }
    // xml-scan.ts `attr`: the first occurrence, even when empty.
    if (code === IDENTITY_ID) this.id ??= decoded ?? text.slice(valueStart, valueEnd);
    else if (code === IDENTITY_NAME) this.name ??= decoded ?? text.slice(valueStart, valueEnd);
    else if (code === IDENTITY_IDX) this.idx ??= decoded ?? text.slice(valueStart, valueEnd);
    else this.cluster ??= decoded ?? text.slice(valueStart, valueEnd);
  }

  close(depth: number): void {
    if (depth !== 1 || !this.inRecord) return;
    this.inRecord = false;
    // As snapshot-objects.ts names records, with its #2, #3 for an id repeated within an element.
    const element = this.elements![this.element]!;
    let id = recordId({ id: this.id, name: this.name, idx: this.idx, cluster: this.cluster }, element, (this.header as SnapshotHeader).cluster);
    const seenKey = `${element}\u0000${id}`;
    const count = (this.seen.get(seenKey) ?? 0) + 1;
    this.seen.set(seenKey, count);
    if (count > 1) id = `${id}#${count}`;
    this.ids.push(id);
    this.rows++;
  }

  readHeader(): void {
    if (this.rootName !== 'diskStatsColl') {
      this.header = null;
      return;
    }
    const attrs: Record<string, string> = {};
    this.rootNames.forEach((n, k) => {
      if (!Object.hasOwn(attrs, n)) attrs[n] = this.rootValues[k]!;
    });
    this.header = snapshotHeader(attrs, this.headerWarnings);
    if (this.header && !('error' in this.header)) {
      const records = rateRecords(this.header.kind);
      if (records) {
        this.elements = records.elements;
        this.elementIndex = new Map(records.elements.map((e, i) => [e, i]));
        this.counters = records.counters;
        this.table = tableOf(records.counters);
        this.nameAttributes = this.header.kind === 'node';
      }
    }
  }
}

/** Reads one iostats file's header and rate counters; the warnings and errors parseSnapshot gives. */
const NOTHING_UNREAD: UnreadParts = { elements: [], children: [], attributes: [] };

export function scanCounters(bytes: Uint8Array): CounterScan {
  const text = decodeText(bytes).text;
  if (text.trim() === '') return { snapshot: null, warnings: [], errors: [{ message: 'the file is empty' }], unread: NOTHING_UNREAD };
  const h = new CounterHandler();
  const xml = scanXml(text, h);
  if (xml) return { snapshot: null, warnings: [], errors: [{ message: `not well-formed XML: ${xml.error}`, line: xml.line }], unread: NOTHING_UNREAD };
  if (h.rootName !== 'diskStatsColl') return { snapshot: null, warnings: [], errors: [notDiskStats(h.rootName)], unread: NOTHING_UNREAD };
  if (h.header === undefined) h.readHeader();
  const header = h.header!;
  const warnings = h.headerWarnings;
  if (header === null) return { snapshot: null, warnings, errors: [], unread: NOTHING_UNREAD };
  if ('error' in header) return { snapshot: null, warnings, errors: [header.error], unread: NOTHING_UNREAD };
  if (h.records === 0) warnings.push(`no ${header.kind} records in the file`);
  const values = h.values.length === h.ids.length * h.counters.length ? h.values : h.values.slice(0, h.ids.length * h.counters.length);
  const rowElements = h.rowElements.length === h.ids.length ? h.rowElements : h.rowElements.slice(0, h.ids.length);
  const children = h.unreadChildren.flatMap((names, e) => [...(names ?? [])].map((n) => `${h.elements![e]}/${n}`));
  const unread = { elements: [...h.unreadElements], children, attributes: [...h.unreadAttributes] };
  return { snapshot: { ...header, elements: h.elements, rowElements, counters: h.counters, ids: h.ids, values }, warnings, errors: [], unread };
}

/** Collects the root's attributes only. */
class RootHandler implements XmlHandler {
  name = '';
  readonly attrs: Record<string, string> = {};
  open(name: string, depth: number): void {
    if (depth === 0) this.name = name;
  }
  attribute(text: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, decoded: string | null): void {
    const n = text.slice(nameStart, nameEnd);
    if (!Object.hasOwn(this.attrs, n)) this.attrs[n] = decoded ?? text.slice(valueStart, valueEnd);
  }
  close(): void {}
}

/** `unknownKind`: statistics of a kind PerfDelta does not import (skipped, not failed). */
export type HeaderRead = { header: SnapshotHeader; warnings: string[] } | { error: string; unknownKind?: true; warnings: string[] };

/**
 * The header from a file's first bytes (the root's start tag is a few hundred bytes; 64 KiB is
 * plenty): what staging needs to order a drop of files by node and time without parsing them.
 * Detection is by content, as the importer's: the file name is never looked at.
 */
export function readHeader(head: Uint8Array): HeaderRead {
  const text = decodeText(head).text;
  if (!detectIostats(text)) return { error: 'not an SVC iostats XML file (no <diskStatsColl> root with IBM\'s performance namespace or contains=)', warnings: [] };
  const h = new RootHandler();
  const xml = scanXml(text, h, true);
  if (xml) return { error: `the root element's start tag cannot be read from the first ${head.length} bytes: ${xml.error}`, warnings: [] };
  const warnings: string[] = [];
  const header = snapshotHeader(h.attrs, warnings);
  if (header === null) return { error: warnings.pop()!, unknownKind: true, warnings };
  if ('error' in header) return { error: header.error.message, warnings };
  return { header, warnings };
}
