import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByFamily, splitWorkload } from './workload-groups.js';

describe('workload families', () => {
  it('a label splits into its family and the load it ran at', () => {
    assert.deepEqual(splitWorkload('4K random read QD16 ×1'), { family: '4K random read ×1', load: 'QD16' });
    assert.deepEqual(splitWorkload('oltp_read_write 64 threads'), { family: 'oltp_read_write', load: '64 threads' });
    assert.deepEqual(splitWorkload('TPROC-C 32 VU'), { family: 'TPROC-C', load: '32 VU' });
    assert.deepEqual(splitWorkload('4K 随机读 QD8 ×4'), { family: '4K 随机读 ×4', load: 'QD8' });
    assert.equal(splitWorkload('128K seq read ×1'), null, 'no load named');
    assert.equal(splitWorkload('QD1'), null, 'a load alone is no family');
  });

  it('groups keep the families in the order met and each its loads in order; no grouping where it tells nothing', () => {
    const labels = ['4K random read QD1 ×1', '64K seq write QD1 ×1', '4K random read QD2 ×1', '64K seq write QD2 ×1'];
    const groups = groupByFamily(labels, (l) => l)!;
    assert.deepEqual(groups.map((g) => [g.family, g.items.map((x) => x.load)]), [['4K random read ×1', ['QD1', 'QD2']], ['64K seq write ×1', ['QD1', 'QD2']]]);
    assert.equal(groupByFamily(['4K random read QD1 ×1', '8K random read QD1 ×1'], (l) => l), null, 'one load per family');
    assert.equal(groupByFamily(['4K random read QD1 ×1', 'all runs'], (l) => l), null, 'a label without a load');
  });
});
