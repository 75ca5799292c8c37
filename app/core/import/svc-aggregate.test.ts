import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregateSnapshots, type IntervalRates, type SnapshotLike } from './svc-aggregate.js';

interface Snap extends SnapshotLike {
  ro: number;
  rl: number;
}

/** The same differencing the svc importer does, for one volume "v": enough to test the summation. */
function rates(prev: Snap, next: Snap): IntervalRates | { error: string } {
  if (prev.node !== next.node) return { error: 'different nodes' };
  const dt = (next.timeMs - prev.timeMs) / 1000;
  const dro = next.ro - prev.ro;
  if (dro < 0) return { intervalS: dt, objects: [{ id: 'v', metrics: {}, reset: true }] };
  return { intervalS: dt, objects: [{ id: 'v', metrics: { 'read.iops': dro / dt, 'read.lat_avg_ms': (next.rl - prev.rl) / dro, 'read.lat_peak_ms': 40 }, reset: false }] };
}

const T0 = Date.UTC(2017, 8, 8, 0, 0);
const snap = (node: string, i: number, ro: number, rl: number, skewS = 0): Snap => ({ kind: 'volume', node, cluster: 'C', timeMs: T0 + i * 300_000 + skewS * 1000, ro, rl });

describe('SVC snapshot aggregation', () => {
  it('sums a volume over the nodes for the same interval; latency weighted by I/Os', () => {
    const a = [snap('n1', 0, 0, 0), snap('n1', 1, 3000, 6000), snap('n1', 2, 6000, 12000)]; // 10 IOPS at 2 ms
    const b = [snap('n2', 0, 0, 0, 3), snap('n2', 1, 1500, 6000, 3), snap('n2', 2, 3000, 12000, 3)]; // 5 IOPS at 4 ms, dumped 3 s later
    const { run } = aggregateSnapshots([...a, ...b], rates)!;
    const iops = run.series.find((s) => s.metric === 'read.iops')!;
    assert.deepEqual([...iops.values], [15, 15], 'two intervals, both nodes summed');
    assert.deepEqual([...iops.times], [T0 + 300_000, T0 + 600_000], 'nodes meet on the minute grid');
    const lat = run.series.find((s) => s.metric === 'read.lat_avg_ms')!;
    assert.ok(Math.abs(lat.values[0]! - (10 * 2 + 5 * 4) / 15) < 1e-12, 'weighted by each node\'s I/Os');
    assert.equal(run.series.find((s) => s.metric === 'read.lat_peak_ms')!.values[0], 40, 'peaks take the max');
    assert.deepEqual((run.tables['svc'] as { nodes: string[] }).nodes, ['n1', 'n2']);
  });

  it('a counter that goes down is a gap, not a spike; a missing interval is a longer interval', () => {
    const a = [snap('n1', 0, 1000, 0), snap('n1', 1, 500, 0), snap('n1', 2, 3500, 6000), snap('n1', 4, 9500, 18000)];
    const { run, warnings } = aggregateSnapshots(a, rates)!;
    const iops = run.series.find((s) => s.metric === 'read.iops')!;
    assert.deepEqual([...iops.times], [T0 + 600_000, T0 + 1_200_000], 'the reset interval is left out');
    assert.deepEqual([...iops.values], [10, 10], 'the 10-minute gap averages over its real length');
    assert.match(warnings.join(' '), /counter go down/);
  });

  it('an interval one node did not report is a gap, not a dip in the sum', () => {
    const a = [snap('n1', 0, 0, 0), snap('n1', 1, 3000, 6000), snap('n1', 2, 6000, 12000)];
    const b = [snap('n2', 0, 0, 0), snap('n2', 2, 3000, 12000)]; // n2's dump at 1 is missing
    const { run, warnings } = aggregateSnapshots([...a, ...b], rates)!;
    const iops = run.series.find((s) => s.metric === 'read.iops')!;
    assert.deepEqual([...iops.times], [T0 + 600_000], 'the interval ending at 1 is left out, not 10 IOPS instead of 15');
    assert.match(warnings.join(' '), /lacked a node's figures/);
  });

  it('files for the same node and time: one is ignored, with a warning', () => {
    const { warnings } = aggregateSnapshots([snap('n1', 0, 0, 0), snap('n1', 0, 0, 0), snap('n1', 1, 300, 300)], rates)!;
    assert.match(warnings.join(' '), /same time/);
  });
});
