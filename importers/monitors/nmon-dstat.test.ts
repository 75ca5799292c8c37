/**
 * nmon and dstat on their corpus files, with figures read from the files by hand (line numbers
 * given), and on hand-written variants: a sorted nmon file, a dstat CSV with a time column, and
 * pcp-dstat with a zone on its Date line (test-files/dstat-zone-cdt.csv, a fuzz seed too).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { Importer, ParsedRun, ParseResult } from '../types.js';
import { dstatImporter } from './dstat.js';
import { nmonImporter } from './nmon.js';

const close = (a: number | undefined, e: number, tol = 1e-9): void => {
  assert.ok(a !== undefined && Math.abs(a - e) <= Math.max(Math.abs(e) * tol, 1e-12), `expected ${e}, got ${a}`);
};
const parseCorpus = (importer: Importer, rel: string): ParseResult | null => {
  const p = corpusFile(rel);
  return p ? importer.parse({ bytes: readBytes(p), name: path.basename(p) }) : null;
};
const parseText = (importer: Importer, s: string): ParseResult => importer.parse({ bytes: new TextEncoder().encode(s), name: 'x' });
const series = (run: ParsedRun, object: string, metric: string) => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric}`);
  return s;
};
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');
const NMON = 'other/pynmon__nmon-13g_linux_test.nmon';

describe('nmon (corpus)', () => {
  it('nmon 13g Linux: 120 snapshots, per-disk series, whole disks summed', (t) => {
    const r = parseCorpus(nmonImporter, NMON);
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    // AAA lines 3, 7, 11-15: version 13g, host the-gibson, time 13:18.31, date 07-DEC-2012, interval 1, cpus 6
    assert.deepEqual([run.tool, run.toolVersion, run.host, run.params['interval_s'], run.params['cpus']], ['nmon', '13g', 'the-gibson', 1, 6]);
    assert.equal(run.startMs, Date.UTC(2012, 11, 7, 13, 18, 31));
    // Line 469 "ZZZZ,T0001,13:18:32,07-DEC-2012"; line 2731 "ZZZZ,T0120,13:20:37,07-DEC-2012"
    assert.equal(run.endMs, Date.UTC(2012, 11, 7, 13, 20, 37));
    const usr = series(run, 'cpu', 'cpu_usr_pct');
    // Line 476 "CPU_ALL,T0001,6.5,3.2,0.0,90.3,,6"; line 2738 "CPU_ALL,T0120,5.0,1.8,0.0,93.1,,6"
    assert.deepEqual([usr.times.length, usr.times[0], usr.values[0], usr.values[119]], [120, Date.UTC(2012, 11, 7, 13, 18, 32), 6.5, 5]);
    assert.equal(series(run, 'cpu', 'cpu_idle_pct').values[119], 93.1);
    // Line 485 "DISKREAD,T0001,76.7,76.7,0.0,..." (KB/s); line 487 "DISKXFER,T0001,2.9,2.9,...,5.2,5.2,0.0"
    close(series(run, 'sda', 'read.bw_mib_s').values[0], 76.7 / 1024);
    assert.equal(series(run, 'sde', 'total.iops').values[0], 5.2);
    assert.equal(series(run, 'dm-0', 'util_pct').values.length, 120);
    // Twelve disks in the DISKBUSY header (line 31); partitions, md0 and dm-0 are not summed.
    assert.deepEqual((run.tables['aggregation'] as { devices_summed: string[] }).devices_summed, ['sda', 'sdb', 'sdc', 'sdd', 'sde']);
    // Means over the 120 DISKXFER rows (python over the file): sda 10.15583, sde 115.38083, others 0
    close(run.metrics['total.iops'], 125.53666666666668);
    // DISKREAD means: sda 4.16, sde 2260.20167 KB/s; DISKWRITE sum of means 20293.5025 KB/s
    close(run.metrics['read.bw_mib_s'], 2264.3616666666667 / 1024);
    close(run.metrics['write.bw_mib_s'], 20293.5025 / 1024);
    // DISKBUSY: the busiest disk, sde, averages 24.80667 %
    close(run.metrics['util_pct'], 24.80666666666667);
    // CPU_ALL means of User% Sys% Wait% Idle%; MEM memfree mean (MB)
    close(run.metrics['cpu_usr_pct'], 9.567499999999999);
    close(run.metrics['cpu_iowait_pct'], 10.044166666666664);
    close(run.metrics['mem_free_mib'], 6020.086666666664);
    assert.equal((run.tables['nmon'] as { mem_total_mib: number }).mem_total_mib, 15922.5);
    // Line 46: BBBP,004,/etc/release,"DISTRIB_DESCRIPTION="Ubuntu 12.04.1 LTS""
    assert.equal((run.tables['nmon'] as { release: string }).release, 'Ubuntu 12.04.1 LTS');
    assert.doesNotMatch(messages(r), /line break/);
    assert.match(messages(r), /read as UTC/);
  });

  it('a file run through `sort` (ZZZZ lines last) reads the same', (t) => {
    const p = corpusFile(NMON);
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const lines = fs.readFileSync(p, 'utf8').split('\n').filter((l) => l !== '');
    const sorted = [...lines].sort().join('\n');
    assert.equal(nmonImporter.detect(sorted), true);
    const a = nmonImporter.parse({ bytes: readBytes(p), name: 'a' }).runs[0]!;
    const b = parseText(nmonImporter, sorted).runs[0]!;
    assert.deepEqual(b.metrics, a.metrics);
    assert.deepEqual(series(b, 'sde', 'util_pct').values, series(a, 'sde', 'util_pct').values);
  });
});

describe('dstat (corpus)', () => {
  it('pcp-dstat 5.0.3 with --epoch: since-boot row skipped, bytes to MiB, dstat totals used', (t) => {
    const r = parseCorpus(dstatImporter, 'other/pkb__pcp-dstat-5.0.3.csv');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    // Lines 1, 3: "pcp-dstat 5.0.3 CSV Output", "Host:","pkb-d43f64f0-0"
    assert.deepEqual([run.tool, run.toolVersion, run.host], ['dstat', 'pcp-dstat 5.0.3', 'pkb-d43f64f0-0']);
    // Line 8 (since boot) 1475708693.291; line 9 1475708694.292 (first kept); line 390 1475709075.292
    assert.equal(run.startMs, 1475708693291);
    assert.equal(run.endMs, 1475709075292);
    assert.match(messages(r), /first row \(averages since boot/);
    assert.doesNotMatch(messages(r), /read as UTC/, 'epoch seconds need no zone');
    const idle = series(run, 'cpu', 'cpu_idle_pct');
    assert.deepEqual([idle.times.length, idle.times[0], idle.values[0], idle.values[381]], [382, 1475708694292, 100, 99]);
    // Line 11: io/total writ 2.0, dsk/total writ 73728.0 B/s; line 9 net/total recv 434.0 B/s
    assert.equal(series(run, 'all disks', 'write.iops').values[2], 2);
    close(series(run, 'all disks', 'write.bw_mib_s').values[2], 73728 / 1048576);
    close(series(run, 'all interfaces', 'net_recv_mib_s').values[0], 434 / 1048576);
    assert.equal(series(run, 'sda', 'write.iops').values[2], 2);
    // Line 390 "memory usage" used 2631180288.0 B
    close(series(run, 'memory', 'mem_used_mib').values[381], 2631180288 / 1048576);
    // Means over lines 9-390 (python over the file): usr 10.07328, idl 75.15624, io writ 0.77225,
    // dsk writ 7023.2 B/s, net recv 4.36049 MiB/s, send 5.04956 MiB/s
    close(run.metrics['cpu_usr_pct'], 10.073280104712037);
    close(run.metrics['cpu_idle_pct'], 75.15623821989529);
    close(run.metrics['write.iops'], 0.7722513089005235);
    close(run.metrics['total.iops'], 0.7722513089005235);
    close(run.metrics['write.bw_mib_s'], 0.006697889397905759);
    close(run.metrics['net_recv_mib_s'], 4.360494401442443);
    close(run.metrics['net_send_mib_s'], 5.049558914144626);
    assert.deepEqual((run.tables['aggregation'] as { devices_summed: string[] }).devices_summed, ['all disks']);
    assert.ok((run.tables['dstat'] as { groups_not_imported: string[] }).groups_not_imported.includes('tcp sockets'));
  });
});

describe('dstat (hand-written)', () => {
  it('Dstat 0.7 with a day-month time column, zone from the Date line, per-disk sums without a total', () => {
    const s = [
      '"Dstat 0.7.2 CSV output"',
      '"Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"',
      '"Host:","web1",,,,"User:","root"',
      '"Cmdline:","dstat -t -c -d -D sda,sdb --output x.csv",,,,"Date:","31 Dec 2019 23:59:58 CET"',
      '',
      '"system","total cpu usage",,,,,,"dsk/sda",,"dsk/sdb",',
      '"time","usr","sys","idl","wai","hiq","siq","read","writ","read","writ"',
      '"31-12 23:59:58",1.0,1.0,98.0,0.0,0.0,0.0,1048576.0,0.0,0.0,0.0',
      '"31-12 23:59:59",10.0,5.0,85.0,0.0,0.0,0.0,2097152.0,0.0,1048576.0,0.0',
      '"01-01 00:00:00",20.0,5.0,75.0,0.0,0.0,0.0,0.0,0.0,1048576.0,0.0',
      '"01-01 00:00:01",20.0,5.0,75.0,0.0,0.0,0.0,0.0,0.0,10',
    ].join('\n');
    assert.equal(dstatImporter.detect(s), true);
    const r = parseText(dstatImporter, s);
    const run = r.runs[0]!;
    // CET is UTC+1 wherever it is printed: used, and no warning says the file has no zone.
    assert.doesNotMatch(messages(r), /read as UTC|zone/);
    assert.match(messages(r), /1 row\(s\) with another number of cells/);
    const usr = series(run, 'cpu', 'cpu_usr_pct');
    const hour = 3_600_000;
    assert.deepEqual([...usr.times], [Date.UTC(2019, 11, 31, 23, 59, 59) - hour, Date.UTC(2020, 0, 1) - hour], 'a new year; the cut last row is left out');
    assert.equal(run.startMs, Date.UTC(2019, 11, 31, 23, 59, 58) - hour);
    assert.equal(run.metrics['read.bw_mib_s'], 2, 'sda (2 + 0) / 2 plus sdb (1 + 1) / 2 MiB/s');
    assert.equal(run.metrics['cpu_usr_pct'], 15);
  });

  it('pcp-dstat\'s "16 Jun 2015 11:06:42 CDT": the rows are US Central daylight time, 16:06:42 UTC; an ambiguous zone is said', () => {
    const cdtFile = fs.readFileSync(path.join(REPO_ROOT, 'importers/monitors/test-files/dstat-zone-cdt.csv'), 'utf8');
    const file = (zone: string): string => cdtFile.replace('"16 Jun 2015 11:06:42 CDT"', `"16 Jun 2015 11:06:42 ${zone}"`);
    assert.notEqual(file('CST'), cdtFile, 'the Date line is where the zone is');
    const cdt = parseText(dstatImporter, cdtFile);
    assert.equal(cdt.runs[0]!.startMs, Date.UTC(2015, 5, 16, 16, 6, 42));
    assert.doesNotMatch(messages(cdt), /zone|read as UTC/);
    const cst = parseText(dstatImporter, file('CST'));
    assert.equal(cst.runs[0]!.startMs, Date.UTC(2015, 5, 16, 11, 6, 42));
    assert.match(messages(cst), /zone "CST" names more than one UTC offset/);
  });
});
