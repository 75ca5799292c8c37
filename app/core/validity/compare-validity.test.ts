/**
 * Issue 40 through the core, on the generated study (MySQL 8.0 against PostgreSQL 14, HammerDB
 * TPROC-C): the 100-user run whose 95 users failed gives no verdict by default (out of the pairs
 * and the roll-up, named with its facts), a run where 2 of 10 failed stands with its fact beside
 * its pair, counting the failed run in brings it back with its fact, TPM across engines warns and
 * NOPM is the default, attempts that differ in raiseerror are said to.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { HAMMERDB_STUDY, writeHammerdbStudy } from '../../../importers/test-support/hammerdb-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const [MYSQL, PG_FALSE, PG_TRUE, PG_THIRD] = HAMMERDB_STUDY.map((c) => c.label) as [string, string, string, string];

function studyCore(): Core {
  const dir = tempDir();
  const { folders } = writeHammerdbStudy(path.join(dir, 'study'));
  const core = new Core(path.join(dir, 'perfdelta.sqlite'));
  for (const c of HAMMERDB_STUDY) core.importPaths([folders[c.label]!], 'MySQL vs PG', c.label);
  return core;
}

describe('validity in every verdict (issue 40)', () => {
  it('the run most of whose users failed is left out of the pairs and the roll-up, with its facts; a run with a few failures stands, its fact beside its pair', () => {
    const core = studyCore();
    try {
      const r = core.compare({ study: 'MySQL vs PG', baseline: MYSQL, candidates: [PG_TRUE] });
      assert.deepEqual(r.metrics, ['nopm'], 'NOPM is the default: TPM is not comparable across engines');
      assert.deepEqual(r.pairs.map((p) => p.workload_params['vus']), [1, 10], 'no pair at 100 users');
      const withheld = r.withheld ?? [];
      assert.equal(withheld.length, 1);
      assert.deepEqual([withheld[0]!.config, withheld[0]!.workload, withheld[0]!.facts.map((f) => f.message)], [PG_TRUE, '100 VU', ['95 of 100 virtual users finished FAILED']]);
      const noVerdict = r.warnings.find((w) => w.code === 'no-verdict');
      assert.ok(noVerdict, 'said as a warning');
      assert.match(noVerdict.message, /"PostgreSQL 14 \(pg_raiseerror=true\)" 100 VU \(run \d+\): 95 of 100 virtual users finished FAILED/);
      assert.deepEqual(noVerdict.runs, [withheld[0]!.run]);
      assert.equal(r.rollup[0]!.pairs, 2);
      assert.equal(r.rollup[0]!.withheld, 1, 'the roll-up counts what it left out');
      // 2 of 10 failed at 10 users: the run stands, and its pair says so.
      const ten = r.pairs.find((p) => p.workload_params['vus'] === 10)!;
      assert.deepEqual(ten.validity?.map((v) => [v.side, v.severity, v.message]), [['candidate', 'warning', '2 of 10 virtual users finished FAILED']]);
      assert.equal(r.pairs.find((p) => p.workload_params['vus'] === 1)!.validity, undefined);
      assert.match(r.warnings.find((w) => w.code === 'run-validity')!.message, /10 VU \(run \d+\): 2 of 10 virtual users finished FAILED/);
      // raiseerror is a setting that changes what NOPM means: the sides differ in it.
      assert.match(r.warnings.find((w) => w.code === 'different-setting')!.message, /^raiseerror differs between the sides \(baseline: false; candidate: true\)/);

      // Counted in: the pair at 100 users is back, with its invalid fact beside it.
      core.manage.include('MySQL vs PG', [withheld[0]!.run]);
      const counted = core.compare({ study: 'MySQL vs PG', baseline: MYSQL, candidates: [PG_TRUE] });
      assert.deepEqual(counted.pairs.map((p) => p.workload_params['vus']), [1, 10, 100]);
      assert.deepEqual(counted.withheld, []);
      assert.deepEqual(counted.pairs[2]!.validity?.map((v) => [v.severity, v.message]), [['invalid', '95 of 100 virtual users finished FAILED']]);
      assert.equal(counted.rollup[0]!.withheld, undefined);
    } finally {
      core.close();
    }
  });

  it('TPM between MySQL and PostgreSQL carries the warning, naming NOPM; TPM between two PostgreSQL attempts does not', () => {
    const core = studyCore();
    try {
      const across = core.compare({ study: 'MySQL vs PG', baseline: MYSQL, candidates: [PG_FALSE], metrics: ['tpm'] });
      const w = across.warnings.find((x) => x.code === 'metric-not-comparable');
      assert.ok(w);
      assert.equal(w.message, "Transactions per minute (tpm) is not comparable across database engines (MySQL, PostgreSQL): TPM counts each database's own transaction statements, as that engine reports them; compare NOPM (nopm)");
      const within = core.compare({ study: 'MySQL vs PG', baseline: PG_FALSE, candidates: [PG_THIRD], metrics: ['tpm'] });
      assert.equal(within.warnings.find((x) => x.code === 'metric-not-comparable'), undefined);
      // Within one engine TPM is a default again (HammerDB's primary metrics: NOPM, TPM).
      assert.deepEqual(core.compare({ study: 'MySQL vs PG', baseline: PG_FALSE, candidates: [PG_THIRD] }).metrics, ['nopm', 'tpm']);
    } finally {
      core.close();
    }
  });

  it('runs folded into one workload\'s repetitions that differ in a setting are said to', () => {
    const core = studyCore();
    try {
      // Attempt 3 moved into attempt 1's configuration: two 10-user runs, both raiseerror false: no warning.
      const third = core.runs({ study: 'MySQL vs PG', config: PG_THIRD })[0]!;
      core.manage.moveRuns('MySQL vs PG', [third.id], PG_FALSE);
      assert.equal(core.compare({ study: 'MySQL vs PG', baseline: MYSQL, candidates: [PG_FALSE] }).warnings.find((w) => w.code === 'settings-folded'), undefined);
      // The raiseerror=true attempt's 10-user run moved there too: repetitions that differ in raiseerror.
      const raised = core.runs({ study: 'MySQL vs PG', config: PG_TRUE }).find((r) => r.params['vus'] === 10)!;
      core.manage.moveRuns('MySQL vs PG', [raised.id], PG_FALSE);
      const w = core.compare({ study: 'MySQL vs PG', baseline: MYSQL, candidates: [PG_FALSE] }).warnings.find((x) => x.code === 'settings-folded');
      assert.ok(w);
      assert.match(w.message, /^runs taken as repetitions of one workload differ in raiseerror: "PostgreSQL 14 \(pg_raiseerror=false\)" 10 VU: false, true/);
      assert.ok(w.runs.includes(raised.id) && w.runs.includes(third.id));
    } finally {
      core.close();
    }
  });
});
