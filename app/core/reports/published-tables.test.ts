/**
 * The tables and figures the five studies published, as the sample reports resolve them: S1's
 * day × volume read response and its five pre-go-live grids, S2's wait events side by side,
 * S3's write jitter as a number, S4's CPU overhead in percentage points, S5's geometric mean
 * without the COSBench housekeeping stages. And the honesty rules: a regression is "worse", a
 * tie says so, warnings sit under the figure they weaken, dates are the data's own.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { HeadlineFigure, PivotTable, RenderedSection, ReportDocument } from '../../contract/records.js';
import { Core } from '../core.js';
import { loadSamples, samplesDir } from '../samples/samples.js';
import { coefficientOfVariationPct } from '../series/variation.js';
import { tempDir } from '../test-support/temp.js';

const figure = (doc: ReportDocument, label: string): HeadlineFigure => {
  const all = doc.sections.flatMap((s) => (s.type === 'headline' ? s.figures : []));
  const f = all.find((x) => x.label === label);
  assert.ok(f, `headline "${label}" among ${all.map((x) => x.label).join(' | ')}`);
  return f;
};
const pivot = (doc: ReportDocument, title: string): Extract<RenderedSection, { type: 'pivot' }> => {
  const s = doc.sections.find((x) => x.type === 'pivot' && x.title === title);
  assert.ok(s && s.type === 'pivot', `a table "${title}"`);
  assert.deepEqual(s.errors, []);
  return s;
};
const row = (t: PivotTable, ...labels: string[]): PivotTable['rows'][number] => {
  const r = t.rows.find((x) => labels.every((l, i) => x.labels[i] === l));
  assert.ok(r, `row ${labels.join(' · ')} among ${t.rows.map((x) => x.labels.join(' · ')).join(' | ')}`);
  return r;
};
const col = (t: PivotTable, label: string): number => {
  const i = t.columns.findIndex((c) => c.label === label);
  assert.ok(i >= 0, `column ${label} among ${t.columns.map((c) => c.label).join(', ')}`);
  return i;
};
const fixed = (xs: ReadonlyArray<number | null>, d: number): string[] => xs.map((x) => (x === null ? '–' : x.toFixed(d)));

describe('the studies\' published tables in the sample reports', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration', 's2-exadata-flash-cache', 's3-cloud-ssd', 's4-aws-cluster', 's5-rook-ceph-optane']);
  });

  it('S1: the day × volume table of daytime read response: each volume\'s mean and maximum, and their means', () => {
    for (const [report, title] of [['Flash migration', 'Daytime read response time of the four DB2 volumes, per day (ms)'], ['闪存迁移（中文）', '四个 DB2 卷每天白天的读响应时间（ms）']]) {
      const [t] = pivot(core.renderReport('s1-flash-migration', report), title!).tables;
      assert.deepEqual(t!.columns.map((c) => c.label), ['CREDIT_DB2_DATA01', 'CREDIT_DB2_DATA02', 'CREDIT_DB2_DATA03', 'CREDIT_DB2_DATA04']);
      const published: Array<[string, string, string[], string[], string]> = [
        ['before', '2017-09-08', ['7.64', '6.18', '8.34', '6.46'], ['10.46', '8.99', '12.84', '7.66'], '9.988'],
        ['before', '2017-09-13', ['7.67', '6.54', '8.73', '6.06'], ['11.32', '8.90', '11.24', '7.77'], '9.808'],
        ['before', '2017-09-14', ['8.10', '7.05', '8.75', '6.20'], ['15.31', '9.43', '12.42', '7.82'], '11.245'],
        ['after', '2017-09-15', ['0.67', '0.97', '1.25', '1.34'], ['1.02', '1.48', '2.17', '2.91'], '1.895'],
      ];
      for (const [period, day, means, maxes, meanOfMax] of published) {
        const r = row(t!, period, day);
        assert.deepEqual(fixed(r.cells.map((c) => c[0]!), 2), means, `${day} means`);
        assert.deepEqual(fixed(r.cells.map((c) => c[1]!), 2), maxes, `${day} maxima`);
        assert.equal(r.margin![1]!.toFixed(3), meanOfMax, `${day} mean of the maxima`);
      }
      assert.equal(row(t!, 'after', '2017-09-15').margin![0]!.toFixed(2), '1.06');
    }
  });

  it('S1: the XLSX has a sheet per table of values, the numbers as printed, units in the headers', () => {
    const book = XLSX.read(core.exportXlsx('s1-flash-migration', 'Flash migration'), { type: 'buffer' });
    const name = book.SheetNames.find((n) => n.startsWith('Table') && n.includes('Daytime read response'))!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 });
    assert.deepEqual(rows[0]!.slice(0, 3), ['Period', 'Day', 'mean · CREDIT_DB2_DATA01 [ms]']);
    const day = rows.find((r) => r[1] === '2017-09-08')!;
    assert.deepEqual(day.slice(2, 6).map((v) => (v as number).toFixed(2)), ['7.64', '6.18', '8.34', '6.46']);
    const grid = book.SheetNames.find((n) => n.includes('FS840 raw'))!;
    const g = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[grid]!, { header: 1 });
    assert.equal(g[0]![1], 'total IOPS · random read [IOPS]');
    assert.equal(g.find((r) => r[0] === '4K')![1], 307135.53);
  });

  it('S1: the five pre-go-live grids, block size × pattern, "IOPS / MB/s / ms" in each cell, in the published order', () => {
    const tables = pivot(core.renderReport('s1-flash-migration', 'Flash migration'), 'Pre-go-live test: IOPS / MB/s / response time per configuration').tables;
    assert.deepEqual(tables.map((t) => t.title), ['FS840 raw', 'FS840 thick', 'FS840 thin', 'V7000 thick', 'V7000 thin']);
    const raw = tables[0]!;
    assert.deepEqual(raw.columns.map((c) => c.label), ['random read', 'random write', 'random 70/30', 'seq read', 'seq write', 'seq 70/30'], 'RR RW RM SR SW SM');
    assert.deepEqual(raw.values.map((v) => v.unit), ['IOPS', 'MiB/s', 'ms'], 'MB/s here is IOPS × bs / 2^20');
    assert.deepEqual(row(raw, '4K').cells[col(raw, 'random read')], [307135.53, 1199.75, 0.831]);
    assert.deepEqual(row(raw, '32K').cells[col(raw, 'seq 70/30')], [68515.49, 2141.11, 1.399]);
    const thin = tables[2]!;
    assert.deepEqual(row(thin, '4K').cells[col(thin, 'random write')], [8486.06, 33.15, 30.158], 'thin volumes write far worse');
    assert.deepEqual(row(tables[3]!, '8K').cells[col(tables[3]!, 'random read')], [9441.15, 73.76, 27.106]);
    assert.deepEqual(row(tables[4]!, '4K').cells[col(tables[4]!, 'random read')], [277098.7, 1082.42, 0.921]);
  });

  it('S2: the top wait events side by side, an event present on one side only shown (free buffer waits, 63% of DB time)', () => {
    const doc = core.renderReport('s2-exadata-flash-cache');
    const [fg] = pivot(doc, 'Top foreground wait events: write-back and write-through').tables;
    assert.deepEqual(fg!.row_headers, ['Event']);
    const wb = col(fg!, 'write-back');
    const wt = col(fg!, 'write-through');
    const fbw = row(fg!, 'free buffer waits');
    assert.deepEqual(fbw.cells[wt], [63, 11.72, 1039389]);
    assert.deepEqual(fbw.cells[wb], [null, null, null], 'not among write-back\'s top events');
    assert.deepEqual(fg!.rows.slice(0, 3).map((r) => r.labels[0]), ['cell single block physical read', 'free buffer waits', 'DB CPU'], 'by share of DB time');
    assert.deepEqual(row(fg!, 'enq: WF - contention').cells[wt], [null, null, null], 'write-back only');
    const [bg] = pivot(doc, 'Background wait events').tables;
    assert.deepEqual([row(bg!, 'db file parallel write').cells[wb]![1], row(bg!, 'db file parallel write').cells[wt]![1]], [1, 21.74]);
    const [sql] = pivot(doc, 'SQL ordered by elapsed time, matched by SQL ID').tables;
    assert.deepEqual(sql!.rows.map((r) => r.labels[0]), ['g7ac5u7zzfbyd', '6w9a3xnpbuz5x']);
    assert.deepEqual(row(sql!, 'g7ac5u7zzfbyd').cells[wb], [1996.3, 88329, 83.1]);
    assert.match(row(sql!, 'g7ac5u7zzfbyd').labels[1]!, /^UPDATE CF1 SET C2='A'/);
  });

  it('S3: the write jitter is a number, the coefficient of variation of the IOPS log', () => {
    const [t] = pivot(core.renderReport('s3-cloud-ssd'), 'fio logs: level and jitter per workload').tables;
    const write = row(t!, '4K random write QD32 ×1');
    const run = core.runs({ study: 's3-cloud-ssd' }).find((r) => r.name === 'randwrite-4k')!;
    const points = core.series(run.id, 'write.iops')[0]!.points.map((p) => p[1]);
    assert.equal(t!.values[1]!.unit, '%');
    assert.equal(write.cells[0]![1], coefficientOfVariationPct(points));
    assert.ok(write.cells[0]![0]! > 19900 && write.cells[0]![0]! < 20100, 'the mean of the log: the 20,000 IOPS limit');
  });

  it('S4: throughput and CPU beside IOPS; the CPU overhead in percentage points, which no ratio convention can say', () => {
    const doc = core.renderReport('s4-aws-cluster');
    const cpu = figure(doc, 'CPU overhead of the in-AZ TCP mirror');
    const runs = core.runs({ study: 's4-aws-cluster' });
    const mean = (config: string): number => { const xs = runs.filter((r) => r.config === config).map((r) => r.metrics['cpu_util_pct']!); return xs.reduce((a, b) => a + b, 0) / xs.length; };
    const points = mean('in-AZ TCP mirror') - mean('single node');
    assert.equal(cpu.text, `CPU utilisation +${points.toFixed(1)} pp`);
    assert.ok(points > 0.5 && points < 2.5, 'at most about 2%');
    const table = doc.sections.find((s) => s.type === 'table' && s.title === 'CPU utilisation against the single node');
    assert.ok(table?.type === 'table' && table.compare);
    for (const p of table.compare.pairs) assert.match(p.text, /^CPU utilisation [+-]\d+\.\d pp$|^CPU utilisation: (no change|within the tie band) \([+-]\d+\.\d pp\)$/);
    const [t] = pivot(doc, 'IOPS, throughput and CPU of the five configurations').tables;
    assert.deepEqual(t!.values.map((v) => v.unit), ['IOPS', 'MB/s', '%']);
    assert.deepEqual(t!.columns.map((c) => c.label), ['single node', 'shared-disk cluster', 'in-AZ TCP mirror', 'in-AZ UDP mirror', 'cross-AZ mirror']);
    // Throughput and CPU charts beside the IOPS one (issue 19), each bar pair from the runs.
    const charts = doc.sections.filter((s) => s.type === 'chart').map((s) => (s.type === 'chart' ? s.data?.kind === 'compare-bars' ? s.data.compare.metrics[0] : s.data?.kind : null));
    for (const m of ['total.iops', 'total.bw_mib_s', 'cpu_util_pct']) assert.ok(charts.includes(m), `a chart of ${m} (${charts.join(', ')})`);
  });

  it('S5: the report\'s workload filter leaves the COSBench init, prepare and cleanup stages out of the geometric mean, and says so', () => {
    const doc = core.renderReport('s5-rook-ceph-optane');
    const g = figure(doc, 'Throughput over every workload (geometric mean, COSBench init/prepare/cleanup left out)');
    // bank, movr, ycsb and the measured COSBench stage (its ops/s: reads and writes together).
    const runs = core.runs({ study: 's5-rook-ceph-optane' });
    const ops = (config: string, match: (p: Record<string, unknown>) => boolean): number => runs.find((r) => r.config === config && match(r.params))!.metrics['ops_per_s']!;
    const ratios = [(p: Record<string, unknown>) => p['workload'] === 'bank', (p: Record<string, unknown>) => p['workload'] === 'movr', (p: Record<string, unknown>) => p['workload'] === 'ycsb', (p: Record<string, unknown>) => p['stage'] === 's3-4k-70r30w']
      .map((m) => ops('config-2', m) / ops('baseline', m));
    assert.equal(ratios[0]!.toFixed(2), '2.96');
    const expected = Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / 4);
    assert.equal(g.speedup!.toFixed(4), expected.toFixed(4));
    assert.equal(g.text, `${(expected * 100).toFixed(1)}% of baseline`);
    assert.match(g.basis, /over 4 workloads/);
    const filter = doc.evidence.filters.find((f) => f.startsWith('Workload filter'));
    assert.match(filter ?? '', /stage ≠ \*init, \*prepare, \*cleanup \(9 runs left out/);
    const table = doc.sections.find((s) => s.type === 'table');
    assert.ok(table?.type === 'table' && table.compare && !table.compare.pairs.some((p) => /init|prepare|cleanup/.test(p.workload)));
  });
});

describe('honest headlines', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration', 's3-cloud-ssd', 's4-aws-cluster']);
  });

  it('a regression is worse and worded as one; a change inside the tie band is a tie, never "faster" or "slower"', () => {
    const s1 = core.renderReport('s1-flash-migration', 'Flash migration');
    const thin = figure(s1, "Thin provisioning's write penalty: 4K random write IOPS");
    assert.deepEqual([thin.verdict, thin.text], ['worse', '32.06x slower']);
    assert.equal(figure(s1, 'Pre-go-live test: 4K random read IOPS').verdict, 'better');
    const shared = figure(core.renderReport('s4-aws-cluster'), 'Shared-disk cluster against a single node (IOPS)');
    assert.equal(shared.verdict, 'tie');
    assert.equal(shared.text, 'within the tie band (-0.7%)');
  });

  it('the warnings behind a figure travel with it: short runs and a working set in cache under S3\'s fio headlines', () => {
    const doc = core.renderReport('s3-cloud-ssd');
    const codes = figure(doc, 'fio 4K random write IOPS').warnings.map((w) => w.code);
    assert.ok(codes.includes('short-runtime') && codes.includes('working-set-in-cache') && codes.includes('single-run'), codes.join(', '));
    const run = core.runs({ study: 's3-cloud-ssd' }).find((r) => r.name === 'randwrite-4k')!;
    assert.deepEqual(figure(doc, 'fio 4K random write IOPS').warnings.find((w) => w.code === 'short-runtime')!.runs, [run.id], 'only the runs behind this figure');
    const sysbench = figure(doc, 'sysbench OLTP read/write: queries per second').warnings.map((w) => w.code);
    assert.ok(!sysbench.includes('short-runtime'), 'a 300 s sysbench run is not short');
  });

  it('"data as of" is the data\'s own last day in its zone, not the day it was imported', () => {
    const doc = core.renderReport('s1-flash-migration');
    assert.deepEqual(doc.data_span, { from: '2017-08-21', to: '2017-09-15', zone: 'Asia/Shanghai' });
    assert.ok(doc.data_as_of!.startsWith('2017-09-15'));
  });

  it('the evidence never prints the absolute path of the machine that imported a file', () => {
    const dir = tempDir();
    const deep = path.join(dir, 'home', 'ana', 'runs', 'disk');
    fs.mkdirSync(deep, { recursive: true });
    for (const f of ['randread-4k.json', 'randwrite-4k.json']) fs.copyFileSync(path.join(samplesDir(), 's3', 'cloud-ssd', f), path.join(deep, f));
    const one = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      one.importPaths([path.join(deep, 'randread-4k.json')], 'abs', 'a', { studySlug: 'abs' });
      one.importPaths([path.join(deep, 'randwrite-4k.json')], 'abs', 'b', { studySlug: 'abs' });
      // An excluded run is listed by its file too (issue 28's evidence printed its temporary path).
      one.manage.exclude('abs', [one.runs({ study: 'abs', config: 'b' })[0]!.id], 'noisy neighbour');
      const r = one.createReport('abs', { template: 'cache-on-off' });
      const doc = one.renderReport('abs', r.id);
      assert.deepEqual(doc.evidence.files.map((f) => f.file).sort(), ['randread-4k.json', 'randwrite-4k.json']);
      assert.deepEqual(doc.evidence.excluded_runs.map((e) => e.file), ['randwrite-4k.json']);
      assert.ok(!JSON.stringify(doc.evidence).includes(dir), 'no temporary folder path anywhere in the evidence');
    } finally {
      one.close();
    }
  });

  it('a Chinese report titles its generated sections in Chinese', () => {
    const base = core.report('s4-aws-cluster');
    const zh = core.saveReport('s4-aws-cluster', {
      name: 'zh titles', layout: { ...base.layout, locale: 'zh-CN' },
      sections: [
        { id: 'h', type: 'headline', items: [{ baseline: 'single node', candidate: 'cross-AZ mirror', metric: 'total.iops' }] },
        { id: 't', type: 'table', baseline: 'single node', candidates: ['cross-AZ mirror'], metrics: ['cpu_util_pct'] },
        { id: 'p', type: 'pivot', source: { kind: 'runs' }, rows: ['workload'], columns: ['config'], values: [{ metric: 'total.iops' }] },
      ],
    });
    const doc = core.renderReport('s4-aws-cluster', zh.id);
    assert.deepEqual(doc.sections.map((s) => s.title), ['主要结论', '对比明细', '数值表']);
    const t = doc.sections[1]!;
    assert.ok(t.type === 'table' && t.compare!.pairs.every((p) => /个百分点/.test(p.text) && p.metric_label === 'CPU 利用率'));
    const p = doc.sections[2]!;
    assert.ok(p.type === 'pivot' && p.tables[0]!.row_headers[0] === '负载' && p.tables[0]!.values[0]!.label === '总计IOPS');
  });
});
