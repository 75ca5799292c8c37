import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { cosbenchImporter } from './cosbench.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};
const parse = (text: string, name = 'w1-test.csv'): ParseResult => cosbenchImporter.parse({ bytes: new TextEncoder().encode(text), name });
const series = (run: ParsedRun, metric: string): { t: number[]; v: number[] } => {
  const s = run.series.find((x) => x.metric === metric);
  return { t: [...(s?.times ?? [])], v: [...(s?.values ?? [])] };
};

describe('COSBench stage time series on the real corpus', () => {
  it('icclab 2014 stage file: 2-row header, % success ratios, a "na-na" gap row', (t) => {
    const p = corpusFile('other/icclab__cosbench_workstage_timeseries.csv');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const { runs, errors, warnings } = cosbenchImporter.parse({ bytes: readBytes(p), name: 'icclab__cosbench_workstage_timeseries.csv' });
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.tool, 'cosbench');
    assert.equal(r.params['stage'], undefined, 'the corpus name is not a COSBench stage id');
    // 146 lines: 2 header rows, 143 snapshots and line 13 "09:46:35,0,0,N/A,N/A,0,0,N/A,10,10,10".
    const read = series(r, 'read.ops_per_s');
    assert.equal(read.v.length, 143);
    assert.match(r.warnings.join(' '), /1 snapshot\(s\) reported no operations/);
    // Line 3: 09:45:45, read throughput 84.94, avg response 2.74 / 33.37 ms, read success 99.53%.
    assert.deepEqual([read.t[0], read.v[0]], [0, 84.94]);
    assert.equal(series(r, 'read.lat_avg_ms').v[0], 2.74);
    assert.equal(series(r, 'write.lat_avg_ms').v[0], 33.37);
    assert.equal(series(r, 'read.success_pct').v[0], 99.53);
    close(series(r, 'read.bw_mib_s').v[0], 339749.95 / 1048576); // bandwidth is bytes/s
    // Line 12 (09:46:30) is followed by line 14 (09:46:40): the gap stays a gap.
    assert.deepEqual([read.t[9], read.t[10]], [45_000, 55_000]);
    // Line 146: 09:57:40, 715 s after the first, read throughput 78.72, success 77.51%.
    assert.deepEqual([read.t[142], read.v[142]], [715_000, 78.72]);
    assert.equal(series(r, 'read.success_pct').v[142], 77.51);
    assert.equal(series(r, 'delete.ops_per_s').v[0], 5.56);
    assert.equal(series(r, 'ops_per_s').v[0], 84.94 + 18.06 + 5.56);
    // By awk over the 143 rows: 53661 reads, 13182 writes, 4479 deletes; each row's window is
    // Op-Count / Throughput, summing to 712.4192 s (read), 712.4165 (write), 712.3778 (delete).
    close(r.metrics['read.ops_per_s'], 53661 / 712.4191569197, 1e-9);
    close(r.metrics['write.ops_per_s'], 13182 / 712.4165292654, 1e-9);
    close(r.metrics['delete.ops_per_s'], 4479 / 712.3777800064, 1e-9);
    // Count-weighted mean responses, by awk: 2.7602953728, 32.4275079654, 24.7498682742 ms.
    close(r.metrics['read.lat_avg_ms'], 2.7602953728, 1e-9);
    close(r.metrics['write.lat_avg_ms'], 32.4275079654, 1e-9);
    close(r.metrics['total.lat_avg_ms'], (2.7602953728 * 53661 + 32.4275079654 * 13182 + 24.7498682742 * 4479) / (53661 + 13182 + 4479), 1e-9);
    // Objects of 1712000 / 428 = 4000 bytes (COSBench's "4KB" is decimal); reads were attempted
    // 70347.98 times (Op-Count / success ratio, by awk): 79.9% of 87009 attempts, the r80w15d5 mix.
    assert.equal(r.params['bs'], 4000);
    assert.equal(r.params['read_pct'], 80);
    close(r.metrics['read.success_pct'], (100 * 53661) / 70347.984735, 1e-9);
    assert.equal(r.metrics['write.success_pct'], 100);
  });
});

// Hand-made: no workload summary is in the corpus. Layout from CSVWorkloadExporter (0.4.2); the
// main stage carries S5's baseline figures (4K 70/30: read 4.27 ms at 2589.33 op/s, write
// 18.8 ms at 1107.46 op/s) over 300 s, with 4KB objects of 4000 bytes as COSBench counts them.
const HEADER = 'Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime,80%-ResTime,90%-ResTime,95%-ResTime,99%-ResTime,100%-ResTime,Throughput,Bandwidth,Succ-Ratio,Status,Detailed Status';
const history = (run: string, close: string, end = 'completed'): string =>
  `waiting @ 2021-01-20 10:00:00,booting @ ${run},submitting @ ${run},authing @ ${run},launching @ ${run},running @ ${run},closing @ ${close},${end} @ ${close}`;
const SUMMARY = [
  HEADER,
  `s1-init,init,init,8,0,1135.5,1135.5,1140,1150,1150,1150,1150,1150,6.99,0,100%,completed,${history('2021-01-20 10:00:02', '2021-01-20 10:00:04')}`,
  `s2-prepare,prepare-write,prepare,100000,400000000,12.3,11.9,10,20,20,20,30,310,812.34,3249360,100%,completed,${history('2021-01-20 10:00:05', '2021-01-20 10:02:08')}`,
  `s3-4k-70r30w,read,read,776799,3107196000,4.27,4.21,10,10,20,20,40,880,2589.33,10357320,100%,completed,${history('2021-01-20 10:02:09', '2021-01-20 10:07:09')}`,
  `s3-4k-70r30w,write,write,332238,1328952000,18.8,18.6,20,20,40,50,90,1250,1107.46,4429840,100%,completed,${history('2021-01-20 10:02:09', '2021-01-20 10:07:09')}`,
  `delay,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,completed,${history('2021-01-20 10:07:10', '2021-01-20 10:07:40')}`,
  `s5-cleanup,cleanup-delete,cleanup,100000,0,8.1,8.1,10,10,10,10,20,120,1230.77,0,100%,completed,${history('2021-01-20 10:07:41', '2021-01-20 10:09:02')}`,
].join('\n');

describe('COSBench workload summary, hand-made with the S5 figures', () => {
  it('one run per stage; S5 read/write figures; object size and read share derived', () => {
    const { runs, errors, warnings } = parse(SUMMARY);
    assert.deepEqual(errors, []);
    assert.deepEqual(runs.map((r) => r.name), ['s1-init', 's2-prepare', 's3-4k-70r30w', 's5-cleanup']);
    const main = runs[2]!;
    assert.equal(main.params['stage'], 's3-4k-70r30w');
    assert.equal(main.metrics['read.ops_per_s'], 2589.33);
    assert.equal(main.metrics['read.lat_avg_ms'], 4.27);
    assert.equal(main.metrics['write.ops_per_s'], 1107.46);
    assert.equal(main.metrics['write.lat_avg_ms'], 18.8);
    close(main.metrics['read.bw_mib_s'], 10357320 / 1048576);
    close(main.metrics['ops_per_s'], 2589.33 + 1107.46);
    close(main.metrics['total.lat_avg_ms'], (4.27 * 776799 + 18.8 * 332238) / (776799 + 332238));
    assert.equal(main.metrics['read.lat_p99_ms'], 40, 'histogram bucket bound');
    assert.equal(main.metrics['write.lat_max_ms'], 1250);
    assert.equal(main.metrics['read.success_pct'], 100);
    assert.equal(main.params['bs'], 4000);
    assert.equal(main.params['read_pct'], 70);
    // "running @ 2021-01-20 10:02:09" to "closing @ ... 10:07:09", local time read as UTC.
    assert.equal(main.startMs, Date.UTC(2021, 0, 20, 10, 2, 9));
    assert.equal(main.endMs, Date.UTC(2021, 0, 20, 10, 7, 9));
    assert.ok(warnings.some((w) => /no time zone/.test(w.message)));
    assert.ok(warnings.some((w) => /1 stage row\(s\) without metrics/.test(w.message)));
    // "prepare-write" is the write of the prepare stage.
    assert.equal(runs[1]!.metrics['write.ops_per_s'], 812.34);
    assert.equal(runs[1]!.params['read_pct'], undefined, 'a prepare stage is no read/write mix');
    assert.equal(runs[3]!.metrics['delete.lat_avg_ms'], 8.1);
    assert.equal(runs[3]!.params['bs'], undefined, 'deletes move no data');
  });

  it('failed reads lower the success ratio; the read share counts attempts', () => {
    const text = [HEADER,
      `s2-main,read,read,44660,178640000,2.75,2.75,10,10,10,10,10,280,74.45,297797.86,74.87%,completed,${history('2014-05-07 09:45:37', '2014-05-07 09:57:38')}`,
      `s2-main,write,write,11148,44592000,32.25,32.25,40,40,40,50,120,380,18.58,74336.11,100%,completed,${history('2014-05-07 09:45:37', '2014-05-07 09:57:38')}`,
      `s2-main,delete,delete,3818,0,24.1,24.1,30,40,40,50,100,380,6.36,0,100%,completed,${history('2014-05-07 09:45:37', '2014-05-07 09:57:38')}`,
    ].join('\n');
    const r = parse(text).runs[0]!;
    assert.equal(r.metrics['read.success_pct'], 74.87);
    // A quarter of the reads failed: a fact about whether the stage stands, and a large share of its operations.
    assert.deepEqual(r.validity?.map((v) => [v.code, v.severity, v.message]), [['failed-operations', 'invalid', 'read: 14,990 of 59,650 operations failed (success ratio 74.87%)']]);
    // 44660 / 0.7487 = 59650 attempted reads of 59650 + 11148 + 3818: 79.9%, the configured 80.
    assert.equal(r.params['read_pct'], 80);
  });

  it('a failed stage is imported flagged; the first releases (no Stage, no Avg-ProcTime) are one workload run', () => {
    const failed = [HEADER, `s3-main,read,read,100,400000,5,5,10,10,10,10,10,20,3.3,13200,100%,failed,${history('2021-01-20 10:02:09', '2021-01-20 10:02:39', 'failed')}`].join('\n');
    assert.deepEqual(parse(failed).runs[0]!.validity?.map((v) => [v.code, v.severity]), [['stage-status', 'invalid']]);
    assert.match(parse(failed).runs[0]!.validity![0]!.message, /stage as "failed"/);
    const early = [
      'Op-Type,Op-Count,Byte-Count,Avg-ResTime,60%-ResTime,80%-ResTime,90%-ResTime,95%-ResTime,99%-ResTime,100%-ResTime,Throughput,Bandwidth,Succ-Ratio',
      'read,30000,3072000000,21.5,20,30,30,40,60,310,100,10240000,100%',
    ].join('\n');
    const r = parse(early).runs[0]!;
    assert.equal(r.name, 'workload');
    assert.equal(r.params['stage'], undefined);
    assert.equal(r.params['bs'], 102400);
    assert.equal(r.metrics['read.lat_avg_ms'], 21.5);
    assert.equal(r.metrics['read.lat_p95_ms'], 40);
  });
});

describe('COSBench stage file and bad input, hand-made', () => {
  // 0.4.1 layout (no Avg-ProcTime), a prepare stage ("prepare-write" columns) crossing midnight.
  const STAGE = [
    'Timestamp,Op-Count,Byte-Count,Avg-ResTime,Throughput,Bandwidth,Succ-Ratio,Version-Info,,',
    ',prepare-write,prepare-write,prepare-write,prepare-write,prepare-write,prepare-write,Min-Version,Version,Max-Version',
    '23:59:50,500,2000000,9.5,100,400000,100%,0,0,0',
    '23:59:55,600,2400000,8.5,120,480000,100%,1,1,1',
    '00:00:00,300,1200000,10,100,400000,100%,2,2,2',
  ].join('\n');

  it('a stage file named after its stage id, operation names with their sample type, midnight', () => {
    const { runs } = parse(STAGE, '/archive/w12-s3-prep/s2-prepare.csv');
    const r = runs[0]!;
    assert.equal(r.name, 's2-prepare');
    assert.equal(r.params['stage'], 's2-prepare');
    assert.deepEqual(series(r, 'write.ops_per_s'), { t: [0, 5000, 10000], v: [100, 120, 100] });
    // 1400 writes over 5 + 5 + 3 s of windows.
    close(r.metrics['write.ops_per_s'], 1400 / 13);
    close(r.metrics['write.lat_avg_ms'], (9.5 * 500 + 8.5 * 600 + 10 * 300) / 1400);
    assert.equal(r.params['bs'], 4000);
    assert.equal(r.metrics['ops_per_s'], r.metrics['write.ops_per_s'], 'one operation: no separate total series');
    assert.equal(series(r, 'ops_per_s').v.length, 0);
  });

  it('cut-off rows are skipped and said so; headers alone and empty files are errors', () => {
    const cut = `${STAGE}\n00:00:05,40`;
    const { runs, warnings } = parse(cut);
    assert.equal(series(runs[0]!, 'write.ops_per_s').v.length, 3);
    assert.equal(warnings[0]!.line, 6);
    assert.match(warnings[0]!.message, /does not match the header/);
    const summaryCut = SUMMARY.slice(0, SUMMARY.indexOf('s3-4k-70r30w,write') + 30);
    const s = parse(summaryCut);
    assert.ok(s.warnings.some((w) => /incomplete/.test(w.message) && w.line === 5));
    assert.equal(s.runs[2]!.metrics['write.ops_per_s'], undefined);
    assert.match(parse(HEADER).errors[0]!.message, /no COSBench operation rows/);
    assert.match(parse(STAGE.split('\n').slice(0, 2).join('\n')).errors[0]!.message, /no snapshot rows/);
    assert.match(parse('').errors[0]!.message, /not a COSBench/);
    assert.equal(cosbenchImporter.detect('Timestamp,Op-Count,Value\n'), false);
  });
});
