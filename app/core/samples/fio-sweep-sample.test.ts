/**
 * The real fio runs of issue #3 made by samples/fio/generate.sh: the block size x I/O depth sweep
 * (one jobfile, twelve jobs, one JSON file) as a scaling curve per block size, the
 * --status-interval report as a per-interval IOPS series, and a json,normal console capture.
 * Every figure is checked against the file fio wrote, read here with JSON.parse.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { RunRecord } from '../../contract/records.js';
import { Core } from '../core.js';
import { createCoreHandlers } from '../rpc/handlers.js';
import { tempDir } from '../test-support/temp.js';
import { loadSamples, samplesDir } from './samples.js';

const FIO = path.join(samplesDir(), 'fio');
const SWEEP = path.join(FIO, 'sweep', 'randread-bs-qd-sweep.json');
const BLOCK_SIZES = [4096, 16384, 65536];
const DEPTHS = [1, 4, 16, 32];

interface FioDirection { iops: number; total_ios: number }
interface FioJob { jobname: string; groupid: number; job_runtime: number; 'job options': Record<string, string>; read: FioDirection; error: number }
interface FioDoc { 'fio version': string; timestamp_ms: number; 'global options'?: Record<string, string>; jobs: FioJob[] }

function newCore(): Core {
  return new Core(path.join(tempDir(), 'db.sqlite'));
}

/** The documents of a --status-interval file: fio writes each report as a whole JSON object, one after another. */
function statusDocuments(text: string): FioDoc[] {
  return text.split(/\n(?=\{\n\s*"fio version")/).map((part) => JSON.parse(part) as FioDoc);
}

describe('fio sample: block size x I/O depth sweep (samples/fio/sweep)', () => {
  const doc = JSON.parse(fs.readFileSync(SWEEP, 'utf8')) as FioDoc;

  it('is one real fio run: a jobfile with twelve stonewalled jobs, small enough to keep', () => {
    assert.ok(fs.statSync(SWEEP).size < 1_000_000, 'well under 1 MB');
    assert.match(doc['fio version'], /^fio-3\./);
    assert.equal(doc.jobs.length, 12);
    const global = doc['global options']!;
    assert.deepEqual([global['rw'], global['ioengine'], global['direct']], ['randread', 'libaio', '1'], 'random read, libaio, O_DIRECT for every point');
    for (const job of doc.jobs) assert.equal(job.error, 0, job.jobname);
    // stonewall starts a new reporting group: each point ran alone, after the one before.
    assert.deepEqual(doc.jobs.map((j) => j.groupid), doc.jobs.map((_, i) => i));
    const runtimeMs = Number(global['runtime']) * 1000;
    for (const job of doc.jobs) assert.ok(Math.abs(job.job_runtime - runtimeMs) <= 50, `${job.jobname}: ${job.job_runtime} ms, the runtime= every point runs`);
  });

  it('imports as twelve runs, each (bs, iodepth) once, with its parameters and the IOPS fio measured', () => {
    const core = newCore();
    const result = core.importPaths([path.join(FIO, 'sweep')], 'S', 'disk');
    assert.deepEqual(result.files.map((f) => [path.basename(f.path), f.status, f.format, f.runs.length]), [['randread-bs-qd-sweep.json', 'imported', 'fio-json', 12]]);
    const runs = core.runs({ study: 's', config: 'disk' });
    assert.equal(runs.length, 12);
    const seen = new Map<string, RunRecord>();
    for (const r of runs) {
      const key = `${r.params['bs']}@${r.params['iodepth']}`;
      assert.ok(!seen.has(key), `${key} once`);
      seen.set(key, r);
    }
    for (const bs of BLOCK_SIZES) {
      for (const depth of DEPTHS) {
        const r = seen.get(`${bs}@${depth}`);
        assert.ok(r, `bs ${bs} x iodepth ${depth} present`);
        assert.deepEqual([r.params['rw'], r.params['pattern'], r.params['read_pct'], r.params['ioengine'], r.params['direct'], r.params['numjobs']], ['randread', 'random', 100, 'libaio', 1, 1], r.name);
        assert.equal(r.name, `randread-${bs / 1024}k-qd${depth}`, 'the jobfile section names the run');
        const job = doc.jobs.find((j) => j.jobname === r.name)!;
        assert.deepEqual([job['job options']['bs'], job['job options']['iodepth']], [`${bs / 1024}k`, String(depth)], 'the section set bs and iodepth');
        assert.ok(r.metrics['read.iops']! > 0, `${r.name}: IOPS > 0`);
        assert.equal(r.metrics['read.iops'], job.read.iops, `${r.name}: IOPS as fio wrote it`);
        assert.equal(r.metrics['total.iops'], job.read.iops, `${r.name}: a read-only job's total is its read`);
        assert.deepEqual(r.errors, []);
      }
    }
    core.close();
  });

  it('the Scaling tab\'s call gives a curve over iodepth per block size, every depth on it', async () => {
    const core = newCore();
    // As the workbench loads it: the sample study from samples/studies.json.
    assert.deepEqual(await loadSamples(core, ['fio-bs-qd-sweep']), ['fio-bs-qd-sweep']);
    const runs = core.runs({ study: 'fio-bs-qd-sweep' });
    assert.deepEqual([runs.length, [...new Set(runs.map((r) => r.config))]], [12, ['disk']]);
    const handlers = createCoreHandlers(core, { mode: 'cli', dataDir: path.dirname(core.dbPath) });
    const curves = await handlers['scaling.curves']({ study: 'fio-bs-qd-sweep', x: 'iodepth', metric: 'total.iops' });
    assert.equal(curves.unit, 'IOPS');
    assert.equal(curves.series.length, BLOCK_SIZES.length, 'one line per block size');
    assert.deepEqual(curves.series.map((s) => s.params['bs']), BLOCK_SIZES, 'block sizes in numeric order (4K before 16K): the Scaling tab opens on the first');
    for (const bs of BLOCK_SIZES) {
      const line = curves.series.filter((s) => s.params['bs'] === bs);
      assert.equal(line.length, 1, `one curve for bs ${bs}`);
      const s = line[0]!;
      assert.equal(s.config, 'disk');
      assert.deepEqual([s.params['pattern'], s.params['read_pct']], ['random', 100]);
      assert.match(s.label, new RegExp(`^disk · ${bs / 1024}K random read`));
      assert.deepEqual(s.points.map((p) => p.x), DEPTHS, `bs ${bs}: every depth, in order`);
      for (const p of s.points) {
        assert.equal(p.runs.length, 1, 'one run per point');
        const run = runs.find((r) => r.id === p.runs[0])!;
        assert.deepEqual([run.params['bs'], run.params['iodepth']], [bs, p.x]);
        assert.equal(p.y, run.metrics['total.iops']);
        assert.ok(p.latency !== null && p.latency > 0, 'measured latency for the knee');
      }
      // The knee, where there is one, is a depth of the sweep, and says by which rule.
      if (s.knee !== null) {
        assert.ok(DEPTHS.includes(s.knee), `knee ${s.knee}`);
        assert.match(s.knee_rule!, /total\.iops changes \+?-?[\d.]+% \(under 10% per doubling\) while mean completion latency \(total\.clat_avg_ms\) grows/);
      }
    }
    // And the other way round: IOPS over block size, a curve per depth.
    const byBs = await handlers['scaling.curves']({ study: 'fio-bs-qd-sweep', x: 'bs', metric: 'total.iops' });
    assert.deepEqual(byBs.series.map((s) => s.params['iodepth']).sort((a, b) => Number(a) - Number(b)), DEPTHS);
    for (const s of byBs.series) assert.deepEqual(s.points.map((p) => p.x), BLOCK_SIZES);
    assert.ok(byBs.series.every((s) => s.knee === null), 'no knee on block size: a bigger block is no more load');
    core.close();
  });
});

describe('fio sample: --status-interval and a json,normal console capture (samples/fio/detail)', () => {
  it('--status-interval=1: the last report is the run, the reports before it a read IOPS series, one point per interval', () => {
    const file = path.join(FIO, 'detail', 'randread-status-interval.json');
    const docs = statusDocuments(fs.readFileSync(file, 'utf8'));
    assert.ok(docs.length >= 3, `${docs.length} reports in the file`);
    const core = newCore();
    const result = core.importPaths([file], 'S', 'disk');
    assert.equal(result.files[0]!.status, 'imported');
    assert.equal(result.files[0]!.runs.length, 1, 'one run, not one per report');
    assert.ok(result.files[0]!.warnings.some((w) => w.includes(`${docs.length} consecutive status reports`)), result.files[0]!.warnings.join('; '));
    const run = core.runs({ study: 's' })[0]!;
    const last = docs.at(-1)!.jobs[0]!;
    assert.equal(run.name, 'randread-4k-status');
    assert.deepEqual([run.params['bs'], run.params['iodepth'], run.params['rw']], [4096, 8, 'randread']);
    assert.equal(run.metrics['read.iops'], last.read.iops, 'the final report gives the result');

    const series = core.series(run.id, 'read.iops');
    assert.equal(series.length, 1);
    const points = series[0]!.points;
    // An interval is the time between two consecutive reports: one point each, at the later report.
    assert.equal(points.length, docs.length - 1);
    docs.slice(1).forEach((d, i) => {
      const prev = docs[i]!;
      const expected = ((d.jobs[0]!.read.total_ios - prev.jobs[0]!.read.total_ios) * 1000) / (d.timestamp_ms - prev.timestamp_ms);
      assert.equal(points[i]![0], d.timestamp_ms, `point ${i} at its report's time`);
      assert.ok(Math.abs(points[i]![1] - expected) < 1e-6, `point ${i}: ${points[i]![1]} vs ${expected} IOPS from the reports' I/O counts`);
      assert.ok(points[i]![1] > 0);
    });
    assert.equal(core.series(run.id, 'write.iops').length, 0, 'a read-only job has no write series');
    core.close();
  });

  it('json,normal captured from the console: the run comes from the JSON between fio\'s own lines', () => {
    const file = path.join(FIO, 'detail', 'randread-json-normal.txt');
    const text = fs.readFileSync(file, 'utf8');
    const start = text.indexOf('{\n  "fio version"');
    const end = text.indexOf('\n}\n', start) + 2;
    assert.ok(start > 0 && /Starting 1 process/.test(text.slice(0, start)), 'fio\'s lines before the JSON');
    assert.match(text.slice(end), /Run status group 0 \(all jobs\)/, 'the normal report after it');
    const json = JSON.parse(text.slice(start, end)) as FioDoc;
    const job = json.jobs[0]!;

    const core = newCore();
    const result = core.importPaths([file], 'S', 'disk');
    assert.deepEqual([result.files[0]!.status, result.files[0]!.format, result.files[0]!.runs.length], ['imported', 'fio-json', 1]);
    const run = core.runs({ study: 's' })[0]!;
    assert.equal(run.name, job.jobname);
    assert.equal(run.metrics['read.iops'], job.read.iops, 'IOPS as in the JSON part');
    assert.deepEqual([run.params['bs'], run.params['iodepth'], run.params['rw']], [4096, 8, 'randread']);
    // The normal report after it says the same, rounded: "IOPS=54.0k".
    const shown = /read: IOPS=([\d.]+)k/.exec(text.slice(end));
    assert.ok(shown, 'the normal report states the IOPS');
    assert.ok(Math.abs(run.metrics['read.iops']! / 1000 - Number(shown[1])) <= 0.05 + 1e-9, `${run.metrics['read.iops']} vs IOPS=${shown[1]}k`);
    core.close();
  });

  it('the output-shapes sample study: every capture is a run of its own (the logs none)', async () => {
    const core = newCore();
    await loadSamples(core, ['fio-output-shapes']);
    const runs = core.runs({ study: 'fio-output-shapes' });
    assert.deepEqual(runs.map((r) => r.name).sort(), ['randread-4k', 'randread-4k-console', 'randread-4k-status', 'randread-4k-v4', 'randrw70', 'randwrite-4k', 'seqread-1m']);
    core.close();
  });
});
