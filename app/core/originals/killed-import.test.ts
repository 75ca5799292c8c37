/**
 * Issue #37's evidence: a large import killed (SIGKILL, as a crash or kill -9) at random points
 * leaves a database whose integrity check passes, no half import (all of its runs or none), no
 * row naming an object that is not there; and the objects it placed without committing, and
 * its temporary files, are removed when PerfDelta next starts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Core } from '../core.js';
import { eventually, startCli, writeBigLog } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';
import { ObjectStore } from './object-store.js';
import { writeFioDrop } from './test-support/drops.js';

interface AfterKill {
  integrity: string;
  runs: number;
  files: number;
  /** Rows naming an object that is not there. */
  missing: number;
  /** Objects no row names. */
  orphans: number;
  temporary: number;
}

/** The store as the kill left it, read without opening it as PerfDelta does (which would collect). */
function inspect(home: string): AfterKill {
  const dbFile = path.join(home, 'perfdelta.sqlite');
  const objects = new ObjectStore(path.join(home, 'originals'));
  const db = new Database(dbFile, { readonly: true });
  try {
    const files = new Set(db.prepare('SELECT sha256 FROM files').pluck().all() as string[]);
    const onDisk = [...objects.list()].map((o) => o.sha256);
    const tmp = path.join(home, 'originals', 'tmp');
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      runs: db.prepare('SELECT COUNT(*) FROM runs').pluck().get() as number,
      files: files.size,
      missing: [...files].filter((f) => !objects.locate(f)).length,
      orphans: onDisk.filter((f) => !files.has(f)).length,
      temporary: fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0,
    };
  } finally {
    db.close();
  }
}

describe('an import killed at random points', () => {
  it('leaves an intact store, no half import, no row without its object; the next start collects what it left', { timeout: 600_000 }, async () => {
    const dir = tempDir();
    const drop = path.join(dir, 'drop');
    writeFioDrop(drop, 800);
    // A streamed log too (its object written as it is read), big enough to keep the import busy.
    writeBigLog(path.join(drop, 'lone_clat.1.log'), 2_000_000);
    const importInto = (home: string) => startCli(['import', '--json', '--study', 'big', '--config', 'c', drop], { PERFDELTA_HOME: home });

    // The whole import once: how many runs it makes, and how long it takes.
    const reference = path.join(dir, 'reference');
    const t0 = Date.now();
    const whole = importInto(reference);
    assert.equal(await whole.exited, 0, whole.stderr());
    const took = Date.now() - t0;
    const full = inspect(reference);
    assert.deepEqual([full.integrity, full.files, full.missing, full.orphans], ['ok', 801, 0, 0]);

    let seed = 3737;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let orphansSeen = 0;
    let temporarySeen = 0;
    for (let round = 0; round < 5; round++) {
      const home = path.join(dir, `home-${round}`);
      assert.equal(await startCli(['studies'], { PERFDELTA_HOME: home }).exited, 0);
      const importing = importInto(home);
      const root = path.join(home, 'originals');
      if (round === 0) {
        // Once it has placed objects no committed row names yet.
        await eventually(() => importing.child.exitCode !== null || [...new ObjectStore(root).list()].length > 0, 'the import to place objects', 120_000);
      } else {
        await new Promise((r) => setTimeout(r, 200 + random() * took));
      }
      importing.child.kill('SIGKILL');
      await importing.exited;
      const left = inspect(home);
      assert.equal(left.integrity, 'ok', `round ${round}`);
      assert.ok(left.runs === 0 || left.runs === full.runs, `round ${round}: ${left.runs} runs: all of the import or none`);
      assert.ok(left.files === 0 || left.files === full.files, `round ${round}: ${left.files} files`);
      assert.equal(left.missing, 0, `round ${round}: no row names an object that is not there`);
      if (round === 0) assert.ok(left.orphans > 0 && left.runs === 0, `round 0 was killed inside the transaction, after placing objects (${left.orphans})`);
      orphansSeen += left.orphans;
      temporarySeen += left.temporary;

      // The next start: objects no row names, and the dead process's temporary files, are gone.
      new Core(path.join(home, 'perfdelta.sqlite')).close();
      const next = inspect(home);
      assert.deepEqual([next.orphans, next.temporary, next.missing, next.runs], [0, 0, 0, left.runs], `round ${round}: collected at the next start`);

      // And the import, run again, completes.
      const again = importInto(home);
      assert.equal(await again.exited, 0, again.stderr());
      const done = inspect(home);
      assert.deepEqual([done.integrity, done.runs, done.files, done.missing, done.orphans], ['ok', full.runs, full.files, 0, 0]);
    }
    assert.ok(orphansSeen > 0 && temporarySeen > 0, `objects (${orphansSeen}) and temporary folders (${temporarySeen}) were left by the kills, and collected`);
  });
});
