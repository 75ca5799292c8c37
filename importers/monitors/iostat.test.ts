/**
 * iostat text and JSON on the corpus files, with figures read from each file by hand (the line
 * each comes from is given), and on hand-written variants of the layouts the corpus lacks.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { Importer, ParsedRun, ParseResult } from '../types.js';
import { closeCutDocument, iostatJsonImporter } from './iostat-json.js';
import { iostatTextImporter } from './iostat-text.js';

const close = (a: number | undefined, e: number, tol = 1e-9): void => {
  assert.ok(a !== undefined && Math.abs(a - e) <= Math.max(Math.abs(e) * tol, 1e-12), `expected ${e}, got ${a}`);
};
const parseCorpus = (importer: Importer, rel: string): ParseResult | null => {
  const p = corpusFile(rel);
  return p ? importer.parse({ bytes: readBytes(p), name: path.basename(p) }) : null;
};
const text = (importer: Importer, s: string): ParseResult => importer.parse({ bytes: new TextEncoder().encode(s), name: 'x' });
const series = (run: ParsedRun, object: string, metric: string) => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric}`);
  return s;
};
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');

describe('iostat text (corpus)', () => {
  it('sysstat 10 -xmt: 180 reports, the since-boot one skipped, AM/PM times read as UTC', (t) => {
    const r = parseCorpus(iostatTextImporter, 'other/iostatplot__iostat-xmt_sysstat10_timestamped.txt');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    // Line 1: "Linux 3.13.0-76-generic (object2) 03/15/2016 _x86_64_ (4 CPU)"
    assert.equal(run.host, 'object2');
    assert.equal(run.tool, 'iostat');
    assert.equal(run.params['cpus'], 4);
    assert.equal(run.params['interval_s'], 1);
    // Line 3 "03/15/2016 09:34:00 AM" (the since-boot report) starts the capture; line 1257
    // "03/15/2016 09:36:59 AM" is the last.
    assert.equal(run.startMs, Date.UTC(2016, 2, 15, 9, 34, 0));
    assert.equal(run.endMs, Date.UTC(2016, 2, 15, 9, 36, 59));
    assert.match(messages(r), /first report \(averages since boot/);
    assert.match(messages(r), /read as UTC/);
    const w = series(run, 'sda', 'write.iops');
    assert.equal(w.times.length, 179, '180 "Device:" blocks less the since-boot one');
    // Line 15 (09:34:01 AM): all zeros; line 1261 (09:36:59 AM): w/s 2.00, wMB/s 0.02, w_await 4.00, %util 0.80
    assert.deepEqual([w.times[0], w.values[0]], [Date.UTC(2016, 2, 15, 9, 34, 1), 0]);
    assert.deepEqual([w.times[178], w.values[178]], [Date.UTC(2016, 2, 15, 9, 36, 59), 2]);
    // Line 57 (09:34:07 AM): w/s 159.00 wMB/s 1.74 avgrq-sz 22.39 sectors, avgqu-sz 3.88, w_await 24.40, %util 5.20
    assert.equal(w.values[6], 159);
    close(series(run, 'sda', 'write.bw_mib_s').values[6], 1.74);
    close(series(run, 'sda', 'total.req_kib').values[6], 22.39 / 2);
    close(series(run, 'sda', 'qdepth').values[6], 3.88);
    close(series(run, 'sda', 'write.lat_avg_ms').values[6], 24.4);
    close(series(run, 'sda', 'util_pct').values[178], 0.8);
    // Line 12, first kept avg-cpu: %user 2.79 ... %idle 96.19; line 1258, last: 1.76 ... 96.98
    const usr = series(run, 'cpu', 'cpu_usr_pct');
    assert.deepEqual([usr.values.length, usr.values[0], usr.values[178]], [179, 2.79, 1.76]);
    assert.equal(series(run, 'cpu', 'cpu_idle_pct').values[178], 96.98);
    // Run metrics, summed with awk over the 179 sda rows: Σ w/s = 1253 (mean 7), Σ r/s = 0,
    // Σ w/s·w_await / Σ w/s = 22.3324..., mean wMB/s 0.090056, mean %util 0.40447, mean %user 6.22073.
    close(run.metrics['write.iops'], 7);
    close(run.metrics['total.iops'], 7);
    close(run.metrics['read.iops'], 0);
    close(run.metrics['write.lat_avg_ms'], 22.33241819632881);
    close(run.metrics['total.lat_avg_ms'], 22.33241819632881, 1e-9);
    close(run.metrics['write.bw_mib_s'], 0.0900558659217877);
    close(run.metrics['util_pct'], 0.4044692737430167);
    close(run.metrics['qdepth'], 0.15608938547486037);
    close(run.metrics['cpu_usr_pct'], 6.2207262569832364);
    assert.equal(run.metrics['read.lat_avg_ms'], undefined, 'no reads, so no read latency (not 0)');
    assert.equal((run.tables['iostat'] as { layout: string }).layout, 'extended (-x), sysstat < 11.5 names');
  });

  it('sysstat 12 -xm: new columns, no "Device:" colon, no timestamps (relative times)', (t) => {
    const r = parseCorpus(iostatTextImporter, 'other/rocksdbtest__iostat-xm_sysstat12_newcols.txt');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal(run.host, 'jerry');
    assert.equal(run.params['cpus'], 48);
    assert.equal(run.startMs, null);
    assert.equal(run.endMs, null);
    assert.match(messages(r), /no timestamps/);
    const w = series(run, 'sda', 'write.iops');
    // 4 reports (lines 3, 10, 17, 24), the first since boot: 3 samples 1 s apart after it.
    assert.deepEqual([...w.times], [1000, 2000, 3000]);
    // Line 14: w/s 10.00 wMB/s 0.20 w_await 0.80 wareq-sz 20.00 f/s 8.00 f_await 0.75 aqu-sz 0.01 %util 0.90
    assert.deepEqual([...w.values], [10, 0, 0]);
    close(series(run, 'sda', 'write.bw_mib_s').values[0], 0.2);
    close(series(run, 'sda', 'write.req_kib').values[0], 20);
    assert.equal(series(run, 'sda', 'flush_per_s').values[0], 8);
    assert.equal(series(run, 'sda', 'trim.iops').values.length, 3, 'd/s is read as trim');
    assert.equal(series(run, 'sda', 'util_pct').values[0], 0.9);
    // Lines 8, 15, 22 avg-cpu %user: 4.11, 1.85, 1.83 (the since-boot 0.95 on line 4 is not used)
    assert.deepEqual([...series(run, 'cpu', 'cpu_usr_pct').values], [4.11, 1.85, 1.83]);
    close(run.metrics['cpu_usr_pct'], (4.11 + 1.85 + 1.83) / 3);
    close(run.metrics['write.iops'], 10 / 3);
    close(run.metrics['write.lat_avg_ms'], 0.8, 1e-12);
    close(run.metrics['total.lat_avg_ms'], 0.8, 1e-12); // from r_await/w_await/d_await, weighted
    close(run.metrics['util_pct'], 0.3);
    assert.deepEqual((run.tables['iostat'] as { columns_not_imported: string[] }).columns_not_imported, ['%rrqm', '%wrqm', '%drqm']);
  });
});

describe('iostat JSON (corpus)', () => {
  it('two reports: the since-boot one skipped, zoned timestamps, dm devices not summed', (t) => {
    const r = parseCorpus(iostatJsonImporter, 'other/pkb__iostat_sysstat-json.json');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal(run.host, 'test-instance');
    assert.equal(run.params['cpus'], 24);
    // "timestamp": "2024-03-14T17:53:14-0700" and "...17:53:15-0700": exact, so no UTC warning.
    assert.equal(run.startMs, Date.UTC(2024, 2, 15, 0, 53, 14));
    assert.equal(run.endMs, Date.UTC(2024, 2, 15, 0, 53, 15));
    assert.doesNotMatch(messages(r), /read as UTC/);
    // Second report: sda w/s 4.0, w_await 0.25, f/s 4.0, util 1.4; dm-0 w/s 2.0; avg-cpu user 4.01
    const w = series(run, 'sda', 'write.iops');
    assert.deepEqual([w.times.length, w.times[0], w.values[0]], [1, Date.UTC(2024, 2, 15, 0, 53, 15), 4]);
    assert.equal(series(run, 'dm-0', 'write.iops').values[0], 2);
    assert.equal(series(run, 'sda', 'util_pct').values[0], 1.4);
    assert.equal(series(run, 'cpu', 'cpu_usr_pct').values[0], 4.01);
    // dm-0 and dm-1 sit on sda: only sda is summed.
    assert.deepEqual((run.tables['aggregation'] as { devices_summed: string[] }).devices_summed, ['sda']);
    assert.equal(run.metrics['total.iops'], 4);
    assert.equal(run.metrics['write.lat_avg_ms'], 0.25);
    assert.equal(run.metrics['util_pct'], 1.4);
    assert.equal(run.metrics['cpu_steal_pct'], 0.08);
  });

  it('a document cut off mid-report keeps the complete reports before the cut', (t) => {
    const p = corpusFile('other/pkb__iostat_sysstat-json.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const whole = new TextDecoder().decode(readBytes(p));
    // Cut inside the second report's sda entry.
    const cut = whole.slice(0, whole.lastIndexOf('"w_await"'));
    const r = text(iostatJsonImporter, cut);
    assert.deepEqual(r.errors, []);
    assert.match(messages(r), /cut off .* the 1 complete report/);
    assert.match(messages(r), /only one report: it holds averages since boot/);
    // The since-boot report is then all there is: sda r/s 1.25 there.
    assert.equal(series(r.runs[0]!, 'sda', 'read.iops').values[0], 1.25);
    assert.equal(closeCutDocument('{"sysstat": {"hosts": [{"statistics": [{"a'), null);
  });
});

describe('iostat text (hand-written layouts)', () => {
  const plain = [
    'Linux 5.15.0 (db1) \t2023-01-31 \t_x86_64_\t(2 CPU)',
    '',
    '2023-01-31T23:59:58+0100',
    'avg-cpu:  %user   %nice %system %iowait  %steal   %idle',
    '           1.00    0.00    1.00    0.00    0.00   98.00',
    '',
    'Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd',
    'nvme0n1         10.00       512.00      1024.00         0.00       1000       2000          0',
    'nvme0n1p1        9.00       512.00      1024.00         0.00       1000       2000          0',
    '',
    '2023-02-01T00:00:00+0100',
    'avg-cpu:  %user   %nice %system %iowait  %steal   %idle',
    '           3.00    0.00    1.00    0.00    0.00   96.00',
    '',
    'Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd',
    'nvme0n1        100.00      2048.00      4096.00         0.00       1000       2000          0',
    'nvme0n1p1       90.00      2048.00      4096.00         0.00       1000       2000          0',
    '',
  ].join('\n');

  it('plain iostat with ISO timestamps: tps, kB/s to MiB/s, partitions not summed', () => {
    assert.equal(iostatTextImporter.detect(plain), true);
    const r = text(iostatTextImporter, plain);
    const run = r.runs[0]!;
    assert.doesNotMatch(messages(r), /read as UTC/, 'the ISO times carry their offset');
    assert.equal(run.startMs, Date.UTC(2023, 0, 31, 22, 59, 58));
    assert.equal(series(run, 'nvme0n1', 'total.iops').times[0], Date.UTC(2023, 0, 31, 23, 0, 0));
    assert.equal(run.metrics['total.iops'], 100, 'nvme0n1p1 is a partition of nvme0n1');
    assert.equal(run.metrics['read.bw_mib_s'], 2);
    assert.equal(run.metrics['write.bw_mib_s'], 4);
    assert.deepEqual((run.tables['iostat'] as { columns_not_imported: string[] }).columns_not_imported, ['kB_read', 'kB_wrtn', 'kB_dscd']);
  });

  it('-k columns in sysstat 10 layout with 12-hour times past noon and midnight', () => {
    const head = 'Linux 3.10.0 (h) \t01/02/2020 \t_x86_64_\t(8 CPU)\n\n';
    const block = (time: string, rkb: string): string => `${time}\nDevice:  rrqm/s wrqm/s r/s w/s rkB/s wkB/s avgrq-sz avgqu-sz await r_await w_await svctm %util\nsda 0.00 0.00 4.00 0.00 ${rkb} 0.00 8.00 0.10 2.00 2.00 0.00 1.00 0.40\n\n`;
    const s = head + block('01/02/2020 11:59:59 PM', '16.00') + block('01/03/2020 12:00:00 AM', '2048.00') + block('01/03/2020 12:00:01 PM', '1024.00');
    const run = text(iostatTextImporter, s).runs[0]!;
    const bw = series(run, 'sda', 'read.bw_mib_s');
    assert.deepEqual([...bw.times], [Date.UTC(2020, 0, 3, 0, 0, 0), Date.UTC(2020, 0, 3, 12, 0, 1)]);
    assert.deepEqual([...bw.values], [2, 1]);
  });
});
