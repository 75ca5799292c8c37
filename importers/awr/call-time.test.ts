/**
 * STATSPACK's "%Total Call Time" is a share of call time (DB CPU plus non-idle waits), not of DB
 * time: kept under its own metric name, so a comparison never pairs it with an AWR report's
 * "% DB time". The STATSPACK report (test-files/statspack-call-time.lst) is hand-written in the
 * 12.1 text layout (the corpus's STATSPACK shape) with the figures: CPU 524 s, 88.6% of
 * call time, DB time 617.8 s.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { describeMetric } from '../../app/core/metrics/dictionary.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import { S2_WRITE_THROUGH_11204 } from './handwritten-reports.js';
import { awrImporter } from './index.js';

/** test-files/statspack-call-time.lst (the fuzz suite starts from the same bytes). */
const STATSPACK_FILE = path.join(REPO_ROOT, 'importers/awr/test-files/statspack-call-time.lst');
const STATSPACK = fs.readFileSync(STATSPACK_FILE, 'utf8');

const parse = (text: string, name: string) => awrImporter.parse({ bytes: new TextEncoder().encode(text), name });

describe('STATSPACK %Total Call Time', () => {
  it('is stored as a share of call time, never as a share of DB time', () => {
    const { runs, errors } = parse(STATSPACK, 'sp_501_502.lst');
    assert.deepEqual(errors, []);
    const run = runs[0]!;
    assert.equal(run.tool, 'oracle-statspack');
    assert.equal(run.metrics['wait.free_buffer_waits.pct_call_time'], 8.5);
    assert.equal(run.metrics['wait.free_buffer_waits.pct_db_time'], undefined);
    const cpu = (run.tables['top_events'] as Array<{ name: string; pct_db_time: number | null; pct_call_time?: number }>).find((e) => e.name === 'CPU time')!;
    // 524 s is 88.6% of call time; of DB time it is 524 / 617.8 = 84.8% (the time model's figure).
    assert.equal(cpu.pct_call_time, 88.6);
    assert.equal(cpu.pct_db_time, null);
    assert.equal(run.metrics['db_time_s'], 617.8);
    assert.equal(Math.round((524 / run.metrics['db_time_s']!) * 1000) / 10, 84.8);
  });

  it('has its own dictionary entry, in English and Chinese', () => {
    const info = describeMetric('wait.free_buffer_waits.pct_call_time')!;
    assert.deepEqual([info.unit, info.better, info.label, info.labelZh], ['%', 'lower', 'free buffer waits % of total call time', 'free buffer waits 占总调用时间 %']);
    assert.notEqual(describeMetric('wait.free_buffer_waits.pct_db_time')!.label, info.label);
  });

  it('a comparison pairs like with like: AWR % DB time never meets STATSPACK call time', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'awr'));
    fs.mkdirSync(path.join(dir, 'sp'));
    fs.writeFileSync(path.join(dir, 'awr', 'awrrpt_212_213.txt'), S2_WRITE_THROUGH_11204);
    fs.copyFileSync(STATSPACK_FILE, path.join(dir, 'sp', 'sp_501_502.lst'));
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      core.importPaths([path.join(dir, 'awr')], 'Shares', 'awr 11.2');
      core.importPaths([path.join(dir, 'sp')], 'Shares', 'statspack');
      const compare = (metric: string) => core.compare({ study: 'shares', baseline: 'awr 11.2', candidates: ['statspack'], metrics: [metric], pairingKeys: [] });
      // Both reports know the event's average wait: that pairs.
      assert.equal(compare('wait.free_buffer_waits.avg_ms').pairs.length, 1);
      // Its share: % of DB time on one side, % of call time on the other: no pair, either way.
      assert.equal(compare('wait.free_buffer_waits.pct_db_time').pairs.length, 0);
      assert.equal(compare('wait.free_buffer_waits.pct_call_time').pairs.length, 0);
    } finally {
      core.close();
    }
  });
});
