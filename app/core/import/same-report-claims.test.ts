/**
 * Forms of one AWR report are one run (issue 29), but a header is only a claim: a file that names
 * a stored report's DBID, instances and snapshots while its figures are another measurement (a
 * report edited, a header pasted over another's) is never folded into it (issue 38: nothing
 * folded without comparing what the files hold). Found by the import bench, whose generated
 * folder had 333 of 2,000 such files folded away.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { htmlReport, tailSections, textReport } from '../../tools/bench-awr-text.js';
import { awrImporter } from '../../../importers/awr/index.js';
import { Core } from '../core.js';
import { anotherMeasurement, compareForms } from './same-report.js';
import { tempDir } from '../test-support/temp.js';

const SAMPLE = fs.readFileSync(path.join(REPO_ROOT, 'samples/awr/write-back.txt'), 'utf8');

describe('a header that claims a stored report', () => {
  it('figures that part on many counts: a run of its own, said; the same report as text and HTML: one run', () => {
    const dir = tempDir();
    const core = new Core(path.join(dir, 'db.sqlite'));
    try {
      // One report as text and as HTML: one measurement, one run.
      const sections = tailSections(3, 12);
      fs.writeFileSync(path.join(dir, 'a.txt'), textReport(SAMPLE, sections, 500, 1));
      fs.writeFileSync(path.join(dir, 'a.html'), htmlReport(SAMPLE, sections, 500, 1));
      // The same header over other figures (every digit rotated): another measurement.
      fs.writeFileSync(path.join(dir, 'b.html'), htmlReport(SAMPLE, sections, 500, 4));
      const r = core.importPaths(['a.txt', 'a.html', 'b.html'].map((f) => path.join(dir, f)), 'awr', 'x');
      const of = (f: string) => r.files.find((x) => x.path.endsWith(f))!;
      assert.deepEqual(of('a.html').runs, of('a.txt').runs, 'the HTML form joins the text form\'s run');
      assert.match(of('a.html').warnings.join(' '), /same report as .*a\.txt/);
      assert.equal(of('b.html').runs.length, 1);
      assert.notDeepEqual(of('b.html').runs, of('a.txt').runs, 'b.html is not folded into it');
      assert.match(of('b.html').warnings.join(' '), /its header names the same report as .*a\.txt \(run \d+: DBID, instances and snapshots\) but \d+ of the \d+ figures both hold differ .*kept as a run of its own/);
      const runs = core.runs({ study: 'awr' });
      assert.equal(runs.length, 2);
      // Each run holds its own file's figures.
      const b = runs.find((x) => x.id === of('b.html').runs[0])!;
      const a = runs.find((x) => x.id === of('a.txt').runs[0])!;
      const parted = Object.keys(b.metrics).filter((k) => a.metrics[k] !== undefined && a.metrics[k] !== b.metrics[k]);
      assert.ok(parted.length > 3, `b.html's own figures are kept: ${parted.length} differ from a's`);
    } finally {
      core.close();
    }
  });

  it('a form printed with fewer digits (wait times cut to whole seconds, small figures to one decimal) is the same report; a Load Profile that parts is not', () => {
    const sections = tailSections(5, 20);
    const parse = (text: string, name: string) => awrImporter.parse({ bytes: new TextEncoder().encode(text), name }).runs[0]!;
    const html = parse(htmlReport(SAMPLE, sections, 700, 2), 'r.html');
    // The text form as awrrpt.sql's narrower columns print it.
    const cut = Object.fromEntries(Object.entries(html.metrics).map(([k, v]) => [k, /\.time_s$/.test(k) ? Math.round(v) : Math.abs(v) < 10 ? Math.round(v * 10) / 10 : v]));
    const text = { ...html, metrics: cut };
    const c = compareForms({ metrics: html.metrics, tables: html.tables }, text);
    assert.ok(c.differing.length > 3, `the digits part on ${c.differing.length} figures`);
    assert.equal(anotherMeasurement(c), false, `still one report (${c.differing.length} of ${c.shared} figures part by their digits)`);
    assert.ok(c.differing.length > 0.02 * c.shared, 'more than a rule on counts alone would allow');
    // Another measurement under the same header: its Load Profile parts.
    const other = parse(htmlReport(SAMPLE, sections, 700, 5), 'o.html');
    assert.equal(anotherMeasurement(compareForms({ metrics: html.metrics, tables: html.tables }, other)), true);
  });
});
