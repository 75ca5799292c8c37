/**
 * The one date reader every importer uses (importers/dates.ts): numeric offsets are offsets,
 * zones that mean one offset are used, ambiguous or missing zones are local-unknown, and months
 * are read in the languages the tools print.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fromWallClock, monthIndex, parseDateText, zoneOffsetMinutes, ZONE_OFFSET_MIN } from './dates.js';
import { REPO_ROOT } from './test-support/corpus.js';

const iso = (text: string): string | null => {
  const d = parseDateText(text);
  return d ? new Date(d.epochMs).toISOString().replace('.000Z', 'Z') : null;
};

describe('importers/dates.ts', () => {
  it('a numeric UTC offset as `date` prints it is an offset: "Sun May 09 09:16:33 -05 2021" is 14:16:33Z', () => {
    assert.equal(iso('Sun May 09 09:16:33 -05 2021'), '2021-05-09T14:16:33Z');
    const d = parseDateText('Sun May 09 09:16:33 -05 2021')!;
    assert.deepEqual([d.zone, d.offsetMin, d.known], ['-05', -300, true]);
    assert.equal(iso('Sun May 09 09:16:33 +0530 2021'), '2021-05-09T03:46:33Z');
    assert.equal(iso('Sun, 09 May 2021 09:16:33 +05:30'), '2021-05-09T03:46:33Z');
    assert.equal(iso('2016-03-15T09:34:00+0100'), '2016-03-15T08:34:00Z');
    assert.equal(iso('2016-03-15T09:34:00Z'), '2016-03-15T09:34:00Z');
    assert.deepEqual(['-05', '+0530', '+05:30', 'GMT-5:00', 'UTC+8', 'UTC-05:30', 'Z'].map(zoneOffsetMinutes), [-300, 330, 330, -300, 480, -330, 0]);
    assert.equal(zoneOffsetMinutes('+25'), null, 'no offset beyond ±14 h');
  });

  it('a zone the file names is used when it means one offset: dstat\'s "16 Jun 2015 11:06:42 CDT" is 16:06:42Z', () => {
    assert.equal(iso('16 Jun 2015 11:06:42 CDT'), '2015-06-16T16:06:42Z');
    assert.equal(iso('Mon Apr 12 15:06:03 CEST 2021'), '2021-04-12T13:06:03Z');
    assert.equal(iso('Thu Jun 30 22:43:40 UTC 2022'), '2022-06-30T22:43:40Z');
    assert.equal(iso('2018/10/18 21:39:04 UTC'), '2018-10-18T21:39:04Z');
    assert.equal(iso('Mar 25, 2024 7:53:01 PM JST'), '2024-03-25T10:53:01Z');
    assert.equal(ZONE_OFFSET_MIN['EST'], -300);
  });

  it('an ambiguous zone (CST, IST, BST) or none is local-unknown: the wall clock read as UTC, and said', () => {
    for (const [text, zone] of [['Mon Apr 12 15:06:03 BST 2021', 'BST'], ['2021年 05月 09日 星期日 09:16:33 CST', 'CST'], ['19 Jun 2015 11:06:42 IST', 'IST'], ['Mon Aug 17 23:01:45 2020', null], ['2022-11-22 16:32:55', null]] as const) {
      const d = parseDateText(text);
      assert.ok(d, text);
      assert.equal(d.known, false, text);
      assert.equal(d.zone, zone, text);
      assert.equal(d.offsetMin, null, text);
    }
    assert.equal(iso('Mon Aug 17 23:01:45 2020'), '2020-08-17T23:01:45Z', 'fio\'s "pid=...: Mon Aug 17 23:01:45 2020"');
  });

  it('months as tools print them: English, the NLS languages of Oracle, Chinese and Korean numerals (vdbench zh-CN "5月")', () => {
    assert.deepEqual(['Jan', 'SEPT.', 'September', 'Okt', 'mär', 'déc', 'Дек', 'мая', '5月', '12월', '五月', '十二月', '3'].map(monthIndex), [0, 8, 8, 9, 2, 11, 11, 4, 4, 11, 4, 11, 2]);
    assert.equal(monthIndex('Smarch'), null);
    assert.equal(iso('5月 10, 2023'), '2023-05-10T00:00:00Z');
    assert.equal(iso('2021年 05月 09日 星期日 09:16:33 CST'), '2021-05-09T09:16:33Z');
  });

  it('AM/PM, fractions and impossible dates', () => {
    assert.equal(iso('03/15/2016 12:04:00 AM'), '2016-03-15T00:04:00Z');
    assert.equal(iso('03/15/2016 12:04:00 PM'), '2016-03-15T12:04:00Z');
    assert.equal(parseDateText('2022-11-22 16:32:55.0405')!.epochMs % 1000, 40);
    assert.equal(parseDateText('2024-02-30 10:00:00'), null, 'no 30 February rolled into March');
    assert.equal(parseDateText('2023-02-29'), null);
    assert.ok(parseDateText('2024-02-29'));
    assert.equal(parseDateText('25/03/2024 18:53:01'), null, 'day and month order is unknown without AM/PM');
    assert.equal(fromWallClock({ year: 2024, month: 1, day: 1, hour: 24 }), null);
    assert.equal(parseDateText('not a date'), null);
  });

  it('no importer reads dates on its own: Date.UTC, Date.parse and new Date(text) appear only in dates.ts', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'test-support') walk(p);
        } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && p !== path.join(REPO_ROOT, 'importers', 'dates.ts')) {
          fs.readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
            if (/Date\.UTC\(|Date\.parse\(|new Date\(\s*['"`a-z]/.test(line) && !/new Date\((ms|[a-z]+\.?[a-zA-Z]*Ms|next\.timeMs|prev\.timeMs|h\.ms|svc\.timeMs|epochMs)\)/.test(line)) offenders.push(`${path.relative(REPO_ROOT, p)}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    walk(path.join(REPO_ROOT, 'importers'));
    assert.deepEqual(offenders, []);
  });
});
