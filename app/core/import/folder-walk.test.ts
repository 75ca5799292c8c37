/**
 * Issue #38 items 6 and 8: one bad file never costs the rest of a folder, and a file no importer
 * claims from its head is never read whole. A folder holds two results beside a 3 GiB file of
 * nothing (sparse), a 3 GiB file that begins as an fio JSON, a link back to the folder that holds
 * it (`sub/up -> ..`), a link to itself, a link to nothing and a FIFO: the results import, every
 * other entry is its own outcome, named, with the reason, and the import never holds the large
 * files (its peak RSS, measured in the CLI's own process, stays under a stated bound).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { cliWithPeakRss } from '../test-support/peak-rss.js';
import { tempDir } from '../test-support/temp.js';
import { walkInputs } from './folder-walk.js';

const GiB = 1024 ** 3;
/** The import of two small results costs about 100 MB here; reading one 3 GiB file would cost 3 GB. */
const PEAK_RSS_BOUND_MB = 250;

/** A file of `size` bytes that begins with `head` and holds nothing after it (a hole: no disk used). */
function sparse(file: string, size: number, head = ''): void {
  fs.writeFileSync(file, head);
  fs.truncateSync(file, size);
}

interface Outcome { path: string; status: string; format: string | null; errors: string[]; warnings: string[]; runs: number[] }

describe('a folder with a huge file and a link loop', () => {
  it('imports the results; each other entry is its own outcome with the reason; the large files are never read', { timeout: 120_000 }, (t) => {
    const home = tempDir();
    const dir = path.join(home, 'results');
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    const sample = path.join(REPO_ROOT, 'samples', 'fio', 'disk');
    fs.copyFileSync(path.join(sample, 'randread-4k-qd1.json'), path.join(dir, 'a-result.json'));
    fs.copyFileSync(path.join(sample, 'seqread-128k-qd8.json'), path.join(dir, 'sub', 'b-result.json'));
    sparse(path.join(dir, 'huge-nothing.bin'), 3 * GiB);
    sparse(path.join(dir, 'huge.json'), 3 * GiB, '{\n  "fio version" : "fio-3.36",\n  "timestamp" : 1700000000,\n  "jobs" : [\n');
    fs.symlinkSync('..', path.join(dir, 'sub', 'up'));
    fs.symlinkSync('self', path.join(dir, 'self'));
    fs.symlinkSync('nowhere', path.join(dir, 'dangling'));
    const fifo = spawnSync('mkfifo', [path.join(dir, 'pipe')]);

    const r = cliWithPeakRss(['import', '--study', 'Folder', '--config', 'c', '--json', dir], { PERFDELTA_HOME: home });
    const files = (JSON.parse(r.stdout) as { files: Outcome[] }).files;
    const by = (name: string): Outcome => {
      const o = files.find((f) => f.path === path.join(dir, name));
      assert.ok(o, `an outcome for ${name}: ${JSON.stringify(files.map((f) => f.path))}`);
      return o;
    };
    assert.equal(r.code, 1, 'a file failed (the 3 GiB fio JSON): exit 1');
    assert.equal(by('a-result.json').status, 'imported');
    assert.equal(by('sub/b-result.json').status, 'imported');
    assert.deepEqual([by('huge-nothing.bin').status, by('huge-nothing.bin').warnings], ['skipped', ['not a result file PerfDelta reads (binary file (not a text result file)): nothing to import']]);
    assert.deepEqual([by('huge.json').status, by('huge.json').format, by('huge.json').errors], ['failed', 'fio-json',
      ['the file is 3.0 GiB: a fio JSON / json+ file is read whole, and PerfDelta reads one of up to 512 MiB (fio logs are streamed whatever their size); nothing of it was imported']]);
    assert.deepEqual([by('sub/up').status, by('sub/up').warnings], ['skipped', [`a link back to the folder ${dir}, which holds it (a link loop): followed once, not again`]]);
    assert.deepEqual([by('self').status, by('self').warnings], ['skipped', ['a link that leads back to itself (a link loop): not followed']]);
    assert.deepEqual([by('dangling').status, by('dangling').errors], ['failed', ['a link to something that does not exist']]);
    if (fifo.status === 0) assert.deepEqual([by('pipe').status, by('pipe').warnings], ['skipped', ['a FIFO (named pipe), not a file to import']]);
    // Each entry once, in walk order; the loop read the folder once (b-result.json once).
    assert.equal(files.filter((f) => f.path.endsWith('b-result.json')).length, 1);
    t.diagnostic(`peak RSS ${r.peakRssMb.toFixed(0)} MB`);
    assert.ok(r.peakRssMb < PEAK_RSS_BOUND_MB, `peak RSS ${r.peakRssMb.toFixed(0)} MB, bound ${PEAK_RSS_BOUND_MB} MB`);
  });

  it('a folder reached twice through links is read once, and says so', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'data'));
    fs.writeFileSync(path.join(dir, 'data', 'x.txt'), 'x');
    fs.symlinkSync(path.join(dir, 'data'), path.join(dir, 'alias'));
    assert.deepEqual(walkInputs([dir]), [
      { path: path.join(dir, 'alias', 'x.txt'), size: 1 },
      { path: path.join(dir, 'data'), status: 'skipped', reason: `the folder ${path.join(dir, 'alias')} again (reached through a link): its files are read once` },
    ]);
  });
});
