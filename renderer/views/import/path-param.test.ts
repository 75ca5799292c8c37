import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposePathParam, valueFromPath } from './path-param.js';

describe('import sheet: a parameter in folder names', () => {
  it('proposes the word whose number varies between folders', () => {
    const paths = ['rac/slob_update0/awr.txt', 'rac/slob_update3/awr.txt', 'rac/slob_update10/awr_rac.html', 'rac/slob_update10/tm.out'];
    const p = proposePathParam(paths)!;
    assert.equal(p.param, 'update');
    assert.deepEqual(paths.map((x) => valueFromPath(x, p.pattern)), ['0', '3', '10', '10']);
    assert.equal(proposePathParam(['a/awr.txt', 'b/awr.txt']), null);
    assert.equal(proposePathParam(['run1/x.json']), null, 'one value is no sweep');
  });

  it('says when a pattern is not a usable expression', () => {
    assert.equal(valueFromPath('x/update3/a.txt', 'update(\\d+'), undefined);
    assert.equal(valueFromPath('x/base/a.txt', 'update(\\d+)'), null);
  });
});
