import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, REPO_ROOT, SKIP_NO_CORPUS } from '../../../importers/test-support/corpus.js';
import type { ParsedRun } from '../../../importers/types.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { compareResults, sameFigure } from './same-results.js';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');

describe('a vdbench output folder', () => {
  it('gives its runs once: from the summary, not again from totals; the histogram joins the run', (t) => {
    const names = ['summary', 'totals', 'histogram'];
    const sources = names.map((n) => corpusFile(`vdbench/masakioui-vdboceanstor__sd-raw_${n}.html`));
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'output');
    fs.mkdirSync(dir);
    names.forEach((n, i) => fs.copyFileSync(sources[i]!, path.join(dir, `${n}.html`)));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'vdb', 'oceanstor');
    const runs = core.runs({ study: 'vdb' });
    assert.equal(runs.length, 1, 'one run, not one per report');
    const byName = new Map(result.files.map((f) => [path.basename(f.path), f]));
    assert.deepEqual(byName.get('totals.html')!.runs, [runs[0]!.id]);
    assert.match(byName.get('totals.html')!.warnings[0]!, /same results as .*summary\.html/);
    assert.match(byName.get('histogram.html')!.warnings[0]!, /histogram added to 1 run/);
    assert.ok(runs[0]!.tables['histogram'], 'the histogram is a table of the run');
    assert.ok(core.series(runs[0]!.id).length > 0, 'the summary\'s intervals are its series');
    core.close();
  });

  it('a second drop of the same output folder adds no runs', (t) => {
    const sources = ['totals', 'summary'].map((n) => corpusFile(`vdbench/masakioui-vdboceanstor__sd-raw_${n}.html`));
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'output');
    fs.mkdirSync(dir);
    fs.copyFileSync(sources[0]!, path.join(dir, 'totals.html'));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([dir], 'vdb', 'oceanstor');
    fs.copyFileSync(sources[1]!, path.join(dir, 'summary.html'));
    const second = core.importPaths([dir], 'vdb', 'oceanstor');
    assert.equal(core.runs({ study: 'vdb' }).length, 1, 'still one run');
    assert.match(second.files.find((f) => f.path.endsWith('summary.html'))!.warnings[0]!, /earlier import of this folder/);
    core.close();
  });

  it('prefers the flatfile when the folder has one', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const r = core.importPaths([path.join(path.dirname(new URL(import.meta.url).pathname), '../../../samples/vdbench/v7000-thick')], 'flat', 'x');
    assert.equal(r.files.length, 1);
    assert.equal(core.runs({ study: 'flat' }).length, 18);
    core.close();
  });
});

describe('two vdbench outputs in one folder (issue 18)', () => {
  const HERO = 'vdbench/hero0906__fsd_vdbench50406_summary.html';
  const OCEAN = 'vdbench/masakioui-vdboceanstor__sd-raw_summary.html';

  it('keeps both outputs\' runs when imported by folder with the CLI, and says why they were not folded', (t) => {
    const sources = [HERO, OCEAN].map(corpusFile);
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'v');
    fs.mkdirSync(dir);
    for (const s of sources) fs.copyFileSync(s!, path.join(dir, path.basename(s!)));
    const home = tempDir();
    const r = spawnSync(process.execPath, [BIN, 'import', '--study', 'v', '--json', dir], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: Array<{ path: string; status: string; runs: number[]; warnings: string[] }> }).files;
    const hero = files.find((f) => f.path.endsWith(path.basename(HERO)))!;
    const ocean = files.find((f) => f.path.endsWith(path.basename(OCEAN)))!;
    assert.equal(hero.runs.length, 2, 'format_for_rd1 and rd1 of the fsd output');
    assert.equal(ocean.runs.length, 1, 'rd1 of the raw output');
    assert.ok(!ocean.runs.some((id) => hero.runs.includes(id)), 'the second output has runs of its own');
    assert.ok(!ocean.warnings.some((w) => /same results/.test(w)), 'never reported as the same results');
    assert.match(ocean.warnings.join('\n'), /other results than .*hero0906__fsd_vdbench50406_summary\.html \(rd1: iorate 100 here, max there\): imported as runs of its own/);
    const runs = spawnSync(process.execPath, [BIN, 'runs', '--study', 'v', '--json'], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
    const stored = JSON.parse(runs.stdout) as Array<{ id: number; metrics: Record<string, number>; source: { file: string } }>;
    assert.equal(stored.length, 3);
    const oceanRun = stored.find((x) => x.id === ocean.runs[0])!;
    assert.equal(oceanRun.metrics['total.iops'], 97.8, 'the raw output\'s own avg row');
    assert.match(oceanRun.source.file, /masakioui-vdboceanstor__sd-raw_summary\.html$/);
  });

  it('folds the reports of one output (flatfile, summary, logfile) into one set of runs, naming the file that gave them and why', (t) => {
    const names = ['flatfile', 'summary', 'logfile'];
    const sources = names.map((n) => corpusFile(`vdbench/masakioui-vdb__fsd-format_8hosts_${n}.html`));
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'create_file_32T');
    fs.mkdirSync(dir);
    names.forEach((n, i) => fs.copyFileSync(sources[i]!, path.join(dir, `${n}.html`)));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'vdb', 'fsd');
    const runs = core.runs({ study: 'vdb' });
    assert.equal(runs.length, 1, 'one run, not one per report');
    for (const copy of ['summary.html', 'logfile.html']) {
      const outcome = result.files.find((f) => f.path.endsWith(copy))!;
      assert.deepEqual(outcome.runs, [runs[0]!.id], `${copy} names the run that holds its results`);
      assert.match(outcome.warnings[0]!, /^the same results as .*flatfile\.html, which gave the runs \(the same 1 run definition; \d+ figures compared, equal to the digits printed\)/);
    }
    core.close();
  });

  it('does not fold a report with the same run definition but another figure', (t) => {
    const sources = ['summary', 'totals'].map((n) => corpusFile(`vdbench/masakioui-vdboceanstor__sd-raw_${n}.html`));
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'output');
    fs.mkdirSync(dir);
    fs.copyFileSync(sources[0]!, path.join(dir, 'summary.html'));
    // Another run of the same parameter file: only its rate differs.
    const totals = fs.readFileSync(sources[1]!, 'utf8');
    assert.match(totals, / 97\.8 /);
    fs.writeFileSync(path.join(dir, 'totals.html'), totals.replace(' 97.8 ', ' 99.4 '));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'vdb', 'x');
    assert.equal(core.runs({ study: 'vdb' }).length, 2);
    const second = result.files.find((f) => f.path.endsWith('totals.html'))!;
    assert.match(second.warnings[0]!, /other results than .*summary\.html \(rd1: total\.iops 99\.4 here, 97\.8 there\)/);
    core.close();
  });

  it('compares a later drop into the same folder with what that folder gave before', (t) => {
    const sources = [HERO, OCEAN].map(corpusFile);
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'v');
    fs.mkdirSync(dir);
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    fs.copyFileSync(sources[0]!, path.join(dir, 'summary.html'));
    core.importPaths([path.join(dir, 'summary.html')], 'v', 'x');
    fs.copyFileSync(sources[1]!, path.join(dir, 'summary2.html'));
    const second = core.importPaths([path.join(dir, 'summary2.html')], 'v', 'x');
    assert.equal(core.runs({ study: 'v' }).length, 3, 'the second output adds its run');
    assert.equal(second.files[0]!.runs.length, 1);
    assert.match(second.files[0]!.warnings[0]!, /other results than .*summary\.html, from an earlier import of this folder/);
    core.close();
  });

  it('joins a histogram to the run of its own output when two outputs in the folder have an rd1', (t) => {
    const sources = [HERO, OCEAN, 'vdbench/masakioui-vdboceanstor__sd-raw_histogram.html'].map(corpusFile);
    if (sources.some((s) => !s)) return t.skip(SKIP_NO_CORPUS);
    const dir = path.join(tempDir(), 'v');
    fs.mkdirSync(dir);
    for (const s of sources) fs.copyFileSync(s!, path.join(dir, path.basename(s!)));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'v', 'x');
    const ocean = result.files.find((f) => f.path.endsWith(path.basename(OCEAN)))!;
    const histogram = result.files.find((f) => f.path.endsWith('histogram.html'))!;
    assert.deepEqual(histogram.runs, ocean.runs);
    assert.match(histogram.warnings[0]!, /histogram added to 1 run\(s\) of .*masakioui-vdboceanstor__sd-raw_summary\.html/);
    const [run] = core.runs({ study: 'v', ids: ocean.runs });
    assert.ok(run!.tables['histogram']);
    core.close();
  });
});

describe('same results', () => {
  it('reads two printings of one figure as equal to the digits the coarser printed, and nothing wider', () => {
    // The flatfile against an interval report: the flatfile prints more digits.
    assert.ok(sameFigure(15489.6667, 15489, false), 'vdbench truncates: 15489.6667 prints as 15489');
    assert.ok(sameFigure(0.0999, 0.1, false));
    assert.ok(sameFigure(97.96, 98.0, false));
    assert.ok(!sameFigure(1.9, 1.0, false), '"1.000" read as 1 is not a whole unit wide');
    assert.ok(!sameFigure(0.008, 0.03, false));
    assert.ok(!sameFigure(1803.99, 1801, false));
    // Two interval reports print alike: their figures are equal or they are other results.
    assert.ok(sameFigure(97.8, 97.8, true));
    assert.ok(!sameFigure(97.8, 98.0, true));
  });

  it('never matches a run whose definition is not in the other report', () => {
    const run = (rd: string, iops: number, params: Record<string, number | string> = {}): ParsedRun => ({
      name: rd, tool: 'vdbench', toolVersion: null, host: null, startMs: null, endMs: null,
      params: { rd, ...params }, metrics: { 'total.iops': iops }, tables: {}, series: [], warnings: [], errors: [],
    });
    assert.deepEqual(compareResults([run('rd1', 10)], [run('rd1', 10), run('rd2', 20)]), { same: true, matches: [0], figures: 1 });
    assert.deepEqual(compareResults([run('rd1', 10), run('rd2', 20)], [run('rd1', 10)]), { same: false, why: 'no run definition rd2' });
    assert.deepEqual(compareResults([run('rd1', 10, { bs: 4096 })], [run('rd1', 10, { bs: 8192 })]), { same: false, why: 'rd1: bs 4096 here, 8192 there' });
    // Two expansions of one RD by a for-loop: each finds its own, never the same one twice.
    assert.deepEqual(compareResults([run('rd1', 10), run('rd1', 20)], [run('rd1', 20), run('rd1', 10)]), { same: true, matches: [1, 0], figures: 2 });
    assert.equal(compareResults([run('rd1', 10), run('rd1', 10)], [run('rd1', 10)]).same, false);
  });
});
