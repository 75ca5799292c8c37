import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import Database from 'better-sqlite3';
import { scalingCurves } from '../compare/scaling.js';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { MIGRATIONS, migrate } from '../store/migrations.js';
import { tempDir } from '../test-support/temp.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');

function freshCore(): Core {
  return new Core(path.join(tempDir(), 'perfdelta.sqlite'));
}

/** Disk and tmpfs, six workloads each: twelve runs, twelve files. */
function diskVsTmpfs(core: Core, study = 'Disk vs RAM'): void {
  core.importPaths([path.join(FIO, 'disk')], study, 'disk');
  core.importPaths([path.join(FIO, 'tmpfs')], study, 'tmpfs');
}

const count = (core: Core, sql: string): number => (core.store.db.prepare(sql).get() as { n: number }).n;

describe('deleting what was imported, with undo until the next delete', () => {
  it('a deleted run and its file leave every listing, the evidence and the study file; undo brings them back with their ids', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    const run = core.runs({ study: 'disk-vs-ram', config: 'disk' }).find((r) => r.name.includes('randwrite'))!;
    const plan = core.manage.deleteRuns('disk-vs-ram', [run.id], true);
    assert.deepEqual([plan.id, plan.runs, plan.files, plan.originals], [null, [run.id], [run.source.file], 1], 'a dry run says what would go');
    assert.equal(core.runs({ study: 'disk-vs-ram' }).length, 12, 'a dry run changes nothing');

    const deleted = core.manage.deleteRuns('disk-vs-ram', [run.id]);
    assert.equal(deleted.kind, 'runs');
    assert.equal(core.runs({ study: 'disk-vs-ram', all: true }).length, 11);
    assert.equal(core.studies()[0]!.runs, 11);
    assert.deepEqual(core.runs({ ids: [run.id] }), [], 'not even by id');
    const report = core.createReport('disk-vs-ram');
    const evidence = core.renderReport('disk-vs-ram', report.id).evidence;
    assert.ok(!evidence.files.some((f) => f.sha256 === run.source.sha256), 'the evidence does not list the deleted file');
    const out = path.join(tempDir(), 'study.perfdelta');
    core.saveStudyFile('disk-vs-ram', out);
    const saved = new Database(out, { readonly: true });
    assert.equal((saved.prepare('SELECT COUNT(*) AS n FROM runs').get() as { n: number }).n, 11, 'the study file holds no deleted run');
    assert.equal((saved.prepare('SELECT COUNT(*) AS n FROM files WHERE sha256 = ?').get(run.source.sha256) as { n: number }).n, 0, 'nor its original');
    saved.close();
    assert.ok(core.store.fileContent(run.source.sha256), 'until the delete is final, the original is kept');

    const undone = core.manage.undo();
    assert.equal(undone.study, 'disk-vs-ram');
    assert.deepEqual(core.runs({ study: 'disk-vs-ram', ids: [run.id] }).map((r) => [r.id, r.config, r.source.file]), [[run.id, 'disk', run.source.file]]);
    assert.throws(() => core.manage.undo(), /nothing to undo/);
    core.close();
  });

  it('the next delete makes the one before final: its original files leave the store, those another study uses stay', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    core.importPaths([path.join(FIO, 'disk', 'randread-4k-qd1.json')], 'Other study', 'disk');
    const files = count(core, 'SELECT COUNT(*) AS n FROM files');
    const disk = core.runs({ study: 'disk-vs-ram', config: 'disk' });
    const shared = disk.find((r) => r.source.file.endsWith('randread-4k-qd1.json'))!;
    const first = core.manage.deleteConfig('disk-vs-ram', 'disk');
    assert.deepEqual([first.kind, first.configs, first.runs.length, first.files.length, first.originals], ['config', ['disk'], 6, 6, 5]);
    assert.deepEqual(core.studies().find((s) => s.slug === 'disk-vs-ram')!.configs, ['tmpfs']);
    assert.equal(count(core, 'SELECT COUNT(*) AS n FROM files'), files, 'held, not yet final');

    const tmpfsRun = core.runs({ study: 'disk-vs-ram', config: 'tmpfs' })[0]!;
    core.manage.deleteRuns('disk-vs-ram', [tmpfsRun.id]);
    assert.equal(count(core, 'SELECT COUNT(*) AS n FROM files'), files - 5, 'the five disk files no other study names are gone');
    assert.ok(core.store.fileContent(shared.source.sha256), 'the file the other study imported stays');
    assert.equal(core.store.fileContent(disk.find((r) => r !== shared)!.source.sha256), null);
    const gone = disk.filter((r) => r !== shared).map((r) => r.source.sha256);
    assert.deepEqual(gone.map((sha) => core.store.objects.locate(sha)), gone.map(() => null), 'their objects are removed from the disk');
    assert.ok(core.store.objects.locate(shared.source.sha256), 'the shared one\'s object stays');
    assert.equal(count(core, `SELECT COUNT(*) AS n FROM runs WHERE id IN (${disk.map((r) => r.id).join(',')})`), 0);
    assert.equal(core.manage.pending()!.runs[0], tmpfsRun.id, 'only the last delete can be undone');
    core.close();
  });

  it('a deleted study is hidden, its name free for a new one; undo brings it back beside it as "(2)"', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    core.createReport('disk-vs-ram');
    const plan = core.manage.deleteStudy('disk-vs-ram', true);
    assert.deepEqual([plan.configs, plan.runs.length, plan.files.length, plan.reports], [['disk', 'tmpfs'], 12, 12, 1]);
    core.manage.deleteStudy('disk-vs-ram');
    assert.deepEqual(core.studies(), []);
    assert.throws(() => core.runs({ study: 'disk-vs-ram' }), /unknown study "disk-vs-ram"/);
    core.importPaths([path.join(FIO, 'disk', 'randread-4k-qd1.json')], 'Disk vs RAM', 'disk');
    assert.deepEqual(core.studies().map((s) => [s.slug, s.runs]), [['disk-vs-ram', 1]], 'the name is free for a new study');
    const back = core.manage.undo();
    assert.equal(back.study, 'disk-vs-ram-2');
    assert.deepEqual(core.studies().map((s) => [s.slug, s.name, s.runs]), [['disk-vs-ram', 'Disk vs RAM', 1], ['disk-vs-ram-2', 'Disk vs RAM (2)', 12]]);
    assert.equal(core.reports('disk-vs-ram-2').length, 1, 'with its report');
    core.close();
  });

  it('a run\'s logs go with it: the files that joined a run are deleted with it (and come back with it)', () => {
    const core = freshCore();
    const dir = path.join(FIO, 'detail');
    const files = ['randrw70.json', 'randrw70_bw.1.log', 'randrw70_clat.1.log', 'randrw70_iops.1.log'].map((f) => path.join(dir, f));
    const result = core.importPaths(files, 'Logs', 'disk');
    const run = result.files[0]!.runs[0]!;
    assert.ok(result.files.slice(1).every((f) => f.runs[0] === run), 'the logs joined the JSON\'s run');
    const plan = core.manage.deleteRuns('logs', [run]);
    assert.deepEqual(plan.files.map((f) => path.basename(f)).sort(), files.map((f) => path.basename(f)).sort());
    assert.equal(plan.originals, 4);
    core.manage.undo();
    assert.equal(core.store.reportStore.imports(core.studyIdOf('logs')).length, 4);
    core.close();
  });
});

describe('renaming and moving', () => {
  it('renaming a configuration renames its runs, its constants and the saved charts and reports that name it', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    core.saveChart('disk-vs-ram', 'IOPS', { kind: 'compare-bars', baseline: 'disk', candidate: 'tmpfs', metric: 'total.iops' });
    const report = core.createReport('disk-vs-ram', { template: 'cache-on-off' });
    core.manage.setConstants('disk-vs-ram', [{ config: 'disk', name: 'price_usd_month', value: 100 }], 'cli');
    const done = core.manage.renameConfig('disk-vs-ram', 'disk', 'local NVMe');
    assert.equal(done.runs, 6);
    assert.ok(done.charts >= 1 && done.reports >= 1);
    assert.deepEqual(core.studies()[0]!.configs, ['local NVMe', 'tmpfs']);
    assert.deepEqual(core.manage.constants('disk-vs-ram').map((c) => c.config), ['local NVMe']);
    const spec = core.charts('disk-vs-ram')[0]!.spec;
    assert.deepEqual(spec.kind === 'compare-bars' ? [spec.baseline, spec.candidate] : null, ['local NVMe', 'tmpfs']);
    const doc = core.renderReport('disk-vs-ram', report.id);
    for (const s of doc.sections) if ('errors' in s) assert.deepEqual(s.errors, [], `section ${s.id} still draws`);
    assert.ok(doc.evidence.files.every((f) => f.config !== 'disk'), 'the evidence lists the files under the new name');
    assert.throws(() => core.manage.renameConfig('disk-vs-ram', 'tmpfs', 'local NVMe'), /already exists: move the runs/);
    assert.throws(() => core.manage.renameConfig('disk-vs-ram', 'nope', 'x'), /no configuration "nope"/);
    core.close();
  });

  it('renaming a study moves its slug with it, and refuses a name another study has', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    core.importPaths([path.join(FIO, 'disk', 'randread-4k-qd1.json')], 'Other', 'disk');
    assert.deepEqual(core.manage.renameStudy('disk-vs-ram', 'Local disk against tmpfs'), { slug: 'local-disk-against-tmpfs', name: 'Local disk against tmpfs' });
    assert.equal(core.runs({ study: 'local-disk-against-tmpfs' }).length, 12);
    assert.throws(() => core.manage.renameStudy('other', 'Local disk against tmpfs'), /already exists/);
    core.close();
  });

  it('moving runs to another configuration (a new label or an existing one) relabels the files that gave only them', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    const run = core.runs({ study: 'disk-vs-ram', config: 'disk' })[0]!;
    const moved = core.manage.moveRuns('disk-vs-ram', [run.id], 'disk (retest)');
    assert.deepEqual(moved, { moved: [run.id], from: ['disk'], to: 'disk (retest)' });
    assert.equal(core.runs({ study: 'disk-vs-ram', ids: [run.id] })[0]!.config, 'disk (retest)');
    assert.equal(core.store.reportStore.imports(core.studyIdOf('disk-vs-ram')).find((i) => i.sha256 === run.source.sha256)!.config, 'disk (retest)');
    assert.throws(() => core.manage.moveRuns('disk-vs-ram', [999999], 'disk'), /no run 999999/);
    core.definePeriod('disk-vs-ram', 'before', 'before 2020-01-01 00:00');
    assert.throws(() => core.manage.moveRuns('disk-vs-ram', [run.id], 'before'), /is a period/);
    core.close();
  });

  it('re-importing a file under a corrected label says where its runs are, and moves them when asked', () => {
    const core = freshCore();
    const file = path.join(FIO, 'disk', 'randread-4k-qd1.json');
    const first = core.importPaths([file], 'Labels', 'dsik');
    const again = core.importPaths([file], 'Labels', 'disk');
    assert.deepEqual([again.files[0]!.status, again.files[0]!.elsewhere, again.files[0]!.moved_from], ['duplicate', ['dsik'], undefined]);
    assert.equal(core.runs({ study: 'labels' })[0]!.config, 'dsik', 'without asking, nothing moves');
    const moved = core.importPaths([file], 'Labels', 'disk', { moveDuplicates: true });
    assert.deepEqual([moved.files[0]!.status, moved.files[0]!.moved_from, moved.files[0]!.runs], ['duplicate', ['dsik'], first.files[0]!.runs]);
    assert.match(moved.files[0]!.warnings[0]!, /already imported under "dsik": its 1 run\(s\) moved to "disk"/);
    assert.deepEqual(core.studies()[0]!.configs, ['disk']);
    core.close();
  });
});

describe('exclusions', () => {
  it('an excluded run leaves comparisons, curves and charts, stays listed with its reason, and the evidence states it', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    const before = core.compare({ study: 'disk-vs-ram', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.iops'] });
    const victim = core.runs({ study: 'disk-vs-ram', config: 'tmpfs' })[0]!;
    const [excluded] = core.manage.exclude('disk-vs-ram', [victim.id], 'the page cache was warm');
    assert.equal(excluded!.excluded!.reason, 'the page cache was warm');
    assert.match(excluded!.excluded!.at, /^\d{4}-\d\d-\d\dT/);
    const after = core.compare({ study: 'disk-vs-ram', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.iops'] });
    assert.equal(after.pairs.length, before.pairs.length - 1, 'its workload no longer pairs');
    assert.ok(!after.pairs.some((p) => p.candidate_runs.includes(victim.id)));
    assert.ok(after.unmatched.some((u) => u.side === 'baseline'), 'the baseline\'s run of that workload is unmatched');
    assert.equal(core.runs({ study: 'disk-vs-ram' }).length, 11, 'the analysis leaves it out');
    assert.equal(core.runs({ study: 'disk-vs-ram', all: true }).filter((r) => r.excluded).length, 1, 'the listing keeps it, marked');
    assert.throws(() => core.manage.exclude('disk-vs-ram', [victim.id], '  '), /needs a reason/);

    const report = core.createReport('disk-vs-ram');
    const evidence = core.renderReport('disk-vs-ram', report.id).evidence;
    assert.deepEqual(evidence.excluded_runs.map((e) => [e.run, e.config, e.reason]), [[victim.id, 'tmpfs', 'the page cache was warm']]);

    // A study file carries the exclusion and the constants; opened elsewhere they still hold.
    core.manage.setConstants('disk-vs-ram', [{ config: 'tmpfs', name: 'vcpus', value: 8 }], 'workbench');
    const out = path.join(tempDir(), 'x.perfdelta');
    core.saveStudyFile('disk-vs-ram', out);
    const other = freshCore();
    const slug = other.openStudyFile(fs.readFileSync(out), 'x.perfdelta');
    assert.equal(other.runs({ study: slug, all: true }).filter((r) => r.excluded?.reason === 'the page cache was warm').length, 1);
    assert.deepEqual(other.manage.constants(slug).map((c) => [c.config, c.name, c.value, c.unit, c.source]), [['tmpfs', 'vcpus', 8, 'vCPU', 'workbench']]);
    other.close();

    core.manage.include('disk-vs-ram', [victim.id]);
    assert.equal(core.compare({ study: 'disk-vs-ram', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.iops'] }).pairs.length, before.pairs.length);
    core.close();
  });
});

describe('configuration constants and derived metrics', () => {
  it('IOPS per 1,000 $/month compares, charts and exports like a measured metric; the evidence names each price and who entered it', () => {
    const core = freshCore();
    diskVsTmpfs(core);
    core.manage.setConstants('disk-vs-ram', [{ config: 'disk', name: 'price_usd_month', value: 250 }, { config: 'tmpfs', name: 'price_usd_month', value: 2000 }], 'cli');
    const [c] = core.manage.constants('disk-vs-ram');
    assert.deepEqual([c!.unit, c!.source], ['$/month', 'cli'], 'a well-known constant gets its unit');
    const def = core.manage.defineDerived('disk-vs-ram', { name: 'iops_per_kusd', metric: 'total.iops', constant: 'price_usd_month', factor: 1000 });
    assert.deepEqual([def.name, def.unit, def.better, def.label], ['derived.iops_per_kusd', 'IOPS per 1,000 $/month', 'higher', 'total IOPS per 1,000 $/month']);

    const disk = core.runs({ study: 'disk-vs-ram', config: 'disk' })[0]!;
    assert.equal(disk.metrics['derived.iops_per_kusd'], (disk.metrics['total.iops']! / 250) * 1000);
    const cmp = core.compare({ study: 'disk-vs-ram', baseline: 'disk', candidates: ['tmpfs'], metrics: ['derived.iops_per_kusd'] });
    assert.ok(cmp.pairs.length > 0);
    for (const p of cmp.pairs) {
      assert.equal(p.unit, 'IOPS per 1,000 $/month');
      assert.equal(p.better, 'higher');
      assert.ok(Math.abs(p.speedup! - p.candidate / p.baseline) < 1e-9, 'more IOPS per dollar is better');
    }
    const iops = core.compare({ study: 'disk-vs-ram', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.iops'] });
    const p0 = iops.pairs[0]!;
    const d0 = cmp.pairs.find((p) => p.workload === p0.workload)!;
    assert.ok(Math.abs(d0.speedup! - p0.speedup! / 8) < 1e-9, 'an 8x dearer candidate needs 8x the IOPS to break even');

    const bars = core.chartData('disk-vs-ram', { kind: 'compare-bars', baseline: 'disk', candidate: 'tmpfs', metric: 'derived.iops_per_kusd' });
    assert.equal(bars.kind === 'compare-bars' && bars.compare.pairs[0]!.unit, 'IOPS per 1,000 $/month');
    const curves = scalingCurves({ runs: core.runs({ study: 'disk-vs-ram' }), x: 'iodepth', metric: 'derived.iops_per_kusd' });
    assert.equal(curves.unit, 'IOPS per 1,000 $/month');
    assert.ok(curves.series.some((s) => s.points.length >= 2), 'a curve over I/O depth');

    const report = core.createReport('disk-vs-ram');
    const evidence = core.renderReport('disk-vs-ram', report.id).evidence;
    assert.deepEqual(evidence.constants.map((k) => [k.config, k.name, k.value, k.unit, k.source]), [['disk', 'price_usd_month', 250, '$/month', 'cli'], ['tmpfs', 'price_usd_month', 2000, '$/month', 'cli']]);
    assert.ok(evidence.formulas.some((f) => f === 'total IOPS per 1,000 $/month (IOPS per 1,000 $/month, higher is better) = total.iops ÷ the configuration\'s constant price_usd_month × 1,000'));
    const book = XLSX.read(core.exportXlsx('disk-vs-ram', report.id), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Runs']!, { header: 1 });
    const col = rows[0]!.indexOf('derived.iops_per_kusd [IOPS per 1,000 $/month]');
    assert.ok(col > 0, 'the runs sheet has the derived metric with its unit');
    assert.equal(rows.find((r) => r[0] === disk.id)![col], disk.metrics['derived.iops_per_kusd']);
    const ev = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Evidence']!, { header: 1 });
    assert.ok(ev.some((r) => r[0] === 'price_usd_month' && r[1] === 'tmpfs' && r[2] === 2000 && r[4] === 'cli'), 'the evidence sheet lists each constant');

    assert.throws(() => core.manage.setConstants('disk-vs-ram', [{ config: 'ssd', name: 'price_usd_month', value: 1 }], 'cli'), /no configuration "ssd"/);
    assert.throws(() => core.manage.defineDerived('disk-vs-ram', { name: 'Bad Name', metric: 'total.iops', constant: 'price_usd_month' }), /lower-case/);
    assert.ok(core.manage.deleteDerived('disk-vs-ram', 'iops_per_kusd'));
    assert.equal(core.runs({ study: 'disk-vs-ram', config: 'disk' })[0]!.metrics['derived.iops_per_kusd'], undefined);
    core.close();
  });
});

describe('migration 012', () => {
  it('links the logs an older store attached to runs, read from the notes the import wrote', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.filter((m) => m.id < 12));
    db.exec(`INSERT INTO studies (id, slug, name, created_at) VALUES (1, 's', 'S', 'now');
      INSERT INTO files (sha256, size) VALUES ('a', 1), ('b', 1), ('c', 1);
      INSERT INTO imports (id, study_id, sha256, file_name, format, importer_version, config, imported_at, warnings) VALUES
        (1, 1, 'a', 'x.json', 'fio-json', '1', 'disk', 'now', '[]'),
        (2, 1, 'b', 'x_clat.1.log', 'fio-log', '1', 'disk', 'now', '["attached to run 7 \\"x\\" as time series (stem)"]'),
        (3, 1, 'c', 'svc/n1', 'svc-iostats', '1', 'disk', 'now', '["one of 2 statistics files, combined into run 8 \\"svc\\": ok"]');
      INSERT INTO runs (id, study_id, import_id, config, ordinal, name, tool, params) VALUES (7, 1, 1, 'disk', 0, 'x', 'fio', '{}'), (8, 1, 3, 'disk', 0, 'svc', 'svc', '{}');`);
    migrate(db);
    assert.deepEqual(db.prepare('SELECT import_id, run_id FROM import_runs ORDER BY import_id').all(), [
      { import_id: 1, run_id: 7 }, { import_id: 2, run_id: 7 }, { import_id: 3, run_id: 8 },
    ]);
  });
});
