import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimalsFor, formatNumber, formatWithUnit } from './number-format.js';
import { formatValue } from './format.js';
import { formatNumber as coreFormat } from '../app/core/metrics/number-format.js';

describe('numbers in their units', () => {
  it('gives significant digits, not a fixed number of decimals', () => {
    // S2's DB time was "19,347.0000 s"; a sub-millisecond AWR wait was "0.000 ms".
    assert.equal(formatNumber(19347, 's', 'en'), '19,347');
    assert.equal(formatNumber(2401.2, 's', 'en'), '2,401');
    assert.equal(formatNumber(0.276, 'ms', 'en'), '0.276');
    assert.equal(formatNumber(0.0123, 'ms', 'en'), '0.0123');
    assert.equal(formatNumber(14.966, 'ms', 'en'), '14.97');
    assert.equal(formatNumber(437.8, 'ms', 'en'), '437.8');
    assert.equal(formatNumber(1.06, 'ms', 'en'), '1.060', 'trailing zeros kept: a column lines up');
    assert.equal(formatNumber(63.851485, 'sessions', 'en'), '63.85');
    assert.equal(formatNumber(869.29, 'TPS', 'en'), '869.3');
  });

  it('prints whole things whole once there are a hundred of them', () => {
    assert.equal(formatNumber(307135.53, 'IOPS', 'en'), '307,136');
    assert.equal(formatNumber(2544, 'NOPM', 'en'), '2,544');
    assert.equal(formatNumber(12.53, 'IOPS', 'en'), '12.53', 'a quiet volume keeps its fraction');
    assert.equal(formatNumber(0.35, 'IOPS', 'en'), '0.350');
  });

  it('prints shares of a whole with one decimal at most sizes', () => {
    assert.equal(formatNumber(68.1, '%', 'en'), '68.1');
    assert.equal(formatNumber(5, '%', 'en'), '5.00');
    assert.equal(formatNumber(0.05, '%', 'en'), '0.05');
  });

  it('gives one magnitude of one unit the same decimals, so a table column lines up', () => {
    const column = [14.966, 60.758, 33.053, 27.1].map((v) => decimalsFor(v, 'ms'));
    assert.deepEqual(new Set(column).size, 1);
    assert.equal(formatNumber(9.99996, 'ms', 'en'), '10.00', 'a value that rounds up to the next power of ten keeps four digits');
  });

  it('prints one number the same way in every view: the workbench, the charts and the core (CLI, PDF)', () => {
    // Scaling printed 2,982.49 and Compare 2,982.50 for the same median.
    for (const [v, unit] of [[2982.49, 'TPS'], [2982.5, 'TPS'], [0.4612, 'ms'], [1199.75, 'MiB/s'], [96817.8, 's']] as const) {
      assert.equal(formatValue(v, unit, 'en'), coreFormat(v, unit, 'en'));
      assert.equal(formatValue(v, unit, 'zh-CN'), coreFormat(v, unit, 'zh-CN'));
    }
  });

  it('says nothing for a missing value, and never prints minus zero', () => {
    assert.equal(formatNumber(undefined, 'ms', 'en'), '–');
    assert.equal(formatNumber(Number.NaN, 'ms', 'en'), '–');
    assert.equal(formatNumber(-0.00001, 'IOPS', 'en').startsWith('-'), true, 'a real negative stays negative');
    assert.equal(formatNumber(0, 'ms', 'en'), '0');
    assert.equal(formatWithUnit(19347, 's', 'en'), '19,347 s');
    assert.equal(formatWithUnit(3, '', 'en'), '3.000');
  });
});
