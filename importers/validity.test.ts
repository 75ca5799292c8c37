/**
 * Issue 40: each tool's own statement of whether a result stands becomes a validity fact with a
 * severity: sysbench errors and reconnects, CockroachDB errors, a COSBench success ratio under
 * 100%, fio's job error in normal and terse output, an AWR instance restart inside the window
 * (HammerDB, fio JSON and vdbench: their own test files). The thresholds: more than half the
 * users, 10% of the operations.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sysbenchRunText } from '../e2e/support/sysbench-sweep.js';
import { S2_WRITE_THROUGH_11204, UNITS_19C } from './awr/handwritten-reports.js';
import { awrImporter } from './awr/index.js';
import { benchmarkImporters } from './benchmarks/index.js';
import { fioNormalImporter } from './fio/fio-normal.js';
import { fioTerseImporter } from './fio/fio-terse.js';
import { REPO_ROOT } from './test-support/corpus.js';
import type { Importer } from './types.js';
import { ERROR_SHARE_LIMIT, errorShare, FAILED_USERS_LIMIT, failedUsers } from './validity.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const byId = (id: string): Importer => benchmarkImporters.find((i) => i.id === id)!;
const parse = (importer: Importer, text: string, name = 'f.txt') => importer.parse({ bytes: enc(text), name });

describe('validity thresholds', () => {
  it('more than half the users, 10% of the operations: the limits the README and the methods text state', () => {
    assert.equal(FAILED_USERS_LIMIT, 0.5);
    assert.equal(ERROR_SHARE_LIMIT, 0.1);
    assert.equal(failedUsers(51, 100)?.severity, 'invalid');
    assert.equal(failedUsers(50, 100)?.severity, 'warning');
    assert.equal(failedUsers(0, 100), null);
    assert.equal(failedUsers(3, null)?.message, '3 virtual users finished FAILED (of an unknown number of users)');
    assert.equal(errorShare('errors', 100, 1000, { errors: 'errors', ops: 'operations' })?.severity, 'invalid');
    assert.equal(errorShare('errors', 99, 1000, { errors: 'errors', ops: 'operations' })?.severity, 'warning');
    assert.equal(errorShare('errors', 99, 1000, { errors: 'errors', ops: 'operations' })?.message, '99 errors in 1,000 operations (9.9%)');
  });
});

describe('sysbench: errors and reconnects against the transactions, and --rate', () => {
  const text = (errors: number, reconnects: number): string => sysbenchRunText(16, 1000, 25, 'db1')
    .replace(/ignored errors:\s+0\s+\(0\.00 per sec\.\)/, `ignored errors:                   ${errors}      (${(errors / 600).toFixed(2)} per sec.)`)
    .replace(/reconnects:\s+0\s+\(0\.00 per sec\.\)/, `reconnects:                       ${reconnects}      (${(reconnects / 600).toFixed(2)} per sec.)`);
  it('errors in the final statistics: a share of the transactions (600,000 done)', () => {
    const run = parse(byId('sysbench'), text(1200, 0)).runs[0]!;
    assert.deepEqual(run.validity?.map((f) => [f.code, f.severity, f.count, f.of]), [['errors', 'warning', 1200, 601200]]);
    assert.equal(run.validity![0]!.message, '1,200 errors (transactions rolled back and retried) in 601,200 transactions (0.2%)');
    const many = parse(byId('sysbench'), text(90000, 70000)).runs[0]!;
    assert.deepEqual(many.validity?.map((f) => [f.code, f.severity]), [['errors', 'invalid'], ['reconnects', 'invalid']]);
    assert.equal(parse(byId('sysbench'), text(0, 0)).runs[0]!.validity, undefined);
  });
  it('--rate on the command line, or "Target transaction rate", is the parameter rate', () => {
    const capped = parse(byId('sysbench'), text(0, 0).replace('--threads=16', '--threads=16 --rate=500')).runs[0]!;
    assert.equal(capped.params['rate'], 500);
    const said = parse(byId('sysbench'), text(0, 0).replace('Number of threads: 16', 'Number of threads: 16\nTarget transaction rate: 300/sec')).runs[0]!;
    assert.equal(said.params['rate'], 300);
    assert.equal(parse(byId('sysbench'), text(0, 0).replace('--threads=16', '--threads=16 --rate=0')).runs[0]!.params['rate'], undefined, '0 is no cap');
  });
});

describe('CockroachDB workload: errors against the operations', () => {
  const result = (errors: number): string => [
    '_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)',
    `    1.0s        ${errors}          500.0          500.0      3.0     14.7     33.6     52.4 transfer`,
    '',
    '_elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)__total',
    `  300.0s        ${errors}         151311          504.4    437.8     12.1    520.1  14495.5  94489.3  transfer`,
    '',
    '_elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)__result',
    `  300.0s        ${errors}         151311          504.4    437.8     12.1    520.1  14495.5  94489.3`,
  ].join('\n') + '\n';
  it('the __result block\'s errors, with the operations done', () => {
    const run = parse(byId('cockroach-workload'), result(42)).runs[0]!;
    assert.deepEqual(run.validity?.map((f) => [f.code, f.severity, f.count, f.of]), [['errors', 'warning', 42, 151353]]);
    assert.equal(parse(byId('cockroach-workload'), result(40000)).runs[0]!.validity?.[0]?.severity, 'invalid');
    assert.equal(parse(byId('cockroach-workload'), result(0)).runs[0]!.validity, undefined);
  });
});

describe('COSBench: a success ratio under 100%', () => {
  const HEADER = 'Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime,80%-ResTime,90%-ResTime,95%-ResTime,99%-ResTime,100%-ResTime,Throughput,Bandwidth,Succ-Ratio,Status,Detailed Status';
  it('a few failed writes: stated, the stage stands', () => {
    const row = 's2-main,write,write,9900,39600000,30.1,30.0,40,40,40,50,120,380,33.0,132000,99%,completed,running @ 2021-01-20 10:00:00,completed @ 2021-01-20 10:05:00';
    const run = parse(byId('cosbench'), [HEADER, row].join('\n')).runs[0]!;
    assert.deepEqual(run.validity?.map((f) => [f.code, f.severity, f.message]), [['failed-operations', 'warning', 'write: 100 of 10,000 operations failed (success ratio 99%)']]);
  });
});

describe('fio normal and terse output: the job error', () => {
  it('err= 28 in the job report line: the job stopped, no verdict', () => {
    const text = [
      'seqwrite: (g=0): rw=write, bs=(R) 1024KiB-1024KiB, (W) 1024KiB-1024KiB, (T) 1024KiB-1024KiB, ioengine=libaio, iodepth=32',
      'fio-3.28', 'Starting 1 process', 'fio: io_u error on file /mnt/test/f: No space left on device: write offset=1048576, buflen=1048576',
      'seqwrite: (groupid=0, jobs=1): err=28 (file:io_u.c:1845, func=io_u error, error=No space left on device): pid=1201: Tue Mar  5 10:00:00 2024',
      '  write: IOPS=512, BW=512MiB/s (537MB/s)(1024MiB/2000msec); 0 zone resets',
      '    clat (usec): min=500, max=9000, avg=1950.00, stdev=300.00',
      '  cpu          : usr=1.00%, sys=2.00%, ctx=1000, majf=0, minf=10',
      '  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=99.9%, >=64=0.0%',
      '     issued rwts: total=0,1024,0,0 short=0,0,0,0 dropped=0,0,0,0',
    ].join('\n') + '\n';
    const run = fioNormalImporter.parse({ bytes: enc(text), name: 'seqwrite.out' }).runs[0]!;
    assert.deepEqual(run.errors, []);
    assert.deepEqual(run.validity?.map((f) => [f.code, f.severity, f.message]), [['job-error', 'invalid', 'fio reported error 28 (ENOSPC, no space left on device) for job "seqwrite": the job stopped before its runtime']]);
  });
  it('terse: the error field', () => {
    const dir = path.join(REPO_ROOT, 'samples', 'fio');
    const terse = fs.readdirSync(dir, { recursive: true }).map(String).find((f) => /terse/.test(f));
    const line = terse ? fs.readFileSync(path.join(dir, terse), 'utf8').split('\n').find((l) => /^3;/.test(l)) : undefined;
    const base = line ?? `3;fio-3.28;job1;0;0;${Array(126).fill('0').join(';')}`;
    const f = base.split(';');
    f[4] = '5';
    const run = fioTerseImporter.parse({ bytes: enc(f.join(';') + '\n'), name: 'x.terse' }).runs[0]!;
    assert.equal(run.validity?.[0]?.code, 'job-error');
    assert.match(run.validity![0]!.message, /^fio reported error 5 \(EIO, input\/output error\) for job "[^"]+"/);
  });
});

describe('AWR: an instance restart inside the snapshot window', () => {
  it('startup after the begin snapshot: the window spans a restart, no verdict; before it, nothing said', () => {
    const restarted = S2_WRITE_THROUGH_11204.replace('14-Mar-14 09:12', '14-Mar-14 10:07');
    const run = awrImporter.parse({ bytes: enc(restarted), name: 'awrrpt_1_212_213.txt' }).runs[0]!;
    assert.deepEqual(run.validity?.map((f) => [f.code, f.severity]), [['instance-restart', 'invalid']]);
    assert.equal(run.validity![0]!.message, 'instance SLOB1 was started at 2014-03-14 10:07, after the begin snapshot (2014-03-14 10:05): the window spans a restart and its figures do not describe a workload');
    assert.equal(awrImporter.parse({ bytes: enc(S2_WRITE_THROUGH_11204), name: 'a.txt' }).runs[0]!.validity, undefined);
  });
  it('12.2+ prints the startup in its own Instance block: read there too', () => {
    const restarted = UNITS_19C.replace('28-Nov-24 21:49', '02-Dec-24 13:30');
    const run = awrImporter.parse({ bytes: enc(restarted), name: 'awrrpt_19c.txt' }).runs[0]!;
    assert.equal(run.validity?.[0]?.code, 'instance-restart');
    assert.equal(awrImporter.parse({ bytes: enc(UNITS_19C), name: 'b.txt' }).runs[0]!.validity, undefined);
  });
});
