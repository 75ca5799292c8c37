import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunRecord } from '../contract/records.js';
import { Core } from './core.js';
import { describeMetric } from './metrics/dictionary.js';
import { loadSamples } from './samples/samples.js';
import { cvOfSummary, runsApart, studyDefaults, VARIES_CV_PCT, type StudyDefaultsInput } from './study-defaults.js';
import { variation } from './series/variation.js';
import { tempDir } from './test-support/temp.js';
import { writeFioVolumes } from './test-support/stranger-studies.js';

describe('what each sample study opens on', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s2-exadata-flash-cache', 's3-cloud-ssd', 's4-aws-cluster', 's5-rook-ceph-optane', 'fio-bs-qd-sweep', 'fio-output-shapes', 'fio-disk-vs-tmpfs']);
  });
  after(() => core.close());

  it('Compare: S5 on NOPM over the virtual-user sweep (7 workloads in common), not a COSBench stage', () => {
    const d = core.studyDefaults('s5-rook-ceph-optane');
    assert.deepEqual({ ...d.compare, why: undefined }, { baseline: 'baseline', candidate: 'config-1', metric: 'nopm', pairs: 7, why: undefined });
    assert.deepEqual(d.metrics.map((m) => m.metric).slice(0, 2), ['nopm', 'tpm']);
  });

  it('Compare: S2 on its top wait event\'s average wait (a direction, a verdict), not active sessions (a volume) nor DB time', () => {
    const d = core.studyDefaults('s2-exadata-flash-cache');
    // Free buffer waits top write-through but write-back has none (the cache took them away):
    // the top event both sides have is the one compared.
    assert.equal(d.compare?.metric, 'wait.cell_single_block_physical_read.avg_ms');
    assert.equal(d.compare?.pairs, 1);
    assert.equal(describeMetric('aas')?.volume, true, 'active sessions are a volume: the fallback only');
    assert.equal(describeMetric(d.compare!.metric)?.volume, undefined);
    assert.deepEqual([d.compare?.baseline, d.compare?.candidate], ['write-through', 'write-back']);
  });

  it('Compare: fio on IOPS, with completion latency as its latency', () => {
    const d = core.studyDefaults('fio-disk-vs-tmpfs');
    assert.equal(d.compare?.metric, 'total.iops');
    assert.deepEqual(d.metrics.map((m) => m.metric), ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms']);
    const cmp = core.compare({ study: 'fio-disk-vs-tmpfs', baseline: 'disk', candidates: ['tmpfs'] });
    assert.deepEqual(cmp.metrics, ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms'], 'a comparison without metrics named compares the primary ones');
  });

  it('Scaling: the load that is swept (sessions, virtual users, I/O depth), not block size beside it', () => {
    assert.deepEqual(core.studyDefaults('s2-exadata-flash-cache').scaling, { x: 'sessions', metric: 'load.transactions_per_s', loads: ['sessions'], others: [] });
    assert.deepEqual(core.studyDefaults('s5-rook-ceph-optane').scaling.x, 'vus');
    assert.equal(core.studyDefaults('s5-rook-ceph-optane').scaling.metric, 'nopm');
    const sweep = core.studyDefaults('fio-bs-qd-sweep').scaling;
    assert.equal(sweep.x, 'iodepth', 'block size and depth both vary: the depth is the load');
    assert.ok(sweep.others.includes('bs'));
    const s4 = core.studyDefaults('s4-aws-cluster').scaling;
    assert.equal(s4.x, null, 'S4 ran each configuration at one queue depth: no load is swept');
    assert.ok(s4.others.includes('bs'), 'block size varies, offered but not chosen');
  });

  it('Time series: a metric that varies; runs that ran apart are aligned at t = 0', () => {
    const shapes = core.studyDefaults('fio-output-shapes').series!;
    assert.equal(shapes.align, true, 'two fio runs on different days');
    assert.ok(shapes.runs.length >= 2);
    const values = core.seriesValues('fio-output-shapes', shapes.metric, shapes.config ?? undefined);
    assert.ok(values.some((v) => { const xs = [...v.values]; const m = xs.reduce((a, b) => a + b, 0) / xs.length; return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length) / m * 100 >= VARIES_CV_PCT; }));
    assert.equal(core.studyDefaults('s2-exadata-flash-cache').series, null, 'no series, no default');
    // The default is judged on each series' stored summary, never its points (a 10 M-point log costs a row):
    // the summary's CV is the points' CV.
    const id = core.studies().find((s) => s.slug === 'fio-output-shapes')!.id;
    const summaries = core.store.levels.summariesOfStudy(id, shapes.metric, shapes.config, null, null);
    assert.equal(summaries.length, values.length);
    const cvs = summaries.map(cvOfSummary).sort((a, b) => a! - b!);
    const fromPoints = values.map((v) => variation(v.values).cv_pct).sort((a, b) => a! - b!);
    assert.equal(cvs.length, fromPoints.length);
    cvs.forEach((cv, i) => assert.ok(Math.abs(cv! - fromPoints[i]!) < 1e-6 * Math.max(1, fromPoints[i]!), `${cv} vs ${fromPoints[i]}`));
  });

  it('Runs columns per configuration and tool: AWR, HammerDB, sysbench, CockroachDB each their own', () => {
    const s2 = core.studyDefaults('s2-exadata-flash-cache');
    const wt = s2.runs_columns.find((g) => g.config === 'write-through')!;
    assert.deepEqual(wt.columns.map((c) => c.key), ['sessions', 'db_time_s', 'aas', 'top_event', 'load.redo_size_bytes_per_s']);
    assert.equal(s2.run_facts[String(wt.runs[0])]?.top_event, 'free buffer waits');
    assert.ok(s2.described.some((m) => m.name === 'load.redo_size_bytes_per_s'), 'the AWR families are named for the views');
    const s5 = core.studyDefaults('s5-rook-ceph-optane').runs_columns.filter((g) => g.config === 'baseline');
    assert.deepEqual(s5.map((g) => [g.tool, g.columns.map((c) => c.key)]), [
      ['hammerdb', ['vus', 'nopm', 'tpm']],
      ['cosbench', ['stage', 'bs', 'read_pct', 'ops_per_s', 'total.lat_avg_ms', 'total.bw_mib_s']],
      ['cockroach', ['workload', 'threads', 'ops_per_s', 'total.lat_p99_ms']],
    ]);
    const s3 = core.studyDefaults('s3-cloud-ssd').runs_columns.find((g) => g.tool === 'sysbench')!;
    assert.deepEqual(s3.columns.map((c) => c.key), ['test', 'threads', 'tps', 'qps', 'total.lat_p95_ms']);
    // No column of any group is all dashes.
    for (const slug of ['s2-exadata-flash-cache', 's3-cloud-ssd', 's4-aws-cluster', 's5-rook-ceph-optane']) {
      const d = core.studyDefaults(slug);
      const runs = new Map(core.runs({ study: slug }).map((r) => [r.id, r]));
      for (const g of d.runs_columns) {
        for (const c of g.columns) {
          const filled = g.runs.some((id) => {
            const r = runs.get(id)!;
            return c.kind === 'param' ? r.params[c.key] !== undefined : c.kind === 'metric' ? r.metrics[c.key] !== undefined : c.kind === 'top-event' ? d.run_facts[String(id)]?.top_event !== undefined : d.run_facts[String(id)]?.objects !== undefined;
          });
          assert.ok(filled, `${slug} ${g.config} ${g.tool}: ${c.key} is all dashes`);
        }
      }
    }
  });
});

describe('study defaults on their own', () => {
  const span = (run: number, from: number, to: number) => ({ run, config: 'c', metric: 'm', from, to, objects: 1 });

  it('runs are apart when they do not overlap and their whole span is more than twice the longest', () => {
    assert.equal(runsApart([span(1, 0, 300_000), span(2, 86_400_000, 86_700_000)]), true, 'two days');
    assert.equal(runsApart([span(1, 0, 300_000), span(2, 300_000, 600_000)]), false, 'back to back reads as one curve');
    assert.equal(runsApart([span(1, 0, 300_000), span(2, 100_000, 900_000)]), false, 'overlapping: one clock');
    assert.equal(runsApart([span(1, 0, 300_000)]), false);
  });

  it('Scaling opens on block size when it is the only parameter that varies (no load swept)', () => {
    const fio = (id: number, config: string, bs: number, readPct: number): RunRecord => ({
      id, study: 's', config, tool: 'fio', tool_version: null, format: 'fio-json', name: `randwrite-${bs}`, host: null, start: null, end: null,
      source: { file: `f${id}.json`, sha256: '' }, params: { bs, iodepth: 16, read_pct: readPct, rw: 'randwrite' }, metrics: { 'total.iops': 1000 / bs }, tables: {}, warnings: [], errors: [],
    }) as RunRecord;
    const input = (runs: RunRecord[]): StudyDefaultsInput => ({
      study: 's', configs: ['md0', 'xvdf'], periods: [], runs, pairingKeys: [], spans: [], seriesConfigs: () => [], seriesCvs: () => [],
    });
    const sizes = [4096, 16384, 65536, 131072];
    const volumes = ['md0', 'xvdf'].flatMap((c, k) => sizes.map((bs, i) => fio(k * 10 + i, c, bs, 0)));
    assert.deepEqual(studyDefaults(input(volumes)).scaling, { x: 'bs', metric: 'total.iops', loads: [], others: ['bs'] });
    // Block size and the read mix both vary (S4): which one is the sweep is the user's call.
    const grid = volumes.map((r, i) => ({ ...r, params: { ...r.params, read_pct: i % 2 ? 70 : 0 } }));
    assert.equal(studyDefaults(input(grid)).scaling.x, null);
  });

  it('a flat series is passed over for one that varies', () => {
    const flat = { object: 'ycsb', times: Float64Array.from([0, 1, 2, 3]), values: Float64Array.from([23.4, 23.4, 23.4, 23.4]) };
    const moving = { object: 'ycsb', times: Float64Array.from([0, 1, 2, 3]), values: Float64Array.from([500, 650, 420, 700]) };
    const runs = [{ id: 1, study: 's', config: 'c', tool: 'cockroach', tool_version: null, format: 'x', name: 'ycsb', host: null, start: null, end: null, source: { file: 'f', sha256: '' }, params: {}, metrics: { 'total.lat_p99_ms': 23.4, ops_per_s: 560 }, tables: {}, warnings: [], errors: [] }] as RunRecord[];
    const input: StudyDefaultsInput = {
      study: 's', configs: ['c'], periods: [], runs, pairingKeys: [],
      spans: [{ ...span(1, 0, 3), metric: 'total.lat_p99_ms' }, { ...span(1, 0, 3), metric: 'ops_per_s' }],
      seriesConfigs: () => ['c'],
      // CockroachDB's first primary metric, ops/s, is flat here: its p99 moves.
      seriesCvs: (metric) => [variation((metric === 'ops_per_s' ? flat : moving).values).cv_pct],
    };
    assert.equal(studyDefaults(input).series?.metric, 'total.lat_p99_ms');
  });
});

describe('the Runs table: what the runs ran on', () => {
  it('a configuration whose runs ran on four devices shows the device as a column; one device each, no column', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      core.importPaths(writeFioVolumes(path.join(tempDir(), 'vol')).map((r) => r.file), 'one label', 'volumes');
      const cols = (study: string): string[] => core.studyDefaults(study).runs_columns.flatMap((g) => g.columns.filter((c) => c.kind === 'param').map((c) => c.key));
      assert.ok(cols('one label').includes('target'), cols('one label').join(', '));
      // Split into their volumes: each table's runs ran on one device, which tells nothing there.
      const byTarget = new Map<string, number[]>();
      for (const r of core.runs({ study: 'one label' })) byTarget.set(String(r.params['target']), [...(byTarget.get(String(r.params['target'])) ?? []), r.id]);
      for (const [target, ids] of byTarget) core.manage.moveRuns('one label', ids, target.split('/').pop()!);
      assert.ok(!cols('one label').includes('target'), cols('one label').join(', '));
    } finally {
      core.close();
    }
  });
});
