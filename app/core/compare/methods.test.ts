import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { methodSentences, rollupCountsText } from './methods.js';

describe('the methods appendix', () => {
  it('states each method with its coverage, in English and Chinese', () => {
    const en = methodSentences('en').join('\n');
    assert.match(en, /the mean of the two middle ones, as benchstat does/);
    assert.match(en, /50% \(n = 2\), 75% \(n = 3\), 87\.5% \(n = 4\), 93\.75% \(n = 5\)/);
    assert.match(en, /96\.88% \(n = 6\), 98\.44% \(n = 7\), 96\.09% \(n = 8\)/);
    assert.match(en, /Exact up to 50 runs a side: the permutation distribution of U given the observed ties/);
    assert.match(en, /beyond 50, the normal approximation with tie and continuity corrections/);
    assert.match(en, /3 runs per side cannot \(p ≥ 0\.1\), 4 can \(0\.029\)/);
    assert.match(en, /geometric mean of its pairs' speedups/);
    assert.match(en, /better or worse only when p < 0\.05 and its change lies outside the tie band/);
    assert.doesNotMatch(en, /Student/, 'no Student t interval any more');
    const zh = methodSentences('zh-CN').join('\n');
    assert.match(zh, /5 次 93\.75%/);
    assert.match(zh, /6 次 96\.88%/);
    assert.match(zh, /每侧不超过 50 次运行时为精确检验/);
    assert.equal(methodSentences('en').length, methodSentences('zh-CN').length);
  });

  it('a roll-up says which pairs no test decided', () => {
    assert.equal(rollupCountsText({ pairs: 9, wins: 0, losses: 0, ties: 9, untested: 9, untested_better: 0, untested_worse: 9 }, 'en'), '0 wins, 0 losses, 9 ties; all 9 untested (too few runs for a test, counted as ties): by the tie band alone 9 worse');
    assert.equal(rollupCountsText({ pairs: 6, wins: 2, losses: 0, ties: 4, untested: 0 }, 'en'), '2 wins, 0 losses, 4 ties');
    assert.equal(rollupCountsText({ pairs: 6, wins: 2, losses: 0, ties: 4, untested: 3, untested_better: 1, untested_worse: 0 }, 'zh-CN'), '胜 2 / 负 0 / 平 4；其中 3 个未经检验（运行次数太少，无法检验，计为持平）；仅按持平区间：1 个更好');
  });
});
