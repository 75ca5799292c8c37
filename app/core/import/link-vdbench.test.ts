import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, SKIP_NO_CORPUS } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

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
