/**
 * Importing a RAC study's folders as a DBA hands them over (samples/awr/rac.mjs): one report is
 * one run in whatever forms it came, the load script's output is skipped, and instances pair
 * with the same instance only.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { before, describe, it } from 'node:test';
import { writeRacStudy, type RacStudy } from '../../../importers/test-support/rac-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const STUDY = 'RAC accelerator';

describe('a RAC study imported folder by folder', () => {
  let study: RacStudy;
  before(async () => {
    study = await writeRacStudy();
  });
  const fresh = (): Core => new Core(path.join(tempDir(), 'db.sqlite'));
  const importBoth = (core: Core) => [
    core.importPaths([study.sides[0]], STUDY, 'no-accelerator'),
    core.importPaths([study.sides[1]], STUDY, 'write-accelerator'),
  ];

  it('text, HTML and gzipped HTML of one report are one run with three originals; tm.out is skipped', () => {
    const core = fresh();
    const [a] = importBoth(core);
    const status = Object.fromEntries(a!.files.map((f) => [path.basename(f.path), f.status]));
    assert.deepEqual(status, { 'awr.txt': 'imported', 'awr_rac.html': 'imported', 'awr_rac.html.gz': 'imported', 'awr_rac.txt': 'imported', 'tm.out': 'skipped' });
    const byName = (n: string) => a!.files.find((f) => path.basename(f.path) === n)!;
    const global = byName('awr_rac.html').runs;
    assert.equal(global.length, 1);
    for (const n of ['awr_rac.html.gz', 'awr_rac.txt']) {
      assert.deepEqual(byName(n).runs, global, `${n} points at the global report's run`);
      assert.match(byName(n).warnings[0]!, /^same report as .*awr_rac\.html \(run \d+\): kept as another form of it/);
    }
    assert.match(byName('tm.out').warnings[0]!, /not a result file PerfDelta reads \(unknown format.*\): nothing to import/);
    // Two runs per side: the node's report and the global one.
    const runs = core.runs({ study: STUDY });
    assert.equal(runs.length, 4);
    const forms = runs.find((r) => r.id === global[0])!.tables['forms'] as Array<{ file: string }>;
    assert.deepEqual(forms.map((f) => path.basename(f.file)).sort(), ['awr_rac.html.gz', 'awr_rac.txt']);
    // Every original is kept, byte for byte.
    for (const f of a!.files.filter((x) => x.status === 'imported')) assert.ok(core.store.fileContent(f.sha256)!.equals(fs.readFileSync(f.path)));
    // Imported again: duplicates, each pointing at its run.
    const again = core.importPaths([study.sides[0]], STUDY, 'no-accelerator');
    assert.deepEqual(again.files.filter((f) => f.path.endsWith('.gz')).map((f) => [f.status, f.runs]), [['duplicate', global]]);
    assert.equal(core.runs({ study: STUDY }).length, 4);
    core.close();
  });

  it('never folds reports that differ in snapshot range, database or instance', () => {
    const core = fresh();
    const dir = tempDir();
    const html = fs.readFileSync(path.join(study.sides[0], 'awr_rac.html'), 'utf8');
    // The next snapshot range of the same database: another measurement.
    fs.writeFileSync(path.join(dir, 'next.html'), html.replace('Snaps: 1120-1121', 'Snaps: 1121-1122').replace('>1121<', '>1122<').replace('>1120<', '>1121<'));
    fs.writeFileSync(path.join(dir, 'first.html.gz'), zlib.gzipSync(html));
    fs.writeFileSync(path.join(dir, 'other-db.html'), html.replace(/2716499301/g, '2716499302'));
    const r = core.importPaths([dir], STUDY, 'x');
    assert.deepEqual(r.files.map((f) => [path.basename(f.path), f.status, f.warnings.some((w) => /same report/.test(w))]), [
      ['first.html.gz', 'imported', false], ['next.html', 'imported', false], ['other-db.html', 'imported', false],
    ]);
    assert.equal(new Set(r.files.flatMap((f) => f.runs)).size, 3);
    core.close();
  });

  it('pairs a global report with a global report and a node with the same node, never by session count', () => {
    const core = fresh();
    importBoth(core);
    const c = core.compare({ study: STUDY, baseline: 'no-accelerator', candidates: ['write-accelerator'], metrics: ['wait.db_file_sequential_read.avg_ms'] });
    assert.deepEqual(c.pairs.map((p) => [p.workload, p.speedup_text, p.n_baseline, p.n_candidate]), [['RAC global', '2.26x', 1, 1]]);
    // Instance 2 on one side, instance 1 on the other: refused, and named.
    assert.deepEqual(c.unmatched.map((u) => u.workload).sort(), ['instance 1', 'instance 2']);
    assert.ok(!c.unmatched.some((u) => /sessions/.test(u.workload)));
    assert.ok(!c.warnings.some((w) => w.code === 'different-instances'));
    core.close();
  });

  it('pairing by report kind alone pairs the two nodes with a warning naming both', () => {
    const core = fresh();
    importBoth(core);
    const c = core.compare({ study: STUDY, baseline: 'no-accelerator', candidates: ['write-accelerator'], metrics: ['wait.db_file_sequential_read.avg_ms'], pairingKeys: ['report'] });
    assert.equal(c.pairs.length, 2);
    const w = c.warnings.find((x) => x.code === 'different-instances');
    assert.ok(w, JSON.stringify(c.warnings));
    assert.match(w.message, /no-accelerator instance 2 \(slobrac2\) against write-accelerator instance 1 \(slobrac1\)/);
    core.close();
  });
});
