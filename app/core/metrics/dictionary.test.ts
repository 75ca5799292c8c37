import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allMetrics, describeMetric, metricLabel } from './dictionary.js';

describe('metric dictionary', () => {
  it('knows unit and direction of every canonical name', () => {
    assert.deepEqual([describeMetric('read.iops')?.better, describeMetric('read.iops')?.unit], ['higher', 'IOPS']);
    assert.deepEqual([describeMetric('write.clat_p99_ms')?.better, describeMetric('write.clat_p99_ms')?.unit], ['lower', 'ms']);
    assert.equal(describeMetric('total.bw_mib_s')?.unit, 'MiB/s');
    assert.equal(describeMetric('nopm')?.better, 'higher');
    assert.equal(describeMetric('sideways.iops'), null, 'unknown scope');
    assert.equal(describeMetric('made_up'), null);
  });

  it('tool families: HammerDB transactions and TPROC-H queries', () => {
    assert.deepEqual([describeMetric('neword.lat_p99_ms')?.better, describeMetric('neword.lat_p99_ms')?.unit], ['lower', 'ms']);
    assert.equal(describeMetric('payment.calls')?.better, 'higher');
    assert.deepEqual([describeMetric('query14.time_s')?.better, describeMetric('query14.time_s')?.unit], ['lower', 's']);
    assert.equal(describeMetric('neword.lat_p42_ms')?.better, 'lower', 'any percentile of a per-operation latency');
    assert.equal(describeMetric('neword.bogus'), null);
    assert.deepEqual([describeMetric('fs.creates_per_s')?.better, describeMetric('fs.create_resp_ms')?.better], ['higher', 'lower']);
    assert.equal(describeMetric('total.lat_stddev_ms')?.unit, 'ms');
  });

  it('every entry has both languages\' labels', () => {
    for (const m of allMetrics()) {
      assert.ok(m.label && m.labelZh, m.name);
      assert.ok(metricLabel(m, 'zh-CN').length > 0);
    }
    assert.equal(metricLabel(describeMetric('total.iops')!, 'en'), 'total IOPS');
    assert.equal(metricLabel(describeMetric('read.lat_avg_ms')!, 'zh-CN'), '读平均延迟');
  });
});
