/**
 * Issue 40: what a HammerDB capture says about whether its result stands (virtual users that
 * finished FAILED, counted once each, against the users configured) and the driver settings it
 * prints that change what NOPM means (raiseerror, allwarehouse, timeprofile, an isolation line),
 * read as parameters. On HammerDB 4.7 CLI captures of the study's shape.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hammerdbCliCapture, lastUsers } from '../test-support/hammerdb-captures.js';
import { hammerdbLogImporter } from './hammerdb-log.js';

const parse = (text: string) => hammerdbLogImporter.parse({ bytes: new TextEncoder().encode(text), name: 'vu100.log' });

describe('HammerDB validity facts and settings (issue 40)', () => {
  it('95 of 100 users FINISHED FAILED: an invalid run, with the count in words and in numbers', () => {
    const { runs, errors } = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 100, nopm: 410, tpm: 950, raiseerror: true, failed: lastUsers(100, 95) }));
    assert.deepEqual(errors, []);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.params['vus'], 100);
    assert.equal(runs[0]!.metrics['nopm'], 410);
    assert.deepEqual(runs[0]!.validity, [{ code: 'failed-users', severity: 'invalid', message: '95 of 100 virtual users finished FAILED', count: 95, of: 100 }]);
  });

  it('a few failed users: the run stands, the fact is a warning; exactly half is not "most"', () => {
    const two = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 2700, tpm: 6240, raiseerror: true, failed: [4, 9] })).runs[0]!;
    assert.deepEqual(two.validity?.map((v) => [v.severity, v.message]), [['warning', '2 of 10 virtual users finished FAILED']]);
    const half = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 1000, tpm: 2300, raiseerror: true, failed: lastUsers(10, 5) })).runs[0]!;
    assert.equal(half.validity?.[0]?.severity, 'warning');
    const six = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 800, tpm: 1900, raiseerror: true, failed: lastUsers(10, 6) })).runs[0]!;
    assert.equal(six.validity?.[0]?.severity, 'invalid');
  });

  it('a user that prints FINISHED FAILED twice is one failed user', () => {
    const text = hammerdbCliCapture({ db: 'MySQL', vus: 2, nopm: 900, tpm: 2000, failed: [3] }).replace('Vuser 3:FINISHED FAILED', 'Vuser 3:FINISHED FAILED\n\nVuser 3:FINISHED FAILED');
    assert.equal(parse(text).runs[0]!.validity?.[0]?.message, '1 of 2 virtual users finished FAILED');
  });

  it('users HammerDB terminated before they finished count with the failed ones', () => {
    const text = hammerdbCliCapture({ db: 'MySQL', vus: 4, nopm: 900, tpm: 2000, failed: [5] }).replace('Vuser 1:Test complete', 'Warning: a running Virtual User was terminated, any pending output has been discarded\n\nWarning: a running Virtual User was terminated, any pending output has been discarded\n\nVuser 1:Test complete');
    assert.deepEqual(parse(text).runs[0]!.validity?.map((v) => [v.severity, v.message]), [['invalid', '3 of 4 virtual users finished FAILED or were terminated']]);
  });

  it('every user finished: no validity fact', () => {
    assert.equal(parse(hammerdbCliCapture({ db: 'MySQL', vus: 10, nopm: 2480, tpm: 5770 })).runs[0]!.validity, undefined);
  });

  it('the driver settings are parameters: raiseerror (changed or kept), allwarehouse, timeprofile, the isolation printed', () => {
    const raised = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 2700, tpm: 6240, raiseerror: true, isolation: 'SERIALIZABLE' })).runs[0]!;
    assert.equal(raised.params['raiseerror'], true);
    assert.equal(raised.params['allwarehouse'], false);
    assert.equal(raised.params['timeprofile'], false);
    assert.equal(raised.params['isolation'], 'SERIALIZABLE');
    const kept = parse(hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 2950, tpm: 6820, raiseerror: false })).runs[0]!;
    assert.equal(kept.params['raiseerror'], false);
    assert.equal(kept.params['isolation'], undefined, 'no isolation line, no parameter');
    // Tcl's "False" (PerfKitBenchmarker's driver) and a print dict entry read the same way.
    const dict = parse(['HammerDB CLI v4.7', 'Changed tpcc:mysql_allwarehouse from false to False for MySQL', 'tpcc       {', ' mysql_raiseerror    = true', '}',
      'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ', 'Vuser 1:1 Active Virtual Users configured', 'Vuser 1:TEST RESULT : System achieved 10 NOPM from 20 MySQL TPM'].join('\n')).runs[0]!;
    assert.equal(dict.params['allwarehouse'], false);
    assert.equal(dict.params['raiseerror'], true);
    assert.equal(dict.params['isolation'], 'REPEATABLE READ');
  });

  it('settings belong to the tests that follow them: a sweep that changes raiseerror midway', () => {
    const a = hammerdbCliCapture({ db: 'PostgreSQL', vus: 1, nopm: 1600, tpm: 3700, raiseerror: false });
    const b = hammerdbCliCapture({ db: 'PostgreSQL', vus: 10, nopm: 2700, tpm: 6240, raiseerror: true });
    const { runs } = parse(a + b);
    assert.deepEqual(runs.map((r) => [r.params['vus'], r.params['raiseerror']]), [[1, false], [10, true]]);
  });
});
