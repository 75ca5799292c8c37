/**
 * fio latency logs carry no unit: ns in fio 3, µs in fio 2. The fio version of the run a log
 * joins decides, whether that run came from fio's JSON or its normal (console) output; a log no
 * run claims keeps the unit chosen at import, and its values are checked for plausibility in it.
 * The logs and reports here are hand-written in fio 2.18's and 3.33's formats (FORMATS.md 1.3);
 * the fio 2 ones are kept in importers/fio/test-files/ (fio-2.18-usec/, fio-2-orphan_slat.1.log),
 * the bytes the fuzz suite starts from.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

/** fio's normal report of one 4k random-read job (fio 2.18 and later print this layout). */
const report = (version: string, unit: 'usec' | 'nsec', clatAvg: string) => `randread-4k: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=16
${version}
Starting 1 process

randread-4k: (groupid=0, jobs=1): err= 0: pid=4242: Tue Mar 14 10:00:10 2017
   read: IOPS=8000, BW=31.3MiB/s (32.8MB/s)(313MiB/10000msec)
    clat (${unit}): min=100, max=9000, avg=${clatAvg}, stdev=50.00
  cpu          : usr=3.00%, sys=9.00%, ctx=80000, majf=0, minf=30
     issued rwt: total=80000,0,0, short=0,0,0, dropped=0,0,0
`;

/** A clat log: 1 s windows, ms since the job started, read direction. */
const clatLog = (values: number[]): string => values.map((v, i) => `${(i + 1) * 1000}, ${v}, 0, 0\n`).join('');

const fioFile = (rel: string): string => fs.readFileSync(path.join(REPO_ROOT, 'importers/fio/test-files', rel), 'utf8');
/** fio 2.18's normal output of the 4k random-read job (clat in usec, avg 1950). */
const FIO2_REPORT = fioFile('fio-2.18-usec/randread-4k.out');
/** Its clat log: 1900, 2000, 1950 (µs, as fio 2 writes them). */
const FIO2_CLAT_LOG = fioFile('fio-2.18-usec/randread-4k_clat.1.log');
/** A fio 2 slat log no run claims: 12, 11, 13 (µs). */
const FIO2_ORPHAN_SLAT = fioFile('fio-2-orphan_slat.1.log');

function importDir(files: Record<string, string>, options: { logUnit?: 'ns' | 'us' } = {}) {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  const result = core.importPaths([dir], 'Units', 'disk', options);
  return { core, result };
}

describe('fio latency log units', () => {
  it('a fio 2.18 log beside its fio 2.18 normal output joins that run and is read as µs, on its clock', () => {
    const { core, result } = importDir({ 'randread-4k.out': FIO2_REPORT, 'randread-4k_clat.1.log': FIO2_CLAT_LOG });
    try {
      const out = result.files.find((f) => f.path.endsWith('.out'))!;
      const log = result.files.find((f) => f.path.endsWith('.log'))!;
      assert.equal(out.format, 'fio-normal');
      assert.deepEqual(log.runs, out.runs, 'the log joins the normal-output run');
      assert.match(log.warnings[0]!, /attached to run \d+ "randread-4k"/);
      const [run] = core.runs({ study: 'units' });
      const clat = core.series(run!.id).find((s) => s.metric === 'read.clat_ms')!;
      // 1900 µs is 1.9 ms; read as ns it would be 0.0019 ms.
      assert.deepEqual(clat.points.map((p) => p[1]), [1.9, 2, 1.95]);
      // The report's date is the run's end; it started 10 s earlier, the log's t=1000 ms after that.
      assert.equal(run!.start, '2017-03-14T10:00:00.000Z');
      assert.equal(clat.points[0]![0], Date.UTC(2017, 2, 14, 10, 0, 1));
    } finally {
      core.close();
    }
  });

  it('a fio 3 log beside its fio 3 normal output is read as ns', () => {
    const { core } = importDir({ 'randread-4k.out': report('fio-3.33', 'nsec', '1950000.00'), 'randread-4k_clat.1.log': clatLog([1_900_000, 2_000_000]) });
    try {
      const [run] = core.runs({ study: 'units' });
      assert.deepEqual(core.series(run!.id).find((s) => s.metric === 'read.clat_ms')!.points.map((p) => p[1]), [1.9, 2]);
    } finally {
      core.close();
    }
  });

  it('an orphan fio 2 slat log read as ns (the default) is said to be implausible: a 12 ns submission latency', () => {
    const { core, result } = importDir({ 'job_slat.1.log': FIO2_ORPHAN_SLAT });
    try {
      const log = result.files[0]!;
      assert.equal(log.status, 'imported');
      const said = log.warnings.join('\n');
      assert.match(said, /latency read as ns \(fio 3\.x, the default\)/);
      assert.match(said, /the latency values are implausible in ns \(mean read slat 12 ns\): if this log is from fio 2\.x, its values are µs/);
      const [run] = core.runs({ study: 'units' });
      assert.match(run!.warnings.join('\n'), /implausible in ns/, 'the run keeps the warning too');
      assert.equal(run!.metrics['read.slat_avg_ms'], 12e-6, 'the unit chosen is kept: nothing is corrected');
    } finally {
      core.close();
    }
  });

  it('chosen as µs, the same log is plausible; a fio 3 log chosen as µs is not', () => {
    const us = importDir({ 'job_slat.1.log': FIO2_ORPHAN_SLAT }, { logUnit: 'us' });
    try {
      assert.doesNotMatch(us.result.files[0]!.warnings.join('\n'), /implausible/);
      assert.equal(us.core.runs({ study: 'units' })[0]!.metrics['read.slat_avg_ms'], 0.012);
    } finally {
      us.core.close();
    }
    const ns = importDir({ 'job_clat.1.log': clatLog([20_000_000, 21_000_000]) }, { logUnit: 'us' });
    try {
      assert.match(ns.result.files[0]!.warnings.join('\n'), /the latency values are implausible in µs \(mean read clat 20\.5 s\): if this log is from fio 3\.x, its values are ns/);
    } finally {
      ns.core.close();
    }
  });

  it('the sheet\'s claim: a log beside a normal-output file is claimed by it before the import', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'randread-4k.out'), FIO2_REPORT);
    fs.writeFileSync(path.join(dir, 'randread-4k_clat.1.log'), FIO2_CLAT_LOG);
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const staged = ['randread-4k.out', 'randread-4k_clat.1.log'].map((n) => core.stage(path.join(dir, n), new Uint8Array(fs.readFileSync(path.join(dir, n)))));
      const claims = core.logOwners(staged.map((s) => s.id), 'Units', 'disk');
      assert.equal(claims[staged[1]!.id]!.owner, 'randread-4k (randread-4k.out)');
    } finally {
      core.close();
    }
  });
});
