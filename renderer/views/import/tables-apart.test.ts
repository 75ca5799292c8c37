import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FilePreview } from '../../../app/contract/records.js';
import { tablesApart } from './tables-apart.js';

const file = (id: string, format: string | null, extra: Partial<FilePreview> = {}): FilePreview => ({ id, path: `${id}.x`, size: 1, sha256: id, format, runs: [], warnings: [], errors: [], ...extra });
const table = (id: string): FilePreview => file(id, 'spreadsheet', { table: { kind: 'csv' } as FilePreview['table'] });

describe('a table in a drop of tool outputs', () => {
  it('is set apart when the drop holds a tool\'s own output files', () => {
    assert.deepEqual([...tablesApart([file('a', 'fio-json'), file('b', 'fio-json'), table('summary')])], ['summary']);
  });

  it('is not when the drop is tables alone (or the other files are empty, skipped or unreadable)', () => {
    assert.deepEqual([...tablesApart([table('t1'), table('t2')])], []);
    assert.deepEqual([...tablesApart([table('t1'), file('e', 'fio-log', { empty: true }), file('n', null, { not_result: true }), file('', null, { errors: ['x'] })])], []);
  });
});
