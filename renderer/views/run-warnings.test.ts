import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupRunWarnings } from './run-warnings.js';

describe('a file\'s warnings in the import sheet', () => {
  it('one warning said of many runs is listed once, with the runs it concerns', () => {
    const runs = ['job 1', 'job 10', 'job 2'];
    const g = groupRunWarnings([
      'the file has no header line',
      'job 1: runtime 8.1 s is under 60 s',
      'job 10: runtime 8.1 s is under 60 s',
      'job 2: runtime 8.1 s is under 60 s',
      'job 2: latency missing',
    ], runs);
    assert.deepEqual(g, [
      { text: 'the file has no header line', runs: [] },
      { text: 'runtime 8.1 s is under 60 s', runs: ['job 1', 'job 10', 'job 2'] },
      { text: 'latency missing', runs: ['job 2'] },
    ]);
  });
});
