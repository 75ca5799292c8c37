/**
 * chartData(spec): the one function from a chart spec to the numbers it draws, for every kind,
 * over the sample studies; the table of a chart's XLSX sheet; saved charts changed in place,
 * renamed, duplicated; and charts saved before there were more kinds still open.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { ChartData, ChartSpec } from '../../contract/records.js';
import { Core } from '../core.js';
import { validateArgs } from '../rpc/schemas.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { chartRows } from './chart-table.js';

type Of<K extends ChartData['kind']> = ChartData & { kind: K };
const of = <K extends ChartData['kind']>(d: ChartData, kind: K): Of<K> => {
  assert.equal(d.kind, kind);
  return d as Of<K>;
};

describe('chart data: one function from a spec to what it draws', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration', 's2-exadata-flash-cache', 's5-rook-ceph-optane', 'fio-output-shapes', 's3-cloud-ssd']);
  });

  it('S3: the bandwidth log in the study\'s units (MB/s), as its headline states the limit: one unit on the page', () => {
    const spec: ChartSpec = { kind: 'time-series', metric: 'write.bw_mib_s', objects: ['seqwrite-1m job 1'], points: 100_000 };
    const d = of(core.chartData('s3-cloud-ssd', spec), 'time-series');
    assert.equal(d.series.unit, 'MB/s');
    const stored = core.studySeries('s3-cloud-ssd', 'write.bw_mib_s', { objects: ['seqwrite-1m job 1'], maxPoints: 100_000 }).objects[0]!;
    assert.equal(stored.points.length, d.series.objects[0]!.points.length);
    d.series.objects[0]!.points.forEach(([t, v], i) => assert.ok(t === stored.points[i]![0] && Math.abs(v - stored.points[i]![1] * 1.048576) < 1e-9));
    assert.ok(Math.abs(d.series.objects[0]!.mean - stored.mean * 1.048576) < 1e-9);
    assert.equal(chartRows(d)[0]![2], 'write.bw_mib_s [MB/s]');
  });

  it('charts saved before there were more kinds (their JSON as stored) still validate and draw', () => {
    const stored = [
      ['s1-flash-migration', '{"kind":"time-series","metric":"read.lat_avg_ms","top":6,"config":"production"}'],
      ['s1-flash-migration', '{"kind":"compare-bars","baseline":"before","candidate":"after","metric":"read.lat_avg_ms"}'],
      ['s1-flash-migration', '{"kind":"speedup-heatmap","baseline":"V7000 thick","metric":"total.iops"}'],
      ['s5-rook-ceph-optane', '{"kind":"scaling","x":"vus","metric":"nopm"}'],
      ['s5-rook-ceph-optane', '{"kind":"compare-bars","baseline":"baseline","candidate":"config-2","metric":"ops_per_s","normalised":true}'],
    ] as const;
    for (const [study, json] of stored) {
      const spec = validateArgs('charts.data', { study, spec: JSON.parse(json) }).spec;
      const data = core.chartData(study, spec);
      assert.equal(data.kind, spec.kind, json);
      assert.ok(chartRows(data).length > 1, `${json}: rows for its sheet`);
    }
  });

  it('every colour follows the study\'s order: configurations as imported, then periods', () => {
    const d = core.chartData('s1-flash-migration', { kind: 'speedup-heatmap', baseline: 'V7000 thick', metric: 'total.iops' });
    assert.deepEqual(d.labels, [...core.studies().find((s) => s.slug === 's1-flash-migration')!.configs, 'before', 'after', 'pre-cutover', 'post-cutover']);
    assert.equal(d.labels[0], 'V7000 thick');
  });

  it('S5: raw bars of all three configurations in one chart, the published figures', () => {
    const d = of(core.chartData('s5-rook-ceph-optane', { kind: 'compare-bars', baseline: 'baseline', candidate: 'config-1', candidates: ['config-1', 'config-2'], metric: 'ops_per_s' }), 'compare-bars');
    assert.deepEqual(d.compare.candidates, ['config-1', 'config-2']);
    const bank = d.compare.pairs.filter((p) => /bank/.test(p.workload));
    assert.deepEqual(bank.map((p) => [p.candidate_label, p.baseline, p.candidate]), [['config-1', 504.4, 648.8], ['config-2', 504.4, 1494.5]]);
    assert.deepEqual(bank.map((p) => p.verdict), ['better', 'better']);
    const rows = chartRows(d);
    assert.ok(rows.some((r) => r[1] === 'config-1') && rows.some((r) => r[1] === 'config-2'), 'both candidates in the sheet');
  });

  it('S5: scaling over virtual users is a load, the knees where NOPM stops growing', () => {
    const d = of(core.chartData('s5-rook-ceph-optane', { kind: 'scaling', x: 'vus', metric: 'nopm' }), 'scaling');
    assert.equal(d.scaling.x_load, true);
    assert.deepEqual(d.scaling.series.map((s) => s.knee), [8, 16, 16]);
    assert.ok(chartRows(d).some((r) => r[0] === 'baseline' && r[2] === 8 && r[4] === 'knee'), 'the sheet marks the knee');
  });

  it('time series: a window reads that range only, at most `points` points per object, and says which window', () => {
    const all = of(core.chartData('s1-flash-migration', { kind: 'time-series', metric: 'read.lat_avg_ms', config: 'production', top: 2 }), 'time-series');
    const ts = all.series.objects[0]!.points.map((p) => p[0]);
    const from = ts[Math.floor(ts.length * 0.4)]!;
    const to = ts[Math.floor(ts.length * 0.45)]!;
    const w = of(core.chartData('s1-flash-migration', { kind: 'time-series', metric: 'read.lat_avg_ms', config: 'production', top: 2, window: { from, to }, points: 50 }), 'time-series');
    assert.deepEqual(w.series.window, { from, to });
    for (const o of w.series.objects) {
      assert.ok(o.points.length > 0 && o.points.length <= 50, `${o.object}: ${o.points.length} points`);
      assert.ok(o.points.every(([t]) => t >= from && t <= to), `${o.object}: inside the window`);
    }
    assert.ok(w.series.objects[0]!.cv_pct! > 0, 'each object carries its coefficient of variation');
  });

  it('S2: AWR wait events side by side; free buffer waits (63% of DB time) only in write-through; db file parallel write 1 -> 21.74 ms', () => {
    const fg = of(core.chartData('s2-exadata-flash-cache', { kind: 'wait-events', baseline: 'write-back', candidate: 'write-through' }), 'wait-events');
    const free = fg.waits.rows.find((r) => r.name === 'free buffer waits')!;
    assert.equal(free.baseline, null);
    assert.equal(free.candidate!.pct, 63);
    assert.ok(fg.waits.rows.every((r) => r.name !== 'DB CPU'), 'DB CPU is time, not a wait');
    const bg = of(core.chartData('s2-exadata-flash-cache', { kind: 'wait-events', baseline: 'write-back', candidate: 'write-through', events: 'background' }), 'wait-events');
    const dbw = bg.waits.rows.find((r) => r.name === 'db file parallel write')!;
    assert.deepEqual([dbw.baseline!.avg_ms, dbw.candidate!.avg_ms, dbw.verdict], [1, 21.74, 'worse']);
    assert.ok(Math.abs(dbw.speedup! - 1 / 21.74) < 1e-12);
    assert.throws(() => core.chartData('s5-rook-ceph-optane', { kind: 'wait-events', baseline: 'baseline', candidate: 'config-2' }), /has AWR foreground wait events/);
  });

  it('S1: write response against write throughput per interval, the stored values paired by time', () => {
    const d = of(core.chartData('s1-flash-migration', { kind: 'scatter', x: 'write.iops', y: 'write.lat_avg_ms', config: 'production', objects: ['CREDIT_WASDB_DATA03'] }), 'scatter');
    assert.deepEqual([d.scatter.x_unit, d.scatter.y_unit, d.scatter.config], ['IOPS', 'ms', 'production']);
    const [o] = d.scatter.objects;
    const ys = core.studySeries('s1-flash-migration', 'write.lat_avg_ms', { objects: ['CREDIT_WASDB_DATA03'], config: 'production', maxPoints: 1e9 }).objects[0]!.points;
    const byTime = new Map(ys.map(([t, v]) => [t, v]));
    assert.ok(o!.points.length > 1000, `${o!.points.length} intervals`);
    assert.ok(o!.points.every(([, y, t]) => byTime.get(t) === y), 'each dot is the interval\'s stored response time');
    const top = of(core.chartData('s1-flash-migration', { kind: 'scatter', x: 'write.iops', y: 'write.lat_avg_ms', top: 3 }), 'scatter');
    assert.equal(top.scatter.objects.length, 3, 'without objects named: the top ones by the Y metric');
  });

  it('box plot: per configuration over runs (quartiles of the runs\' values), over objects, over intervals', () => {
    const runs = of(core.chartData('s1-flash-migration', { kind: 'box-plot', metric: 'total.iops', over: 'runs', configs: ['V7000 thick', 'FS840 thick'] }), 'box-plot');
    assert.deepEqual(runs.boxes.boxes.map((b) => [b.label, b.n]), [['V7000 thick', 18], ['FS840 thick', 18]]);
    const values = core.runs({ study: 's1-flash-migration', config: 'V7000 thick' }).map((r) => r.metrics['total.iops']!).sort((a, b) => a - b);
    const v7 = runs.boxes.boxes[0]!;
    assert.deepEqual([v7.min, v7.max, v7.median], [values[0], values[17], (values[8]! + values[9]!) / 2]);
    assert.ok(v7.whisker_high <= v7.q3 + 1.5 * (v7.q3 - v7.q1) && v7.outliers.every((o) => o > v7.whisker_high || o < v7.whisker_low));
    assert.ok(runs.boxes.workloads!.includes('4K random read 64 threads'));
    const one = of(core.chartData('s1-flash-migration', { kind: 'box-plot', metric: 'total.iops', over: 'runs', workload: '4K random read 64 threads' }), 'box-plot');
    assert.ok(one.boxes.boxes.every((b) => b.n === 1), 'one run per configuration of that workload');
    const objects = of(core.chartData('s1-flash-migration', { kind: 'box-plot', metric: 'read.lat_avg_ms', over: 'objects', configs: ['production'] }), 'box-plot');
    const production = core.studySeries('s1-flash-migration', 'read.lat_avg_ms', { config: 'production', maxPoints: 2 });
    assert.equal(objects.boxes.boxes[0]!.n, production.all_objects.length, 'one value per volume');
    const intervals = of(core.chartData('s1-flash-migration', { kind: 'box-plot', metric: 'read.lat_avg_ms', over: 'intervals', configs: ['production'] }), 'box-plot');
    assert.equal(intervals.boxes.boxes[0]!.n, production.objects.length === 0 ? 0 : core.seriesValues('s1-flash-migration', 'read.lat_avg_ms', 'production').reduce((n, s) => n + s.values.length, 0));
    assert.ok(chartRows(intervals)[0]!.includes('Median [ms]'));
  });

  it('latency CDF and runs overlaid name runs; repetitions are the comparison\'s', () => {
    const run = core.runs({ study: 'fio-output-shapes' }).find((r) => r.tables['latency_bins'])!;
    const cdf = of(core.chartData('fio-output-shapes', { kind: 'latency-cdf', runs: [run.id] }), 'latency-cdf');
    assert.ok(cdf.distribution.curves.length >= 2 && cdf.distribution.curves.every((c) => c.run === run.id));
    const series = of(core.chartData('fio-output-shapes', { kind: 'run-series', runs: [run.id], align: true }), 'run-series');
    assert.equal(series.overlay.aligned, true);
    const reps = of(core.chartData('s5-rook-ceph-optane', { kind: 'repetitions', baseline: 'baseline', candidate: 'config-2', metric: 'nopm' }), 'repetitions');
    assert.equal(reps.compare.candidate, 'config-2');
    assert.ok(chartRows(reps).length > 7);
  });

  it('a chart\'s XLSX: one sheet of the rows its data makes, exact values', () => {
    const spec: ChartSpec = { kind: 'scaling', x: 'vus', metric: 'nopm' };
    const book = XLSX.read(core.chartXlsx('s5-rook-ceph-optane', spec, 'NOPM by VU'));
    assert.deepEqual(book.SheetNames, ['NOPM by VU']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['NOPM by VU']!, { header: 1 });
    assert.deepEqual(rows[0], ['Line', 'Configuration', 'vus', 'nopm [NOPM]', 'Knee', 'Runs']);
    assert.ok(rows.some((r) => r[1] === 'config-2' && r[2] === 8 && r[3] === 3525));
  });
});

describe('saved charts: changed in place, renamed, duplicated; a study file keeps the runs they name', () => {
  it('saving with an id changes that chart (reports drawing it follow); names stay unique; copies are named', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s5-rook-ceph-optane']);
    const study = 's5-rook-ceph-optane';
    const chart = core.charts(study).find((c) => c.spec.kind === 'scaling')!;
    assert.deepEqual(chart.used_in, ['Optane PMem and Open CAS']);
    const changed = core.saveChart(study, 'NOPM, log scale', { kind: 'scaling', x: 'vus', metric: 'nopm', logScale: true }, chart.id);
    assert.equal(changed.id, chart.id);
    const doc = core.renderReport(study, 'Optane PMem and Open CAS');
    const section = doc.sections.find((s) => s.type === 'chart' && s.chart?.id === chart.id);
    assert.ok(section && section.type === 'chart' && section.title === 'NOPM, log scale', 'the report draws the changed chart');
    const other = core.charts(study).find((c) => c.id !== chart.id)!;
    assert.throws(() => core.renameChart(study, other.id, 'NOPM, log scale'), /already has a chart named/);
    const copy = core.duplicateChart(study, chart.id);
    const copy2 = core.duplicateChart(study, chart.id);
    assert.deepEqual([copy.name, copy2.name], ['NOPM, log scale (copy)', 'NOPM, log scale (copy 2)']);
    assert.deepEqual(copy.spec, changed.spec);
    assert.ok(core.deleteChart(study, copy.id));
    assert.throws(() => core.chart(study, copy.id), /has no chart #/);
    core.close();
  });

  it('a chart naming runs, opened from a study file where those run ids are taken, names the runs it was saved with', async () => {
    const dir = tempDir();
    const core = new Core(path.join(dir, 'db.sqlite'));
    await loadSamples(core, ['fio-output-shapes']);
    const run = core.runs({ study: 'fio-output-shapes' }).find((r) => r.tables['latency_bins'])!;
    core.saveChart('fio-output-shapes', 'CDF', { kind: 'latency-cdf', runs: [run.id] });
    const file = path.join(dir, 'shapes.perfdelta');
    core.saveStudyFile('fio-output-shapes', file);
    // Opened in the same database: its run ids are all taken, the runs get new ones.
    const slug = core.openStudyFile(fs.readFileSync(file), file);
    const opened = core.charts(slug).find((c) => c.name === 'CDF')!;
    assert.equal(opened.spec.kind, 'latency-cdf');
    const ids = (opened.spec as { runs: number[] }).runs;
    assert.notDeepEqual(ids, [run.id]);
    const mine = core.runs({ study: slug, ids });
    assert.deepEqual(mine.map((r) => [r.name, r.config]), [[run.name, run.config]], 'the same run, in the opened study');
    assert.ok(of(core.chartData(slug, opened.spec), 'latency-cdf').distribution.curves.length > 0);
    core.close();
  });
});
