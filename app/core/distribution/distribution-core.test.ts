/** The core's distribution and overlay methods on the real fio sample (json+ with a histogram log). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

describe('latency distribution and series overlay in the core', () => {
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'detail')], 'Shapes', 'disk');
  const run = core.runs({ study: 'shapes' }).find((r) => r.name === 'randrw70')!;

  it('draws json+ and the histogram log of the randrw run, each direction, from the files\' counts', () => {
    const d = core.latencyDistribution('shapes', [run.id]);
    assert.deepEqual(d.curves.map((c) => `${c.source}:${c.direction}`), ['json+:read', 'json+:write', 'histogram log:read', 'histogram log:write']);
    const json = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70.json'), 'utf8')) as {
      jobs: Array<Record<string, { clat_ns: { bins: Record<string, number> } }>>;
    };
    for (const c of d.curves.filter((x) => x.source === 'json+')) {
      const bins = json.jobs[0]![c.direction]!.clat_ns.bins;
      const total = Object.values(bins).reduce((s, v) => s + v, 0);
      assert.equal(c.total_ios, total);
      assert.equal(c.points.at(-1)![1], 1);
      assert.ok(Math.abs(c.points.at(-1)![0] - Math.max(...Object.keys(bins).map(Number)) / 1e6) < 1e-12);
      // fio's own p50 is a bucket value: the curve's p50 is the same bucket.
      assert.ok(Math.abs(c.percentiles['p50']! - run.metrics[`${c.direction}.clat_p50_ms`]!) < 1e-9);
    }
    // The histogram log saw the same I/Os, bucketed the same way: medians within a bucket or two.
    for (const dir of ['read', 'write']) {
      const a = d.curves.find((c) => c.source === 'json+' && c.direction === dir)!;
      const b = d.curves.find((c) => c.source === 'histogram log' && c.direction === dir)!;
      assert.ok(Math.abs(a.percentiles['p50']! - b.percentiles['p50']!) / a.percentiles['p50']! < 0.05, `${dir} p50 ${a.percentiles['p50']} vs ${b.percentiles['p50']}`);
    }
  });

  it('names the runs without buckets', () => {
    const terse = core.runs({ study: 'shapes' }).find((r) => r.format === 'fio-terse')!;
    assert.deepEqual(core.latencyDistribution('shapes', [terse.id]), { curves: [], without_bins: [terse.id] });
  });

  it('overlays a run\'s series aligned at t = 0 on its own interval', () => {
    const o = core.seriesOverlay('shapes', [run.id], { metric: 'read.iops' });
    assert.equal(o.aligned, true);
    assert.ok(o.metrics.includes('write.iops'));
    const raw = core.series(run.id, 'read.iops')[0]!;
    assert.equal(o.step_s, o.series[0]!.interval_s);
    const values = o.series[0]!.points.map((p) => p[1]).filter((v) => v !== null);
    assert.ok(values.length >= raw.points.length - 1 && values.length <= raw.points.length + 1, `${values.length} grid values for ${raw.points.length} samples`);
    assert.equal(o.series[0]!.points[0]![0], 0);
  });

  it('downsamples a run\'s series on request, keeping its first and last samples, its highest and its lowest', () => {
    const raw = core.series(run.id, 'read.iops')[0]!;
    const few = core.series(run.id, 'read.iops', undefined, 10)[0]!;
    assert.ok(few.points.length <= 10 && few.points.length >= 4, `${few.points.length} points`);
    const byValue = [...raw.points].sort((a, b) => a[1] - b[1]);
    const has = (p: [number, number]): boolean => few.points.some(([t, v]) => t === p[0] && v === p[1]);
    assert.ok(has(byValue[0]!) || few.points.some(([, v]) => v === byValue[0]![1]), 'the lowest sample');
    assert.ok(has(byValue.at(-1)!) || few.points.some(([, v]) => v === byValue.at(-1)![1]), 'the highest sample');
    assert.deepEqual(few.points[0], raw.points[0]);
    assert.deepEqual(few.points.at(-1), raw.points.at(-1));
    assert.deepEqual(core.series(run.id, 'read.iops', undefined, 100_000)[0]!.points, raw.points);
  });
});
