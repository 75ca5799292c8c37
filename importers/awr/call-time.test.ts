/**
 * STATSPACK's "%Total Call Time" is a share of call time (DB CPU plus non-idle waits), not of DB
 * time: kept under its own metric name, so a comparison never pairs it with an AWR report's
 * "% DB time". The STATSPACK report below is hand-written in the 12.1 text layout (the corpus's
 * STATSPACK shape) with the figures: CPU 524 s, 88.6% of call time, DB time 617.8 s.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { describeMetric } from '../../app/core/metrics/dictionary.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { S2_WRITE_THROUGH_11204 } from './handwritten-reports.js';
import { awrImporter } from './index.js';

const STATSPACK = `
STATSPACK report for

Database    DB Id    Instance     Inst Num  Startup Time   Release     RAC
~~~~~~~~ ----------- ------------ -------- --------------- ----------- ---
          3141592653 slob1               1 02-Mar-14 08:45 11.2.0.4.0  NO

Host                             Name             Platform                CPUs
Cores Sockets   Memory (G)
~~~~ ---------------- ---------------------- ----- ----- ------- ------------
     dbnode1          Linux x86 64-bit          16    16       2         96.0

Snapshot       Snap Id     Snap Time      Sessions Curs/Sess Comment
~~~~~~~~    ---------- ------------------ -------- --------- ------------------
Begin Snap:        501 14-Mar-14 10:05:12      398       1.3
  End Snap:        502 14-Mar-14 10:15:12      398       1.3
   Elapsed:      10.00 (mins) Av Act Sess:       1.0
   DB time:      10.30 (mins)      DB CPU:       8.73 (mins)

Load Profile              Per Second    Per Transaction    Per Exec    Per Call
~~~~~~~~~~~~      ------------------  ----------------- ----------- -----------
      DB time(s):                1.0                0.1        0.00        0.01
       DB CPU(s):                0.9                0.1        0.00        0.01
       Redo size:           66,701.6          152,213.1

Top 5 Timed Events                                                    Avg %Total
~~~~~~~~~~~~~~~~~~                                                   wait   Call
Event                                            Waits    Time (s)   (ms)   Time
----------------------------------------- ------------ ----------- ------ ------
CPU time                                                       524          88.6
free buffer waits                               41,250          50      1    8.5
log file sync                                    9,030          12      1    2.0
          -------------------------------------------------------------

Time Model System Stats  DB/Inst: SLOB/slob1  Snaps: 501-502
-> Ordered by % of DB time desc, Statistic name

Statistic                                       Time (s) % DB time
----------------------------------- -------------------- ---------
DB CPU                                             524.0      84.8
sql execute elapsed time                           600.1      97.1
DB time                                            617.8
          -------------------------------------------------------------

Wait Events (fg and bg) DB/Inst: SLOB/slob1  Snaps: 501-502
-> s - second, cs - centisecond,  ms - millisecond, us - microsecond
-> Only events with Total Wait Time (s) >= .001 are shown
-> ordered by Total Wait Time desc, Waits desc (idle events last)

                                                             Avg          %Total
                                          %Tim Total Wait   wait    Waits   Call
Event                               Waits  out   Time (s)   (ms)     /txn   Time
---------------------------- ------------ ---- ---------- ------ -------- ------
free buffer waits                  41,250    0         50      1     16.2    8.5
log file sync                       9,030    0         12      1      3.5    2.0
          -------------------------------------------------------------

End of Report
`;

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
    fs.writeFileSync(path.join(dir, 'sp', 'sp_501_502.lst'), STATSPACK);
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
