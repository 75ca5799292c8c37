/**
 * The pieces the monitor importers share: clock reading, CSV cells, and the run roll-up
 * (which devices are summed, how latency is weighted).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedSeries } from '../types.js';
import { DayClock, parseClock, parseNumericDate, parseTimestamp } from './clock.js';
import { splitCsvRow } from './csv-row.js';
import { isStackedOrPartition, objectMeans, rollUpDevices } from './run-summary.js';

const s = (object: string, metric: string, times: number[], values: number[]): ParsedSeries =>
  ({ object, metric, unit: '', times: Float64Array.from(times), values: Float64Array.from(values) });

describe('clock', () => {
  it('12-hour times: 12 AM is midnight, 12 PM is noon', () => {
    assert.equal(parseClock('12:00:05 AM'), 5);
    assert.equal(parseClock('12:30:00 PM'), 12 * 3600 + 1800);
    assert.equal(parseClock('06:42:09 PM'), 18 * 3600 + 42 * 60 + 9);
    assert.equal(parseClock('13:18.31'), 13 * 3600 + 18 * 60 + 31, "nmon's AAA time");
    assert.equal(parseClock('13:00:00 PM'), null);
    assert.equal(parseClock('24:00:00'), null);
  });

  it('locale dates: month first unless it cannot be, dots day first, ISO', () => {
    assert.deepEqual(parseNumericDate('03/15/2016'), { y: 2016, m: 2, d: 15 });
    assert.deepEqual(parseNumericDate('15/03/2016'), { y: 2016, m: 2, d: 15 });
    assert.deepEqual(parseNumericDate('03/15/16'), { y: 2016, m: 2, d: 15 });
    assert.deepEqual(parseNumericDate('15.03.2016'), { y: 2016, m: 2, d: 15 });
    assert.deepEqual(parseNumericDate('2016-03-15'), { y: 2016, m: 2, d: 15 });
    assert.equal(parseNumericDate('13/13/2016'), null);
  });

  it('timestamps with and without an offset', () => {
    assert.deepEqual(parseTimestamp('2024-03-14T17:53:14-0700'), { ms: Date.UTC(2024, 2, 15, 0, 53, 14), zoned: true });
    assert.deepEqual(parseTimestamp('2024-03-14T17:53:14+05:30'), { ms: Date.UTC(2024, 2, 14, 12, 23, 14), zoned: true });
    assert.deepEqual(parseTimestamp('03/15/2016 09:34:00 AM'), { ms: Date.UTC(2016, 2, 15, 9, 34), zoned: false });
    assert.equal(parseTimestamp('avg-cpu:  %user'), null);
  });

  it('a day clock moves to the next day when the time goes back', () => {
    const c = new DayClock({ y: 2021, m: 11, d: 31 });
    assert.equal(c.at(86390), Date.UTC(2021, 11, 31, 23, 59, 50));
    assert.equal(c.at(0), Date.UTC(2022, 0, 1));
    assert.equal(c.at(10), Date.UTC(2022, 0, 1, 0, 0, 10));
  });
});

describe('CSV cells', () => {
  it('plain, quoted, empty, and the broken quoting nmon and pcp-dstat write', () => {
    assert.deepEqual(splitCsvRow('a,,b,'), ['a', '', 'b', '']);
    assert.deepEqual(splitCsvRow('"x","y, z",3'), ['x', 'y, z', '3']);
    assert.deepEqual(splitCsvRow('BBBP,004,/etc/release,"DISTRIB_DESCRIPTION="Ubuntu 12.04.1 LTS""'), ['BBBP', '004', '/etc/release', 'DISTRIB_DESCRIPTION="Ubuntu 12.04.1 LTS"']);
    assert.deepEqual(splitCsvRow('"Host:","pkb-0",,,,"User:","perfkit"'), ['Host:', 'pkb-0', '', '', '', 'User:', 'perfkit']);
  });
});

describe('run roll-up', () => {
  it('partitions and stacked devices are told apart from disks', () => {
    const all = new Set(['sda', 'sda1', 'sdp', 'sdp1', 'nvme0n1', 'nvme0n1p2', 'md0', 'dm-3', 'loop0', 'dev8-0', 'dev8-1', 'dev8-16', 'dev9-0', 'sd0', 'sd0,a', 'xvdb']);
    const excluded = [...all].filter((d) => isStackedOrPartition(d, all));
    assert.deepEqual(excluded, ['sda1', 'sdp1', 'nvme0n1p2', 'md0', 'dm-3', 'loop0', 'dev8-1', 'dev9-0', 'sd0,a']);
  });

  it('latency is weighted by I/Os over time and over devices; util is the busiest device', () => {
    const t = [1000, 2000];
    const means = objectMeans([
      s('sda', 'read.iops', t, [100, 0]), s('sda', 'read.lat_avg_ms', t, [2, 0]),
      s('sda', 'write.iops', t, [100, 300]), s('sda', 'write.lat_avg_ms', t, [1, 3]),
      s('sda', 'util_pct', t, [50, 70]),
      s('sdb', 'read.iops', t, [50, 50]), s('sdb', 'read.lat_avg_ms', t, [10, 10]),
      s('sdb', 'util_pct', t, [90, 90]),
      s('sdb1', 'read.iops', t, [50, 50]),
    ]);
    // sda: the idle second's read await of 0 carries no weight.
    assert.equal(means.get('sda')!['read.lat_avg_ms'], 2);
    assert.equal(means.get('sda')!['write.lat_avg_ms'], (100 * 1 + 300 * 3) / 400);
    const run = rollUpDevices(means).metrics;
    assert.equal(run['read.iops'], 50 + 50, 'sdb1 is a partition of sdb');
    assert.equal(run['write.iops'], 200);
    assert.equal(run['total.iops'], 300);
    assert.equal(run['read.lat_avg_ms'], (50 * 2 + 50 * 10) / 100);
    // total: sda 50 r/s at 2 ms and 200 w/s at 2.5 ms (means), sdb 50 r/s at 10 ms
    assert.equal(run['total.lat_avg_ms'], (50 * 2 + 200 * 2.5 + 50 * 10) / 300);
    assert.equal(run['util_pct'], 90);
  });

  it('with no I/O there is no latency, not a latency of 0', () => {
    const t = [1000, 2000];
    const means = objectMeans([s('sda', 'read.iops', t, [0, 0]), s('sda', 'read.lat_avg_ms', t, [0, 0])]);
    assert.equal(means.get('sda')!['read.lat_avg_ms'], undefined);
    assert.equal(rollUpDevices(means).metrics['read.lat_avg_ms'], undefined);
  });
});
