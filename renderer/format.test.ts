import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withUnit } from './format.js';

describe('chart titles with their unit', () => {
  it('adds the unit once: not when the label already ends with it', () => {
    assert.equal(withUnit('completion latency', 'ms'), 'completion latency (ms)');
    assert.equal(withUnit('IOPS', 'IOPS'), 'IOPS');
    assert.equal(withUnit('read bandwidth MiB/s', 'MiB/s'), 'read bandwidth MiB/s');
    assert.equal(withUnit('transactions', ''), 'transactions');
  });
});
