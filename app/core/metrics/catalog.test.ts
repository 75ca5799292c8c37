import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeRacStudy } from '../../../importers/test-support/rac-study.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { metricCatalog } from './catalog.js';

describe('a study\'s metric catalog', () => {
  it('describes every AWR metric and groups it: load profile, I/O, top waits, time model, waits, idle waits last', async () => {
    const study = await writeRacStudy();
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    core.importPaths([study.sides[0]], 'rac', 'a');
    const catalog = metricCatalog(core.runs({ study: 'rac' }));
    const names = new Set(core.runs({ study: 'rac' }).flatMap((r) => Object.keys(r.metrics)));
    assert.equal(catalog.length, names.size, 'every metric the runs have');
    const family = (m: string): string | undefined => catalog.find((c) => c.name === m)?.family;
    assert.equal(family('load.physical_reads_per_s'), 'load');
    assert.equal(family('io.total_iops'), 'io');
    assert.equal(family('wait.db_file_sequential_read.avg_ms'), 'top-waits');
    assert.equal(family('wait.db_file_parallel_read.waits'), 'top-waits');
    assert.equal(family('bgwait.db_file_parallel_write.avg_ms'), 'bg-waits');
    assert.equal(family('db_time_s'), 'time-model');
    assert.equal(family('wait.sql_net_message_from_client.avg_ms'), 'idle-waits');
    assert.equal(catalog[catalog.length - 1]!.family, 'idle-waits', 'idle waits come last');
    const read = catalog.find((c) => c.name === 'wait.db_file_sequential_read.avg_ms')!;
    assert.deepEqual([read.label, read.unit, read.better], ['db file sequential read average wait', 'ms', 'lower']);
    assert.equal(catalog.find((c) => c.name === 'wait.db_file_sequential_read.waits')!.volume, true);
    core.close();
  });
});
