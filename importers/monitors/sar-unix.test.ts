/**
 * Unix sar -A (issue 24 items 3 and 7): Solaris, AIX and HP-UX stack every report's header, print
 * each interval as one block (the first report's row after the time, the others' rows below it,
 * a device per row) and end with one Average block of the same shape. And a sar capture behind a
 * wrapper script's lines. Files in test-files/, written for these tests in the layout of
 * Solaris sar(1M) and AIX / HP-UX sar(1).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { sarImporter } from './sar.js';

const DIR = path.join(REPO_ROOT, 'importers/monitors/test-files');
const read = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');
const parse = (text: string): ParseResult => sarImporter.parse({ bytes: new TextEncoder().encode(text), name: 'sar.txt' });
const values = (run: ParsedRun, object: string, metric: string): number[] => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric}`);
  return [...s.values];
};
const times = (run: ParsedRun, object: string, metric: string): number[] => [...run.series.find((x) => x.object === object && x.metric === metric)!.times];
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');
const close = (a: number | undefined, e: number): void => assert.ok(a !== undefined && Math.abs(a - e) < 1e-9, `expected ${e}, got ${a}`);

describe('Solaris sar -A: stacked headers, one block per interval', () => {
  const text = read('solaris-sar-A.txt');
  const r = parse(text);
  const run = r.runs[0]!;
  const at = (hh: number, mm: number): number => Date.UTC(2023, 2, 14, hh, mm);

  it('is recognised, and every row lands in its own report', () => {
    assert.equal(sarImporter.detect(text), true);
    assert.equal(detectFormat(new TextEncoder().encode(text)).format, 'sar');
    assert.deepEqual(r.errors, []);
    assert.doesNotMatch(messages(r), /left out/, 'no row is dropped');
    assert.deepEqual([run.host, (run.tables['sar'] as { os: string }).os, run.params['interval_s']], ['dbhost', 'SunOS 5.11', 600]);
  });

  it('CPU run metrics come from the CPU Average row, not from the run queue row under it', () => {
    // "Average       1       1       0      98", then "    1.5       2     1.0       1" (-q).
    assert.deepEqual([run.metrics['cpu_usr_pct'], run.metrics['cpu_sys_pct'], run.metrics['cpu_iowait_pct'], run.metrics['cpu_idle_pct']], [1, 1, 0, 98]);
    assert.deepEqual(values(run, 'cpu', 'cpu_idle_pct'), [98, 97, 99]);
    assert.deepEqual(times(run, 'cpu', 'cpu_idle_pct'), [at(0, 10), at(0, 20), at(0, 30)]);
    assert.deepEqual([run.metrics['runq_sz'], run.metrics['runq_occ_pct'], run.metrics['swpq_sz']], [1.5, 2, 1]);
  });

  it('each device is an object series of its own, at its block\'s time', () => {
    assert.deepEqual(values(run, 'sd0', 'util_pct'), [3, 5, 4]);
    assert.deepEqual(values(run, 'sd1', 'svctm_ms'), [6, 5, 6.2]);
    assert.deepEqual(times(run, 'nfs1', 'total.iops'), [at(0, 10), at(0, 20), at(0, 30)]);
    assert.deepEqual(values(run, 'sd0', 'total.lat_avg_ms'), [4.2, 4.1, 4.4], 'avwait + avserv');
    close(values(run, 'sd0', 'total.bw_mib_s')[1], 144 * 512 / 1048576);
    // Run figures from the device Average rows: sd0 7 + sd1 1 + nfs1 0 r+w/s (sd0,a is a slice of sd0).
    assert.equal(run.metrics['total.iops'], 8);
    close(run.metrics['total.lat_avg_ms'], (4.2 * 7 + 5.7 * 1) / 8);
    assert.equal(run.metrics['util_pct'], 4);
  });

  it('the run queue printed blank in an interval is a gap, not a shift of the reports below it', () => {
    assert.deepEqual(times(run, 'queue', 'runq_sz'), [at(0, 10), at(0, 30)]);
    assert.deepEqual(values(run, 'queue', 'runq_sz'), [1, 2]);
    assert.deepEqual(values(run, 'queue', 'swpq_sz'), [1], 'swap queue only where printed');
    assert.deepEqual(values(run, 'buffer', 'lread_per_s'), [8, 10, 6]);
  });

  it('every other report maps to its own metrics; reports not read are named', () => {
    assert.deepEqual(values(run, 'system', 'syscalls_per_s'), [1830, 2010, 1650]);
    assert.deepEqual(values(run, 'swapping', 'pswch_per_s'), [412, 430, 394]);
    assert.deepEqual(values(run, 'paging', 'vflt_per_s'), [4.3, 4.7, 3.9]);
    assert.deepEqual(values(run, 'memory', 'mem_free_pages'), [812340, 811020, 813660]);
    assert.deepEqual([run.metrics['wcache_pct'], run.metrics['rcache_pct'], run.metrics['namei_per_s'], run.metrics['outch_per_s'], run.metrics['pgin_per_s']], [72, 100, 2, 12, 0.03]);
    close(run.metrics['swap_free_mib'], 24680112 * 512 / 1048576);
    assert.match(messages(r), /reports not imported: proc-sz ov inod-sz ov file-sz ov lock-sz; sml_mem alloc fail lg_mem alloc fail ovsz_alloc fail/);
  });
});

describe('AIX and HP-UX sar -A', () => {
  it('AIX: shared-processor columns, Kbs/s, the System configuration line, AIX-only reports named', () => {
    const text = read('aix-sar-A.txt');
    assert.equal(detectFormat(new TextEncoder().encode(text)).format, 'sar');
    const r = parse(text);
    const run = r.runs[0]!;
    assert.doesNotMatch(messages(r), /left out|differs/);
    assert.equal((run.tables['sar'] as { configuration: string }).configuration, 'lcpu=16 ent=2.00 mode=Uncapped');
    assert.deepEqual(values(run, 'cpu', 'cpu_physc'), [0.42, 0.5]);
    assert.deepEqual([run.metrics['cpu_entc_pct'], run.metrics['cpu_idle_pct']], [23, 80]);
    assert.deepEqual(values(run, 'hdisk0', 'total.bw_mib_s'), [720 / 1024, 880 / 1024], 'AIX Kbs/s are KiB/s');
    assert.deepEqual(values(run, 'queue', 'runq_sz'), [1.2, 1.4]);
    assert.deepEqual(values(run, 'files', 'namei_per_s'), [40, 40], 'lookuppn/s');
    assert.equal(run.metrics['syscalls_per_s'], 4300, 'the -c row after the unread "slots cycle/s" row');
    assert.match(messages(r), /reports not imported: slots cycle\/s fault\/s odio\/s; cswch\/s; ksched\/s kproc-ov kexit\/s/);
  });

  it('HP-UX: the table report\'s N/A fields are placed, not taken for a device', () => {
    const r = parse(read('hpux-sar-A.txt'));
    const run = r.runs[0]!;
    assert.doesNotMatch(messages(r), /left out|differs/);
    assert.deepEqual(run.series.filter((s) => s.metric === 'util_pct').map((s) => s.object), ['disk3', 'disk4']);
    assert.deepEqual(values(run, 'disk3', 'total.lat_avg_ms'), [8, 10]);
    assert.deepEqual(values(run, 'ipc', 'msg_per_s'), [0, 0]);
    assert.deepEqual([run.metrics['cpu_idle_pct'], run.metrics['runq_sz'], run.metrics['pswch_per_s'], run.metrics['total.iops']], [68, 2, 950, 82]);
    assert.match(messages(r), /reports not imported: text-sz ov proc-sz ov inod-sz ov file-sz ov/);
  });
});

describe('Linux sar -A: one report after another, as before', () => {
  it('-b, -B, -q, -w and -W are not taken for the Unix buffer, paging, queue and swapping reports', () => {
    const r = parse([
      'Linux 5.15.0-91-generic (db1) \t03/14/2023 \t_x86_64_\t(4 CPU)', '',
      '10:00:00 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle',
      '10:10:00 AM     all      5.00      0.00      2.00      1.00      0.00     92.00',
      'Average:        all      5.00      0.00      2.00      1.00      0.00     92.00', '',
      '10:00:00 AM       tps      rtps      wtps      dtps   bread/s   bwrtn/s   bdscd/s',
      '10:10:00 AM     50.00     20.00     30.00      0.00   1600.00   2400.00      0.00',
      'Average:        50.00     20.00     30.00      0.00   1600.00   2400.00      0.00', '',
      '10:00:00 AM  pgpgin/s pgpgout/s   fault/s  majflt/s  pgfree/s pgscank/s pgscand/s pgsteal/s    %vmeff',
      '10:10:00 AM    800.00   1200.00   3000.00      0.50   4000.00      0.00      0.00      0.00      0.00',
      'Average:       800.00   1200.00   3000.00      0.50   4000.00      0.00      0.00      0.00      0.00', '',
      '10:00:00 AM   runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked',
      '10:10:00 AM         2       400      1.50      1.20      1.00         0',
      'Average:            2       400      1.50      1.20      1.00         0', '',
      '10:00:00 AM    proc/s   cswch/s',
      '10:10:00 AM      3.00   5000.00',
      'Average:         3.00   5000.00', '',
      '10:00:00 AM  pswpin/s pswpout/s',
      '10:10:00 AM      0.00      0.00',
      'Average:         0.00      0.00',
    ].join('\n'));
    const run = r.runs[0]!;
    assert.deepEqual(run.series.map((s) => s.object).filter((o, i, a) => a.indexOf(o) === i), ['cpu']);
    assert.equal(run.metrics['cpu_idle_pct'], 92);
    assert.equal(run.metrics['bread_per_s'], undefined);
    assert.doesNotMatch(messages(r), /left out/);
    assert.match(messages(r), /reports not imported: tps rtps wtps dtps bread\/s bwrtn\/s bdscd\/s; pgpgin\/s .*; runq-sz plist-sz .*; proc\/s cswch\/s; pswpin\/s pswpout\/s/);
  });
});

describe('Solaris sar across a reboot', () => {
  it('"unix restarts" is a restart, not a report whose rows would be read past', () => {
    const r = parse([
      'SunOS dbhost 5.11 11.4.42.111.0 sun4v    03/14/2023', '',
      '00:00:00    %usr    %sys    %wio   %idle',
      '00:10:00       1       1       0      98',
      '00:14:07 unix restarts',
      '00:20:00       5       3       0      92',
      '', 'Average        3       2       0      95',
    ].join('\n'));
    assert.deepEqual(values(r.runs[0]!, 'cpu', 'cpu_idle_pct'), [98, 92]);
    assert.match(messages(r), /restarted 1 time/);
  });
});

describe('sar behind a wrapper script\'s lines', () => {
  it('is recognised from the body under its banner; the wrapper\'s lines are named, not read', () => {
    const text = read('solaris-sar-behind-wrapper.txt');
    assert.match(text, /^connect_db \.\.\.\.\. OK!/);
    assert.equal(detectFormat(new TextEncoder().encode(text)).format, 'sar');
    const r = parse(text);
    const run = r.runs[0]!;
    assert.equal(r.warnings[0]!.line, 1);
    assert.match(r.warnings[0]!.message, /3 line\(s\) before the sar banner are not sar output/);
    assert.deepEqual(values(run, 'cpu', 'cpu_usr_pct'), [20, 30]);
    assert.deepEqual(values(run, 'sd0', 'total.iops'), [100, 140]);
    assert.deepEqual([run.metrics['cpu_idle_pct'], run.metrics['total.iops']], [70, 140]);
    // A banner only in prose (no report under it) is not sar.
    assert.equal(sarImporter.detect('notes\nSunOS dbhost 5.11 11.4 sun4v    03/14/2023\nnothing measured\n'), false);
  });
});
