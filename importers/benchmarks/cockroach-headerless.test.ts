/**
 * A `cockroach workload run` per-second log saved without its `_elapsed___errors...` header
 * line: cut from the middle of a run (the header repeats only every 20 lines), or grepped for one
 * operation. Hand-written in the layout of pkg/workload/cli/format.go (textFormatter), kept in
 * test-files/cockroach-workload-no-header*.txt (the fuzz suite starts from the same bytes).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { detectFormat } from '../registry.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { cockroachWorkloadImporter } from './cockroach-workload.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string): ParseResult => cockroachWorkloadImporter.parse({ bytes: bytes(text), name: 'tail.log' });

const testFile = (name: string): string => fs.readFileSync(path.join(REPO_ROOT, 'importers/benchmarks/test-files', name), 'utf8');
/** Seconds 41 to 46 of a bank run, no header. */
const MID_RUN = testFile('cockroach-workload-no-header.txt');
/** The same seconds, then the run's end with its final blocks. */
const TO_THE_END = testFile('cockroach-workload-no-header-with-final.txt');

describe('cockroach workload per-second log without its header line', () => {
  it('is recognised by its lines, read as per-second ticks, and says which columns it assumed', () => {
    assert.equal(detectFormat(bytes(MID_RUN)).format, 'cockroach-workload');
    const r = parse(MID_RUN);
    assert.deepEqual(r.errors, []);
    assert.equal(r.runs.length, 1);
    const run = r.runs[0]!;
    assert.equal(run.params['workload'], 'bank');
    // No final summary: the cumulative rate of the last line is the run's rate.
    assert.equal(run.metrics['ops_per_s'], 499.3);
    const ops = run.series.find((s) => s.metric === 'transfer.ops_per_s')!;
    assert.deepEqual([...ops.values], [512, 530.9, 488.1, 501, 495.2, 520.3]);
    assert.deepEqual([...ops.times], [41_000, 42_000, 43_000, 44_000, 45_000, 46_000], 'relative times: the log has no clock');
    assert.deepEqual([...run.series.find((s) => s.metric === 'transfer.lat_p99_ms')!.values], [33.6, 30.4, 35.7, 32.5, 33.6, 31.5]);
    const said = run.warnings.join('\n');
    assert.match(said, /without their "_elapsed___errors__ops\/sec\(inst\)\.\.\." header line \(the capture starts at 41 s into the run\)/);
    assert.match(said, /no final summary/);
  });

  it('a header-less tail that reaches the final blocks takes the run figures from them', () => {
    assert.ok(TO_THE_END.startsWith(MID_RUN), 'the same ticks as the mid-run capture');
    const r = parse(TO_THE_END);
    assert.equal(r.runs.length, 1, 'the ticks and the final blocks are one run');
    const run = r.runs[0]!;
    assert.equal(run.metrics['ops_per_s'], 504.4);
    assert.equal(run.metrics['total.lat_avg_ms'], 437.8);
    assert.equal(run.series.find((s) => s.metric === 'transfer.ops_per_s')!.values.length, 6);
  });

  it('two lines, or lines whose time goes back, are not enough to claim a file', () => {
    const two = MID_RUN.split('\n').slice(0, 2).join('\n');
    assert.notEqual(detectFormat(bytes(two)).format, 'cockroach-workload');
    const back = MID_RUN.split('\n').slice(0, 3).reverse().join('\n');
    assert.notEqual(detectFormat(bytes(back)).format, 'cockroach-workload');
  });

  it('imported through the core as a run of its own', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bank-tail.txt'), MID_RUN);
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      const result = core.importPaths([dir], 'Crdb', 'baseline');
      assert.deepEqual(result.files.map((f) => [f.format, f.status]), [['cockroach-workload', 'imported']]);
      const [run] = core.runs({ study: 'crdb' });
      assert.equal(run!.metrics['ops_per_s'], 499.3);
    } finally {
      core.close();
    }
  });
});
