/**
 * Refusals that help: a file no importer claims is refused with the formats it comes closest to
 * and what is missing, and a tool's output without results says so. The fio capture below is the
 * shape fio 3.33 printed here for a verify-only job over a file written with another verify
 * type, cut where the run stopped; the others are hand-written fragments of their formats.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../app/core/core.js';
import { tempDir } from '../app/core/test-support/temp.js';
import { nearMisses } from './near-miss.js';
import { detectFormat } from './registry.js';

const reason = (text: string): string => {
  const d = detectFormat(new TextEncoder().encode(text));
  assert.equal(d.format, null, `claimed as ${d.format}`);
  return d.reason!;
};

const FIO_VERIFY_STOPPED = `verify-4k: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1
fio-3.33
Starting 1 process
md5: verify failed at file /mnt/test/f offset 0, length 4096 (requested block: offset=0, length=4096, flags=8)
       Expected CRC: f4a2efa3242febb13c15459cb6c6e00a
       Received CRC: f77ee99597b61475be258cda2fde2aee
fio: verify type mismatch (5 media, 2 given)
fio: pid=2678, err=84/file:io_u.c:2152, func=io_u_sync_complete, error=Invalid or incomplete multibyte or wide character
`;

const SAR_FRAGMENT = `12:10:01 AM     all      0.40      0.00      0.20      0.00      0.00     99.40
12:20:01 AM     all      0.35      0.00      0.21      0.01      0.00     99.43
12:30:01 AM     all      0.37      0.00      0.19      0.00      0.00     99.44
Average:        all      0.37      0.00      0.20      0.00      0.00     99.42
`;

const IOSTAT_ROWS = `sda               0.03     1.59    1.72    2.43     0.13     0.10   111.93     0.30   71.08   44.19   90.03   1.06   0.44
sdb               0.00     0.00    0.00    0.00     0.00     0.00     0.00     0.00    0.00    0.00    0.00   0.00   0.00
nvme0n1           0.00    12.00    0.00  120.00     0.00     1.20    20.00     1.50    3.00    0.00    3.00   0.40   4.80
`;

describe('refusals that help', () => {
  it('fio console output that stopped on verify errors before its report says it holds no results, and why', () => {
    const r = reason(FIO_VERIFY_STOPPED);
    assert.doesNotMatch(r, /no importer recognises/);
    assert.match(r, /^fio console output \(fio-3\.33\) of job "verify-4k" \(rw=read\), but it holds no results/);
    assert.match(r, /the run stopped on verify errors \("md5: verify failed at file \/mnt\/test\/f offset 0/);
    assert.match(r, /fio said "fio: pid=2678, err=84\/file:io_u.c:2152/);
  });

  it('fio output interrupted before its report (signal) says so', () => {
    const r = reason('randwrite: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32\nfio-3.28\nStarting 1 process\nfio: terminating on signal 2\n');
    assert.match(r, /holds no results.*fio said "fio: terminating on signal 2"/);
  });

  it('fio 2.x (before 2.18) console output with results in its old layout is named as such, not as empty', () => {
    const r = reason('randread: (g=0): rw=randread, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=32\nfio-2.2.10\nStarting 1 process\n\nrandread: (groupid=0, jobs=1): err= 0: pid=3456: Mon Mar  2 10:00:00 2015\n  read : io=1024.0MB, bw=17476KB/s, iops=4369, runt= 60001msec\n');
    assert.match(r, /^unknown format: no importer recognises its content; the closest: fio console output \(fio-2\.2\.10\) whose job report is in a layout PerfDelta does not read/);
    assert.doesNotMatch(r, /holds no results/);
  });

  it('a sar fragment without its column header says exactly that', () => {
    const r = reason(SAR_FRAGMENT);
    assert.match(r, /^sar output \(4 rows .*\), but it holds no results PerfDelta can read: the column header line .* is not in the file/);
  });

  it('a sysstat banner with nothing after it holds no results', () => {
    assert.match(reason('Linux 5.15.0-91-generic (db01) \t01/08/2024 \t_x86_64_\t(16 CPU)\n\n'), /^sysstat output of host "db01" \(Linux 5\.15\.0-91-generic, 01\/08\/2024\), but it holds no results/);
  });

  it('iostat -x rows without their Device header: the closest format and what was missing', () => {
    assert.match(reason(IOSTAT_ROWS), /^unknown format: no importer recognises its content; the closest: looks like iostat -x \(3 rows of a block device and its figures\), but no header line "Device \.\.\."/);
  });

  it('a DiskSpd report cut above its results names the missing blocks; vdbench lines without a header; too few cockroach lines', () => {
    assert.match(reason('Results for timespan 1:\r\n*****\r\n\r\nactual test time:\t60.00s\r\nthread count:\t\t2\r\n'), /looks like a DiskSpd text report, but the "Input parameters:" block and a "timespan: N" entry were not found/);
    assert.match(reason('09:42:39.045           1    81940.00   320.08    4096 100.00    0.094    0.094    0.000\n09:42:40.012           2    82315.00   321.54    4096 100.00    0.093    0.093    0.000\n'), /looks like vdbench interval lines \(2 rows/);
    assert.match(reason('    1.0s        0          569.9          577.7      2.9     15.2     35.7     54.5 transfer\n'), /looks like cockroach workload per-second lines \(1\)/);
  });

  it('JSON and XML that are not a result format name their keys or root', () => {
    assert.match(reason('{\n  "name": "bench", "results": []\n}\n'), /a JSON document, but not one PerfDelta reads .*: its first keys are "name", "results"/);
    assert.match(reason('<?xml version="1.0"?>\n<testsuite name="x"/>\n'), /XML document whose root element is <testsuite>/);
  });

  it('plain text with no resemblance keeps the plain refusal, and candidates come best first', () => {
    assert.equal(reason('hello\nworld\n'), 'unknown format: no importer recognises its content');
    const both = nearMisses(`${IOSTAT_ROWS}    1.0s        0          569.9          577.7      2.9     15.2     35.7     54.5 transfer\n`);
    assert.deepEqual(both.map((m) => m.format), ['iostat -x', 'cockroach workload']);
  });

  it('the import result carries the refusal against the file, and nothing is written', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'run1.log'), FIO_VERIFY_STOPPED);
    fs.writeFileSync(path.join(dir, 'sar.txt'), SAR_FRAGMENT);
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      const result = core.importPaths([dir], 'Refusals', 'x');
      assert.deepEqual(result.files.map((f) => [path.basename(f.path), f.status]), [['run1.log', 'failed'], ['sar.txt', 'failed']]);
      assert.match(result.files[0]!.errors[0]!, /fio console output .* holds no results/);
      assert.match(result.files[1]!.errors[0]!, /sar output .* holds no results/);
      assert.equal(core.runs({}).length, 0);
    } finally {
      core.close();
    }
  });
});
