/**
 * The study workbook (Export XLSX): a configuration, run or file name that begins like a formula
 * is written as a text cell, so Excel shows it and never evaluates it; numbers stay numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { RunRecord } from '../../contract/records.js';
import { studyWorkbook } from './xlsx-export.js';

const run: RunRecord = {
  id: 1, study: 's', config: '=HYPERLINK("http://evil","open")', tool: 'fio', tool_version: '3.36', format: 'fio-json',
  name: '@SUM(A1:A9)', host: null, start: null, end: null,
  source: { file: '+cmd|\' /C calc\'!A0.json', sha256: 'ab' },
  params: { rw: '-1+1', iodepth: 4 }, metrics: { 'read.iops': -3.5 }, tables: {}, warnings: [], errors: [],
};

describe('study XLSX export and formula-like text', () => {
  it('writes every text cell as a string, never a formula, and numbers as numbers', () => {
    const book = XLSX.read(studyWorkbook([run], null), { cellFormula: true });
    const sheet = book.Sheets['Runs']!;
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')) as Array<[string, XLSX.CellObject]>;
    for (const [ref, cell] of cells) assert.equal(cell.f, undefined, `${ref} holds a formula`);
    const byValue = new Map(cells.map(([, c]) => [c.v, c]));
    for (const text of [run.config, run.name, run.source.file, '-1+1']) assert.equal(byValue.get(text)?.t, 's', text);
    assert.equal(byValue.get(-3.5)?.t, 'n');
  });
});
