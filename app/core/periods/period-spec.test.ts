import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inRanges, parsePeriod } from './period-spec.js';
import { dayInZone, formatInZone, wallTimeToUtc } from './timezone.js';

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

describe('period definitions', () => {
  it('daily windows on chosen days, short dates taking the year before them', () => {
    const p = parsePeriod('daily 08:30-15:30 on 2017-09-08, 09-13, 09-14', 'Asia/Shanghai');
    assert.deepEqual(p.days, ['2017-09-08', '2017-09-13', '2017-09-14']);
    assert.deepEqual(p.ranges.map((r) => [iso(r.start), iso(r.end)]), [
      ['2017-09-08T00:30:00.000Z', '2017-09-08T07:30:00.000Z'],
      ['2017-09-13T00:30:00.000Z', '2017-09-13T07:30:00.000Z'],
      ['2017-09-14T00:30:00.000Z', '2017-09-14T07:30:00.000Z'],
    ]);
    const inside = Date.UTC(2017, 8, 13, 3, 0);
    const evening = Date.UTC(2017, 8, 13, 10, 0);
    assert.equal(inRanges(inside, p.ranges), true);
    assert.equal(inRanges(evening, p.ranges), false);
    assert.equal(inRanges(p.ranges[0]!.end!, p.ranges), false, 'half-open: 15:30 itself is outside');
  });

  it('before and after a cutover', () => {
    const after = parsePeriod('after the cutover at 2017-09-14 18:00', '+08:00');
    assert.deepEqual(after.ranges, [{ start: Date.UTC(2017, 8, 14, 10, 0), end: null }]);
    const before = parsePeriod('before 2017-09-14 18:00', 'Asia/Shanghai');
    assert.deepEqual(before.ranges, [{ start: null, end: Date.UTC(2017, 8, 14, 10, 0) }]);
  });

  it('explicit ranges, the end on the same day written as a time', () => {
    const p = parsePeriod('2017-09-08 08:30 to 2017-09-08 15:30; 2017-09-13 08:30 to 15:30', 'UTC');
    assert.deepEqual(p.ranges.map((r) => [iso(r.start), iso(r.end)]), [
      ['2017-09-08T08:30:00.000Z', '2017-09-08T15:30:00.000Z'],
      ['2017-09-13T08:30:00.000Z', '2017-09-13T15:30:00.000Z'],
    ]);
  });

  it('says what is wrong with a period it cannot read', () => {
    assert.throws(() => parsePeriod('daily 15:30-08:30 on 2017-09-08'), /must end after it starts/);
    assert.throws(() => parsePeriod('daily 08:30-15:30 on 09-08'), /no year/);
    assert.throws(() => parsePeriod('daily 08:30-15:30 on 2017-09-08', 'Mars/Olympus'), /unknown time zone/);
    assert.throws(() => parsePeriod('last tuesday'), /neither/);
    assert.throws(() => parsePeriod('2017-09-08 10:00 to 2017-09-08 09:00'), /ends before it starts/);
  });

  it('time zones: stored in UTC, shown in the zone of the data with the zone stated', () => {
    assert.equal(wallTimeToUtc(2021, 7, 1, 8, 0, 'America/New_York'), Date.UTC(2021, 6, 1, 12, 0), 'EDT');
    assert.equal(wallTimeToUtc(2021, 1, 1, 8, 0, 'America/New_York'), Date.UTC(2021, 0, 1, 13, 0), 'EST');
    assert.equal(formatInZone(Date.UTC(2017, 8, 14, 10, 0), 'Asia/Shanghai'), '2017-09-14 18:00 +08:00');
    assert.equal(dayInZone(Date.UTC(2017, 8, 14, 17, 0), 'Asia/Shanghai'), '2017-09-15', 'after midnight in Beijing');
  });
});
