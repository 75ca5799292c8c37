import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS_DIR, corpusFile, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { vdbenchImporter } from './vdbench.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};

const head = (bytes: Uint8Array): string => decodeText(bytes, 64 * 1024).text;

function parseCorpus(rel: string): ParseResult | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const result = vdbenchImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(result.errors, [], `errors parsing ${rel}`);
  return result;
}

const series = (run: ParsedRun, metric: string): number[] => [...(run.series.find((s) => s.metric === metric)?.values ?? [])];

describe('vdbench importer on the real corpus (figures read from each file)', () => {
  it('detects every corpus vdbench file from its content, and no file of another tool', (t) => {
    const files = corpusFiles('vdbench');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.equal(files.length, 10);
    for (const f of files) assert.ok(vdbenchImporter.detect(head(readBytes(f))), path.basename(f));
    for (const dir of fs.readdirSync(CORPUS_DIR).filter((d) => d !== 'vdbench' && fs.statSync(path.join(CORPUS_DIR, d)).isDirectory())) {
      for (const f of corpusFiles(dir)) assert.equal(vdbenchImporter.detect(head(readBytes(f))), false, `${dir}/${path.basename(f)}`);
    }
  });

  it('sd summary.html, 50407 with cpu columns: avg_2-5 row, intervals as series, zone from "created"', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdboceanstor__sd-raw_summary.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.warnings, []);
    assert.equal(r.runs.length, 1);
    const run = r.runs[0]!;
    assert.equal(run.name, 'rd1');
    assert.equal(run.tool, 'vdbench');
    // "Starting RD=rd1; I/O rate: 100; elapsed=5; For loops: None"
    assert.deepEqual({ rd: run.params['rd'], iorate: run.params['iorate'], layout: run.params['layout'] }, { rd: 'rd1', iorate: 100, layout: 'raw' });
    // The avg_2-5 row: 97.8 0.10 1024 53.45 0.008 0.006 0.010 0.07 0.03 0.006 0.0 2.1 0.4
    close(run.metrics['total.iops'], 97.8);
    close(run.metrics['total.bw_mib_s'], 0.1);
    close(run.metrics['total.lat_avg_ms'], 0.008);
    close(run.metrics['read.lat_avg_ms'], 0.006);
    close(run.metrics['write.lat_avg_ms'], 0.01);
    close(run.metrics['read.lat_max_ms'], 0.07);
    close(run.metrics['write.lat_max_ms'], 0.03);
    close(run.metrics['total.lat_max_ms'], 0.07, 0);
    close(run.metrics['total.lat_stddev_ms'], 0.006);
    close(run.metrics['read.iops'], 97.8 * 0.5345);
    close(run.metrics['write.iops'], 97.8 * (1 - 0.5345));
    assert.equal(run.metrics['qdepth'], 0);
    close(run.metrics['cpu_usr_pct'], 2.1 - 0.4);
    close(run.metrics['cpu_sys_pct'], 0.4);
    // bytes/io 1024 stands in for the unstated xfersize, and says so.
    assert.equal(run.params['bs'], 1024);
    assert.match(run.warnings.join(' '), /observed bytes per I\/O/);
    // "created 09:42:35 Oct 09 2019 ICT (02:42:35 Oct 09 2019 UTC)": the file is UTC+7.
    assert.equal(run.startMs, Date.UTC(2019, 9, 9, 2, 42, 37, 2));
    assert.equal(run.endMs, Date.UTC(2019, 9, 9, 2, 42, 42, 24));
    assert.deepEqual(series(run, 'total.iops'), [63, 96, 96, 112, 87]);
    const iops = run.series.find((s) => s.metric === 'total.iops')!;
    assert.equal(iops.object, 'rd1');
    assert.equal(iops.unit, 'IOPS');
    assert.equal(iops.times[0], Date.UTC(2019, 9, 9, 2, 42, 38, 44));
    assert.deepEqual(series(run, 'cpu_sys_pct'), [2.7, 1.0, 0.3, 0.3, 0.3]);
  });

  it('sd totals.html: the avg row only, no zone stated', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdboceanstor__sd-raw_totals.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    close(run.metrics['total.iops'], 97.8);
    close(run.metrics['read.lat_avg_ms'], 0.006);
    assert.equal(run.series.length, 0);
    assert.match(r.warnings[0]!.message, /time zone not stated/);
    assert.equal(run.endMs, Date.UTC(2019, 9, 9, 9, 42, 42, 24), 'wall clock stored as UTC');
  });

  it('40-hour sd totals.html: overflowing write max, Controlled MAX, start two days before the header date', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdb__sd-raw_7hosts_40hour_totals.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal(run.name, 'random_write');
    assert.equal(run.params['iorate'], 'max', '"I/O rate: Controlled MAX"');
    assert.equal(run.params['runtime_s'], 144000);
    // avg_2-2400: 9584.2 71.46 7817 0.00 1.665 0.000 1.665 0.00 449135.46 53.911 16.0 0.1 0.1
    close(run.metrics['total.iops'], 9584.2);
    close(run.metrics['total.bw_mib_s'], 71.46);
    close(run.metrics['total.lat_avg_ms'], 1.665);
    close(run.metrics['write.lat_avg_ms'], 1.665);
    close(run.metrics['write.lat_max_ms'], 449135.46);
    // 449135.46 is one character wider than its column and pushes the rest right.
    close(run.metrics['total.lat_stddev_ms'], 53.911);
    close(run.metrics['qdepth'], 16);
    close(run.metrics['cpu_sys_pct'], 0.1);
    assert.equal(run.metrics['read.iops'], undefined, 'read pct 0.00: no read metrics, not zeros');
    assert.equal(run.metrics['read.lat_avg_ms'], undefined);
    assert.equal(run.params['bs'], undefined, '7817 bytes/io is an average of mixed sizes, not a block size');
    // Header "Mar 10, 2019" is printed with the avg row at the end; elapsed=144000 s (40 h).
    assert.equal(run.endMs, Date.UTC(2019, 2, 10, 10, 25, 53, 24));
    assert.equal(run.startMs, Date.UTC(2019, 2, 8, 18, 25, 53, 2));
  });

  it('macOS zh-CN summary.html: "5月 10, 2023" headers, no cpu columns, all-zero avg_2-1 of SD_format', (t) => {
    const r = parseCorpus('vdbench/tiger7z__macos-m1_zh-CN-locale_summary.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.warnings, []);
    assert.equal(r.runs.length, 2);
    const [format, rd1] = r.runs as [ParsedRun, ParsedRun];
    assert.equal(format.name, 'SD_format threads=2 iorate=max');
    assert.deepEqual({ threads: format.params['threads'], iorate: format.params['iorate'], format: format.params['format'] }, { threads: 2, iorate: 'max', format: true });
    assert.deepEqual(format.metrics, {});
    assert.match(format.warnings[0]!, /avg_2-1 row is all zeros/);
    // avg_2-5: 105.3 0.10 1024 51.07 0.026 0.015 0.037 0.06 0.12 0.022 0.0
    close(rd1.metrics['total.iops'], 105.3);
    close(rd1.metrics['total.lat_avg_ms'], 0.026);
    close(rd1.metrics['read.lat_avg_ms'], 0.015);
    close(rd1.metrics['write.lat_avg_ms'], 0.037);
    close(rd1.metrics['total.lat_max_ms'], 0.12);
    close(rd1.metrics['read.iops'], 105.3 * 0.5107);
    assert.equal(rd1.metrics['cpu_usr_pct'], undefined, 'no cpu columns on macOS');
    // "created 21:16:03 5月 10 2023 CST (13:16:03 5月 10 2023 UTC)": UTC+8.
    assert.equal(rd1.startMs, Date.UTC(2023, 4, 10, 13, 16, 10, 7));
    assert.deepEqual(series(rd1, 'total.iops'), [87, 102, 115, 107, 97]);
  });

  it('fsd summary.html 50407: ReqstdOps and operation columns, blank std_/max_ columns placed by position', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdb__fsd-format_8hosts_summary.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal(run.name, 'format_for_rd1');
    assert.equal(run.params['layout'], 'fs');
    assert.equal(run.params['format'], true);
    // avg_2-4: 390635 0.100 9.6 7.89 0.0 0.0 0.000 390635 0.100 0.00 48271 48271 129574 ... create 15490 2.642 open 15471 0.081 close 15489 0.010
    close(run.metrics['total.iops'], 390635);
    close(run.metrics['total.lat_avg_ms'], 0.1);
    close(run.metrics['total.bw_mib_s'], 48271);
    close(run.metrics['fs.writes_per_s'], 390635);
    close(run.metrics['fs.write_resp_ms'], 0.1);
    close(run.metrics['fs.creates_per_s'], 15490);
    close(run.metrics['fs.create_resp_ms'], 2.642);
    close(run.metrics['fs.opens_per_s'], 15471);
    close(run.metrics['fs.close_resp_ms'], 0.01);
    close(run.metrics['cpu_usr_pct'], 9.6 - 7.89);
    assert.equal(run.metrics['fs.mkdirs_per_s'], undefined, 'mkdir rate 0.0 in the avg row');
    assert.equal(run.metrics['fs.reads_per_s'], undefined);
    // std_2-4 resp 0.080 and max_2-4 resp 24.429.
    close(run.metrics['total.lat_stddev_ms'], 0.08);
    close(run.metrics['total.lat_max_ms'], 24.429);
    const max = run.tables['max_row'] as Record<string, number | null>;
    assert.equal(max['mkdir resp'], 206.52, '206.52 sits under mkdir resp, after 8 blank columns');
    assert.equal(max['cpu% total'], null);
    assert.equal(max['create rate'], 23597);
    assert.equal(run.params['bs'], undefined, 'xfer size 129574 is not a block size');
    assert.deepEqual(series(run, 'fs.mkdirs_per_s'), [176, 0, 0, 0]);
  });

  it('fsd flatfile.html 50407: single-space columns, n/a, timestamps with zone ICT', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdb__fsd-format_8hosts_flatfile.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(r.warnings, []);
    const run = r.runs[0]!;
    assert.equal(run.name, 'format_for_rd1');
    assert.equal(run.params['iorate'], 'max', 'reqrate 9999988 is RD_entry.MAX_RATE');
    assert.equal(run.params['threads'], undefined, 'Threads n/a');
    // " avg_2-4" row: Rate 390635, Resp 0.0999, Resp_std 0.0801, Resp_max 24.429, MB/sec 48271.4826
    close(run.metrics['total.iops'], 390635);
    close(run.metrics['total.lat_avg_ms'], 0.0999);
    close(run.metrics['total.lat_stddev_ms'], 0.0801);
    close(run.metrics['total.lat_max_ms'], 24.429);
    close(run.metrics['total.bw_mib_s'], 48271.4826);
    close(run.metrics['fs.opens_per_s'], 15471.3333);
    close(run.metrics['fs.create_resp_ms'], 2.6423);
    // cpu_used 9.6208, cpu_user 1.729, cpu_kernel 7.8918
    close(run.metrics['cpu_usr_pct'], 1.729);
    close(run.metrics['cpu_sys_pct'], 7.8918);
    assert.equal(run.endMs, Date.UTC(2019, 2, 8, 8, 14, 59, 101), '15:14:59.101 ICT = UTC+7');
    assert.deepEqual(series(run, 'total.iops'), [491694, 595780, 566475, 9650]);
  });

  it('fsd logfile.html: interval rows among log lines, version from "Vdbench distribution"', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdb__fsd-format_8hosts_logfile.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.runs.length, 1);
    const run = r.runs[0]!;
    assert.equal(run.toolVersion, 'vdbench50407');
    close(run.metrics['total.iops'], 390635);
    close(run.metrics['total.lat_max_ms'], 24.429);
    assert.deepEqual(series(run, 'total.iops'), [491694, 595780, 566475, 9650]);
  });

  it('sd histogram.html: buckets per direction as a table, no metrics', (t) => {
    const r = parseCorpus('vdbench/masakioui-vdboceanstor__sd-raw_histogram.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    const run = r.runs[0]!;
    assert.equal(run.name, 'rd1');
    assert.deepEqual(run.metrics, {});
    const h = run.tables['histogram'] as Record<string, Array<{ min_ms: number; max_ms: number | null; count: number; pct: number; cum_pct: number }>>;
    // "0.000 < 0.020  375  95.9079  95.9079" under "Reads and writes:"; 204 reads, 171 writes.
    assert.deepEqual(h['total']![0], { min_ms: 0, max_ms: 0.02, count: 375, pct: 95.9079, cum_pct: 95.9079 });
    assert.equal(h['read']![0]!.count, 204);
    assert.equal(h['write']![1]!.count, 11);
    assert.equal(h['total']!.length, 27);
    assert.equal(h['total']![26]!.max_ms, null, '"2000.000 < max"');
    assert.equal(run.tables['io_count'], 375 + 15 + 1);
  });

  it('old sd flatfile with kstat columns: no date (relative times), reqrate 999988 = max', (t) => {
    const r = parseCorpus('vdbench/jfritzen__sd-flatfile_kstat-columns.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.runs.length, 8);
    assert.match(r.warnings[0]!.message, /no timestamp column/);
    const w4k = r.runs[0]!;
    assert.equal(w4k.name, 'random_write_max_4k');
    assert.deepEqual(
      { bs: w4k.params['bs'], threads: w4k.params['threads'], read_pct: w4k.params['read_pct'], pattern: w4k.params['pattern'], iorate: w4k.params['iorate'] },
      { bs: 4096, threads: 8, read_pct: 0, pattern: 'random', iorate: 'max' },
    );
    // avg_2-10: rate 327.4444, MB/sec 1.2791, resp 23.9089, resp_max 1514.9750, resp_std 134.5254; cpu_user 0.2084, cpu_kernel 0.3682
    close(w4k.metrics['total.iops'], 327.4444);
    close(w4k.metrics['total.bw_mib_s'], 1.2791);
    close(w4k.metrics['total.lat_avg_ms'], 23.9089);
    close(w4k.metrics['write.lat_avg_ms'], 23.9089, 0);
    close(w4k.metrics['total.lat_max_ms'], 1514.975);
    close(w4k.metrics['total.lat_stddev_ms'], 134.5254);
    close(w4k.metrics['cpu_usr_pct'], 0.2084);
    close(w4k.metrics['cpu_sys_pct'], 0.3682);
    assert.equal(w4k.startMs, null);
    const sr8k = r.runs[7]!;
    assert.equal(sr8k.name, 'sequential_read_max_8k', 'a name wider than its %10s column');
    assert.equal(sr8k.params['pattern'], 'sequential');
    close(sr8k.metrics['read.iops'], 13091.2222);
    close(sr8k.metrics['read.lat_avg_ms'], 0.6088);
    close(sr8k.metrics['total.bw_mib_s'], 102.2752);
    // First row of the file 10:57:00.106; this run's interval 1 at 10:58:19.027.
    assert.equal(sr8k.series.find((s) => s.metric === 'total.iops')!.times[0], 78921);
  });

  it('fsd summary.html 50406: repeated headers, a run with no avg row imported with a warning', (t) => {
    const r = parseCorpus('vdbench/hero0906__fsd_vdbench50406_summary.html');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.runs.length, 2);
    assert.match(r.warnings[0]!.message, /"CST" is ambiguous/);
    const [format, rd1] = r.runs as [ParsedRun, ParsedRun];
    // avg_2-66: 0.1 1.538 1.4 0.52 ... xfer 32768 ... create 0.1 39822, open 0.1 39817, close 0.1 0.687
    close(format.metrics['total.iops'], 0.1);
    close(format.metrics['total.lat_avg_ms'], 1.538);
    close(format.metrics['fs.create_resp_ms'], 39822);
    close(format.metrics['fs.close_resp_ms'], 0.687);
    assert.equal(format.params['bs'], 32768);
    assert.equal(series(format, 'total.iops').length, 66, 'intervals 1-66 across three header blocks');
    // "Starting RD=rd1; elapsed=6000000; fwdrate=max. For loops: None", then intervals 1-466, no avg.
    assert.equal(rd1.params['iorate'], 'max');
    assert.equal(series(rd1, 'total.iops').length, 466, 'the header repeated every 30 intervals adds no rows');
    assert.match(rd1.warnings[0]!, /no avg row .* intervals 2-466/);
    // Mean of ReqstdOps rate over intervals 2-466; resp weighted by rate; mb/sec total (awk over the file).
    close(rd1.metrics['total.iops'], 1803.99, 1e-5);
    close(rd1.metrics['total.lat_avg_ms'], 5.33499, 1e-5);
    close(rd1.metrics['total.bw_mib_s'], 56.3746, 1e-5);
    assert.equal(rd1.metrics['total.lat_stddev_ms'], undefined);
    assert.equal(rd1.startMs, Date.UTC(2020, 11, 2, 19, 55, 5, 1));
    assert.equal(rd1.endMs, Date.UTC(2020, 11, 2, 20, 2, 51, 47));
  });
});
