/**
 * The fuzz suite's study-file part (issue #38 item 1): a saved sample study (fio runs with logs,
 * series and their pyramids, latency bins, a chart, a report, a period, a constant, an excluded
 * run) mutated field by field: the first row of every table, every field that is not a key,
 * with what suits it (study-file-mutations.ts). Each mutated file is opened into a store that
 * holds two other studies: refused naming the file, table, row and field, nothing written, both
 * studies still listed and every run still read; or, for control characters in a name, opened
 * with the name kept. The good file still opens at the end.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { judgeMutation, mutatedCopy, sampleStudyFile, studyFileMutations, type StudyFileMutation } from '../../tools/fuzz/study-file-mutations.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');

describe('fuzz: a study file\'s rows mutated field by field', () => {
  const dir = tempDir('perfdelta-study-fuzz-');
  let good: string;
  let mutations: StudyFileMutation[];
  before(() => {
    good = sampleStudyFile(dir);
    mutations = studyFileMutations(good);
  });

  it('covers every table a study file carries, with every kind of mutation', () => {
    const tables = new Set(mutations.map((m) => m.table));
    for (const t of ['studies', 'files', 'imports', 'runs', 'series', 'series_summary', 'series_levels', 'run_bins', 'periods', 'charts', 'reports', 'config_constants']) {
      assert.ok(tables.has(t), `no mutation of ${t}`);
    }
    const kinds = new Set(mutations.map((m) => m.kind));
    for (const k of ['JSON nested 50,000 deep', 'JSON cut in half', 'a number out of range', 'a date past the year 9999', 'a huge string', 'control characters in a name', 'bytes cut short']) {
      assert.ok(kinds.has(k), `no mutation "${k}"`);
    }
  });

  it('each is refused naming its place with nothing written, or kept as data; the other studies stay listed and the good file still opens', { timeout: 600_000 }, (t) => {
    const core = new Core(path.join(dir, 'store', 'perfdelta.sqlite'));
    try {
      core.importPaths([path.join(FIO, 'disk')], 'Mine', 'disk');
      const shared = core.openStudyFile({ path: good }, good);
      const others = core.studies().map((s) => s.slug);
      assert.deepEqual(others.sort(), ['mine', shared].sort());
      const problems: string[] = [];
      let refused = 0;
      mutations.forEach((m, i) => {
        const problem = judgeMutation(core, mutatedCopy(good, dir, m, i), m, others);
        if (problem) problems.push(`${m.table}.${m.column} (${m.kind}): ${problem}`);
        else if (m.expect === 'refused') refused++;
      });
      t.diagnostic(`${mutations.length} mutations: ${refused} refused naming their place, ${mutations.length - refused - problems.length} opened as data`);
      assert.deepEqual(problems, []);
      assert.ok(core.openStudyFile({ path: good }, good), 'the good file still opens');
    } finally {
      core.close();
    }
  });
});
