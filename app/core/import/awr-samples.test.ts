import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scalingCurves } from '../compare/scaling.js';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

describe('study S2 from its AWR reports', () => {
  it('db file parallel write 21.74 ms (write-through) against 1 ms (write-back); free buffer waits gone', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s2-exadata-flash-cache']);
    const r = core.compare({ study: 's2-exadata-flash-cache', baseline: 'write-through', candidates: ['write-back'], metrics: ['bgwait.db_file_parallel_write.avg_ms'] });
    const p = r.pairs[0]!;
    assert.deepEqual([p.baseline, p.candidate, p.speedup_text], [21.74, 1, '21.74x']);
    assert.equal(p.text, 'db file parallel write average wait 21.74x lower');
    const [wt, wbk] = ['write-through', 'write-back'].map((c) => core.runs({ study: 's2-exadata-flash-cache', config: c })[0]!);
    assert.equal(wt!.metrics['wait.free_buffer_waits.pct_db_time'], 63);
    assert.equal(wbk!.metrics['wait.free_buffer_waits.pct_db_time'], undefined, 'no free buffer waits with write-back');
    core.close();
  });

  it('an average AWR printed as 0 is total wait time / waits: write-back single-block reads 1,635 s over 5,921,681 waits', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s2-exadata-flash-cache']);
    const wbk = core.runs({ study: 's2-exadata-flash-cache', config: 'write-back' })[0]!;
    assert.equal(wbk.metrics['wait.cell_single_block_physical_read.avg_ms']!.toFixed(3), '0.276');
    const r = core.compare({ study: 's2-exadata-flash-cache', baseline: 'write-through', candidates: ['write-back'], metrics: ['wait.cell_single_block_physical_read.avg_ms'] });
    // 0.46 ms printed against 0.276 computed: a speedup, where "0" gave none.
    assert.equal(r.pairs[0]!.speedup_text, '1.67x');
    core.close();
  });

  it('the write-back sweep: 32 to 392 sessions, write I/O rising towards 250,000 per second', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s2-exadata-flash-cache']);
    const curve = scalingCurves({ runs: core.runs({ study: 's2-exadata-flash-cache', config: 'write-back sweep' }), x: 'sessions', metric: 'load.write_io_requests_per_s' });
    const pts = curve.series[0]!.points;
    assert.deepEqual(pts.map((p) => p.x), [32, 64, 128, 192, 256, 320, 392]);
    assert.ok(pts.every((p, i) => i === 0 || p.y > pts[i - 1]!.y), 'rising');
    assert.ok(pts[6]!.y > 200_000 && pts[6]!.y < 260_000, `near 250,000 at 392 sessions (${pts[6]!.y})`);
    core.close();
  });
});
