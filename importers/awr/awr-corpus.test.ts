/**
 * The AWR importer on every real report in the corpus. Expected figures were read from each
 * file by hand; the comment before each group gives the line they are on.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS_DIR, corpusFile, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import type { ParsedRun } from '../types.js';
import { awrImporter } from './awr.js';
import type { TopEventRow } from './wait-events.js';

const close = (actual: number | undefined | null, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined && actual !== null, `expected ${expected}, got ${actual}`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-9, `expected ${expected}, got ${actual}`);
};

const head = (bytes: Uint8Array): string => decodeText(bytes, 64 * 1024).text;

function parseOne(rel: string): ParsedRun | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const r = awrImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(r.errors, [], `errors parsing ${rel}`);
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
}

const top = (run: ParsedRun): TopEventRow[] => run.tables['top_events'] as TopEventRow[];
const table = (run: ParsedRun, name: string): Array<Record<string, unknown>> => (run.tables[name] ?? []) as Array<Record<string, unknown>>;
const sectionStatus = (run: ParsedRun, section: string): unknown => table(run, 'sections').find((s) => s['section'] === section)?.['status'];

/** name, waits, time (s), average (ms), % DB time (or % of call time: `share` 'call'), wait class. */
function assertTop(row: TopEventRow | undefined, name: string, waits: number | null, timeS: number, avgMs: number | null, pct: number, cls: string | null, share: 'db' | 'call' = 'db'): void {
  assert.ok(row, `no top event ${name}`);
  assert.equal(row.name, name);
  assert.equal(row.waits, waits);
  close(row.time_s, timeS);
  if (avgMs === null) assert.equal(row.avg_ms, null);
  else close(row.avg_ms, avgMs);
  if (share === 'db') {
    close(row.pct_db_time, pct);
    assert.equal(row.pct_call_time, undefined);
  } else {
    close(row.pct_call_time ?? undefined, pct);
    assert.equal(row.pct_db_time, null, 'a share of call time is not a share of DB time');
  }
  assert.equal(row.wait_class, cls);
}

function assertLoad(run: ParsedRun, key: string, perS: number, perTxn: number | null): void {
  close(run.metrics[`load.${key}_per_s`], perS);
  if (perTxn === null) assert.equal(run.metrics[`load.${key}_per_txn`], undefined);
  else close(run.metrics[`load.${key}_per_txn`], perTxn);
}

describe('AWR importer on the real corpus (figures read from each file)', () => {
  it('detects every AWR report and the STATSPACK report, and no file of another tool', (t) => {
    const files = corpusFiles('awr');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.equal(files.length, 7);
    for (const f of files) assert.ok(awrImporter.detect(head(readBytes(f))), path.basename(f));
    const statspack = corpusFile('other/jasmin__statspack_12.1.0.2_linux.txt');
    assert.ok(statspack && awrImporter.detect(head(readBytes(statspack))));
    for (const dir of fs.readdirSync(CORPUS_DIR).filter((d) => d !== 'awr' && fs.statSync(path.join(CORPUS_DIR, d)).isDirectory())) {
      for (const f of corpusFiles(dir)) {
        if (f === statspack) continue;
        assert.equal(awrImporter.detect(head(readBytes(f))), false, `${dir}/${path.basename(f)}`);
      }
    }
  });

  it('12.2.0.1 text, AIX: two-block header, units per row, cut names joined, SQL text, IOStat', (t) => {
    const run = parseOne('awr/jasmin__awr-text_12.2.0.1_aix_single.txt');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    assert.equal(run.name, 'BPSC/bpsc 2668-2669');
    assert.equal(run.tool, 'oracle-awr');
    // Lines 5, 9, 13: "BPSC 1135854311 BPSC PRIMARY EE 12.2.0.1.0 NO NO", "bpsc 1 04-Feb-23 15:30",
    // "oracle1 AIX-Based Systems (64-bit) 40 5 (no sockets) 502.00".
    assert.equal(run.toolVersion, '12.2.0.1.0');
    assert.equal(run.host, 'oracle1');
    assert.deepEqual(run.params, {
      report: 'awrrpt', db_name: 'BPSC', db_id: '1135854311', instance: 'bpsc', inst_num: 1, release: '12.2.0.1.0', rac: false,
      platform: 'AIX-Based Systems (64-bit)', cpus: 40, cores: 5, memory_gb: 502, begin_snap: 2668, end_snap: 2669, sessions: 92,
    });
    // Lines 18-21: Begin 04-Feb-23 19:00:39, End 04-Feb-23 20:00:54, Elapsed 60.25 (mins), DB Time 66.24 (mins).
    assert.equal(run.startMs, Date.UTC(2023, 1, 4, 19, 0, 39));
    assert.equal(run.endMs, Date.UTC(2023, 1, 4, 20, 0, 54));
    close(run.metrics['elapsed_s'], 3615);
    // Line 167, time model "DB time 3,974.4"; line 157 "DB CPU 1,234.8".
    close(run.metrics['db_time_s'], 3974.4);
    close(run.metrics['aas'], 3974.4 / 3615);
    close(run.metrics['cpu.db_cpu_s'], 1234.8);
    // Lines 71-80, Top 10 Foreground Events with a unit per row and cut classes.
    const events = top(run);
    assert.equal(events.length, 10);
    assertTop(events[0], 'DB CPU', null, 1234.8, null, 31.1, null);
    assertTop(events[1], 'db file sequential read', 360121, 39.5, 0.10972, 1.0, 'User I/O');
    assertTop(events[2], 'log file sync', 77820, 29.1, 0.37376, 0.7, 'Commit');
    assertTop(events[4], 'cursor: pin S wait on X', 553, 8.8, 15.94, 0.2, 'Concurrency');
    assertTop(events[7], 'control file sequential read', 17546, 1.9, 0.10991, 0.0, 'System I/O');
    // Lines 34-55, Load Profile.
    assertLoad(run, 'db_time_s', 1.1, 0.1);
    assertLoad(run, 'redo_size_bytes', 146118.4, 7016.0);
    assertLoad(run, 'logical_read_blocks', 97456.4, 4679.5);
    assertLoad(run, 'physical_read_blocks', 103.8, 5.0);
    assertLoad(run, 'user_calls', 1055.4, 50.7);
    assertLoad(run, 'executes_sql', 1536.9, 73.8);
    assertLoad(run, 'transactions', 20.8, null);
    assert.equal(table(run, 'load_profile').length, 22);
    // Lines 113 and 117, IO Profile: Total Requests 152.2 / 109.4 / 42.8, Total (MB) 1.8 / 1.2 / 0.6.
    close(run.metrics['io.total_iops'], 152.2);
    close(run.metrics['io.read_iops'], 109.4);
    close(run.metrics['io.write_iops'], 42.8);
    close(run.metrics['io.read_mib_s'], 1.2);
    close(run.metrics['io.write_mib_s'], 0.6);
    // Line 254 "control file sequential re 17,546 2 109.91us": the name is cut at 26 characters
    // and joined to the top list's full name; line 279 "SQL*Net message from clien".
    assert.equal(run.metrics['wait.control_file_sequential_read.waits'], 17546);
    close(run.metrics['wait.sql_net_message_from_client.time_s'], 143471);
    close(run.metrics['wait.sql_net_message_from_client.avg_ms'], 74.96);
    assert.equal(run.metrics['wait.sql_net_message_from_client.pct_db_time'], undefined, 'idle: % DB time is blank');
    // Line 297 background "db file parallel write 44,559 0 16 367.17us 0.6 12.3"; line 333 "60.00 s".
    assert.equal(run.metrics['bgwait.db_file_parallel_write.waits'], 44559);
    close(run.metrics['bgwait.db_file_parallel_write.avg_ms'], 0.36717);
    close(run.metrics['bgwait.db_file_parallel_write.pct_bg_time'], 12.3);
    close(run.metrics['bgwait.dispatcher_timer.avg_ms'], 60000);
    // Lines 678-680: the first statement, its module and its text.
    const sql = table(run, 'sql_by_elapsed');
    assert.deepEqual(sql[0], {
      sql_id: '5bxqqbbup9tx1', elapsed_s: 710.5, cpu_s: null, executions: 3896, per_exec_s: 0.18, pct_total: 17.9, pct_cpu: 31.8,
      pct_io: 0.1, module: 'php@system (TNS V1-V3)', text: 'DELETE POZIOM WHERE SESJA = :B1',
    });
    // Lines 683-685: text printed in pieces cut mid-word ("BOOLEAN :" / "= FALSE").
    assert.match(String(sql[1]!['text']), /broken BOOLEAN := FALSE; BEGIN eko_czysc_rwd; :mydate := next_date; IF broken THEN :b := 1; ELSE :b := 0; END IF; END;$/);
    // Line 717 "184.4 N/A N/A 4.6 31.1 N/A 2g03fpn912qrx".
    const na = sql.find((s) => s['sql_id'] === '2g03fpn912qrx')!;
    assert.equal(na['executions'], null);
    assert.equal(na['pct_io'], null);
    // Line 2141 "Buffer Cache Re 2.8G 101.1 .801M 0M 0.0 0M 364.2K 113.87us": 1024-based data, 1000-based counts.
    const bc = table(run, 'iostat_by_function')[0]!;
    assert.equal(bc['function'], 'Buffer Cache Reads');
    close(bc['read_mib'] as number, 2.8 * 1024);
    close(bc['read_mib_s'] as number, 0.801);
    assert.equal(bc['wait_count'], 364200);
    close(bc['avg_wait_ms'] as number, 0.11387);
    // Lines 2216-2226: Tablespace and File IO print "No data exists for this section of the report."
    assert.equal(sectionStatus(run, 'tablespace_io'), 'no_data');
    assert.equal(sectionStatus(run, 'file_io'), 'no_data');
    assert.equal(run.tables['tablespace_io'], undefined);
    // Line 1778 "redo size 528,179,268"; line 2106 "write clones created in foregrou 4" (cut at 32).
    const activity = table(run, 'instance_activity');
    assert.deepEqual(activity.find((a) => a['statistic'] === 'redo size'), { statistic: 'redo size', total: 528179268, per_s: 146118.4, per_txn: 7016 });
    assert.equal(activity.find((a) => a['statistic'] === 'write clones created in foreground')?.['total'], 4);
    // Line 4150.
    assert.deepEqual(table(run, 'init_parameters').find((p) => p['name'] === 'filesystemio_options'), { name: 'filesystemio_options', begin: 'SETALL', end: null });
    // Line 340 "wait for unread message on" could be "... on broadcast channel" or "... on multiple
    // broadcast channels": kept as printed, and said.
    assert.deepEqual(run.warnings, ['event names cut by the text layout that several known events start with, kept as printed: "wait for unread message on", "wait for unread message o"']);
    // Line 254 "control file sequential re" joined to its full name, and recorded.
    assert.ok(table(run, 'cut_names').some((c) => c['printed'] === 'control file sequential re' && c['name'] === 'control file sequential read'));
  });

  it('19c HTML, single instance: units per row in HTML, Modified Parameters', (t) => {
    const run = parseOne('awr/pcambell__awr-html_19c_single.html');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    // Lines 47, 53, 59: "ORCL 1651735733 orcl PRIMARY EE 19.0.0.0.0 NO NO", "orcl 1", "oracle Linux x86 64-bit 16 16 16 63.08".
    assert.equal(run.name, 'ORCL/orcl 17676-17677');
    assert.equal(run.toolVersion, '19.0.0.0.0');
    assert.equal(run.host, 'oracle');
    assert.deepEqual(
      [run.params['db_name'], run.params['db_id'], run.params['instance'], run.params['rac'], run.params['platform'], run.params['cpus'], run.params['cores'], run.params['memory_gb']],
      ['ORCL', '1651735733', 'orcl', false, 'Linux x86 64-bit', 16, 16, 63.08],
    );
    // Lines 64-67: 17676 02-Jan-25 10:00:59 162 / 17677 02-Jan-25 11:00:12 169, 59.23 and 0.80 (mins).
    assert.equal(run.startMs, Date.UTC(2025, 0, 2, 10, 0, 59));
    assert.equal(run.endMs, Date.UTC(2025, 0, 2, 11, 0, 12));
    assert.equal(run.params['sessions'], 169);
    close(run.metrics['elapsed_s'], 3553.8);
    // Lines 113-116.
    const events = top(run);
    assertTop(events[0], 'DB CPU', null, 38.8, null, 81.4, null);
    assertTop(events[1], 'log file sync', 1595, 7.9, 4.96, 16.6, 'Commit');
    assertTop(events[2], 'db file sequential read', 1238, 1.6, 1.27, 3.3, 'User I/O');
    // Lines 75, 77, 80.
    assertLoad(run, 'db_cpu_s', 0.0, 0.0);
    assertLoad(run, 'redo_size_bytes', 4513.0, 16266.0);
    assertLoad(run, 'physical_read_blocks', 1.2, 4.1);
    assert.ok(table(run, 'init_parameters').length > 0, '"Modified Parameters" read as init parameters');
  });

  it('11.2.0.4 HTML, RAC instance 1: K suffix in the top events time, RAC=YES', (t) => {
    const run = parseOne('awr/pcambell__awr-html_11.2.0.4_rac-inst1.html');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    // Line 41: "XYDB 1882826147 xydb1 1 04-Dec-20 18:12 11.2.0.4.0 YES"; line 47 "db1 Linux x86 64-bit 16 16 2 62.79".
    assert.equal(run.name, 'XYDB/xydb1 24703-24704');
    assert.equal(run.params['rac'], true);
    assert.equal(run.params['inst_num'], 1);
    assert.equal(run.host, 'db1');
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb']], [16, 16, 2, 62.79]);
    // Lines 52-55: 28-Feb-21 12:26:45 / 13:03:45, 37.01 (mins), 37,825.75 (mins).
    assert.equal(run.startMs, Date.UTC(2021, 1, 28, 12, 26, 45));
    assert.equal(run.endMs, Date.UTC(2021, 1, 28, 13, 3, 45));
    close(run.metrics['elapsed_s'], 2220.6);
    close(run.metrics['db_time_s'], 2269544.7);
    // Lines 99-101: "2198.8K" and "33.9K" seconds.
    const events = top(run);
    assertTop(events[0], 'enq: TX - row lock contention', 22983, 2198800, 95670, 96.9, 'Application');
    assertTop(events[1], 'gc buffer busy acquire', 91047, 33900, 372, 1.5, 'Cluster');
    assertTop(events[2], 'gc cr block busy', 8800, 8771.8, 997, 0.4, 'Cluster');
    // Lines 63, 64, 67.
    assertLoad(run, 'db_cpu_s', 3.5, 0.4);
    assertLoad(run, 'redo_size_bytes', 86223.3, 9475.8);
    assertLoad(run, 'physical_read_blocks', 9487.5, 1042.7);
    assert.equal(table(run, 'file_io').length, 11);
  });

  it('11.2.0.3 HTML, AIX: Top 5 Timed Foreground Events, no IO Profile, blank sockets', (t) => {
    const run = parseOne('awr/sarthi2020__awr-html_11.2.0.3_aix.html');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    // Line 41 "DB1UAT 3002120671 DB1UAT 1 07-Sep-18 23:09 11.2.0.3.0 NO"; line 47 "munmvs0505 AIX ... 8 2 (blank) 32.00".
    assert.equal(run.name, 'DB1UAT 42809-42810');
    assert.equal(run.params['sockets'], undefined);
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['memory_gb'], run.params['release']], [8, 2, 32, '11.2.0.3.0']);
    // Lines 52-55.
    assert.equal(run.startMs, Date.UTC(2018, 9, 15, 18, 30, 16));
    assert.equal(run.endMs, Date.UTC(2018, 9, 15, 19, 30, 32));
    close(run.metrics['elapsed_s'], 3616.2);
    // Lines 111-113.
    const events = top(run);
    assert.equal(events.length, 5);
    assertTop(events[0], 'direct path read', 332492, 6911, 21, 15.97, 'User I/O');
    assertTop(events[1], 'DB CPU', null, 4684, null, 10.82, null);
    assertTop(events[2], 'log file sync', 291628, 3475, 12, 8.03, 'Commit');
    // Lines 72, 73, 76 (11g labels: "Redo size", "Physical reads").
    assertLoad(run, 'db_cpu_s', 1.3, 0.0);
    assertLoad(run, 'redo_size', 291450.0, 2027.9);
    assertLoad(run, 'physical_reads', 53593.8, 372.9);
    assert.equal(sectionStatus(run, 'io_profile'), 'absent');
    assert.equal(run.metrics['io.read_iops'], undefined, 'no IO Profile: absent, not zero');
  });

  it('12.1.0.2 HTML, 1.6 MB: K suffix on DB CPU, "No data exists" sections, parses in well under a second', (t) => {
    const p = corpusFile('awr/shadab__awr-html_12.1.0.2_linux.html');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const bytes = readBytes(p);
    const t0 = performance.now();
    const r = awrImporter.parse({ bytes, name: 'shadab' });
    const ms = performance.now() - t0;
    assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
    const run = r.runs[0]!;
    // Line 41 "GEPDIPC 2812207431 GEPDIPC 1 08-Jun-21 16:06 12.1.0.2.0 NO"; line 47 "gepdipc ... 48 24 1 314.66".
    assert.equal(run.name, 'GEPDIPC 555-556');
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb']], [48, 24, 1, 314.66]);
    // Lines 52-55.
    assert.equal(run.startMs, Date.UTC(2021, 5, 10, 8, 0, 24));
    close(run.metrics['elapsed_s'], 3616.8);
    // Lines 101-103: "DB CPU 60.9K 99.6".
    const events = top(run);
    assertTop(events[0], 'DB CPU', null, 60900, null, 99.6, null);
    assertTop(events[1], 'control file sequential read', 79840, 45.6, 0.57, 0.1, 'System I/O');
    assertTop(events[2], 'SQL*Net more data from client', 98319, 44.9, 0.46, 0.1, 'Network');
    // Lines 63, 65, 68.
    assertLoad(run, 'db_cpu_s', 16.8, 1.5);
    assertLoad(run, 'redo_size_bytes', 123769.6, 11238.4);
    assertLoad(run, 'physical_read_blocks', 186.7, 17.0);
    assert.equal(sectionStatus(run, 'iostat_by_function'), 'no_data');
    assert.equal(sectionStatus(run, 'init_parameters'), 'no_data');
  });

  it('11.1.0.7 HTML, RAC instance 2 of an Exadata V1 PX demo: no summary= attributes, cell events', (t) => {
    const run = parseOne('awr/structureddata__awr-html_11.1.0.7_rac-inst2_px-demo.html');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    // Line 30 "DEMO 3430975138 DEMO2 2 26-Jun-09 00:06 11.1.0.7.0 YES"; line 36 host.
    assert.equal(run.name, 'DEMO/DEMO2 912-913');
    assert.deepEqual([run.params['inst_num'], run.params['rac'], run.toolVersion, run.host], [2, true, '11.1.0.7.0', 'rsthpdbs102.us.oracle.com']);
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb']], [8, 8, 2, 31.44]);
    // Lines 41-44.
    assert.equal(run.startMs, Date.UTC(2009, 5, 27, 17, 26, 5));
    assert.equal(run.endMs, Date.UTC(2009, 5, 27, 17, 30, 7));
    close(run.metrics['elapsed_s'], 241.8);
    // Lines 99-101.
    const events = top(run);
    assertTop(events[0], 'DB CPU', null, 1087, null, 60.27, null);
    assertTop(events[1], 'direct path read temp', 85267, 396, 5, 21.94, 'User I/O');
    assertTop(events[2], 'direct path write temp', 85259, 139, 2, 7.72, 'User I/O');
    // Lines 60, 61, 64.
    assertLoad(run, 'db_cpu_s', 4.5, 12.8);
    assertLoad(run, 'redo_size', 6743.0, 19184.1);
    assertLoad(run, 'physical_reads', 26072.1, 74176.0);
    // Line 352: "cell single block physical read 54 0 0 6 0.64 0.02".
    assert.equal(run.metrics['wait.cell_single_block_physical_read.waits'], 54);
    close(run.metrics['wait.cell_single_block_physical_read.avg_ms'], 6);
  });

  it('12.2 RAC global report (awrgrpt): cluster-wide rows, per-instance sums', (t) => {
    const run = parseOne('awr/kevinc-awrs__awr-rac-global-html_12.2_slob.html');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    // Line 54 Database Summary: 3926536870 SLOB2 ... RAC NO, snapshots 400-401, 1,368.27 / 21.82 minutes.
    assert.equal(run.name, 'SLOB2 400-401');
    assert.deepEqual([run.params['report'], run.params['db_id'], run.params['rac'], run.params['instances']], ['awrgrpt', '3926536870', false, 1]);
    close(run.metrics['elapsed_s'], 1309.2);
    close(run.metrics['db_time_s'], 82096.39);
    // Line 61: instance 1 on localhost.local.com, 11-Oct-18 20:03 to 20:25, 12.2.0.1.0.
    assert.equal(run.host, 'localhost.local.com');
    assert.equal(run.toolVersion, '12.2.0.1.0');
    assert.equal(run.startMs, Date.UTC(2018, 9, 11, 20, 3));
    assert.equal(run.endMs, Date.UTC(2018, 9, 11, 20, 25));
    // Line 131: 96 CPUs, 48 cores, 2 sockets, 765,525.82 MB.
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['sockets']], [96, 48, 2]);
    close(run.params['memory_gb'] as number, 765525.82 / 1024);
    // Lines 282-284, Top Timed Foreground Events, cluster-wide '*' rows.
    const events = top(run);
    assertTop(events[0], 'direct path read', 6904693, 26365.59, 3.82, 32.12, 'User I/O');
    assertTop(events[1], 'DB CPU', null, 489.68, null, 0.6, null);
    assertTop(events[2], 'library cache: mutex X', 249, 0.41, 1.66, 0, 'Concurrency');
    close(run.metrics['cpu.db_cpu_s'], 489.68);
    // Line 508, System Statistics - Per Second: 68,115.43 logical reads/s; line 1322 IO Profile.
    close(run.metrics['load.logical_reads_per_s'], 68115.43);
    close(run.metrics['io.total_iops'], 8053.17);
    close(run.metrics['io.read_iops'], 8051.28);
    assert.equal(run.metrics['wait.direct_path_read.waits'], 6904693);
  });

  it('STATSPACK 12.1.0.2 text: blank DB name, wrapped host headings, Top 5 Timed Events with CPU time', (t) => {
    const run = parseOne('other/jasmin__statspack_12.1.0.2_linux.txt');
    if (!run) return t.skip(SKIP_NO_CORPUS);
    assert.equal(run.tool, 'oracle-statspack');
    // Line 6 "2071347136 clinprd1 1 11-Jan-24 08:45 12.1.0.2.0 NO" (database name blank: from "DB/Inst: CLINPRD/clinprd1").
    assert.equal(run.name, 'CLINPRD/clinprd1 70371-70372');
    assert.deepEqual([run.params['db_id'], run.params['rac'], run.toolVersion], ['2071347136', false, '12.1.0.2.0']);
    // Line 11 "cgm-szara.root.d Linux x86 64-bit 22 22 22 126.0".
    assert.equal(run.host, 'cgm-szara.root.d');
    assert.deepEqual([run.params['platform'], run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb']], ['Linux x86 64-bit', 22, 22, 22, 126]);
    // Lines 15-18.
    assert.equal(run.startMs, Date.UTC(2024, 0, 14, 0, 37, 42));
    assert.equal(run.endMs, Date.UTC(2024, 0, 14, 1, 37, 43));
    assert.equal(run.params['sessions'], 109);
    close(run.metrics['elapsed_s'], 3601.2);
    // Lines 61-65: STATSPACK's top list includes idle background events, and "CPU time".
    const events = top(run);
    // Their last column is "%Total Call Time": a share of call time, stored as pct_call_time.
    assertTop(events[0], 'LGWR worker group idle', 5188, 6885, 1327, 36.8, null, 'call');
    assertTop(events[4], 'CPU time', null, 861, null, 4.6, null, 'call');
    // Lines 206-220, "Wait Events (fg and bg)" and lines 152-160, "Background Wait Events": the same column.
    assert.equal(run.metrics['wait.direct_path_read.pct_call_time'], 0.2);
    assert.equal(run.metrics['wait.direct_path_read.pct_db_time'], undefined);
    assert.equal(run.metrics['bgwait.lgwr_worker_group_idle.pct_call_time'], 36.8);
    assert.equal(run.metrics['bgwait.lgwr_worker_group_idle.pct_bg_time'], undefined);
    assert.equal(table(run, 'background_events')[0]!['pct_call_time'], 36.8);
    // Lines 27-41.
    assertLoad(run, 'db_time_s', 0.3, 0.6);
    assertLoad(run, 'redo_size', 66701.6, 152213.1);
    assertLoad(run, 'physical_reads', 5627.4, 12841.7);
    assertLoad(run, 'transactions', 0.4, null);
    // Time model "DB CPU 938.5" (line 97).
    close(run.metrics['cpu.db_cpu_s'], 938.5);
    // File IO Stats print a tablespace once, then further files of it alone (lines 1941-1944).
    const files = table(run, 'file_io');
    assert.equal(files[1]!['tablespace'], 'CN_TBS');
    assert.equal(files[1]!['reads'], 8232);
  });
});
