/**
 * fio's normal console output: each job's runtime and time, the options the capture shows, and
 * the exact IOPS the issued counts imply (issue 27). Checked on output generated here with real
 * fio (skipped, saying so, where fio is not installed), held against fio's own JSON of the same
 * run, and on the corpus's fio 3.1 output.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun } from '../types.js';
import { fioJsonImporter } from './fio-json.js';
import { fioNormalImporter } from './fio-normal.js';

const FIO = ((): string | null => {
  try {
    return execFileSync('fio', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
const SKIP_NO_FIO = 'fio is not installed (apt-get install -y fio): the real-fio cases are skipped';

const normal = (text: string): ParsedRun[] => {
  const r = fioNormalImporter.parse({ bytes: new TextEncoder().encode(text), name: 'console.out' });
  assert.deepEqual(r.errors, []);
  return r.runs;
};

/** Runs fio with `args` and returns its console output, JSON and normal report apart. */
function runFio(dir: string, args: string[]): { json: string; console: string; commandLine: string } {
  const file = path.join(dir, 'fio.dat');
  const all = ['--filename=' + file, ...args, '--output-format=json,normal'];
  const out = execFileSync('fio', all, { encoding: 'utf8', cwd: dir });
  const start = out.indexOf('{\n');
  const end = out.indexOf('\n}\n', start) + 3;
  return { json: out.slice(start, end), console: out.slice(0, start) + out.slice(end), commandLine: `$ fio ${all.slice(0, -1).join(' ')}` };
}

describe('fio normal output: runtime, time, options and exact figures', () => {
  it('real fio: the exact IOPS and bandwidth equal fio\'s own JSON of the same run; runtime and window stored', (t) => {
    if (!FIO) return t.skip(SKIP_NO_FIO);
    const dir = tempDir();
    const { json, console: text } = runFio(dir, ['--name=mix', '--size=16M', '--rw=randrw', '--rwmixread=70', '--bs=4k', '--ioengine=psync', '--runtime=2', '--time_based']);
    const [n] = normal(text);
    const [j] = fioJsonImporter.parse({ bytes: new TextEncoder().encode(json), name: 'j.json' }).runs;
    for (const k of ['read.iops', 'write.iops', 'total.iops', 'read.bw_mib_s', 'write.bw_mib_s']) {
      // fio prints the JSON's figures with %f: six decimals.
      assert.ok(Math.abs(n!.metrics[k]! - j!.metrics[k]!) < 1e-5 * Math.max(1, j!.metrics[k]!), `${k}: normal ${n!.metrics[k]} JSON ${j!.metrics[k]}`);
    }
    const printed = Number(/read: IOPS=([\d.]+)/.exec(text)![1]) * (/read: IOPS=[\d.]+k/.test(text) ? 1000 : 1);
    assert.notEqual(n!.metrics['read.iops'], printed, 'not the rounded "IOPS=" figure');
    assert.match((n!.tables['notes'] as string[]).join('\n'), /read IOPS: exact, issued I\/Os ÷ runtime \(\d+ \/ 2\.\d+ s = [\d.]+; fio printed "IOPS=/);
    // The job ran about 2 s; the report's date is its end.
    const runtime = n!.params['runtime_s'] as number;
    // time_based for 2 s: fio's measured runtime is at least that, a little more on a loaded machine.
    assert.ok(runtime >= 2 && runtime < 10, String(runtime));
    assert.ok(Math.abs(n!.endMs! - n!.startMs! - runtime * 1000) < 1e-6);
    assert.ok(Math.abs(n!.endMs! - j!.endMs!) <= 1000, 'the end agrees with the JSON timestamp to the second');
    assert.equal(n!.params['size_bytes'], 16 * 1048576, 'the "Laying out IO file (1 file / 16MiB)" line');
    assert.equal(n!.params['ioengine'], 'psync');
  });

  it('real fio with the command line captured above it: direct, size and ioengine are stored', (t) => {
    if (!FIO) return t.skip(SKIP_NO_FIO);
    const dir = tempDir();
    const { console: text, commandLine } = runFio(dir, ['--name=w64k', '--direct=1', '--size=8M', '--rw=write', '--bs=64k', '--ioengine=libaio', '--iodepth=8']);
    const [n] = normal(`${commandLine}\n${text}`);
    assert.deepEqual([n!.params['direct'], n!.params['size_bytes'], n!.params['ioengine'], n!.params['bs'], n!.params['iodepth']], [1, 8 * 1048576, 'libaio', 65536, 8]);
    assert.match((n!.tables['notes'] as string[]).join('\n'), /direct and size_bytes from the fio command line in the capture/);
    // A size-bound job of 8 MiB runs well under a second: the short-runtime warning can fire.
    assert.ok((n!.params['runtime_s'] as number) < 60);
  });

  it('the corpus fio 3.1 output: 6550034 issued reads over 60.001 s, the report at 01:58:18 its end', (t) => {
    const p = corpusFile('other/chrissanders__fio-3.1_normal-output_randread-4k.out');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const run = fioNormalImporter.parse({ bytes: readBytes(p), name: 'randread-4k.out' }).runs[0]!;
    // "issued rwt: total=6550034,0,0" (line 23), "(24.0GiB/60001msec)" (line 6): IOPS=109k printed.
    assert.equal(run.metrics['read.iops'], 6550034 / 60.001);
    assert.equal(run.metrics['read.bw_mib_s'], (6550034 * 4096) / 1048576 / 60.001);
    assert.equal(run.params['runtime_s'], 60.001);
    // "pid=1529227: Fri Jun 19 01:58:18 2020" (line 5): no zone, read as UTC and said.
    assert.equal(run.endMs, Date.UTC(2020, 5, 19, 1, 58, 18));
    assert.equal(run.startMs, Date.UTC(2020, 5, 19, 1, 58, 18) - 60_001);
    assert.match(run.warnings.join('\n'), /without a zone: read as UTC/);
  });

  it('hand-made: a 10.1k IOPS job whose issued count gives 10118.6, a range of block sizes, a job file above the run', () => {
    const text = `$ cat rbd.fio
[global]
ioengine=libaio
direct=1
size=4G
[rbd-qd128]
rw=write
bs=64k-64k
iodepth=128

rbd-qd128: (g=0): rw=write, bs=(R) 65536B-65536B, (W) 65536B-65536B, (T) 65536B-65536B, ioengine=libaio, iodepth=128
fio-3.7
Starting 1 process

rbd-qd128: (groupid=0, jobs=1): err= 0: pid=174833: Mon Aug 17 23:01:45 2020
  write: IOPS=10.1k, BW=632MiB/s (663MB/s)(5123MiB/8100msec)
    slat (usec): min=5, max=410, avg=12.30, stdev=4.10
    clat (msec): min=2, max=41, avg=12.64, stdev= 3.11
     lat (msec): min=2, max=41, avg=12.65, stdev= 3.11
  cpu          : usr=3.10%, sys=6.20%, ctx=40125, majf=0, minf=12
  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=0.1%, >=64=100.0%
     issued rwts: total=0,81961,0,0 short=0,0,0,0 dropped=0,0,0,0
     latency   : target=0, window=0, percentile=100.00%, depth=128
`;
    const [run] = normal(text);
    assert.equal(run!.metrics['write.iops'], 81961 / 8.1);
    assert.equal(Math.round(run!.metrics['write.iops']! * 10) / 10, 10118.6);
    assert.deepEqual([run!.params['direct'], run!.params['size_bytes'], run!.params['ioengine'], run!.params['runtime_s']], [1, 4 * 2 ** 30, 'libaio', 8.1]);
    assert.equal(run!.endMs, Date.UTC(2020, 7, 17, 23, 1, 45));
    assert.match((run!.tables['notes'] as string[]).join('\n'), /direct and size_bytes from the job file in the capture/);
  });

  it('through the core: the runs have start and end, and a comparison of two short runs warns of the runtime', (t) => {
    if (!FIO) return t.skip(SKIP_NO_FIO);
    const root = tempDir();
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      for (const config of ['a', 'b']) {
        const dir = path.join(root, config);
        fs.mkdirSync(dir);
        const { console: text } = runFio(dir, ['--name=rr', '--size=8M', '--rw=randread', '--bs=4k', '--runtime=1', '--time_based']);
        fs.writeFileSync(path.join(dir, 'rr.out'), text);
        const result = core.importPaths([path.join(dir, 'rr.out')], 'Console', config);
        assert.deepEqual(result.files.map((f) => [f.format, f.status]), [['fio-normal', 'imported']]);
      }
      const runs = core.runs({ study: 'console' });
      for (const r of runs) assert.ok(r.start !== null && r.end !== null && r.start < r.end, `${r.start} ${r.end}`);
      const cmp = core.compare({ study: 'console', baseline: 'a', candidates: ['b'], metrics: ['read.iops'] });
      assert.equal(cmp.pairs.length, 1);
      assert.ok(cmp.warnings.some((w) => w.code === 'short-runtime'), JSON.stringify(cmp.warnings));
    } finally {
      core.close();
    }
  });
});
