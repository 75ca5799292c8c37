import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { labelSides } from './label-sides.js';

describe('value labels on lines that run close together', () => {
  it('the higher value is labelled above its point, the others below; one above on a tie', () => {
    const read = [0.216, 0.272, 1.63, 2.0, null];
    const write = [0.253, 0.272, 1.745, 1.9, 3.5];
    assert.deepEqual(labelSides([read, write]), [
      ['bottom', 'top', 'bottom', 'top', 'bottom'],
      ['top', 'bottom', 'top', 'bottom', 'top'],
    ]);
  });
});
