import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { hammerdbTcountImporter } from './hammerdb-tcount.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel, `expected ${expected}, got ${actual}`);
};
const parseText = (s: string): ParseResult => hammerdbTcountImporter.parse({ bytes: new TextEncoder().encode(s), name: 'hdbtcount.log' });

describe('HammerDB transaction counter log on the real corpus', () => {
  it('v4.3 PostgreSQL, one sample a second', (t) => {
    const p = corpusFile('hammerdb/pkb__v4.3_pg_tcount_tpm-per-second.log');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const { runs, warnings, errors } = hammerdbTcountImporter.parse({ bytes: readBytes(p), name: 'tcount' });
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, [], 'UTC dates are exact: no zone warning');
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.name, 'PostgreSQL transaction counter');
    assert.deepEqual(r.params, { db: 'PostgreSQL', benchmark: 'TPROC-C' });
    const s = r.series[0]!;
    assert.deepEqual([s.object, s.metric, s.unit], ['PostgreSQL', 'tpm', 'TPM']);
    // Lines 3-101: 99 samples, "0 PostgreSQL tpm @ Thu Jun 30 22:43:40 UTC 2022" first,
    // "324540 ... 22:43:41" second, "325020 ... 22:45:19 UTC 2022" last.
    assert.equal(s.values.length, 99);
    assert.deepEqual([s.values[0], s.values[1], s.values[98]], [0, 324540, 325020]);
    assert.equal(s.times[0], Date.UTC(2022, 5, 30, 22, 43, 40));
    assert.equal(s.times[98], Date.UTC(2022, 5, 30, 22, 45, 19));
    // Lines 95-96: 22:45:12 then 22:45:14, the one skipped second: times are kept as printed.
    assert.equal(s.times[93]! - s.times[92]!, 2000);
    assert.equal(r.startMs, s.times[0]);
    assert.equal(r.endMs, s.times[98]);
    // Mean of lines 4-101 (the 98 samples from the first nonzero on), by awk: 328090.408163;
    // the largest is "453480" on line 13.
    close(r.metrics['tpm'], 328090.408163, 1e-9);
    assert.equal(r.metrics['tpm_max'], 453480);
  });
});

describe('HammerDB transaction counter log on hand-written variants', () => {
  it('samples without timestamps: summary only, said so', () => {
    const { runs, errors } = parseText('Hammerdb Transaction Counter Log @ Mon Apr 12 15:06:03 BST 2021\n+-+-+-+\n0 MSSQLServer tpm\n317814 MSSQLServer tpm\n300000 MSSQLServer tpm\n');
    assert.deepEqual(errors, []);
    const r = runs[0]!;
    assert.equal(r.params['db'], 'SQL Server', 'the internal name MSSQLServer is SQL Server');
    assert.equal(r.metrics['tpm'], (317814 + 300000) / 2);
    assert.equal(r.series.length, 0);
    assert.match(r.warnings.join(' '), /carry no timestamp/);
  });

  it('ambiguous zone, two appended logs, qph and a zero in the middle', () => {
    const text = [
      'Hammerdb Transaction Counter Log @ Mon Apr 12 15:06:03 CST 2021', '+-+-+-+',
      '0 Oracle tpm @ Mon Apr 12 15:06:03 CST 2021', '100 Oracle tpm @ Mon Apr 12 15:06:13 CST 2021',
      '0 Oracle tpm @ Mon Apr 12 15:06:23 CST 2021', '200 Oracle tpm @ Mon Apr 12 15:06:33 CST 2021',
      'Hammerdb Transaction Counter Log @ Mon Apr 12 16:00:00 CST 2021', '+-+-+-+',
      '0 Oracle qph @ Mon Apr 12 16:00:00 CST 2021', '3600 Oracle qph @ Mon Apr 12 16:00:10 CST 2021',
    ].join('\n');
    const { runs, warnings } = parseText(text);
    assert.equal(runs.length, 2);
    assert.equal(runs[0]!.metrics['tpm'], 100, 'mean of 100, 0, 200: a stall counts, the leading 0 does not');
    assert.equal(runs[0]!.metrics['tpm_max'], 200);
    assert.equal(runs[1]!.metrics['qph'], 3600);
    assert.equal(runs[1]!.params['benchmark'], 'TPROC-H');
    assert.equal(runs[1]!.series[0]!.unit, 'QPH');
    assert.equal(runs[0]!.series[0]!.times[0], Date.UTC(2021, 3, 12, 15, 6, 3), 'CST read as UTC wall clock');
    assert.match(warnings.map((w) => w.message).join(' '), /zone "CST"/);
  });

  it('all zeros, empty and header-only logs', () => {
    const zeros = parseText('0 MySQL tpm @ Mon Apr 12 15:06:03 UTC 2021\n0 MySQL tpm @ Mon Apr 12 15:06:13 UTC 2021\n');
    assert.equal(zeros.runs[0]!.metrics['tpm'], undefined);
    assert.match(zeros.runs[0]!.warnings.join(' '), /every tpm sample is 0/);
    assert.match(parseText('').errors[0]!.message, /no transaction counter samples/);
    assert.match(parseText('Hammerdb Transaction Counter Log @ Mon Apr 12 15:06:03 UTC 2021\n+-+-+\n').errors[0]!.message, /no transaction counter samples/);
  });

  it('a log cut off mid-line keeps the whole samples and notes the rest', () => {
    const { runs, warnings } = parseText('Hammerdb Transaction Counter Log @ Mon Apr 12 15:06:03 UTC 2021\n0 MySQL tpm @ Mon Apr 12 15:06:03 UTC 2021\n500 MySQL tpm @ Mon Apr 12 15:06:13 UTC 2021\n52');
    assert.equal(runs[0]!.series[0]!.values.length, 2);
    assert.equal(runs[0]!.metrics['tpm'], 500);
    assert.match(warnings[0]!.message, /1 line\(s\) that are not counter samples/);
    assert.equal(warnings[0]!.line, 4);
  });
});
