import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ComparePair, CompareResult, HeadlineFigure, PivotTable, ReportDocument, ReportEvidence } from '../../../app/contract/records.js';
import type { SweepHeadline } from '../../../app/contract/records.js';
import { columnWidths, documentBlocks, sweepBlocks, type Block } from './report-blocks.js';

type Row = Extract<Block, { kind: 'row' }>;
type Headline = Extract<Block, { kind: 'headline' }>;

const evidence: ReportEvidence = {
  files: [], file_groups: [], configs: [], periods: [], pairing_keys: [], convention: 'x-fold', convention_note: 'x-fold', formulas: [], aggregation: [], filters: [],
  warnings: [{ code: 'different-tool-version', message: 'tool version differs between the sides (baseline: 11.2.0.3; candidate: 11.2.0.4)', runs: [1, 2] }],
  excluded_runs: [], constants: [], derived_metrics: [], zone: 'UTC', generator: 'PerfDelta test',
};

const figure: HeadlineFigure = {
  label: 'db file parallel write', metric: 'bgwait.db_file_parallel_write.avg_ms', unit: 'ms', better: 'lower', baseline_label: 'write-through', candidate_label: 'write-back',
  workload: null, workload_label: null, baseline: 21.74, candidate: 1, speedup: 21.74, text: 'db file parallel write average wait 21.74x lower', speedup_text: '21.74x', change_text: '-95.4%',
  mark: '', verdict: 'better', n_baseline: 1, n_candidate: 1, basis: 'one run',
  warnings: [{ code: 'single-run', message: 'one run per side for some workloads: no significance possible', runs: [92, 93] }],
};

/** S2's top events, as the core resolves them: write-back has no free buffer waits. */
const events: PivotTable = {
  title: null, row_headers: ['Event'], columns: [{ key: 'wb', label: 'write-back' }, { key: 'wt', label: 'write-through' }],
  values: [{ metric: 'pct_db_time', label: '% DB time', unit: '%', digits: null }, { metric: 'avg_ms', label: 'Avg wait', unit: 'ms', digits: null }, { metric: 'waits', label: 'Waits', unit: '', digits: 0 }],
  rows: [
    { key: 'a', labels: ['cell single block physical read'], cells: [[68.1, 0, 5921681], [22, 0.46, 9244945]], margin: null },
    { key: 'b', labels: ['free buffer waits'], cells: [[null, null, null], [63, 11.72, 1039389]], margin: null },
  ],
  margin_label: null,
};

function doc(locale: 'en' | 'zh-CN', layout: 'joined' | 'grouped'): ReportDocument {
  return {
    study: { slug: 's2', name: 'S2' },
    report: { id: 1, name: 'r', layout: { title: 'T', page: 'A4', orientation: 'portrait', convention: 'x-fold', locale } },
    data_as_of: null, data_span: null,
    sections: [
      { id: 'h', type: 'headline', title: 'Headline', figures: [figure], errors: [], warnings: figure.warnings },
      { id: 'p', type: 'pivot', title: 'Events', layout, tables: [events], notes: ['A cell is the mean of its runs.'], errors: [] },
    ],
    evidence,
  };
}

describe('report blocks', () => {
  it('a headline block carries its verdict and the warnings of the runs behind it, in the report\'s language', () => {
    const h = documentBlocks(doc('en', 'grouped')).blocks.find((b): b is Headline => b.kind === 'headline')!;
    assert.equal(h.verdict, 'better');
    assert.deepEqual(h.warnings, ['One run on a side: no significance is possible (runs 92, 93)']);
    const zh = documentBlocks(doc('zh-CN', 'grouped')).blocks;
    assert.deepEqual(zh.find((b): b is Headline => b.kind === 'headline')!.warnings, ['一侧只有一次运行：无法做显著性检验 (运行 92、93)']);
    const appendix = zh.filter((b): b is Extract<Block, { kind: 'item' }> => b.kind === 'item').map((b) => b.text);
    assert.ok(appendix.includes('两侧的工具版本不同：tool version differs between the sides (baseline: 11.2.0.3; candidate: 11.2.0.4)（2 个运行：1、2）'), appendix.join(' | '));
  });

  it('issue 40: a headline figure states what the tools said beside its verdict, the run left out first named so; the evidence lists every fact', () => {
    const failed: HeadlineFigure = { ...figure, validity: [
      { run: 8, config: 'PostgreSQL 14', workload: '10 VU', severity: 'warning', message: '2 of 10 virtual users finished FAILED', left_out: false },
      { run: 9, config: 'PostgreSQL 14', workload: '100 VU', severity: 'invalid', message: '95 of 100 virtual users finished FAILED', left_out: true },
    ] };
    const d = doc('en', 'grouped');
    const withFacts: ReportDocument = { ...d, sections: [{ id: 'h', type: 'headline', title: 'Headline', figures: [failed], errors: [], warnings: [] }],
      evidence: { ...evidence, validity: [{ run: 9, config: 'PostgreSQL 14', name: 'TPROC-C PostgreSQL 100 VU', file: 'vu100.log', facts: [{ code: 'failed-users', severity: 'invalid', message: '95 of 100 virtual users finished FAILED' }], counted_in: null }] } };
    const blocks = documentBlocks(withFacts).blocks;
    assert.deepEqual(blocks.find((b): b is Headline => b.kind === 'headline')!.validity, [
      'PostgreSQL 14 · 10 VU (run 8): 2 of 10 virtual users finished FAILED',
      'Left out, no verdict: PostgreSQL 14 · 100 VU (run 9): 95 of 100 virtual users finished FAILED',
    ]);
    assert.ok(blocks.some((b) => b.kind === 'subtitle' && b.text === 'What the tools said about the runs'));
    assert.ok(blocks.some((b) => b.kind === 'row' && b.cells.join(' | ') === '#9 TPROC-C PostgreSQL 100 VU | PostgreSQL 14 | vu100.log | 95 of 100 virtual users finished FAILED | no verdict by default'));
  });

  it('grouped: a column per value and side, a unit the label names is not repeated, "–" where a side has none', () => {
    const rows = documentBlocks(doc('en', 'grouped')).blocks.filter((b): b is Row => b.kind === 'row');
    assert.deepEqual(rows[0]!.table.header, ['Event', '% DB time\nwrite-back', '% DB time\nwrite-through', 'Avg wait (ms)\nwrite-back', 'Avg wait (ms)\nwrite-through', 'Waits\nwrite-back', 'Waits\nwrite-through']);
    assert.deepEqual(rows[1]!.cells, ['free buffer waits', '–', '63.0', '–', '11.72', '–', '1,039,389']);
    const widths = rows[0]!.table.widths;
    assert.ok(Math.abs(widths.reduce((a, b) => a + b, 0) - 100) < 1e-9);
    assert.ok(widths[0]! > widths[1]!, 'the event names get the room they need');
  });

  it('joined: every value of a side in its cell, one per line, and a note naming them', () => {
    const blocks = documentBlocks(doc('en', 'joined')).blocks;
    const rows = blocks.filter((b): b is Row => b.kind === 'row');
    assert.deepEqual(rows[0]!.table.header, ['Event', 'write-back\n% / ms / Waits', 'write-through\n% / ms / Waits']);
    assert.deepEqual(rows[0]!.cells, ['cell single block physical read', '68.1\n0\n5,921,681', '22.0\n0.460\n9,244,945']);
    assert.ok(blocks.some((b) => b.kind === 'note' && b.text === 'Each cell: % DB time / Avg wait (ms) / Waits'));
  });

  it('column widths: every column its contents where the page allows, else short columns first and long texts share the rest', () => {
    assert.deepEqual(columnWidths([10, 10], 1000).map((w) => Math.round(w)), [50, 50]);
    const [id, text, a, b] = columnWidths([13, 70, 9, 9], 400);
    assert.ok(text! > id! && id! > a! && a === b);
    assert.ok((id! / 100) * 400 >= 13 * 6 + 10, 'an SQL ID does not wrap');
  });

  it('a comparison table gives each side\'s interval of the median with its true coverage, or says there are too few runs for one', () => {
    const pair = (over: Partial<ComparePair>): ComparePair => ({
      workload: '4K', workload_label: '4K', workload_params: {}, metric: 'total.lat_avg_ms', metric_label: 'total mean latency', unit: 'ms', better: 'lower',
      baseline_label: 'a', candidate_label: 'b', baseline: 2, candidate: 1, speedup: 2, change_pct: -50, speedup_text: '2.00x', change_text: '-50.0%',
      text: 'mean latency 2.00x lower', short_text: '2.00x', mark: '', n_baseline: 1, n_candidate: 1, ci_baseline: null, ci_candidate: null, p_value: null, p_min: null, p_method: null,
      significant: null, significance_note: '', tie: false, verdict: 'better', baseline_runs: [1], candidate_runs: [2], baseline_values: [2], candidate_values: [1], ...over,
    });
    const compare = (pairs: ComparePair[]): CompareResult => ({
      study: 's', kind: 'configurations', baseline: 'a', candidate: 'b', candidates: ['b'], metrics: ['total.lat_avg_ms'], pairing_keys: [], convention: 'x-fold', convention_note: '',
      tie_band_pct: 0, pairs, unmatched: [], geomean_speedup: {}, rollup: [], matrix: [], warnings: [], aggregation: null, workload_filter: null, periods: null,
    });
    const table = (pairs: ComparePair[]): Block[] => documentBlocks({ ...doc('en', 'grouped'), sections: [{ id: 't', type: 'table', title: 'T', compare: compare(pairs), errors: [] }] }).blocks;
    const withCi = pair({ n_baseline: 6, n_candidate: 6, ci_baseline: { low: 1.5, high: 2.5, level: 0.95, method: 'median-order-statistics', coverage: 0.96875, low_order: 1, high_order: 6 }, ci_candidate: { low: 0.8, high: 1.2, level: 0.95, method: 'min-max', coverage: 0.9375, low_order: 1, high_order: 5 } });
    const rows = table([withCi, pair({ workload_label: '8K' })]).filter((b): b is Row => b.kind === 'row');
    assert.equal(rows[0]!.cells.at(-1), '6/6\nmedian interval (coverage) 1.500–2.500 (96.88%) / 0.800–1.200 (93.75%) ms', 'each side with its own true coverage, never an assumed 95%');
    assert.equal(rows[1]!.cells.at(-1), '1/1\ntoo few runs for an interval');
    assert.deepEqual(rows[0]!.classes?.filter(Boolean), ['verdict-better', 'verdict-better'], 'the speedup and its words take the verdict\'s colour');
    const none = table([pair({})]);
    assert.ok(none.some((b) => b.kind === 'note' && b.text === 'n · p: too few runs for an interval'));
    // Issue 40: the facts of a pair's runs are on its row, under the ratio they qualify.
    const untested = table([pair({ mark: '~', validity: [{ run: 2, side: 'candidate', config: 'b', code: 'failed-users', severity: 'warning', message: '2 of 10 virtual users finished FAILED' }] })]).filter((b): b is Row => b.kind === 'row');
    assert.equal(untested[0]!.cells.at(-2), 'mean latency 2.00x lower\n⚠ Run 2: 2 of 10 virtual users finished FAILED');
  });

  it('a long comparison is grouped by workload family: a row naming it, each load once, metrics named with their units', () => {
    const pair = (workload: string, metric: string, label: string, unit: string, candidate: string): ComparePair => ({
      workload, workload_label: workload, workload_params: {}, metric, metric_label: label, unit, better: 'higher',
      baseline_label: 'rbd', candidate_label: candidate, baseline: 2, candidate: 3, speedup: 1.5, change_pct: 50, speedup_text: '1.50x', change_text: '+50.0%',
      text: '1.50x faster', short_text: '1.50x', mark: '', n_baseline: 1, n_candidate: 1, ci_baseline: null, ci_candidate: null, p_value: null, p_min: null, p_method: null,
      significant: null, significance_note: '', tie: false, verdict: 'better', baseline_runs: [1], candidate_runs: [2], baseline_values: [2], candidate_values: [3],
    });
    const metrics: Array<[string, string, string]> = [['total.iops', 'total IOPS', 'IOPS'], ['total.bw_mib_s', 'total bandwidth', 'MiB/s']];
    const workloads = ['4K random read QD1 ×1', '4K random read QD2 ×1', '64K seq write QD1 ×1', '64K seq write QD2 ×1'];
    // The core's order: per candidate, per metric, every workload.
    const pairs = ['cephfs', 'nfs'].flatMap((c) => metrics.flatMap(([m, l, u]) => workloads.map((w) => pair(w, m, l, u, c))));
    const compare: CompareResult = {
      study: 's', kind: 'configurations', baseline: 'rbd', candidate: 'cephfs', candidates: ['cephfs', 'nfs'], metrics: metrics.map((m) => m[0]), pairing_keys: [], convention: 'x-fold', convention_note: '',
      tie_band_pct: 0, pairs, unmatched: [], geomean_speedup: {}, rollup: [], matrix: [], warnings: [], aggregation: null, workload_filter: null, periods: null,
    };
    const rows = documentBlocks({ ...doc('en', 'grouped'), sections: [{ id: 't', type: 'table', title: 'T', compare, errors: [] }] }).blocks.filter((b): b is Row => b.kind === 'row');
    const shown = rows.map((r) => (r.group ? `# ${r.cells[0]}` : r.cells.slice(0, 3).join(' | ')));
    assert.deepEqual(shown.slice(0, 6), [
      '# 4K random read ×1',
      'QD1 | cephfs | total IOPS', ' |  | total bandwidth (MiB/s)', ' | nfs | total IOPS', ' |  | total bandwidth (MiB/s)',
      'QD2 | cephfs | total IOPS',
    ]);
    assert.equal(shown[9], '# 64K seq write ×1');
    assert.equal(rows.length, 2 + pairs.length, 'every pair once, and a row per family');
  });

  it('an empty commentary is not printed; one with the user\'s words is', () => {
    const text = (markdown: string): Block[] => documentBlocks({ ...doc('en', 'grouped'), sections: [{ id: 'c', type: 'text', title: 'Commentary', markdown }] }).blocks;
    assert.ok(!text('  \n').some((b) => b.kind === 'title' && b.text === 'Commentary'));
    const written = text('RBD wins at every depth.');
    assert.ok(written.some((b) => b.kind === 'title' && b.text === 'Commentary'));
    assert.ok(written.some((b) => b.kind === 'md'));
  });

  it('a sweep headline: a card per configuration with its peak and load, the ratio to the baseline\'s peak, p95 there, "stable up to", price, the exclusion, in English and Chinese', () => {
    const sweep: SweepHeadline = {
      x: 'threads', metric: 'tps', metric_label: 'TPS', unit: 'TPS', latency_metric: 'total.lat_p95_ms', latency_label: 'latency p95', latency_unit: 'ms', baseline: 'Zeta',
      stable_rule: 'latency p95 grows by more than 50% for one doubling of threads', price: { label: 'TPS per 1,000 $/month', unit: 'TPS per 1,000 $/month', formula: 'f' },
      peaks: [
        { config: 'Zeta', label: 'Zeta', is_baseline: true, peak: 1500, peak_at: 64, peak_at_last_load: false, max_load: 128, runs: 3, latency: 85.1, stable_up_to: 32, stable_within_sweep: true, price_performance: 2142.9, ratio: null, change_pct: null, verdict: null, excluded: [] },
        { config: 'Azure', label: 'Azure', is_baseline: false, peak: 6000, peak_at: 128, peak_at_last_load: true, max_load: 128, runs: 1, latency: null, stable_up_to: null, stable_within_sweep: null, price_performance: null, ratio: 4, change_pct: 300, verdict: 'better', excluded: [{ run: 80, reason: 'noisy neighbour' }] },
      ],
    };
    const en = sweepBlocks(sweep, 'en');
    const cards = en.filter((b): b is Extract<Block, { kind: 'peak' }> => b.kind === 'peak');
    assert.equal(en[0]!.kind === 'note' && en[0]!.text.includes('Stable up to: the last load before latency p95 grows by more than 50% for one doubling of threads.'), true);
    assert.deepEqual([cards[0]!.peak, cards[0]!.ratio, cards[0]!.verdict], ['Peak 1,500 TPS at 64 threads', "Baseline: the other configurations' peaks are set against this one", null]);
    assert.deepEqual(cards[0]!.facts, ['latency p95 at 64 threads: 85.10 ms', 'stable up to 32 threads', '2,143 TPS per 1,000 $/month at the peak']);
    assert.equal(cards[0]!.basis, 'median of 3 runs at 64 threads');
    assert.deepEqual([cards[1]!.ratio, cards[1]!.verdict], ['4.00x the peak TPS of Zeta (+300.0%)', 'better']);
    assert.deepEqual(cards[1]!.facts, ['no latency measured', '"stable up to" needs measured latency', 'no price given']);
    assert.deepEqual(cards[1]!.warnings, ['The peak is at the highest load swept (128 threads): throughput may still have been rising.', '1 run left out: #80 noisy neighbour']);
    assert.equal(cards[1]!.basis, 'one run at 128 threads');
    const zh = sweepBlocks(sweep, 'zh-CN').filter((b): b is Extract<Block, { kind: 'peak' }> => b.kind === 'peak');
    assert.deepEqual([zh[0]!.peak, zh[1]!.ratio], ['峰值 1,500 TPS，在 64 线程', '为 Zeta 峰值TPS的 4.00x（+300.0%）']);
    // One configuration swept over its workloads: no "the other configurations' peaks" line.
    const one = sweepBlocks({ ...sweep, peaks: [sweep.peaks[0]!, { ...sweep.peaks[0]!, label: 'Zeta · 8K', is_baseline: false }] }, 'en').filter((b): b is Extract<Block, { kind: 'peak' }> => b.kind === 'peak');
    assert.deepEqual(one.map((c) => c.ratio), ['', '']);
  });
});
