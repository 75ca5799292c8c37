/**
 * 'svc-iostats': the iostats XML dumps of SVC / Storwize / FlashSystem nodes (FORMATS.md 4.1):
 * Nv volumes, Nm MDisks, Nn node/port/CPU/cache, Nd drives (which reuse `<mdsk>`), Ng volume
 * groups. One file is one snapshot of cumulative counters of one node at one time, so a file
 * gives one run with no metrics: its counters go to `tables.svc_snapshot` (types.ts), and rates
 * need two files: the import combines a drop's files (app/core/import/svc-stream.ts).
 */
import { fromWallClock, zoneOffsetMinutes } from '../dates.js';
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { snapshotObjects } from './snapshot-objects.js';
import type { SvcKind, SvcSnapshot } from './types.js';
import { attrMap, parseXml } from './xml-scan.js';

/**
 * The root must be `diskStatsColl`, and it must carry IBM's performance namespace or the
 * `contains` attribute. Renamed files lose their Nv_/Nm_ prefix (FORMATS.md 4.1 names), so the
 * file name is never looked at.
 */
const ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<diskStatsColl[\s/>]/;
const IBM_NAMESPACE = /ibm\.com\/storage\/management\/performance\/api\//;

export function detectIostats(head: string): boolean {
  const m = ROOT.exec(head);
  if (!m) return false;
  const start = m.index + m[0].length;
  const gt = head.indexOf('>', start);
  const tag = head.slice(start, gt < 0 ? head.length : gt);
  return IBM_NAMESPACE.test(tag) || /\scontains\s*=/.test(` ${tag}`);
}

/** Namespace last segment (FORMATS.md 4.1 table; Ng is "2021/04/volumegroupstats"). */
const NAMESPACE_KIND: Record<string, SvcKind> = {
  vdiskstats: 'volume', diskstats: 'mdisk', drivestats: 'drive', nodestats: 'node', volumegroupstats: 'vgroup',
};
/** `contains` values seen in the corpus and in svci's DTOs. */
const CONTAINS_KIND: Record<string, SvcKind> = {
  virtualdiskstats: 'volume', manageddiskstats: 'mdisk', drivestats: 'drive', nodestats: 'node', volumegroupstats: 'vgroup',
};

function fileKind(attrs: Record<string, string>, warnings: string[]): SvcKind | null {
  const ns = attrs['xmlns'] ?? '';
  const byNs = NAMESPACE_KIND[(ns.split('/').pop() ?? '').toLowerCase()] ?? null;
  const contains = attrs['contains'] ?? '';
  const byContains = CONTAINS_KIND[contains.toLowerCase()] ?? null;
  // FORMATS.md 4.1: "the namespace says which kind"; `contains` is the fallback.
  if (byNs && byContains && byNs !== byContains) warnings.push(`namespace says ${byNs} statistics but contains="${contains}": read as ${byNs}`);
  return byNs ?? byContains;
}

/** "2024-03-25 18:53:01" read as if UTC; null when it is not that shape. */
function wallClockMs(s: string | undefined): number | null {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(s.trim()) : null;
  if (!m) return null;
  return fromWallClock({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! })?.epochMs ?? null;
}

/** `timezone` "GMT+0:00", "GMT-5:00", "GMT+5:30" -> minutes east of UTC; null when unreadable. */
function zoneMinutes(s: string | undefined): number | null {
  // Only offsets ("GMT-5:00") and UTC itself: the attribute is documented as a GMT offset.
  return s && /^(?:(?:GMT|UTC)?\s*[+-]\d{1,2}(?::?\d{2})?|GMT|UTC|Z)$/i.test(s.trim()) ? zoneOffsetMinutes(s.trim()) : null;
}

/**
 * The snapshot time. `timestamp_utc` is used when present: it needs no zone arithmetic, and it
 * is what keeps files of nodes (or systems) set to different zones on one time line. Without it
 * (older firmware), `timestamp` is local time and `timezone` its GMT offset (IBM's QSVCDISK
 * doc: TM_ZONE "GMT offset"), read as local = UTC + offset. All five corpus files carry both,
 * equal, with timezone GMT+0:00, so the sign convention is not proven by the corpus.
 */
export function snapshotTime(attrs: Record<string, string>, warnings: string[]): number | null {
  const utc = wallClockMs(attrs['timestamp_utc']);
  const local = wallClockMs(attrs['timestamp']);
  const zone = zoneMinutes(attrs['timezone']);
  if (utc !== null) {
    if (local !== null && zone !== null && Math.abs(local - zone * 60_000 - utc) > 60_000) {
      warnings.push(`timestamp ${attrs['timestamp']} ${attrs['timezone']} disagrees with timestamp_utc ${attrs['timestamp_utc']}: timestamp_utc used`);
    }
    return utc;
  }
  if (local === null) return null;
  if (zone === null) {
    warnings.push(`no timestamp_utc and no readable timezone ("${attrs['timezone'] ?? ''}"): timestamp ${attrs['timestamp']} read as UTC`);
    return local;
  }
  return local - zone * 60_000;
}

function sizeUnit(s: string | undefined, warnings: string[]): number {
  const m = s ? /^\s*(\d+)\s*B\s*$/i.exec(s) : null;
  if (m && Number(m[1]) > 0) return Number(m[1]);
  // IBM's QSVCDISK doc: "RB: Read blocks. Always 512 byte blocks currently. See SZ_UNITS".
  warnings.push(`sizeUnits "${s ?? ''}" not understood: 512-byte blocks assumed`);
  return 512;
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface SnapshotParse {
  snapshot: SvcSnapshot | null;
  warnings: string[];
  errors: Diagnostic[];
}

/** What the root element of an iostats file says: everything of a snapshot but its records. */
export type SnapshotHeader = Omit<SvcSnapshot, 'objects'>;

/**
 * Reads the root element's attributes. `null` with a warning for statistics of an unknown kind
 * (not an error: such a file is simply not imported), an error when there is no readable time.
 */
export function snapshotHeader(a: Record<string, string>, warnings: string[]): SnapshotHeader | { error: Diagnostic } | null {
  const kind = fileKind(a, warnings);
  if (!kind) {
    warnings.push(`statistics of an unknown kind (namespace "${a['xmlns'] ?? ''}", contains="${a['contains'] ?? ''}"): not imported`);
    return null;
  }
  const timeMs = snapshotTime(a, warnings);
  if (timeMs === null) return { error: { message: `no readable time: timestamp_utc="${a['timestamp_utc'] ?? ''}", timestamp="${a['timestamp'] ?? ''}"`, line: 1 } };
  const node = a['id'] ?? '';
  if (!node) warnings.push('the root has no id (node name): snapshots of this file cannot be paired with the right node');
  const timeUnits = a['timeUnits'] ?? 'msec';
  if (!/^msec$/i.test(timeUnits)) warnings.push(`timeUnits="${timeUnits}" (expected msec): latencies are converted from it where it is usec or sec`);
  return {
    kind,
    node,
    nodeId: a['node_id'] || null,
    cluster: a['cluster'] || null,
    timeMs,
    sizeUnitBytes: sizeUnit(a['sizeUnits'], warnings),
    timeUnits,
  };
}

/** The message of a root that is not diskStatsColl. */
export const notDiskStats = (name: string): Diagnostic => ({ message: `root element is <${name}>, not <diskStatsColl>`, line: 1 });

/** Reads one iostats document into a snapshot; errors as values. */
export function parseSnapshot(text: string): SnapshotParse {
  const warnings: string[] = [];
  const xml = parseXml(text);
  if (xml.error !== undefined) return { snapshot: null, warnings, errors: [{ message: `not well-formed XML: ${xml.error}`, line: xml.line }] };
  const root = xml.root;
  if (root.name !== 'diskStatsColl') return { snapshot: null, warnings, errors: [notDiskStats(root.name)] };
  const header = snapshotHeader(attrMap(root), warnings);
  if (header === null) return { snapshot: null, warnings, errors: [] };
  if ('error' in header) return { snapshot: null, warnings, errors: [header.error] };
  const objects = snapshotObjects(root, header.cluster);
  if (objects.length === 0) warnings.push(`no ${header.kind} records in the file`);
  return { snapshot: { ...header, objects }, warnings, errors: [] };
}

export const svcIostatsImporter: Importer = {
  id: 'svc-iostats',
  version: '2',
  tool: 'svc',
  title: 'IBM SVC / Storwize / FlashSystem iostats XML (Nv, Nm, Nn, Nd, Ng)',
  detect: detectIostats,
  parse({ bytes }): ParseResult {
    const text = decodeText(bytes).text;
    if (text.trim() === '') return { runs: [], warnings: [], errors: [{ message: 'the file is empty' }] };
    const { snapshot, warnings, errors } = parseSnapshot(text);
    if (errors.length > 0 || !snapshot) return { runs: [], warnings: warnings.map((message) => ({ message })), errors };
    const run: ParsedRun = {
      name: `${snapshot.kind} stats ${snapshot.node} ${iso(snapshot.timeMs)}`,
      tool: 'svc',
      toolVersion: null,
      host: snapshot.node || null,
      startMs: snapshot.timeMs,
      endMs: snapshot.timeMs,
      params: {},
      metrics: {},
      tables: { svc_snapshot: snapshot },
      series: [],
      warnings,
      errors: [],
    };
    return { runs: [run], warnings: [], errors: [] };
  },
};
