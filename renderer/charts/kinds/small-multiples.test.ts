/**
 * Sweeps drawn readably (issues 27.5, 27.7, 28.7): a panel per workload or per workload family,
 * one legend of configurations, log axes where values span decades, knees that coincide drawn
 * apart, and layout rules in the option that keep words off each other (legend above or beside
 * the grids, never on them; ratio labels that hide rather than overprint; heat-map names cut with
 * an ellipsis). The e2e (e2e/sweeps.e2e.test.ts) checks the drawn boxes; these check the rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChartData, ChartSpec, ComparePair, CompareResult, ScalingResult, ScalingSeries } from '../../../app/contract/records.js';
import { chartHeight, chartOption } from '../chart-option.js';
import { legendPlace, logWorthIt, panelGeometry, tickLabel } from '../panels.js';
import { familiesOf } from './compare-panels.js';
import { defaultContext, type ChartContext } from './context.js';
import { kneeOffsets } from './scaling.js';
import { xLabels } from './speedup-heatmap.js';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CONFIGS = ['RBD', 'CephFS kernel', 'CephFS fuse'];
const WORKLOADS = ['4K random read', '4K random write', '64K seq read', '64K seq write'];
const DEPTHS = [1, 2, 4, 8, 16, 32, 64, 128];
/** The option's legend: one object, as the builders write it. */
const legendOf = (o: Opt): Opt => (Array.isArray(o['legend']) ? o['legend'][0] : o['legend']);
const ctx = (over: Partial<ChartContext> = {}): ChartContext => defaultContext({ title: 'IOPS', mode: 'interactive', ...over });
const draw = (spec: ChartSpec, data: ChartData, over: Partial<ChartContext> = {}): Opt => {
  const o = chartOption(spec, data, ctx(over));
  assert.ok(o, `${spec.kind} draws`);
  return o as Opt;
};

/** Issue 27's shape: 3 mounts × 4 workloads × 8 depths; 64K a decade above 4K; RBD and CephFS kernel saturate at one depth. */
function cephScaling(): ScalingResult {
  const series: ScalingSeries[] = CONFIGS.flatMap((config, ci) => WORKLOADS.map((w, wi) => {
    const scale = wi < 2 ? 1000 : 20000;
    const knee = ci < 2 ? 16 : 32;
    return {
      config, label: `${config} · ${w}`, params: {},
      points: DEPTHS.map((d) => ({ x: d, y: scale * Math.min(d, knee) * (1 - ci * 0.1), latency: d, runs: [d] })),
      knee, knee_rule: 'rule',
    };
  }));
  return { x: 'iodepth', metric: 'total.iops', unit: 'IOPS', series, x_load: true };
}
const scalingData = (s: ScalingResult, labels = CONFIGS): ChartData => ({ kind: 'scaling', labels, scaling: s });
const allWorkloads: ChartSpec = { kind: 'scaling', x: 'iodepth', metric: 'total.iops', workload: '*' };

/** Two rectangles in px overlap (by more than half a pixel). */
const overlap = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): boolean =>
  a.x + a.w - 0.5 > b.x && b.x + b.w - 0.5 > a.x && a.y + a.h - 0.5 > b.y && b.y + b.h - 0.5 > a.y;
/** A grid's rectangle at a width: left and width in % of it, top and height in px. */
const rect = (g: Opt, width: number): { x: number; y: number; w: number; h: number } => ({ x: parseFloat(g.left) / 100 * width, y: g.top, w: parseFloat(g.width) / 100 * width, h: g.height });

describe('scaling: small multiples of a sweep (issue 27.5)', () => {
  it('3 configurations × 4 workloads: a panel per workload, each its own axes; the legend names the three configurations once', () => {
    const o = draw(allWorkloads, scalingData(cephScaling()));
    assert.equal(o['grid'].length, 4);
    assert.equal(o['xAxis'].length, 4);
    assert.equal(o['yAxis'].length, 4);
    assert.deepEqual(o['title'].slice(1).map((t: Opt) => t.text.replace(/ \(log scale\)$/, '')), WORKLOADS);
    assert.deepEqual(legendOf(o).data, CONFIGS);
    assert.equal(o['series'].length, 12);
    for (const s of o['series']) assert.ok(CONFIGS.includes(s.name), `series named by its configuration, not "${s.name}"`);
    // Each panel holds one line per configuration, on its own axes.
    for (let p = 0; p < 4; p++) assert.deepEqual(o['series'].filter((s: Opt) => s.xAxisIndex === p && s.yAxisIndex === p).map((s: Opt) => s.name), CONFIGS);
  });

  it('a configuration is one colour in every panel, three configurations three colours, all lines solid', () => {
    const o = draw(allWorkloads, scalingData(cephScaling()));
    const colours = new Map<string, Set<string>>();
    for (const s of o['series']) colours.set(s.name, (colours.get(s.name) ?? new Set()).add(s.lineStyle.color));
    assert.ok([...colours.values()].every((c) => c.size === 1));
    assert.equal(new Set([...colours.values()].map((c) => [...c][0])).size, 3);
    assert.deepEqual(o['color'], CONFIGS.map((c) => [...colours.get(c)!][0]), 'the legend\'s swatches are the lines\' colours');
    assert.ok(o['series'].every((s: Opt) => s.lineStyle.type === 'solid'), 'no dash needed to tell lines of one panel apart');
  });

  it('one workload asked for: one plot, its name in the title', () => {
    const o = draw({ ...allWorkloads, workload: '64K seq read' }, scalingData(cephScaling()));
    assert.ok(!Array.isArray(o['grid']), 'a single grid');
    assert.equal(o['series'].length, 3);
    assert.match(o['title'].text, /64K seq read/);
  });

  it('panels and legend never overlap: the grids sit under a top legend and apart from each other, on screen and on paper', () => {
    for (const mode of ['interactive', 'print'] as const) {
      const width = mode === 'print' ? 680 : 1000;
      const o = draw(allWorkloads, scalingData(cephScaling()), { mode });
      const place = legendPlace(CONFIGS, ctx({ mode }));
      assert.equal(legendOf(o).orient ?? 'horizontal', 'horizontal', 'three short names fit a row');
      const grids = (o['grid'] as Opt[]).map((g) => rect(g, width));
      for (const g of grids) assert.ok(g.y >= place.top, `${mode}: a grid starts under the legend (${g.y} < ${place.top})`);
      // Each panel's title sits between the legend and its grid, not on the grid above.
      o['title'].slice(1).forEach((t: Opt, i: number) => assert.ok(t.top >= place.top - 1 && t.top < grids[i]!.y, `${mode}: title ${i} above its grid`));
      for (let i = 0; i < grids.length; i++) for (let j = i + 1; j < grids.length; j++) assert.ok(!overlap(grids[i]!, grids[j]!), `${mode}: grids ${i} and ${j} apart`);
      // The chart is tall enough for its panels.
      const height = chartHeight(allWorkloads, scalingData(cephScaling()), 300, mode);
      assert.ok(grids.every((g) => g.y + g.h < height), `${mode}: every panel within the height (${height})`);
    }
  });

  it('many long configuration names: the legend beside the panels, one column, names wrapped at spaces (never paged, never cut in a word), the grids clear of it', () => {
    const clouds = ['Azure Flexible Server general purpose', 'AWS RDS gp3 provisioned IOPS', 'AWS Aurora I/O optimized', 'Google Cloud SQL enterprise plus', 'Oracle OCI database with PostgreSQL', 'Alibaba PolarDB for PostgreSQL', 'self-managed on bare metal NVMe'];
    const s: ScalingResult = { x: 'threads', metric: 'tps', unit: 'TPS', x_load: true, series: clouds.map((config, i) => ({ config, label: config, params: {}, points: [2, 4, 8, 16, 32, 64, 128].map((x) => ({ x, y: (i + 1) * Math.min(x, 32) * 10, latency: x, runs: [x] })), knee: 32, knee_rule: 'r' })) };
    for (const mode of ['interactive', 'print'] as const) {
      const o = draw({ kind: 'scaling', x: 'threads', metric: 'tps' }, scalingData(s, clouds), { mode });
      const legend = legendOf(o);
      assert.equal(legend.orient, 'vertical');
      assert.equal(legend.type, 'plain', 'no pages hiding entries');
      assert.equal(legend.textStyle.overflow, 'break');
      assert.ok(legend.textStyle.width > 0);
      assert.deepEqual(legend.data, clouds);
      // The grid leaves the legend's column free.
      const place = legendPlace(clouds, ctx({ mode }));
      assert.ok(o['grid'].right >= place.right, `${mode}: the plot stops before the legend (${o['grid'].right} < ${place.right})`);
    }
  });

  it('values spanning decades with most in the bottom tenth: a log value axis, said on the axis; otherwise linear; the spec decides when it says', () => {
    // Issue 28: p95 of seven clouds, one reaches seconds at 512 threads.
    const p95 = (x: number, i: number): number => (x <= 64 ? 5 + x * 0.2 : x === 128 ? 40 : x === 256 ? 300 : 2500) * (1 + i * 0.05);
    const s: ScalingResult = { x: 'threads', metric: 'total.lat_p95_ms', unit: 'ms', x_load: true, series: ['a', 'b'].map((config, i) => ({ config, label: config, params: {}, points: [2, 4, 8, 16, 32, 64, 128, 256, 512].map((x) => ({ x, y: p95(x, i), latency: null, runs: [x] })), knee: null, knee_rule: null })) };
    const spec: ChartSpec = { kind: 'scaling', x: 'threads', metric: 'total.lat_p95_ms' };
    const o = draw(spec, scalingData(s, ['a', 'b']));
    assert.equal(o['yAxis'].type, 'log');
    assert.match(o['yAxis'].name, /log scale/);
    assert.equal(o['xAxis'].type, 'log', 'threads doubling: a log-2 X');
    assert.equal(draw({ ...spec, logScale: false }, scalingData(s, ['a', 'b']))['yAxis'].type, 'value', 'the spec\'s "linear" wins');
    // A sweep within one decade stays linear, and says nothing.
    const tps = draw(allWorkloads, scalingData(cephScaling()));
    assert.ok(tps['yAxis'].every((y: Opt) => y.type === 'value'), 'each panel within a decade of itself: linear');
    assert.equal(logWorthIt([1, 2, 3, 4, 5]), false);
    assert.equal(logWorthIt([1, 2, 3, 4, 500]), true);
    assert.equal(logWorthIt([0, 2, 3, 4, 500]), false, 'a zero has no place on a log axis');
  });

  it('knees at one load in one panel fan out side by side; a lone knee stays on its point', () => {
    assert.deepEqual(kneeOffsets([{ panel: 0, x: 16 }, { panel: 0, x: 16 }, { panel: 0, x: 32 }, null, { panel: 1, x: 16 }], 20), [-10, 10, 0, 0, 0]);
    assert.deepEqual(kneeOffsets([{ panel: 0, x: 8 }, { panel: 0, x: 8 }, { panel: 0, x: 8 }], 20), [-20, 0, 20]);
    // At one load but far apart in height, pins cover nothing: each stays on its point; close ones fan out.
    assert.deepEqual(kneeOffsets([{ panel: 0, x: 64, y: 10 }, { panel: 0, x: 64, y: 150 }, { panel: 0, x: 64, y: 160 }], 20, 36), [0, -10, 10]);
    const o = draw(allWorkloads, scalingData(cephScaling()));
    const first = o['series'].filter((s: Opt) => s.xAxisIndex === 0 && s.markPoint);
    assert.equal(first.length, 3);
    const at16 = first.filter((s: Opt) => s.markPoint.data[0].coord[0] === 16).map((s: Opt) => s.markPoint.symbolOffset[0]);
    assert.equal(at16.length, 2, 'RBD and CephFS kernel both knee at 16');
    assert.notEqual(at16[0], at16[1]);
    assert.ok(Math.abs(at16[0] - at16[1]) >= first[0].markPoint.symbolSize * 0.75, 'apart by most of a pin\'s width');
  });

  it('the height grows with the panels: four workloads need more than one', () => {
    const one = chartHeight({ ...allWorkloads, workload: '4K random read' }, scalingData(cephScaling()), 300, 'print');
    const four = chartHeight(allWorkloads, scalingData(cephScaling()), 300, 'print');
    assert.ok(four > one + 150, `${four} against ${one}`);
    const g = panelGeometry(4, legendPlace(CONFIGS, ctx({ mode: 'print' })), ctx({ mode: 'print' }));
    assert.equal(g.height, four);
    assert.deepEqual(g.bottom, [false, false, true, true], 'the bottom row carries the X axis\' name');
  });

  it('axis ticks are short: 150k, 2.5k, 12', () => {
    assert.equal(tickLabel(150000, 'en'), '150k');
    assert.equal(tickLabel(2500, 'en'), '2,500');
    assert.equal(tickLabel(12, 'en'), '12');
    assert.equal(tickLabel(2500000, 'en'), '2.5M');
  });
});

// ---- Compare with many workloads (issue 27.7) ---------------------------------------------

function fioPair(family: [number, string, number], depth: number, candidate: string, baseline: number, ratio: number): ComparePair {
  const [bs, pattern, readPct] = family;
  const name = `${bs >= 65536 ? '64K' : '4K'} ${pattern === 'random' ? 'random' : 'seq'} ${readPct === 100 ? 'read' : 'write'}`;
  const label = `${name} QD${depth} ×1`;
  const value = baseline * ratio;
  return {
    workload: label, workload_label: label, workload_params: { bs, pattern, read_pct: readPct, iodepth: depth, numjobs: 1 }, metric: 'total.iops', metric_label: 'total IOPS', unit: 'IOPS', better: 'higher',
    baseline_label: 'RBD', candidate_label: candidate, baseline, candidate: value, speedup: ratio, change_pct: (ratio - 1) * 100, speedup_text: `${ratio.toFixed(2)}x`, change_text: '', text: '', short_text: `${ratio.toFixed(2)}x`, mark: '',
    n_baseline: 1, n_candidate: 1, ci_baseline: null, ci_candidate: null, p_value: null, p_min: 1, p_method: 'exact', significant: null, significance_note: '', tie: false, verdict: ratio >= 1 ? 'better' : 'worse',
    baseline_runs: [1], candidate_runs: [2], baseline_values: [baseline], candidate_values: [value],
  };
}
const FAMILIES: Array<[number, string, number]> = [[4096, 'random', 100], [4096, 'random', 0], [65536, 'sequential', 100], [65536, 'sequential', 0]];
function cephCompare(): CompareResult {
  const pairs = FAMILIES.flatMap((f, fi) => DEPTHS.map((d) => fioPair(f, d, 'CephFS kernel', (fi < 2 ? 1000 : 20000) * Math.min(d, 16), 1.03 + (d % 3) * 0.02)));
  return {
    study: 'ceph', kind: 'configurations', baseline: 'RBD', candidate: 'CephFS kernel', candidates: ['CephFS kernel'], metrics: ['total.iops'], pairing_keys: ['bs', 'pattern', 'read_pct', 'iodepth', 'numjobs'], convention: 'x-fold', convention_note: '', tie_band_pct: 2,
    pairs, unmatched: [], geomean_speedup: {}, rollup: [], warnings: [], aggregation: null, workload_filter: null, periods: null, matrix: [],
  };
}
const barSpec: ChartSpec = { kind: 'compare-bars', baseline: 'RBD', candidate: 'CephFS kernel', metric: 'total.iops' };
const barData = (c: CompareResult): ChartData => ({ kind: 'compare-bars', labels: CONFIGS, compare: c });

describe('compare bars of many workloads (issue 27.7)', () => {
  it('32 workloads: a panel per family (block size, pattern, mix), a category per depth, each panel its own value axis', () => {
    for (const mode of ['interactive', 'print'] as const) {
      const o = draw(barSpec, barData(cephCompare()), { mode });
      assert.equal(o['grid'].length, 4);
      assert.deepEqual(o['title'].slice(1).map((t: Opt) => t.text), WORKLOADS);
      for (const x of o['xAxis']) assert.deepEqual(x.data, DEPTHS.map((d) => `QD${d}`), 'the "×1" every workload shares is dropped');
      assert.equal(o['yAxis'].length, 4);
      for (const y of o['yAxis']) assert.ok(y.max === undefined && y.boundaryGap[1] === '30%', 'room above for upright ratios, the top tick a round one');
      assert.deepEqual(legendOf(o).data, ['RBD', 'CephFS kernel']);
      assert.equal(o['series'].length, 8, 'baseline and candidate in each of four panels');
      const colours = new Map<string, Set<string>>();
      for (const s of o['series']) colours.set(s.name, (colours.get(s.name) ?? new Set()).add(s.itemStyle.color));
      assert.ok([...colours.values()].every((c) => c.size === 1), 'one colour per side in every panel');
    }
  });

  it('ratio labels never print over each other: each candidate series hides a label that would overlap', () => {
    const panels = draw(barSpec, barData(cephCompare()));
    const candidates = panels['series'].filter((s: Opt) => s.name === 'CephFS kernel');
    assert.ok(candidates.length === 4 && candidates.every((s: Opt) => s.labelLayout?.hideOverlap === true && s.label?.show !== false));
    // Few workloads stay one plot, and keep the same rule.
    const few = cephCompare();
    few.pairs = few.pairs.filter((p) => p.workload_params['iodepth'] === 1);
    const one = draw(barSpec, barData(few));
    assert.ok(!Array.isArray(one['grid']) || one['grid'].length === 1, 'four workloads: one plot');
    assert.ok(one['series'].filter((s: Opt) => s.name === 'CephFS kernel').every((s: Opt) => s.labelLayout?.hideOverlap === true));
  });

  it('families are named by what their labels share; a lone workload of its kind keeps its whole name', () => {
    const cat = (label: string, params: Record<string, string | number>): { workload: string; label: string; pairs: Map<string, ComparePair> } =>
      ({ workload: label, label, pairs: new Map([['x', { ...fioPair([4096, 'random', 100], 1, 'x', 1, 1), workload_params: params }]]) });
    const f = familiesOf([
      cat('8K random 70/30 QD1', { bs: 8192, read_pct: 70, iodepth: 1 }), cat('8K random 70/30 QD8', { bs: 8192, read_pct: 70, iodepth: 8 }),
      cat('1M seq read QD4', { bs: 1048576, read_pct: 100, iodepth: 4 }),
    ]);
    assert.deepEqual(f.map((x) => x.label), ['8K random 70/30', '']);
    assert.deepEqual(f.map((x) => x.cats.map((c) => c.short)), [['QD1', 'QD8'], ['1M seq read QD4']]);
  });

  it('no categories, no families (a comparison that paired nothing draws no panels and does not hang)', () => {
    assert.deepEqual(familiesOf([]), []);
    const none = cephCompare();
    none.pairs = [];
    assert.equal(chartHeight(barSpec, barData(none), 420, 'interactive'), 420);
  });

  it('a title longer than the page is cut with an ellipsis, not run off both sides; on screen of unknown width it is left whole', () => {
    const title = 'Transactions per second: AWS RDS db.m6i.2xlarge gp3 and Azure Database for PostgreSQL Flexible Server D8ds v5 (TPS)';
    const few = cephCompare();
    few.pairs = few.pairs.slice(0, 3);
    const paper = draw(barSpec, barData(few), { mode: 'print', title });
    assert.equal(paper['title'].textStyle.overflow, 'truncate');
    assert.ok(paper['title'].textStyle.width <= 680 - 20);
    assert.equal(paper['title'].text.startsWith('Transactions per second'), true, 'the text itself is kept; ECharts cuts what it draws');
    const panels = draw(barSpec, barData(cephCompare()), { mode: 'print', title });
    assert.equal(panels['title'][0].textStyle.overflow, 'truncate');
    assert.equal(panels['title'][1].textStyle.overflow, undefined, 'panel titles are short and left alone');
    assert.equal(draw(barSpec, barData(few), { title })['title'].textStyle.overflow, undefined);
  });

  it('the chart is as tall as its panels', () => {
    assert.ok(chartHeight(barSpec, barData(cephCompare()), 420, 'interactive') > 420 + 100);
  });
});

describe('heat-map names never overprint (issue 28.7)', () => {
  it('short column names lie flat; long ones slant and past the room under the plot are cut with an ellipsis', () => {
    assert.deepEqual(xLabels(['RBD', 'CephFS'], 600, 11).axisLabel, { interval: 0, fontSize: 11 });
    const long: { axisLabel: Opt; bottom: number } = xLabels(['Azure Flexible Server general purpose with premium SSD v2 and HA', 'AWS RDS gp3', 'Google Cloud SQL enterprise plus edition'], 500, 9);
    assert.equal(long.axisLabel['rotate'], 30);
    assert.equal(long.axisLabel['overflow'], 'truncate');
    assert.equal(long.axisLabel['ellipsis'], '…');
    assert.ok(long.axisLabel['width'] <= 200, 'a name no longer than the room below');
    assert.ok(long.bottom >= 16 + long.axisLabel['width'] * 0.5, 'the room below holds the slanted name');
  });

  it('a configuration matrix with long names: row names cut to the room on the left, full names in the tooltip', () => {
    const name = 'Oracle OCI database with PostgreSQL, flexible shape, 4 OCPU, balanced block volume';
    const c = cephCompare();
    c.matrix = [{ metric: 'total.iops', baseline: 'RBD', candidates: [name, 'b'], workloads: ['w1', 'w2'], workload_labels: ['w1', 'w2'], speedup: [[1.2, 0.9], [1.1, 1]], verdicts: [['better', 'worse'], ['better', 'tie']] }];
    const o = draw({ kind: 'speedup-heatmap', baseline: 'RBD', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: [name, 'b'], compare: c });
    assert.equal(o['yAxis'].axisLabel.overflow, 'truncate');
    assert.ok(o['grid'].left <= 280 && o['yAxis'].axisLabel.width < o['grid'].left);
    assert.ok(o['tooltip'].formatter({ data: { value: [0, 0, 0.26] } }).includes(name.replace(/,/g, ',')), 'the tooltip names it whole');
  });

  it('a matrix that leaves a configuration out says which and why', () => {
    const c = cephCompare();
    c.matrix = [{ metric: 'total.iops', baseline: 'RBD', candidates: ['CephFS kernel'], workloads: ['w1'], workload_labels: ['w1'], speedup: [[1.2]], verdicts: [['better']] }];
    c.left_out = [{ candidate: 'RBD x4', reason: 'no-common-workload', message: '', runs: [9], key: 'numjobs' }];
    const o = draw({ kind: 'speedup-heatmap', baseline: 'RBD', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: CONFIGS, compare: c });
    assert.match(o['title'].subtext, /Left out: RBD x4 \(every run differs in numjobs\)/);
    assert.ok(o['grid'].top > 50, 'the note has its own room above the grid');
  });
});
