/**
 * A report's rendering and its export read the study's runs once per kind of read, however many
 * sections ask: dozens of full reads per rendering were what printed "[store] slow query
 * listRuns" under every `perfdelta report` and `export` (issue 33).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { importSysbenchServers, SERVERS } from '../test-support/stranger-studies.js';

describe('reads of a rendering', () => {
  it('the runs are read a handful of times, not once per section and comparison', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS, [1, 8, 64]);
      core.updateSettings('db', { path_params: [{ pattern: 'ro\\.(short|long)\\.', param: 'ranges' }] });
      const report = core.createReport('db');
      const list = core.store.listRuns.bind(core.store);
      let reads = 0;
      core.store.listRuns = (filter) => { reads++; return list(filter); };
      const doc = core.renderReport('db', report.id);
      assert.ok(doc.sections.length > 4);
      assert.ok(reads <= 4, `${reads} reads of the runs for one rendering`);
      reads = 0;
      core.exportXlsx('db', report.id);
      assert.ok(reads <= 4, `${reads} reads of the runs for one export`);
      // Outside a rendering every call reads afresh: what was written since is seen.
      reads = 0;
      core.runs({ study: 'db' });
      core.runs({ study: 'db' });
      assert.equal(reads, 2);
    } finally {
      core.close();
    }
  });
});
