import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { hammerdbLogImporter } from './hammerdb-log.js';
import type { TransactionRow } from './time-profile.js';
import type { QueryRow } from './tproch-queries.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel, `expected ${expected}, got ${actual}`);
};

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parseText = (s: string): ParseResult => hammerdbLogImporter.parse({ bytes: enc(s), name: 'test.log' });

function parseCorpus(rel: string): ParseResult | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const result = hammerdbLogImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(result.errors, [], `errors parsing ${rel}`);
  return result;
}

const sweep = (runs: ParsedRun[]): Array<[unknown, unknown, unknown]> =>
  runs.map((r) => [r.params['vus'], r.metrics['tpm'], r.metrics['nopm']]);

describe('HammerDB log importer on the real corpus (figures read from each file)', () => {
  it('v4 hammerdb.log, MySQL sweep 1..64 VU: one run per "Hammerdb Log @" header', (t) => {
    const result = parseCorpus('hammerdb/josmera__v4_mysql_vu-sweep_hammerdb.log');
    if (!result) return t.skip(SKIP_NO_CORPUS);
    // The seven "Vuser 1:<n> Active Virtual Users configured" / "TEST RESULT : System achieved
    // <NOPM> NOPM from <TPM> MySQL TPM" pairs, lines 15-16, 32-33, 51-52, 74-75, 105-106, 152-153, 231-232.
    assert.deepEqual(sweep(result.runs), [
      [1, 10320, 3455], [2, 16373, 5390], [4, 23339, 7712], [8, 22575, 7422],
      [16, 26435, 8735], [32, 24497, 8084], [64, 23310, 7667],
    ]);
    const r = result.runs[0]!;
    assert.equal(r.name, 'TPROC-C MySQL 1 VU');
    assert.equal(r.tool, 'hammerdb');
    assert.equal(r.toolVersion, null, 'the file states no version');
    assert.deepEqual(r.params, { vus: 1, db: 'MySQL', benchmark: 'TPROC-C', rampup_min: 2, duration_min: 5 });
    // Line 1: "Hammerdb Log @ Mon May 31 23:14:48 UTC 2021"; UTC is exact.
    assert.equal(r.startMs, Date.UTC(2021, 4, 31, 23, 14, 48));
    assert.equal(result.runs[6]!.startMs, Date.UTC(2021, 4, 31, 23, 58, 9));
    assert.deepEqual(result.warnings, []);
    assert.deepEqual(result.runs.flatMap((x) => x.warnings), []);
  });

  it('v3 hammerdb.log, Oracle sweep 1..512 VU, old result order and etprof |PERCENTILES in µs', (t) => {
    const result = parseCorpus('hammerdb/rickylss__v3_oracle_vu-sweep_percentiles_hammerdb.log');
    if (!result) return t.skip(SKIP_NO_CORPUS);
    // "TEST RESULT : System achieved <TPM> Oracle TPM at <NOPM> NOPM", lines 356, 733, 1088, 1335,
    // 1481, 1649, 1838, 2082, 2457, 3095, each after "<n> Active Virtual Users configured".
    assert.deepEqual(sweep(result.runs), [
      [1, 6517, 2180], [2, 32231, 10806], [4, 73280, 24725], [8, 60854, 20471], [16, 40364, 15691],
      [32, 26529, 11404], [64, 24280, 8931], [128, 24366, 8663], [256, 20886, 9607], [512, 17279, 9900],
    ]);
    const r = result.runs[0]!;
    assert.equal(r.params['db'], 'Oracle');
    assert.equal(r.params['benchmark'], 'TPROC-C', 'a v3 TPC-C run pairs with v4 TPROC-C runs');
    // Line 368, Vuser 2's PROCNAME table: "|neword | 60767300|54.74%| 15095| 4025| 61882794|" (µs).
    assert.equal(r.metrics['neword.calls'], 15095);
    close(r.metrics['neword.lat_avg_ms'], 4.025);
    // Line 31: the largest neword MAX of run 1 is "MAX-32844" µs.
    close(r.metrics['neword.lat_max_ms'], 32.844);
    // SAMPLES-weighted mean of run 1's 43 neword P99% values (awk over lines 5-366): 6105.68 µs.
    close(r.metrics['neword.lat_p99_ms'], 6.10568, 1e-6);
    // Line 737, run 2: "|neword | 63354013|55.71%| 15141| 4184| 64463871|".
    assert.equal(result.runs[1]!.metrics['neword.calls'], 15141);
    close(result.runs[1]!.metrics['neword.lat_avg_ms'], 4.184);
    // Line 1167, run 4: "MAX-38247360" µs, a 38 s neword stall.
    close(result.runs[3]!.metrics['neword.lat_max_ms'], 38247.36);
    assert.match(r.warnings.join(' '), /etprof profile of Vuser 2 only/);

    const rows = r.tables['transactions'] as TransactionRow[];
    const first = rows[0]!;
    // Lines 5-6: "|PERCENTILES 2020-06-30 13:14:14 to 2020-06-30 13:14:24" then
    // "|neword|MIN-2328|P50%-4568|P95%-6589|P99%-7988|MAX-24075|SAMPLES-1068".
    assert.deepEqual([first.source, first.vu, first.proc, first.from, first.to, first.calls], ['etprof-percentiles', 2, 'neword', '2020-06-30 13:14:14', '2020-06-30 13:14:24', 1068]);
    close(first.p50_ms, 4.568);
    close(first.max_ms, 24.075);
    const top = rows.find((x) => x.proc === 'TOPLEVEL')!;
    assert.equal(top.cumulative_ms, undefined, '"NOT AVAILABLE" is not a number');
    assert.ok(rows.some((x) => x.proc === 'gettimestamp'), 'every profiled procedure stays in the table');
    assert.equal(r.metrics['gettimestamp.calls'], undefined, 'only the five transactions become metrics');

    // "Tue Jun 30 13:14:13 CST 2020": CST is China here, US Central elsewhere; read as UTC, flagged.
    assert.equal(r.startMs, Date.UTC(2020, 5, 30, 13, 14, 13));
    assert.match(result.warnings.map((w) => w.message).join(' '), /zone "CST"/);
  });

  it('hammerdbcli v4 console, TPROC-C 4 VU, diset echo lines', (t) => {
    const result = parseCorpus('hammerdb/pkb__cli-v4_mysql_tprocc.log');
    if (!result) return t.skip(SKIP_NO_CORPUS);
    assert.equal(result.runs.length, 1);
    const r = result.runs[0]!;
    // Line 131 "Vuser 1:4 Active Virtual Users configured", line 133 "... 8153 NOPM from 24772 MySQL
    // TPM", "Beginning rampup time of 5 minutes" (line 62), "Timing test period of 10 in minutes" (line 97).
    // The driver settings it echoed ("Changed tpcc:mysql_allwarehouse from false to False") are parameters (issue 40).
    assert.deepEqual(r.params, { vus: 4, db: 'MySQL', benchmark: 'TPROC-C', rampup_min: 5, duration_min: 10, allwarehouse: false, timeprofile: false });
    assert.equal(r.metrics['tpm'], 24772);
    assert.equal(r.metrics['nopm'], 8153);
    assert.equal(r.toolVersion, null, 'only "Copyright (C) 2003-2020": no version is guessed from a year');
    assert.equal(r.startMs, null, 'the console prints no date');
    assert.deepEqual(r.warnings, []);
  });

  it('hammerdbcli v4 console, TPROC-H: per-query seconds', (t) => {
    const result = parseCorpus('hammerdb/pkb__cli-v4_mysql_tproch.log');
    if (!result) return t.skip(SKIP_NO_CORPUS);
    assert.equal(result.runs.length, 1);
    const r = result.runs[0]!;
    assert.deepEqual(r.params, { vus: 1, db: 'MySQL', benchmark: 'TPROC-H' });
    // "query 14 completed in 0.795 seconds" (line 43), "query 1 completed in 17.681 seconds"
    // (line 108), "query 19 completed in 0.19 seconds" (line 116), "Completed 1 query set(s) in 91
    // seconds" (line 130).
    assert.equal(r.metrics['query14.time_s'], 0.795);
    assert.equal(r.metrics['query1.time_s'], 17.681);
    assert.equal(r.metrics['query19.time_s'], 0.19);
    assert.equal(r.metrics['queryset.time_s'], 91);
    assert.equal(Object.keys(r.metrics).filter((k) => /^query\d+\.time_s$/.test(k)).length, 22);
    const rows = r.tables['queries'] as QueryRow[];
    assert.equal(rows.length, 22);
    assert.deepEqual(rows[0], { vu: 1, set: 1, query: 14, position: 1, time_s: 0.795 });
    assert.deepEqual(rows[21], { vu: 1, set: 1, query: 12, position: 22, time_s: 2.803 });
    assert.equal(r.metrics['tpm'], undefined);
    // The 22 query times (lines 43-128) add up to 58.109 s; the set took 91 s by HammerDB's own
    // clock, which also runs while it generates the queries and runs query 15's untimed views.
    assert.equal(r.metrics['queryset1.time_s'], 91);
    assert.deepEqual(r.tables['query_sets'], [{ vu: 1, set: 1, time_s: 91, queries: 22, query_time_sum_s: 58.109, geomean_s: null }]);
    assert.deepEqual(r.warnings, ["run 1 (from line 33): query set 1 of Vuser 1 took 91 s but its 22 timed queries add up to 58.109 s: 32.891 s went to work HammerDB does not time (generating the queries, query 15's view statements)"]);
  });

  it('v4.3 xtprof time profile report, fields run together', (t) => {
    const result = parseCorpus('hammerdb/pkb__v4.3_mysql_timeprofile.log');
    if (!result) return t.skip(SKIP_NO_CORPUS);
    assert.equal(result.runs.length, 1);
    const r = result.runs[0]!;
    // Line 1 "MySQL Hammerdb Time Profile Report @ Thu Jan 27 05:47:26 UTC 2022", line 139
    // ">>>>> SUMMARY OF 8 ACTIVE VIRTUAL USERS".
    assert.deepEqual(r.params, { vus: 8, db: 'MySQL', benchmark: 'TPROC-C' });
    assert.equal(r.endMs, Date.UTC(2022, 0, 27, 5, 47, 26));
    // Lines 140-142, SUMMARY NEWORD: "CALLS: 322104MIN: 2.269msAVG: 9.236msMAX: 36.366ms..." and
    // "P99: 14.197msP95: 12.399msP50: 9.087msSD: 1808.882RATIO: 41.115%".
    assert.equal(r.metrics['neword.calls'], 322104);
    assert.equal(r.metrics['neword.lat_avg_ms'], 9.236);
    assert.equal(r.metrics['neword.lat_max_ms'], 36.366);
    assert.equal(r.metrics['neword.lat_p99_ms'], 14.197);
    assert.equal(r.metrics['neword.lat_p95_ms'], 12.399);
    assert.equal(r.metrics['neword.lat_p50_ms'], 9.087);
    // Lines 146-148, SUMMARY DELIVERY: AVG 57.838ms, P99 68.640ms; lines 152-153 OSTAT CALLS 32044.
    assert.equal(r.metrics['delivery.lat_avg_ms'], 57.838);
    assert.equal(r.metrics['delivery.lat_p99_ms'], 68.64);
    assert.equal(r.metrics['ostat.calls'], 32044);
    assert.equal(r.metrics['tpm'], undefined, 'a profile report has no TEST RESULT');
    const rows = r.tables['transactions'] as TransactionRow[];
    assert.equal(rows.length, 45, '8 virtual users and the summary, 5 procedures each');
    // Lines 3-6: VIRTUAL USER 2 NEWORD "CALLS: 41234MIN: 2.409ms..." and "...SD: 1840.094RATIO: 41.435%".
    assert.deepEqual(
      [rows[0]!.vu, rows[0]!.proc, rows[0]!.calls, rows[0]!.min_ms, rows[0]!.elapsed_ms, rows[0]!.sd, rows[0]!.sd_unit, rows[0]!.ratio_pct],
      [2, 'NEWORD', 41234, 2.409, 912505, 1840.094, 'clock clicks', 41.435],
    );
  });
});

const OLD_SQLSERVER = 'Hammerdb Log @ Mon Apr 12 15:06:03 UTC 2021\n+-+-+-+-\nVuser 1:Beginning rampup time of 2 minutes\nVuser 1:Timing test period of 5 in minutes\nVuser 1:8 Active Virtual Users configured\nVuser 1:TEST RESULT : System achieved 468610 SQL Server TPM at 101789 NOPM\n';
const NEW_SQLSERVER = 'Vuser 1:8 Active Virtual Users configured\r\nVuser 1:TEST RESULT : System achieved 161688 NOPM from 376090 SQL Server TPM\r\n';

describe('HammerDB log importer on hand-written variants', () => {
  it('"SQL Server" in the old (v3) and the new (v4+) result order', () => {
    for (const [text, tpm, nopm] of [[OLD_SQLSERVER, 468610, 101789], [NEW_SQLSERVER, 376090, 161688]] as const) {
      const { runs, errors } = parseText(text);
      assert.deepEqual(errors, []);
      assert.equal(runs.length, 1);
      assert.equal(runs[0]!.params['db'], 'SQL Server');
      assert.equal(runs[0]!.params['vus'], 8);
      assert.equal(runs[0]!.metrics['tpm'], tpm);
      assert.equal(runs[0]!.metrics['nopm'], nopm);
      assert.equal(runs[0]!.name, 'TPROC-C SQL Server 8 VU');
    }
  });

  it('a log cut off mid-run keeps what it has and says so', () => {
    const cut = OLD_SQLSERVER + 'Hammerdb Log @ Mon Apr 12 15:16:03 UTC 2021\n+-+-+-+-\nVuser 1:Beginning rampup time of 3 minutes\n'
      + 'Vuser 2:Processing 1000000 transactions with output suppressed...\nVuser 3:Processing 1000000 transactions with output suppressed...\n'
      + 'Vuser 1:Rampup 1 minutes complete ...\nVuser 1:Rampup 2 minu';
    const { runs, errors } = parseText(cut);
    assert.deepEqual(errors, []);
    assert.equal(runs.length, 2);
    assert.equal(runs[0]!.metrics['tpm'], 468610);
    const r = runs[1]!;
    assert.deepEqual(r.metrics, {});
    assert.equal(r.params['vus'], 2, 'Vusers 2 and 3 worked; Vuser 1 is the monitor');
    assert.equal(r.params['rampup_min'], 3);
    assert.match(r.warnings.join(' '), /run 2 \(from line 7\) has no result line: cut off\?/);

    // Cut before the monitor said anything but RUNNING: the workers are those processing transactions.
    const early = parseText('Vuser 1:RUNNING\nVuser 2:RUNNING\nVuser 2:Processing 1000000 transactions with output suppressed...\nVuser 3:RUNNING\nVuser 3:Processing 1000000 transac');
    assert.equal(early.runs[0]!.params['vus'], 2, 'Vusers 2 and 3; Vuser 1 never processed transactions');
  });

  it('an empty log, and a header with nothing after it, are errors', () => {
    assert.match(parseText('').errors[0]!.message, /empty/);
    assert.match(parseText('\n\n').errors[0]!.message, /empty/);
    const header = parseText('Hammerdb Log @ Mon May 31 23:14:48 UTC 2021\n+-+-+-+-+-+\n');
    assert.equal(header.runs.length, 0);
    assert.match(header.errors[0]!.message, /no HammerDB test found/);
  });

  it('a console VU sweep without headers: N VU TEST, created lines and end markers split it', () => {
    const text = [
      'HammerDB CLI v4.6', 'Copyright (C) 2003-2022 Steve Shaw', 'Database set to MSSQLServer',
      'Benchmark set to TPC-C for SQL Server', 'Changed tpcc:mssqls_rampup from 2 to 1 for SQL Server',
      'Value 5 for tpcc:mssqls_duration is the same as existing value 5, no change made',
      '1 VU TEST', 'Vuser 1 created MONITOR - WAIT IDLE', 'Vuser 2 created - WAIT IDLE', '2 Virtual Users Created with Monitor VU',
      'Vuser 1:RUNNING', 'Vuser 1:Beginning rampup time of 1 minutes', 'Vuser 2:RUNNING', '0 MSSQLServer tpm', '69528 MSSQLServer tpm',
      'Vuser 1:1 Active Virtual Users configured', 'Vuser 1:TEST RESULT : System achieved 26207 NOPM from 180515 SQL Server TPM',
      'Vuser 1:FINISHED SUCCESS', 'Vuser 2:FINISHED SUCCESS', 'ALL VIRTUAL USERS COMPLETE', 'vudestroy success',
      '2  VU TEST', 'Vuser 1 created MONITOR - WAIT IDLE', 'Vuser 2 created - WAIT IDLE', 'Vuser 3 created - WAIT IDLE',
      '3 Virtual Users Created with Monitor VU', 'Vuser 1:RUNNING', 'Vuser 2:RUNNING', 'Vuser 3:RUNNING', 'Vuser 2:FINISHED FAILED',
      'Vuser 1:TEST RESULT : System achieved 9 NOPM from 20 SQL Server TPM', 'ALL VIRTUAL USERS COMPLETE',
      'HAMMERDB RESULT', '[', '  "63E664945F4503E233630353",', '  "TEST RESULT : System achieved 9 NOPM from 20 SQL Server TPM"', ']',
    ].join('\n');
    const { runs, errors } = parseText(text);
    assert.deepEqual(errors, []);
    assert.deepEqual(sweep(runs), [[1, 180515, 26207], [2, 20, 9]], 'the quoted JSON result is not a third run');
    assert.equal(runs[0]!.toolVersion, 'HammerDB CLI v4.6');
    assert.deepEqual(runs[0]!.params, { vus: 1, db: 'SQL Server', benchmark: 'TPROC-C', rampup_min: 1, duration_min: 5 });
    assert.equal(runs[1]!.params['rampup_min'], 1, 'the diset value, as nothing else says');
    // One of two workers failed: a fact about the run, stated; not most of them, so it stands.
    assert.deepEqual(runs[1]!.validity, [{ code: 'failed-users', severity: 'warning', message: '1 of 2 virtual users finished FAILED', count: 1, of: 2 }]);
    assert.equal(runs[0]!.validity, undefined, 'every user of the first test finished');
  });

  it('result lines grepped out of several logs: each result is a run', () => {
    const text = [
      'Vuser 1:1 Active Virtual Users configured', 'Vuser 1:TEST RESULT : System achieved 6517 Oracle TPM at 2180 NOPM',
      'Vuser 1:2 Active Virtual Users configured', 'Vuser 1:TEST RESULT : System achieved 32231 Oracle TPM at 10806 NOPM',
      'Vuser 1:TEST RESULT : System achieved 73280 Oracle TPM at 24725 NOPM',
    ].join('\n');
    const { runs } = parseText(text);
    // The third result has no VU count, and Vuser 1 is the monitor: the count is unknown, not 1.
    assert.deepEqual(sweep(runs), [[1, 6517, 2180], [2, 32231, 10806], [undefined, 73280, 24725]]);
    assert.equal(runs[2]!.name, 'TPROC-C Oracle run 3');
  });

  it('async scaling, log timestamps and a zero result', () => {
    const text = [
      'Hammerdb Log @ Mon May 31 23:14:48 GMT 2021', 'Timestamp 1 @ Mon May 31 23:14:49 GMT 2021',
      'Vuser 1:Beginning rampup time of 0 minutes', 'Timestamp 1 @ Mon May 31 23:19:50 GMT 2021',
      'Vuser 1:4 VU * 10 AC = 40 Active Sessions configured', 'Timestamp 1 @ Mon May 31 23:19:51 GMT 2021',
      'Vuser 1:TEST RESULT : System achieved 0 NOPM from 0 PostgreSQL TPM',
    ].join('\n');
    const r = parseText(text).runs[0]!;
    assert.equal(r.params['vus'], 4);
    assert.equal(r.params['async_clients'], 10);
    assert.equal(r.params['rampup_min'], 0);
    assert.equal(r.startMs, Date.UTC(2021, 4, 31, 23, 14, 48));
    assert.equal(r.endMs, Date.UTC(2021, 4, 31, 23, 19, 51));
    assert.match(r.warnings.join(' '), /0 TPM/);
  });

  it('TPROC-H with two virtual users, one cut off; quoted geometric mean', () => {
    const text = [
      'Hammerdb Log @ Mon May 31 23:14:48 UTC 2021',
      'Vuser 1:Executing Query 14 (1 of 22)', 'Vuser 2:Executing Query 21 (1 of 22)',
      'Vuser 1:query 14 completed in 7.868 seconds', 'Vuser 2:query 21 completed in 3.5 seconds',
      'Vuser 1:Executing Query 21 (2 of 22)', 'Vuser 1:query 21 completed in 2.5 seconds',
      'Vuser 1:Completed 1 query set(s) in 263 seconds',
      'Vuser 1:Geometric mean of query times returning rows (22) is "5.43452"',
    ].join('\n');
    const r = parseText(text).runs[0]!;
    assert.equal(r.params['vus'], 2, 'TPROC-H has no monitor: both count');
    assert.equal(r.metrics['query14.time_s'], 7.868);
    assert.equal(r.metrics['query21.time_s'], 3, 'the mean of 3.5 (Vuser 2) and 2.5 (Vuser 1)');
    assert.equal(r.metrics['queryset.time_s'], 263);
    assert.equal(r.metrics['queryset.geomean_s'], 5.43452);
    assert.match(r.warnings.join(' '), /Vuser 2 never printed "Completed n query set\(s\)": cut off\?/);
  });

  it('a schema build is not a test', () => {
    const result = parseText('Vuser 1:CREATING TPCC SCHEMA\nVuser 1:Creating Warehouses 1 to 10\nVuser 1:TPCC SCHEMA COMPLETE\n');
    assert.equal(result.runs.length, 0);
    assert.match(result.warnings[0]!.message, /schema build/);
    assert.match(result.errors[0]!.message, /no HammerDB test found/);
  });

  it('a log saved as UTF-16 with a BOM (Windows) reads the same', () => {
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OLD_SQLSERVER, 'utf16le')]));
    const r = hammerdbLogImporter.parse({ bytes: utf16, name: 'w.log' }).runs[0]!;
    assert.equal(r.metrics['tpm'], 468610);
  });

  it('never throws on binary-looking or random input', () => {
    for (const s of ['\u0000\u0001\u0002', 'Vuser x:', 'Vuser 1:', '>>>>> PROC: NEWORD\nCALLS: x', 'Vuser 2:|neword|MIN-', 'Hammerdb Log @ garbage']) {
      assert.doesNotThrow(() => parseText(s));
    }
  });
});
