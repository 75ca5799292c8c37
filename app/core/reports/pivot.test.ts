import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PivotSection } from '../../contract/records.js';
import { pivotTables, reduceValues, type PivotRecord } from './pivot.js';

const words = { dimensionLabel: (d: string) => d.toUpperCase(), statisticLabel: (s: string) => s };
const meta = (n: number) => Array.from({ length: n }, (_, i) => ({ metric: `m${i}`, label: `m${i}`, unit: 'ms', digits: null }));
const dim = (key: string, order?: number | string) => ({ key, label: key, ...(order !== undefined ? { order } : {}) });

function section(over: Partial<PivotSection>): PivotSection {
  return { id: 'p', type: 'pivot', source: { kind: 'runs' }, rows: ['day'], columns: ['object'], values: [{ metric: 'm0' }], ...over };
}

describe('pivot tables', () => {
  // S1's 09-08 row: the mean and the max of four volumes, and the mean of each beside them.
  const day = (d: string, means: number[], maxes: number[]): PivotRecord[] => means.flatMap((m, i) => [
    { dims: { day: dim(d), object: dim(`vol${i + 1}`) }, values: [m, null] },
    { dims: { day: dim(d), object: dim(`vol${i + 1}`) }, values: [null, maxes[i]!] },
  ]);
  const records = [...day('2017-09-13', [7.67, 6.54, 8.73, 6.06], [11.32, 8.9, 11.24, 7.77]), ...day('2017-09-08', [7.64, 6.18, 8.34, 6.46], [10.46, 8.99, 12.84, 7.66])];

  it('lays records out as rows × columns × values, with a margin of each row\'s cells', () => {
    const [t] = pivotTables(records, section({ values: [{ metric: 'mean' }, { metric: 'max' }], margin: 'mean' }), meta(2), words);
    assert.deepEqual(t!.row_headers, ['DAY']);
    assert.deepEqual(t!.columns.map((c) => c.label), ['vol1', 'vol2', 'vol3', 'vol4']);
    assert.deepEqual(t!.rows.map((r) => r.labels[0]), ['2017-09-08', '2017-09-13'], 'days in order, whatever the order of the records');
    const first = t!.rows[0]!;
    assert.deepEqual(first.cells.map((c) => c[0]), [7.64, 6.18, 8.34, 6.46]);
    assert.deepEqual(first.cells.map((c) => c[1]), [10.46, 8.99, 12.84, 7.66]);
    assert.equal(first.margin![0]!.toFixed(3), '7.155');
    assert.equal(first.margin![1]!.toFixed(4), '9.9875', 'the mean of the maxima');
    assert.equal(t!.margin_label, 'mean');
  });

  it('splits into a table per value, in the order `only` gives, and leaves out records outside `only`', () => {
    const runs: PivotRecord[] = ['V7000 thick', 'FS840 raw', 'production'].flatMap((config, c) => [4096, 8192].map((bs) => ({
      dims: { config: dim(config, c), bs: dim(String(bs), bs), pattern: dim('random') }, values: [bs / (c + 1)],
    })));
    const tables = pivotTables(runs, section({ rows: ['bs'], columns: ['pattern'], split: 'config', only: { config: ['FS840 raw', 'V7000 thick'] } }), meta(1), words);
    assert.deepEqual(tables.map((t) => t.title), ['FS840 raw', 'V7000 thick']);
    assert.deepEqual(tables[0]!.rows.map((r) => [r.labels[0], r.cells[0]![0]]), [['4096', 2048], ['8192', 4096]]);
  });

  it('orders rows by a value, largest cell first, cuts to the top N, and leaves a side without the row empty', () => {
    const events: PivotRecord[] = [
      { dims: { row: dim('cell single block physical read'), config: dim('write-back') }, values: [68.1] },
      { dims: { row: dim('cell single block physical read'), config: dim('write-through') }, values: [22] },
      { dims: { row: dim('free buffer waits'), config: dim('write-through') }, values: [63] },
      { dims: { row: dim('log file switch completion'), config: dim('write-back') }, values: [0] },
    ];
    const [t] = pivotTables(events, section({ rows: ['row'], columns: ['config'], sortBy: 0, top: 2 }), meta(1), words);
    assert.deepEqual(t!.rows.map((r) => r.labels[0]), ['cell single block physical read', 'free buffer waits']);
    assert.deepEqual(t!.rows[1]!.cells, [[null], [63]], 'free buffer waits: only in write-through');
  });

  it('a pivot without column dimensions has one column; cells reduce by their statistic', () => {
    const reps: PivotRecord[] = [3, 5, 10].map((v) => ({ dims: { day: dim('d') }, values: [v, v] }));
    const [t] = pivotTables(reps, section({ columns: [], values: [{ metric: 'a', statistic: 'max' }, { metric: 'a', statistic: 'count' }] }), meta(2), words);
    assert.deepEqual(t!.columns, [{ key: '[]', label: '' }]);
    assert.deepEqual(t!.rows[0]!.cells, [[10, 3]]);
    assert.equal(reduceValues([18000, 22000, 18000, 22000], 'cv')!.toFixed(2), '11.55');
    assert.equal(reduceValues([], 'mean'), null);
  });
});
