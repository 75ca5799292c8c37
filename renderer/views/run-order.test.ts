import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunRecord } from '../../app/contract/records.js';
import { naturalRunOrder } from './run-order.js';

let id = 0;
const run = (name: string, params: RunRecord['params']): RunRecord => ({
  id: ++id, study: 's', config: 'c', tool: 'fio', tool_version: null, format: 'fio-json', name, host: null, start: null, end: null,
  source: { file: `${name}.json`, sha256: '' }, params, metrics: {}, tables: {}, warnings: [], errors: [],
}) as RunRecord;

describe('the Runs table\'s order', () => {
  it('follows the parameter columns as numbers, not the file names\' letters', () => {
    // As a folder lists them: qd1, qd128, qd16, qd2...; 1m before 4k.
    const runs = [
      run('randread-1m-qd1', { bs: 1048576, iodepth: 1 }), run('randread-4k-qd128', { bs: 4096, iodepth: 128 }),
      run('randread-4k-qd16', { bs: 4096, iodepth: 16 }), run('randread-4k-qd2', { bs: 4096, iodepth: 2 }), run('randread-64k-qd1', { bs: 65536, iodepth: 1 }),
    ];
    assert.deepEqual(naturalRunOrder(runs, ['bs', 'rw', 'iodepth']).map((r) => r.name),
      ['randread-4k-qd2', 'randread-4k-qd16', 'randread-4k-qd128', 'randread-64k-qd1', 'randread-1m-qd1']);
  });

  it('without parameters, by name with numbers read as numbers; a run without the parameter last', () => {
    const runs = [run('vu-16', {}), run('vu-2', {}), run('vu-128', {}), run('vu-4', { vus: 4 }), run('vu-1', { vus: 1 })];
    assert.deepEqual(naturalRunOrder(runs, ['vus']).map((r) => r.name), ['vu-1', 'vu-4', 'vu-2', 'vu-16', 'vu-128']);
  });
});
