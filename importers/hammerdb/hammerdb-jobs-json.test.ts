/**
 * No jobs JSON is in the corpus: these documents are the examples of FORMATS.md 5.4 and of
 * HammerDB's DocBook/docs.xml v5.0 ("CLI Jobs Interface"), shortened.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParseResult } from '../types.js';
import { hammerdbJobsJsonImporter } from './hammerdb-jobs-json.js';
import type { TransactionRow } from './time-profile.js';

const parseText = (s: string): ParseResult => hammerdbJobsJsonImporter.parse({ bytes: new TextEncoder().encode(s), name: 'job.json' });

const RESULT = '["637CF9B73C8D03E243636303","2022-11-22 16:32:55","8 Active Virtual Users configured","TEST RESULT : System achieved 161688 NOPM from 376090 SQL Server TPM"]';
const TCOUNT = `{"MSSQLServer tpm": {
    "0": "2022-11-22 16:32:56",
    "321276": "2022-11-22 16:33:06",
    "310152": "2022-11-22 16:33:16",
    "321276": "2022-11-22 16:33:26",
    "156": "2022-11-22 16:40:09"
  }}`;
const TIMING = `{
  "NEWORD": {"elapsed_ms": "419545.5", "calls": "135219", "min_ms": "0.442", "avg_ms": "1.365", "max_ms": "5233.271",
    "total_ms": "184527.133", "p99_ms": "3.706", "p95_ms": "2.07", "p50_ms": "1.081", "sd": "155972.059", "ratio_pct": "44.232"},
  "PAYMENT": {"elapsed_ms": "419545.5", "calls": "135485", "min_ms": "0.371", "avg_ms": "1.009", "max_ms": "465.959",
    "total_ms": "136748.509", "p99_ms": "3.098", "p95_ms": "1.677", "p50_ms": "0.741", "sd": "36829.979", "ratio_pct": "32.779"}
}`;
const OUTPUT = '["0","Vuser 1:RUNNING","1","Beginning rampup time of 2 minutes","0","Vuser 2:RUNNING","2","Processing 10000000 transactions with output suppressed...","1","Timing test period of 5 in minutes","1","8 Active Virtual Users configured","1","TEST RESULT : System achieved 161688 NOPM from 376090 SQL Server TPM","0","ALL VIRTUAL USERS COMPLETE"]';

describe('HammerDB jobs JSON importer', () => {
  it('result, timing and tcount saved into one file make one run', () => {
    const { runs, warnings, errors } = parseText(`${RESULT}\n${TIMING}\n${TCOUNT}\n`);
    assert.deepEqual(errors, []);
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.name, 'TPROC-C SQL Server 8 VU');
    assert.deepEqual(r.params, { db: 'SQL Server', benchmark: 'TPROC-C', vus: 8 });
    assert.equal(r.metrics['tpm'], 376090, 'the result line, not the counter mean');
    assert.equal(r.metrics['nopm'], 161688);
    assert.equal(r.metrics['neword.calls'], 135219);
    assert.equal(r.metrics['neword.lat_avg_ms'], 1.365);
    assert.equal(r.metrics['payment.lat_p99_ms'], 3.098);
    assert.equal(r.metrics['tpm_max'], 321276);
    const neword = (r.tables['transactions'] as TransactionRow[])[0]!;
    assert.deepEqual([neword.sd, neword.sd_unit], [155972.059, 'clock clicks'], 'v4.1-v5.0 SD is raw clock clicks');
    assert.deepEqual(r.tables['job'], { jobid: '637CF9B73C8D03E243636303', timestamp: '2022-11-22 16:32:55' });
    // "2022-11-22 16:32:55" has no zone: read as UTC wall clock, flagged.
    assert.equal(r.startMs, Date.UTC(2022, 10, 22, 16, 32, 55));
    assert.match(warnings.map((w) => w.message).join(' '), /no zone/);
  });

  it('tcount keeps samples whose values repeat, in time order (duplicate JSON keys)', () => {
    const r = parseText(TCOUNT).runs[0]!;
    const s = r.series[0]!;
    assert.deepEqual([...s.values], [0, 321276, 310152, 321276, 156], 'JSON.parse would keep 4 and sort them by value');
    assert.equal(s.times[4], Date.UTC(2022, 10, 22, 16, 40, 9));
    assert.equal(r.metrics['tpm'], (321276 + 310152 + 321276 + 156) / 4, 'no result document: the counter mean');
    assert.equal(r.params['db'], 'SQL Server');
  });

  it('the job output array is read as Vuser lines', () => {
    const r = parseText(OUTPUT).runs[0]!;
    assert.equal(r.metrics['tpm'], 376090);
    assert.deepEqual(r.params, { vus: 8, db: 'SQL Server', benchmark: 'TPROC-C', rampup_min: 2, duration_min: 5 });
  });

  it('v6.0 timing (p75/p25 present) has SD in ms', () => {
    const v6 = '{"NEWORD": {"calls": "656700", "min_ms": "0.164", "avg_ms": "0.295", "max_ms": "12.313", "p99_ms": "0.529", "p95_ms": "0.387", "p75_ms": "0.321", "p50_ms": "0.286", "p25_ms": "0.253", "sd": "0.148", "ratio_pct": "46.112"}}';
    const r = parseText(v6).runs[0]!;
    assert.equal((r.tables['transactions'] as TransactionRow[])[0]!.sd_unit, 'ms');
    assert.equal(r.metrics['neword.lat_p50_ms'], 0.286);
  });

  it('truncated, empty and foreign JSON', () => {
    assert.match(parseText(RESULT.slice(0, 40)).errors[0]!.message, /truncated JSON/);
    assert.match(parseText('').errors[0]!.message, /no HammerDB job/);
    const foreign = parseText('{"fio version": "fio-3.16"}');
    assert.match(foreign.errors[0]!.message, /no HammerDB job/);
    assert.match(foreign.warnings[0]!.message, /not a HammerDB job/);
  });
});
