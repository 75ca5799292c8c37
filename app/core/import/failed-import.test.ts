/**
 * Issue #38 item 4: an import that puts nothing in leaves no study behind. A file that fails, or
 * a folder of files that hold no result, imported into a new study S: S does not exist after
 * (in the CLI, which exits 1 and says so, and in the workbench's stage-and-commit); into a study
 * that exists, the study stays as it was.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { BIN } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';

/** An fio JSON cut off in the middle of its first job: a result that fails. */
function cutFioJson(dir: string): string {
  const whole = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json'), 'utf8');
  const file = path.join(dir, 'cut.json');
  fs.writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)));
  return file;
}

describe('a failed import creates no study', () => {
  it('the CLI: exit 1, the study not made, and it says so; an existing study is kept', () => {
    const home = tempDir();
    const cut = cutFioJson(home);
    const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });
    const failed = cli('import', '--study', 'S', '--config', 'c', cut);
    assert.equal(failed.status, 1, failed.stderr);
    assert.match(failed.stdout, /^failed +.*cut\.json/m);
    assert.match(failed.stdout, /no study "S" was made: nothing went in/);
    assert.deepEqual(JSON.parse(cli('studies', '--json').stdout), []);
    // A file with nothing to import (skipped) makes no study either.
    const notes = path.join(home, 'notes.txt');
    fs.writeFileSync(notes, 'nothing to see here\n');
    assert.equal(cli('import', '--study', 'S', '--config', 'c', notes).status, 1);
    assert.deepEqual(JSON.parse(cli('studies', '--json').stdout), []);
    // Into a study that exists, a failed file leaves it as it was.
    assert.equal(cli('import', '--study', 'S', '--config', 'disk', path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json')).status, 0);
    assert.equal(cli('import', '--study', 'S', '--config', 'c', cut).status, 1);
    const studies = JSON.parse(cli('studies', '--json').stdout) as Array<{ name: string; runs: number }>;
    assert.deepEqual(studies.map((s) => [s.name, s.runs]), [['S', 1]]);
  });

  it('the workbench (stage, then commit): the study not made, the result says it was not kept', () => {
    const dir = tempDir();
    const core = new Core(path.join(dir, 'db.sqlite'));
    try {
      const staged = core.stage('cut.json', fs.readFileSync(cutFioJson(dir)));
      assert.ok(staged.errors.length > 0, 'the file fails');
      const result = core.commit([staged.id], 'From the sheet', 'c');
      assert.equal(result.files[0]!.status, 'failed');
      assert.equal(result.study_not_kept, true);
      assert.deepEqual(core.studies(), []);
      // A successful commit keeps its study, and says nothing of the kind.
      const good = core.stage('good.json', fs.readFileSync(path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json')));
      const ok = core.commit([good.id], 'From the sheet', 'c');
      assert.equal(ok.study_not_kept, undefined);
      assert.deepEqual(core.studies().map((s) => s.name), ['From the sheet']);
    } finally {
      core.close();
    }
  });
});
