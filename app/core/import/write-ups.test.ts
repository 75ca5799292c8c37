/**
 * Issue 40: a folder import skips the write-up beside the results with the reason, and imports
 * the captures; the README's quoted lines make no run (no 1-VU run with the 100-VU figure, no
 * failed user of no test).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { HAMMERDB_STUDY, writeHammerdbStudy } from '../../../importers/test-support/hammerdb-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

describe('a folder with a README beside the captures (issue 40)', () => {
  it('the README is skipped with its reason, the captures imported; the study has the runs the captures hold and no more', () => {
    const dir = tempDir();
    const root = path.join(dir, 'study');
    writeHammerdbStudy(root, [HAMMERDB_STUDY[0]!]);
    const core = new Core(path.join(dir, 'perfdelta.sqlite'));
    try {
      const result = core.importPaths([root], 'MySQL only', 'MySQL 8.0', { relativeTo: root });
      const readme = result.files.find((f) => f.path === 'README.md')!;
      assert.equal(readme.status, 'skipped');
      assert.deepEqual(readme.runs, []);
      assert.match(readme.warnings[0]!, /^not a result file PerfDelta reads \(a write-up, not a tool's output: a Markdown document .* that quotes HammerDB log \/ CLI output \/ time profile lines; the results it describes are imported from the tool's own files\): nothing to import$/);
      assert.deepEqual(result.files.filter((f) => f.status === 'imported').map((f) => f.path).sort(), ['mysql-8.0/tprocc-vu1.log', 'mysql-8.0/tprocc-vu10.log', 'mysql-8.0/tprocc-vu100.log']);
      const runs = core.runs({ study: 'MySQL only' });
      assert.deepEqual(runs.map((r) => [r.params['vus'], r.metrics['nopm']]).sort((a, b) => Number(a[0]) - Number(b[0])), [[1, 1310], [10, 2480], [100, 2891]]);
      // The README was the only file with failed users in it: no run carries one.
      assert.ok(runs.every((r) => (r.validity ?? []).length === 0));
    } finally {
      core.close();
    }
  });
});
