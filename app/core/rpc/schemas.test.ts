import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineHandlers } from './handlers.js';
import { InvalidArgumentsError, isRpcMethod, validateArgs } from './schemas.js';

describe('RPC argument validation', () => {
  it('accepts well-formed arguments', () => {
    assert.deepEqual(validateArgs('runs.list', { study: 'fio' }), { study: 'fio' });
    assert.deepEqual(validateArgs('studies.list', undefined), {});
  });

  it('rejects missing, mistyped and unexpected arguments with the field named', () => {
    assert.throws(() => validateArgs('compare.run', { study: 's', baseline: 'a' }), /candidate/);
    assert.throws(() => validateArgs('series.get', { run: '1' }), InvalidArgumentsError);
    assert.throws(() => validateArgs('studies.list', { sql: 'DROP TABLE runs' }), /Unrecognized key/);
    assert.throws(() => validateArgs('import.stage', { name: 'x', bytes: 'not bytes' }), /bytes/);
    assert.throws(() => validateArgs('jobs.status', { job: '../../etc' }), /job/);
  });

  it('chart specs: every kind, the four saved before more kinds existed, and nothing else', () => {
    const specs = [
      { kind: 'compare-bars', baseline: 'a', candidate: 'b', metric: 'total.iops' },
      { kind: 'compare-bars', baseline: 'a', candidate: 'b', candidates: ['b', 'c'], metric: 'total.iops', normalised: true },
      { kind: 'speedup-heatmap', baseline: 'a', metric: 'total.iops' },
      { kind: 'scaling', x: 'vus', metric: 'nopm', workload: '*' },
      { kind: 'scaling', x: 'threads', metric: 'tps', latencyMetric: 'total.lat_p95_ms' },
      { kind: 'time-series', metric: 'read.iops', top: 4, window: { from: 1, to: 2 }, points: 500 },
      { kind: 'latency-cdf', runs: [1, 2] },
      { kind: 'latency-exceedance', runs: [3] },
      { kind: 'run-series', runs: [1], metric: 'read.iops', align: false },
      { kind: 'wait-events', baseline: 'a', candidate: 'b', events: 'background', measure: 'avg_ms' },
      { kind: 'scatter', x: 'write.iops', y: 'write.lat_avg_ms', top: 10 },
      { kind: 'repetitions', baseline: 'a', candidate: 'b', metric: 'nopm' },
      { kind: 'box-plot', metric: 'nopm', over: 'runs', configs: ['a', 'b'], workload: '8 VU' },
    ];
    for (const spec of specs) assert.deepEqual(validateArgs('charts.data', { study: 's', spec }).spec, spec);
    assert.throws(() => validateArgs('charts.data', { study: 's', spec: { kind: 'pie', metric: 'x' } }), /kind/);
    assert.throws(() => validateArgs('charts.data', { study: 's', spec: { kind: 'time-series', metric: 'x', window: { from: 5, to: 1 } } }), /window ends after it starts/);
    assert.throws(() => validateArgs('charts.data', { study: 's', spec: { kind: 'latency-cdf', runs: [] } }), /runs/);
    assert.throws(() => validateArgs('charts.data', { study: 's', spec: { kind: 'box-plot', metric: 'x', over: 'days' } }), /over/);
    assert.throws(() => validateArgs('charts.save', { study: 's', name: 'n', spec: specs[0], id: 0 }), /id/);
    assert.deepEqual(validateArgs('charts.rename', { study: 's', id: 3, name: 'new' }), { study: 's', id: 3, name: 'new' });
    assert.throws(() => validateArgs('charts.duplicate', { study: 's', id: 3, name: '' }), /name/);
  });

  it('table staging: pasted text and a column mapping are checked field by field', () => {
    assert.deepEqual(validateArgs('import.stageText', { name: 'pasted table', text: 'bs\tIOPS\n4K\t1\n' }), { name: 'pasted table', text: 'bs\tIOPS\n4K\t1\n' });
    assert.throws(() => validateArgs('import.stageText', { name: 'p', text: '' }), /text/);
    const id = '6f1c2b1e-8c1d-4e0a-9a57-0d6c2f0e4b11';
    const mapping = {
      version: 1,
      columns: [
        { header: 'host', role: 'configuration' },
        { header: 'bs', role: 'parameter', name: 'bs' },
        { header: 'IOPS', role: 'metric', name: 'total.iops', unit: 'IOPS' },
        { header: 'RR', role: 'metrics', parts: [{ name: 'total.iops', unit: 'IOPS' }, { name: 'total.lat_avg_ms', unit: 'ms' }] },
        { header: 'note', role: 'ignore' },
      ],
      configurations: { 'Config D: SVC + V7000': 'V7000 thick' },
    };
    assert.deepEqual(validateArgs('import.remap', { id, mapping }), { id, mapping });
    assert.deepEqual(validateArgs('import.remap', { id, mapping: null, sheet: 'Results' }), { id, mapping: null, sheet: 'Results' });
    assert.throws(() => validateArgs('import.remap', { id: 'x', mapping: null }), /id/);
    assert.throws(() => validateArgs('import.remap', { id, mapping: { ...mapping, version: 2 } }), /version/);
    assert.throws(() => validateArgs('import.remap', { id, mapping: { version: 1, columns: [{ header: 'a', role: 'owner' }] } }), /role/);
    assert.throws(() => validateArgs('import.remap', { id, mapping: { version: 1, columns: [{ header: 'a', role: 'parameter', name: 'DROP TABLE' }] } }), /parameter name/);
    assert.throws(() => validateArgs('import.remap', { id, mapping: { version: 1, columns: [{ header: 'a', role: 'metric', name: 'total.iops' }] } }), /unit/);
    assert.throws(() => validateArgs('import.remap', { id, mapping: { version: 1, columns: [{ header: 'a', role: 'ignore', extra: 1 }] } }), /Unrecognized key/);
  });

  it('knows only the methods of the table', () => {
    assert.equal(isRpcMethod('runs.list'), true);
    assert.equal(isRpcMethod('constructor'), false);
    assert.equal(isRpcMethod('__proto__'), false);
  });

  it('a method defined twice is an error at start-up', () => {
    assert.throws(() => defineHandlers({ 'studies.list': () => [] }, { 'studies.list': () => [] }), /defined twice/);
  });
});
