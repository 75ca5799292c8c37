/**
 * Issue #38 item 3, on a real full disk: a 16 KiB tmpfs holding a good file, and `export`,
 * `save-study` and `report` asked to write over it something larger than the room left. Each
 * exits 1 naming the file and the disk, the good file is byte for byte as it was, and nothing
 * else is left on the disk (no temporary, no journal, no 0-byte PDF).
 *
 * The tmpfs is mounted in a mount namespace of its own (`unshare -m`, as root or where user
 * namespaces allow it): where that cannot be done the test is skipped, saying so; the injected
 * ENOSPC of app/core/output/write-whole.test.ts runs everywhere.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { findChromium } from '../start/find-chromium.js';
import { BIN } from '../core/test-support/processes.js';
import { tempDir } from '../core/test-support/temp.js';

const GOOD = Buffer.alloc(4096, 'the good file, kept whole\n');
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Whether this machine lets the test mount a tmpfs of its own. */
function canMountTmpfs(): string | null {
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=16k none "$d" && umount "$d"; s=$?; rmdir "$d"; exit $s'], { encoding: 'utf8' });
  if (probe.error) return `no unshare here (${probe.error.message})`;
  if (probe.status !== 0) return `cannot mount a tmpfs in a mount namespace here: ${probe.stderr.trim()}`;
  return null;
}

/**
 * Runs the CLI with `args` (OUT stands for the target on the tmpfs) in a mount namespace where a
 * 16 KiB tmpfs holds the good file as OUT; what it leaves on that disk is read before the
 * namespace (and the tmpfs) ends.
 */
function onFullDisk(home: string, name: string, args: string[]): { code: number; stderr: string; left: string[]; good: string } {
  const work = fs.mkdtempSync(path.join(home, 'run-'));
  const disk = path.join(work, 'disk');
  fs.mkdirSync(disk);
  fs.writeFileSync(path.join(work, 'good'), GOOD);
  const out = path.join(disk, name);
  const cli = [process.execPath, BIN, ...args.map((a) => (a === 'OUT' ? out : a))].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = [
    `mount -t tmpfs -o size=16k none '${disk}'`,
    `cp '${path.join(work, 'good')}' '${out}'`,
    `${cli} > '${work}/stdout' 2> '${work}/stderr'; echo $? > '${work}/code'`,
    `ls -A '${disk}' > '${work}/left'`,
    `cp '${out}' '${work}/after' 2>/dev/null || true`,
  ].join(' && ');
  const r = spawnSync('unshare', ['-m', 'sh', '-c', script], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });
  assert.equal(r.status, 0, `the namespace script failed: ${r.stderr}`);
  const read = (f: string): string => fs.readFileSync(path.join(work, f), 'utf8');
  return {
    code: Number(read('code').trim()),
    stderr: read('stderr'),
    left: read('left').split('\n').filter(Boolean),
    good: fs.existsSync(path.join(work, 'after')) ? sha(fs.readFileSync(path.join(work, 'after'))) : '(gone)',
  };
}

describe('outputs on a full disk (a 16 KiB tmpfs)', () => {
  const why = canMountTmpfs();
  const home = tempDir();
  before(() => {
    if (why) return;
    const r = spawnSync(process.execPath, [BIN, 'import', '--study', 'Disk', '--config', 'disk', path.join(REPO_ROOT, 'samples', 'fio', 'disk')], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  const cases: Array<[string, string, string[], (() => string | null)?]> = [
    ['export --out F.xlsx', 'F.xlsx', ['export', '--study', 'Disk', '--out', 'OUT']],
    ['save-study --out F.perfdelta', 'F.perfdelta', ['save-study', '--study', 'Disk', '--out', 'OUT']],
    ['report --out F.pdf', 'F.pdf', ['report', '--study', 'Disk', '--out', 'OUT'], () => (findChromium() ? null : 'no Chromium to print with')],
  ];
  for (const [what, name, args, skip] of cases) {
    it(`${what}: exit 1 naming the file and its disk, the good file kept, nothing else left`, { timeout: 120_000 }, (t) => {
      if (why) return void t.skip(why);
      const noPrinter = skip?.();
      if (noPrinter) return void t.skip(noPrinter);
      const r = onFullDisk(home, name, args);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`cannot write \\S*/disk/${name.replace('.', '\\.')}: no space left on the disk holding \\S*/disk/${name.replace('.', '\\.')}: nothing was written; the ${name.replace('.', '\\.')} there before is unchanged`));
      assert.doesNotMatch(r.stderr, /database or disk is full|ENOSPC|\n\s+at /, 'the cause in words, no raw code or stack');
      assert.equal(r.good, sha(GOOD), 'the good file is byte for byte as it was');
      assert.deepEqual(r.left, [name], 'no temporary, journal or half file left on the disk');
    });
  }
});
