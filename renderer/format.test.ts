import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatValue, withUnit } from './format.js';

describe('chart titles with their unit', () => {
  it('adds the unit once: not when the title already names it as a word', () => {
    assert.equal(withUnit('completion latency', 'ms', 'en'), 'completion latency (ms)');
    assert.equal(withUnit('IOPS', 'IOPS', 'en'), 'IOPS');
    assert.equal(withUnit('read bandwidth MiB/s', 'MiB/s', 'en'), 'read bandwidth MiB/s');
    assert.equal(withUnit('transactions', '', 'en'), 'transactions');
    assert.equal(withUnit('Random read IOPS over time (fio log)', 'IOPS', 'en'), 'Random read IOPS over time (fio log)');
    assert.equal(withUnit('Programs run', 'ms', 'en'), 'Programs run (ms)', 'inside another word is not naming it');
    assert.equal(withUnit('Programs: latency in ms', 'ms', 'en'), 'Programs: latency in ms');
    assert.equal(withUnit('Utilisation', '%', 'en'), 'Utilisation (%)');
    assert.equal(withUnit('随机读IOPS', 'IOPS', 'zh-CN'), '随机读IOPS');
    assert.equal(withUnit('读响应时间（每卷，生产）', 'ms', 'zh-CN'), '读响应时间（每卷，生产）（ms）', 'Chinese takes full-width brackets');
  });
});

describe('values by unit', () => {
  it('seconds with sensible digits: an AWR DB time is not "68,322.9300 s"', () => {
    assert.equal(formatValue(68322.93, 's', 'en'), '68,323');
    assert.equal(formatValue(153.04, 's', 'en'), '153.0');
    assert.equal(formatValue(3.4167, 's', 'en'), '3.417');
    assert.equal(formatValue(0.012345, 's', 'en'), '0.0123');
    assert.equal(formatValue(5921681, 'waits', 'en'), '5,921,681');
  });
});
