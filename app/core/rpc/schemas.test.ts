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

  it('knows only the methods of the table', () => {
    assert.equal(isRpcMethod('runs.list'), true);
    assert.equal(isRpcMethod('constructor'), false);
    assert.equal(isRpcMethod('__proto__'), false);
  });

  it('a method defined twice is an error at start-up', () => {
    assert.throws(() => defineHandlers({ 'studies.list': () => [] }, { 'studies.list': () => [] }), /defined twice/);
  });
});
