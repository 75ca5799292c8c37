import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { s1Series, S1_ZONE } from '../test-support/s1-volumes.js';
import { parsePeriod } from './period-spec.js';
import { describeAggregation, periodStats } from './period-stats.js';

/** The studies round half up ("7.525" is printed "7.53"). */
const halfUp = (v: number, digits: number): string => (Math.round(v * 10 ** digits + 1e-9) / 10 ** digits).toFixed(digits);

const before = parsePeriod('daily 08:30-15:30 on 2017-09-08, 09-13, 09-14', S1_ZONE);
const after = parsePeriod('daily 08:30-15:30 on 2017-09-15', S1_ZONE);

describe('period statistics: study S1 from per-sample data', () => {
  it('mean per volume per day, then across volumes, then across days: 7.145, 7.25, 7.53 -> 7.31; 1.06', () => {
    const b = periodStats(s1Series(), before);
    assert.deepEqual(b.days.map((d) => d.day), ['2017-09-08', '2017-09-13', '2017-09-14']);
    assert.deepEqual(b.days.map((d) => halfUp(d.value, 3)), ['7.145', '7.250', '7.525']);
    assert.deepEqual(b.days.map((d) => halfUp(d.value, 2)), ['7.15', '7.25', '7.53']);
    assert.equal(halfUp(b.value!, 2), '7.31');
    assert.equal(b.samples, 4 * 3 * 84, 'only the samples inside the window');
    const a = periodStats(s1Series(), after);
    assert.equal(halfUp(a.value!, 2), '1.06');
    assert.equal(halfUp(a.objects['CREDIT_DB2_DATA04']!.value, 2), '1.34');
  });

  it('max per volume per day gives the "max" row: 9.988, 9.81, 11.25 -> 10.35; 1.895', () => {
    const agg = { perObjectDay: 'max', acrossObjects: 'mean', acrossDays: 'mean' } as const;
    const b = periodStats(s1Series(), before, agg);
    assert.deepEqual(b.days.map((d) => halfUp(d.value, 3)), ['9.988', '9.808', '11.245']);
    assert.equal(halfUp(b.value!, 2), '10.35');
    assert.equal(halfUp(periodStats(s1Series(), after, agg).value!, 3), '1.895');
    assert.equal(describeAggregation(agg), 'mean over days of (mean over objects of (max per object per day))');
    assert.equal(describeAggregation(agg, 'zh-CN'), '各天的平均值（各对象的平均值（每个对象每天的最大值））', 'a Chinese report says it in Chinese');
  });

  it('the aggregation order matters and is the user\'s choice', () => {
    const maxOfMeans = periodStats(s1Series(), before, { perObjectDay: 'mean', acrossObjects: 'max', acrossDays: 'max' });
    assert.equal(halfUp(maxOfMeans.value!, 2), '8.75', 'the worst volume on the worst day');
  });

  it('fewer samples than the window holds are reported as gaps', () => {
    const st = periodStats(s1Series({ volume: 'CREDIT_DB2_DATA03', day: '2017-09-13', count: 40 }), before);
    assert.equal(st.gaps.length, 1);
    assert.match(st.gaps[0]!, /^CREDIT_DB2_DATA03: 212 of 252 expected samples/);
  });
});
