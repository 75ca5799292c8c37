import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

/**
 * Companion files join a run (a log its fio run, a counter or profile its HammerDB test). Two
 * different files of one name joining one run must not be folded into one series or table
 * (issue 18: nothing folded without comparing what the files hold).
 */
describe('two companion files for one run', () => {
  it('a second fio log of the same name keeps its own series, and a second histogram log does not replace the first distribution', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const first = core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'detail')], 'Logs', 'disk');
    const runId = first.files.find((f) => f.path.endsWith('randrw70.json'))!.runs[0]!;
    const before = core.series(runId, 'read.iops');
    const bins = core.latencyDistribution('Logs', [runId]).curves.filter((c) => c.source === 'histogram log');
    assert.equal(before.length, 1);
    assert.ok(bins.length > 0);
    // Another run's logs under the same names, in another folder.
    const again = path.join(tempDir(), 'again');
    fs.mkdirSync(again);
    const iops = fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70_iops.1.log'), 'utf8').replace(/^(\d+), (\d+),/gm, (_, t: string, v: string) => `${t}, ${Number(v) + 7},`);
    fs.writeFileSync(path.join(again, 'randrw70_iops.1.log'), iops);
    const hist = fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70_clat_hist.1.log'), 'utf8').replace(/^(\d+), (\d), (\d+), 0,/gm, '$1, $2, $3, 5,');
    fs.writeFileSync(path.join(again, 'randrw70_clat_hist.1.log'), hist);
    const second = core.importPaths([again], 'Logs', 'disk');
    const log = second.files.find((f) => f.path.endsWith('randrw70_iops.1.log'))!;
    assert.deepEqual(log.runs, [runId], 'it still joins the run its name says');
    assert.match(log.warnings.join('\n'), /already has series of the same name from another file: this file's are named "… \(randrw70_iops\.1\.log\)"/);
    const after = core.series(runId, 'read.iops');
    assert.equal(after.length, 2, 'two series, not one with both files\' samples');
    const original = after.find((s) => s.object === before[0]!.object)!;
    assert.deepEqual(original.points, before[0]!.points, 'the first log\'s series is as it was');
    const histOutcome = second.files.find((f) => f.path.endsWith('randrw70_clat_hist.1.log'))!;
    assert.match(histOutcome.warnings.join('\n'), /already has a histogram log's latency distribution from another file/);
    const binsAfter = core.latencyDistribution('Logs', [runId]).curves.filter((c) => c.source === 'histogram log');
    assert.deepEqual(binsAfter.map((c) => c.total_ios), bins.map((c) => c.total_ios), 'the first distribution is kept');
    core.close();
  });

  it('a second, different HammerDB time profile or counter for one test becomes a run of its own instead of replacing the first', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const base = path.join(REPO_ROOT, 'samples', 'hammerdb', 'baseline');
    const first = core.importPaths([base], 'H', 'baseline');
    const test = first.files.find((f) => f.path.endsWith('hdbxtprofile.log'))!.runs[0]!;
    const [before] = core.runs({ study: 'H', ids: [test] });
    const counted = core.series(test).length;
    const other = path.join(tempDir(), 'rerun');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'hdbxtprofile.log'), fs.readFileSync(path.join(base, 'hdbxtprofile.log'), 'utf8').replace(/CALLS: (\d+)/g, (_, n: string) => `CALLS: ${Number(n) + 1}`));
    fs.writeFileSync(path.join(other, 'hdbtcount.log'), fs.readFileSync(path.join(base, 'hdbtcount.log'), 'utf8').replace(/^(\d+) MySQL tpm/gm, (_, n: string) => `${Number(n) + 3} MySQL tpm`));
    const second = core.importPaths([other], 'H', 'baseline');
    for (const f of second.files) {
      assert.equal(f.status, 'imported');
      assert.notDeepEqual(f.runs, [test], `${path.basename(f.path)} does not fold into test run ${test}`);
      assert.match(f.warnings[0]!, new RegExp(`run ${test} already has`));
    }
    const [after] = core.runs({ study: 'H', ids: [test] });
    assert.deepEqual(after!.tables['transactions'], before!.tables['transactions'], 'the first profile is kept');
    assert.deepEqual(after!.metrics, before!.metrics);
    assert.equal(core.series(test).length, counted);
    core.close();
  });
});
