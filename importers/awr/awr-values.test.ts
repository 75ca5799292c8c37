/** Numbers, times, names and fixed-width rows as AWR prints them (FORMATS.md 3.1, 3.5). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameResolver, resolveWaitClass, snakeKey } from './names.js';
import { minutesToSeconds, parseAwrNumber, parseMib, parseWaitMs } from './numbers.js';
import { parseSnapTime } from './snap-time.js';
import { ruleSpans, splitRow } from './text-tables.js';

describe('AWR number formats', () => {
  it('separators, missing leading zero, scientific notation, K/M suffixes (x1000), cut points, N/A', () => {
    const cases: Array<[string, number | null]> = [
      ['1,062.5', 1062.5], ['.4', 0.4], ['1.4E+03%', 1400], ['9.2233720368547758E+18', 9.2233720368547758e18],
      ['12.2K', 12200], ['2198.8K', 2198800], ['364.2K', 364200], ['1.2M', 1200000], ['558.', 558], ['-75.0%', -75],
      ['N/A', null], ['', null], ['####', null], ['abc', null],
    ];
    for (const [text, expected] of cases) assert.equal(parseAwrNumber(text), expected, text);
  });

  it('byte amounts with a binary suffix, in MiB', () => {
    assert.equal(parseMib('2.8G'), 2.8 * 1024);
    assert.equal(parseMib('.801M'), 0.801);
    assert.equal(parseMib('0M'), 0);
    assert.equal(parseMib('1,543,604K'), 1543604 / 1024);
  });

  it('averages with a unit per row (12.2+) or the heading unit (ms)', () => {
    assert.equal(parseWaitMs('52.86 s'), 52860);
    assert.equal(parseWaitMs('3.23ms'), 3.23);
    assert.equal(parseWaitMs('268.69us'), 0.26869);
    assert.equal(parseWaitMs('.00ns'), 0);
    assert.equal(parseWaitMs('95670'), 95670);
    assert.equal(parseWaitMs(''), null);
  });

  it('minutes to seconds without binary noise', () => {
    assert.equal(minutesToSeconds(59.23), 3553.8);
    assert.equal(minutesToSeconds(37825.75), 2269545);
  });
});

describe('AWR snapshot times', () => {
  it('English in any case, and the weekday of compare reports', () => {
    assert.equal(parseSnapTime('04-Feb-23 19:00:39')?.ms, Date.UTC(2023, 1, 4, 19, 0, 39));
    assert.equal(parseSnapTime('10-DEC-17 13:40:00')?.ms, Date.UTC(2017, 11, 10, 13, 40));
    assert.equal(parseSnapTime('08-Dec-23 00:29:40 (Fri)')?.ms, Date.UTC(2023, 11, 8, 0, 29, 40));
    assert.equal(parseSnapTime('11-Oct-18 20:03')?.ms, Date.UTC(2018, 9, 11, 20, 3));
    assert.equal(parseSnapTime('04-Feb-23 19:00:39')?.localisedMonth, false);
  });

  it('localised months: Russian, German, French, Spanish, Italian, Portuguese, Dutch, CJK numeric', () => {
    const cases: Array<[string, number]> = [
      ['10-Дек-17 13:40:00', 11], ['03-МАЯ-19 10:00:00', 4], ['04-Mär-23 19:00:39', 2], ['04-MRZ-23 19:00:39', 2],
      ['12-JANV.-19 08:00:00', 0], ['12-févr.-19 08:00:00', 1], ['01-août-20 00:00:01', 7], ['15-ENE-21 10:00:00', 0],
      ['15-dic-21 10:00:00', 11], ['15-Okt-21 10:00:00', 9], ['15-out-21 10:00:00', 9], ['15-mei-21 10:00:00', 4],
      ['10-12月 -17 13:40:00', 11], ['10-3월-17 13:40:00', 2],
    ];
    for (const [text, month] of cases) {
      const t = parseSnapTime(text);
      assert.ok(t, text);
      assert.equal(new Date(t.ms).getUTCMonth(), month, text);
      assert.equal(t.localisedMonth, true, text);
    }
    assert.equal(parseSnapTime('10-Xyz-17 13:40:00'), null);
  });
});

describe('AWR names', () => {
  it('one snake-case rule for statistics and events', () => {
    assert.equal(snakeKey('Physical read (blocks)'), 'physical_read_blocks');
    assert.equal(snakeKey('DB Time(s)'), 'db_time_s');
    assert.equal(snakeKey('db file parallel write'), 'db_file_parallel_write');
    assert.equal(snakeKey('enq: TX - row lock contention'), 'enq_tx_row_lock_contention');
    assert.equal(snakeKey('SQL*Net message from client'), 'sql_net_message_from_client');
  });

  it('cut names join full names only when they fill their column', () => {
    const names = new NameResolver([]);
    names.learn('log file sync: SCN ordering');
    names.learn('control file sequential read');
    assert.equal(names.resolve('control file sequential re', 26), 'control file sequential read');
    assert.equal(names.resolve('log file sync', 26), 'log file sync', 'shorter than its column: complete');
    assert.equal(names.resolve('control file sequential re', undefined), 'control file sequential re', 'HTML cuts nothing');
    assert.equal(new NameResolver().resolve('cell single block physical rea', 30), 'cell single block physical read');
    assert.equal(resolveWaitClass('Concurre'), 'Concurrency');
    assert.equal(resolveWaitClass('System I'), 'System I/O');
    assert.equal(resolveWaitClass('Configurat'), 'Configuration');
    assert.equal(resolveWaitClass('C'), 'C', 'ambiguous: as printed');
  });
});

describe('AWR fixed-width rows', () => {
  const spans = ruleSpans('------------------------------ ------------ ---- ------- ------ ----------')!;

  it('a value wider than its column ("12.2K" in 4 characters) still lands in it', () => {
    assert.deepEqual(
      splitRow('free buffer waits                 1,039,389 12.2K     12   63.0 Configurat', spans, false),
      ['free buffer waits', '1,039,389', '12.2K', '12', '63.0', 'Configurat'],
    );
  });

  it('blank cells stay blank; words in a name and in a class stay together', () => {
    assert.deepEqual(splitRow('DB CPU                                      558.           28.7', spans, false), ['DB CPU', '', '558.', '', '28.7', '']);
    assert.deepEqual(
      splitRow('cell single block physical rea    9,244,945 4251       0   22.0 User I/O', spans, false),
      ['cell single block physical rea', '9,244,945', '4251', '0', '22.0', 'User I/O'],
    );
  });

  it('the 12.2+ unit after a space belongs to its number', () => {
    const s = ruleSpans('------------------------------ ----------- ---------- --------- ------ --------')!;
    assert.deepEqual(
      splitRow('enq: TX - row lock contention            1       52.9   52.86 s   98.9 Applicat', s, false),
      ['enq: TX - row lock contention', '1', '52.9', '52.86 s', '98.9', 'Applicat'],
    );
  });
});
