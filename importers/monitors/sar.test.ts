/**
 * sar on the corpus files (Linux -u with 12-hour times, Solaris -c) with figures read from them
 * by hand, and on hand-written -d reports in the sysstat layouts and Solaris's.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { sarImporter } from './sar.js';

const close = (a: number | undefined, e: number, tol = 1e-9): void => {
  assert.ok(a !== undefined && Math.abs(a - e) <= Math.max(Math.abs(e) * tol, 1e-12), `expected ${e}, got ${a}`);
};
const parseCorpus = (rel: string): ParseResult | null => {
  const p = corpusFile(rel);
  return p ? sarImporter.parse({ bytes: readBytes(p), name: path.basename(p) }) : null;
};
const parseText = (s: string): ParseResult => sarImporter.parse({ bytes: new TextEncoder().encode(s), name: 'x' });
const series = (run: ParsedRun, object: string, metric: string) => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric}`);
  return s;
};
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');

describe('sar (corpus)', () => {
  it('Linux sar -u: 12-hour times, run metrics from the Average row, which this excerpt contradicts', (t) => {
    const r = parseCorpus('other/pkb__sar-u_cpu_aws.txt');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    // Line 1: "Linux 4.4.0-1083-aws (ip-10-0-0-97)  05/21/2019   _x86_64_  (8 CPU)"
    assert.deepEqual([run.host, run.tool, run.params['cpus'], run.params['interval_s']], ['ip-10-0-0-97', 'sar', 8, 30]);
    // Line 3, the header "06:42:09 PM CPU %user ...": sampling began then.
    assert.equal(run.startMs, Date.UTC(2019, 4, 21, 18, 42, 9));
    const usr = series(run, 'cpu', 'cpu_usr_pct');
    // Line 4 "06:42:39 PM all 99.85 0.00 0.00 0.00 0.15 0.00"; line 13 "06:47:09 PM all 99.82 ... 0.17 0.00"
    assert.equal(usr.times.length, 10);
    assert.deepEqual([usr.times[0], usr.values[0]], [Date.UTC(2019, 4, 21, 18, 42, 39), 99.85]);
    assert.deepEqual([usr.times[9], usr.values[9]], [Date.UTC(2019, 4, 21, 18, 47, 9), 99.82]);
    assert.equal(run.endMs, Date.UTC(2019, 4, 21, 18, 47, 9));
    assert.equal(series(run, 'cpu', 'cpu_steal_pct').values[9], 0.17);
    // Line 14 "Average: all 81.96 0.00 0.00 0.00 17.99 0.04"
    assert.deepEqual([run.metrics['cpu_usr_pct'], run.metrics['cpu_steal_pct'], run.metrics['cpu_idle_pct']], [81.96, 17.99, 0.04]);
    // The ten rows average 99.741 %user (sum 997.41): the file is an excerpt of a longer sar run.
    assert.match(messages(r), /Average row differs .*cpu_usr_pct: 81\.96 vs 99\.741/);
    assert.match(messages(r), /read as UTC/);
  });

  it('Solaris sar -c: banner after a blank line, 24-hour times, "Average" without a colon', (t) => {
    const r = parseCorpus('other/jfritzen__solaris10-sar_simple.txt');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    // Line 2: "SunOS sol10 5.10 Generic_137111-07 sun4u    08/24/2011"
    assert.deepEqual([run.host, (run.tables['sar'] as { os: string }).os], ['sol10', 'SunOS 5.10']);
    assert.equal(run.startMs, Date.UTC(2011, 7, 24, 7, 21, 54)); // line 4, the header
    const calls = series(run, 'system', 'syscalls_per_s');
    // Line 5 "07:21:59 2792 28 22 1.35 0.00 5584 92823"; line 14 "07:22:46 542 13 13 0.19 0.00 2770 12836"
    assert.equal(calls.times.length, 10);
    assert.deepEqual([calls.times[0], calls.values[0]], [Date.UTC(2011, 7, 24, 7, 21, 59), 2792]);
    assert.deepEqual([calls.times[9], calls.values[9]], [Date.UTC(2011, 7, 24, 7, 22, 46), 542]);
    close(series(run, 'system', 'rchar_mib_s').values[0], 5584 / 1048576);
    // Line 16 "Average 3387 133 35 4.85 2.54 241730 59699" (sar weighs by interval length;
    // the rows' plain mean, 3386.2 calls/s, is within rounding, so no warning)
    assert.equal(run.metrics['syscalls_per_s'], 3387);
    assert.equal(run.metrics['fork_per_s'], 4.85);
    close(run.metrics['rchar_mib_s'], 241730 / 1048576);
    close(run.metrics['wchar_mib_s'], 59699 / 1048576);
    assert.doesNotMatch(messages(r), /Average row differs/);
  });
});

describe('sar (hand-written reports)', () => {
  it('sar -u -d (sysstat 12): two reports, midnight, Average rows, partitions and md not summed', () => {
    const s = [
      'Linux 5.4.0-42-generic (db7) \t12/31/2021 \t_x86_64_\t(16 CPU)',
      '',
      '11:59:40 PM     CPU     %user     %nice   %system   %iowait    %steal     %idle',
      '11:59:50 PM     all     10.00      0.00      5.00      1.00      0.00     84.00',
      '12:00:00 AM     all     20.00      0.00      5.00      1.00      0.00     74.00',
      'Average:        all     15.00      0.00      5.00      1.00      0.00     79.00',
      '',
      '11:59:40 PM       DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util',
      '11:59:50 PM    dev8-0    100.00   1024.00   1024.00      0.00     20.48      0.50      2.00     30.00',
      '11:59:50 PM    dev8-1    100.00   1024.00   1024.00      0.00     20.48      0.50      2.00     30.00',
      '11:59:50 PM   dev9-0    100.00   1024.00   1024.00      0.00     20.48      0.50      2.00     30.00',
      '11:59:50 PM   dev8-16    300.00   3072.00      0.00      0.00     10.24      1.50      4.00     50.00',
      '12:00:00 AM    dev8-0    200.00   2048.00   1024.00      0.00     15.36      0.50      1.00     40.00',
      '12:00:00 AM    dev8-1    200.00   2048.00   1024.00      0.00     15.36      0.50      1.00     40.00',
      '12:00:00 AM   dev9-0    200.00   2048.00   1024.00      0.00     15.36      0.50      1.00     40.00',
      '12:00:00 AM   dev8-16    100.00   1024.00      0.00      0.00     10.24      0.50      4.00     20.00',
      'Average:       dev8-0    150.00   1536.00   1024.00      0.00     17.07      0.50      1.33     35.00',
      'Average:       dev8-1    150.00   1536.00   1024.00      0.00     17.07      0.50      1.33     35.00',
      'Average:      dev9-0    150.00   1536.00   1024.00      0.00     17.07      0.50      1.33     35.00',
      'Average:      dev8-16    200.00   2048.00      0.00      0.00     10.24      1.00      4.00     35.00',
      '',
    ].join('\n');
    assert.equal(sarImporter.detect(s), true);
    const r = parseText(s);
    const run = r.runs[0]!;
    assert.deepEqual(series(run, 'cpu', 'cpu_usr_pct').times, Float64Array.from([Date.UTC(2021, 11, 31, 23, 59, 50), Date.UTC(2022, 0, 1)]));
    const tps = series(run, 'dev8-0', 'total.iops');
    assert.deepEqual([...tps.times], [Date.UTC(2021, 11, 31, 23, 59, 50), Date.UTC(2022, 0, 1)], 'the disk report starts its clock again');
    close(series(run, 'dev8-0', 'read.bw_mib_s').values[1], 2);
    assert.equal(run.startMs, Date.UTC(2021, 11, 31, 23, 59, 40));
    assert.equal(run.endMs, Date.UTC(2022, 0, 1));
    // From the Average rows of dev8-0 and dev8-16 (dev8-1 is a partition,  dev9-0 device-mapper):
    assert.deepEqual((run.tables['aggregation'] as { devices_summed: string[] }).devices_summed, ['dev8-0', 'dev8-16']);
    assert.equal(run.metrics['total.iops'], 350);
    close(run.metrics['read.bw_mib_s'], (1536 + 2048) / 1024);
    close(run.metrics['total.lat_avg_ms'], (150 * 1.33 + 200 * 4) / 350);
    assert.equal(run.metrics['qdepth'], 1.5);
    assert.equal(run.metrics['util_pct'], 35);
    assert.equal(run.metrics['cpu_usr_pct'], 15);
    assert.doesNotMatch(messages(r), /differs/);
  });

  it('old sar -d (rd_sec/s), a restart, 24-hour times, unknown reports named', () => {
    const s = [
      'Linux 2.6.32-431.el6.x86_64 (old) \t03/02/2014 \t_x86_64_\t(4 CPU)',
      '',
      '10:00:01          DEV       tps  rd_sec/s  wr_sec/s  avgrq-sz  avgqu-sz     await     svctm     %util',
      '10:10:01     dev8-0      4.00   2048.00      0.00    512.00      0.10      5.00      1.00      0.40',
      '',
      '10:15:00          LINUX RESTART',
      '',
      '10:20:01          DEV       tps  rd_sec/s  wr_sec/s  avgrq-sz  avgqu-sz     await     svctm     %util',
      '10:30:01     dev8-0      2.00   1024.00      0.00    512.00      0.10      7.00      1.00      0.20',
      '',
      '10:00:01      runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15',
      '10:10:01            1       200      0.10      0.20      0.30',
    ].join('\n');
    const r = parseText(s);
    const run = r.runs[0]!;
    const bw = series(run, 'dev8-0', 'read.bw_mib_s');
    assert.deepEqual([...bw.values], [1, 0.5], '2048 sectors/s of 512 B = 1 MiB/s');
    assert.deepEqual([...bw.times], [Date.UTC(2014, 2, 2, 10, 10, 1), Date.UTC(2014, 2, 2, 10, 30, 1)]);
    close(series(run, 'dev8-0', 'total.req_kib').values[0], 256);
    assert.match(messages(r), /restarted 1 time/);
    assert.match(messages(r), /reports not imported: runq-sz plist-sz/);
    assert.match(messages(r), /no Average rows/);
    close(run.metrics['total.lat_avg_ms'], (4 * 5 + 2 * 7) / 6);
  });

  it('Solaris sar -d: further rows of an interval carry no time; avwait + avserv is the response time', () => {
    const s = [
      '',
      'SunOS fs1 5.10 Generic_147440-01 sun4v    06/01/2012',
      '',
      '00:00:00   device        %busy   avque   r+w/s  blks/s  avwait  avserv',
      '',
      '00:05:00   sd0              10     0.5      20    2048     1.0     4.0',
      '           sd0,a            10     0.5      20    2048     1.0     4.0',
      '           sd1               0     0.0       0       0     0.0     0.0',
      '00:10:00   sd0              30     1.5      40    4096     2.0     6.0',
      '           sd0,a            30     1.5      40    4096     2.0     6.0',
      '           sd1               0     0.0       0       0     0.0     0.0',
      '',
      'Average    sd0              20     1.0      30    3072     1.7     5.3',
      '           sd0,a            20     1.0      30    3072     1.7     5.3',
      '           sd1               0     0.0       0       0     0.0     0.0',
    ].join('\n');
    assert.equal(sarImporter.detect(s), true);
    const run = parseText(s).runs[0]!;
    assert.deepEqual([...series(run, 'sd1', 'util_pct').times], [Date.UTC(2012, 5, 1, 0, 5), Date.UTC(2012, 5, 1, 0, 10)]);
    assert.deepEqual([...series(run, 'sd0', 'total.lat_avg_ms').values], [5, 8]);
    close(series(run, 'sd0', 'total.bw_mib_s').values[0], 1, 1e-12);
    // The untimed rows after "Average" belong to it: sd0 30 + sd1 0 r+w/s (sd0,a is a slice of sd0).
    assert.equal(series(run, 'sd0', 'total.iops').values.length, 2);
    assert.deepEqual((run.tables['aggregation'] as { devices_summed: string[] }).devices_summed, ['sd0', 'sd1']);
    assert.equal(run.metrics['total.iops'], 30);
    close(run.metrics['total.lat_avg_ms'], 1.7 + 5.3);
    assert.equal(run.metrics['util_pct'], 20);
  });
});
