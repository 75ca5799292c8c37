/** Parameters in folder names: a DBA's sweep (_update0, _update3, _update10) drawn in Scaling. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { writeRacStudy, type RacStudy } from '../../../importers/test-support/rac-study.js';
import { scalingCurves } from '../compare/scaling.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { paramsFromPath, ruleProblem } from './path-params.js';

const RULE = { pattern: 'update(\\d+)', param: 'update_pct' };

describe('parameters from file paths', () => {
  it('reads the capture of the innermost match, numbers as numbers; refuses rules that cannot work', () => {
    assert.deepEqual(paramsFromPath('runs/slob_update10/awr_rac.html', [RULE]), { update_pct: 10 });
    assert.deepEqual(paramsFromPath('C:\\runs\\Update3\\awr.txt', [RULE]), { update_pct: 3 });
    assert.deepEqual(paramsFromPath('update0/again_update25/awr.txt', [RULE]), { update_pct: 25 });
    assert.deepEqual(paramsFromPath('disk-(nvme)/a.txt', [{ pattern: 'disk-\\((\\w+)\\)', param: 'disk' }]), { disk: 'nvme' });
    assert.deepEqual(paramsFromPath('runs/baseline/awr.txt', [RULE]), {});
    assert.match(ruleProblem({ pattern: 'update\\d+', param: 'update_pct' })!, /exactly one capture group/);
    assert.match(ruleProblem({ pattern: 'update(\\d+', param: 'update_pct' })!, /pattern "update\(\\d\+"/);
    assert.match(ruleProblem({ pattern: 'update(\\d+)', param: 'Update%' })!, /lowercase letters/);
    assert.match(ruleProblem({ pattern: 'inst(\\d)', param: 'inst_num' })!, /read from the reports themselves/);
  });

  describe('in a study', () => {
    let study: RacStudy;
    before(async () => {
      study = await writeRacStudy();
    });

    /** A sweep point: the global report of side 0 in folder `slob_updateN`, its snapshots moved so each point is its own report. */
    function point(root: string, n: number, config: string): string {
      const dir = path.join(root, config, `slob_update${n}`);
      fs.mkdirSync(dir, { recursive: true });
      const html = fs.readFileSync(path.join(study.sides[0], 'awr_rac.html'), 'utf8');
      // Each configuration's reports are their own snapshots (the same bytes would be the same report).
      const snap = 2000 + n * 2 + (config === 'a' ? 0 : 100);
      // Fewer physical reads as the share of updates grows.
      const reads = (118000 * (1 - n / 40)).toFixed(2);
      fs.writeFileSync(path.join(dir, 'awr_rac.html'), html.replace('Snaps: 1120-1121', `Snaps: ${snap}-${snap + 1}`).replace('>1121<', `>${snap + 1}<`).replace('>1120<', `>${snap}<`)
        .replace(/(<tr><th class="awrbg" scope="col">I#<\/th><th class="awrbg" scope="col">Logical Reads\/s<\/th>[\s\S]*?<\/tr>\n<tr><td[^>]*>1<\/td><td[^>]*>[^<]*<\/td><td[^>]*>)[^<]*/, `$1${reads}`));
      return dir;
    }

    it('a rule added later is derived for the runs there, applied to later imports, pairs and draws the sweep', () => {
      const root = tempDir();
      const core = new Core(path.join(tempDir(), 'db.sqlite'));
      core.importPaths([point(root, 0, 'a'), point(root, 3, 'a')], 'sweep', 'a');
      assert.ok(core.runs({ study: 'sweep' }).every((r) => r.params['update_pct'] === undefined));
      const settings = core.updateSettings('sweep', { path_params: [RULE] });
      assert.deepEqual(settings.path_params, [RULE]);
      assert.ok(settings.pairing_keys.includes('update_pct'), 'the parameter pairs');
      assert.deepEqual(core.runs({ study: 'sweep' }).map((r) => r.params['update_pct']).sort(), [0, 3]);
      // A later import: derived as it is written.
      core.importPaths([point(root, 10, 'a')], 'sweep', 'a');
      const runs = core.runs({ study: 'sweep' });
      assert.deepEqual(runs.map((r) => r.params['update_pct']).sort((x, y) => Number(x) - Number(y)), [0, 3, 10]);
      assert.deepEqual(runs.find((r) => r.params['update_pct'] === 10)!.tables['path_params'], { update_pct: 10 });
      const curve = scalingCurves({ runs, x: 'update_pct', metric: 'load.physical_reads_per_s' });
      assert.equal(curve.series.length, 1);
      assert.deepEqual(curve.series[0]!.points.map((p) => p.x), [0, 3, 10]);
      assert.ok(curve.series[0]!.points[2]!.y < curve.series[0]!.points[0]!.y);
      // Another configuration's sweep pairs point by point.
      core.importPaths([point(root, 0, 'b'), point(root, 10, 'b')], 'sweep', 'b');
      const c = core.compare({ study: 'sweep', baseline: 'a', candidates: ['b'], metrics: ['load.physical_reads_per_s'] });
      assert.deepEqual(c.pairs.map((p) => p.workload_params['update_pct']).sort(), [0, 10]);
      // Removing the rule takes the parameter away again.
      core.updateSettings('sweep', { path_params: [] });
      assert.ok(core.runs({ study: 'sweep' }).every((r) => r.params['update_pct'] === undefined && r.tables['path_params'] === undefined));
      core.close();
    });

    it('a rule given at import is kept with the study', () => {
      const root = tempDir();
      const core = new Core(path.join(tempDir(), 'db.sqlite'));
      core.importPaths([point(root, 3, 'a')], 'sweep', 'a', { pathParams: [RULE] });
      assert.equal(core.runs({ study: 'sweep' })[0]!.params['update_pct'], 3);
      assert.deepEqual(core.settings('sweep').path_params, [RULE]);
      assert.throws(() => core.updateSettings('sweep', { path_params: [{ pattern: 'update', param: 'update_pct' }] }), /capture group/);
      core.close();
    });
  });
});
