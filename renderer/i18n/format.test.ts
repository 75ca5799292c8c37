import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { format } from './format.js';
import { en, zhCN } from './messages.js';
import { timelineEn, timelineZhCN } from './timeline-messages.js';

describe('message formatting', () => {
  it('fills names and picks the plural form by the language\'s rules (ICU plural, Intl.PluralRules)', () => {
    const done = en['import.done'];
    assert.equal(format(done, { imported: 1, runs: 1, duplicates: 0, failed: 0 }, 'en'), 'Imported 1 file (1 run); 0 already imported; 0 failed.');
    assert.equal(format(done, { imported: 6, runs: 36, duplicates: 2, failed: 1 }, 'en'), 'Imported 6 files (36 runs); 2 already imported; 1 failed.');
    assert.equal(format(en['import.warnings'], { count: 1 }, 'en'), '1 warning');
    assert.equal(format(en['import.title'], { count: 0 }, 'en'), 'Import 0 files');
    assert.equal(format(zhCN['import.title'], { count: 1 }, 'zh-CN'), '导入 1 个文件');
    assert.equal(format('{missing, plural, one {a} other {b}} {x}', {}, 'en'), '{missing, plural, one {a} other {b}} {x}', 'an unknown name is left as written');
    assert.equal(format('{n, plural, =0 {no runs} one {# run} other {# runs}}', { n: 0 }, 'en'), 'no runs', 'an exact match comes first');
    assert.equal(format('{n, plural, one {# run} other {# runs}}', { n: 1234 }, 'en'), '1,234 runs', '# is the number, in the language\'s digits');
  });

  it('says "1 workload", "1 run", "1 tie" where the UI counts one thing', () => {
    assert.equal(format(en['compare.geomean'], { count: 1, value: '8.06x' }, 'en'), 'Speedup over 1 workload: 8.06x');
    assert.equal(format(en['compare.geomean'], { count: 7, value: '1.12x' }, 'en'), 'Geometric mean speedup over 7 workloads: 1.12x');
    assert.match(format(en['compare.rollup'], { wins: 1, losses: 0, ties: 1, band: 0 }, 'en'), /^1 better, 0 worse, 1 tie \(/);
    assert.match(format(en['compare.rollupUntested'], { count: 1 }, 'en'), /^1 of them has too few runs/);
    assert.equal(format(en['studies.runs'], { count: 1 }, 'en'), '1 run');
    assert.equal(format(en['study.configs'], { count: 1 }, 'en'), '1 configuration');
    assert.equal(format(zhCN['compare.geomean'], { count: 1, value: '8.06x' }, 'zh-CN'), '1 个负载的几何平均加速比：8.06x');
  });

  it('every message of both catalogs has balanced braces and an "other" form for each plural', () => {
    for (const [lang, catalog] of [['en', en], ['zh-CN', zhCN]] as const) {
      for (const [key, text] of Object.entries(catalog)) {
        let depth = 0;
        for (const c of text) { depth += c === '{' ? 1 : c === '}' ? -1 : 0; assert.ok(depth >= 0, `${lang} ${key}: a } before its {`); }
        assert.equal(depth, 0, `${lang} ${key}: unbalanced braces`);
        for (const m of text.matchAll(/\{\w+, plural,/g)) assert.ok(text.slice(m.index).includes('other {'), `${lang} ${key}: a plural without "other"`);
        assert.doesNotMatch(text, /\{\w+\|[^}]*\|/, `${lang} ${key}: the old {n|one|other} form`);
      }
    }
  });

  it('both catalogs have every message, each with the same names to fill (a Chinese page is never short of a word or a number)', () => {
    // The names whose values a reader sees: {name}, and a plural's number where a branch shows it (#).
    // A plural that only picks a word ("its"/"their") has nothing to show in Chinese.
    const branch = /\b(?:zero|one|two|few|many|other|=\d+)\s*\{((?:[^{}]|\{\w+\})*)\}/g;
    const names = (text: string): string[] => {
      const plain = [...text.replace(branch, ' $1 ').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const counted = [...text.matchAll(/\{(\w+), plural,/g)].filter(() => text.includes('#')).map((m) => m[1]!);
      return [...new Set([...plain, ...counted])].sort();
    };
    assert.deepEqual(Object.keys(zhCN).sort(), Object.keys(en).sort());
    for (const key of Object.keys(en) as Array<keyof typeof en>) assert.deepEqual(names(zhCN[key]), names(en[key]), key);
  });

  it('the timeline\'s words are Chinese in the Chinese catalog, not English left over', () => {
    // Names of tools and symbols read the same in both languages.
    const same = /\b(UTC|CPU|I\/O|XLSX|vmstat|mpstat|pidstat|bi|r|ALL|P|t|H)\b/g;
    for (const key of Object.keys(timelineEn) as Array<keyof typeof timelineEn>) {
      const text = timelineZhCN[key].replace(/\{\w+\}/g, '').replace(same, '');
      assert.doesNotMatch(text, /[A-Za-z]{2,}/, `${key}: ${timelineZhCN[key]}`);
    }
  });
});
