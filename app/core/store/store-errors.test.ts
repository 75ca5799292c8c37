/**
 * Issue #38 item 10: "database disk image is malformed" named no file. Every store error now
 * names the database it is about, in words, SQLite's message kept after them: a data folder
 * whose database is not one, a database damaged in its pages (both through the CLI), and a
 * study file whose pages are damaged (named as the study file, not the store).
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

const cli = (home: string, ...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });

/** Zeros over the pages after the first: the schema reads, the tables do not. */
function damagePages(file: string): void {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(size - 65536), 0, size - 65536, 65536);
  fs.closeSync(fd);
}

describe('store errors name the file', () => {
  it('a data folder whose database is not one', () => {
    const home = tempDir();
    const db = path.join(home, 'perfdelta.sqlite');
    fs.writeFileSync(db, 'these are my notes, not a database\n'.repeat(200));
    const r = cli(home, 'studies');
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `perfdelta studies: ${db}: not a PerfDelta database (SQLite: file is not a database)\n`);
  });

  it('a database damaged in its pages', () => {
    const home = tempDir();
    assert.equal(cli(home, 'import', '--study', 'S', '--config', 'disk', path.join(REPO_ROOT, 'samples', 'fio', 'disk')).status, 0);
    const db = path.join(home, 'perfdelta.sqlite');
    damagePages(db);
    const r = cli(home, 'runs', '--json');
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`^perfdelta runs: ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the database is damaged \\(SQLite: database disk image is malformed\\)\\n$`));
    assert.equal((JSON.parse(r.stdout) as { error: { message: string } }).error.message.startsWith(`${db}: the database is damaged`), true);
  });

  it('a study file damaged in its pages is named as the study file', () => {
    const home = tempDir();
    const core = new Core(path.join(home, 'source.sqlite'));
    core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'disk')], 'S', 'disk');
    const file = path.join(home, 's.perfdelta');
    core.saveStudyFile('S', file);
    core.close();
    damagePages(file);
    const r = cli(home, 'open-study', file);
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`^perfdelta open-study: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (the file is damaged|not a PerfDelta study file) \\(`));
  });
});
