/**
 * Issue #37: original files are objects beside the database, `originals/ab/cdef…` by SHA-256,
 * compressed where that saves space, one object per distinct content; objects no row names are
 * collected at the next start and after the trash is emptied, never one another process is
 * importing; `perfdelta check` says what is missing or damaged and changes nothing.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { BIN, eventually, startCli, writeBigLog, writeLockTaken } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';
import { encodeForStore } from './codec.js';
import { writeFioDrop } from './test-support/drops.js';

const SAMPLE = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Object files under a data folder's originals/ (not its temporary files). */
function objectFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).filter((d) => /^[0-9a-f]{2}$/.test(d)).flatMap((d) => fs.readdirSync(path.join(root, d)).map((f) => path.join(d, f))).sort();
}

function check(db: string): { status: number; out: { ok: boolean; missing: Array<{ sha256: string; imported_as: string[] }>; damaged: Array<{ sha256: string; problem: string; imported_as: string[] }>; verified: number; objects: number; unreferenced: number; integrity: string } } {
  const r = spawnSync(process.execPath, [BIN, 'check', '--json', '--db', db], { encoding: 'utf8', env: { ...process.env, PERFDELTA_QUIET: '1' } });
  return { status: r.status ?? -1, out: JSON.parse(r.stdout) };
}

describe('original files as objects beside the database', () => {
  it('the same bytes are one object, however often and wherever imported; read back byte for byte', () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    const drop = path.join(dir, 'drop');
    fs.mkdirSync(path.join(drop, 'copy'), { recursive: true });
    fs.copyFileSync(SAMPLE, path.join(drop, 'a.json'));
    fs.copyFileSync(SAMPLE, path.join(drop, 'copy', 'a.json'));
    const core = new Core(db);
    core.importPaths([drop], 'One', 'disk');
    core.importPaths([SAMPLE], 'Two', 'disk');
    const sha = sha256(fs.readFileSync(SAMPLE));
    assert.deepEqual(objectFiles(path.join(dir, 'originals')), [path.join(sha.slice(0, 2), `${sha.slice(2)}.gz`)], 'one object, in the data folder\'s originals/ab/cdef…, compressed');
    assert.equal((core.store.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number }).n, 1, 'one row: hash and size');
    assert.deepEqual(core.store.db.prepare('SELECT sha256, size FROM files').get(), { sha256: sha, size: fs.statSync(SAMPLE).size });
    assert.equal((core.store.db.prepare('SELECT COUNT(*) AS n FROM file_parts').get() as { n: number }).n, 0, 'no bytes inside the database');
    assert.ok(core.store.fileContent(sha)!.equals(fs.readFileSync(SAMPLE)));
    const names = (core.store.db.prepare('SELECT file_name FROM imports ORDER BY id').all() as Array<{ file_name: string }>).map((r) => r.file_name);
    assert.deepEqual(names.map((n) => path.basename(n)), ['a.json', 'randread-4k-qd1.json'], 'the names the user gave it, per study (the second copy in a drop is a duplicate)');
    core.close();
  });

  it('compressed where that saves space, kept as it is where not', () => {
    const text = fs.readFileSync(SAMPLE);
    const packed = encodeForStore(text);
    assert.equal(packed.encoding, 'gzip');
    assert.ok(zlib.gunzipSync(packed.stored).equals(text));
    assert.ok(packed.stored.byteLength < text.byteLength / 2, `${packed.stored.byteLength} of ${text.byteLength} bytes`);
    const noise = createHash('sha512');
    const bytes = Buffer.concat(Array.from({ length: 4000 }, (_, i) => noise.copy().update(String(i)).digest()));
    assert.equal(encodeForStore(bytes).encoding, 'raw', 'random bytes do not shrink: kept as they are');
    assert.equal(encodeForStore(zlib.gzipSync(text)).encoding, 'raw', 'a gzip file is not compressed again');

    // A gzipped fio log streams in and is kept as it came (its .gz bytes).
    const dir = tempDir();
    const log = path.join(dir, 'job_clat.1.log');
    writeBigLog(log, 20_000);
    fs.writeFileSync(`${log}.gz`, zlib.gzipSync(fs.readFileSync(log)));
    const core = new Core(path.join(dir, 'store.sqlite'));
    const outcome = core.importPaths([`${log}.gz`], 'Logs', 'x').files[0]!;
    assert.equal(outcome.status, 'imported');
    const at = core.store.objects.locate(outcome.sha256)!;
    assert.equal(at.encoding, 'raw');
    assert.equal(path.dirname(path.dirname(at.path)), path.join(dir, 'store.sqlite.originals'), 'a --db FILE not named perfdelta.sqlite keeps its objects in FILE.originals/');
    assert.ok(fs.readFileSync(at.path).equals(fs.readFileSync(`${log}.gz`)));
    core.close();
  });

  it('objects no row names and temporary files of processes that are gone are removed at the next start; a live process\'s are not', () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    const core = new Core(db);
    core.importPaths([SAMPLE], 'One', 'disk');
    const kept = sha256(fs.readFileSync(SAMPLE));
    core.close();
    const root = path.join(dir, 'originals');
    // What a crash between an object's rename and its commit leaves: an object no row names.
    const orphan = sha256(Buffer.from('never committed'));
    fs.mkdirSync(path.join(root, orphan.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(root, orphan.slice(0, 2), orphan.slice(2)), 'never committed');
    // Temporary files of a process that is gone, and of one that still runs (this test's parent).
    const dead = path.join(root, 'tmp', '999999999-0123456789abcdef');
    const live = path.join(root, 'tmp', `${process.ppid}-fedcba9876543210`);
    for (const t of [dead, live]) {
      fs.mkdirSync(t, { recursive: true });
      fs.writeFileSync(path.join(t, 'half-written'), 'x');
    }
    const again = new Core(db);
    assert.deepEqual(objectFiles(root), [path.join(kept.slice(0, 2), `${kept.slice(2)}.gz`)], 'the orphan is gone, the named object stays');
    assert.equal(fs.existsSync(dead), false, 'the dead process\'s temporary files are gone');
    assert.equal(fs.existsSync(path.join(live, 'half-written')), true, 'a live process\'s are left alone');
    again.close();
  });

  it('collecting never takes an object another process is importing: it waits for that import\'s commit', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    const files = writeFioDrop(path.join(dir, 'drop'), 600);
    assert.equal(await startCli(['studies', '--db', db]).exited, 0);
    // A delete held in the trash, so that emptying it collects.
    assert.equal(await startCli(['import', '--db', db, '--study', 'gone', SAMPLE]).exited, 0);
    assert.equal(await startCli(['studies', 'delete', '--db', db, '--study', 'gone']).exited, 0);
    const importing = startCli(['import', '--db', db, '--study', 'big', '--json', path.join(dir, 'drop')]);
    const root = path.join(dir, 'originals');
    const before = new Set(objectFiles(root));
    // Caught once it has put objects in place that no committed row names yet.
    await eventually(() => importing.child.exitCode !== null || objectFiles(root).some((f) => !before.has(f)), 'the import to place its first objects', 60_000);
    importing.child.kill('SIGSTOP');
    try {
      assert.equal(importing.child.exitCode, null, 'still importing');
      assert.ok(writeLockTaken(db), 'inside its transaction');
      const placed = objectFiles(root).filter((f) => !before.has(f));
      assert.ok(placed.length > 0);
      // Another PerfDelta starts (collecting at startup skips: the lock is taken), and one empties the trash (waits its turn).
      const other = new Core(db);
      other.close();
      assert.deepEqual(placed.filter((f) => !fs.existsSync(path.join(root, f))), [], 'a start did not take them');
      const emptying = startCli(['trash', '--empty', '--json', '--db', db]);
      await eventually(() => emptying.stderr().length > 0 || emptying.child.exitCode !== null, 'the trash to say it waits', 30_000).catch(() => undefined);
      importing.child.kill('SIGCONT');
      assert.equal(await importing.exited, 0, importing.stderr());
      assert.equal(await emptying.exited, 0, emptying.stderr());
      assert.equal(JSON.parse(emptying.stdout()).originals, 1, 'the trash\'s one file left');
    } finally {
      importing.child.kill('SIGCONT');
    }
    const result = JSON.parse(importing.stdout()) as { files: Array<{ status: string; sha256: string }> };
    assert.equal(result.files.filter((f) => f.status === 'imported').length, files.length);
    const c = check(db);
    assert.equal(c.status, 0, JSON.stringify(c.out.missing.slice(0, 3)));
    assert.deepEqual([c.out.missing.length, c.out.damaged.length, c.out.verified], [0, 0, files.length], 'every imported file has its object');
  });

  it('perfdelta check names what is missing and what is damaged, and changes nothing', () => {
    const dir = tempDir();
    const db = path.join(dir, 'perfdelta.sqlite');
    const drop = writeFioDrop(path.join(dir, 'drop'), 3);
    const log = path.join(dir, 'drop', 'lone_clat.1.log');
    writeBigLog(log, 400_000);
    const core = new Core(db);
    const outcomes = core.importPaths([path.join(dir, 'drop')], 'S', 'c').files;
    core.close();
    const clean = check(db);
    assert.equal(clean.status, 0);
    assert.deepEqual([clean.out.ok, clean.out.integrity, clean.out.verified], [true, 'ok', 4]);

    const shaOf = (file: string): string => outcomes.find((o) => o.path === file)!.sha256;
    const objects = new Core(db);
    const at = (file: string): string => objects.store.objects.locate(shaOf(file))!.path;
    const gone = at(drop[0]!);
    const flipped = at(log);
    const cut = at(drop[1]!);
    objects.close();
    fs.rmSync(gone);
    const raw = fs.readFileSync(flipped);
    raw[1000] = raw[1000]! ^ 0xff;
    fs.writeFileSync(flipped, raw);
    fs.writeFileSync(cut, fs.readFileSync(cut).subarray(0, 100));
    const bytesBefore = [flipped, cut].map((f) => fs.readFileSync(f));

    const found = check(db);
    assert.equal(found.status, 1);
    assert.equal(found.out.ok, false);
    assert.deepEqual(found.out.missing.map((m) => [m.sha256, m.imported_as]), [[shaOf(drop[0]!), [drop[0]!]]]);
    const damaged = new Map(found.out.damaged.map((d) => [d.sha256, d]));
    assert.match(damaged.get(shaOf(log))!.problem, /hash to [0-9a-f]{12}…, not to its name/);
    assert.deepEqual(damaged.get(shaOf(log))!.imported_as, [log]);
    assert.match(damaged.get(shaOf(drop[1]!))!.problem, /cannot be read|unexpected end/);
    assert.deepEqual([flipped, cut].map((f) => fs.readFileSync(f)), bytesBefore, 'damaged objects are left as they are, under their names');
    const human = spawnSync(process.execPath, [BIN, 'check', '--db', db], { encoding: 'utf8' });
    assert.equal(human.status, 1);
    assert.match(human.stdout, new RegExp(`missing: ${shaOf(drop[0]!)} \\([\\d,]+ bytes\\), imported as ${drop[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(human.stdout, /not ok: 1 missing, 2 damaged/);

    // The same bytes imported again give the missing object back; a damaged one stays reported.
    const repair = new Core(db);
    repair.importPaths([drop[0]!], 'Again', 'c');
    repair.close();
    const after = check(db);
    assert.deepEqual([after.out.missing.length, after.out.damaged.length], [0, 2]);
  });
});
