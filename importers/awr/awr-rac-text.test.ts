/**
 * The RAC global report as text (issue 34 item 2), on reports written to FORMATS.md 3.6 by
 * test-support/awr-rac-text.ts: group headings over their own dashed rule, the Number of Hosts
 * columns, a row per instance. Kept in test-files/ as the description has it
 * (awrgrpt-global.txt), with headings over two lines, indented tables, no '~' rules and CRLF
 * (awrgrpt-global-wrapped-indented-crlf.txt), and the same report's HTML form
 * (awrgrpt-global.html); further layouts are made here. No real text global report was seen.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { detectFormat } from '../registry.js';
import { PLAIN_LAYOUT, RAC_REPORT, racGlobalHtml, racGlobalText, WRAPPED_LAYOUT, type RacTextLayout } from '../test-support/awr-rac-text.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParsedRun } from '../types.js';

const DIR = path.join(REPO_ROOT, 'importers/awr/test-files');
const file = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');

function parse(text: string): ParsedRun {
  const bytes = new TextEncoder().encode(text);
  const d = detectFormat(bytes);
  assert.equal(d.format, 'awr', d.reason);
  const r = d.importer!.parse({ bytes, name: 'awrgrpt.txt' });
  assert.deepEqual(r.errors, []);
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
}

/** What makes two forms one report (app/core/import/same-report.ts), and the two figures of the header. */
const identity = (r: ParsedRun): unknown[] => [
  ...['report', 'db_id', 'db_name', 'instance', 'begin_snap', 'end_snap', 'instances'].map((k) => r.params[k]), r.startMs, r.endMs, r.metrics['elapsed_s'], r.metrics['db_time_s'],
];
const EXPECTED = ['awrgrpt', '1234567890', 'ORCL', 'orcl1,orcl2', 101, 102, 2, Date.UTC(2020, 1, 17, 9, 17), Date.UTC(2020, 1, 17, 9, 27), 601.2, 48_744];

describe('AWR RAC global report as text, as FORMATS.md describes it', () => {
  it('the test files are the reports of the spec', () => {
    assert.equal(file('awrgrpt-global.txt'), racGlobalText(RAC_REPORT, PLAIN_LAYOUT));
    assert.equal(file('awrgrpt-global-wrapped-indented-crlf.txt'), racGlobalText(RAC_REPORT, WRAPPED_LAYOUT));
    assert.equal(file('awrgrpt-global.html'), racGlobalHtml(RAC_REPORT));
  });

  it('reads DBID, snapshot range, instances, times, elapsed and DB time from its two header tables', () => {
    const text = file('awrgrpt-global.txt');
    assert.match(text, /^\nWORKLOAD REPOSITORY REPORT \(RAC\)\n/);
    assert.match(text, /^-{20,} -{10,} -{10,} -{10,} -{10,}$/m, 'the group headings\' own rule');
    const run = parse(text);
    assert.deepEqual(identity(run), EXPECTED);
    assert.equal(run.name, 'ORCL 101-102');
    assert.deepEqual(run.warnings.filter((w) => /no report header/.test(w)), []);
    assert.deepEqual([run.params['rac'], run.params['release'], run.toolVersion, run.host], [true, '19.0.0.0.0', '19.0.0.0.0', 'dbnode01.e,dbnode02.e']);
    // Per-instance sections: the I# rows summed, the Sum / Avg / Min / Max / Std rows left out.
    assert.equal(run.params['cpus'], 32);
    assert.equal(run.metrics['cpu.db_cpu_s'], 9120.4 + 8804.9);
  });

  it('the HTML form of the same report says the same identity and figures', () => {
    assert.deepEqual(identity(parse(file('awrgrpt-global.html'))), EXPECTED);
  });

  it('every layout FORMATS.md leaves open reads the same: group rule or not, Number of Hosts or not, headings on one line or two, indented, without title rules, CRLF', () => {
    assert.deepEqual(identity(parse(file('awrgrpt-global-wrapped-indented-crlf.txt'))), EXPECTED);
    for (const groupRule of [true, false]) {
      for (const hostsColumns of [true, false]) {
        for (const wrapHeadings of [true, false]) {
          for (const titleRules of [true, false]) {
            for (const indent of [0, 4, 15]) {
              const layout: RacTextLayout = { groupRule, hostsColumns, wrapHeadings, titleRules, indent, crlf: indent === 4 };
              assert.deepEqual(identity(parse(racGlobalText(RAC_REPORT, layout))), EXPECTED, JSON.stringify(layout));
            }
          }
        }
      }
    }
  });

  it('without the per-instance Time Model, DB time is the Database Summary\'s; a third instance is counted', () => {
    const cut = racGlobalText(RAC_REPORT, PLAIN_LAYOUT).replace(/\nTime Model[\s\S]*$/, '\n');
    assert.equal(parse(cut).metrics['db_time_s'], 812.4 * 60);
    const three = { ...RAC_REPORT, totalInstances: 3, instances: [...RAC_REPORT.instances, { num: 3, name: 'orcl3', host: 'dbnode03.example.com', startup: '17-Feb-20 08:04', dbTimeMin: 100, cpuS: 2000 }] };
    const run = parse(racGlobalText(three, { ...PLAIN_LAYOUT, indent: 4 }));
    assert.deepEqual([run.params['instance'], run.params['instances'], run.metrics['db_time_s']], ['orcl1,orcl2,orcl3', 3, (406.2 * 2 + 100) * 60]);
  });
});

describe('AWR RAC global text and HTML imported together', () => {
  const write = (names: Record<string, string>): string => {
    const dir = tempDir();
    for (const [n, t] of Object.entries(names)) fs.writeFileSync(path.join(dir, n), t);
    return dir;
  };

  it('the text form joins the HTML form\'s run as another original, whichever comes first', () => {
    for (const [first, second] of [['a.html', 'b.txt'], ['a.txt', 'b.html']] as const) {
      const core = new Core(path.join(tempDir(), 'db.sqlite'));
      try {
        const texts: Record<string, string> = { 'a.html': racGlobalHtml(RAC_REPORT), 'b.html': racGlobalHtml(RAC_REPORT), 'a.txt': racGlobalText(RAC_REPORT, WRAPPED_LAYOUT), 'b.txt': racGlobalText(RAC_REPORT, PLAIN_LAYOUT) };
        const r = core.importPaths([write({ [first]: texts[first]!, [second]: texts[second]! })], 'rac', 'x');
        const [a, b] = r.files;
        assert.deepEqual([a!.status, b!.status], ['imported', 'imported']);
        assert.equal(a!.runs.length, 1);
        assert.deepEqual(b!.runs, a!.runs, `${second} is another form of ${first}'s run`);
        assert.match(b!.warnings[0]!, new RegExp(`^same report as .*${first} \\(run \\d+\\): kept as another form of it`));
        const runs = core.runs({ study: 'rac' });
        assert.equal(runs.length, 1);
        assert.deepEqual((runs[0]!.tables['forms'] as Array<{ file: string }>).map((f) => path.basename(f.file)), [second]);
      } finally {
        core.close();
      }
    }
  });

  it('a text report of another snapshot range or database is its own run, never folded', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const r = core.importPaths([write({
        'a.html': racGlobalHtml(RAC_REPORT),
        'b.txt': racGlobalText({ ...RAC_REPORT, beginSnap: 102, beginTime: '17-Feb-20 09:27', endTime: '17-Feb-20 09:37' }, PLAIN_LAYOUT),
        'c.txt': racGlobalText({ ...RAC_REPORT, dbId: '1234567891' }, PLAIN_LAYOUT),
      })], 'rac', 'x');
      assert.deepEqual(r.files.map((f) => [f.status, f.warnings.some((w) => /same report/.test(w))]), [['imported', false], ['imported', false], ['imported', false]]);
      assert.equal(core.runs({ study: 'rac' }).length, 3);
    } finally {
      core.close();
    }
  });
});
