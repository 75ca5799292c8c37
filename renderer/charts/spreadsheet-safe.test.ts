/**
 * Copy data (TSV) and the XLSX exports: a name from an imported file that looks like a formula
 * must arrive in Excel or Calc as text, and numbers must stay numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { optionToTsv, optionToXlsx } from './chart-export.js';
import { neutraliseFormula, tsvCell } from './spreadsheet-safe.js';

const HOSTILE = ['=HYPERLINK("http://x","y")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '=1+1'];

/** What a spreadsheet does with a pasted cell: a formula when it starts with one of these. */
const evaluates = (cell: string): boolean => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(cell);

describe('formula neutralisation (OWASP CSV injection)', () => {
  it('prefixes a single quote to every cell that would start a formula', () => {
    for (const h of HOSTILE) {
      assert.equal(neutraliseFormula(h), `'${h}`, h);
      assert.ok(!evaluates(tsvCell(h)), `${JSON.stringify(h)} pastes as ${JSON.stringify(tsvCell(h))}`);
    }
  });

  it('keeps numbers numbers, whether typed as numbers or written as text', () => {
    for (const n of ['-3.5', '+2', '-1e-3', '42', '-0.25', '-7%']) assert.equal(neutraliseFormula(n), n);
    assert.equal(tsvCell(-3.5), '-3.5');
    assert.equal(tsvCell(2), '2');
    assert.equal(tsvCell(Number.NaN), '');
  });

  it('leaves ordinary text alone', () => {
    for (const t of ['tmpfs', '4K random read', 'a=b', 'V7000 - thick', '']) assert.equal(neutraliseFormula(t), t);
  });

  it('Copy data: names in headers and categories cannot paste as formulas, values stay numbers', () => {
    const option = {
      xAxis: { type: 'category', data: ['=cmd|\'/C calc\'!A0', '4K read', '@SUM(A1)'] },
      yAxis: { type: 'value', name: 'IOPS' },
      series: [
        { name: '=HYPERLINK("http://evil","click")', type: 'bar', data: [-3.5, 2, 7] },
        { name: 'after', type: 'bar', data: [{ value: 1 }, { value: -2 }, { value: 3 }] },
      ],
    };
    const rows = optionToTsv(option).trimEnd().split('\n').map((r) => r.split('\t'));
    assert.deepEqual(rows[0], ['', '\'=HYPERLINK("http://evil","click")', 'after']);
    assert.deepEqual(rows.map((r) => r[0]), ['', '\'=cmd|\'/C calc\'!A0', '4K read', '\'@SUM(A1)']);
    assert.deepEqual(rows.slice(1).map((r) => r.slice(1)), [['-3.5', '1'], ['2', '-2'], ['7', '3']]);
    for (const cell of rows.flat()) assert.ok(!evaluates(cell), cell);
  });

  it('a tab or a line break inside a name does not split the pasted row', () => {
    const option = { xAxis: { type: 'category', data: ['a\tb\r\nc'] }, series: [{ name: 'x', data: [1] }] };
    const lines = optionToTsv(option).trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.deepEqual(lines[1]!.split('\t'), ['a b  c', '1']);
  });

  it('the chart XLSX writes names as text cells (never formulas) and values as numbers', async () => {
    const option = {
      xAxis: { type: 'category', data: ['=1+1', '@SUM(A1)'] },
      series: [{ name: '=HYPERLINK("http://evil","x")', type: 'bar', data: [-3.5, 2] }],
    };
    const book = XLSX.read(await optionToXlsx(option, { y: 'IOPS' }, 'chart'), { cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    assert.equal(sheet['A2']!.t, 's');
    assert.equal(sheet['A2']!.v, '=1+1');
    assert.equal(sheet['A2']!.f, undefined);
    assert.equal(sheet['B1']!.t, 's');
    assert.equal(sheet['B1']!.f, undefined);
    assert.equal(sheet['B2']!.t, 'n');
    assert.equal(sheet['B2']!.v, -3.5);
    for (const [ref, cell] of Object.entries(sheet)) if (!ref.startsWith('!')) assert.equal((cell as XLSX.CellObject).f, undefined, ref);
  });
});
