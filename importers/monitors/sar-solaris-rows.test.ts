/**
 * Solaris sar -A rows placed by order and field count (issue 34 item 3), on files written to
 * FORMATS.md 6.2 by test-support/solaris-sar.ts: "Average" before each report's row of the
 * closing block (solaris-sar-A-average-per-report.txt), reports with nothing to report in the
 * first sample printing no row at all, CRLF and "Average" before every row
 * (solaris-sar-A-silent-first-sample-crlf.txt), and variants of both made here. Every figure
 * of the generated files is known, and sar's Average is the mean of the rows printed: a reader
 * that places each row in its report finds them agreeing, and says so only when they do not.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import { CPU, DEVICE, figure, IPC, KERNEL_MEMORY, MEMORY, printedFigure, QUEUE, solarisSarA, SPEC_PER_REPORT, SPEC_SILENT_FIRST, type SolarisSarSpec } from '../test-support/solaris-sar.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { sarImporter } from './sar.js';

const DIR = path.join(REPO_ROOT, 'importers/monitors/test-files');
const parse = (text: string): ParseResult => sarImporter.parse({ bytes: new TextEncoder().encode(text), name: 'sar-A.txt' });
const messages = (r: ParseResult): string => r.warnings.map((w) => w.message).join('\n');

/** Object and metric of a report's column, as sar-sections.ts names them (the ones checked here). */
const CHECKED: Array<{ report: number; column: number; object: string; metric: string }> = [
  { report: CPU, column: 0, object: 'cpu', metric: 'cpu_usr_pct' },
  { report: CPU, column: 3, object: 'cpu', metric: 'cpu_idle_pct' },
  { report: QUEUE, column: 0, object: 'queue', metric: 'runq_sz' },
  { report: QUEUE, column: 1, object: 'queue', metric: 'runq_occ_pct' },
  { report: 3, column: 1, object: 'buffer', metric: 'lread_per_s' },
  { report: 4, column: 4, object: 'swapping', metric: 'pswch_per_s' },
  { report: 5, column: 0, object: 'system', metric: 'syscalls_per_s' },
  { report: 6, column: 1, object: 'files', metric: 'namei_per_s' },
  { report: 7, column: 2, object: 'tty', metric: 'outch_per_s' },
  { report: IPC, column: 0, object: 'ipc', metric: 'msg_per_s' },
  { report: 10, column: 4, object: 'paging', metric: 'vflt_per_s' },
  { report: 11, column: 3, object: 'paging', metric: 'pgscan_per_s' },
  { report: MEMORY, column: 0, object: 'memory', metric: 'mem_free_pages' },
];

/** The samples in which a report printed figures. */
function printedIn(spec: SolarisSarSpec, report: number): number[] {
  return Array.from({ length: spec.samples }, (_, s) => s).filter((s) => !spec.silent?.[s]?.includes(report) && !(report === QUEUE && spec.blankQueue?.includes(s)));
}

const sampleTime = (spec: SolarisSarSpec, s: number): number => {
  const [mm, dd, yyyy] = spec.date.split('/').map(Number) as [number, number, number];
  return Date.UTC(yyyy, mm - 1, dd, 0, (s + 1) * spec.intervalMin);
};

function assertEveryRowPlaced(spec: SolarisSarSpec, r: ParseResult): void {
  assert.deepEqual(r.errors, []);
  const run = r.runs[0]!;
  assert.doesNotMatch(messages(r), /left out/, 'every row belongs to a report');
  assert.doesNotMatch(messages(r), /differs from the mean/, 'sar\'s Average is the mean of the rows once each row is in its report');
  for (const c of CHECKED) {
    const shown = printedIn(spec, c.report);
    const series = run.series.find((x) => x.object === c.object && x.metric === c.metric);
    assert.ok(series, `${c.object} ${c.metric}`);
    assert.deepEqual([...series.times], shown.map((s) => sampleTime(spec, s)), `${c.metric}: a point at each sample that printed it`);
    assert.deepEqual([...series.values].map((v) => +v.toFixed(6)), shown.map((s) => +figure(c.report, c.column, s).toFixed(6)), `${c.metric} by sample`);
    const mean = shown.reduce((n, s) => n + figure(c.report, c.column, s), 0) / shown.length;
    assert.equal(run.metrics[c.metric], printedFigure(c.report, c.column, mean), `${c.metric}: the run metric is sar's Average`);
  }
  spec.devices.forEach((d, i) => {
    const util = run.series.find((x) => x.object === d && x.metric === 'util_pct')!;
    assert.deepEqual([...util.values], printedIn(spec, DEVICE).map((s) => figure(DEVICE, 0, s, i)), d);
  });
}

describe('Solaris sar -A: rows by order and field count, the Average block too', () => {
  it('the test files are the text of their specs', () => {
    assert.equal(fs.readFileSync(path.join(DIR, 'solaris-sar-A-average-per-report.txt'), 'utf8'), solarisSarA(SPEC_PER_REPORT));
    assert.equal(fs.readFileSync(path.join(DIR, 'solaris-sar-A-silent-first-sample-crlf.txt'), 'utf8'), solarisSarA(SPEC_SILENT_FIRST));
  });

  it('"Average" before each report\'s row: the run queue\'s Average is the run queue\'s, not the CPU\'s, free memory is memory\'s', () => {
    const text = fs.readFileSync(path.join(DIR, 'solaris-sar-A-average-per-report.txt'), 'utf8');
    assert.equal(detectFormat(new TextEncoder().encode(text)).format, 'sar');
    assert.match(text, /^Average +1\.5 +2 +1\.0 +1$/m, 'the run queue\'s Average row');
    const r = parse(text);
    const m = r.runs[0]!.metrics;
    // Rows placed by position put "Average 1.5 2 1.0 1" on the CPU (idle 1) and freemem on the run queue.
    assert.deepEqual([m['cpu_usr_pct'], m['cpu_sys_pct'], m['cpu_idle_pct']], [11, 6, 83]);
    assert.deepEqual([m['runq_sz'], m['runq_occ_pct'], m['swpq_sz']], [1.5, 2, 1]);
    assert.deepEqual([m['mem_free_pages'], m['msg_per_s']], [813340, 91]);
    assertEveryRowPlaced(SPEC_PER_REPORT, r);
  });

  it('reports with no row in the first sample: the rows after them still reach their own reports', () => {
    const r = parse(fs.readFileSync(path.join(DIR, 'solaris-sar-A-silent-first-sample-crlf.txt'), 'utf8'));
    assertEveryRowPlaced(SPEC_SILENT_FIRST, r);
    const run = r.runs[0]!;
    assert.equal(run.series.find((s) => s.object === 'queue' && s.metric === 'runq_sz')!.times[0], sampleTime(SPEC_SILENT_FIRST, 1));
    assert.deepEqual([run.params['interval_s'], run.host], [300, 'sol10app']);
  });

  it('every way of printing "Average", CRLF or LF, silent reports anywhere: each row in its report', () => {
    const variants: SolarisSarSpec[] = [];
    for (const averagePrefix of ['every-row', 'every-report', 'first'] as const) {
      for (const crlf of [false, true]) {
        variants.push({ ...SPEC_PER_REPORT, averagePrefix, crlf });
        variants.push({ ...SPEC_SILENT_FIRST, averagePrefix, crlf, silent: { 0: [KERNEL_MEMORY], 1: [QUEUE, 4, 6], 3: [IPC, 10] } });
      }
    }
    for (const spec of variants) assertEveryRowPlaced(spec, parse(solarisSarA(spec)));
  });

  it('the table sizes\' fractions never become another report\'s figures, nor a 7-figure row table sizes', () => {
    // The system-call report (7 figures, like the table sizes' row) is silent in the second sample.
    const spec: SolarisSarSpec = { ...SPEC_PER_REPORT, silent: { 1: [5] } };
    const run = parse(solarisSarA(spec)).runs[0]!;
    const calls = run.series.find((s) => s.object === 'system' && s.metric === 'syscalls_per_s')!;
    assert.deepEqual([...calls.times], [sampleTime(spec, 0), sampleTime(spec, 2)]);
    assert.deepEqual([...calls.values], [50, 52]);
    assertEveryRowPlaced(spec, parse(solarisSarA(spec)));
  });

  it('two reports of one field count with only silent reports between them cannot be told apart: the Average comparison says so', () => {
    // msg/s sema/s and freemem freeswap both print two figures; with the reports between them silent, free memory's row goes to the first.
    const r = parse(solarisSarA({ ...SPEC_SILENT_FIRST, silent: { 3: [IPC, 10, 11] } }));
    assert.match(messages(r), /sar's Average row differs from the mean of the rows in this file \(ipc msg_per_s: 91 vs /);
  });

  it('an Average that really differs from the rows is still said (an excerpt of a longer capture), and the run keeps sar\'s', () => {
    const r = parse(solarisSarA({ ...SPEC_PER_REPORT, idleAverageOffset: 5 }));
    assert.match(messages(r), /sar's Average row differs from the mean of the rows in this file \(cpu cpu_idle_pct: 88 vs 83\)/);
    assert.equal(r.runs[0]!.metrics['cpu_idle_pct'], 88);
  });
});

describe('the sar -A file of the last round', () => {
  it('reads as before: Average only before the block\'s first row', () => {
    const r = parse(fs.readFileSync(path.join(DIR, 'solaris-sar-A.txt'), 'utf8'));
    const run: ParsedRun = r.runs[0]!;
    assert.doesNotMatch(messages(r), /left out|differs/);
    assert.deepEqual([run.metrics['cpu_idle_pct'], run.metrics['runq_sz']], [98, 1.5]);
  });
});
