/**
 * fio JSON whose jobs ran one after another (stonewall: each job its own group, every job with the
 * same `elapsed`, no `job_start`): each run gets its own window, inferred and said so. The JSON
 * below has the shape fio 3.33 wrote here for a two-section stonewalled jobfile (elapsed 8 s for
 * 1 s ramp + 2 s and 1 s ramp + 3 s), with a third group added (kept as
 * test-files/fio-3.33-three-groups-one-after-another.json, the bytes the fuzz suite starts from;
 * its variants are made here by job()); the corpus sweep is checked too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { corpusFile, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { fioJsonImporter } from './fio-json.js';

const TIMESTAMP_MS = 1_795_617_423_047;

function job(name: string, groupid: number, runtimeMs: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const dir = (ios: number) => ({ io_bytes: ios * 4096, io_kbytes: ios * 4, bw_bytes: Math.round((ios * 4096 * 1000) / runtimeMs), bw: Math.round((ios * 4000) / runtimeMs), iops: (ios * 1000) / runtimeMs, runtime: ios > 0 ? runtimeMs : 0, total_ios: ios, short_ios: 0, drop_ios: 0, clat_ns: { min: 1000, max: 90000, mean: 12000, stddev: 800, N: ios }, lat_ns: { min: 1500, max: 91000, mean: 12500, stddev: 810, N: ios } });
  return { jobname: name, groupid, error: 0, eta: 0, elapsed: 14, 'job options': { rw: groupid === 1 ? 'randwrite' : 'randread', bs: '4k', ...(groupid === 1 ? { runtime: '3' } : {}) }, read: dir(groupid === 1 ? 0 : 50_000), write: dir(groupid === 1 ? 60_000 : 0), trim: dir(0), job_runtime: runtimeMs, usr_cpu: 5, sys_cpu: 20, ...extra };
}

const doc = (jobs: Array<Record<string, unknown>>): string => JSON.stringify({
  'fio version': 'fio-3.33', timestamp: Math.floor(TIMESTAMP_MS / 1000), timestamp_ms: TIMESTAMP_MS, time: 'Wed Nov 25 14:37:03 2026',
  'global options': { ioengine: 'psync', filename: '/tmp/fv/seqfile', size: '8M', time_based: '1', runtime: '2', ramp_time: '1' },
  jobs,
}, null, 2);

const parse = (text: string): ParseResult => fioJsonImporter.parse({ bytes: new TextEncoder().encode(text), name: 'seq.json' });
/** Jobs a, b, c in groups 0, 1, 2 (runtimes 2, 3 and 5 s, 1 s ramp each), every one with elapsed 14 s. */
const THREE_GROUPS_FILE = path.join(REPO_ROOT, 'importers/fio/test-files/fio-3.33-three-groups-one-after-another.json');
const THREE_GROUPS = fs.readFileSync(THREE_GROUPS_FILE, 'utf8');

describe('fio JSON with jobs run one after another', () => {
  it('places each group after the ones before it, from the timestamp back by elapsed, and says the window is inferred', () => {
    // Groups of 1 s ramp + 2 s, 1 s ramp + 3 s, 1 s ramp + 5 s: 13 s of the 14 s elapsed.
    const { runs, errors } = parse(THREE_GROUPS);
    assert.deepEqual(errors, []);
    const t0 = TIMESTAMP_MS - 14_000;
    assert.deepEqual(runs.map((r) => [r.name, r.startMs! - t0, r.endMs! - t0]), [['a', 1000, 3000], ['b', 4000, 7000], ['c', 8000, 13_000]]);
    for (const r of runs) {
      assert.match(r.warnings.join('\n'), /time window inferred: the JSON has no job_start \(fio < 3\.36\) and its 3 groups ran one after another/);
      assert.match(r.warnings.join('\n'), /back by fio's elapsed time \(14 s\)/);
      assert.match(r.warnings.join('\n'), /1 s of the elapsed time .* not in any runtime/);
    }
  });

  it('groups that ran side by side (new_group, elapsed shorter than their sum) keep the timestamp\'s window', () => {
    const side = [job('a', 0, 2000, { elapsed: 4 }), job('b', 1, 3000, { elapsed: 4 })];
    const { runs } = parse(doc(side));
    assert.deepEqual(runs.map((r) => r.endMs), [TIMESTAMP_MS, TIMESTAMP_MS]);
    assert.doesNotMatch(runs[1]!.warnings.join('\n'), /inferred/);
  });

  it('without elapsed, stonewalled groups are placed back from the timestamp by their own total', () => {
    const jobs = [job('a', 0, 2000), job('b', 1, 3000)].map(({ elapsed: _e, ...rest }) => rest);
    jobs[1]!['job options'] = { ...(jobs[1]!['job options'] as object), stonewall: '' };
    const { runs } = parse(doc(jobs));
    assert.deepEqual(runs.map((r) => [r.startMs! - TIMESTAMP_MS, r.endMs! - TIMESTAMP_MS]), [[-6000, -4000], [-3000, 0]]);
    assert.match(runs[0]!.warnings.join('\n'), /back by the groups' ramp and run times/);
    const unknown = parse(doc([job('a', 0, 2000), job('b', 1, 3000)].map(({ elapsed: _e, ...rest }) => rest))).runs;
    assert.deepEqual(unknown.map((r) => r.endMs), [TIMESTAMP_MS, TIMESTAMP_MS], 'neither elapsed nor stonewall: nothing inferred');
  });

  it('job_start (fio >= 3.36) is used as it is, and jobs of one group stay together', () => {
    const withStart = parse(doc([job('a', 0, 2000, { job_start: TIMESTAMP_MS - 9000 }), job('b', 1, 3000, { job_start: TIMESTAMP_MS - 4000 })]));
    assert.deepEqual(withStart.runs.map((r) => [r.startMs, r.endMs]), [[TIMESTAMP_MS - 9000, TIMESTAMP_MS - 7000], [TIMESTAMP_MS - 4000, TIMESTAMP_MS - 1000]]);
    assert.doesNotMatch(withStart.runs[0]!.warnings.join('\n'), /inferred/);
    const oneGroup = parse(doc([job('a', 0, 2000), { ...job('b', 0, 2000), jobname: 'b' }]));
    assert.deepEqual(oneGroup.runs.map((r) => r.endMs), [TIMESTAMP_MS, TIMESTAMP_MS], 'parallel jobs of one group end at the timestamp, as before');
    assert.doesNotMatch(oneGroup.runs[0]!.warnings.join('\n'), /inferred/);
  });

  it('the corpus sweep (fio 3.28, 51 stonewalled jobs, elapsed 2773 s) spans 46 minutes, not its last 100 seconds', (t) => {
    const p = corpusFile('fio/whitepau__fio-3.28_51jobs_bs-time-sweep_no-group-reporting.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const { runs } = fioJsonImporter.parse({ bytes: readBytes(p), name: path.basename(p) });
    assert.equal(runs.length, 51);
    const report = 1_759_413_178_597;
    // First job: 2773 s before the timestamp plus its 5 s ramp_time; job_runtime 20005 ms.
    assert.equal(runs[0]!.startMs, report - 2_773_000 + 5000);
    assert.equal(runs[0]!.endMs, runs[0]!.startMs! + 20_005);
    // Each next job starts after the one before it and its own ramp.
    for (let i = 1; i < runs.length; i++) assert.equal(runs[i]!.startMs, runs[i - 1]!.endMs! + 5000, runs[i]!.name);
    assert.ok(runs[50]!.endMs! <= report, 'the last job ends before the report');
    assert.match(runs[0]!.warnings.join('\n'), /26 s of the elapsed time/);
  });

  it('imported through the core, the runs keep their own windows', () => {
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      core.importPaths([THREE_GROUPS_FILE], 'Sweep', 'disk');
      const runs = core.runs({ study: 'sweep' }).sort((x, y) => x.name.localeCompare(y.name));
      const t0 = TIMESTAMP_MS - 14_000;
      assert.deepEqual(runs.map((r) => [r.name, r.start, r.end]), [
        ['a', new Date(t0 + 1000).toISOString(), new Date(t0 + 3000).toISOString()],
        ['b', new Date(t0 + 4000).toISOString(), new Date(t0 + 7000).toISOString()],
        ['c', new Date(t0 + 8000).toISOString(), new Date(t0 + 13_000).toISOString()],
      ]);
    } finally {
      core.close();
    }
  });
});
