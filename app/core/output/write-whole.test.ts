/**
 * Issue #38 item 3: an output is written whole or not at all. The disk fills up half-way here by
 * an injected ENOSPC (the tmpfs test in app/cli/full-disk.test.ts fills a real one): the file
 * that was there is kept byte for byte, no temporary is left, and the error names the file and
 * the cause.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, mock } from 'node:test';
import { tempDir } from '../test-support/temp.js';
import { OutputFileError, writeWhole, writeWholeWith } from './write-whole.js';

const enospc = (): NodeJS.ErrnoException => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('writing an output whole or not at all', () => {
  it('writes the file, replaces the one there, and leaves nothing else in the folder', () => {
    const dir = tempDir();
    const out = path.join(dir, 'report.xlsx');
    writeWhole(out, Buffer.from('first'));
    writeWhole(out, Buffer.from('second, longer'));
    assert.equal(fs.readFileSync(out, 'utf8'), 'second, longer');
    assert.deepEqual(fs.readdirSync(dir), ['report.xlsx']);
  });

  it('a disk that fills half-way keeps the good file, removes the temporary, and says which disk', (t) => {
    const dir = tempDir();
    const out = path.join(dir, 'F.xlsx');
    fs.writeFileSync(out, 'the good workbook');
    let calls = 0;
    const real = fs.writeSync;
    // The first piece goes in, the second finds the disk full: a half-written temporary exists.
    t.mock.method(fs, 'writeSync', (fd: number, buf: Uint8Array, offset: number, length: number) => {
      if (++calls > 1) throw enospc();
      return real(fd, buf, offset, Math.min(length, 4));
    });
    assert.throws(() => writeWhole(out, Buffer.alloc(1024, 1)), (err: Error) => {
      assert.ok(err instanceof OutputFileError);
      assert.equal(err.message, `cannot write ${out}: no space left on the disk holding ${out}: nothing was written; the F.xlsx there before is unchanged`);
      return true;
    });
    mock.restoreAll();
    assert.equal(calls, 2, 'the write failed after its first piece');
    assert.equal(fs.readFileSync(out, 'utf8'), 'the good workbook');
    assert.deepEqual(fs.readdirSync(dir), ['F.xlsx']);
  });

  it('a writer that fails (SQLite: disk full) leaves neither its file nor its journal, and no file where there was none', () => {
    const dir = tempDir();
    const out = path.join(dir, 'study.perfdelta');
    assert.throws(() => writeWholeWith(out, (tmp) => {
      fs.writeFileSync(tmp, 'half a database');
      fs.writeFileSync(`${tmp}-journal`, 'its journal');
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    }, { sidecars: ['-journal'] }), { message: new RegExp(`^cannot write ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no space left on the disk holding .*study\\.perfdelta: nothing was written$`) });
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('names a folder that does not exist, and a target that is a folder', () => {
    const dir = tempDir();
    assert.throws(() => writeWhole(path.join(dir, 'missing', 'F.pdf'), Buffer.from('x')), { message: `cannot write ${path.join(dir, 'missing', 'F.pdf')}: the folder ${path.join(dir, 'missing')} does not exist` });
    fs.mkdirSync(path.join(dir, 'F.pdf'));
    assert.throws(() => writeWhole(path.join(dir, 'F.pdf'), Buffer.from('x')), /F\.pdf is a folder/);
    assert.deepEqual(fs.readdirSync(dir), ['F.pdf']);
  });
});
