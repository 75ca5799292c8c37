import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunRecord } from '../../../app/contract/records.js';
import { differentInstances, firstReport, instanceLabel, matchingReport, reportsOf } from './report-pick.js';

const run = (id: number, config: string, params: RunRecord['params']): RunRecord => ({
  id, study: 's', config, tool: 'oracle-awr', tool_version: '19.0.0.0.0', format: 'awr', name: `r${id}`, host: null, start: null, end: null,
  source: { file: `f${id}`, sha256: '' }, params, metrics: {}, tables: { top_events: [] }, warnings: [], errors: [],
});

describe('Wait events view: which reports are compared', () => {
  const runs = [
    run(1, 'a', { report: 'awrrpt', inst_num: 2, instance: 'slobrac2' }), run(2, 'a', { report: 'awrgrpt', instance: 'slobrac1,slobrac2' }),
    run(3, 'b', { report: 'awrrpt', inst_num: 1, instance: 'slobrac1' }), run(4, 'b', { report: 'awrgrpt', instance: 'slobrac1,slobrac2' }),
  ];

  it('starts on the global reports, which match', () => {
    const a = firstReport(reportsOf(runs, 'a'));
    const b = matchingReport(reportsOf(runs, 'b'), a);
    assert.deepEqual([a?.id, b?.id], [2, 4]);
    assert.equal(differentInstances(a, b), null);
    assert.equal(instanceLabel(a!), 'RAC global (slobrac1, slobrac2)');
  });

  it('names both instances when a node is compared with another node', () => {
    const a = reportsOf(runs, 'a').find((r) => r.id === 1)!;
    const b = matchingReport(reportsOf(runs, 'b'), a);
    assert.equal(b?.id, 3, 'the same kind of report, though another instance');
    assert.deepEqual(differentInstances(a, b), ['instance 2 (slobrac2)', 'instance 1 (slobrac1)']);
  });
});
