/**
 * Issue #38 item 5: an open-study killed half-way left its temporary copy (hundreds of MB) in the
 * temporary folder forever. The copy is now made in a folder of the process's own under the data
 * folder (`tmp/<pid>-<random>`): killed (SIGKILL) while it works on a 100 MB study file, the
 * process leaves it; the next PerfDelta to start removes it, and the store holds no half study.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { BIN, eventually, startCli, writeBigLog } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';

/** The copies under a data folder's tmp/, at any depth. */
const copiesUnder = (home: string): string[] => {
  const tmp = path.join(home, 'tmp');
  return fs.existsSync(tmp) ? (fs.readdirSync(tmp, { recursive: true }) as string[]).filter((f) => f.endsWith('study.perfdelta')) : [];
};

describe('an interrupted open-study', () => {
  it('leaves a copy that the next start removes, and no study', { timeout: 300_000 }, async () => {
    const dir = tempDir();
    const log = path.join(dir, 'big_clat.1.log');
    writeBigLog(log, 3_000_000);
    const source = new Core(path.join(dir, 'source.sqlite'));
    source.importPaths([log], 'Big', 'c');
    const file = path.join(dir, 'big.perfdelta');
    source.saveStudyFile('Big', file);
    source.close();

    const home = path.join(dir, 'home');
    const open = startCli(['open-study', file], { PERFDELTA_HOME: home });
    // Caught while its copy exists: then killed, as a crash or a kill -9 would.
    await eventually(() => copiesUnder(home).length > 0 || open.child.exitCode !== null, 'the open-study to make its copy');
    assert.equal(open.child.exitCode, null, `open-study ended before it could be killed: ${open.stderr()}`);
    open.child.kill('SIGKILL');
    await open.exited;
    assert.equal(copiesUnder(home).length, 1, 'the killed process left its copy');

    const next = spawnSync(process.execPath, [BIN, 'studies', '--json'], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(JSON.parse(next.stdout), [], 'no half study');
    assert.deepEqual(copiesUnder(home), [], 'the next start removed the copy');
    assert.deepEqual(fs.readdirSync(path.join(home, 'tmp')), [], 'and its folder');
  });
});
