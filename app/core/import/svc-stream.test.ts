/**
 * The streaming aggregation (svc-stream.ts) against the one that holds every parsed snapshot
 * (the importer's parseSnapshot, then aggregateSnapshots with ratesBetween): the same run, to
 * the last bit of every value, and the same warnings, on study S1's generated week and on the
 * corpus files moved on in time with their traps (resets, missing dumps, renamed files, files
 * of the same time, another node id, MDisks, drives, node files).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { corpusFile, REPO_ROOT, SKIP_NO_CORPUS } from '../../../importers/test-support/corpus.js';
import { ratesBetween, svcIostatsImporter, type SvcSnapshot } from '../../../importers/svc/index.js';
import type { ParsedRun } from '../../../importers/types.js';
import { tempDir } from '../test-support/temp.js';
import { aggregateSnapshots } from './svc-aggregate.js';
import { aggregateSvcFiles, svcStageInfo, type SvcFileInput } from './svc-stream.js';

interface File {
  name: string;
  bytes: Uint8Array;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The old way: every file parsed and held, files with errors left out (the pipeline fails them). */
function held(files: readonly File[]): { run: ParsedRun | null; warnings: string[] } {
  const snapshots: SvcSnapshot[] = [];
  for (const f of files) {
    const r = svcIostatsImporter.parse({ bytes: f.bytes, name: f.name });
    if (r.errors.length === 0 && r.runs[0]) snapshots.push(r.runs[0].tables['svc_snapshot'] as SvcSnapshot);
  }
  const a = aggregateSnapshots(snapshots, ratesBetween);
  return { run: a?.run ?? null, warnings: a?.warnings ?? [] };
}

function inputs(files: readonly File[], reads?: number[]): SvcFileInput[] {
  return files.map((f, index) => ({
    index,
    path: f.name,
    info: svcStageInfo(f.bytes.subarray(0, 64 * 1024)),
    read: () => {
      if (reads) reads[index] = (reads[index] ?? 0) + 1;
      return f.bytes;
    },
  }));
}

/** Series in a fixed order, arrays as plain numbers: deepEqual then compares every double. */
function comparable(run: ParsedRun | null): unknown {
  if (!run) return null;
  const series = [...run.series]
    .sort((a, b) => (a.object < b.object ? -1 : a.object > b.object ? 1 : a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0))
    .map((s) => ({ ...s, times: [...s.times], values: [...s.values] }));
  return { ...run, series };
}

function assertSame(files: readonly File[]): ReturnType<typeof aggregateSvcFiles> {
  const old = held(files);
  const streamed = aggregateSvcFiles(inputs(files));
  assert.deepEqual(comparable(streamed.run), comparable(old.run));
  // aggregateSnapshots returns null without its warnings when there is no run.
  if (old.run) assert.deepEqual(streamed.warnings, old.warnings);
  return streamed;
}

/** The corpus file with its time moved on, its node renamed and chosen counters of one record increased. */
function advanced(xml: string, o: { node?: string; nodeId?: string; seconds: number; record?: string; add?: Record<string, number> }): string {
  const shift = (stamp: string): string => new Date(Date.parse(`${stamp.replace(' ', 'T')}Z`) + o.seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
  let out = xml.replace(/(timestamp(?:_utc)?)="([^"]+)"/g, (_, k: string, v: string) => `${k}="${shift(v)}"`);
  if (o.node) out = out.replace(/ id="node2"/, ` id="${o.node}"`);
  if (o.nodeId) out = out.replace(/node_id="0x0000000000000002"/, `node_id="${o.nodeId}"`);
  if (o.record && o.add) {
    const add = o.add;
    out = out.replace(new RegExp(`(<(?:vdsk|mdsk)[^>]*?id="${o.record}"[^>]*>)`), (el: string) =>
      el.replace(/\b(\w+)="(\d+)"/g, (m, k: string, v: string) => (add[k] !== undefined ? `${k}="${Math.max(0, Number(v) + add[k]!)}"` : m)));
  }
  return out;
}

const corpus = (rel: string): string | null => {
  const p = corpusFile(rel);
  return p ? fs.readFileSync(p, 'utf8') : null;
};

describe('SVC statistics, streamed one file at a time', () => {
  it('study S1 (two nodes, 16 volumes, three days of 5-minute files): the same run as holding every snapshot', async () => {
    const dir = tempDir();
    const { generate } = (await import(pathToFileURL(path.join(REPO_ROOT, 'samples/svc/generate.mjs')).href)) as { generate(d: string, o?: object): number };
    generate(dir, { days: 3 });
    const files = fs.readdirSync(dir).sort().map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(dir, name))) }));
    assert.equal(files.length, 2 * 3 * 288);
    const r = assertSame(files);
    assert.equal(r.run!.series.length, 16 * 11, 'no cache counters in the generated files: 11 metrics per volume');
    assert.equal((r.run!.tables['svc'] as { intervals: number }).intervals, 3 * 288 - 1);
    assert.ok([...r.perFile.values()].every((f) => f.status === 'used' && f.errors.length === 0));
  });

  it('volumes on two nodes with a reset, a missing dump, two files of the same time and renamed files', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const v = 'Compressed_Dedup_Volumes0';
    const w = 'Compressed_Dedup_Volumes1';
    const files: File[] = [];
    const put = (name: string, text: string): void => void files.push({ name, bytes: enc(text) });
    for (let k = 0; k < 6; k++) {
      // node2 at 0, 300, ...; its file at 900 s is missing. node1 2 s later, with a reset of w at 1200 s.
      if (k !== 3) put(`n2_${k}`, advanced(xml, { seconds: k * 300, record: v, add: { ro: 3000 * k, rb: 48000 * k, rl: 15000 * k, wo: 10 * k, wl: 7 * k } }));
      const wAdd: Record<string, number> = k === 4 ? { ro: -1_000_000, rb: -1_000_000 } : { ro: 100 * k, rb: 1600 * k, rl: 90 * k };
      const n1 = advanced(advanced(xml, { node: 'node1', nodeId: '0x0000000000000001', seconds: k * 300 + 2, record: v, add: { ro: 1500 * k, rl: 15000 * k } }), { seconds: 0, record: w, add: wAdd });
      put(`renamed-${5 - k}.txt`, n1);
    }
    put('duplicate', advanced(xml, { seconds: 600, record: v, add: { ro: 6000, rb: 96000, rl: 30000, wo: 20, wl: 14 } }));
    const r = assertSame(files);
    const iops = r.run!.series.find((s) => s.object === v && s.metric === 'read.iops')!;
    assert.ok(iops.values.length >= 3, 'rates summed over both nodes');
    assert.match(r.warnings.join(' '), /same time/);
    assert.match(r.warnings.join(' '), /counter go down/);
    assert.match(r.warnings.join(' '), /lacked a node's figures/);
  });

  it('another node id under the same name, changed sizeUnits, a truncated file', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const files: File[] = [
      { name: 'a', bytes: enc(xml) },
      { name: 'b', bytes: enc(advanced(xml, { seconds: 300, nodeId: '0x0000000000000009' })) },
      { name: 'c', bytes: enc(advanced(xml, { seconds: 600 })) },
      { name: 'd', bytes: enc(advanced(xml, { seconds: 900 }).replace('sizeUnits="512B"', 'sizeUnits="1B"')) },
      { name: 'e', bytes: enc(advanced(xml, { seconds: 1200 }).slice(0, 30_000)) },
      { name: 'f', bytes: enc(advanced(xml, { seconds: 1500, record: 'Compressed_Dedup_Volumes0', add: { ro: 600, rb: 9000 } }).replace('sizeUnits="512B"', 'sizeUnits="1B"')) },
    ];
    const r = assertSame(files);
    assert.ok(r.run, 'd -> f, over the truncated e');
    assert.match(r.warnings.join(' '), /different nodes/);
    assert.match(r.warnings.join(' '), /sizeUnits changed/);
    const e = r.perFile.get(4)!;
    assert.equal(e.status, 'failed');
    assert.match(e.errors[0]!.message, /not well-formed XML/);
    assert.equal(r.perFile.get(5)!.status, 'used');
  });

  it('MDisks (µs counters), drives and node files of two nodes', (t) => {
    const nm = corpus('svc/svci__FS5200_v8.6_Nm_stats_185802.xml');
    const nd = corpus('svc/svci__FS5200_v8.6_Nd_stats_184801.xml');
    const nn = corpus('svc/svci__FS5200_v8.6_Nn_stats_185301.xml');
    const ng = corpus('svc/svci__FS5200_v8.6_Ng_stats_185802.xml');
    if (!nm || !nd || !nn || !ng) return t.skip(SKIP_NO_CORPUS);
    const files: File[] = [];
    for (let k = 0; k < 3; k++) {
      for (const [node, nodeId, skew] of [['node2', undefined, 0], ['node1', '0x0000000000000001', 1]] as const) {
        const o = (record: string, add: Record<string, number>) => ({ node, nodeId, seconds: k * 300 + skew, record, add });
        files.push({ name: `m${k}${node}`, bytes: enc(advanced(nm, o('MDisk1', { ro: 500 * k, wo: 50 * k, ure: 700_000 * k, uwe: 90_000 * k, urq: 1000 * k, uwq: 10 * k, re: 700 * k })) ) });
        files.push({ name: `d${k}${node}`, bytes: enc(advanced(nd, o('3', { ro: 100 * k, wo: 7 * k, re: 300 * k, we: 20 * k, rb: 800 * k })) ) });
        files.push({ name: `n${k}${node}`, bytes: enc(advanced(nn, { node, nodeId, seconds: k * 300 + skew })) });
        files.push({ name: `g${k}${node}`, bytes: enc(advanced(ng, { node, nodeId, seconds: k * 300 + skew })) });
      }
    }
    const r = assertSame(files);
    const objects = new Set(r.run!.series.map((s) => s.object));
    assert.ok(objects.has('mdisk MDisk1') && objects.has('drive 3'));
    assert.ok(r.run!.series.some((s) => s.metric === 'read.queue_avg_ms'));
  });

  it('every kind of one node ten minutes apart (importers/svc/test-files): node CPU, ports and links per node, as held', () => {
    const dir = path.join(REPO_ROOT, 'importers/svc/test-files/node1-ten-minutes');
    const files = fs.readdirSync(dir).sort().map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(dir, name))) }));
    // node2's files: the same counters, two seconds later; its objects are its own, never summed with node1's.
    const node2 = files.filter((f) => f.name.startsWith('Nn')).map((f) => ({
      name: `${f.name}-node2`,
      bytes: enc(advanced(new TextDecoder().decode(f.bytes).replace(/ id="node1" cluster="FS7300-1" node_id="0x0000000000000001"/, ' id="node2" cluster="FS7300-1" node_id="0x0000000000000002"'), { seconds: 2 })),
    }));
    const r = assertSame([...files, ...node2]);
    const cpu = r.run!.series.filter((s) => s.metric === 'cpu_pct' && / cpu$/.test(s.object));
    assert.deepEqual(cpu.map((s) => [s.object, [...s.values]]).sort(), [['node1 cpu', [35]], ['node2 cpu', [35]]]);
    assert.deepEqual(r.unread.length, 4);
  });

  it('hand-written records: missing counters, a repeated id, another cluster\'s record, decimals, entities', () => {
    const doc = (node: string, stamp: string, records: string): string =>
      `<?xml version="1.0"?>\n<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats" id="${node}" cluster="C1" sizeUnits="512B" timeUnits="msec" contains="virtualDiskStats" timestamp_utc="2024-03-25 ${stamp}">\n${records}</diskStatsColl>\n`;
    const recs = (k: number): string => [
      `<vdsk idx="0" id="a&amp;b" ro="${100 * k}" wo="${10 * k}" rb="${800 * k}" wb="${80 * k}" rl="${250 * k}" wl="${5 * k}" rlw="${k * 1000}" ctrs="${50 * k}" ctrhs="${20 * k}"><ca rh="1"/></vdsk>`,
      `<vdsk idx="1" id="dup" ro="${k}" wo="0"/>`,
      `<vdsk idx="2" id="dup" ro="${3 * k}" wo="${k}" rl="1.5" wl="${k}"/>`,
      `<vdsk idx="3" id="dup#2" ro="${7 * k}" wo="${k}"/>`,
      `<vdsk idx="4" id="x" cluster="C2" ro="${5 * k}" wo="${2 * k}" rb="1e3"/>`,
      `<vdsk idx="5" name="byname" ro="${k}" ro="${99 * k}" wo="-${k}"/>`,
      `<vdsk idx="6" ro="${k}" wo="${k}" rb="${k}" wb="${k}"/>`,
      `<vdsk id="" idx="" ro="${k}" wo="${k}" rlw="${k}" wlw="7"/>`,
      '<other id="o" ro="1"/>',
    ].join('\n');
    const files: File[] = [];
    for (let k = 0; k < 4; k++) {
      files.push({ name: `n1-${k}`, bytes: enc(doc('n1', `18:${String(k * 5).padStart(2, '0')}:01`, recs(k + 1))) });
      files.push({ name: `n2-${k}`, bytes: enc(doc('n2', `18:${String(k * 5).padStart(2, '0')}:04`, recs(2 * k + 1))) });
    }
    const r = assertSame(files);
    assert.ok(r.run!.series.some((s) => s.object === 'a&b' && s.metric === 'read.cache_hit_pct'));
    assert.ok(r.run!.series.some((s) => s.object === 'C2/x'));
  });

  it('nothing to difference: no run, the reason said; a lone file is still used', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const r = assertSame([{ name: 'a', bytes: enc(xml) }]);
    assert.equal(r.run, null);
    assert.match(r.warnings.join(' '), /no two snapshots of the same node/);
    assert.equal(r.perFile.get(0)!.status, 'used');
    assert.deepEqual(aggregateSvcFiles([]), { run: null, warnings: [], perFile: new Map(), unread: [] });
  });
});

describe('SVC streaming: staging, reading, progress, cancel', () => {
  it('svcStageInfo reads the root from the head; unknown kinds and cut heads say why', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const info = svcStageInfo(enc(xml).subarray(0, 4096));
    assert.ok(!('error' in info));
    assert.deepEqual({ ...info }, {
      kind: 'volume', node: 'node2', nodeId: '0x0000000000000002', cluster: 'FS5200-4', timeMs: Date.UTC(2024, 2, 25, 18, 53, 1),
      sizeUnitBytes: 512, timeUnits: 'msec', warnings: [],
    });
    const cut = svcStageInfo(enc(xml).subarray(0, xml.indexOf('timestamp=')));
    assert.match((cut as { error: string }).error, /cannot be read from the first/);
    const unknown = svcStageInfo(enc('<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2023/01/hostStats" contains="hostStats" id="n" timestamp_utc="2024-03-25 18:53:01">'));
    assert.match((unknown as { error: string }).error, /unknown kind/);
    // A drop that mixes in statistics of another kind: those files are skipped, not failed.
    const unknownBytes = enc('<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2023/01/hostStats" contains="hostStats" id="n" timestamp_utc="2024-03-25 18:53:01"></diskStatsColl>');
    const mixed = aggregateSvcFiles([{ index: 7, path: 'host.xml', read: () => unknownBytes, info: svcStageInfo(unknownBytes) }]);
    assert.equal(mixed.perFile.get(7)!.status, 'unread');
    const broken = aggregateSvcFiles([{ index: 8, path: 'cut.xml', read: () => enc('<diskStatsColl'), info: svcStageInfo(enc('<diskStatsColl')) }]);
    assert.equal(broken.perFile.get(8)!.status, 'failed');
    assert.match((svcStageInfo(enc('{"not": "xml"}')) as { error: string }).error, /not an SVC iostats/);
  });

  it('each file read once when staged info is given; read() for the header otherwise; progress per file; cancel throws through', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const files = [0, 1, 2].map((k) => ({ name: `f${k}`, bytes: enc(advanced(xml, { seconds: 300 * k })) }));
    const reads: number[] = [];
    const progress: Array<[number, number, string]> = [];
    aggregateSvcFiles(inputs(files, reads), { onFile: (done, total, p) => void progress.push([done, total, p]) });
    assert.deepEqual(reads, [1, 1, 1]);
    assert.deepEqual(progress, [[1, 3, 'f0'], [2, 3, 'f1'], [3, 3, 'f2']]);
    const noInfo = inputs(files, (reads.length = 0, reads)).map(({ info: _, ...f }) => f);
    assert.ok(aggregateSvcFiles(noInfo).run);
    assert.deepEqual(reads, [2, 2, 2]);
    let calls = 0;
    assert.throws(() => aggregateSvcFiles(inputs(files), { checkCancel: () => { if (++calls === 2) throw new Error('cancelled'); } }), /cancelled/);
  });

  it('a file changed between staging and reading is an error of that file', (t) => {
    const xml = corpus('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const files = inputs([0, 1].map((k) => ({ name: `f${k}`, bytes: enc(advanced(xml, { seconds: 300 * k })) })));
    files[1] = { ...files[1]!, read: () => enc(advanced(xml, { seconds: 900 })) };
    const r = aggregateSvcFiles(files);
    assert.equal(r.perFile.get(1)!.status, 'failed');
    assert.match(r.perFile.get(1)!.errors[0]!.message, /changed after it was staged/);
  });
});
