/**
 * COSBench stages of several works (issue 24 item 1): the stage CSV whose every metric group
 * spans one column per work, and the workload summary that lists each work's operations in
 * turn. Files in test-files/cosbench-two-works/, written for these tests (no such public file
 * was found): a prepare stage of 64 KB and 64 MB objects, and a main stage of 4 KB and 1 MB
 * read/write works.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { cosbenchImporter } from './cosbench.js';
import { objectSizeLabel, splitWorks } from './cosbench-works.js';

const DIR = path.join(REPO_ROOT, 'importers/benchmarks/test-files/cosbench-two-works');
const STAGE = fs.readFileSync(path.join(DIR, 's1-prepare.csv'), 'utf8');
const SUMMARY = fs.readFileSync(path.join(DIR, 'w1-two-sizes.csv'), 'utf8');

const parse = (text: string, name = 's1-prepare.csv'): ParseResult => cosbenchImporter.parse({ bytes: new TextEncoder().encode(text), name });
const close = (actual: number | undefined, expected: number): void => {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= Math.abs(expected) * 1e-12, `expected ${expected}, got ${actual}`);
};
const values = (run: ParsedRun, metric: string): number[] => [...(run.series.find((s) => s.metric === metric)?.values ?? [])];

describe('COSBench: a stage of two works', () => {
  it('the stage CSV: each work of the "prepare-write" pair is its own run, told apart by its object size', () => {
    const { runs, errors, warnings } = parse(STAGE);
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    assert.deepEqual(runs.map((r) => r.name), ['s1-prepare work 1 (64 KB objects)', 's1-prepare work 2 (64 MB objects)']);
    const [small, large] = runs as [ParsedRun, ParsedRun];
    assert.deepEqual([small.params['work'], small.params['bs'], small.params['stage']], [1, 64000, 's1-prepare']);
    assert.deepEqual([large.params['work'], large.params['bs']], [2, 64000000]);
    // Columns 10 and 11 (Throughput): 100 / 120 / 110 and 2 / 2.4 / 1.6 op/s.
    assert.deepEqual(values(small, 'write.ops_per_s'), [100, 120, 110]);
    assert.deepEqual(values(large, 'write.ops_per_s'), [2, 2.4, 1.6]);
    assert.deepEqual(values(large, 'write.lat_avg_ms'), [480.5, 470, 520], 'the second column of Avg-ResTime, read at last');
    // 1650 writes over three 5 s windows; 30 over the same 15 s.
    close(small.metrics['write.ops_per_s'], 1650 / 15);
    close(large.metrics['write.ops_per_s'], 30 / 15);
    close(small.metrics['write.lat_avg_ms'], (10.2 * 500 + 9.8 * 600 + 10 * 550) / 1650);
    close(large.metrics['write.lat_avg_ms'], (480.5 * 10 + 470 * 12 + 520 * 8) / 30);
    close(large.metrics['write.bw_mib_s'], (128000000 + 153600000 + 102400000) * 5 / 15 / 1048576);
    assert.match(large.warnings.join(' '), /one of 2 works of the stage .* columns are 3 of each metric group/);
  });

  it('the workload summary: a stage\'s rows split where an operation name repeats', () => {
    const { runs, errors } = parse(SUMMARY, 'w1-two-sizes.csv');
    assert.deepEqual(errors, []);
    assert.deepEqual(runs.map((r) => r.name), [
      's1-prepare work 1 (64 KB objects)', 's1-prepare work 2 (64 MB objects)', 's2-main work 1 (4 KB objects)', 's2-main work 2 (1 MB objects)',
    ]);
    const main4k = runs[2]!;
    const main1m = runs[3]!;
    assert.deepEqual([main4k.metrics['read.ops_per_s'], main4k.metrics['write.ops_per_s'], main4k.params['bs'], main4k.params['read_pct']], [800, 200, 4000, 80]);
    assert.deepEqual([main1m.metrics['read.ops_per_s'], main1m.metrics['write.lat_avg_ms'], main1m.params['bs'], main1m.params['read_pct']], [20, 180.5, 1000000, 80]);
    assert.equal(runs[1]!.metrics['write.lat_avg_ms'], 486.83, 'the second prepare-write row is not overwritten by, nor overwrites, the first');
    assert.equal(runs[0]!.metrics['write.lat_avg_ms'], 9.99);
    assert.deepEqual(runs.map((r) => r.params['work']), [1, 2, 1, 2]);
  });

  it('a column that cannot be read is an error at its line and column, never a skipped figure', () => {
    const lines = STAGE.trimEnd().split('\n');
    const cell = (line: number, column: number, value: string): string =>
      lines.map((l, i) => (i === line - 1 ? l.split(',').map((f, c) => (c === column - 1 ? value : f)).join(',') : l)).join('\n');
    const bad = parse(cell(4, 7, '4?0'));
    assert.equal(bad.runs.length, 0);
    assert.equal(bad.errors[0]!.line, 4);
    assert.match(bad.errors[0]!.message, /column 7 \(Avg-ResTime, prepare-write\): "4\?0" is not a figure/);
    // Throughput spanning one column where Op-Count spans two: which work a rate is cannot be said.
    const short = lines.map((l, i) => (i < 2 ? l.split(',').filter((_, c) => c !== 10).join(',') : l.split(',').filter((_, c) => c !== 10).join(','))).join('\n');
    const s = parse(short);
    assert.equal(s.runs.length, 0);
    assert.match(s.errors[0]!.message, /column 10: metric group "Throughput" spans 1 column\(s\) but Op-Count spans 2/);
    // A relabelled column: Op-Count says prepare-write, Bandwidth says read.
    const relabelled = parse(cell(2, 13, 'read'));
    assert.match(relabelled.errors[0]!.message, /column 13: "read" under "Bandwidth" where Op-Count's column 3 has "prepare-write"/);
    assert.equal(relabelled.errors[0]!.line, 2);
    // A short row in the middle is an error; the last row cut short is a warning (a capture in progress).
    const middle = parse(lines.map((l, i) => (i === 3 ? l.slice(0, 30) : l)).join('\n'));
    assert.equal(middle.errors[0]!.line, 4);
    assert.match(middle.errors[0]!.message, /fields where the header has 18/);
    const end = parse(`${STAGE}10:00:20,40,`);
    assert.deepEqual(end.errors, []);
    assert.equal(end.warnings[0]!.line, 6);
  });

  it('an unknown metric group is named, not read past in silence', () => {
    const lines = STAGE.trimEnd().split('\n');
    const extra = lines.map((l, i) => (i === 0 ? `${l},Avg-Foo,` : i === 1 ? `${l},prepare-write,prepare-write` : `${l},1,2`)).join('\n');
    const { runs, warnings } = parse(extra);
    assert.equal(runs.length, 2);
    assert.match(warnings[0]!.message, /metric group\(s\) this importer does not read: "Avg-Foo" \(column 19-20\)/);
  });

  it('a workload summary column of no known name is named', () => {
    const lines = SUMMARY.trimEnd().split('\n');
    const text = lines.map((l, i) => (i === 0 ? l.replace('Throughput,', 'Throughput,Avg-QueueTime,') : l.replace(/(,\d+(?:\.\d+)?,)(\d+,\d+%)/, '$10.5,$2'))).join('\n');
    const { runs, warnings } = parse(text, 'w1-two-sizes.csv');
    assert.match(warnings[0]!.message, /columns this importer does not read: "Avg-QueueTime" \(column 15\)/);
    assert.equal(runs[2]!.metrics['read.ops_per_s'], 800);
  });

  it('works and sizes', () => {
    assert.deepEqual(splitWorks(['read', 'write', 'read', 'write', 'delete']), [[0, 1], [2, 3, 4]]);
    assert.deepEqual(splitWorks(['prepare-write', 'prepare-write']), [[0], [1]]);
    assert.deepEqual(splitWorks(['read', 'write', 'delete']), [[0, 1, 2]]);
    assert.deepEqual([objectSizeLabel(64000), objectSizeLabel(64e6), objectSizeLabel(4096), objectSizeLabel(2e9)], ['64 KB', '64 MB', '4096 B', '2 GB']);
  });
});
