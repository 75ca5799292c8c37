/**
 * Where a table import's configurations come from (issue 34 item 6), through the core: the
 * sheet's preview and the import's outcome name the column (or columns) a file takes them from,
 * the CLI's last line says so for the whole import, and files that name none take the label.
 * Files: importers/spreadsheet/test-files/ (see author-tables.test.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { importSummary } from '../../cli/main.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const DIR = path.join(REPO_ROOT, 'importers/spreadsheet/test-files');
const file = (name: string): string => path.join(DIR, name);

describe('a table\'s configurations: named where they come from', () => {
  it('the sheet\'s preview names the column and the configurations before anything is written', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const drives = core.stage('author-summary-drives.csv', new Uint8Array(fs.readFileSync(file('author-summary-drives.csv'))));
      assert.deepEqual(drives.configurations, { from: 'column B ("drive")', labels: ['sn850x', '990pro'] });
      assert.match(drives.warnings[0]!, /^columns read: .*; left unmapped: A "run"$/);
      const gnuplot = core.stage('tps.dat', new Uint8Array(fs.readFileSync(file('gnuplot-sysbench-tps.dat'))));
      assert.deepEqual(gnuplot.configurations, { from: 'columns B ("10.1.36"), C ("10.2.18"), D ("10.3.9"), a configuration each', labels: ['10.1.36', '10.2.18', '10.3.9'] });
      assert.equal(gnuplot.table!.kind, 'gnuplot');
      const bare = core.stage('bare.csv', new Uint8Array(fs.readFileSync(file('author-summary-bare-bs.csv'))));
      assert.equal(bare.configurations, undefined, 'no column names a configuration');
    } finally {
      core.close();
    }
  });

  it('imported together: each file\'s outcome says where its configurations came from, and the summary line names them and the label for the rest', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const result = core.importPaths([file('author-summary-drives.csv'), file('author-summary-bare-bs.csv')], 'authors', 'blog-rig');
      const [drives, bare] = result.files;
      assert.deepEqual([drives!.status, bare!.status], ['imported', 'imported']);
      assert.deepEqual(drives!.configurations, { from: 'column B ("drive")', labels: ['sn850x', '990pro'] });
      assert.equal(bare!.configurations, undefined);
      const runs = core.runs({ study: 'authors' });
      assert.deepEqual([...new Set(runs.map((r) => r.config))].sort(), ['990pro', 'blog-rig', 'sn850x']);
      assert.equal(runs.filter((r) => r.config === 'blog-rig').length, 14);
      assert.equal(importSummary(result), 'study authors, configurations "sn850x", "990pro" from column B ("drive") of author-summary-drives.csv; the other files\' runs under "blog-rig"');
    } finally {
      core.close();
    }
  });

  it('nothing named by the files: the summary line is the label\'s, as before', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const result = core.importPaths([file('author-summary-bare-bs.csv')], 'authors', 'blog-rig');
      assert.equal(importSummary(result), 'study authors, configuration "blog-rig"');
      // A gnuplot table alone: every run's configuration is its column's.
      const wide = core.importPaths([file('gnuplot-sysbench-tps.dat')], 'mariadb', 'default');
      assert.equal(importSummary(wide), 'study mariadb, configurations "10.1.36", "10.2.18", "10.3.9" from columns B ("10.1.36"), C ("10.2.18"), D ("10.3.9"), a configuration each of gnuplot-sysbench-tps.dat');
      const c = core.compare({ study: 'mariadb', baseline: '10.1.36', candidates: ['10.3.9'], metrics: ['tps'] });
      assert.equal(c.pairs.length, 7, 'the author\'s configurations pair by threads');
    } finally {
      core.close();
    }
  });
});
