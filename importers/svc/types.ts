/**
 * Shapes the SVC / Storwize / FlashSystem importers hand to the rest of PerfDelta.
 *
 * An iostats XML file (FORMATS.md 4.1) is ONE snapshot of cumulative counters of ONE node at
 * ONE time. The importer stores it as `tables.svc_snapshot` (type SvcSnapshot below);
 * `ratesBetween` (./rates.ts) turns two snapshots of a node into rates. The import itself reads
 * the counters packed (counter-scan.ts, app/core/import/svc-stream.ts), not this shape.
 */

/**
 * What a snapshot file holds, from its namespace / `contains` attribute:
 * Nv -> volume, Nm -> mdisk, Nd -> drive (its records are `<mdsk>` elements), Nn -> node
 * (node, port, cpu, cache ... records together, told apart by `element`), Ng -> vgroup.
 * 'port' and 'cpu' are never produced for a file: an Nn file is one 'node' snapshot whose
 * objects carry element 'port' / 'cpu'. They stay in the union for the pipeline's sake.
 */
export type SvcKind = 'volume' | 'mdisk' | 'drive' | 'node' | 'port' | 'cpu' | 'vgroup';

export interface SvcObject {
  /**
   * The object's name, unique per element within a snapshot: the `id` attribute (the volume
   * name for `<vdsk>`, the MDisk name), else `name` (`<volumegroup>`), else `idx` (drives: the
   * Nd file writes `id=""`), else the element name (`<cpu>`). Partner `<node>` records of another
   * cluster are qualified `<cluster>/<id>`; `<partnership>` is `<cluster_id>/<node_id>`; a
   * remaining duplicate gets `#2`, `#3` in file order.
   */
  id: string;
  /** The `idx` attribute (volume id, MDisk id, drive id) where the element has one. */
  idx: string | null;
  /** The XML element the record came from: vdsk, mdsk, volumegroup, node, port, cpu, cpu_core, ... */
  element: string;
  /**
   * Every numeric attribute of the element (identity attributes such as idx, serial numbers and
   * WWPNs excepted), and of its children with a dotted prefix: `ca.rh`, `cpy0.ca.rh`,
   * `partition0.ca.dav`, `messages[sent].msg[lookup_lock].count`. Values exactly as written.
   */
  counters: Record<string, number>;
}

export interface SvcSnapshot {
  kind: SvcKind;
  /** Node name: the root `id` attribute. */
  node: string;
  /** Root `node_id` (hex, e.g. 0x0000000000000002). */
  nodeId: string | null;
  cluster: string | null;
  /** Snapshot time, epoch ms (see iostats.ts snapshotTime for which attribute is used). */
  timeMs: number;
  /** Bytes per block for rb/wb: `sizeUnits` "512B" -> 512, "1B" -> 1. */
  sizeUnitBytes: number;
  /** `timeUnits` as written ("msec"): the unit of rl/wl/re/we/rq/wq. */
  timeUnits: string;
  objects: SvcObject[];
}

/** Rates of one object over one interval. A reset (a counter went down) has no metrics: a gap. */
export interface SvcObjectRates {
  id: string;
  metrics: Record<string, number>;
  reset: boolean;
  /** A reset: the counter that went down, and its two values. */
  fallen?: { counter: string; from: number; to: number };
  /** Nn records: counters one of the two snapshots lacks (no rate of them this interval). */
  missing?: Array<{ counter: string; side: 'earlier' | 'later' }>;
}

export interface SvcRates {
  intervalS: number;
  objects: SvcObjectRates[];
}

/** Two snapshots that cannot be differenced (other node, other kind, time not after) say why. */
export type SvcRatesResult = SvcRates | { error: string };
