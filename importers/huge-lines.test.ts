/**
 * Inputs the fuzz suite found to hang an importer. A pattern anchored only at the end (/\s+$/,
 * /\d+$/) is retried at every character of a line of a million of them; /^\s*X/m runs over
 * every following blank line from every line start; a stray quote made a table's records be
 * counted again and again. The work grew with the square of the input: minutes for one file,
 * and, in detection, seconds for every file dropped. Each case must give what the same input
 * without the long run gives (the timeout turns a regression into a failure instead of a
 * stuck test run).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat, importers } from './registry.js';
import { REPO_ROOT } from './test-support/corpus.js';
import { parseTable } from './spreadsheet/index.js';
import { S1_TSV } from './test-support/spreadsheet-fixtures.js';
import type { ParseResult } from './types.js';

const MILLION = 1_000_000;

function parse(text: string, name: string): ParseResult {
  const bytes = new TextEncoder().encode(text);
  const d = detectFormat(bytes);
  assert.ok(d.importer, d.reason);
  return d.importer.parse({ bytes, name });
}

describe('a line of a million characters parses in linear time', () => {
  it('vdbench: a flatfile row led by a million blanks (trailing blanks were cut with /\\s+$/)', { timeout: 30_000 }, () => {
    const file = path.join(REPO_ROOT, 'samples', 'vdbench', 'fs840-thick', 'flatfile.html');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const clean = parse(lines.join('\n'), 'flatfile.html');
    lines[61] = ' '.repeat(MILLION) + lines[61];
    const long = parse(lines.join('\n'), 'flatfile.html');
    assert.deepEqual(long.errors, []);
    assert.deepEqual(long.runs.map((r) => r.name), clean.runs.map((r) => r.name));
  });

  it('AWR: a wait-event row led by a million digits (numbers were told with an ambiguous \\d[\\d,]*\\.?\\d*)', { timeout: 30_000 }, () => {
    const file = path.join(REPO_ROOT, 'samples', 'awr', 'sweep', 'sessions-032.txt');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const row = lines.findIndex((l) => l.startsWith('gc current block 3-way'));
    assert.ok(row > 0);
    const clean = parse(lines.join('\n'), 'sessions-032.txt');
    lines[row] = '9'.repeat(MILLION) + lines[row];
    const long = parse(lines.join('\n'), 'sessions-032.txt');
    assert.deepEqual(long.runs.map((r) => r.name), clean.runs.map((r) => r.name));
    assert.equal(long.runs[0]!.metrics['db_time_s'], clean.runs[0]!.metrics['db_time_s']);
  });

  it('a table cell of a million digits and a letter is refused as not a number, in linear time', { timeout: 30_000 }, () => {
    const r = parse(['bs,pattern,IOPS,Latency (ms)', '4K,randread,1000,0.5', `8K,randread,${'9'.repeat(MILLION)}x,0.7`, '16K,randread,800,0.9'].join('\n'), 'table.csv');
    assert.match(r.errors[0]?.message ?? '', /^row 3, column C \("IOPS"\): "9{20}/, 'the cell is refused where it is');
  });

  it('AWR HTML: a table row of a million empty cells (every row of the table was padded to its width)', { timeout: 60_000 }, () => {
    const row = (cells: string[]): string => `<tr>${cells.map((c) => `<td class="awrc">${c}</td>`).join('')}</tr>`;
    const rows = Array.from({ length: 200 }, (_, i) => row([`event ${i}`, String(1000 + i), '0', '1', '2.00', '0.5', '1.2']));
    rows.splice(100, 0, `<tr>${'<td>'.repeat(MILLION)}</tr>`);
    const html = [
      '<html lang="en"><head><title>AWR Report for DB: T, Inst: T1, Snaps: 1-2</title></head><body class="awr">',
      '<h1 class="awr">WORKLOAD REPOSITORY report for</h1>',
      '<h3 class="awr">Foreground Wait Events</h3>',
      '<table border="0" width="600" class="tdiff" summary="This table displays Foreground Wait Events and their wait statistics">',
      '<tr><th class="awrbg" scope="col">Event</th><th class="awrbg" scope="col">Waits</th><th class="awrbg" scope="col">%Time -outs</th><th class="awrbg" scope="col">Total Wait Time (s)</th><th class="awrbg" scope="col">Avg wait (ms)</th><th class="awrbg" scope="col">Waits /txn</th><th class="awrbg" scope="col">% DB time</th></tr>',
      ...rows, '</table>', '</body></html>',
    ].join('\n');
    const before = process.memoryUsage().rss;
    const r = parse(html, 'awr.html');
    assert.ok(r.runs.length + r.errors.length > 0);
    assert.ok(process.memoryUsage().rss - before < 1024 ** 3, 'well under a gigabyte more');
  });

  it('iostat: a device named by a million digits and letters (partitions were told with /\\d+$/)', { timeout: 30_000 }, () => {
    const block = (time: string, device: string): string => `${time}\nDevice:  rrqm/s wrqm/s r/s w/s rkB/s wkB/s avgrq-sz avgqu-sz await r_await w_await svctm %util\nsda 0.00 0.00 4.00 0.00 16.00 0.00 8.00 0.10 2.00 2.00 0.00 1.00 0.40\n${device} 0.00 0.00 1.00 0.00 4.00 0.00 8.00 0.10 2.00 2.00 0.00 1.00 0.40\n\n`;
    const head = 'Linux 3.10.0 (h) \t01/02/2020 \t_x86_64_\t(8 CPU)\n\n';
    const long = '9'.repeat(MILLION) + 'sdb';
    const r = parse(head + block('01/02/2020 11:59:58 PM', long) + block('01/02/2020 11:59:59 PM', long), 'iostat.txt');
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.ok(run.series.some((s) => s.object === long), 'the long-named device is kept as it is');
    assert.equal(run.metrics['read.iops'], 5, 'both devices summed: neither is a partition of the other');
  });
});

describe('detection and tables: blank lines, quotes and long heads stay linear', () => {
  // Detection is handed a 64 KiB head in the pipeline; a megabyte here makes a quadratic
  // pattern take minutes instead of seconds, so a regression cannot hide under the timeout.
  const MEGA_HEADS: Array<[string, string]> = [
    ['a head of blank lines', '\n'.repeat(MILLION)],
    ['blank lines after a pipe', '|' + '\n'.repeat(MILLION)],
    ['quotes after a brace', '{' + '"'.repeat(MILLION)],
    ['an unclosed quote over many lines', '{"' + 'a,\n'.repeat(MILLION / 3)],
  ];
  for (const [what, head] of MEGA_HEADS) {
    it(`every importer's detect() on ${what}`, { timeout: 60_000 }, () => {
      const claimed = importers.filter((i) => i.detect(head)).map((i) => i.id);
      assert.ok(claimed.length <= 1, `claimed by ${claimed.join(', ')}`);
    });
  }

  it('a pasted table with a row led by 300 KB of quotes and braces (each quote trimmed the cell so far)', { timeout: 60_000 }, () => {
    const lines = S1_TSV.split('\n');
    const clean = parse(lines.join('\n'), 's1.tsv');
    lines[9] = '{"a":'.repeat(60_000) + lines[9];
    const long = parse(lines.join('\n'), 's1.tsv');
    assert.ok(long.errors.length > 0 || long.runs.length >= clean.runs.length - 6, `${long.runs.length} runs of ${clean.runs.length}`);
  });

  it('table headers of a million "[" or blanks: the header unit and words are read by a scan from the end, not by patterns tried at every character', { timeout: 60_000 }, () => {
    // Read as the import reads a table it staged (detection sees the first 64 KiB: the header alone).
    const table = (text: string): ParseResult => parseTable(new TextEncoder().encode(text)).result;
    for (const header of ['IO' + '['.repeat(MILLION), 'IOPS' + ' '.repeat(MILLION) + 'x', 'IO' + 'a'.repeat(MILLION) + ' MB/s']) {
      const r = table([`bs,${header},Latency (ms)`, '4K,1000,0.5', '8K,900,0.7'].join('\n'));
      assert.deepEqual(r.errors, []);
      assert.equal(r.runs.length, 2);
    }
    // A gnuplot table whose naming comment is a million blanks long: read, and refused for naming no metric.
    const g = table([`# threads ${' '.repeat(MILLION)} a  b`, '1 10 20', '2 30 40'].join('\n'));
    assert.match(g.errors[0]?.message ?? '', /nothing names their metric/);
  });

  it('a CSV with a stray quote in row 100 of 100,000 parses: the rows before it are read', { timeout: 60_000 }, () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i === 99 ? '"' : ''}4K,randread,${i + 1},${1000 + i},0.5`);
    const r = parse(['bs,pattern,iodepth,IOPS,Latency (ms)', ...rows].join('\n'), 'table.csv');
    assert.ok(r.runs.length >= 99, `${r.runs.length} runs, errors: ${r.errors.map((e) => e.message).join('; ').slice(0, 300)}`);
  });
});
