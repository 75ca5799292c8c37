/**
 * iostat captures saved without sysstat's first line (the banner), as a user pastes them from a
 * terminal or cuts them from a longer log: hand-written in the sysstat 10 (-xmt) and sysstat 12
 * (-xm, -xmt with ISO times) layouts (test-files/iostat-*-no-banner*.txt), and the corpus files
 * with their banner line taken off.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { detectFormat } from '../registry.js';
import { corpusFile, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { iostatTextImporter } from './iostat-text.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (s: string): ParseResult => iostatTextImporter.parse({ bytes: bytes(s), name: 'capture.txt' });
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');

/** Hand-written captures in test-files/ (the fuzz suite starts from the same bytes). */
const testFile = (name: string): string => fs.readFileSync(path.join(REPO_ROOT, 'importers/monitors/test-files', name), 'utf8');
/** sysstat 10 `iostat -xmt 2`, starting at the second report's timestamp. */
const XMT_NO_BANNER = testFile('iostat-xmt-no-banner.txt');
/** sysstat 12 `iostat -xm` without -t: no timestamps at all. */
const XM_NO_BANNER_NO_TIME = testFile('iostat-xm-no-banner-no-time.txt');
/** sysstat 12 `iostat -xmt` with S_TIME_FORMAT=ISO: the timestamps carry a numeric offset. */
const XMT_ISO_NO_BANNER = testFile('iostat-xmt-iso-offset-no-banner.txt');

describe('iostat without its banner line', () => {
  it('-xmt (sysstat 10) starting at a timestamp: detected by its shape, read alike, and the warning names what only the banner gives', () => {
    assert.equal(detectFormat(bytes(XMT_NO_BANNER)).format, 'iostat');
    const r = parse(XMT_NO_BANNER);
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.host, null);
    assert.equal(run.startMs, Date.UTC(2021, 10, 2, 14, 15, 8));
    assert.equal(run.endMs, Date.UTC(2021, 10, 2, 14, 15, 12));
    assert.equal(run.params['interval_s'], 2);
    const w = run.series.find((s) => s.object === 'sdb' && s.metric === 'write.iops')!;
    assert.deepEqual([...w.values], [130, 140], 'the first report is still taken as the since-boot one');
    const said = messages(r);
    assert.match(said, /without sysstat's banner line/);
    assert.match(said, /the host, the OS release, the CPU count and the time zone \(the -t timestamps carry none\) are not known/);
    assert.match(said, /not if the capture was cut from a longer one/);
  });

  it('-xm (sysstat 12) without -t: the date is named as unknown too', () => {
    const text = XM_NO_BANNER_NO_TIME;
    assert.equal(detectFormat(bytes(text)).format, 'iostat');
    const r = parse(text);
    const run = r.runs[0]!;
    assert.equal(run.startMs, null);
    assert.deepEqual([...run.series.find((s) => s.object === 'nvme0n1' && s.metric === 'read.iops')!.values], [20, 30]);
    assert.match(messages(r), /the host, the OS release, the CPU count and the date are not known/);
  });

  it('-xmt with S_TIME_FORMAT=ISO: the zone is in the timestamps, so only the host, release and CPUs are unknown', () => {
    const text = XMT_ISO_NO_BANNER;
    assert.equal(detectFormat(bytes(text)).format, 'iostat');
    const r = parse(text);
    assert.equal(r.runs[0]!.startMs, Date.UTC(2025, 3, 8, 8, 0, 1));
    assert.match(messages(r), /the host, the OS release and the CPU count are not known/);
    assert.doesNotMatch(messages(r), /read as UTC/);
  });

  it('the corpus captures with their banner line taken off read as with it, but for the host and CPU count', (t) => {
    for (const rel of ['other/iostatplot__iostat-xmt_sysstat10_timestamped.txt', 'other/rocksdbtest__iostat-xm_sysstat12_newcols.txt']) {
      const p = corpusFile(rel);
      if (!p) return t.skip(SKIP_NO_CORPUS);
      const whole = fs.readFileSync(p, 'utf8');
      const cut = whole.slice(whole.indexOf('\n') + 1).replace(/^\s*\n/, '');
      assert.equal(detectFormat(bytes(cut)).format, 'iostat', rel);
      const [a, b] = [parse(whole).runs[0]!, parse(cut).runs[0]!];
      assert.deepEqual(b.metrics, a.metrics, rel);
      assert.deepEqual([b.startMs, b.endMs], [a.startMs, a.endMs], rel);
      assert.equal(b.series.length, a.series.length, rel);
      assert.equal(b.host, null);
    }
  });

  it('other text that only looks tabular is not taken for iostat, and the banner-less capture goes through the core', () => {
    assert.notEqual(detectFormat(bytes('Device   Size   Used\nsda   100G   20G\nsdb   50G   1G\n')).format, 'iostat');
    assert.notEqual(detectFormat(bytes('12:00:01 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n12:10:01 AM     all      0.40      0.00      0.20      0.00      0.00     99.40\n')).format, 'iostat');
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'iostat.out'), XMT_NO_BANNER);
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      const result = core.importPaths([dir], 'Partial', 'host-a');
      assert.deepEqual(result.files.map((f) => [f.format, f.status]), [['iostat', 'imported']]);
      assert.match(result.files[0]!.warnings.join('\n'), /without sysstat's banner line/);
      const [run] = core.runs({ study: 'partial' });
      assert.equal(run!.start, '2021-11-02T14:15:08.000Z');
    } finally {
      core.close();
    }
  });
});
