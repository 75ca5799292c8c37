/**
 * ratesBetween against hand computations: a corpus file and a copy of it made 300 s later with
 * known counter advances (string edits of the XML, so the importer reads both the real way).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { aggregateSnapshots } from '../../app/core/import/svc-aggregate.js';
import { corpusFile, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { svcIostatsImporter } from './iostats.js';
import { ratesBetween } from './rates.js';
import type { SvcObjectRates, SvcRates, SvcSnapshot } from './types.js';

const NV = 'svc/svci__FS5200_v8.6_Nv_stats_185301.xml';
const NM = 'svc/svci__FS5200_v8.6_Nm_stats_185802.xml';
const ND = 'svc/svci__FS5200_v8.6_Nd_stats_184801.xml';
const MIB = 2 ** 20;

const read = (rel: string): string | null => {
  const p = corpusFile(rel);
  return p ? fs.readFileSync(p, 'utf8') : null;
};

function snapshot(xml: string): SvcSnapshot {
  const r = svcIostatsImporter.parse({ bytes: new TextEncoder().encode(xml), name: 'edited' });
  assert.deepEqual(r.errors, []);
  return r.runs[0]!.tables['svc_snapshot'] as SvcSnapshot;
}

/**
 * Edits the attributes of the record whose start tag holds `anchor` (e.g. id="HA_Volume0"):
 * `add` advances counters, `set` overwrites them. Only that start tag is touched.
 */
function edit(xml: string, anchor: string, add: Record<string, number>, set: Record<string, number> = {}): string {
  const at = xml.indexOf(anchor);
  assert.ok(at >= 0, anchor);
  const start = xml.lastIndexOf('<', at);
  const end = xml.indexOf('>', at);
  let tag = xml.slice(start, end);
  for (const [k, v] of Object.entries({ ...add, ...set })) {
    const re = new RegExp(`(\\s${k}=")(\\d+)"`);
    assert.ok(re.test(tag), `${k} in ${anchor}`);
    tag = tag.replace(re, (_m, head: string, old: string) => `${head}${k in set ? v : Number(old) + v}"`);
  }
  return xml.slice(0, start) + tag + xml.slice(end);
}

/** Moves timestamp and timestamp_utc (both "YYYY-MM-DD HH:MM:SS", UTC here) by `seconds`. */
function later(xml: string, seconds: number): string {
  return xml.replace(/(timestamp(?:_utc)?=")([^"]+)"/g, (_m, head: string, ts: string) => {
    const ms = Date.parse(`${ts.replace(' ', 'T')}Z`) + seconds * 1000;
    return `${head}${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}"`;
  });
}

const ok = (r: ReturnType<typeof ratesBetween>): SvcRates => {
  assert.ok(!('error' in r), 'error' in r ? r.error : '');
  return r;
};
const objectOf = (r: SvcRates, id: string): SvcObjectRates => {
  const o = r.objects.find((x) => x.id === id);
  assert.ok(o, id);
  return o;
};

const BASE = { ro: 1_000_000, wo: 500_000, rb: 64_000_000, wb: 32_000_000, rl: 2_000_000, wl: 700_000, ctrs: 60_000_000, ctrhs: 40_000_000, ctws: 30_000_000, ctwhs: 9_000_000 };
const STEP = { ro: 3000, wo: 1500, rb: 48000, wb: 96000, rl: 15000, wl: 3000, ctrs: 48000, ctrhs: 36000, ctws: 96000, ctwhs: 24000 };

describe('ratesBetween: volumes (Nv)', () => {
  it('one volume advanced by known amounts over 300 s', (t) => {
    const xml = read(NV);
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const prevXml = edit(xml, 'id="HA_Volume0"', BASE);
    const nextXml = later(edit(prevXml, 'id="HA_Volume0"', STEP, { rlw: 40000, wlw: 9000 }), 300);
    const r = ok(ratesBetween(snapshot(prevXml), snapshot(nextXml)));
    assert.equal(r.intervalS, 300);
    assert.equal(r.objects.length, 78);
    const v = objectOf(r, 'HA_Volume0');
    assert.equal(v.reset, false);
    assert.deepEqual(v.metrics, {
      'read.iops': 10, // 3000 ops / 300 s
      'write.iops': 5,
      'total.iops': 15,
      'read.bw_mib_s': (48000 * 512) / 300 / MIB, // blocks x sizeUnits 512 B
      'write.bw_mib_s': (96000 * 512) / 300 / MIB,
      'total.bw_mib_s': ((48000 + 96000) * 512) / 300 / MIB,
      'read.lat_avg_ms': 5, // 15000 ms / 3000 ops
      'write.lat_avg_ms': 2, // 3000 / 1500
      'total.lat_avg_ms': 4, // (15000 + 3000) / 4500: weighted, not (5 + 2) / 2
      'read.lat_peak_ms': 40, // rlw 40000 µs, not differenced
      'write.lat_peak_ms': 9,
      'read.cache_hit_pct': 75, // 36000 / 48000 hit sectors
      'write.cache_hit_pct': 25, // 24000 / 96000
    });
    // An idle volume: zero rates, and no latency (0 ops: 0/0 is not 0 ms).
    assert.deepEqual(objectOf(r, 'HA_Volume1').metrics, {
      'read.iops': 0, 'write.iops': 0, 'total.iops': 0, 'read.bw_mib_s': 0, 'write.bw_mib_s': 0, 'total.bw_mib_s': 0,
      'read.lat_peak_ms': 0, 'write.lat_peak_ms': 0,
    });
  });

  it('a counter that goes down is a reset: no metrics, a gap', (t) => {
    const xml = read(NV);
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const prevXml = edit(xml, 'id="HA_Volume0"', BASE);
    // The node restarted: ro fell from 1,000,000 to 2,000 (the delfin fixture's trap, FORMATS.md 4.1).
    const nextXml = later(edit(prevXml, 'id="HA_Volume0"', { wo: 1500 }, { ro: 2000 }), 300);
    const r = ok(ratesBetween(snapshot(prevXml), snapshot(nextXml)));
    assert.deepEqual(objectOf(r, 'HA_Volume0'), { id: 'HA_Volume0', metrics: {}, reset: true, fallen: { counter: 'ro', from: BASE.ro, to: 2000 } }, 'the counter that went down is named');
    assert.equal(objectOf(r, 'HA_Volume1').reset, false, 'other volumes are not affected');
    // A cache counter going down is a reset too.
    const cache = later(edit(prevXml, 'id="HA_Volume0"', {}, { ctrs: 5 }), 300);
    assert.equal(objectOf(ok(ratesBetween(snapshot(prevXml), snapshot(cache))), 'HA_Volume0').reset, true);
  });

  it('other node, other kind, same time, time going back: error values', (t) => {
    const xml = read(NV);
    const nm = read(NM);
    if (!xml || !nm) return t.skip(SKIP_NO_CORPUS);
    const a = snapshot(xml);
    const otherNode = snapshot(later(xml.replace('id="node2"', 'id="node1"').replace('node_id="0x0000000000000002"', 'node_id="0x0000000000000001"'), 300));
    const e1 = ratesBetween(a, otherNode);
    assert.ok('error' in e1 && /different nodes/.test(e1.error), JSON.stringify(e1));
    const e2 = ratesBetween(a, snapshot(nm));
    assert.ok('error' in e2 && /volume statistics against mdisk/.test(e2.error), JSON.stringify(e2));
    const e3 = ratesBetween(a, a);
    assert.ok('error' in e3 && /not later/.test(e3.error));
    const e4 = ratesBetween(snapshot(later(xml, 300)), a);
    assert.ok('error' in e4);
  });

  it('feeds the pipeline aggregation: a volume summed over two nodes', (t) => {
    const xml = read(NV);
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const asNode1 = (x: string): string => x.replace('id="node2"', 'id="node1"').replace('node_id="0x0000000000000002"', 'node_id="0x0000000000000001"');
    const p2 = edit(xml, 'id="HA_Volume0"', BASE);
    const n2 = later(edit(p2, 'id="HA_Volume0"', STEP), 300);
    const p1 = asNode1(later(p2, 4)); // node1 dumps 4 s later, as real nodes do
    const n1 = asNode1(later(edit(p2, 'id="HA_Volume0"', { ro: 6000, rl: 6000 }), 304));
    const result = aggregateSnapshots([p2, n2, p1, n1].map(snapshot), ratesBetween);
    assert.ok(result);
    const iops = result.run.series.find((s) => s.object === 'HA_Volume0' && s.metric === 'read.iops');
    assert.ok(iops);
    assert.deepEqual([...iops.values], [10 + 20], 'node2 10 IOPS + node1 20 IOPS');
    const lat = result.run.series.find((s) => s.object === 'HA_Volume0' && s.metric === 'read.lat_avg_ms')!;
    assert.ok(Math.abs(lat.values[0]! - (10 * 5 + 20 * 1) / 30) < 1e-12, 'latency weighted by each node\'s IOPS');
  });
});

describe('ratesBetween: MDisks (Nm) and drives (Nd)', () => {
  it('MDisk latency from the µs counters ure/uwe, queue time from urq/uwq, peaks from pre/pwe', (t) => {
    const xml = read(NM);
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    // re/we (whole ms) are advanced by different amounts: the µs counters must win.
    const next = later(edit(xml, 'id="MDisk1"', { ro: 6000, wo: 3000, rb: 120000, wb: 6000, ure: 30_000_000, uwe: 3_000_000, re: 29_000, we: 2_000, urq: 1_200_000, uwq: 300_000, rq: 1000, wq: 100 }, { pre: 12, pwe: 7 }), 600);
    const r = ok(ratesBetween(snapshot(xml), snapshot(next)));
    assert.equal(r.intervalS, 600);
    assert.deepEqual(objectOf(r, 'MDisk1').metrics, {
      'read.iops': 10, 'write.iops': 5, 'total.iops': 15,
      'read.bw_mib_s': (120000 * 512) / 600 / MIB, 'write.bw_mib_s': (6000 * 512) / 600 / MIB, 'total.bw_mib_s': (126000 * 512) / 600 / MIB,
      'read.lat_avg_ms': 5, // 30,000,000 µs / 1000 / 6000 ops
      'write.lat_avg_ms': 1,
      'total.lat_avg_ms': 33_000 / 9000,
      'read.queue_avg_ms': 0.2, // 1,200,000 µs / 1000 / 6000
      'write.queue_avg_ms': 0.1,
      'total.queue_avg_ms': 1500 / 9000,
      'read.lat_peak_ms': 12,
      'write.lat_peak_ms': 7,
    });
  });

  it('without µs counters, the ms ones; drives are named by idx', (t) => {
    const xml = read(ND);
    if (!xml) return t.skip(SKIP_NO_CORPUS);
    const strip = (x: string): string => x.replace(/\s(ure|uwe|urq|uwq)="\d+"/g, '');
    const prev = strip(xml);
    const next = later(edit(prev, 'idx="3"', { ro: 300, wo: 0, re: 600, rq: 900 }), 60);
    const r = ok(ratesBetween(snapshot(prev), snapshot(next)));
    const d = objectOf(r, '3');
    assert.equal(d.metrics['read.iops'], 5);
    assert.equal(d.metrics['read.lat_avg_ms'], 2);
    assert.equal(d.metrics['read.queue_avg_ms'], 3);
    assert.equal(d.metrics['write.lat_avg_ms'], undefined, 'no writes, no write latency');
    assert.equal(objectOf(r, '0').metrics['read.iops'], 0);
  });
});
