import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { breakSegments } from './break-points.js';

describe('table cells wrap between words, never mid-word (issue 40)', () => {
  it('a configuration label breaks after "=" and "_" and before "(", and joins back to itself', () => {
    const label = 'PostgreSQL 14 (pg_raiseerror=false, attempt 3)';
    const parts = breakSegments(label);
    assert.equal(parts.join(''), label);
    assert.deepEqual(parts, ['PostgreSQL 14 (pg_', 'raiseerror=', 'false, attempt 3)']);
    assert.deepEqual(breakSegments('raiseerror=true))'), ['raiseerror=', 'true))']);
  });
  it('numbers keep their separators, short cells stay whole', () => {
    assert.deepEqual(breakSegments('1,310 NOPM at 10:00:00'), ['1,310 NOPM at 10:00:00']);
    assert.deepEqual(breakSegments('a=b'), ['a=b']);
    assert.deepEqual(breakSegments('4K random read QD16 ×4'), ['4K random read QD16 ×4']);
  });
});
