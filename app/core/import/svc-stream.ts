/**
 * SVC / Storwize iostats files (FORMATS.md 4.1) combined into one run, one file at a time: the
 * streaming form of svc-aggregate.ts, with the same rules and the same result (svc-stream.test.ts
 * compares the two on the corpus and on study S1). A week of 5-minute Nv files for 1,000 volumes
 * on two nodes is ~4,000 files and 1 GB; holding every parsed snapshot, as aggregateSnapshots'
 * callers must, does not fit in memory.
 *
 * How it goes:
 * 1. Every file's header (node, kind, time) comes from staging (`svcStageInfo` on its first
 *    bytes, passed as `info`), or is read here from the whole file.
 * 2. Files are taken in the order of the one-minute grid cell their interval ends in, then by
 *    node stream (cluster, kind, node, in order of first appearance), then time. Each file is
 *    read, its rate counters packed (counter-scan.ts), and its bytes dropped. Per stream only the
 *    previous file's counters are kept.
 * 3. Each file's rates against its stream's previous file go into per-object accumulators of the
 *    current cell (sum, ops-weighted mean, max: svc-aggregate.ts `combine`). When the next file
 *    belongs to a later cell, the cell is written to the series: an object some node did not
 *    report in that cell is a gap, not a dip.
 * Memory: the output series (Float64Arrays) plus two files' counters per stream; with `spill`,
 * the series of a window of intervals (the import writes them as chunks as they complete).
 */
import { readHeader, scanCounters, type CounterScan, type CounterSnapshot } from '../../../importers/svc/counter-scan.js';
import { fallenCounter, MDISK_METRICS, mdiskRatesInto, missingNodeCounters, msPerUnit, NODE_METRICS, nodeObjectId, nodeRatesInto, VOLUME_METRICS, volumeRatesInto, type RowPair } from '../../../importers/svc/counter-rates.js';
import type { SnapshotHeader } from '../../../importers/svc/iostats.js';
import type { Diagnostic, ParsedRun, ParsedSeries } from '../../../importers/types.js';
import { combine, counterWarnings, GRID_MS, NO_SERIES, nodeFigures, perNodeKind, seriesObject, weightOf, type CounterNote } from './svc-aggregate.js';
import { UnreadSummary } from './svc-unread.js';
import { SeriesBuilder, SpillFile } from './svc-series.js';

/** What staging learns from a file's head: the root's header, and its warnings. */
export type SvcStageInfo = SnapshotHeader & { warnings: string[] };
/** A file staging could not take; `unknownKind`: statistics of a kind not imported (skipped). */
export type SvcStageError = { error: string; unknownKind?: true };

/** Reads the root element of an iostats file from its first bytes (64 KiB is plenty). Cheap. */
export function svcStageInfo(head: Uint8Array): SvcStageInfo | SvcStageError {
  const r = readHeader(head);
  if ('error' in r) return r.unknownKind ? { error: r.error, unknownKind: true } : { error: r.error };
  // A copy: the header's names are slices of the head's 64 KiB of text, and a slice keeps its
  // whole text alive; a week's 4,000 files waiting to be combined held 250 MB of heads.
  return structuredClone({ ...r.header, warnings: r.warnings });
}

export interface SvcFileInput {
  /** The caller's index of the file: the key of `perFile`. */
  index: number;
  path: string;
  /** The whole file. Called once per file when `info` is given, else twice. */
  read(): Uint8Array;
  /** svcStageInfo of the file, from staging. */
  info?: SvcStageInfo | SvcStageError;
}

export interface SvcAggregateHooks {
  /** After each file read: `done` of `total` files. */
  onFile?(done: number, total: number, path: string): void;
  /** Called before each file; throws to cancel (the exception propagates). */
  checkCancel?(): void;
  /** After each file is read and scanned, with its bytes (null when a parse worker kept them): the caller keeps a used file without reading it again. */
  onScanned?(index: number, bytes: Uint8Array | null, notes: SvcFileNotes): void;
  /**
   * Reads and scans the files ahead, in the order given (the order they are combined in): parse
   * workers do it while this thread combines the files before. Without it each is read and
   * scanned here when its turn comes.
   */
  scanAhead?(inOrder: readonly SvcFileInput[]): Iterator<{ bytes: Uint8Array | null; scan: CounterScan }>;
  /**
   * The run comes without its series; `SvcAggregate.series` gives them object by object, to be
   * written as they come (a week of 1,000 volumes is 200 MB of series: never held twice).
   */
  seriesLater?: boolean;
  /**
   * Rates written out as their intervals complete, whenever those held pass `bytes` (a week of
   * 1,000 volumes is ~200 MB of them), to a temporary file at `path` (made when first needed,
   * removed once the series are made), and read back one object at a time when its series are
   * made. Node statistics are held: the run's figures are read from them (they are few).
   */
  spill?: { bytes: number; path(): string };
}

export interface SvcFileNotes {
  /** used: its counters took part; failed: unreadable (errors); unread: statistics of a kind PerfDelta does not read (not the import's "skipped", an empty file). */
  status: 'used' | 'failed' | 'unread';
  /** What parseSnapshot would warn of for the file (its run warnings in the per-file importer). */
  warnings: string[];
  errors: Diagnostic[];
}

export interface SvcAggregate {
  /** The combined run, or null when no two files of one node gave rates (see warnings). */
  run: ParsedRun | null;
  warnings: string[];
  /**
   * What the files held that no rate was derived from, and why, one line per kind of statistics
   * (Nn `<dimm>`, `<uca>`..., Nv `<vdsk>` children, Ng volume groups): for the run's notes. Apart
   * from `warnings`, which are the reference aggregation's (svc-aggregate.ts) to the word.
   */
  unread: string[];
  perFile: Map<number, SvcFileNotes>;
  /** With `seriesLater`: the run's series, once, object by object. */
  series?: () => Iterable<ParsedSeries>;
  /** Whether rates were written out to the spill file (`spill`) on the way. */
  spilled?: boolean;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The rates an import holds before writing them out (`spill`): 32 MB of rows, and as much again
 * of spare room in their arrays at most; a week of 1,000 volumes goes in about seven windows.
 * PERFDELTA_SVC_HELD_BYTES sets another (tests write a small drop out in many windows).
 */
export function svcHeldBytes(): number {
  const fixed = Number(process.env['PERFDELTA_SVC_HELD_BYTES']);
  return Number.isFinite(fixed) && fixed >= 0 ? fixed : 32 * 1024 * 1024;
}


/** One kind's objects and the accumulators of the current cell, per object and metric. */
class KindCells {
  readonly metrics: readonly string[];
  readonly width: number;
  /** 0 sum, 1 ops-weighted mean, 2 max. */
  private readonly how: Uint8Array;
  /** Column of the ops a metric is weighted by (read.iops for read.*), -1 when none. */
  private readonly weight: Int16Array;
  readonly ids: string[] = [];
  private readonly idOf = new Map<string, number>();
  private sum = new Float64Array(0);
  private sumVW = new Float64Array(0);
  private sumW = new Float64Array(0);
  private max = new Float64Array(0);
  private count = new Uint32Array(0);
  private contributors = new Int32Array(0);
  private lastStream = new Int32Array(0);
  private touched = new Uint8Array(0);
  private readonly touchedList: number[] = [];
  /** Per object number, the file serial that last interned it: a repeated id within a file. */
  private stamp = new Int32Array(0);
  readonly series: SeriesBuilder;
  readonly rates: Float64Array;

  constructor(readonly kind: string, readonly expectedNodes: number) {
    this.metrics = kind === 'volume' ? VOLUME_METRICS : kind === 'node' ? NODE_METRICS : MDISK_METRICS;
    this.width = this.metrics.length;
    this.how = Uint8Array.from(this.metrics, (m) => ({ sum: 0, weighted: 1, max: 2 })[combine(m)]);
    this.weight = Int16Array.from(this.metrics, (m) => this.metrics.indexOf(weightOf(m)));
    this.series = new SeriesBuilder(this.width);
    this.rates = new Float64Array(this.width);
  }

  /** Object numbers of a file's ids; `dupes` when an id repeats (then "the last one" rules apply). */
  intern(ids: readonly string[], serial: number): { objs: Int32Array; dupes: boolean } {
    const objs = new Int32Array(ids.length);
    let dupes = false;
    for (let r = 0; r < ids.length; r++) {
      let o = this.idOf.get(ids[r]!);
      if (o === undefined) {
        o = this.ids.length;
        this.ids.push(ids[r]!);
        this.idOf.set(ids[r]!, o);
        this.grow(o + 1);
      }
      if (this.stamp[o] === serial) dupes = true;
      this.stamp[o] = serial;
      objs[r] = o;
    }
    return { objs, dupes };
  }

  private grow(n: number): void {
    if (n <= this.touched.length) return;
    const cap = Math.max(256, this.touched.length * 2, n);
    const w = this.width;
    const f64 = (a: Float64Array, per: number, fill = 0): Float64Array<ArrayBuffer> => {
      const b = new Float64Array(cap * per).fill(fill);
      b.set(a);
      return b;
    };
    this.sum = f64(this.sum, w);
    this.sumVW = f64(this.sumVW, w);
    this.sumW = f64(this.sumW, w);
    this.max = f64(this.max, w, -Infinity);
    const count = new Uint32Array(cap * w);
    count.set(this.count);
    this.count = count;
    const i32 = (a: Int32Array, fill: number): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(cap).fill(fill);
      b.set(a);
      return b;
    };
    this.contributors = i32(this.contributors, 0);
    this.lastStream = i32(this.lastStream, -1);
    this.stamp = i32(this.stamp, -1);
    const touched = new Uint8Array(cap);
    touched.set(this.touched);
    this.touched = touched;
  }

  /** Adds one node's rates of object `o` (in this.rates) to the cell; svc-aggregate.ts's per-node value lists, summed as they go. */
  add(o: number, stream: number, countsAsNode: boolean): void {
    if (this.touched[o] === 0) {
      this.touched[o] = 1;
      this.touchedList.push(o);
    }
    if (countsAsNode && this.lastStream[o] !== stream) {
      this.lastStream[o] = stream;
      this.contributors[o] = this.contributors[o]! + 1;
    }
    const w = this.width;
    const base = o * w;
    const rates = this.rates;
    for (let m = 0; m < w; m++) {
      const v = rates[m]!;
      if (!Number.isFinite(v)) continue;
      const i = base + m;
      this.count[i] = this.count[i]! + 1;
      this.sum[i] = this.sum[i]! + v;
      const how = this.how[m]!;
      if (how === 1) {
        const k = this.weight[m]!;
        const wt = k < 0 || Number.isNaN(rates[k]!) ? 0 : rates[k]!;
        this.sumVW[i] = this.sumVW[i]! + v * wt;
        this.sumW[i] = this.sumW[i]! + wt;
      } else if (how === 2) {
        this.max[i] = Math.max(this.max[i]!, v);
      }
    }
  }

  /** Writes the cell ending at t to the series and clears it; returns how many objects lacked a node. */
  flush(t: number): number {
    let incomplete = 0;
    const w = this.width;
    const row = new Float64Array(w);
    for (const o of this.touchedList) {
      const base = o * w;
      if (this.contributors[o]! < this.expectedNodes) incomplete++;
      else {
        let any = false;
        for (let m = 0; m < w; m++) {
          const i = base + m;
          const n = this.count[i]!;
          if (n === 0) row[m] = NaN;
          else {
            any = true;
            const how = this.how[m]!;
            if (how === 0) row[m] = this.sum[i]!;
            else if (how === 2) row[m] = this.max[i]!;
            else row[m] = this.sumW[i]! > 0 ? this.sumVW[i]! / this.sumW[i]! : this.sum[i]! / n;
          }
        }
        if (any) this.series.append(o, t, row);
      }
      this.sum.fill(0, base, base + w);
      this.sumVW.fill(0, base, base + w);
      this.sumW.fill(0, base, base + w);
      this.max.fill(-Infinity, base, base + w);
      this.count.fill(0, base, base + w);
      this.contributors[o] = 0;
      this.lastStream[o] = -1;
      this.touched[o] = 0;
    }
    this.touchedList.length = 0;
    return incomplete;
  }
}

/** One node's files of one kind: only the previous one is kept. */
interface Stream {
  number: number;
  cells: KindCells;
  /** Of the first cluster seen: svc-aggregate.ts counts only its nodes as contributors. */
  countsAsNode: boolean;
  prev: CounterSnapshot | null;
  prevObjs: Int32Array;
  prevDupes: boolean;
  /** Object number -> last row of prev, built when the rows do not line up. */
  prevRowOf: Map<number, number> | null;
}

interface Entry {
  file: SvcFileInput;
  /** Position in the input: svc-aggregate.ts sorts stably, so ties keep it. */
  position: number;
  info: SvcStageInfo;
  cell: number;
  stream: number;
}

function headerOf(file: SvcFileInput): SvcStageInfo | SvcStageError {
  return file.info ?? svcStageInfo(file.read());
}

const sameHeader = (a: SnapshotHeader, b: SnapshotHeader): boolean =>
  a.kind === b.kind && a.node === b.node && a.nodeId === b.nodeId && a.cluster === b.cluster && a.timeMs === b.timeMs
  && a.sizeUnitBytes === b.sizeUnitBytes && a.timeUnits === b.timeUnits;

/**
 * Combines iostats files into one run, reading one file at a time. Rules, warnings and figures
 * are aggregateSnapshots' (svc-aggregate.ts) over the files that read cleanly, with one
 * difference: which nodes a system has is taken from every file's header, so a node whose every
 * file turns out unreadable still counts (its intervals are gaps, not a partial sum).
 */
export function aggregateSvcFiles(files: ReadonlyArray<SvcFileInput>, hooks: SvcAggregateHooks = {}): SvcAggregate {
  const perFile = new Map<number, SvcFileNotes>();
  const entries: Entry[] = [];
  const streamKeys = new Map<string, number>();
  const streamKinds: string[] = [];
  const streamClusters: string[] = [];
  const nodesOfKind = new Map<string, Set<string>>();
  let cluster0: string | null = null;
  files.forEach((file, position) => {
    const info = headerOf(file);
    if ('error' in info) {
      perFile.set(file.index, { status: info.unknownKind ? 'unread' : 'failed', warnings: [], errors: [{ message: info.error }] });
      return;
    }
    const cluster = info.cluster ?? '';
    cluster0 ??= info.cluster;
    const key = `${cluster}\u0000${info.kind}\u0000${info.node}`;
    let stream = streamKeys.get(key);
    if (stream === undefined) {
      streamKeys.set(key, (stream = streamKeys.size));
      streamKinds.push(info.kind);
      streamClusters.push(cluster);
    }
    const kindKey = `${cluster}\u0000${info.kind}`;
    let nodes = nodesOfKind.get(kindKey);
    if (!nodes) nodesOfKind.set(kindKey, (nodes = new Set()));
    nodes.add(info.node);
    entries.push({ file, position, info, cell: Math.round(info.timeMs / GRID_MS) * GRID_MS, stream });
  });
  entries.sort((a, b) => a.cell - b.cell || a.stream - b.stream || a.info.timeMs - b.info.timeMs || a.position - b.position);

  const clusterKey = cluster0 ?? '';
  const kinds = new Map<string, KindCells>();
  const streams: Stream[] = streamKinds.map((kind, number) => {
    let cells = kinds.get(kind);
    if (!cells) kinds.set(kind, (cells = new KindCells(kind, perNodeKind(kind) ? 1 : nodesOfKind.get(`${clusterKey}\u0000${kind}`)?.size ?? 1)));
    return { number, cells, countsAsNode: streamClusters[number] === clusterKey, prev: null, prevObjs: new Int32Array(0), prevDupes: false, prevRowOf: null };
  });

  const pairWarnings: Array<{ stream: number; order: number; text: string }> = [];
  const used: Array<{ position: number; header: SnapshotHeader }> = [];
  const unread = new UnreadSummary();
  let resets = 0;
  const counterNotes: CounterNote[] = [];
  let incomplete = 0;
  let intervals = 0;
  let cell = NaN;
  let cellHadPair = false;
  const spill = hooks.spill;
  const spilling = [...kinds.values()].filter((k) => !perNodeKind(k.kind));
  // Held in an object: TypeScript does not see the closure below assign a plain variable.
  const out: { file: SpillFile | null } = { file: null };
  const flush = (): void => {
    if (cellHadPair) intervals++;
    for (const k of kinds.values()) incomplete += k.flush(cell);
    cellHadPair = false;
    if (spill && spilling.reduce((n, k) => n + k.series.heldBytes(), 0) > spill.bytes) {
      out.file ??= new SpillFile(spill.path());
      for (const k of spilling) k.series.spill(out.file);
    }
  };

  const ahead = hooks.scanAhead?.(entries.map((e) => e.file));
  try {
    entries.forEach((entry, order) => {
      hooks.checkCancel?.();
      if (entry.cell !== cell) {
        if (!Number.isNaN(cell)) flush();
        cell = entry.cell;
      }
      const read = ahead?.next();
      const given = read && !read.done ? read.value : null;
      const bytes = given ? given.bytes : entry.file.read();
      const scan = given ? given.scan : scanCounters(bytes!);
      const snap = scan.snapshot;
      if (scan.errors.length > 0 || !snap) {
        perFile.set(entry.file.index, { status: scan.errors.length > 0 ? 'failed' : 'unread', warnings: scan.warnings, errors: scan.errors });
      } else if (!sameHeader(snap, entry.info)) {
        perFile.set(entry.file.index, { status: 'failed', warnings: scan.warnings, errors: [{ message: `the file changed after it was staged (now ${snap.kind} statistics of ${snap.node} at ${iso(snap.timeMs)})` }] });
      } else {
        perFile.set(entry.file.index, { status: 'used', warnings: scan.warnings, errors: [] });
        // The header alone: the snapshot's ids are slices of the file's whole text.
        used.push({ position: entry.position, header: entry.info });
        unread.add(snap.kind, scan.unread);
        const s = streams[entry.stream]!;
        const prev = s.prev;
        const problem = prev === null ? null : pairable(prev, snap);
        if (problem !== null) pairWarnings.push({ stream: s.number, order, text: problem });
        // A node's CPU, ports and links are its own: named with it, so nodes never meet in one object.
        const ids = perNodeKind(snap.kind) ? snap.ids.map((id, r) => nodeObjectId(snap.node, snap.elements![snap.rowElements[r]!]!, id)) : snap.ids;
        const { objs, dupes } = s.cells.intern(ids, order);
        if (prev !== null && problem === null) {
          cellHadPair = true;
          resets += differenceInto(s, prev, snap, objs, counterNotes);
        }
        s.prev = snap;
        s.prevObjs = objs;
        s.prevDupes = dupes;
        s.prevRowOf = null;
      }
      hooks.onScanned?.(entry.file.index, bytes, perFile.get(entry.file.index)!);
      hooks.onFile?.(order + 1, entries.length, entry.file.path);
    });
    if (!Number.isNaN(cell)) flush();
  } catch (err) {
    // Stopped part way (a cancel, an unreadable disk): the rates written out go too.
    out.file?.close();
    throw err;
  } finally {
    // Stopped part way (a cancel): the files read ahead and not taken are let go.
    ahead?.return?.();
  }
  // No run (no two files of a node, no rates): nothing written out is needed.
  const none = (result: SvcAggregate): SvcAggregate => {
    out.file?.close();
    return result;
  };

  const warnings = pairWarnings.sort((a, b) => a.stream - b.stream || a.order - b.order).map((w) => w.text);
  const notes = unread.lines();
  if (used.length === 0) return none({ run: null, warnings, perFile, unread: notes });
  warnings.push(...counterWarnings(resets, counterNotes));
  if (incomplete > 0) warnings.push(`${incomplete} object intervals lacked a node's figures (a missing dump or a reset on one node): left as gaps rather than a dip`);
  if (intervals === 0) {
    warnings.push('no two snapshots of the same node: rates need consecutive files of one node');
    return none({ run: null, warnings, perFile, unread: notes });
  }
  used.sort((a, b) => a.position - b.position);
  const headers = used.map((u) => u.header);
  let startMs = Infinity;
  let endMs = -Infinity;
  for (const h of headers) {
    startMs = Math.min(startMs, h.timeMs);
    endMs = Math.max(endMs, h.timeMs);
  }
  const cluster = headers.find((h) => h.cluster)?.cluster ?? null;
  const kindNames = [...new Set(headers.map((h) => h.kind))].sort();
  if (![...kinds.values()].some((k) => k.series.hasValues())) {
    warnings.push(NO_SERIES);
    return none({ run: null, warnings, perFile, unread: notes });
  }
  // The node series are few (a CPU, ports and links per node): read for the run's figures and
  // kept for its series.
  const nodeCells = kinds.get('node');
  const figures = nodeFigures(nodeCells ? [...nodeCells.series.each(nodeCells.metrics, (o) => seriesObject('node', nodeCells.ids[o]!), false)] : [], kindNames, warnings);
  const run: ParsedRun = {
    name: `${cluster ?? 'SVC'} statistics (${kindNames.join(', ')})`,
    tool: 'svc',
    toolVersion: null,
    host: cluster,
    startMs,
    endMs,
    params: {},
    metrics: figures.metrics,
    tables: { svc: { nodes: [...new Set(headers.map((h) => h.node))].sort(), kinds: kindNames, files: headers.length, intervals, ...figures.note } },
    series: hooks.seriesLater ? [] : [...kinds.values()].flatMap((k) => k.series.build(k.metrics, (o) => seriesObject(k.kind, k.ids[o]!))),
    warnings,
    errors: [],
  };
  if (!hooks.seriesLater) {
    out.file?.close();
    return { run, warnings, perFile, unread: notes, spilled: out.file !== null };
  }
  const file = out.file;
  const series = function* (): Generator<ParsedSeries> {
    try {
      for (const k of kinds.values()) yield* k.series.each(k.metrics, (o) => seriesObject(k.kind, k.ids[o]!));
    } finally {
      file?.close();
    }
  };
  return { run, warnings, perFile, unread: notes, series, spilled: file !== null };
}

/** Why two consecutive files of a stream give no rates (svc-aggregate.ts and rates.ts checks), or null. */
function pairable(prev: SnapshotHeader, next: SnapshotHeader): string | null {
  if (next.timeMs === prev.timeMs) return `two ${next.kind} files of node ${next.node} for the same time ${iso(next.timeMs)}: one is ignored`;
  if (prev.nodeId !== null && next.nodeId !== null && prev.nodeId !== next.nodeId) {
    return `snapshots of different nodes (${prev.node} ${prev.nodeId} and ${next.node} ${next.nodeId}): counters are per node`;
  }
  if (prev.sizeUnitBytes !== next.sizeUnitBytes) return `sizeUnits changed between snapshots (${prev.sizeUnitBytes} B, ${next.sizeUnitBytes} B)`;
  if (!(next.timeMs > prev.timeMs)) return `the second snapshot (${iso(next.timeMs)}) is not later than the first (${iso(prev.timeMs)})`;
  return null;
}

/** counter-rates.ts's name for the counters of a kind of statistics. */
const counterKind = (kind: string): 'volume' | 'mdisk' | 'node' => (kind === 'volume' ? 'volume' : kind === 'node' ? 'node' : 'mdisk');

/**
 * Rates of every record of `next` against the stream's previous file, into the cell; returns the
 * resets, and adds to `notes` the counters that gave no rate (went down; for Nn records, held by
 * one file only).
 */
function differenceInto(s: Stream, prev: CounterSnapshot, next: CounterSnapshot, objs: Int32Array, notes: CounterNote[]): number {
  if (next.elements === null) return 0;
  const cells = s.cells;
  const dt = (next.timeMs - prev.timeMs) / 1000;
  const toMs = msPerUnit(next.timeUnits);
  const width = next.counters.length;
  const rates = cells.rates;
  const elements = next.elements;
  const single = elements[0] === 'vdsk' ? volumeRatesInto : mdiskRatesInto;
  const ratesInto = elements.length === 1 ? single
    : (r: RowPair, d: number, b: number, ms: number, out: Float64Array): boolean => nodeRatesInto(elements[next.rowElements[r.q / width]!]!, r, d, b, ms, out);
  const pair: RowPair = { prev: prev.values, p: 0, next: next.values, q: 0 };
  let resets = 0;
  for (let r = 0; r < objs.length; r++) {
    const o = objs[r]!;
    let pr: number;
    if (!s.prevDupes && r < s.prevObjs.length && s.prevObjs[r] === o) pr = r;
    else {
      if (!s.prevRowOf) {
        s.prevRowOf = new Map();
        s.prevObjs.forEach((po, row) => s.prevRowOf!.set(po, row)); // the last row of an id, as rates.ts's Map
      }
      pr = s.prevRowOf.get(o) ?? -1;
    }
    if (pr < 0) continue;
    pair.p = pr * width;
    pair.q = r * width;
    if (!ratesInto(pair, dt, next.sizeUnitBytes, toMs, rates)) {
      resets++;
      const fallen = fallenCounter(counterKind(next.kind), pair);
      if (fallen) notes.push({ object: seriesObject(next.kind, cells.ids[o]!), counter: fallen.counter, fromMs: prev.timeMs, toMs: next.timeMs, fallen: { from: fallen.from, to: fallen.to } });
      continue;
    }
    if (next.kind === 'node') {
      for (const m of missingNodeCounters(elements[next.rowElements[r]!]!, pair)) {
        notes.push({ object: seriesObject(next.kind, cells.ids[o]!), counter: m.counter, fromMs: prev.timeMs, toMs: next.timeMs, missingFrom: m.side });
      }
    }
    cells.add(o, s.number, s.countsAsNode);
  }
  return resets;
}
