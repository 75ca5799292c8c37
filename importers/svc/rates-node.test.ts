/**
 * Rates of node statistics (Nn, issue 24 item 4) from two snapshots of node1 ten minutes apart:
 * test-files/node1-ten-minutes/, written for these tests in the corpus node file's layout, with
 * the counters advanced by amounts chosen so that every rate is a round figure.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../test-support/corpus.js';
import { scanCounters } from './counter-scan.js';
import { svcIostatsImporter } from './iostats.js';
import { ratesBetween } from './rates.js';
import type { SvcRates, SvcSnapshot } from './types.js';

const DIR = path.join(REPO_ROOT, 'importers/svc/test-files/node1-ten-minutes');
const text = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');
const snapshot = (xml: string): SvcSnapshot => svcIostatsImporter.parse({ bytes: new TextEncoder().encode(xml), name: 'x' }).runs[0]!.tables['svc_snapshot'] as SvcSnapshot;
const NN0 = text('Nn_stats_78G00AA-1_240402_100000');
const NN1 = text('Nn_stats_78G00AA-1_240402_101000');
const close = (a: number | undefined, e: number): void => assert.ok(a !== undefined && Math.abs(a - e) < 1e-9, `expected ${e}, got ${a}`);

describe('node statistics (Nn): rates from consecutive snapshots', () => {
  const r = ratesBetween(snapshot(NN0), snapshot(NN1)) as SvcRates;
  const of = (id: string): Record<string, number> => {
    const o = r.objects.find((x) => x.id === id);
    assert.ok(o, `${id} among ${r.objects.map((x) => x.id).join(', ')}`);
    return o.metrics;
  };

  it('CPU busy from the busy milliseconds: 210,000 ms of 600 s is 35%', () => {
    assert.equal(r.intervalS, 600);
    close(of('node1 cpu')['cpu_pct'], 35);
    close(of('node1 cpu')['cpu_comp_pct'], 1);
    close(of('node1 cpu core 0')['cpu_pct'], 40);
    close(of('node1 cpu core 1')['cpu_pct'], 30);
  });

  it('port traffic with hosts, controllers and nodes, and link errors', () => {
    const p = of('node1 port 1');
    close(p['host_send_mib_s'], 50);
    close(p['host_recv_mib_s'], 100);
    close(p['host_send_per_s'], 1000);
    close(p['host_recv_per_s'], 2000);
    close(p['lnode_send_mib_s'], 10);
    close(p['ctrl_send_mib_s'], 0);
    close(p['link_errors_per_s'], 6 / 600);
    assert.equal(of('node1 port 2')['host_send_mib_s'], 0, 'an idle port is 0, not absent');
  });

  it('node-to-node messages, bytes, latency and queue time per message', () => {
    const n = of('node1 to node2');
    close(n['peer_recv_per_s'], 100);
    close(n['peer_send_per_s'], 200);
    close(n['peer_recv_mib_s'], 0.1);
    close(n['peer_send_mib_s'], 0.2);
    close(n['peer_recv_lat_ms'], 600 / 60000);
    close(n['peer_send_lat_ms'], 24000 / 120000);
    close(n['peer_send_queue_ms'], 36000 / 120000);
  });

  it('a counter that goes down (a node restart) makes that record\'s interval a gap', () => {
    const restarted = NN1.replace(/<cpu busy="\d+"/, '<cpu busy="1000"');
    const rr = ratesBetween(snapshot(NN0), snapshot(restarted)) as SvcRates;
    assert.deepEqual(rr.objects.find((o) => o.id === 'node1 cpu'), { id: 'node1 cpu', metrics: {}, reset: true, fallen: { counter: 'busy', from: 50_000_000, to: 1000 } });
    assert.equal(rr.objects.find((o) => o.id === 'node1 cpu core 0')!.reset, false);
  });

  it('what no rate comes from is listed by the scan: records, children and counters', () => {
    const scan = scanCounters(new TextEncoder().encode(NN1));
    assert.deepEqual(scan.snapshot!.elements, ['cpu', 'cpu_core', 'node', 'port']);
    assert.deepEqual(scan.unread.elements.sort(), ['dimm', 'partnership', 'uca']);
    assert.deepEqual(scan.unread.attributes.sort(), ['cpu.limited', 'node.lrb', 'node.lwb', 'port.bbcz', 'port.rxpwr', 'port.tmp', 'port.txpwr']);
    const nv = scanCounters(new TextEncoder().encode(text('Nv_stats_78G00AA-1_240402_101000')));
    assert.deepEqual(nv.unread.children.sort(), ['vdsk/ca', 'vdsk/cpy']);
    assert.deepEqual(nv.unread.attributes, [], 'volume files are not scanned for attribute names');
  });
});
