/**
 * Issue #38 items 7 and 8: memory is bounded by what is read, not by what a file claims. Each
 * file here is imported by the built CLI in a process of its own, whose peak RSS is asserted
 * under a stated bound (the import of a small result costs about 100 MB):
 * - junk: 1 GiB no importer claims from its head is skipped having read 64 KiB (it cost 1.1 GB);
 * - a gzip bomb: 10 GiB of zeros in 10 MB of gzip is told from its decompressed head and skipped;
 * - a gzipped "fio JSON" that expands past 256 MiB stops there, saying so;
 * - a gzipped "fio log" of the same line repeated (a ratio no log has) stops at the ratio, saying so;
 * - a real gzipped fio log streams into the store (it was refused: "unpack it first").
 * The web host's upload of junk (the spool) is in app/web/junk-upload.test.ts.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, it } from 'node:test';
import { cliWithPeakRss } from '../test-support/peak-rss.js';
import { writeBigLog } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';
import { GZIP_MAX_RATIO } from './gunzip-stream.js';

const MiB = 1024 * 1024;
/** A file never read whole, a bomb stopped at its head: the import stays under this. */
const HEAD_BOUND_MB = 150;
/** A streamed log's import: under 500 MB whatever its size (README); a bomb stops after 64 MiB of it. */
const STREAM_BOUND_MB = 500;
/** A gzipped file read whole holds up to 256 MiB expanded before it is refused. */
const WHOLE_BOUND_MB = 150 + 256 + 64;
/** What decompressing beside the parse may add to a streamed log's import (a worker thread, the pieces in flight). */
const GUNZIP_EXTRA_MB = 100;

interface Outcome { path: string; status: string; format: string | null; errors: string[]; warnings: string[]; runs: number[] }

/** `copies` gzip members of `member`'s bytes after a first member of `head`: a multi-member gzip (RFC 1952) that expands to copies x member. */
function bomb(file: string, head: string, member: Buffer, copies: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    if (head) fs.writeSync(fd, zlib.gzipSync(head));
    const gz = zlib.gzipSync(member, { level: 9 });
    for (let i = 0; i < copies; i++) fs.writeSync(fd, gz);
  } finally {
    fs.closeSync(fd);
  }
}

function importOne(home: string, file: string): { outcome: Outcome; peakRssMb: number; code: number } {
  const r = cliWithPeakRss(['import', '--study', 'Bounds', '--config', 'c', '--json', file], { PERFDELTA_HOME: home });
  const outcome = (JSON.parse(r.stdout) as { files: Outcome[] }).files[0]!;
  return { outcome, peakRssMb: r.peakRssMb, code: r.code };
}

describe('memory bounded by what is read', { timeout: 300_000 }, () => {
  it('1 GiB of junk is skipped from its head: never read whole', (t) => {
    const home = tempDir();
    const file = path.join(home, 'capture.dat');
    fs.writeFileSync(file, randomBytes(64 * 1024));
    fs.truncateSync(file, 1024 * MiB);
    const { outcome, peakRssMb } = importOne(home, file);
    t.diagnostic(`peak RSS ${peakRssMb.toFixed(0)} MB`);
    assert.deepEqual([outcome.status, outcome.warnings], ['skipped', ['not a result file PerfDelta reads (binary file (not a text result file)): nothing to import']]);
    assert.ok(peakRssMb < HEAD_BOUND_MB, `peak RSS ${peakRssMb.toFixed(0)} MB, bound ${HEAD_BOUND_MB} MB`);
  });

  it('a gzip bomb (10 GiB of zeros) is told from its decompressed head and skipped', (t) => {
    const home = tempDir();
    const file = path.join(home, 'results.json.gz');
    bomb(file, '', Buffer.alloc(16 * MiB), 640);
    const { outcome, peakRssMb } = importOne(home, file);
    t.diagnostic(`${(fs.statSync(file).size / MiB).toFixed(0)} MiB of gzip; peak RSS ${peakRssMb.toFixed(0)} MB`);
    assert.deepEqual([outcome.status, outcome.warnings], ['skipped', ['not a result file PerfDelta reads (gzip file: binary file (not a text result file)): nothing to import']]);
    assert.ok(peakRssMb < HEAD_BOUND_MB, `peak RSS ${peakRssMb.toFixed(0)} MB, bound ${HEAD_BOUND_MB} MB`);
  });

  it('a gzipped fio JSON that expands past 256 MiB stops there, saying so', (t) => {
    const home = tempDir();
    const file = path.join(home, 'sweep.json.gz');
    // Many members: the last one's trailer states 16 MiB, so the size is found only by decompressing.
    bomb(file, '{\n  "fio version" : "fio-3.36",\n  "timestamp" : 1700000000,\n  "jobs" : [\n', Buffer.alloc(16 * MiB, ' '), 64);
    const { outcome, peakRssMb, code } = importOne(home, file);
    t.diagnostic(`peak RSS ${peakRssMb.toFixed(0)} MB`);
    assert.equal(code, 1);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.errors.join('\n'), /it expands to more than 256 MiB, the most PerfDelta decompresses of a gzipped file it reads whole: stopped there; unpack it and import the file itself/);
    assert.ok(peakRssMb < WHOLE_BOUND_MB, `peak RSS ${peakRssMb.toFixed(0)} MB, bound ${WHOLE_BOUND_MB} MB`);
  });

  it(`a gzipped fio log that expands more than ${GZIP_MAX_RATIO} times stops at the ratio, saying so`, (t) => {
    const home = tempDir();
    const file = path.join(home, 'job_clat.1.log.gz');
    const lines = '1000, 52000, 0, 4096, 0\n'.repeat(Math.floor((16 * MiB) / 24));
    bomb(file, '0, 51000, 0, 4096, 0\n', Buffer.from(lines), 640);
    const { outcome, peakRssMb, code } = importOne(home, file);
    t.diagnostic(`peak RSS ${peakRssMb.toFixed(0)} MB`);
    assert.equal(code, 1);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.errors.join('\n'), new RegExp(`its first [\\d.]+ KiB expand to [\\d.]+ MiB, more than ${GZIP_MAX_RATIO} times: no result file compresses so far \\(a gzip bomb\\?\\); stopped there, nothing of it was imported`));
    assert.ok(peakRssMb < STREAM_BOUND_MB, `peak RSS ${peakRssMb.toFixed(0)} MB, bound ${STREAM_BOUND_MB} MB`);
  });

  it('a gzipped fio log streams into the store, its .gz kept, as the same log unzipped does', (t) => {
    const home = tempDir();
    const plain = path.join(home, 'plain', 'job_clat.1.log');
    fs.mkdirSync(path.dirname(plain));
    writeBigLog(plain, 4_000_000);
    const gz = path.join(home, 'job_clat.1.log.gz');
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(plain), { level: 1 }));
    const zipped = importOne(home, gz);
    assert.equal(zipped.outcome.status, 'imported', zipped.outcome.errors.join('; '));
    assert.equal(zipped.outcome.format, 'fio-log');
    const unzipped = importOne(tempDir(), plain);
    t.diagnostic(`${(fs.statSync(plain).size / MiB).toFixed(0)} MiB log, ${(fs.statSync(gz).size / MiB).toFixed(0)} MiB gzipped; peak RSS ${zipped.peakRssMb.toFixed(0)} MB, unzipped ${unzipped.peakRssMb.toFixed(0)} MB`);
    assert.ok(zipped.peakRssMb < STREAM_BOUND_MB, `peak RSS ${zipped.peakRssMb.toFixed(0)} MB, bound ${STREAM_BOUND_MB} MB`);
    assert.ok(zipped.peakRssMb < unzipped.peakRssMb + GUNZIP_EXTRA_MB, `peak RSS ${zipped.peakRssMb.toFixed(0)} MB against ${unzipped.peakRssMb.toFixed(0)} MB for the log itself`);
    // The same rows, the same figures: the gzip changes nothing but the bytes kept.
    const rows = (o: Outcome): string | undefined => o.warnings.find((w) => / rows$/.test(w));
    assert.equal(rows(zipped.outcome), '4,000,000 rows');
    assert.equal(rows(zipped.outcome), rows(unzipped.outcome));
  });
});
