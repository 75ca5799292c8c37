import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { SHEET_NAME_MAX, sheetName } from './sheet-names.js';

describe('XLSX sheet names', () => {
  it('stay within 31 characters, cut at a word, with a suffix that still fits from the tenth repeat on', () => {
    const taken = new Set<string>();
    const long = 'Chart total IOPS speedup against V7000 thick per workload';
    const names = Array.from({ length: 12 }, () => sheetName(long, taken));
    for (const n of names) assert.ok([...n].length <= SHEET_NAME_MAX, `${n} (${[...n].length})`);
    assert.equal(names[0], 'Chart total IOPS speedup…', 'cut at a word, the cut marked');
    assert.equal(new Set(names.map((n) => n.toLowerCase())).size, 12, 'all different');
    assert.match(names[9]!, / \(10\)$/);
    assert.match(names[11]!, / \(12\)$/);
  });

  it('drop the characters Excel forbids, leading and trailing apostrophes, and the reserved name', () => {
    const taken = new Set<string>();
    assert.equal(sheetName("'read/write: [4K] *mix?*'", taken), 'read write 4K mix');
    assert.equal(sheetName('History', taken), 'History (sheet)');
    assert.equal(sheetName('   ', taken), 'Sheet');
    assert.equal(sheetName('headline', new Set(['headline'])), 'headline (2)', 'unique without regard to case');
    assert.equal(sheetName('读响应时间（每卷，生产）与写响应时间（每卷，生产）对比图', new Set()).length <= SHEET_NAME_MAX, true);
  });

  it('make a book SheetJS writes and reads back with every name as given', () => {
    const taken = new Set<string>();
    const book = XLSX.utils.book_new();
    const wanted = ['Table 1 total IOPS', 'Table 1 total IOPS', 'Chart read/write response: before [after]', "'quoted'", 'x'.repeat(40)];
    const names = wanted.map((w) => sheetName(w, taken));
    for (const n of names) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[1]]), n);
    const back = XLSX.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array, { type: 'buffer' });
    assert.deepEqual(back.SheetNames, names);
  });
});
