/**
 * Issue #38 item 1: a study that is somehow broken in the store (written by an older PerfDelta,
 * edited in sqlite3) can still be listed and deleted, and one bad study never stops another.
 * Study "Broken" gets, straight in SQLite, every value the issue found stopping PerfDelta: a
 * run's params nested 10,000 deep, its end_ms 9e18, its metrics cut off, settings that are not
 * JSON, a 50 MB name, a chart spec that is not JSON. Study "Good" beside it lists and compares as
 * before; "Broken" lists (its damage said in its runs' errors), through the core, the CLI and the
 * web host's runs.list, and is renamed and deleted.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { call, startTestHost } from '../../web/test-host.js';
import { Core } from '../core.js';
import { BIN } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');
const HUGE_NAME_CHARS = 50 * 1024 * 1024;

function brokenStore(dir: string): { db: string; brokenRun: number } {
  const db = path.join(dir, 'db.sqlite');
  const core = new Core(db);
  core.importPaths([path.join(FIO, 'disk')], 'Good', 'disk');
  core.importPaths([path.join(FIO, 'tmpfs')], 'Good', 'tmpfs');
  core.importPaths([path.join(FIO, 'tmpfs')], 'Broken', 'tmpfs');
  core.saveChart('Broken', 'IOPS', { kind: 'compare-bars', baseline: 'tmpfs', candidate: 'tmpfs', metric: 'read.iops' });
  const brokenRun = core.runs({ study: 'Broken' })[0]!.id;
  core.close();
  const raw = new Database(db);
  raw.prepare('UPDATE runs SET params = ?, end_ms = 9e18, metrics = ? WHERE id = ?').run(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, '{"read.iops": ', brokenRun);
  raw.prepare("UPDATE studies SET settings = 'not json', name = ? WHERE slug = 'broken'").run('B'.repeat(HUGE_NAME_CHARS));
  raw.prepare("UPDATE charts SET spec = '{' WHERE name = 'IOPS'").run();
  raw.close();
  return { db, brokenRun };
}

describe('a study broken in the store', () => {
  it('the core lists it with its damage said, and the other study is untouched', () => {
    const { db, brokenRun } = brokenStore(tempDir());
    const core = new Core(db);
    try {
      assert.deepEqual(core.studies().map((s) => s.slug).sort(), ['broken', 'good']);
      const all = core.runs({});
      const run = all.find((r) => r.id === brokenRun)!;
      assert.deepEqual(run.params, {});
      assert.equal(run.end, null);
      assert.deepEqual(run.errors, [
        'the stored end_ms 9000000000000000000 is not a date between the years 1 and 9999: shown empty',
        'the stored params nests deeper than 64 levels: shown empty',
        'the stored metrics is not valid JSON (Unexpected end of JSON input): shown empty',
      ]);
      assert.equal(core.settings('broken').convention, 'x-fold', 'settings that are not JSON read as the defaults');
      assert.deepEqual(core.charts('broken'), [], 'a chart that cannot be read is left out of the list');
      // The good study compares as before.
      assert.ok(core.compare({ study: 'good', baseline: 'disk', candidates: ['tmpfs'] }).pairs.length > 0);
    } finally {
      core.close();
    }
  });

  it('the CLI lists every run and study, and renames and deletes the broken one', () => {
    const dir = tempDir();
    const { db } = brokenStore(dir);
    const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, '--db', db, ...args], { env: { ...process.env, PERFDELTA_QUIET: '1' }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const runs = cli('runs', '--json');
    assert.equal(runs.status, 0, runs.stderr);
    assert.equal((JSON.parse(runs.stdout) as unknown[]).length, 18);
    const studies = cli('studies');
    assert.equal(studies.status, 0, studies.stderr);
    assert.match(studies.stdout, /^broken +B{500}… \[cut: 52,428,800 characters\] +6 +tmpfs$/m);
    assert.match(studies.stdout, /^good +Good +12 +disk, tmpfs$/m);
    assert.equal(cli('studies', 'rename', '--study', 'broken', '--name', 'Was broken').status, 0);
    const deleted = cli('studies', 'delete', '--study', 'was-broken');
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.deepEqual((JSON.parse(cli('studies', '--json').stdout) as Array<{ slug: string }>).map((s) => s.slug), ['good']);
  });

  it('the web host answers runs.list for it, and for every study', async () => {
    const dir = tempDir();
    brokenStore(dir);
    const host = await startTestHost(dir);
    try {
      const runs = await call<Array<{ errors: string[] }>>(host.web, 'runs.list', { study: 'broken' });
      assert.equal(runs.length, 6);
      assert.ok(runs.some((r) => r.errors.some((e) => e.includes('nests deeper than 64 levels'))));
      assert.equal((await call<unknown[]>(host.web, 'runs.list', { study: 'good' })).length, 12);
      assert.equal((await call<unknown[]>(host.web, 'studies.list', {})).length, 2);
    } finally {
      await host.close();
    }
  });
});
