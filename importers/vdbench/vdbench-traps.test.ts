/**
 * Hand-written variants of vdbench output for the traps FORMATS.md section 2 lists, each laid
 * out column for column like the real files (50407 widths from the corpus summary.html, 50406
 * from Report.reportDetail's format string).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedRun } from '../types.js';
import { vdbenchImporter } from './vdbench.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (s: string) => vdbenchImporter.parse({ bytes: enc(s), name: 'test.html' });
const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};
const values = (run: ParsedRun, metric: string): number[] => [...(run.series.find((s) => s.metric === metric)?.values ?? [])];
const times = (run: ParsedRun, metric: string): number[] => [...(run.series.find((s) => s.metric === metric)?.times ?? [])];

const TITLE = '<title>Vdbench output/summary.html</title><pre>\nCopyright (c) 2000, 2018, Oracle and/or its affiliates. All rights reserved.';
const CREATED = 'Vdbench summary report, created 09:59:55 Oct 09 2019 UTC (09:59:55 Oct 09 2019 UTC)';
const RD = (rest: string, tod = '10:00:00.002'): string => `<a name="_1"></a><i><b>${tod} Starting RD=${rest}</b></i>`;

/** The 50407 raw header with cpu columns, date replaced (FORMATS.md 2.2). */
const header50407 = (date = 'Oct 09, 2019'): string => [
  `${date}    interval        i/o   MB/sec   bytes   read     resp     read    write     read    write     resp  queue  cpu%  cpu%`,
  '                               rate  1024**2     i/o    pct     time     resp     resp      max      max   stddev  depth sys+u   sys',
].join('\n');

/**
 * One 50407 row: 12-character label, then the column widths of the real summary.html, each a
 * space and a right-aligned value as String.format(" %8.2f") writes it: a wider value pushes
 * the rest of the line right.
 */
const WIDTHS = [11, 9, 8, 7, 9, 9, 9, 9, 9, 9, 7, 6, 6];
const row = (tod: string, label: string, v: string[]): string => tod + label.padStart(12) + v.map((x, i) => ` ${x.padStart(WIDTHS[i]! - 1)}`).join('');
// i/o rate, MB/sec, bytes, read pct, resp, read resp, write resp, read max, write max, stddev, queue, cpu sys+u, cpu sys
const R1 = ['1000.0', '3.91', '4096', '70.00', '0.500', '0.400', '0.733', '2.10', '3.40', '0.300', '0.5', '10.0', '4.0'];
const R2 = ['1200.0', '4.69', '4096', '70.00', '0.450', '0.350', '0.683', '1.90', '3.10', '0.280', '0.5', '11.0', '4.5'];
const R3 = ['1400.0', '5.47', '4096', '70.00', '0.420', '0.320', '0.653', '1.80', '2.90', '0.250', '0.6', '12.0', '5.0'];
const AVG = ['1300.0', '5.08', '4096', '70.00', '0.434', '0.334', '0.667', '1.90', '3.10', '0.265', '0.6', '11.5', '4.8'];

const summary = (body: string[]): string => [TITLE, CREATED, '', ...body].join('\n') + '\n';

const goodRun = (rd = 'rd1; I/O rate: Uncontrolled MAX; elapsed=3; For loops: xfersize=4k rdpct=70 seekpct=100 threads=1k'): string[] => [
  RD(rd), '', '', header50407(),
  row('10:00:01.010', '1', R1), row('10:00:02.010', '2', R2), row('10:00:03.010', '3', R3), row('10:00:03.020', 'avg_2-3', AVG),
];

/** An I/O error line as IO_task.io_error_report writes it, sent from a slave to logfile.html and the console. */
const ioError = (tod: string): string => `${tod} localhost-0: ${tod} op: read   lun: /dev/sdb                       lba:     12345678 0x00BC614E xfer:     4096 errno: EIO `;

describe('vdbench I/O errors are validity facts (issue 40)', () => {
  it('error lines in logfile.html: counted, placed in their intervals, against the run\'s I/Os; a small share stands', () => {
    const [rd, b1, b2, head, r1, r2, r3, avg] = goodRun();
    const r = parse(summary([rd!, b1!, b2!, head!, r1!, ioError('10:00:01.500'), ioError('10:00:01.700'), r2!, ioError('10:00:02.300'), r3!, avg!]));
    assert.deepEqual(r.errors, []);
    const facts = r.runs[0]!.validity;
    // 1,300 IOPS over three 1-second intervals: 3,900 I/Os, 3 of them errors.
    assert.deepEqual(facts?.map((f) => [f.code, f.severity, f.count, f.of]), [['io-errors', 'warning', 3, 3900]]);
    assert.equal(facts![0]!.message, '3 I/O errors (in 2 of 3 intervals) in 3,900 I/Os (0.08%)');
  });

  it('vdbench terminating on the errors: the run is no result', () => {
    const [rd, b1, b2, head, r1, r2] = goodRun();
    const r = parse(summary([rd!, b1!, b2!, head!, r1!, ioError('10:00:01.500'), r2!, '10:00:02.100 *', '10:00:02.100 Total Data Validation or I/O error count: 1', '10:00:02.100 Vdbench terminating due to Data Validation or I/O errors. See errorlog.html.']));
    const facts = r.runs[0]!.validity;
    assert.deepEqual(facts?.map((f) => [f.code, f.severity]), [['io-errors', 'invalid']]);
    assert.match(facts![0]!.message, /^vdbench terminated the run on Data Validation or I\/O errors: 1 counted, in 1 of 2 intervals$/);
  });

  it('no error line: no fact', () => {
    assert.equal(parse(summary(goodRun())).runs[0]!.validity, undefined);
  });
});

describe('vdbench traps, hand-written', () => {
  it('for-loops: "threads=1k" is 1024 threads, xfersize=4k is 4096, seekpct=100 random', () => {
    const r = parse(summary(goodRun()));
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.name, 'rd1 xfersize=4k rdpct=70 seekpct=100 threads=1k');
    assert.deepEqual(
      { rd: run.params['rd'], bs: run.params['bs'], read_pct: run.params['read_pct'], pattern: run.params['pattern'], threads: run.params['threads'], iorate: run.params['iorate'] },
      { rd: 'rd1', bs: 4096, read_pct: 70, pattern: 'random', threads: 1024, iorate: 'max' },
    );
    close(run.metrics['total.iops'], 1300);
    close(run.metrics['read.iops'], 910);
    close(run.metrics['write.iops'], 390);
    close(run.metrics['total.lat_max_ms'], 3.1);
    close(run.metrics['cpu_usr_pct'], 11.5 - 4.8);
    assert.equal(run.startMs, Date.UTC(2019, 9, 9, 10, 0, 0, 2));
  });

  it('seekpct 0 is sequential, anything between 0 and 100 mixed', () => {
    const seq = parse(summary(goodRun('rd2; I/O rate: 500; elapsed=3; For loops: xfersize=32k seekpct=0'))).runs[0]!;
    const mixed = parse(summary(goodRun('rd3; I/O rate: 500; elapsed=3; For loops: seekpct=30'))).runs[0]!;
    assert.deepEqual([seq.params['pattern'], seq.params['bs'], seq.params['iorate']], ['sequential', 32768, 500]);
    assert.equal(mixed.params['pattern'], 'mixed');
  });

  it('iorate=curve: the max pass, then rd_(NN%) points with their computed rate', () => {
    const r = parse(summary([
      ...goodRun('rd1; I/O rate: Uncontrolled curve; elapsed=3; For loops: None'),
      ...goodRun('rd1_(10%); I/O rate: 130; elapsed=3; For loops: None').map((l) => l.replace('10:00:0', '10:01:0')),
    ]));
    assert.equal(r.runs.length, 2);
    const [max, point] = r.runs as [ParsedRun, ParsedRun];
    assert.deepEqual([max.name, max.params['iorate'], max.params['curve_pct']], ['rd1', 'curve', undefined]);
    assert.deepEqual(
      [point.name, point.params['rd'], point.params['iorate'], point.params['curve_pct'], point.params['iorate_target']],
      ['rd1_(10%)', 'rd1', 'curve', 10, 130],
    );
  });

  it('an aborted run (no avg row) is imported from its intervals, with a warning', () => {
    const r = parse(summary(goodRun().slice(0, -1)));
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.match(run.warnings.join(' '), /no avg row .*intervals 2-3/);
    close(run.metrics['total.iops'], 1300, 0);
    // Response times weighted by rate: (0.45*1200 + 0.42*1400) / 2600.
    close(run.metrics['total.lat_avg_ms'], (0.45 * 1200 + 0.42 * 1400) / 2600);
    close(run.metrics['write.lat_max_ms'], 3.1);
    assert.equal(run.metrics['total.lat_stddev_ms'], undefined);
    assert.equal(run.tables['avg_source'], 'intervals 2-3');
  });

  it('an aborted run with warmup= leaves the warm-up intervals out of its average', () => {
    const run = parse(summary(goodRun('rd1; I/O rate: 100; elapsed=4 warmup=2; For loops: None').slice(0, -1))).runs[0]!;
    assert.equal(run.params['runtime_s'], 4);
    assert.equal(run.tables['avg_source'], 'intervals 3-3');
    close(run.metrics['total.iops'], 1400, 0);
  });

  it('a file cut in the middle of a row: the partial row is skipped and named', () => {
    const lines = goodRun().slice(0, -1);
    const text = summary(lines).trimEnd();
    const cut = text.slice(0, text.length - 40);
    const r = parse(cut);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.match(run.warnings.join(' '), /line 12: row 3 has 8 of 13 columns \(file cut\?\): skipped/);
    assert.deepEqual(values(run, 'total.iops'), [1000, 1200]);
    close(run.metrics['total.iops'], 1200, 0);
  });

  it('a file cut inside the table header or before it is an error with its line', () => {
    const inHeader = summary(goodRun().slice(0, 3)) + header50407().split('\n')[0];
    const r1 = parse(inHeader);
    assert.equal(r1.runs.length, 0);
    assert.equal(r1.errors[0]!.line, 8);
    assert.match(r1.errors[0]!.message, /line 8: a vdbench table header without its second line/);
    const r2 = parse(summary(goodRun().slice(0, 1)));
    assert.equal(r2.errors[0]!.line, 5);
    assert.match(r2.errors[0]!.message, /RD=rd1 at line 5 is followed by no table/);
    assert.ok(vdbenchImporter.detect(summary(goodRun().slice(0, 1))), 'still detected: a summary.html with a Starting RD line');
  });

  it('HTML with closing tags parses like HTML without them', () => {
    const open = parse(summary(goodRun())).runs[0]!;
    const closedOwnLine = parse(summary(goodRun()) + '</pre></body></html>\n').runs[0]!;
    const glued = summary(goodRun()).trimEnd() + '</pre></body></html>\n';
    const closedGlued = parse(glued).runs[0]!;
    for (const run of [closedOwnLine, closedGlued]) {
      assert.deepEqual(run.metrics, open.metrics);
      assert.deepEqual(run.warnings, open.warnings);
    }
    close(closedGlued.metrics['cpu_sys_pct'], 4.8);
  });

  it('Chinese-locale dates: "12月 31, 2022" headers, the created line, and midnight passing', () => {
    const text = [
      '<title>Vdbench output/summary.html</title><pre>',
      'Vdbench summary report, created 23:59:50 12月 31 2022 CST (15:59:50 12月 31 2022 UTC)',
      '', RD('rd1; I/O rate: 100; elapsed=3; For loops: None', '23:59:58.002'), '', header50407('12月 31, 2022'),
      row('23:59:59.010', '1', R1), row('00:00:00.010', '2', R2), row('00:00:01.010', '3', R3), row('00:00:01.020', 'avg_2-3', AVG),
    ].join('\n');
    const r = parse(text);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.warnings, []);
    const run = r.runs[0]!;
    close(run.metrics['total.iops'], 1300);
    close(run.metrics['read.lat_max_ms'], 1.9);
    // UTC+8 from the created line; the day turns between intervals 1 and 2.
    assert.deepEqual(times(run, 'total.iops'), [Date.UTC(2022, 11, 31, 15, 59, 59, 10), Date.UTC(2022, 11, 31, 16, 0, 0, 10), Date.UTC(2022, 11, 31, 16, 0, 1, 10)]);
    assert.equal(run.startMs, Date.UTC(2022, 11, 31, 15, 59, 58, 2));
    assert.equal(run.endMs, Date.UTC(2022, 11, 31, 16, 0, 1, 20));
  });

  it('a month name no parser knows: relative times and a warning', () => {
    const r = parse(summary(goodRun()).replace(CREATED, '').replace('Oct 09, 2019', 'Οκτ. 09, 2019'));
    const run = r.runs[0]!;
    close(run.metrics['total.iops'], 1300, 0);
    assert.deepEqual(times(run, 'total.iops'), [0, 1000, 2000]);
    assert.equal(run.startMs, null);
    assert.match(r.warnings.map((w) => w.message).join(' '), /"Οκτ\. 09, 2019" not understood/);
  });

  it('a German JVM\'s "Okt." is October (importers/dates.ts reads the months every importer reads)', () => {
    const r = parse(summary(goodRun()).replace(CREATED, '').replace('Oct 09, 2019', 'Okt. 09, 2019'));
    assert.equal(times(r.runs[0]!, 'total.iops')[0], Date.UTC(2019, 9, 9, 10, 0, 1, 10), 'the interval line 10:00:01.010 on 9 October');
  });

  it('50406 column set: "resp max" and "resp stddev", no read/write max', () => {
    const text = [
      TITLE, CREATED, '', RD('rd1; I/O rate: Uncontrolled MAX; elapsed=2; For loops: None'), '', '',
      'Jun 14, 2016  interval        i/o   MB/sec   bytes   read     resp     read    write     resp     resp queue  cpu%  cpu%',
      '                             rate  1024**2     i/o    pct     time     resp     resp      max   stddev depth sys+u   sys',
      '10:00:01.013         1    1510.00    94.38   65536  69.87    5.207    3.871    8.302  120.349    7.114   7.9  12.5   3.1',
      '10:00:02.011         2    1622.00   101.38   65536  70.28    4.932    3.652    7.961   98.715    6.548   8.0  11.9   2.9',
      '10:00:03.012         3    1598.00    99.88   65536  69.46    5.001    3.702    7.955  101.223    6.702   8.0  12.1   3.0',
      '10:00:03.020   avg_2-3    1610.00   100.63   65536  69.87    4.966    3.677    7.958  101.223    6.625   8.0  12.0   3.0',
    ].join('\n');
    const run = parse(text).runs[0]!;
    close(run.metrics['total.iops'], 1610);
    close(run.metrics['total.bw_mib_s'], 100.63);
    close(run.metrics['total.lat_max_ms'], 101.223);
    close(run.metrics['total.lat_stddev_ms'], 6.625);
    close(run.metrics['read.lat_avg_ms'], 3.677);
    close(run.metrics['qdepth'], 8);
    assert.equal(run.metrics['read.lat_max_ms'], undefined);
    assert.equal(run.params['bs'], 65536);
    assert.deepEqual((run.tables['avg_row'] as Record<string, number>)['resp max'], 101.223);
  });

  it('headers repeated every 30 intervals, and a run that passes midnight', () => {
    const rows: string[] = [];
    for (let i = 1; i <= 35; i++) {
      if (i % 30 === 1) rows.push('', header50407(i === 1 ? 'Oct 09, 2019' : 'Oct 10, 2019'));
      const s = 23 * 3600 + 59 * 60 + 30 + i; // 23:59:31 + i seconds
      const tod = new Date(s * 1000).toISOString().slice(11, 23).replace(/^24/, '00');
      rows.push(row(tod, String(i), [`${1000 + i}.0`, ...R1.slice(1)]));
    }
    rows.push(row('00:00:05.020', 'avg_2-35', AVG));
    const run = parse(summary([RD('rd1; I/O rate: 100; elapsed=35; For loops: None', '23:59:30.002'), ...rows])).runs[0]!;
    assert.equal(values(run, 'total.iops').length, 35);
    assert.equal(values(run, 'total.iops')[34], 1035);
    const t = times(run, 'total.iops');
    assert.ok(t.every((v, i) => i === 0 || v - t[i - 1]! === 1000), 'one second apart across midnight and the header repeat');
    assert.equal(t[34], Date.UTC(2019, 9, 10, 0, 0, 5));
  });

  it('parameter lines in the file give what the RD line leaves out', () => {
    const run = parse(summary([
      'wd=wd1,sd=sd1,xfersize=8k,rdpct=70,seekpct=0',
      'rd=rd1,wd=wd1,iorate=max,elapsed=3,interval=1,threads=16',
      ...goodRun('rd1; I/O rate: Uncontrolled MAX; elapsed=3; For loops: None'),
    ])).runs[0]!;
    assert.deepEqual(
      [run.params['bs'], run.params['read_pct'], run.params['pattern'], run.params['threads'], run.params['iorate']],
      [8192, 70, 'sequential', 16, 'max'],
    );
  });

  it('per-host and per-SD reports: host and sd from the report title line', () => {
    const host = parse(summary(goodRun()).replace(CREATED, 'Host summary report(s) for host=hd1')).runs[0]!;
    assert.equal(host.host, 'hd1');
    const sd = parse(summary(goodRun()).replace(CREATED, 'Host SD report for sd=sd1,host=hd2,lun=/dev/sdb')).runs[0]!;
    assert.deepEqual([sd.host, sd.params['sd']], ['hd2', 'sd1']);
  });

  it('a value far wider than its column shifts the later columns (fixed width, not white space)', () => {
    const wide = [...AVG.slice(0, 8), '123456789.12', '0.265', '0.6', '11.5', '4.8'];
    const lines = goodRun();
    lines[lines.length - 1] = row('10:00:03.020', 'avg_2-3', wide);
    assert.match(lines[lines.length - 1]!, / 123456789\.12    0\.265    0\.6  11\.5   4\.8$/);
    const run = parse(summary(lines)).runs[0]!;
    close(run.metrics['write.lat_max_ms'], 123456789.12);
    close(run.metrics['total.lat_stddev_ms'], 0.265);
    close(run.metrics['qdepth'], 0.6);
    close(run.metrics['cpu_sys_pct'], 4.8);
  });

  it('std_/max_ rows with blank columns: values land under their own labels', () => {
    const fs = [
      'Mar 08, 2019 ..Interval.. .ReqstdOps... ...cpu%...  read ....read..... ....write.... ..mb/sec... mb/sec .xfer.. ...mkdir.... ...rmdir.... ...create... ....open.... ...close.... ...delete...',
      '                            rate   resp total  sys   pct   rate   resp   rate   resp  read write  total    size  rate   resp  rate   resp  rate   resp  rate   resp  rate   resp  rate   resp',
      '15:14:56.114            1 1000.0  0.500  10.0 4.00  50.0  500.0  0.400  500.0  0.600  1.95  1.95   3.91    4096   0.0  0.000   0.0  0.000   0.0  0.000  10.0  0.050  10.0  0.010   0.0  0.000',
      '15:14:57.114            2 1200.0  0.450  11.0 4.50  50.0  600.0  0.350  600.0  0.550  2.34  2.34   4.69    4096   0.0  0.000   0.0  0.000   0.0  0.000  12.0  0.040  12.0  0.010   0.0  0.000',
      '15:14:57.120      avg_2-2 1200.0  0.450  11.0 4.50  50.0  600.0  0.350  600.0  0.550  2.34  2.34   4.69    4096   0.0  0.000   0.0  0.000   0.0  0.000  12.0  0.040  12.0  0.010   0.0  0.000',
      '15:14:57.120      std_2-2    0.0  0.120                     0.0  0.100    0.0  0.140',
      '15:14:57.120      max_2-2 1200.0  9.870                   600.0  4.320  600.0  9.870                                                                          1.234',
    ];
    const run = parse(summary([RD('rd1; elapsed=2; fwdrate=max. For loops: threads=8 xfersize=4k', '15:14:55.001'), '', ...fs])).runs[0]!;
    assert.deepEqual([run.params['layout'], run.params['iorate'], run.params['threads'], run.params['bs']], ['fs', 'max', 8, 4096]);
    close(run.metrics['fs.reads_per_s'], 600);
    close(run.metrics['read.lat_avg_ms'], 0.35);
    close(run.metrics['read.lat_max_ms'], 4.32);
    close(run.metrics['write.lat_max_ms'], 9.87);
    close(run.metrics['read.lat_stddev_ms'], 0.1);
    close(run.metrics['write.lat_stddev_ms'], 0.14);
    close(run.metrics['total.lat_max_ms'], 9.87);
    close(run.metrics['total.lat_stddev_ms'], 0.12);
    close(run.metrics['fs.opens_per_s'], 12);
    close(run.metrics['read.bw_mib_s'], 2.34);
    assert.equal((run.tables['max_row'] as Record<string, number | null>)['open resp'], 1.234);
    assert.equal((run.tables['max_row'] as Record<string, number | null>)['create resp'], null);
  });

  it('a comma-decimal locale (String.format with the default locale) reads the same numbers', () => {
    const lines = goodRun();
    lines[lines.length - 1] = row('10:00:03.020', 'avg_2-3', AVG.map((v) => v.replace('.', ',')));
    const run = parse(summary(lines)).runs[0]!;
    close(run.metrics['total.iops'], 1300);
    close(run.metrics['total.lat_avg_ms'], 0.434);
  });

  it('"-mb" output (1000**2) is converted to MiB/s; cpu NaN gives no cpu metrics', () => {
    const text = summary(goodRun()).replace('1024**2', '1000**2').replace(/ 11\.5   4\.8/, '   NaN   NaN');
    const run = parse(text).runs[0]!;
    close(run.metrics['total.bw_mib_s'], (5.08 * 1e6) / 1048576);
    assert.equal(run.metrics['cpu_usr_pct'], undefined);
    assert.equal(run.metrics['cpu_sys_pct'], undefined);
  });

  it('reports without results are not detected; an empty title is not enough', () => {
    const rd = RD('rd1; I/O rate: 100; elapsed=3; For loops: None');
    assert.equal(vdbenchImporter.detect(`<title>Vdbench output/errorlog.html</title><pre>\n\n${rd}\n`), false);
    assert.equal(vdbenchImporter.detect('<title>Vdbench output/parmfile.html</title><pre>\nsd=sd1,lun=/dev/sdb\n'), false);
    assert.equal(vdbenchImporter.detect('time,iops\n1,2\n'), false);
    assert.ok(vdbenchImporter.detect(header50407()), 'the two header lines alone are vdbench');
    const r = parse('<title>Vdbench output/summary.html</title><pre>\nnothing here\n');
    assert.equal(r.runs.length, 0);
    assert.match(r.errors[0]!.message, /no vdbench interval table found/);
  });

  it('a 50407 raw flatfile: one RD expanded by forxfersize gets the for values in its name', () => {
    const cols = 'tod timestamp Run Interval reqrate rate MB/sec bytes/io read% resp read_resp write_resp resp_max read_max write_max resp_std read_std write_std xfersize threads rdpct rhpct whpct seekpct lunsize version compratio dedupratio queue_depth cpu_used cpu_user cpu_kernel cpu_wait cpu_idle';
    const text = [
      '<title>Vdbench output/flatfile.html</title><pre>',
      '* Run       : Name of run from RD=',
      `         tod               timestamp ${cols.split(' ').slice(2).join(' ')}`,
      '10:00:01.010 10/09/2019-10:00:01-JST rr 1 9999988 2000 7.8125 4096 100 0.5 0.5 0 2.1 2.1 0 0.3 0.3 0 4096 8 100 0 0 100 10 vdbench50407 1 1 1 12 8 4 0 88',
      '10:00:02.010 10/09/2019-10:00:02-JST rr 2 9999988 2200 8.5938 4096 100 0.45 0.45 0 1.9 1.9 0 0.28 0.28 0 4096 8 100 0 0 100 10 vdbench50407 1 1 1 12.5 8.5 4 0 87.5',
      '10:00:02.020 10/09/2019-10:00:02-JST rr  avg_2-2 9999988 2200 8.5938 4096 100 0.45 0.45 0 1.9 1.9 0 0.28 0.28 0 4096 8 100 0 0 100 10 vdbench50407 1 1 1 12.5 8.5 4 0 87.5',
      '10:00:04.010 10/09/2019-10:00:04-JST rr 1 9999988 1500 11.7188 8192 100 0.6 0.6 0 2.5 2.5 0 0.4 0.4 0 8192 8 100 0 0 100 10 vdbench50407 1 1 1 10 7 3 0 90',
      '10:00:05.010 10/09/2019-10:00:05-JST rr 2 9999988 1600 12.5 8192 100 0.58 0.58 0 2.4 2.4 0 0.38 0.38 0 8192 8 100 0 0 100 10 vdbench50407 1 1 1 10 7 3 0 90',
      '10:00:05.020 10/09/2019-10:00:05-JST rr  avg_2-2 9999988 1600 12.5 8192 100 0.58 0.58 0 2.4 2.4 0 0.38 0.38 0 8192 8 100 0 0 100 10 vdbench50407 1 1 1 10 7 3 0',
    ].join('\n');
    assert.ok(vdbenchImporter.detect(text));
    const r = parse(text);
    assert.deepEqual(r.errors, []);
    assert.equal(r.runs.length, 2);
    const [k4, k8] = r.runs as [ParsedRun, ParsedRun];
    assert.equal(k4.name, 'rr xfersize=4k rdpct=100 seekpct=100 threads=8');
    assert.equal(k8.name, 'rr xfersize=8k rdpct=100 seekpct=100 threads=8');
    assert.deepEqual([k4.toolVersion, k4.params['iorate'], k4.params['pattern'], k4.params['bs']], ['vdbench50407', 'max', 'random', 4096]);
    close(k4.metrics['read.iops'], 2200);
    close(k4.metrics['read.lat_max_ms'], 1.9);
    close(k4.metrics['read.lat_stddev_ms'], 0.28);
    close(k4.metrics['qdepth'], 1);
    close(k4.metrics['cpu_usr_pct'], 8.5);
    assert.equal(k4.metrics['write.iops'], undefined);
    assert.equal(k4.endMs, Date.UTC(2019, 9, 9, 1, 0, 2, 20), 'JST is UTC+9');
    assert.equal(k4.startMs, Date.UTC(2019, 9, 9, 1, 0, 0, 10), 'one interval before the first row');
    // The last avg row lost its last column: the run falls back on its intervals, and says so.
    assert.match(r.warnings[0]!.message, /line 9: flatfile row has 33 of 34 columns/);
    close(k8.metrics['total.iops'], 1600);
    assert.match(k8.warnings[0]!, /no avg row/);
  });

  it('a host histogram, closing tags and all: buckets per RD, host from the file name', () => {
    const text = [
      '<html><title>Vdbench output/hd1.histogram.html</title><pre>',
      'Host response time histogram.',
      '',
      RD('rd1; I/O rate: Uncontrolled MAX; elapsed=3; For loops: xfersize=8k'),
      '',
      'Reads and writes:',
      "  min(ms) <     max(ms)         count       %%    cum%%  '+': Individual%; '+-': Cumulative%",
      '',
      '    0.000 <       0.020            90  90.0000  90.0000  +++++++++++++++++++++++++++++++++++++++++++++',
      '    0.020 <       0.040            10  10.0000 100.0000  +++++-------------------------------------------',
      ' 2000.000 <         max             0   0.0000 100.0000  --------------------------------------------------</pre></html>',
    ].join('\n');
    assert.ok(vdbenchImporter.detect(text));
    const r = parse(text);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.deepEqual([run.name, run.host, run.params['bs']], ['rd1 xfersize=8k', 'hd1', 8192]);
    const h = run.tables['histogram'] as Record<string, Array<{ count: number; max_ms: number | null }>>;
    assert.deepEqual(h['total']!.map((b) => b.count), [90, 10, 0]);
    assert.equal(h['total']![2]!.max_ms, null);
  });

  it('UTF-16 with a BOM decodes like UTF-8', () => {
    const text = summary(goodRun());
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    close(vdbenchImporter.parse({ bytes, name: 'w.html' }).runs[0]!.metrics['total.iops'], 1300);
  });
});
