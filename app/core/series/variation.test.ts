import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { variation } from './variation.js';

describe('a series\' jitter: coefficient of variation', () => {
  it('sample standard deviation over the mean, in percent', () => {
    // 90, 100, 110: mean 100, sample sd 10: CV 10%.
    assert.deepEqual(variation([90, 100, 110]), { n: 3, mean: 100, sd: 10, cv_pct: 10 });
    assert.equal(variation([5]).cv_pct, null, 'one sample has no spread to state');
    assert.equal(variation([0, 0]).cv_pct, null, 'no ratio to a zero mean');
    assert.equal(variation([1, NaN, 3]).n, 2, 'gaps are skipped');
  });

  it('S3: each fio log\'s CV is computed over every sample, and the study\'s series carry it', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s3-cloud-ssd']);
    const run = core.runs({ study: 's3-cloud-ssd' }).find((r) => r.name === 'randwrite-4k')!;
    const [v] = core.seriesVariation(run.id, 'write.iops');
    const values = core.series(run.id, 'write.iops')[0]!.points.map((p) => p[1]);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    assert.equal(v!.n, values.length);
    assert.ok(Math.abs(v!.cv_pct! - (sd / mean) * 100) < 1e-9);
    const study = core.studySeries('s3-cloud-ssd', 'write.iops', { objects: [v!.object], maxPoints: 10 });
    assert.ok(Math.abs(study.objects[0]!.cv_pct! - v!.cv_pct!) < 1e-9, 'the same figure, though the chart draws 10 points');
    core.close();
  });
});
