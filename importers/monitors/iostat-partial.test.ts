/**
 * iostat captures saved without sysstat's first line (the banner), as a user pastes them from a
 * terminal or cuts them from a longer log: hand-written in the sysstat 10 (-xmt) and sysstat 12
 * (-xm, -xmt with ISO times) layouts, and the corpus files with their banner line taken off.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { detectFormat } from '../registry.js';
import { corpusFile, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { iostatTextImporter } from './iostat-text.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (s: string): ParseResult => iostatTextImporter.parse({ bytes: bytes(s), name: 'capture.txt' });
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');

const OLD_DEVICE = 'Device:         rrqm/s   wrqm/s     r/s     w/s    rMB/s    wMB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util';
const oldReport = (time: string, w: number, util: number): string => `${time}
avg-cpu:  %user   %nice %system %iowait  %steal   %idle
           2.50    0.00    1.00    0.50    0.00   96.00

${OLD_DEVICE}
sdb               0.00    12.00    0.00  ${w.toFixed(2).padStart(6)}     0.00     1.20    20.00     1.50    3.00    0.00    3.00   0.40  ${util.toFixed(2).padStart(5)}

`;
/** sysstat 10 `iostat -xmt 2`, starting at the second report's timestamp. */
const XMT_NO_BANNER = oldReport('11/02/2021 02:15:08 PM', 120, 4.8) + oldReport('11/02/2021 02:15:10 PM', 130, 5.2) + oldReport('11/02/2021 02:15:12 PM', 140, 5.6);

const NEW_DEVICE = 'Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util';
const newReport = (time: string | null, r: number): string => `${time ? `${time}\n` : ''}avg-cpu:  %user   %nice %system %iowait  %steal   %idle
           1.20    0.00    0.40    0.10    0.00   98.30

${NEW_DEVICE}
nvme0n1      ${r.toFixed(2).padStart(7)}      4.00     0.00   0.00    0.12     4.00    2.00      0.01     0.00   0.00    0.05     4.00    0.00      0.00     0.00   0.00    0.00     0.00    0.00    0.00    0.10   7.50


`;

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
    const text = newReport(null, 10) + newReport(null, 20) + newReport(null, 30);
    assert.equal(detectFormat(bytes(text)).format, 'iostat');
    const r = parse(text);
    const run = r.runs[0]!;
    assert.equal(run.startMs, null);
    assert.deepEqual([...run.series.find((s) => s.object === 'nvme0n1' && s.metric === 'read.iops')!.values], [20, 30]);
    assert.match(messages(r), /the host, the OS release, the CPU count and the date are not known/);
  });

  it('-xmt with S_TIME_FORMAT=ISO: the zone is in the timestamps, so only the host, release and CPUs are unknown', () => {
    const text = newReport('2025-04-08T10:00:01+0200', 10) + newReport('2025-04-08T10:00:02+0200', 20);
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
