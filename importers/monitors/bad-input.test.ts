/**
 * What the monitor importers do with broken input: an empty file, a file cut in the middle of a
 * line, and files of other formats. Errors are values; nothing throws.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS_DIR, corpusFile, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { Importer, ParsedRun, ParseResult } from '../types.js';
import { dstatImporter } from './dstat.js';
import { monitorImporters } from './index.js';
import { iostatJsonImporter } from './iostat-json.js';
import { iostatTextImporter } from './iostat-text.js';
import { nmonImporter } from './nmon.js';
import { sarImporter } from './sar.js';

const messages = (r: ParseResult): string => r.warnings.map((w) => `${w.line ?? '-'}: ${w.message}`).join('\n');
const series = (run: ParsedRun, object: string, metric: string) => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric}`);
  return s;
};

/** The corpus file cut `keep` characters into its line `line` (1-based). */
function cutInLine(rel: string, line: number, keep: number): string | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const lines = fs.readFileSync(p, 'utf8').split('\n');
  const target = lines[line - 1]!;
  assert.ok(keep > 0 && keep < target.length, `line ${line} is only ${target.length} long`);
  return [...lines.slice(0, line - 1), target.slice(0, keep)].join('\n');
}
const parse = (importer: Importer, text: string): ParseResult => importer.parse({ bytes: new TextEncoder().encode(text), name: 'cut' });

describe('monitor importers on bad input', () => {
  it('an empty file: an error, no run', () => {
    for (const importer of monitorImporters) {
      const r = importer.parse({ bytes: new Uint8Array(0), name: 'empty' });
      assert.equal(r.runs.length, 0, importer.id);
      assert.ok(r.errors.length > 0, `${importer.id} gives no error for an empty file`);
    }
  });

  it('a header and nothing else: an error, no run', () => {
    const heads: Array<[Importer, string]> = [
      [iostatTextImporter, 'Linux 5.15.0 (h) \t01/31/2024 \t_x86_64_\t(8 CPU)\n\n'],
      [sarImporter, 'Linux 5.15.0 (h) \t01/31/2024 \t_x86_64_\t(8 CPU)\n\n00:00:01 CPU %user %nice %system %iowait %steal %idle\n'],
      [nmonImporter, 'AAA,progname,nmon\nAAA,host,h\nCPU_ALL,CPU Total h,User%,Sys%,Wait%,Idle%,Busy,CPUs\n'],
      [dstatImporter, '"Dstat 0.7.2 CSV output"\n\n"epoch","total cpu usage",,\n"epoch","usr","sys","idl"\n'],
      [iostatJsonImporter, '{"sysstat": {"hosts": [{"nodename": "h", "statistics": []}]}}'],
    ];
    for (const [importer, text] of heads) {
      const r = parse(importer, text);
      assert.deepEqual([r.runs.length, r.errors.length > 0], [0, true], importer.id);
    }
  });

  it('iostat text cut in the last device row: that row is left out, the rest kept', (t) => {
    // Line 1261: "sda   0.00   2.00   0.00   2.00 ..." cut after "sda               0.00     2."
    const text = cutInLine('other/iostatplot__iostat-xmt_sysstat10_timestamped.txt', 1261, 30);
    if (text === null) return t.skip(SKIP_NO_CORPUS);
    const r = parse(iostatTextImporter, text);
    assert.match(messages(r), /^1261: 1 row\(s\) whose figures do not match their header/m);
    assert.match(messages(r), /^1261: the file does not end with a line break/m);
    const run = r.runs[0]!;
    assert.equal(series(run, 'sda', 'write.iops').times.length, 178);
    assert.equal(series(run, 'cpu', 'cpu_usr_pct').times.length, 179, 'the last report\'s avg-cpu is whole');
  });

  it('sar cut in its last row: no Average row, so run metrics are the means of the rows', (t) => {
    // Line 13 "06:47:09 PM     all     99.82 ..." cut after "06:47:09 PM     all     99.8"
    const text = cutInLine('other/pkb__sar-u_cpu_aws.txt', 13, 28);
    if (text === null) return t.skip(SKIP_NO_CORPUS);
    const r = parse(sarImporter, text);
    assert.match(messages(r), /^13: 1 line\(s\) that are not rows/m);
    assert.match(messages(r), /no Average rows/);
    const run = r.runs[0]!;
    assert.equal(series(run, 'cpu', 'cpu_usr_pct').times.length, 9);
    // Rows on lines 4-12: %user 99.85 99.77 99.69 99.80 99.62 99.70 99.74 99.64 99.78
    const usr = [99.85, 99.77, 99.69, 99.8, 99.62, 99.7, 99.74, 99.64, 99.78];
    assert.ok(Math.abs(run.metrics['cpu_usr_pct']! - usr.reduce((a, b) => a + b) / 9) < 1e-9);
  });

  it('nmon cut in a DISKREAD row: the row is left out, and half the asked snapshots are said to be missing', (t) => {
    const p = corpusFile('other/pynmon__nmon-13g_linux_test.nmon');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const lines = fs.readFileSync(p, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('DISKREAD,T0060,'));
    const r = parse(nmonImporter, cutInLine('other/pynmon__nmon-13g_linux_test.nmon', at + 1, 30)!);
    assert.match(messages(r), new RegExp(`^${at + 1}: 1 row\\(s\\) with fewer or more figures`, 'm'));
    assert.match(messages(r), /60 of the 120 snapshots/);
    const run = r.runs[0]!;
    assert.equal(series(run, 'sda', 'util_pct').times.length, 60);
    assert.equal(series(run, 'sda', 'read.bw_mib_s').times.length, 59);
  });

  it('dstat cut in a row: the row is left out', (t) => {
    // Line 200 cut after 20 characters; rows on lines 9-199 remain (line 8 is since boot).
    const text = cutInLine('other/pkb__pcp-dstat-5.0.3.csv', 200, 20);
    if (text === null) return t.skip(SKIP_NO_CORPUS);
    const r = parse(dstatImporter, text);
    assert.match(messages(r), /^200: 1 row\(s\) with another number of cells/m);
    assert.equal(series(r.runs[0]!, 'cpu', 'cpu_usr_pct').times.length, 191);
  });

  it('iostat JSON cut inside its first report: an error, no run', (t) => {
    const p = corpusFile('other/pkb__iostat_sysstat-json.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const r = parse(iostatJsonImporter, fs.readFileSync(p, 'utf8').slice(0, 1500));
    assert.equal(r.runs.length, 0);
    assert.match(r.errors[0]!.message, /no complete iostat report/);
  });

  it('files of other formats give errors or warnings, never exceptions', (t) => {
    const files = fs.existsSync(CORPUS_DIR)
      ? fs.readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => corpusFiles(d.name))
      : [];
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    for (const f of files) {
      const bytes = readBytes(f);
      for (const importer of monitorImporters) {
        const r = importer.parse({ bytes, name: path.basename(f) });
        assert.ok(Array.isArray(r.runs) && Array.isArray(r.errors), `${importer.id} on ${f}`);
        for (const run of r.runs) {
          for (const s of run.series) {
            assert.equal(s.times.length, s.values.length);
            for (let i = 1; i < s.times.length; i++) assert.ok(s.times[i]! > s.times[i - 1]!, `${importer.id} on ${f}: ${s.object} ${s.metric} not ascending`);
          }
        }
      }
    }
  });
});
