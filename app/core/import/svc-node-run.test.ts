/**
 * A run of SVC node statistics (issue 34 item 4): two Nn snapshots of one node ten minutes apart
 * (importers/svc/test-files/nn-pair/, written by test-support/svc-node-stats.ts with every rate a
 * round figure) give a run with figures (CPU busy, host read and write bandwidth, host commands,
 * back-end data, link errors, node-to-node traffic and latency), not an empty run; a pair with a
 * wrapped counter and a counter one file lacks (nn-pair-counter-reset/) names each, and why.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ratesBetween, svcIostatsImporter, type SvcSnapshot } from '../../../importers/svc/index.js';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { NODE2_FIRST, node2Later, node2LaterWithReset, nodeStatsName, nodeStatsXml, type NodeSnapshot } from '../../../importers/test-support/svc-node-stats.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { aggregateSnapshots } from './svc-aggregate.js';
import { aggregateSvcFiles, svcStageInfo } from './svc-stream.js';

const DIR = path.join(REPO_ROOT, 'importers/svc/test-files');
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Both aggregations of a set of files: the import's (streaming) and the reference. */
function aggregate(snapshots: NodeSnapshot[]) {
  const files = snapshots.map((s) => ({ name: nodeStatsName('78H00BB-2', s), bytes: enc(nodeStatsXml(s)) }));
  const streamed = aggregateSvcFiles(files.map((f, index) => ({ index, path: f.name, info: svcStageInfo(f.bytes), read: () => f.bytes })));
  const parsed = files.map((f) => svcIostatsImporter.parse({ bytes: f.bytes, name: f.name }).runs[0]!.tables['svc_snapshot'] as SvcSnapshot);
  const reference = aggregateSnapshots(parsed, ratesBetween);
  return { streamed, reference };
}

const close = (a: number | undefined, e: number, what: string): void => assert.ok(a !== undefined && Math.abs(a - e) < 1e-9, `${what}: expected ${e}, got ${a}`);

describe('SVC node statistics: a node run has figures', () => {
  it('the test files are the dumps of the spec', () => {
    for (const [dir, later] of [['nn-pair', node2Later()], ['nn-pair-counter-reset', node2LaterWithReset()]] as const) {
      for (const s of [NODE2_FIRST, later]) assert.equal(fs.readFileSync(path.join(DIR, dir, nodeStatsName('78H00BB-2', s)), 'utf8'), nodeStatsXml(s));
    }
  });

  it('two snapshots ten minutes apart: CPU busy, host read/write bandwidth and commands, back-end, link errors, node-to-node figures', () => {
    const { streamed, reference } = aggregate([NODE2_FIRST, node2Later()]);
    const m = streamed.run!.metrics;
    close(m['cpu_pct'], 42, 'CPU busy: 252,000 ms of 600 s');
    close(m['cpu_comp_pct'], 1, 'compression CPU');
    close(m['read.bw_mib_s'], 300 + 150, 'data sent to hosts through ports 1 and 2');
    close(m['write.bw_mib_s'], 120 + 30, 'data received from hosts');
    close(m['total.bw_mib_s'], 600, 'both');
    close(m['total.iops'], 6000 + 3000, 'commands received from hosts');
    close(m['ctrl_send_mib_s'], 15, 'to back-end controllers');
    close(m['ctrl_recv_mib_s'], 20, 'from back-end controllers');
    close(m['link_errors_per_s'], 3 / 600, 'link errors');
    close(m['peer_recv_per_s'], 200, 'messages from node1');
    close(m['peer_send_mib_s'], 2, 'data to node1');
    close(m['peer_recv_lat_ms'], 0.05, 'receive latency per message');
    close(m['peer_send_lat_ms'], 0.2, 'send latency per message');
    assert.equal(m['read.lat_avg_ms'], undefined, 'no Nn counter times a host command');
    assert.match((streamed.run!.tables['svc'] as { run_metrics: string }).run_metrics, /^node statistics \(Nn\), each the mean of the intervals: CPU busy/);
    assert.deepEqual(streamed.warnings, reference!.warnings);
    assert.deepEqual(streamed.run!.metrics, reference!.run.metrics, 'the reference aggregation gives the same figures');
    assert.doesNotMatch(streamed.warnings.join(' '), /went from|missing from/);
  });

  it('several intervals: each figure is the mean of its intervals; two nodes: CPU the mean over nodes, traffic their sum', () => {
    const third = node2Later();
    third.time = '2024-04-02 10:20:00';
    third.cpu.busy! += 0.5 * 600_000; // 50% in the second interval
    third.ports[0]!.counters['hbt']! += 100 * 600 * 2 ** 20; // 100 MiB/s
    const m = aggregate([NODE2_FIRST, node2Later(), third]).streamed.run!.metrics;
    close(m['cpu_pct'], (42 + 50) / 2, 'mean of the intervals');
    close(m['read.bw_mib_s'], (300 + 100) / 2 + 150 / 2, 'per port, the mean of its intervals');
    const other = (s: NodeSnapshot): NodeSnapshot => ({ ...structuredClone(s), node: 'node1', nodeId: '0x0000000000000001', peers: [] });
    const one = other(NODE2_FIRST);
    const two = other(node2Later());
    two.cpu.busy = one.cpu.busy! + 0.2 * 600_000;
    const both = aggregate([NODE2_FIRST, one, node2Later(), two]).streamed.run!.metrics;
    close(both['cpu_pct'], (42 + 20) / 2, 'the mean CPU busy of the two nodes');
    close(both['read.bw_mib_s'], 2 * 450, 'host data of both nodes\' ports');
  });

  it('a counter that wrapped and one a file lacks: named, with the interval and why; the run keeps what the rest give', () => {
    const { streamed, reference } = aggregate([NODE2_FIRST, node2LaterWithReset()]);
    const w = streamed.warnings.join('\n');
    assert.match(w, /1 object intervals had a counter go down \(a node restart, or a counter that wrapped\): no rate for them, left as gaps: node2 port 1: hbt went from 536870912000 to 4096 \(2024-04-02T10:00:00Z to 2024-04-02T10:10:00Z\)/);
    assert.match(w, /1 record intervals have a counter only one of their two files holds, so it gives no rate there: node2 cpu: comp missing from the later file \(2024-04-02T10:00:00Z to 2024-04-02T10:10:00Z\)/);
    assert.deepEqual(streamed.warnings, reference!.warnings, 'the same words from both aggregations');
    const m = streamed.run!.metrics;
    close(m['read.bw_mib_s'], 150, 'port 2 alone: port 1 has no rate this interval');
    close(m['total.iops'], 3000, 'port 2\'s commands');
    close(m['cpu_pct'], 42, 'busy is still there');
    assert.equal(m['cpu_comp_pct'], undefined, 'no compression figure without comp in both files');
  });

  it('every counter of the node reset (a restart): no run, and each file says why, naming the counters', () => {
    const restarted = node2Later();
    restarted.cpu = { busy: 1000, limited: 0, system: 1000, comp: 10 };
    restarted.cores = restarted.cores.map(() => ({ system: 900, comp: 5 }));
    restarted.peers[0]!.counters = Object.fromEntries(Object.keys(restarted.peers[0]!.counters).map((k) => [k, 1]));
    for (const p of restarted.ports) p.counters = Object.fromEntries(Object.entries(p.counters).map(([k, v]) => [k, v > 0 ? 1 : 0]));
    // Port 3 was idle (all zeros): unplugged since, it is in the later file no more.
    restarted.ports = restarted.ports.filter((p) => p.id !== 3);
    const dir = tempDir();
    for (const s of [NODE2_FIRST, restarted]) fs.writeFileSync(path.join(dir, nodeStatsName('78H00BB-2', s)), nodeStatsXml(s));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const r = core.importPaths([dir], 'restart', 'x');
      assert.deepEqual(r.files.map((f) => [f.status, f.runs.length]), [['imported', 0], ['imported', 0]]);
      assert.match(r.files[0]!.warnings[0]!, /^no rates: .*had a counter go down .*: node2 cpu: busy went from 80000000 to 1000/);
      assert.equal(core.runs({ study: 'restart' }).length, 0, 'no empty run');
    } finally {
      core.close();
    }
  });

  it('imported from its folder: one run whose figures the runs listing shows', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const r = core.importPaths([path.join(DIR, 'nn-pair')], 'nodes', 'FS7200');
      assert.deepEqual(r.files.map((f) => f.status), ['imported', 'imported']);
      const [run] = core.runs({ study: 'nodes' });
      assert.equal(run!.name, 'FS7200-2 statistics (node)');
      assert.deepEqual([run!.metrics['cpu_pct'], run!.metrics['total.iops'], run!.metrics['total.bw_mib_s']], [42, 9000, 600]);
    } finally {
      core.close();
    }
  });
});
