import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ParsedRun } from '../../../importers/types.js';
import { Core } from '../core.js';
import { s1Series, S1_ZONE } from '../test-support/s1-volumes.js';
import { tempDir } from '../test-support/temp.js';

/** A study holding S1's volume statistics as one run with a series per volume. */
function s1Core(skip?: Parameters<typeof s1Series>[0]): Core {
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  const run: ParsedRun = {
    name: 'svc volumes', tool: 'svc', toolVersion: null, host: null, startMs: null, endMs: null, params: {}, metrics: {},
    tables: {}, warnings: [], errors: [],
    series: s1Series(skip).map((s) => ({ object: s.object, metric: 'read.lat_avg_ms', unit: 'ms', times: s.times, values: s.values })),
  };
  core.store.transaction(() => {
    const study = core.store.ensureStudy('S1 flash migration', 's1-flash-migration');
    core.store.saveFile('f'.repeat(64), new Uint8Array([1]));
    const imp = core.store.insertImport({ studyId: study.id, sha256: 'f'.repeat(64), fileName: 'stats', format: 'test', importerVersion: '1', config: 'svc', warnings: [] });
    core.store.insertRun(study.id, imp, 'svc', 0, run);
  });
  core.updateSettings('s1-flash-migration', { zone: S1_ZONE });
  core.definePeriod('s1-flash-migration', 'before', 'daily 08:30-15:30 on 2017-09-08, 09-13, 09-14');
  core.definePeriod('s1-flash-migration', 'after', 'daily 08:30-15:30 on 2017-09-15');
  return core;
}

describe('period comparisons (study S1)', () => {
  it('compares before and after per volume and over all volumes, with the order stated', () => {
    const core = s1Core();
    const r = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'], convention: 'percent-of-baseline' });
    assert.equal(r.kind, 'periods');
    assert.equal(r.aggregation, 'mean over days of (mean over objects of (mean per object per day)), over configuration "svc"');
    const zh = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'], locale: 'zh-CN' });
    assert.equal(zh.aggregation, '各天的平均值（各对象的平均值（每个对象每天的平均值）），配置“svc”', 'a Chinese comparison states its order in Chinese');
    const all = r.pairs.find((p) => p.object === '*')!;
    assert.equal(all.baseline.toFixed(2), '7.31');
    assert.equal(all.candidate.toFixed(2), '1.06');
    assert.equal(all.n_baseline, 3, 'the days are the repetitions');
    assert.equal(all.text, 'read mean latency at 14.5% of baseline');
    assert.equal(all.significance_note, 'one day on a side: no significance possible; at least 4 days per side are needed to reach p < 0.05', 'one day after the cutover');
    assert.equal(all.mark, '~');
    assert.equal(all.ci_baseline, null, 'the figure is a mean over days: no interval of a median beside it');
    assert.ok(r.warnings.some((w) => w.code === 'single-run' && /^one day on a side for some objects/.test(w.message)), 'the page says why');
    assert.deepEqual(r.pairs.filter((p) => p.object !== '*').map((p) => p.workload), ['CREDIT_DB2_DATA01', 'CREDIT_DB2_DATA02', 'CREDIT_DB2_DATA03', 'CREDIT_DB2_DATA04']);
    const vol4 = r.pairs.find((p) => p.workload === 'CREDIT_DB2_DATA04')!;
    assert.equal(vol4.candidate.toFixed(2), '1.34');
    assert.equal(r.periods![0]!.baseline.period.zone, S1_ZONE);
    assert.equal(r.periods![0]!.baseline.days.length, 3);
    assert.equal(r.rollup[0]!.pairs, 4, 'roll-ups count volumes, not the aggregate');
    core.close();
  });

  it('the maxima: 10.35 -> 1.895 ms is 5.46x', () => {
    const core = s1Core();
    const r = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'], aggregation: { perObjectDay: 'max' } });
    const all = r.pairs.find((p) => p.object === '*')!;
    assert.equal(all.baseline.toFixed(2), '10.35');
    assert.equal(all.candidate.toFixed(3), '1.895');
    assert.equal(all.speedup_text, '5.46x');
    assert.equal(all.text, 'read mean latency 5.46x lower');
    core.close();
  });

  it('periods cut the series inside them: a pre-test configuration on other days is never taken instead', () => {
    const core = s1Core();
    // A pre-go-live test (its own configuration, a month earlier) with many more points, and a
    // metric the production statistics do not have.
    const t0 = Date.UTC(2017, 7, 1);
    const times = Float64Array.from({ length: 50_000 }, (_, i) => t0 + i * 1000);
    const pretest: ParsedRun = {
      name: 'vdbench rd1', tool: 'vdbench', toolVersion: null, host: null, startMs: t0, endMs: t0 + 5e7, params: {}, metrics: {}, tables: {}, warnings: [], errors: [],
      series: ['read.lat_avg_ms', 'read.lat_max_ms'].map((metric) => ({ object: 'sd1', metric, unit: 'ms', times, values: new Float64Array(times.length).fill(0.8) })),
    };
    core.store.transaction(() => {
      const study = core.store.findStudy('s1-flash-migration')!;
      core.store.saveFile('e'.repeat(64), new Uint8Array([2]));
      const imp = core.store.insertImport({ studyId: study.id, sha256: 'e'.repeat(64), fileName: 'pretest', format: 'test', importerVersion: '1', config: 'V7000 thin', warnings: [] });
      core.store.insertRun(study.id, imp, 'V7000 thin', 0, pretest);
    });
    const r = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'] });
    assert.match(r.aggregation!, /over configuration "svc"/);
    assert.equal(r.pairs.find((p) => p.object === '*')!.baseline.toFixed(2), '7.31');
    assert.throws(
      () => core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_max_ms'] }),
      /no configuration has a time series of read\.lat_max_ms within the periods "before", "after" \(series there: read\.lat_avg_ms\)/,
    );
    core.close();
  });

  it('warns about gaps and refuses to mix periods with configurations', () => {
    const core = s1Core({ volume: 'CREDIT_DB2_DATA02', day: '2017-09-14', count: 30 });
    const r = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'] });
    const gap = r.warnings.find((w) => w.code === 'gaps')!;
    assert.deepEqual(gap.objects, ['CREDIT_DB2_DATA02']);
    assert.throws(() => core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['svc'] }), /compare periods with periods/);
    assert.throws(() => core.definePeriod('s1-flash-migration', 'svc', 'after 2017-09-14 18:00'), /already a configuration/);
    core.close();
  });

  it('a cutover period: after 2017-09-14 18:00 takes only what follows it', () => {
    const core = s1Core();
    core.definePeriod('s1-flash-migration', 'pre', 'before 2017-09-14 18:00');
    core.definePeriod('s1-flash-migration', 'post', 'after the cutover at 2017-09-14 18:00');
    const r = core.compare({ study: 's1-flash-migration', baseline: 'pre', candidates: ['post'], metrics: ['read.lat_avg_ms'] });
    const sides = r.periods![0]!;
    assert.deepEqual(sides.candidates[0]!.days.map((d) => d.day), ['2017-09-14', '2017-09-15'], 'from 18:00 on the 14th');
    assert.equal(sides.candidates[0]!.period.ranges[0]!.start, '2017-09-14T10:00:00.000Z');
    core.close();
  });
});
