/**
 * Layouts the corpus has no real file of, as hand-written reports (handwritten-reports.ts):
 * the 11.2.0.4 text layout with study S2's figures, 19c text with a unit per row, a report cut
 * off mid-table, localised month names, the compare-periods and SQL reports.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedRun, ParseResult } from '../types.js';
import { awrImporter } from './awr.js';
import {
  COMPARE_19C, RUSSIAN_MONTHS_11204, S2_WRITE_THROUGH_11204, SQL_REPORT_11204, TEN_G, TRUNCATED_19C, UNITS_19C,
} from './handwritten-reports.js';
import type { TopEventRow } from './wait-events.js';

const close = (actual: number | undefined | null, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined && actual !== null, `expected ${expected}, got ${actual}`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-9, `expected ${expected}, got ${actual}`);
};

function parse(text: string, name: string): ParseResult {
  assert.ok(awrImporter.detect(text.slice(0, 65536)), `${name} not detected`);
  const r = awrImporter.parse({ bytes: new TextEncoder().encode(text), name });
  assert.deepEqual(r.errors, []);
  return r;
}

const only = (r: ParseResult): ParsedRun => {
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
};
const top = (run: ParsedRun): TopEventRow[] => run.tables['top_events'] as TopEventRow[];
const rows = (run: ParsedRun, name: string): Array<Record<string, unknown>> => (run.tables[name] ?? []) as Array<Record<string, unknown>>;

describe('AWR importer on hand-written layouts', () => {
  it('11.2.0.4 text with S2 write-through figures: "Tota" column, cut values and names, form feeds', () => {
    const run = only(parse(S2_WRITE_THROUGH_11204, 's2.txt'));
    assert.equal(run.name, 'SLOB/SLOB1 212-213');
    assert.equal(run.toolVersion, '11.2.0.4.0');
    assert.equal(run.host, 'x4db01');
    assert.deepEqual(
      [run.params['rac'], run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb'], run.params['begin_snap'], run.params['end_snap'], run.params['sessions']],
      [true, 48, 24, 2, 251.79, 212, 213, 398],
    );
    assert.equal(run.startMs, Date.UTC(2014, 2, 14, 10, 5, 12));
    assert.equal(run.endMs, Date.UTC(2014, 2, 14, 10, 10, 15));
    close(run.metrics['elapsed_s'], 303);
    close(run.metrics['db_time_s'], 19347);
    close(run.metrics['cpu.db_cpu_s'], 2561.1);

    // Background list: db file parallel write 7,019 waits, 153 s, 22 ms (21.74 printed whole), 7.4% bg time.
    assert.equal(run.metrics['bgwait.db_file_parallel_write.waits'], 7019);
    close(run.metrics['bgwait.db_file_parallel_write.time_s'], 153);
    close(run.metrics['bgwait.db_file_parallel_write.avg_ms'], 22);
    close(run.metrics['bgwait.db_file_parallel_write.pct_bg_time'], 7.4);

    // Top 10: "12.2" (cut from 12.2K) and "736." are replaced by the foreground list's 12,182 and 737.
    const events = top(run);
    assert.equal(events.length, 10);
    assert.deepEqual(events[0], { name: 'free buffer waits', waits: 1039389, time_s: 12182, avg_ms: 12, pct_db_time: 63, wait_class: 'Configuration' });
    // Printed "0" (under the whole millisecond the column shows): 4,252 s over 9,244,945 waits.
    assert.deepEqual(events[1], { name: 'cell single block physical read', waits: 9244945, time_s: 4252, avg_ms: (4252 * 1000) / 9244945, pct_db_time: 22, wait_class: 'User I/O', avg_computed: true });
    assert.match(run.warnings.join(' '), /average waits printed as 0 .* computed as total wait time \/ waits: cell single block physical read/);
    assert.deepEqual(events[2], { name: 'DB CPU', waits: null, time_s: 2561.1, avg_ms: null, pct_db_time: 13.3, wait_class: null });
    assert.deepEqual(events[3], { name: 'cell list of blocks physical read', waits: 358004, time_s: 737, avg_ms: 2, pct_db_time: 3.8, wait_class: 'User I/O' });
    // "54.4" fits its 4 characters: kept over the list's whole 54.
    assert.deepEqual(events[6], { name: 'cursor: pin S wait on X', waits: 1793, time_s: 54.4, avg_ms: 30, pct_db_time: 0.3, wait_class: 'Concurrency' });
    assert.deepEqual(events[7], { name: 'enq: RO - fast object reuse', waits: 92, time_s: 43.5, avg_ms: 472, pct_db_time: 0.2, wait_class: 'Application' });
    assert.match(run.warnings.join(' '), /cuts total wait times to 4 characters/);

    // Foreground list names cut at 26 characters, joined to the full names.
    assert.equal(run.metrics['wait.cell_single_block_physical_read.waits'], 9244945);
    assert.equal(run.metrics['wait.cell_list_of_blocks_physical_read.time_s'], 737);
    close(run.metrics['wait.free_buffer_waits.time_s'], 12182);
    close(run.metrics['wait.free_buffer_waits.pct_db_time'], 63);
    close(run.metrics['wait.enq_ro_fast_object_reuse.avg_ms'], 472);

    // 11.2.0.4 load profile labels.
    close(run.metrics['load.physical_write_blocks_per_s'], 33120.8);
    close(run.metrics['load.write_io_requests_per_s'], 17364.1);
    close(run.metrics['load.write_io_mb_per_txn'], 1.2);
    assert.equal(run.metrics['load.transactions_per_txn'], undefined);
  });

  it('reads the same 11.2.0.4 layout when a sample prints the average with decimals (21.74)', () => {
    const text = S2_WRITE_THROUGH_11204.replace(
      'db file parallel write            7,019     0        153      22      0.1    7.4',
      'db file parallel write            7,019     0        153   21.74      0.1    7.4',
    );
    assert.notEqual(text, S2_WRITE_THROUGH_11204);
    const run = only(parse(text, 's2b.txt'));
    close(run.metrics['bgwait.db_file_parallel_write.avg_ms'], 21.74);
    assert.equal(run.metrics['bgwait.db_file_parallel_write.waits'], 7019);
  });

  it('19c text: a unit per row, OUTPUT page headings, blank redo rows, K suffixed counts', () => {
    const run = only(parse(UNITS_19C, 'units.txt'));
    assert.equal(run.name, 'ORCL/orcl 101-102');
    assert.deepEqual([run.params['cpus'], run.params['cores'], run.params['sockets'], run.params['memory_gb']], [8, 4, 1, 31.26]);
    const events = top(run);
    assert.deepEqual(events.map((e) => [e.name, e.waits, e.time_s, e.avg_ms, e.pct_db_time, e.wait_class]), [
      ['enq: TX - row lock contention', 1, 52.9, 52860, 98.9, 'Application'],
      ['DB CPU', null, 0.4, null, 0.8, null],
      ['db file sequential read', 13, 0, 3.23, 0.1, 'User I/O'],
      ['control file sequential read', 48, 0, 0.26869, 0, 'System I/O'],
    ]);
    // The OUTPUT heading in the middle of the list neither ends it nor becomes a row.
    const fg = rows(run, 'foreground_events');
    assert.deepEqual(fg.map((e) => e['name']), ['enq: TX - row lock contention', 'db file sequential read', 'control file sequential read', 'SQL*Net message from client']);
    close(run.metrics['wait.sql_net_message_from_client.avg_ms'], 186480);
    close(run.metrics['wait.enq_tx_row_lock_contention.avg_ms'], 52860);
    // IO Profile: blank Redo row stays blank.
    close(run.metrics['io.write_iops'], 4.4);
    assert.deepEqual(rows(run, 'io_profile')[1], { statistic: 'Redo Requests', read_write_per_s: null, read_per_s: null, write_per_s: null });
    // IOStat: 364.2K waits (x1000), 2.8G data (x1024, in MiB), truncated function name joined.
    const io = rows(run, 'iostat_by_function');
    assert.equal(io[0]!['function'], 'Buffer Cache Reads');
    assert.equal(io[0]!['wait_count'], 364200);
    close(io[0]!['read_mib'] as number, 2867.2);
    close(io[2]!['write_mib'] as number, 2.1 * 1024);
    assert.deepEqual(run.warnings, []);
  });

  it('a report cut off mid-table imports what it has and names the sections it never reached', () => {
    const r = parse(TRUNCATED_19C, 'cut.txt');
    const run = only(r);
    assert.equal(top(run).length, 4);
    assert.equal(rows(run, 'foreground_events').length, 2, 'the rows printed before the cut');
    close(run.metrics['io.read_iops'], 8.1);
    const warning = run.warnings.join(' ');
    assert.match(warning, /stops before "End of Report"/);
    assert.match(warning, /iostat_by_function/);
    assert.match(warning, /background_events/);
    assert.doesNotMatch(warning, /top_events|load_profile/);
    const sections = rows(run, 'sections');
    assert.equal(sections.find((s) => s['section'] === 'iostat_by_function')?.['status'], 'absent');
    assert.equal(sections.find((s) => s['section'] === 'foreground_events')?.['status'], 'present');
  });

  it('never throws on a report cut at any point', () => {
    for (let cut = 0; cut < S2_WRITE_THROUGH_11204.length; cut += 97) {
      const r = awrImporter.parse({ bytes: new TextEncoder().encode(S2_WRITE_THROUGH_11204.slice(0, cut)), name: 'cut' });
      assert.ok(r.runs.length === 1 || r.errors.length === 1, `cut at ${cut}`);
      for (const run of r.runs) for (const v of Object.values(run.metrics)) assert.ok(Number.isFinite(v), `cut at ${cut}`);
    }
  });

  it('10g text: host in the database block, Top 5 Timed Events with CPU time, "Wait Events" list', () => {
    const run = only(parse(TEN_G, '10g.txt'));
    assert.equal(run.name, 'ORCL/orcl 1000-1001');
    assert.equal(run.host, 'dbhost10g');
    assert.equal(run.toolVersion, '10.2.0.4.0');
    assert.deepEqual(top(run), [
      // 10g's top list prints "% Total Call Time": kept as a share of call time, not of DB time.
      { name: 'CPU time', waits: null, time_s: 1405, avg_ms: null, pct_db_time: null, pct_call_time: 92.9, wait_class: null },
      { name: 'latch: shared pool', waits: 1050870, time_s: 262298, avg_ms: 250, pct_db_time: null, pct_call_time: 30.9, wait_class: 'Concurrency' },
    ]);
    close(run.metrics['cpu.db_cpu_s'], 1405);
    close(run.metrics['load.redo_size_per_s'], 12345.67);
    close(run.metrics['load.logical_reads_per_txn'], 9876.54);
    assert.equal(run.metrics['wait.latch_shared_pool.waits'], 1050870);
  });

  it('localised month names: Russian "10-Дек-17" in the snapshot block', () => {
    const run = only(parse(RUSSIAN_MONTHS_11204, 'ru.txt'));
    assert.equal(run.startMs, Date.UTC(2017, 11, 10, 13, 0, 41));
    assert.equal(run.endMs, Date.UTC(2017, 11, 10, 14, 0, 12));
    close(run.metrics['elapsed_s'], 3571.2);
    close(run.metrics['load.redo_size_bytes_per_s'], 58114.2);
    assert.deepEqual(run.warnings, []);
  });

  it('awrddrpt compare periods: two runs named by their snapshot ranges', () => {
    const r = parse(COMPARE_19C, 'compare.txt');
    assert.equal(r.runs.length, 2);
    const [first, second] = r.runs as [ParsedRun, ParsedRun];
    assert.deepEqual([first.name, first.params['side'], second.name, second.params['side']], ['BENCH 212-213', '1st', 'BENCH 240-241', '2nd']);
    assert.equal(first.params['report'], 'awrddrpt');
    assert.equal(first.startMs, Date.UTC(2014, 2, 14, 10, 5, 12));
    assert.equal(second.endMs, Date.UTC(2014, 2, 14, 11, 25, 5));
    close(first.metrics['elapsed_s'], 303);
    close(second.metrics['db_time_s'], 2401.2);
    close(first.metrics['load.db_time_per_s'], 63.9);
    close(second.metrics['load.db_time_per_s'], 8.0);
    close(second.metrics['load.redo_size_bytes_per_txn'], 8164.9);
    assert.equal(first.metrics['load.transactions_per_txn'], undefined);
    assert.deepEqual(top(first)[0], { name: 'free buffer waits', waits: 1039389, time_s: 12182.4, avg_ms: 11.72, pct_db_time: 63, wait_class: 'Configuration' });
    assert.deepEqual(top(second)[0], { name: 'cell single block physical read', waits: 5921681, time_s: 1635, avg_ms: 0.2761, pct_db_time: 68.1, wait_class: 'User I/O' });
    close(second.metrics['cpu.db_cpu_s'], 877);
    // "-log file switch completion": shown for comparison although not in the 1st set's top list.
    assert.equal(top(first)[3]!.name, 'log file switch completion');
    close(second.metrics['wait.log_file_switch_completion.avg_ms'], 22.05);
  });

  it('awrsqrpt SQL report: header and plan statistics', () => {
    const run = only(parse(SQL_REPORT_11204, 'sqrpt.txt'));
    assert.equal(run.params['report'], 'awrsqrpt');
    assert.equal(run.name, 'SLOB/SLOB1 212-213');
    assert.equal(run.metrics['sql.executions'], 88329);
    assert.equal(run.metrics['sql.elapsed_time_ms'], 1996312);
    close(run.metrics['sql.elapsed_time_ms_per_exec'], 1996312 / 88329);
    assert.equal(run.metrics['sql.disk_reads'], 7066320);
    assert.deepEqual(rows(run, 'sql_summary'), [{ sql_id: '2jgd2n8ktbw7t', elapsed_time_ms: 1996312 }]);
  });

  it('a report saved with CRLF line ends reads as the LF one, its empty sections included', () => {
    const empty = 'Tablespace IO Stats                       DB/Inst: SLOB/SLOB1  Snaps: 212-213\n\n'
      + '                  No data exists for this section of the report.\n'
      + '          -------------------------------------------------------------\n\n';
    const lf = S2_WRITE_THROUGH_11204.replace(/^End of Report/m, `${empty}End of Report`);
    const fromLf = only(parse(lf, 'lf.txt'));
    const fromCrlf = only(parse(lf.replace(/\n/g, '\r\n'), 'crlf.txt'));
    assert.deepEqual(fromCrlf.metrics, fromLf.metrics);
    assert.deepEqual(fromCrlf.tables, fromLf.tables);
    const status = (run: ParsedRun): unknown => rows(run, 'sections').find((r) => r['section'] === 'tablespace_io')?.['status'];
    assert.equal(status(fromCrlf), 'no_data');
    assert.equal(status(fromLf), 'no_data');
  });

  it('rejects text that is not an AWR report, as an error rather than an exception', () => {
    assert.equal(awrImporter.detect('fio-3.28\nrandread: (groupid=0, jobs=1)'), false);
    const r = awrImporter.parse({ bytes: new TextEncoder().encode('WORKLOAD REPOSITORY report for\n\nnothing else\n'), name: 'empty.txt' });
    assert.equal(r.runs.length, 0);
    assert.match(r.errors[0]!.message, /no AWR report content/);
  });
});
