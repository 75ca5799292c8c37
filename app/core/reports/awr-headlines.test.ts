/** An AWR study's default report: its load, top waits and largest movers, in honest colours. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { writeRacStudy, type RacStudy } from '../../../importers/test-support/rac-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import type { HeadlineFigure } from '../../contract/records.js';

describe('AWR default report headlines', () => {
  let study: RacStudy;
  before(async () => {
    study = await writeRacStudy();
  });

  it('headlines the load as changes, the top waits\' averages and the movers, never an idle event', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([study.sides[0]], 'rac', 'no-accelerator');
    core.importPaths([study.sides[1]], 'rac', 'write-accelerator');
    const report = core.createReport('rac');
    const doc = core.renderReport('rac', report.id);
    const headline = doc.sections.find((s) => s.type === 'headline');
    assert.ok(headline && headline.type === 'headline');
    assert.deepEqual(headline.errors, []);
    const by = (label: RegExp): HeadlineFigure => headline.figures.find((f) => label.test(f.label))!;
    // The load: what the database did, a plain change in a neutral colour (-13.9% IOPS).
    for (const label of [/^I\/O requests per second/, /^Physical reads per second/, /^Physical writes per second/, /^Transactions per second/]) {
      const f = by(label);
      assert.ok(f, String(label));
      assert.equal(f.verdict, 'neutral', String(label));
      assert.match(f.text, /^-1[34]\.\d%$/, String(label));
      assert.equal(f.workload, 'RAC global');
    }
    assert.equal(by(/^I\/O requests per second/).text, '-13.9%');
    // The top waits, cluster-wide: the single-block read 2.26x faster, gc cr grant busy 2.35x slower.
    const read = by(/^db file sequential read: average wait/);
    assert.deepEqual([read.text, read.verdict], ['db file sequential read average wait 2.26x lower', 'better']);
    const grant = by(/^gc cr grant busy/);
    assert.deepEqual([grant.text, grant.verdict], ['gc cr grant busy average wait 2.35x higher', 'worse']);
    // The idle watchdog is second in the global top list; it is no headline.
    assert.ok(!headline.figures.some((f) => /watchdog|SQL\*Net message from client/.test(f.label)));
    // Never a volume worded as better or worse.
    assert.ok(!headline.figures.some((f) => f.verdict === 'neutral' && /faster|slower|lower|higher/.test(f.text)));
    core.close();
  });
});

describe('AWR wait event histograms as latency distributions', () => {
  it('draws one curve per run and event, the busiest non-idle events by default, shares matching the report', async () => {
    const study = await writeRacStudy();
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([study.sides[0]], 'rac', 'no-accelerator');
    core.importPaths([study.sides[1]], 'rac', 'write-accelerator');
    const global = core.runs({ study: 'rac' }).filter((r) => r.params['report'] === 'awrgrpt').map((r) => r.id);
    const d = core.latencyDistribution('rac', global);
    assert.equal(d.events?.[0], 'db file sequential read');
    assert.ok(!d.events?.some((e) => /watchdog|SQL\*Net message from client|rdbms ipc/.test(e)), 'idle events are not offered');
    assert.deepEqual(d.curves.map((c) => [c.run, c.event]).slice(0, 3), [[global[0], 'db file sequential read'], [global[0], 'gc cr grant busy'], [global[0], 'gc current block 2-way']]);
    const read = d.curves.find((c) => c.event === 'db file sequential read' && c.config === 'no-accelerator')!;
    assert.deepEqual([read.source, read.direction, read.total_ios], ['awr histogram', 'wait', 134_968_400]);
    // The CDF at 1 ms is the report's share of waits under 1 ms (0.7 + 5.7 + 21.2 + 34.1 = 61.7%).
    assert.equal(read.points.find((p) => p[0] === 1)![1].toFixed(3), '0.617');
    const named = core.latencyDistribution('rac', global, ['log file sync']);
    assert.deepEqual(named.curves.map((c) => c.event), ['log file sync', 'log file sync']);
    core.close();
  });
});
