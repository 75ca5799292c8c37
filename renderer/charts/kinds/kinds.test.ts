/**
 * Each chart kind's option builder, from a spec and resolved data: what a reader relies on.
 * Series per configuration in the configuration's colour (the same in every kind), axis types,
 * knee markers only on a load, ratio labels in the verdict's colour, names escaped in every
 * tooltip, nothing interactive on paper.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChartData, ChartSpec, ComparePair, CompareResult, ScalingResult, Verdict } from '../../../app/contract/records.js';
import { CHART_THEMES, themedOption } from '../chart-theme.js';
import { chartOption } from '../chart-option.js';
import { PALETTE, seriesStyles } from '../palette.js';
import { defaultContext, type ChartContext } from './context.js';
import { heatmapHeight } from './speedup-heatmap.js';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const EVIL = '<img src=x onerror=alert(1)>';
const ORDER = ['disk', 'tmpfs', 'nvme', EVIL];

function pair(workload: string, candidate: string, baseline: number, value: number, verdict: Verdict): ComparePair {
  return {
    workload, workload_label: workload, workload_params: {}, metric: 'total.iops', metric_label: 'total IOPS', unit: 'IOPS', better: 'higher', baseline_label: 'disk', candidate_label: candidate,
    baseline, candidate: value, speedup: value / baseline, change_pct: (value / baseline - 1) * 100, speedup_text: `${(value / baseline).toFixed(2)}x`, change_text: '', text: `${(value / baseline).toFixed(2)}x faster`,
    short_text: `${(value / baseline).toFixed(2)}x`, mark: '', n_baseline: 3, n_candidate: 3, ci_baseline: { low: baseline * 0.9, high: baseline * 1.1, level: 0.95, method: 'min-max', coverage: 0.75, low_order: 1, high_order: 3 }, ci_candidate: null,
    p_value: null, p_min: 0.1, p_method: 'exact', significant: null, significance_note: '', tie: verdict === 'tie', verdict, baseline_runs: [1, 2, 3], candidate_runs: [4, 5, 6], baseline_values: [baseline * 0.9, baseline, baseline * 1.1], candidate_values: [value, value, value],
  };
}

function compare(candidates: string[], pairs: ComparePair[]): CompareResult {
  return {
    study: 's', kind: 'configurations', baseline: 'disk', candidate: candidates[0]!, candidates, metrics: ['total.iops'], pairing_keys: ['bs'], convention: 'x-fold', convention_note: '', tie_band_pct: 2,
    pairs, unmatched: [], geomean_speedup: {}, rollup: [], warnings: [], aggregation: null, workload_filter: null, periods: null,
    matrix: [{ metric: 'total.iops', baseline: 'disk', candidates, workloads: ['4K read', '64K read'], workload_labels: ['4K read', '64K read'], speedup: candidates.map((_, i) => [1 + i, i === 0 ? 1.001 : null]), verdicts: candidates.map((_, i) => ['better', i === 0 ? 'tie' : null]) }],
  };
}

const threeWay = compare(['tmpfs', 'nvme', EVIL], [
  pair('4K read', 'tmpfs', 100, 300, 'better'), pair('4K read', 'nvme', 100, 50, 'worse'), pair('4K read', EVIL, 100, 101, 'tie'),
  pair('64K read', 'tmpfs', 200, 400, 'better'), pair('64K read', 'nvme', 200, 600, 'better'),
]);
const bars = (extra: Partial<Extract<ChartSpec, { kind: 'compare-bars' }>> = {}): Extract<ChartSpec, { kind: 'compare-bars' }> => ({ kind: 'compare-bars', baseline: 'disk', candidate: 'tmpfs', candidates: ['tmpfs', 'nvme', EVIL], metric: 'total.iops', ...extra });
const ctx = (over: Partial<ChartContext> = {}): ChartContext => defaultContext({ title: 'IOPS', mode: 'interactive', ...over });
const draw = (spec: ChartSpec, data: ChartData, over: Partial<ChartContext> = {}): Opt => {
  const o = chartOption(spec, data, ctx(over));
  assert.ok(o, `${spec.kind} draws`);
  return o as Opt;
};
/** The colour a series is drawn in, wherever the builder put it. */
const colourOf = (s: Opt): string => s['itemStyle']?.color ?? s['lineStyle']?.color;

function scaling(xLoad: boolean, x = 'vus'): ScalingResult {
  const line = (config: string, k: number) => ({ config, label: config, params: {}, points: [1, 2, 4, 8, 16].map((v) => ({ x: v, y: k * Math.min(v, 8) * 100, latency: null, runs: [v] })), knee: 8, knee_rule: 'rule' });
  return { x, metric: 'nopm', unit: 'NOPM', series: [line('disk', 1), line('nvme', 2)], x_load: xLoad };
}

describe('chart kinds: bars of any number of configurations', () => {
  it('draws the baseline and every candidate, each in its configuration\'s colour, ratio labels in the verdict\'s colour', () => {
    const o = draw(bars(), { kind: 'compare-bars', labels: ORDER, compare: threeWay });
    assert.deepEqual(o['series'].map((s: Opt) => s['name']), ['disk', 'tmpfs', 'nvme', EVIL]);
    assert.deepEqual(o['series'].map(colourOf), PALETTE.slice(0, 4), 'colours by the study\'s order, not by position in the chart');
    assert.deepEqual(o['xAxis'].data, ['4K read', '64K read']);
    const label = (series: number, cat: number): Opt => o['series'][series].data[cat];
    assert.equal(label(1, 0).label.color, CHART_THEMES.light.verdict.better);
    assert.equal(label(2, 0).label.color, CHART_THEMES.light.verdict.worse, 'a regression is never drawn in the colour of a win');
    assert.equal(label(3, 0).label.color, CHART_THEMES.light.verdict.tie);
    assert.equal(label(3, 1), null, 'no pair: no bar');
    assert.equal(o['yAxis'].type, 'value');
  });

  it('a configuration keeps its colour when another chart shows fewer configurations', () => {
    const only = compare(['nvme'], [pair('4K read', 'nvme', 100, 50, 'worse')]);
    const o = draw(bars({ candidate: 'nvme', candidates: undefined }), { kind: 'compare-bars', labels: ORDER, compare: only });
    assert.deepEqual(o['series'].map(colourOf), [PALETTE[0], PALETTE[2]], 'nvme is the third configuration: the third colour');
  });

  it('normalised bars: the baseline at 1.0, each candidate its ratio, a reference line; a log scale is a log axis', () => {
    const o = draw(bars({ normalised: true, logScale: true }), { kind: 'compare-bars', labels: ORDER, compare: threeWay });
    assert.deepEqual(o['series'][0].data, [1, 1]);
    assert.equal(o['series'][1].data[1].value, 2);
    assert.equal(o['series'][2].data[1].value, 3);
    assert.ok(o['series'][1].markLine, 'the 1.0 line');
    assert.equal(o['yAxis'].type, 'log');
  });

  it('a tooltip names every side and its runs, escaped: a configuration named like markup stays text', () => {
    const files = new Map([[4, 'tmpfs · <script>x</script>.json']]);
    const o = draw(bars(), { kind: 'compare-bars', labels: ORDER, compare: threeWay }, { runFiles: files });
    const tip = o['tooltip'].formatter([{ dataIndex: 0 }]) as string;
    assert.match(tip, /disk: <b>100 IOPS<\/b> \(n = 3\)/);
    assert.match(tip, /run 4 · tmpfs · &lt;script&gt;x&lt;\/script&gt;\.json/);
    assert.ok(tip.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the name escaped');
    assert.ok(!tip.includes('<img') && !tip.includes('<script'), 'no markup from data');
  });

  it('on paper: no tooltip, no zoom, no animation', () => {
    const o = draw(bars(), { kind: 'compare-bars', labels: ORDER, compare: threeWay }, { mode: 'print' });
    assert.equal(o['tooltip'], undefined);
    assert.equal(o['dataZoom'], undefined);
    assert.equal(o['animation'], false);
  });

  it('read, write and total side by side: a series per side and scope, shades of the side\'s colour', () => {
    const scoped = compare(['tmpfs'], ['read', 'write', 'total'].map((sc) => ({ ...pair('70/30', 'tmpfs', 100, 200, 'better'), metric: `${sc}.iops` })));
    const o = draw(bars({ candidates: undefined, scopes: ['read', 'write', 'total'] }), { kind: 'compare-bars', labels: ORDER, compare: scoped });
    assert.deepEqual(o['series'].map((s: Opt) => s['name']), ['disk · read', 'disk · write', 'disk · total', 'tmpfs · read', 'tmpfs · write', 'tmpfs · total']);
    assert.equal(o['series'][2].itemStyle.color.toLowerCase(), PALETTE[0]!.toLowerCase(), 'total in the side\'s own colour');
  });
});

describe('chart kinds: one colour per configuration across kinds', () => {
  it('the same configuration is the same colour in bars, scaling, repetitions, box plots, wait events and latency curves', () => {
    const colours = new Map<string, Set<string>>();
    const note = (name: string, c: string): void => { colours.set(name, (colours.get(name) ?? new Set()).add(c.toLowerCase())); };
    const b = draw(bars(), { kind: 'compare-bars', labels: ORDER, compare: threeWay });
    b['series'].forEach((s: Opt) => note(s['name'], colourOf(s)));
    const sc = draw({ kind: 'scaling', x: 'vus', metric: 'nopm' }, { kind: 'scaling', labels: ORDER, scaling: scaling(true) });
    sc['series'].forEach((s: Opt) => note(s['name'], colourOf(s)));
    const reps = draw({ kind: 'repetitions', baseline: 'disk', candidate: 'nvme', metric: 'total.iops' }, { kind: 'repetitions', labels: ORDER, compare: threeWay });
    reps['series'].forEach((s: Opt) => note(s['name'], colourOf(s)));
    const box = draw({ kind: 'box-plot', metric: 'total.iops', over: 'runs' }, {
      kind: 'box-plot', labels: ORDER,
      boxes: { metric: 'total.iops', unit: 'IOPS', over: 'runs', workload: null, boxes: ['nvme', 'disk'].map((l) => ({ label: l, n: 3, min: 1, q1: 2, median: 3, q3: 4, max: 5, mean: 3, whisker_low: 1, whisker_high: 5, outliers: [] })) },
    });
    box['series'][0].data.forEach((d: Opt, i: number) => note(['nvme', 'disk'][i]!, d['itemStyle'].borderColor));
    const waits = draw({ kind: 'wait-events', baseline: 'tmpfs', candidate: 'disk' }, {
      kind: 'wait-events', labels: ORDER,
      waits: { events: 'foreground', baseline: 'tmpfs', candidate: 'disk', runs: { baseline: 1, candidate: 2 }, rows: [{ name: 'free buffer waits', baseline: null, candidate: { waits: 1, time_s: 1, avg_ms: 11.72, pct: 63, wait_class: null }, speedup: null, verdict: null }] },
    });
    waits['series'].forEach((s: Opt) => note(s['name'], colourOf(s)));
    const lat = draw({ kind: 'latency-cdf', runs: [9, 8] }, {
      kind: 'latency-cdf', labels: ORDER,
      distribution: { without_bins: [], curves: [{ run: 9, config: 'nvme', name: 'r', direction: 'read', source: 'json+', total_ios: 10, percentiles: {}, points: [[0.1, 0.5, 0.5], [0.2, 1, 0]] }, { run: 8, config: 'disk', name: 'r', direction: 'read', source: 'json+', total_ios: 10, percentiles: {}, points: [[0.1, 0.5, 0.5], [0.2, 1, 0]] }] },
    });
    lat['series'].forEach((s: Opt) => note(String(s['name']).split(' · ')[0]!, colourOf(s)));
    for (const [name, set] of colours) assert.equal(set.size, 1, `${name}: one colour everywhere (${[...set].join(', ')})`);
    assert.deepEqual([...colours.get('nvme')!], [PALETTE[2]!.toLowerCase()]);
    assert.equal(new Set([...colours.values()].map((s) => [...s][0])).size, colours.size, 'and no two configurations share one');
  });

  it('the palette has twelve distinct colours; past them a series differs by dash, marker and bar pattern, never looks like another', () => {
    assert.equal(new Set(PALETTE.map((c) => c.toLowerCase())).size, 12);
    const labels = Array.from({ length: 15 }, (_, i) => `c${i}`);
    const styles = seriesStyles(labels, labels);
    assert.equal(new Set(styles.slice(0, 12).map((s) => s.color)).size, 12, 'no colour twice among the first twelve');
    const looks = styles.map((s) => `${s.color}|${s.dash}|${s.symbol}|${JSON.stringify(s.decal)}`);
    assert.equal(new Set(looks).size, 15, 'fifteen series, fifteen looks');
    assert.equal(styles[12]!.color, styles[0]!.color);
    assert.notEqual(styles[12]!.dash, styles[0]!.dash);
    assert.ok(styles[12]!.decal, 'a bar past twelve is patterned');
    // Objects (volumes, runs) are not in the study's order: they take the slots no configuration holds.
    const mixed = seriesStyles(['disk', 'vol1', 'vol2'], ['disk']);
    assert.deepEqual(mixed.map((s) => s.color), [PALETTE[0], PALETTE[1], PALETTE[2]]);
  });

  it('the dark theme draws the same slots in its own palette', () => {
    const o = draw(bars(), { kind: 'compare-bars', labels: ORDER, compare: threeWay }, { theme: CHART_THEMES.dark });
    assert.equal(colourOf(o['series'][0]), CHART_THEMES.dark.palette[0]);
    // The chart frame swaps an old option's light colours for dark ones: never a dark option's again
    // (the dark palette's first colour is the light palette's fifth).
    assert.deepEqual(themedOption(o, CHART_THEMES.dark)['color'], o['color']);
    assert.equal((themedOption({ color: [PALETTE[4]] }, CHART_THEMES.dark)['color'] as string[])[0], CHART_THEMES.dark.palette[4]);
  });
});

describe('chart kinds: a chart without meaning is not drawn', () => {
  it('the knee is marked on a load parameter, never on block size', () => {
    const load = draw({ kind: 'scaling', x: 'vus', metric: 'nopm' }, { kind: 'scaling', labels: ORDER, scaling: scaling(true) });
    assert.deepEqual(load['series'].map((s: Opt) => s['markPoint']?.data[0].coord), [[8, 800], [8, 1600]]);
    const bs = draw({ kind: 'scaling', x: 'bs', metric: 'nopm' }, { kind: 'scaling', labels: ORDER, scaling: scaling(false, 'bs') });
    assert.ok(bs['series'].every((s: Opt) => s['markPoint'] === undefined), 'no knee on block size, whatever the data says');
  });

  it('a doubling sweep reads on a log-2 axis; nothing to draw is null, and so is data of another kind', () => {
    const o = draw({ kind: 'scaling', x: 'vus', metric: 'nopm' }, { kind: 'scaling', labels: ORDER, scaling: scaling(true) });
    assert.equal(o['xAxis'].type, 'log');
    assert.equal(o['xAxis'].logBase, 2);
    assert.equal(chartOption({ kind: 'scaling', x: 'vus', metric: 'nopm' }, { kind: 'scaling', labels: ORDER, scaling: { ...scaling(true), series: [] } }, ctx()), null);
    assert.equal(chartOption({ kind: 'scaling', x: 'vus', metric: 'nopm' }, { kind: 'compare-bars', labels: ORDER, compare: threeWay }, ctx()), null);
    const empty = compare(['tmpfs'], []);
    assert.equal(chartOption(bars(), { kind: 'compare-bars', labels: ORDER, compare: empty }, ctx()), null);
  });
});

describe('chart kinds: axes and marks per kind', () => {
  const series = { metric: 'read.lat_avg_ms', config: 'production', configs: ['production'], unit: 'ms', zone: 'Asia/Shanghai', all_objects: [EVIL], periods: [], window: null,
    objects: [{ object: EVIL, mean: 1, max: 2, samples: 3, points: [[1_000_000, 1], [2_000_000, 2], [3_000_000, 1.5]] as Array<[number, number]> }] };

  it('time series: a time axis in the zone of the data; a saved window is the axis\' range', () => {
    const o = draw({ kind: 'time-series', metric: 'read.lat_avg_ms' }, { kind: 'time-series', labels: ORDER, series });
    assert.equal(o['xAxis'].type, 'time');
    assert.match(o['title'].text, /Asia\/Shanghai/);
    const w = draw({ kind: 'time-series', metric: 'read.lat_avg_ms', window: { from: 1_500_000, to: 2_500_000 } }, { kind: 'time-series', labels: ORDER, series }, { mode: 'print' });
    const offset = 8 * 3600_000;
    assert.deepEqual([w['xAxis'].min, w['xAxis'].max], [1_500_000 + offset, 2_500_000 + offset]);
    assert.equal(o['tooltip'].valueFormatter(1.5), '1.500 ms');
  });

  it('latency: X log; exceedance: Y log down to one I/O', () => {
    const distribution = { without_bins: [], curves: [{ run: 1, config: 'disk', name: EVIL, direction: 'read' as const, source: 'json+' as const, total_ios: 1000, percentiles: {}, points: [[0.1, 0.5, 0.5], [0.2, 0.999, 0.001], [0.4, 1, 0]] as Array<[number, number, number]> }] };
    const cdf = draw({ kind: 'latency-cdf', runs: [1] }, { kind: 'latency-cdf', labels: ORDER, distribution });
    assert.equal(cdf['xAxis'].type, 'log');
    assert.equal(cdf['yAxis'].type, 'value');
    const ex = draw({ kind: 'latency-exceedance', runs: [1] }, { kind: 'latency-exceedance', labels: ORDER, distribution });
    assert.equal(ex['yAxis'].type, 'log');
    assert.ok(ex['yAxis'].min <= 1 / 1000);
    assert.equal(ex['series'][0].data.length, 2, 'the point with nothing slower has no place on a log axis');
  });

  it('heat map: categories both ways, a 1.00x cell is a tie (grey), names escaped in its tooltip', () => {
    const o = draw({ kind: 'speedup-heatmap', baseline: 'disk', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: ORDER, compare: threeWay });
    assert.equal(o['xAxis'].type, 'category');
    assert.deepEqual(o['yAxis'].data, ['tmpfs', 'nvme', EVIL]);
    const tie = o['series'][0].data.find((d: Opt) => d.value[0] === 1 && d.value[1] === 0);
    assert.equal(tie.value[2], null, '1.001x is a tie, greyed');
    const tip = o['tooltip'].formatter({ data: { value: [0, 2, 1] } }) as string;
    assert.ok(tip.startsWith('&lt;img'), tip);
    // On paper a grid of many workloads turns on its side: the workloads down the page.
    const workloads = Array.from({ length: 18 }, (_, i) => `w${i}`);
    const wide = { ...threeWay, matrix: [{ metric: 'total.iops', baseline: 'disk', candidates: ['tmpfs', 'nvme'], workloads, workload_labels: workloads, speedup: [workloads.map(() => 2), workloads.map(() => 0.5)], verdicts: [workloads.map(() => 'better' as const), workloads.map(() => 'worse' as const)] }] };
    const paper = draw({ kind: 'speedup-heatmap', baseline: 'disk', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: ORDER, compare: wide }, { mode: 'print' });
    assert.deepEqual(paper['yAxis'].data, workloads);
    assert.deepEqual(paper['xAxis'].data, ['tmpfs', 'nvme']);
    assert.equal(paper['series'][0].data.find((d: Opt) => d.value[0] === 1 && d.value[1] === 17).label.formatter, '0.50x', 'nvme, the last workload');
    const screen = draw({ kind: 'speedup-heatmap', baseline: 'disk', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: ORDER, compare: wide });
    assert.deepEqual(screen['xAxis'].data, workloads, 'on screen there is room across');
  });

  it('issue 40: a pair not shown to differ ("~") is not drawn as a green win: its bar label in the tie\'s colour, its heat map cell washed out and marked; a one-cell heat map is a strip', () => {
    const untested = { ...pair('4K read', 'tmpfs', 100, 124, 'better'), mark: '~' as const, n_baseline: 1, n_candidate: 1, validity: [{ run: 4, side: 'candidate' as const, config: 'tmpfs', code: 'failed-users', severity: 'warning' as const, message: `2 of 10 virtual users finished FAILED ${EVIL}` }] };
    const single = { ...compare(['tmpfs'], [untested]), matrix: [{ metric: 'total.iops', baseline: 'disk', candidates: ['tmpfs'], workloads: ['4K read'], workload_labels: ['4K read'], speedup: [[1.24]], verdicts: [['better' as const]], marks: [['~' as const]] }] };
    const o = draw(bars({ candidates: ['tmpfs'] }), { kind: 'compare-bars', labels: ORDER, compare: single });
    const bar = o['series'][1].data[0];
    assert.equal(bar.text, '1.24x ~');
    assert.equal(bar.label.color, CHART_THEMES.light.verdict.tie, 'the tie\'s colour, as the roll-up counts it');
    // The tooltip states what the tool said about the run behind it, escaped.
    const tip = o['tooltip'].formatter([{ dataIndex: 0 }]) as string;
    assert.ok(tip.includes('run 4: 2 of 10 virtual users finished FAILED &lt;img'), tip);
    const map = draw({ kind: 'speedup-heatmap', baseline: 'disk', metric: 'total.iops' }, { kind: 'speedup-heatmap', labels: ORDER, compare: single }, { mode: 'print' });
    assert.ok(Math.abs(2 ** map['series'][0].data[0].value[2] - 1.24) < 1e-9, 'its direction stays visible');
    assert.equal(map['series'][0].data[0].itemStyle.opacity, 0.45, 'washed out: no solid green win');
    assert.equal(map['series'][0].data[0].label.formatter, '1.24x ~');
    assert.ok(heatmapHeight({ kind: 'speedup-heatmap', labels: ORDER, compare: single }, ctx({ mode: 'print' }), 330) < 200, 'one row: no half page');
  });

  it('scatter: a value axis each way named with units, a series per object, names escaped', () => {
    const o = draw({ kind: 'scatter', x: 'write.iops', y: 'write.lat_avg_ms' }, {
      kind: 'scatter', labels: ORDER,
      scatter: { x: 'write.iops', y: 'write.lat_avg_ms', x_unit: 'IOPS', y_unit: 'ms', x_label: 'write IOPS', y_label: 'write mean latency', config: 'production', objects: [{ object: EVIL, points: [[40, 60, 1_504_713_900_000]] }, { object: 'empty', points: [] }] },
    });
    assert.equal(o['series'].length, 1, 'an object without points is left out');
    assert.equal(o['xAxis'].name, 'write IOPS');
    assert.equal(o['yAxis'].name, 'write mean latency (ms)');
    const tip = o['tooltip'].formatter({ seriesName: EVIL, value: [40, 60, 1_504_713_900_000] }) as string;
    assert.ok(tip.startsWith('&lt;img') && tip.includes('2017-09-06 16:05 UTC'), tip);
  });

  it('box plot: a box per configuration with n under its name, the mean, the outliers; escaped tooltip', () => {
    const o = draw({ kind: 'box-plot', metric: 'total.iops', over: 'intervals' }, {
      kind: 'box-plot', labels: ORDER,
      boxes: { metric: 'total.iops', unit: 'IOPS', over: 'intervals', workload: null, boxes: [{ label: EVIL, n: 40, min: 1, q1: 2, median: 3, q3: 4, max: 20, mean: 3.5, whisker_low: 1, whisker_high: 5, outliers: [20] }] },
    });
    assert.deepEqual(o['series'].map((s: Opt) => s['type']), ['boxplot', 'scatter', 'scatter']);
    assert.deepEqual(o['series'][0].data[0].value, [1, 2, 3, 4, 5]);
    assert.deepEqual(o['xAxis'].data, [`${EVIL}\nn = 40`]);
    assert.deepEqual(o['series'][2].data[0].value, [0, 20]);
    const tip = o['tooltip'].formatter({ seriesType: 'boxplot', dataIndex: 0, value: [] }) as string;
    assert.ok(tip.includes('&lt;img') && !tip.includes('<img'));
    assert.ok((o['tooltip'].formatter({ seriesType: 'scatter', dataIndex: 0, value: [0, 20] }) as string).startsWith('&lt;img'));
  });

  it('wait events: horizontal bars per event, an event on one side only says where it is', () => {
    const o = draw({ kind: 'wait-events', baseline: 'disk', candidate: 'nvme' }, {
      kind: 'wait-events', labels: ORDER,
      waits: { events: 'foreground', baseline: 'disk', candidate: 'nvme', runs: { baseline: 1, candidate: 2 }, rows: [
        { name: 'free buffer waits', baseline: null, candidate: { waits: 1, time_s: 1, avg_ms: 11.72, pct: 63, wait_class: null }, speedup: null, verdict: null },
        { name: 'db file parallel write', baseline: { waits: 1, time_s: 1, avg_ms: 1, pct: 19.1, wait_class: null }, candidate: { waits: 1, time_s: 1, avg_ms: 21.74, pct: 7.4, wait_class: null }, speedup: 0.046, verdict: 'worse' },
      ] },
    });
    assert.equal(o['yAxis'].type, 'category');
    assert.deepEqual(o['yAxis'].data, ['free buffer waits · only in nvme', 'db file parallel write']);
    assert.deepEqual(o['series'].map((s: Opt) => s['data']), [[null, 19.1], [63, 7.4]]);
    const avg = draw({ kind: 'wait-events', baseline: 'disk', candidate: 'nvme', measure: 'avg_ms' }, {
      kind: 'wait-events', labels: ORDER, waits: { events: 'foreground', baseline: 'disk', candidate: 'nvme', runs: { baseline: 1, candidate: 2 }, rows: [{ name: 'x', baseline: { waits: 1, time_s: 1, avg_ms: 1, pct: 1, wait_class: null }, candidate: { waits: 1, time_s: 1, avg_ms: 21.74, pct: 1, wait_class: null }, speedup: 0.046, verdict: 'worse' }] },
    });
    assert.deepEqual(avg['series'].map((s: Opt) => s['data']), [[1], [21.74]]);
    assert.equal(avg['xAxis'].name, 'ms');
  });

  it('repetitions: a dot per run, the median a line, the CI a band, tooltips escaped', () => {
    const o = draw({ kind: 'repetitions', baseline: 'disk', candidate: EVIL, metric: 'total.iops' }, { kind: 'repetitions', labels: ORDER, compare: threeWay });
    assert.deepEqual(o['series'].map((s: Opt) => s['name']), ['disk', EVIL]);
    assert.equal(o['series'][0].data.length, 3);
    assert.equal(o['series'][0].markArea.data.length, 1);
    const tip = o['tooltip'].formatter({ seriesName: EVIL, data: { value: [0, 101], run: 4 } }) as string;
    assert.ok(tip.startsWith('&lt;img') && tip.includes('run 4'));
  });
});
