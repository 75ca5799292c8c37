import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { EXCEL_CELL_CHARS, fitCell } from '../reports/xlsx-export.js';
import { tempDir } from '../test-support/temp.js';

/** Issue 18: impossible values are named (file, place) and never become figures. */
describe('impossible values in imported files', () => {
  const FIO = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json');

  it('fio JSON: a number given as a string, a negative latency, an infinite and a null bandwidth are named by job and member', () => {
    const text = fs.readFileSync(FIO, 'utf8');
    const job = JSON.parse(text).jobs[0];
    // Edited as text, as a hand-edited or broken file would be: JSON.stringify cannot write 1e999.
    const edited = text
      .replace(`"iops" : ${job.read.iops},`, `"iops" : "${job.read.iops}",`)
      .replace(/("clat_ns" : \{\s*"min" : \d+,\s*"max" : \d+,\s*"mean" : )[\d.]+/, '$1-5.0')
      .replace(/"bw_bytes" : \d+/, '"bw_bytes" : 1e999')
      .replace(/"bw" : \d+/, '"bw" : null');
    assert.notEqual(edited, text);
    const dir = tempDir();
    const file = path.join(dir, 'odd.json');
    fs.writeFileSync(file, edited);
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([file], 'odd', 'c');
    const outcome = result.files[0]!;
    assert.equal(outcome.status, 'imported');
    const warnings = outcome.warnings.join('\n');
    assert.match(warnings, new RegExp(`randread-4k-qd1: read\\.iops is the string "${job.read.iops}" where fio writes a number: read as ${job.read.iops}`));
    assert.match(warnings, /randread-4k-qd1: read\.clat_ns\.mean is -5: a negative count, rate or time is impossible: left out/);
    assert.match(warnings, /randread-4k-qd1: read\.bw_bytes is Infinity, not a finite number: left out/);
    assert.match(warnings, /randread-4k-qd1: read\.bw is null where fio writes a number: left out/);
    const [run] = core.runs({ study: 'odd' });
    assert.equal(run!.metrics['read.iops'], job.read.iops, 'the string read as the number it holds');
    assert.equal(run!.metrics['read.clat_avg_ms'], undefined, 'no negative latency');
    assert.equal(run!.metrics['read.bw_mib_s'], undefined, 'no bandwidth from an infinite or null value');
    assert.ok(Object.values(run!.metrics).every((v) => Number.isFinite(v) && v >= 0));
    core.close();
  });

  it('a table: a negative IOPS and a negative latency are named by cell and left out, the rest imported', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.csv');
    fs.writeFileSync(file, 'Array,bs,pattern,IOPS,Latency (ms)\nA,4K,random read,1000,0.5\nA,8K,random read,-20,0.7\nB,4K,random read,900,-1\n');
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const outcome = core.importPaths([file], 'tab', 'c').files[0]!;
    assert.equal(outcome.status, 'imported');
    assert.equal(outcome.runs.length, 3);
    assert.match(outcome.warnings.join('\n'), /8K random read: total\.iops is -20: a negative rate or count is impossible \(cell D3\): left out/);
    assert.match(outcome.warnings.join('\n'), /4K random read: total\.lat_avg_ms is -1: a negative time is impossible \(cell E4\): left out/);
    const runs = core.runs({ study: 'tab' });
    assert.deepEqual(runs.map((r) => r.metrics['total.iops'] ?? null), [1000, null, 900]);
    assert.deepEqual(runs.map((r) => r.metrics['total.lat_avg_ms'] ?? null), [0.5, 0.7, null]);
    core.close();
  });

  it('an fio log: negative latency samples are left out of its series and counted', () => {
    const dir = tempDir();
    const file = path.join(dir, 'job_clat.1.log');
    fs.writeFileSync(file, '100, 5000, 0, 4096\n200, -7000, 0, 4096\n300, 6000, 0, 4096\n400, -1, 0, 4096\n');
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const outcome = core.importPaths([file], 'log', 'c').files[0]!;
    assert.match(outcome.warnings.join('\n'), /2 sample\(s\) of read\.clat_ms for "job job 1" negative or not numbers, left out \(the first -0\.007 at /);
    const points = core.series(outcome.runs[0]!, 'read.clat_ms')[0]!.points;
    assert.deepEqual(points.map((p) => p[1]), [0.005, 0.006]);
    const [run] = core.runs({ study: 'log' });
    assert.equal(run!.metrics['read.clat_avg_ms'], 0.0055, 'the mean of the possible samples only');
    core.close();
  });
});

describe('XLSX export with a text longer than a cell holds', () => {
  it('cuts the cell with a visible mark and exports the rest of the study', () => {
    const j = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/disk/randread-4k-qd1.json'), 'utf8'));
    j.jobs[0].jobname = `long-${'x'.repeat(40_000)}`;
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'long.json'), JSON.stringify(j));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([path.join(dir, 'long.json'), path.join(REPO_ROOT, 'samples/fio/disk/randwrite-4k-qd16.json')], 'long', 'c');
    const book = XLSX.read(core.exportXlsx('long'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Runs']!);
    assert.equal(rows.length, 2, 'every run is exported');
    const name = String(rows.find((r) => String(r['Name']).startsWith('long-'))!['Name']);
    assert.equal(name.length, EXCEL_CELL_CHARS);
    assert.ok(name.endsWith('… [cut: 40,005 characters]'), name.slice(-40));
    assert.ok(rows.some((r) => r['Name'] === 'randwrite-4k-qd16'));
    core.close();
  });

  it('never splits a character made of two UTF-16 units, and leaves short texts alone', () => {
    const text = '𝄞'.repeat(20_000);
    const cut = fitCell(text);
    assert.ok(cut.length <= EXCEL_CELL_CHARS);
    assert.ok(!/[\uD800-\uDBFF]…/.test(cut), 'no lone high surrogate before the mark');
    assert.equal(fitCell('short'), 'short');
    assert.equal(fitCell('y'.repeat(EXCEL_CELL_CHARS)), 'y'.repeat(EXCEL_CELL_CHARS));
  });
});
