/**
 * Issue #38 item 2: names and labels from files and study files reach a terminal with their
 * control characters neutralised. One hostile label (it would set the window's title, clear the
 * screen, start a C1 CSI and reverse the line) is given to everything that has a name: the
 * study, a configuration, an fio job (a run's name), a file's name, a saved chart, a report, a
 * period, an exclusion's reason; then every listing command prints it, and an error quotes it.
 * Not one control character comes out, and each output shows the label, escaped.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { Core } from '../core/core.js';
import { BIN } from '../core/test-support/processes.js';
import { tempDir } from '../core/test-support/temp.js';

const HOSTILE = 'A\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eB\rC';
/** What a terminal would act on: C0 but line feed and tab, DEL, C1, the bidi and line-separator marks. */
const ACTS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** The label as the terminal shows it. */
const SHOWN = 'A\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202eB\\u000dC';

describe('CLI output: control characters of names and labels neutralised', () => {
  const home = tempDir();
  const cli = (...args: string[]): { code: number; out: string; err: string } => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });
    return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
  };
  let runId = 0;
  let slug = '';

  before(() => {
    // An fio run whose job is named with the label, in a file whose name holds it too.
    const files = path.join(home, 'in');
    fs.mkdirSync(files);
    const doc = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json'), 'utf8')) as { jobs: Array<{ jobname: string }> };
    doc.jobs[0]!.jobname = HOSTILE;
    fs.writeFileSync(path.join(files, `job${HOSTILE.replace(/\//g, '')}.json`), JSON.stringify(doc));
    const imported = cli('import', '--study', HOSTILE, '--config', HOSTILE, '--json', files);
    assert.equal(imported.code, 0, imported.err);
    runId = (JSON.parse(imported.out) as { files: Array<{ runs: number[] }> }).files[0]!.runs[0]!;
    assert.equal(cli('import', '--study', HOSTILE, '--config', 'tmpfs', path.join(REPO_ROOT, 'samples', 'fio', 'tmpfs', 'randread-4k-qd1.json')).code, 0);
    const core = new Core(path.join(home, 'perfdelta.sqlite'));
    try {
      const study = core.studies()[0]!.slug;
      slug = study;
      core.saveChart(study, HOSTILE, { kind: 'compare-bars', baseline: HOSTILE, candidate: 'tmpfs', metric: 'read.iops' });
      core.createReport(study, { name: HOSTILE });
      core.definePeriod(study, `${HOSTILE} period`, 'after 2020-01-01 00:00');
    } finally {
      core.close();
    }
    assert.equal(cli('runs', 'exclude', '--run', String(runId), '--reason', HOSTILE).code, 0);
  });

  const study = (): string => slug;
  const commands: Array<[string, () => string[]]> = [
    ['studies', () => ['studies']],
    ['runs', () => ['runs']],
    ['runs --json', () => ['runs', '--json']],
    ['configs', () => ['configs', '--study', study()]],
    ['charts', () => ['charts', '--study', study()]],
    ['reports', () => ['reports', '--study', study()]],
    ['periods', () => ['periods', '--study', study()]],
    ['compare', () => ['compare', '--study', study(), '--baseline', HOSTILE, '--candidate', 'tmpfs']],
    ['an error quoting the label', () => ['compare', '--study', study(), '--baseline', `${HOSTILE}x`, '--candidate', 'tmpfs']],
    ['import (its outcome lines)', () => ['import', '--study', HOSTILE, '--config', HOSTILE, path.join(home, 'in')]],
    ['detect', () => ['detect', path.join(home, 'in')]],
    ['runs include', () => ['runs', 'include', '--run', String(runId)]],
    ['studies delete', () => ['studies', 'delete', '--study', study(), '--dry-run']],
  ];
  for (const [what, args] of commands) {
    it(`${what}: no control character reaches the terminal, the label is shown escaped`, () => {
      const r = cli(...args());
      const both = r.out + r.err;
      assert.doesNotMatch(both, ACTS, `${what} printed a control character: ${JSON.stringify(both.slice(0, 2000))}`);
      if (args().includes('--json')) {
        // The document parses to the label itself: the escapes are JSON's own.
        assert.ok((JSON.parse(r.out) as Array<{ config: string }>).some((x) => x.config === HOSTILE));
      } else {
        assert.ok(both.includes(SHOWN), `${what} shows the label: ${both.slice(0, 1500)}`);
      }
    });
  }
});
