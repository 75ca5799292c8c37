/**
 * Issue 40 in the report, on the generated study: the default report states the failed users in
 * its headline (the card of the configuration and its secondary figure) and its evidence, leaves
 * the failing run out with its reason, names every configuration in its values table or says why
 * one is not there, and its methods text states the rule; the XLSX carries the same.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { HAMMERDB_STUDY, writeHammerdbStudy } from '../../../importers/test-support/hammerdb-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const STUDY = 'MySQL vs PG';
const [MYSQL, , PG_TRUE] = HAMMERDB_STUDY.map((c) => c.label) as [string, string, string, string];

function studyCore(): Core {
  const dir = tempDir();
  const { folders } = writeHammerdbStudy(path.join(dir, 'study'));
  const core = new Core(path.join(dir, 'perfdelta.sqlite'));
  for (const c of HAMMERDB_STUDY) core.importPaths([folders[c.label]!], STUDY, c.label);
  return core;
}

describe('validity in the report (issue 40)', () => {
  it('the default report: failed users in the headline and the evidence, the run left out with its reason, every configuration in the values table', () => {
    const core = studyCore();
    try {
      const failed = core.runs({ study: STUDY, all: true }).find((r) => r.config === PG_TRUE && r.params['vus'] === 100)!;
      assert.equal(failed.excluded?.automatic, 'validity');
      const report = core.createReport(STUDY);
      const doc = core.renderReport(STUDY, report.id);
      const headline = doc.sections.find((s) => s.type === 'headline');
      assert.ok(headline && headline.type === 'headline' && headline.sweep, 'a sweep headline');
      // The card of the raiseerror=true attempt: its run left out, with the reason; its peak's 2 failed users stated.
      const card = headline.sweep.peaks.find((p) => p.config === PG_TRUE)!;
      assert.deepEqual(card.excluded, [{ run: failed.id, reason: '95 of 100 virtual users finished FAILED (no verdict by default: count it in to use it)' }]);
      assert.equal(card.peak_at, 10);
      assert.deepEqual(card.validity?.map((v) => v.message), ['2 of 10 virtual users finished FAILED']);
      // Its figure against MySQL (the geometric mean over the sweep): the run left out, stated beside the verdict.
      const figure = headline.figures.find((f) => f.candidate_label === PG_TRUE)!;
      assert.deepEqual(figure.validity?.map((v) => [v.left_out, v.workload, v.message]), [[false, '10 VU', '2 of 10 virtual users finished FAILED'], [true, '100 VU', '95 of 100 virtual users finished FAILED']]);
      assert.match(figure.basis, /1 run left out: its result does not stand/);
      // The evidence: the exclusion with its reason, every fact, the rule in the methods.
      assert.ok(doc.evidence.excluded_runs.some((e) => e.run === failed.id && /^95 of 100 virtual users finished FAILED/.test(e.reason)));
      assert.deepEqual(doc.evidence.validity?.flatMap((v) => v.facts.map((f) => f.message)).sort(), ['2 of 10 virtual users finished FAILED', '95 of 100 virtual users finished FAILED']);
      assert.ok(doc.evidence.formulas.some((f) => /^A run gives no verdict by default when more than 50% of its virtual users failed .* its errors are 10% of its operations or more/.test(f)));
      // Every configuration in the values table, and the run left out named under it.
      const pivot = doc.sections.find((s) => s.type === 'pivot');
      assert.ok(pivot && pivot.type === 'pivot');
      assert.deepEqual(pivot.tables[0]!.columns.map((c) => c.label), HAMMERDB_STUDY.map((c) => c.label));
      const third = pivot.tables[0]!.rows.find((r) => r.labels[0] === '10 VU')!;
      assert.equal(third.cells[3]![0], 2602, 'the third attempt at 10 users, 2,602 NOPM, is in the table');
      assert.ok(pivot.notes.some((n) => n.startsWith(`Runs not in this table: "${PG_TRUE}" 100 VU (run ${failed.id}): 95 of 100 virtual users finished FAILED`)), pivot.notes.join(' | '));

      // The XLSX: the runs' facts, the figure's, and the warnings in the evidence.
      const book = XLSX.read(core.exportXlsx(STUDY, report.id), { type: 'buffer' });
      const runs = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Runs']!, { header: 1 });
      const at = (runs[0] as string[]).indexOf('What the tool said about the result');
      assert.equal((runs.find((r) => r[0] === failed.id) as unknown[])[at], '95 of 100 virtual users finished FAILED [no verdict]');
      const evidence = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Evidence']!, { header: 1 }).map((r) => r.join(' '));
      assert.ok(evidence.some((r) => r.includes('95 of 100 virtual users finished FAILED') && r.includes('invalid')));
      const head = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Headline']!, { header: 1 }).map((r) => r.join(' '));
      assert.ok(head.some((r) => r.includes(`left out: ${PG_TRUE} 100 VU (run ${failed.id}): 95 of 100 virtual users finished FAILED`)), head.join('\n'));
    } finally {
      core.close();
    }
  });

  it('a values table that shows two of four configurations names the other two and why', () => {
    const core = studyCore();
    try {
      const report = core.createReport(STUDY, { template: 'cache-on-off', baseline: MYSQL });
      const pivot = core.renderReport(STUDY, report.id).sections.find((s) => s.type === 'pivot');
      assert.ok(pivot && pivot.type === 'pivot');
      assert.equal(pivot.tables[0]!.columns.length, 2);
      const note = pivot.notes.find((n) => n.startsWith('Configurations not in this table:'));
      assert.equal(note, `Configurations not in this table: "${HAMMERDB_STUDY[2]!.label}" (not chosen for this table); "${HAMMERDB_STUDY[3]!.label}" (not chosen for this table).`);
    } finally {
      core.close();
    }
  });
});
