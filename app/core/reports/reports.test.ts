import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import Database from 'better-sqlite3';
import type { HeadlineFigure, ReportDocument } from '../../contract/records.js';
import { Core } from '../core.js';
import { validateArgs } from '../rpc/schemas.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

const figures = (doc: ReportDocument): HeadlineFigure[] => doc.sections.flatMap((s) => (s.type === 'headline' ? s.figures : []));
const figure = (doc: ReportDocument, label: string): HeadlineFigure => {
  const f = figures(doc).find((x) => x.label === label);
  assert.ok(f, `headline "${label}" among ${figures(doc).map((x) => x.label).join(' | ')}`);
  return f;
};

describe('reports of the sample studies', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration', 's2-exadata-flash-cache', 's5-rook-ceph-optane']);
  });

  it('S1: the headline reproduces 7.31 -> 1.06 ms (6.90x), the maxima 10.35 -> 1.895 ms (5.46x), 16.16x and the thin write penalty', () => {
    const doc = core.renderReport('s1-flash-migration', 'Flash migration');
    const mean = figure(doc, 'Read response time, daytime 08:30-15:30');
    assert.deepEqual([mean.baseline!.toFixed(2), mean.candidate!.toFixed(2), mean.speedup_text, mean.text], ['7.31', '1.06', '6.90x', 'read mean latency 6.90x lower']);
    const max = figure(doc, 'Maximum read response time in the window');
    assert.deepEqual([max.baseline!.toFixed(2), max.candidate!.toFixed(3), max.speedup_text], ['10.35', '1.895', '5.46x']);
    const rr = figure(doc, 'Pre-go-live test: 4K random read IOPS');
    assert.deepEqual([rr.baseline, rr.candidate, rr.speedup_text], [17103.73, 276371.66, '16.16x']);
    const thin = figure(doc, "Thin provisioning's write penalty: 4K random write IOPS");
    assert.deepEqual([thin.baseline, thin.candidate, thin.text], [272044.03, 8486.06, '32.06x slower']);
    for (const s of doc.sections) if ('errors' in s) assert.deepEqual(s.errors, [], `section ${s.id} has no errors`);
    assert.match(doc.evidence.convention_note, /x-fold/);
  });

  it('S1 in Chinese: the same numbers worded in Chinese', () => {
    const doc = core.renderReport('s1-flash-migration', '闪存迁移（中文）');
    const mean = figure(doc, '白天 08:30-15:30 读响应时间');
    assert.equal(mean.speedup_text, '6.90x');
    assert.equal(mean.text, '读平均延迟降低到 1/6.90');
    assert.match(doc.evidence.formulas[0]!, /加速比/);
  });

  it('S5: the report convention words latency as 34.2% of baseline; throughput is 2.96x', () => {
    const doc = core.renderReport('s5-rook-ceph-optane');
    assert.equal(doc.report.layout.convention, 'percent-of-baseline');
    const bank = figure(doc, 'CockroachDB bank throughput');
    assert.deepEqual([bank.baseline, bank.candidate, bank.speedup_text], [504.4, 1494.5, '2.96x']);
    assert.equal(figure(doc, 'CockroachDB bank latency').text, 'mean latency at 34.2% of baseline');
    assert.equal(figure(doc, 'HammerDB TPC-C, 8 virtual users').candidate, 3525);
  });

  it('S2: db file parallel write 21.74 -> 1 ms', () => {
    const doc = core.renderReport('s2-exadata-flash-cache');
    const f = figures(doc)[0]!;
    assert.deepEqual([f.baseline, f.candidate, f.speedup_text], [21.74, 1, '21.74x']);
    // One AWR report a side: the headline's comparison says no significance is possible, and the
    // evidence carries that warning even for a report of headlines alone.
    const onlyHeadline = core.saveReport('s2-exadata-flash-cache', { name: 'headline only', layout: doc.report.layout, sections: [{ id: 'h', type: 'headline', items: [{ baseline: 'write-through', candidate: 'write-back', metric: 'bgwait.db_file_parallel_write.avg_ms' }] }] });
    const warned = core.renderReport('s2-exadata-flash-cache', onlyHeadline.id).evidence.warnings.map((w) => w.code);
    assert.ok(warned.includes('single-run'), `warnings: ${warned.join(', ')}`);
    core.deleteReport('s2-exadata-flash-cache', onlyHeadline.id);
  });

  it('the evidence lists every source file with its SHA-256, and folders of many files with a hash over them', () => {
    const doc = core.renderReport('s1-flash-migration');
    const runs = core.runs({ study: 's1-flash-migration' });
    const listed = new Set(doc.evidence.files.map((f) => f.sha256));
    for (const r of runs) assert.ok(listed.has(r.source.sha256), `run ${r.id}'s source file is listed`);
    const imported = core.store.db.prepare('SELECT COUNT(*) AS n FROM imports WHERE study_id = ?').get(core.studyIdOf('s1-flash-migration')) as { n: number };
    assert.equal(doc.evidence.files.length, imported.n, 'every imported file, including the 5,000 SVC dumps behind one run');
    for (const f of doc.evidence.files.slice(0, 20)) {
      assert.equal(createHash('sha256').update(core.store.fileContent(f.sha256)!).digest('hex'), f.sha256);
    }
    const svc = doc.evidence.file_groups.find((g) => g.files > 100)!;
    const hashes = doc.evidence.files.filter((f) => f.config === svc.config && f.file.startsWith(`${svc.folder}/`)).map((f) => f.sha256).sort();
    assert.equal(svc.combined_sha256, createHash('sha256').update(hashes.join('\n')).digest('hex'));
    assert.deepEqual(doc.evidence.periods.map((p) => p.name), ['before', 'after', 'pre-cutover', 'post-cutover']);
    assert.ok(doc.evidence.pairing_keys.includes('bs'));
  });

  it('rendering is deterministic: the same study and report give the same document', () => {
    assert.deepEqual(core.renderReport('s5-rook-ceph-optane'), core.renderReport('s5-rook-ceph-optane'));
  });

  it('every template makes a report that renders without errors where the study fits it', () => {
    const cases = [['s1-flash-migration', 'before-after'], ['s1-flash-migration', 'config-matrix'], ['s2-exadata-flash-cache', 'cache-on-off'], ['s5-rook-ceph-optane', 'sweep']] as const;
    for (const [study, template] of cases) {
      const r = core.createReport(study, { template });
      const doc = core.renderReport(study, r.id);
      const errors = doc.sections.flatMap((s) => ('errors' in s ? s.errors : []));
      assert.deepEqual(errors, [], `${study} ${template}`);
      assert.ok(figures(doc).length > 0, `${study} ${template}: a headline`);
      assert.ok(doc.sections.some((s) => s.type === 'chart' && s.data), `${study} ${template}: a chart with data`);
    }
    assert.throws(() => core.createReport('s2-exadata-flash-cache', { template: 'before-after' }), /two periods/);
  });

  it('a sweep of one configuration (one disk across block sizes and depths) gets a sweep report: its peaks, every curve, no ratios', async () => {
    const one = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(one, ['fio-bs-qd-sweep']);
    const report = one.createReport('fio-bs-qd-sweep');
    const doc = one.renderReport('fio-bs-qd-sweep', report.name);
    assert.deepEqual(doc.sections.map((s) => s.type).filter((t) => t !== 'text'), ['headline', 'chart', 'chart', 'pivot'], 'the peaks, throughput and latency curves, and the values');
    const headline = doc.sections[0]!;
    assert.ok(headline.type === 'headline' && headline.sweep && headline.figures.length === 0, 'peaks, no geometric mean: there is no second configuration');
    assert.equal(headline.sweep.x, 'iodepth');
    assert.equal(headline.sweep.peaks.length, 3, 'a peak per block size');
    assert.ok(headline.sweep.peaks.every((p) => p.ratio === null), 'no ratios');
    const values = doc.sections.find((s) => s.type === 'pivot');
    assert.ok(values?.type === 'pivot' && values.tables[0]!.rows.length === 12, 'a row per workload: 3 block sizes × 4 depths, never averaged together');
    for (const s of doc.sections) {
      if (s.type !== 'chart' || !s.data || s.data.kind !== 'scaling') continue;
      assert.equal(s.data.scaling.series.length, 3, 'a curve per block size');
      assert.equal(s.chart?.spec.kind === 'scaling' && s.chart.spec.workload, '*', 'all of them drawn, not the first workload alone');
    }
    one.close();
  });

  it('the builder proposes a chart that fits each study, and draws any spec in the study\'s units', () => {
    assert.equal(core.proposeChart('s1-flash-migration').kind, 'time-series', 'periods: the metric over time');
    assert.deepEqual(core.proposeChart('s5-rook-ceph-optane'), { kind: 'scaling', x: 'vus', metric: 'nopm' });
    const bars = core.chartData('s1-flash-migration', { kind: 'compare-bars', baseline: 'V7000 thick', candidate: 'FS840 thick', metric: 'total.iops' });
    assert.ok(bars.kind === 'compare-bars' && bars.compare.pairs.some((p) => p.speedup_text === '16.16x'));
    const none = core.chartData('s1-flash-migration', { kind: 'compare-bars', baseline: 'production', candidate: 'V7000 thick', metric: 'total.iops' });
    assert.ok(none.kind === 'compare-bars' && none.compare.pairs.length === 0, 'incomparable sides give no pairs (the builder then says why)');
  });

  it('a deleted chart leaves its section saying so, not a broken report', () => {
    const r = core.createReport('s5-rook-ceph-optane', { template: 'cache-on-off' });
    const chartSection = r.sections.find((s) => s.type === 'chart')!;
    assert.equal(chartSection.type, 'chart');
    const saved = core.saveReport('s5-rook-ceph-optane', { ...r, sections: [{ ...chartSection, chart: 999999 }] });
    const doc = core.renderReport('s5-rook-ceph-optane', saved.id);
    const s = doc.sections[0]!;
    assert.ok(s.type === 'chart' && s.data === null && /deleted/.test(s.errors[0]!));
  });

  it('the XLSX holds the stored run values exactly, units in the headers, and the report numbers', () => {
    const book = XLSX.read(core.exportXlsx('s5-rook-ceph-optane'), { type: 'buffer' });
    assert.ok(book.SheetNames.includes('Headline') && book.SheetNames.includes('Runs') && book.SheetNames.includes('Evidence'));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Runs']!);
    const runs = core.runs({ study: 's5-rook-ceph-optane' });
    assert.equal(rows.length, runs.length);
    let cells = 0;
    for (const run of runs) {
      const row = rows.find((r) => r['Run'] === run.id)!;
      for (const [m, v] of Object.entries(run.metrics)) {
        const header = Object.keys(row).find((h) => h === m || h.startsWith(`${m} [`));
        assert.ok(header, `a column for ${m}`);
        assert.equal(row[header], v, `run ${run.id} ${m}`);
        cells++;
      }
    }
    assert.ok(cells > 100);
    const header = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Runs']!, { header: 1 })[0]!.map(String);
    assert.ok(header.includes('ops_per_s [ops/s]') && header.includes('total.lat_avg_ms [ms]'), 'units in the headers');
    const headline = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Headline']!, { header: 1 });
    const bank = headline.find((r) => r[0] === 'CockroachDB bank throughput')!;
    assert.deepEqual([bank[5], bank[6], bank[7]], [504.4, 1494.5, 1494.5 / 504.4]);
    const chartSheet = book.SheetNames.find((n) => n.startsWith('Chart CockroachDB'))!;
    const chart = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[chartSheet]!, { header: 1 });
    assert.match(String(chart[0]![2]), /\[ops\/s\]$/);
    assert.ok(chart.some((r) => r[0] === 'bank 8 threads' && r[2] === 504.4 && r[3] === 1494.5));
  });

  it('a study file opens in a fresh data folder with the same report, and reopening here keeps both', () => {
    const file = path.join(tempDir(), 's5.perfdelta');
    core.saveStudyFile('s5-rook-ceph-optane', file);
    assert.ok(!fs.existsSync(`${file}-wal`), 'one self-contained file');
    const other = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const slug = other.openStudyFile(fs.readFileSync(file), file);
      assert.equal(slug, 's5-rook-ceph-optane');
      const a = core.renderReport('s5-rook-ceph-optane', 'Optane PMem and Open CAS');
      const b = other.renderReport(slug, 'Optane PMem and Open CAS');
      const strip = (d: ReportDocument): unknown => JSON.parse(JSON.stringify(d, (k, v) => (k === 'runs' || k === 'baseline_runs' || k === 'candidate_runs' || k === 'id' || k === 'chart' ? undefined : v)));
      assert.deepEqual(strip(b), strip(a), 'the same numbers, text and evidence');
      assert.deepEqual(other.runs({ study: slug }).map((r) => r.metrics), core.runs({ study: 's5-rook-ceph-optane' }).map((r) => r.metrics));
      assert.equal(other.charts(slug).length, core.charts('s5-rook-ceph-optane').length);
    } finally {
      other.close();
    }
    const again = core.openStudyFile(fs.readFileSync(file), file);
    assert.equal(again, 's5-rook-ceph-optane-2');
    assert.match(core.studies().find((s) => s.slug === again)!.name, /\(2\)$/);
  });

  it('a damaged study file is refused and nothing is written', () => {
    const file = path.join(tempDir(), 's2.perfdelta');
    core.saveStudyFile('s2-exadata-flash-cache', file);
    const before = core.studies().length;
    assert.throws(() => core.openStudyFile(Buffer.from('not sqlite at all'), 'junk.perfdelta'), /junk\.perfdelta: not a PerfDelta study file/);
    // Change one original file's bytes inside the study file: its SHA-256 no longer matches.
    const db = new Database(file);
    const row = db.prepare('SELECT id, bytes FROM file_parts LIMIT 1').get() as { id: number; bytes: Buffer };
    const changed = Buffer.from(row.bytes);
    changed[100] = changed[100]! ^ 0x01;
    db.prepare('UPDATE file_parts SET bytes = ? WHERE id = ?').run(changed, row.id);
    db.close();
    assert.throws(() => core.openStudyFile(fs.readFileSync(file), 's2.perfdelta'), /s2\.perfdelta: original file .* does not match its SHA-256/);
    assert.equal(core.studies().length, before);
  });

  it('report arguments are validated: an unknown section type or a bad layout is refused', () => {
    const layout = { title: 'T', page: 'A4', orientation: 'portrait', convention: 'x-fold', locale: 'en' };
    assert.throws(() => validateArgs('reports.save', { study: 's', report: { name: 'r', layout, sections: [{ id: 'a', type: 'video' }] } }), /invalid arguments/);
    assert.throws(() => validateArgs('reports.save', { study: 's', report: { name: 'r', layout: { ...layout, page: 'A3' }, sections: [] } }), /invalid arguments/);
    assert.ok(validateArgs('reports.save', { study: 's', report: { name: 'r', layout, sections: [{ id: 'a', type: 'text', markdown: '**x**' }] } }));
  });
});
