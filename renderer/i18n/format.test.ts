import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { format } from './format.js';
import { en, zhCN } from './messages.js';

describe('message formatting', () => {
  it('fills names and picks the English singular or plural by the number', () => {
    const done = en['import.done'];
    assert.equal(format(done, { imported: 1, runs: 1, duplicates: 0, failed: 0 }), 'Imported 1 file (1 run); 0 already imported; 0 failed.');
    assert.equal(format(done, { imported: 6, runs: 36, duplicates: 2, failed: 1 }), 'Imported 6 files (36 runs); 2 already imported; 1 failed.');
    assert.equal(format(en['import.warnings'], { count: 1 }), '1 warning');
    assert.equal(format(en['import.title'], { count: 0 }), 'Import 0 files');
    assert.equal(format(zhCN['import.title'], { count: 1 }), '导入 1 个文件');
    assert.equal(format('{missing|a|b} {x}', {}), '{missing|a|b} {x}', 'an unknown name is left as written');
  });
});
