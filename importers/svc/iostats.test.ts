/**
 * The iostats importer on the five corpus XML files (every figure below read from the file by
 * hand, line numbers given), the XML scanner on hand-written edge cases, and bad input.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { svcIostatsImporter } from './iostats.js';
import type { SvcObject, SvcSnapshot } from './types.js';
import { parseXml } from './xml-scan.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const NV = 'svc/svci__FS5200_v8.6_Nv_stats_185301.xml';

function snapshotOf(rel: string): SvcSnapshot | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const r = svcIostatsImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(r.errors, [], rel);
  assert.equal(r.runs.length, 1);
  const run = r.runs[0]!;
  assert.deepEqual(run.warnings, [], `${rel}: no warnings expected`);
  const s = run.tables['svc_snapshot'] as SvcSnapshot;
  assert.equal(run.startMs, s.timeMs);
  assert.equal(run.endMs, s.timeMs);
  assert.equal(run.host, s.node);
  assert.equal(run.tool, 'svc');
  assert.deepEqual([run.params, run.metrics, run.series], [{}, {}, []]);
  return s;
}

const find = (s: SvcSnapshot, element: string, id: string): SvcObject => {
  const o = s.objects.find((x) => x.element === element && x.id === id);
  assert.ok(o, `no <${element}> ${id}`);
  return o;
};

// All five files: scope="node" id="node2" cluster="FS5200-4" node_id="0x0000000000000002" (line 6).
const ROOT = { node: 'node2', nodeId: '0x0000000000000002', cluster: 'FS5200-4', timeUnits: 'msec' };

describe('svc-iostats on the corpus', () => {
  it('Nv (volumes): root fields, 78 <vdsk>, counters of the children', (t) => {
    const s = snapshotOf(NV);
    if (!s) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual({ kind: s.kind, node: s.node, nodeId: s.nodeId, cluster: s.cluster, timeUnits: s.timeUnits, sizeUnitBytes: s.sizeUnitBytes },
      { kind: 'volume', ...ROOT, sizeUnitBytes: 512 }); // sizeUnits="512B" line 7
    assert.equal(s.timeMs, Date.UTC(2024, 2, 25, 18, 53, 1)); // timestamp_utc="2024-03-25 18:53:01" line 8
    assert.equal(s.objects.length, 78); // grep -c '<vdsk'
    assert.ok(s.objects.every((o) => o.element === 'vdsk'));
    const first = s.objects[0]!; // lines 9-41
    assert.deepEqual([first.id, first.idx], ['Compressed_Dedup_Volumes0', '12']);
    assert.equal(first.counters['ro'], 0);
    assert.equal(first.counters['cpy0.ca.rh'], 2078954852); // <cpy idx="0"><ca p="7391424" rh="2078954852" (line 33)
    assert.equal(first.counters['cpy0.ca.p'], 7391424);
    assert.equal(first.counters['cpy0.ca.ri'], 279199242); // line 35
    assert.equal(first.counters['ca.pp'], 0);
    assert.equal(first.counters['cl.bup'], 0);
    assert.equal(first.counters['idx'], undefined, 'identity attributes are not counters');
    const second = find(s, 'vdsk', 'Compressed_Dedup_Volumes1'); // <sr vdsksz="209715200" cmpsz="84258"/> line 58
    assert.equal(second.counters['sr.vdsksz'], 209715200);
    assert.equal(second.counters['sr.cmpsz'], 84258);
    const last = s.objects[77]!; // the last <vdsk>: id="demoRM4", <cpy idx="0"><ca ... v="64" ri="1" r="64">
    assert.equal(last.id, 'demoRM4');
    assert.deepEqual([last.counters['cpy0.ca.v'], last.counters['cpy0.ca.ri'], last.counters['cpy0.ca.r']], [64, 1, 64]);
    assert.equal(new Set(s.objects.map((o) => o.id)).size, 78, 'volume ids are unique');
  });

  it('Nm (MDisks): one <mdsk> with ms and µs counters and a <ca> child', (t) => {
    const s = snapshotOf('svc/svci__FS5200_v8.6_Nm_stats_185802.xml');
    if (!s) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual({ kind: s.kind, node: s.node, nodeId: s.nodeId, cluster: s.cluster, timeUnits: s.timeUnits }, { kind: 'mdisk', ...ROOT });
    assert.equal(s.timeMs, Date.UTC(2024, 2, 25, 18, 58, 2));
    assert.equal(s.objects.length, 1);
    const m = s.objects[0]!; // lines 9-15
    assert.deepEqual([m.id, m.idx, m.element], ['MDisk1', '0', 'mdsk']);
    assert.deepEqual(
      [m.counters['ro'], m.counters['wo'], m.counters['rb'], m.counters['wb'], m.counters['re'], m.counters['ure'], m.counters['uwq'], m.counters['ca.dtav']],
      [53558260, 127900, 536655083, 2019286550, 4144977, 4148033741, 147576696, 0],
    );
  });

  it('Nd (drives): <mdsk> records with id="" are named by idx', (t) => {
    const s = snapshotOf('svc/svci__FS5200_v8.6_Nd_stats_184801.xml');
    if (!s) return t.skip(SKIP_NO_CORPUS);
    assert.equal(s.kind, 'drive'); // namespace .../2010/03/driveStats, contains="driveStats"
    assert.equal(s.timeMs, Date.UTC(2024, 2, 25, 18, 48, 1));
    assert.deepEqual(s.objects.map((o) => o.id), ['0', '1', '2', '3', '4', '5', '6', '7']);
    const d3 = find(s, 'mdsk', '3'); // lines 21-24
    assert.deepEqual([d3.counters['ro'], d3.counters['rb'], d3.counters['uwe'], d3.counters['pre']], [366926325, 187817453728, 84788000, 0]);
  });

  it('Ng (volume groups): named by name=, one with no counters at all', (t) => {
    const s = snapshotOf('svc/svci__FS5200_v8.6_Ng_stats_185802.xml');
    if (!s) return t.skip(SKIP_NO_CORPUS);
    assert.equal(s.kind, 'vgroup');
    assert.deepEqual(s.objects.map((o) => [o.id, o.idx, o.element]), [['SafeguardedCopy_VolumeGroup', '0', 'volumegroup'], ['HA_Volume Group', '1', 'volumegroup']]);
    assert.deepEqual(s.objects[0]!.counters, {});
    assert.equal(Object.keys(s.objects[1]!.counters).length, 9); // rarp ... rharwc, line 13
  });

  it('Nn (node): cpu, cores, partner nodes, ports, caches in one snapshot, sizeUnits="1B"', (t) => {
    const s = snapshotOf('svc/svci__FS5200_v8.6_Nn_stats_185301.xml');
    if (!s) return t.skip(SKIP_NO_CORPUS);
    assert.equal(s.kind, 'node');
    assert.equal(s.sizeUnitBytes, 1);
    const count = (el: string): number => s.objects.filter((o) => o.element === el).length;
    assert.deepEqual(['cpu', 'cpu_core', 'dimm', 'node', 'partnership', 'port', 'uca', 'lca'].map(count), [1, 8, 4, 3, 3, 9, 1, 1]);
    assert.equal(find(s, 'cpu', 'cpu').counters['busy'], 127133203); // line 9
    // <node id="node1" cluster="FS5200-4" ... ro="1005386669"> (line 22); node1/node2 of FS5200-5 are partners.
    assert.equal(find(s, 'node', 'node1').counters['ro'], 1005386669);
    assert.equal(find(s, 'node', 'FS5200-5/node2').counters['wo'], 569917);
    assert.equal(find(s, 'node', 'FS5200-5/node1').counters['rb'], 2420231980);
    assert.equal(find(s, 'partnership', '0x00000204a0205a12/0x0000000000000001').counters['sl'], 265043074);
    const port2 = find(s, 'port', '2');
    assert.equal(port2.counters['hbr'], 278528);
    assert.equal(port2.counters['type_id'], undefined, 'type_id is an identity, not a counter');
    assert.equal(port2.counters['wwpn'], undefined);
    assert.equal(find(s, 'dimm', '1').counters['sn'], undefined, 'a serial number "02290531" is not a counter');
    assert.equal(find(s, 'messages_stats', 'messages_stats').counters['messages[sent].msg[lookup_lock].count'], 500195); // line 48
    assert.equal(find(s, 'lca', 'lca').counters['partition0.dca.p'], 22675136);
    assert.equal(find(s, 'replication', 'replication').counters['rjru'], 0); // rjru="0.00"
  });

  it('parses the 127 KB Nv file in a few ms', (t) => {
    const p = corpusFile(NV);
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const bytes = readBytes(p);
    for (let k = 0; k < 10; k++) svcIostatsImporter.parse({ bytes, name: 'warm-up' });
    const n = 50;
    const t0 = performance.now();
    for (let k = 0; k < n; k++) svcIostatsImporter.parse({ bytes, name: 'timed' });
    const ms = (performance.now() - t0) / n;
    t.diagnostic(`Nv parse: ${ms.toFixed(2)} ms per file (${bytes.length} bytes)`);
    assert.ok(ms < 25, `${ms} ms per parse: far slower than expected (~3 ms)`);
  });
});

const HEADER = (attrs: string): string =>
  `<?xml version="1.0" encoding="utf-8" ?>\n<diskStatsColl\n    xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats"\n    scope="node" id="node1" cluster="C1" node_id="0x1" sizeUnits="512B" timeUnits="msec" contains="virtualDiskStats" ${attrs}>\n`;

describe('svc-iostats: XML details and bad input', () => {
  it('entities, CRLF, <x .../> and <x ...>...</x>, comments, single quotes', () => {
    const xml = (HEADER('timestamp="2024-03-25 18:53:01" timezone="GMT+0:00" timestamp_utc="2024-03-25 18:53:01"')
      + '  <!-- a comment with <vdsk> inside -->\n'
      + `  <vdsk idx="1" id="A&amp;B &lt;1&gt; &quot;q&quot; &apos;s&apos;" ro="5" wo='6'>\n    <ca rh="1"/>\n    <cpy idx="0"><ca rh="2" /></cpy>\n    <cpy idx="1">\n      <ca rh="3"></ca>\n    </cpy>\n  </vdsk>\n`
      + '  <vdsk idx="2" id="v&#50;" ro="7"\n        wo="8"/>\n</diskStatsColl>\n').replace(/\n/g, '\r\n');
    const r = svcIostatsImporter.parse({ bytes: enc(xml), name: 'x' });
    assert.deepEqual(r.errors, []);
    const s = r.runs[0]!.tables['svc_snapshot'] as SvcSnapshot;
    assert.equal(s.objects.length, 2);
    assert.equal(s.objects[0]!.id, 'A&B <1> "q" \'s\'');
    assert.deepEqual(s.objects[0]!.counters, { ro: 5, wo: 6, 'ca.rh': 1, 'cpy0.ca.rh': 2, 'cpy1.ca.rh': 3 });
    assert.deepEqual([s.objects[1]!.id, s.objects[1]!.counters], ['v2', { ro: 7, wo: 8 }]);
    assert.equal(r.runs[0]!.name, 'volume stats node1 2024-03-25T18:53:01Z');
  });

  it('without timestamp_utc: timestamp is local time at the timezone GMT offset', () => {
    const xml = `${HEADER('timestamp="2024-03-25 20:53:01" timezone="GMT+2:00"')}<vdsk idx="0" id="v" ro="1"/></diskStatsColl>`;
    const s = svcIostatsImporter.parse({ bytes: enc(xml), name: 'x' }).runs[0]!.tables['svc_snapshot'] as SvcSnapshot;
    assert.equal(s.timeMs, Date.UTC(2024, 2, 25, 18, 53, 1));
    const noZone = svcIostatsImporter.parse({ bytes: enc(`${HEADER('timestamp="2024-03-25 20:53:01"')}<vdsk idx="0" id="v"/></diskStatsColl>`), name: 'x' });
    assert.match(noZone.runs[0]!.warnings.join(' '), /read as UTC/);
  });

  it('timestamp_utc wins over timestamp + timezone, with a warning when they disagree', () => {
    const xml = `${HEADER('timestamp="2024-03-25 20:53:01" timezone="GMT+1:00" timestamp_utc="2024-03-25 18:53:01"')}<vdsk idx="0" id="v"/></diskStatsColl>`;
    const run = svcIostatsImporter.parse({ bytes: enc(xml), name: 'x' }).runs[0]!;
    assert.equal((run.tables['svc_snapshot'] as SvcSnapshot).timeMs, Date.UTC(2024, 2, 25, 18, 53, 1));
    assert.match(run.warnings.join(' '), /disagrees with timestamp_utc/);
    // No namespace: `contains` says the kind.
    const bare = '<diskStatsColl contains="managedDiskStats" id="n1" timestamp_utc="2024-03-25 18:53:01"><mdsk idx="0" id="m" ro="1"/></diskStatsColl>';
    const s = svcIostatsImporter.parse({ bytes: enc(bare), name: 'x' }).runs[0]!.tables['svc_snapshot'] as SvcSnapshot;
    assert.equal(s.kind, 'mdisk');
  });

  it('truncated file: an error with the line, no run', (t) => {
    const p = corpusFile(NV);
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const text = fs.readFileSync(p, 'utf8');
    // Cut inside the value of id="HA_Volume0" (line 598 of the file).
    const cutInValue = text.slice(0, text.indexOf('id="HA_Volume0"') + 8);
    const a = svcIostatsImporter.parse({ bytes: enc(cutInValue), name: 'cut' });
    assert.equal(a.runs.length, 0);
    assert.equal(a.errors.length, 1);
    assert.equal(a.errors[0]!.line, 598);
    assert.match(a.errors[0]!.message, /never closed/);
    // Cut after a whole record: the root is never closed; reported at the end of the text.
    const afterRecord = text.slice(0, text.indexOf('</vdsk>') + '</vdsk>'.length);
    const b = svcIostatsImporter.parse({ bytes: enc(afterRecord), name: 'cut' });
    assert.equal(b.runs.length, 0);
    assert.match(b.errors[0]!.message, /<diskStatsColl> opened on line 2 is never closed/);
    assert.equal(b.errors[0]!.line, afterRecord.split('\n').length);
  });

  it('empty, mismatched tags, a second root, an unknown entity, an unknown kind, no records', () => {
    assert.match(svcIostatsImporter.parse({ bytes: enc(''), name: 'e' }).errors[0]!.message, /empty/);
    const bad = (xml: string): { message: string; line?: number } => {
      const r = svcIostatsImporter.parse({ bytes: enc(xml), name: 'x' });
      assert.equal(r.runs.length, 0, xml);
      return r.errors[0]!;
    };
    const h = HEADER('timestamp_utc="2024-03-25 18:53:01"');
    assert.deepEqual(bad(`${h}<vdsk id="a">\n</cpy></diskStatsColl>`), { message: 'not well-formed XML: closing tag </cpy> does not match <vdsk> opened on line 5', line: 6 });
    assert.match(bad(`${h}</diskStatsColl><diskStatsColl/>`).message, /second root/);
    assert.match(bad(`${h}<vdsk id="a&nbsp;b"/></diskStatsColl>`).message, /entity/);
    assert.match(bad(`${h}<vdsk id=a/></diskStatsColl>`).message, /not quoted/);
    assert.match(bad('not xml at all').message, /no XML element/);
    const unknown = svcIostatsImporter.parse({ bytes: enc('<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2023/01/hostStats" contains="hostStats" id="n" timestamp_utc="2024-03-25 18:53:01"></diskStatsColl>'), name: 'x' });
    assert.deepEqual([unknown.runs.length, unknown.errors.length], [0, 0]);
    assert.match(unknown.warnings[0]!.message, /unknown kind/);
    const empty = svcIostatsImporter.parse({ bytes: enc(`${h}</diskStatsColl>`), name: 'x' });
    assert.match(empty.runs[0]!.warnings.join(' '), /no volume records/);
  });

  it('the scanner alone: attributes in file order, children nested', () => {
    const r = parseXml('<a x="1" y="2"><b z="3"><c/></b></a>');
    assert.ok(r.root);
    assert.deepEqual([r.root.names, r.root.values], [['x', 'y'], ['1', '2']]);
    assert.equal(r.root.children[0]!.children[0]!.name, 'c');
  });
});
