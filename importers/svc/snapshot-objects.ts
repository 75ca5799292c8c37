/**
 * Turning the records of an iostats file into SvcObjects: a stable id per record, and every
 * numeric attribute as a counter, children's under a dotted prefix (FORMATS.md 4.1 lists the
 * record elements and their children: `<vdsk>` with `<ca>`, `<fc>`, `<cl>`, `<cpy idx>`; Nn with
 * `<uca>/<ca>`, `<lca>/<partition>` and more).
 */
import type { SvcObject } from './types.js';
import { attr, type XmlElement } from './xml-scan.js';

/**
 * Attributes that name or locate a thing rather than count anything. Some look numeric (idx,
 * a DIMM serial "02290531", port type_id, an MDisk group id) and would otherwise be read as
 * counters, and differenced.
 */
export const IDENTITY = new Set([
  'id', 'idx', 'name', 'node_id', 'cluster_id', 'cluster', 'sn', 'loc', 'manu', 'type', 'type_id',
  'wwpn', 'fc_wwpn', 'fcoe_wwpn', 'sas_wwn', 'iqn', 'mdg',
]);

/** Plain decimal numbers only: "0x5005..." WWPNs and hex ids must not become counters. */
export function decimal(v: string): number | null {
  const n = v.length;
  if (n === 0 || n > 40) return null;
  let i = v.charCodeAt(0) === 45 ? 1 : 0; // leading '-'
  let digits = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot) dot = true;
    else return null;
  }
  return digits > 0 ? Number(v) : null;
}

/** How a child is told from its siblings in a counter name: cpy0, partition0, msg[lookup_lock]. */
function segment(el: XmlElement): string {
  const key = attr(el, 'idx') ?? attr(el, 'id') ?? attr(el, 'name') ?? attr(el, 'type');
  if (key === undefined || key === '') return el.name;
  return /^\d+$/.test(key) ? `${el.name}${key}` : `${el.name}[${key}]`;
}

/**
 * Counter names of children ("cpy0.ca." + "rh") are the same in every record and every file:
 * building and hashing them afresh ~7,000 times per Nv file was half the parse time, so they
 * are kept, per prefix. Bounded: the set of names is small, but files are untrusted.
 */
const keyCache = new Map<string, Map<string, string>>();
let cachedKeys = 0;

function counterKey(prefix: string, name: string): string {
  if (prefix === '') return name;
  let byName = keyCache.get(prefix);
  if (!byName) keyCache.set(prefix, (byName = new Map()));
  let key = byName.get(name);
  if (key === undefined) {
    if (++cachedKeys > 50_000) {
      keyCache.clear();
      cachedKeys = 0;
    }
    key = prefix + name;
    byName.set(name, key);
  }
  return key;
}

function addCounters(el: XmlElement, prefix: string, out: Record<string, number>): void {
  const { names, values } = el;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (IDENTITY.has(name)) continue;
    const v = decimal(values[i]!);
    if (v === null) continue;
    let key = counterKey(prefix, name);
    // Two same-named children without a key (rare), or a repeated attribute, must not overwrite.
    if (out[key] !== undefined) for (let k = 2; out[key] !== undefined; k++) key = `${prefix}${name}#${k}`;
    out[key] = v;
  }
  for (const child of el.children) addCounters(child, `${prefix}${segment(child)}.`, out);
}

/**
 * A record's id: its id, name or idx attribute, else the element's name. Nn lists partner nodes
 * of other clusters too, with the same node names (node1, node2): those get their cluster in
 * front. Also what counter-scan.ts names the records it packs, so both readers pair alike.
 */
export function recordId(attrs: { id?: string | null; name?: string | null; idx?: string | null; cluster?: string | null }, element: string, rootCluster: string | null): string {
  const id = attrs.id || attrs.name || attrs.idx || element;
  return attrs.cluster && rootCluster !== null && attrs.cluster !== rootCluster ? `${attrs.cluster}/${id}` : id;
}

function baseId(el: XmlElement, rootCluster: string | null): string {
  const clusterId = attr(el, 'cluster_id');
  const nodeId = attr(el, 'node_id');
  if (el.name === 'partnership' && (clusterId || nodeId)) return `${clusterId ?? ''}/${nodeId ?? ''}`;
  return recordId({ id: attr(el, 'id'), name: attr(el, 'name'), idx: attr(el, 'idx'), cluster: attr(el, 'cluster') }, el.name, rootCluster);
}

/** One SvcObject per record element (child of the root), in file order. */
export function snapshotObjects(root: XmlElement, rootCluster: string | null): SvcObject[] {
  const seen = new Map<string, number>();
  const objects: SvcObject[] = [];
  for (const el of root.children) {
    let id = baseId(el, rootCluster);
    const key = `${el.name}\u0000${id}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) id = `${id}#${count}`;
    const counters: Record<string, number> = {};
    addCounters(el, '', counters);
    objects.push({ id, idx: attr(el, 'idx') ?? null, element: el.name, counters });
  }
  return objects;
}
