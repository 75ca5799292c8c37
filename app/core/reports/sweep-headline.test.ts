import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ConfigConstant, RunRecord } from '../../contract/records.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { peakOf, pricePerformance, sweepPeaks, type SweepPeakInput } from './sweep-headline.js';

let nextId = 1;
function run(config: string, threads: number, tps: number, p95?: number, excluded?: string): RunRecord {
  return {
    id: nextId++, study: 's', config, tool: 'sysbench', tool_version: '1.0.20', format: 'sysbench', name: `${config} ${threads}`, host: null, start: null, end: null,
    source: { file: `${config}.log`, sha256: 'x' }, params: { test: 'oltp_read_write', threads }, metrics: { tps, ...(p95 !== undefined ? { 'total.lat_p95_ms': p95 } : {}) },
    tables: {}, warnings: [], errors: [], excluded: excluded ? { reason: excluded, at: '2026-11-25T00:00:00Z', by: null } : null,
  } as unknown as RunRecord;
}

const price = (config: string, value: number): ConfigConstant => ({ config, name: 'price_usd_month', value, unit: '$/month', source: 'cli', entered_by: null, entered_at: '2026-11-25T00:00:00Z' }) as ConfigConstant;

function input(all: RunRecord[], configs: string[], extra: Partial<SweepPeakInput> = {}): SweepPeakInput {
  return {
    runs: all.filter((r) => !r.excluded), allRuns: all, configs, spec: { x: 'threads', metric: 'tps' }, constants: [], derived: [],
    tieBandPct: 2, units: { latency: 'ms', bandwidth: 'MiB/s' }, locale: 'en', ...extra,
  };
}

describe('the sweep headline: each configuration\'s peak', () => {
  it('a tie takes the lowest load: the same throughput for less load', () => {
    assert.equal(peakOf([{ x: 2, y: 10 }, { x: 4, y: 30 }, { x: 8, y: 30 }, { x: 16, y: 20 }]), 1);
    assert.equal(peakOf([]), null);
    const h = sweepPeaks(input([run('a', 2, 100, 5), run('a', 4, 300, 6), run('a', 8, 300, 12), run('a', 16, 200, 40)], ['a']));
    assert.deepEqual([h.peaks[0]!.peak, h.peaks[0]!.peak_at, h.peaks[0]!.latency], [300, 4, 6]);
  });

  it('the median of each load\'s runs; an excluded run neither counts nor goes unsaid', () => {
    const all = [
      run('a', 2, 100, 5), run('a', 4, 200, 6), run('a', 8, 250, 10),
      // At 8 threads: 400 and 420 counted, a noisy neighbour's 150 excluded. Counted it would make the median 400, the peak still 8 but lower.
      run('b', 2, 100, 5), run('b', 4, 300, 6), run('b', 8, 400, 8), run('b', 8, 420, 9), run('b', 8, 150, 30, 'noisy neighbour'),
    ];
    const h = sweepPeaks(input(all, ['a', 'b']));
    const b = h.peaks.find((p) => p.config === 'b')!;
    assert.equal(b.peak, 410, 'median of the two counted runs');
    assert.equal(b.runs, 2);
    assert.equal(b.latency, 8.5);
    assert.deepEqual(b.excluded.map((e) => e.reason), ['noisy neighbour']);
    assert.equal(b.ratio, 410 / 250, 'the peak against the baseline\'s peak, whatever load each is at');
    assert.equal(b.verdict, 'better');
    assert.equal(h.peaks[0]!.ratio, null, 'the baseline carries no ratio');
    assert.equal(h.baseline, 'a', 'the first configuration given (import order)');
  });

  it('a configuration whose peak is its last load is flagged: it may still have been rising', () => {
    const h = sweepPeaks(input([run('a', 2, 100, 5), run('a', 4, 190, 5.2), run('a', 8, 380, 5.4), run('a', 16, 700, 6)], ['a']));
    const p = h.peaks[0]!;
    assert.deepEqual([p.peak_at, p.peak_at_last_load, p.max_load], [16, true, 16]);
    assert.deepEqual([p.stable_up_to, p.stable_within_sweep], [16, false], 'latency never grew 50% per doubling: stable over the whole sweep');
  });

  it('"stable up to": the last load before p95 grows by more than 50% for one doubling, the rule in words', () => {
    const h = sweepPeaks(input([run('a', 2, 100, 5), run('a', 4, 200, 6), run('a', 8, 300, 7), run('a', 16, 320, 14), run('a', 32, 310, 40)], ['a']));
    assert.deepEqual([h.peaks[0]!.peak_at, h.peaks[0]!.stable_up_to, h.peaks[0]!.stable_within_sweep], [16, 8, true]);
    assert.equal(h.stable_rule, 'latency p95 grows by more than 50% for one doubling of threads');
    const zh = sweepPeaks(input([run('a', 2, 100, 5), run('a', 4, 200, 6), run('a', 8, 300, 20)], ['a'], { locale: 'zh-CN' }));
    assert.match(zh.stable_rule!, /每翻一倍时增长超过 50%/);
  });

  it('a configuration with no latency still has its peak; latency and "stable up to" say none was measured', () => {
    const h = sweepPeaks(input([run('a', 2, 100), run('a', 4, 200), run('a', 8, 150), run('b', 2, 50, 4), run('b', 4, 100, 5), run('b', 8, 120, 9)], ['a', 'b']));
    const a = h.peaks.find((p) => p.config === 'a')!;
    assert.deepEqual([a.peak, a.peak_at, a.latency, a.stable_up_to], [200, 4, null, null]);
    assert.equal(h.latency_metric, 'total.lat_p95_ms', 'the others\' latency is still stated');
    const none = sweepPeaks(input([run('a', 2, 100), run('a', 4, 200), run('a', 8, 150)], ['a']));
    assert.deepEqual([none.latency_metric, none.stable_rule], [null, null]);
  });

  it('the baseline the user names, else the first imported; never one that is not a configuration', () => {
    const all = [run('zeta', 2, 100, 5), run('zeta', 4, 200, 6), run('alpha', 2, 300, 5), run('alpha', 4, 400, 6)];
    assert.equal(sweepPeaks(input(all, ['zeta', 'alpha'])).baseline, 'zeta');
    const named = sweepPeaks(input(all, ['zeta', 'alpha'], { spec: { x: 'threads', metric: 'tps', baseline: 'alpha' } }));
    assert.equal(named.peaks.find((p) => p.config === 'zeta')!.ratio, 0.5);
    assert.throws(() => sweepPeaks(input(all, ['zeta', 'alpha'], { spec: { x: 'threads', metric: 'tps', baseline: 'beta' } })), /"beta" is not a configuration/);
  });

  it('price-performance at the peak: the user\'s derived metric, else the standard TPS per 1,000 $/month; none without a price', () => {
    const all = [run('a', 2, 100, 5), run('a', 4, 500, 6), run('b', 2, 100, 5), run('b', 4, 300, 6)];
    const h = sweepPeaks(input(all, ['a', 'b'], { constants: [price('a', 2000)] }));
    assert.equal(h.price?.label, 'TPS per 1,000 $/month');
    assert.deepEqual(h.peaks.map((p) => p.price_performance), [250, null], 'b has no price: nothing invented');
    const defined = pricePerformance('tps', [{ name: 'derived.tps_per_usd', label: 'TPS per $/month', metric: 'tps', constant: 'price_usd_month', factor: 1, unit: 'TPS per $/month', better: 'higher' }], [price('a', 2000)], 'en');
    assert.deepEqual([defined?.label, defined?.factor], ['TPS per $/month', 1]);
    assert.equal(pricePerformance('tps', [], [], 'en'), null);
  });

  it('a study\'s sweep report: the template states peaks by default, against the first configuration imported', () => {
    const dir = tempDir();
    const core = new Core(path.join(dir, 'db.sqlite'));
    const log = (threads: number, tps: number, p95: number): string => [
      'sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)', '', 'Running the test with following options:', `Number of threads: ${threads}`, '', 'Threads started!', '',
      'SQL statistics:', `    transactions:                        ${Math.round(tps * 60)} (${tps.toFixed(2)} per sec.)`, `    queries:                             ${Math.round(tps * 1200)} (${(tps * 20).toFixed(2)} per sec.)`, '',
      'General statistics:', '    total time:                          60.0012s', `    total number of events:              ${Math.round(tps * 60)}`, '',
      'Latency (ms):', '         min:                                  1.00', '         avg:                                 10.00', '         max:                                 99.00', `         95th percentile:                     ${p95.toFixed(2)}`, '', '',
    ].join('\n');
    // "zeta" is imported first, "alpha" second: the baseline is zeta, although alpha sorts first.
    for (const [config, scale] of [['zeta', 1], ['alpha', 2]] as const) {
      const file = path.join(dir, `${config}.log`);
      fs.writeFileSync(file, [log(2, 100 * scale, 5), log(4, 180 * scale, 6), log(8, 200 * scale, 15)].join('\n'));
      core.importPaths([file], 'cloud', config);
    }
    const report = core.createReport('cloud');
    const headline = report.sections[0]!;
    assert.ok(headline.type === 'headline' && headline.sweep, 'the sweep template, its headline in sweep mode');
    assert.equal(headline.sweep!.baseline, 'zeta');
    assert.ok(headline.items.every((i) => i.baseline === 'zeta' && /geometric mean over the sweep \(secondary\)/.test(i.label ?? '')));
    const doc = core.renderReport('cloud', report.id);
    const h = doc.sections[0]!;
    assert.ok(h.type === 'headline' && h.sweep);
    assert.deepEqual(h.sweep.peaks.map((p) => [p.config, p.peak, p.peak_at, p.latency, p.stable_up_to]), [['zeta', 200, 8, 15, 4], ['alpha', 400, 8, 15, 4]]);
    assert.equal(h.sweep.peaks[1]!.ratio, 2);
    const named = core.createReport('cloud', { template: 'sweep', baseline: 'alpha' }).sections[0]!;
    assert.ok(named.type === 'headline' && named.sweep?.baseline === 'alpha' && named.items.every((i) => i.baseline === 'alpha'), 'the baseline the user names');
    assert.throws(() => core.createReport('cloud', { baseline: 'beta' }), /unknown configuration "beta" in study "cloud"; the closest: "zeta"/);
    // A renamed configuration: the saved sweep headline follows it and still renders.
    core.manage.renameConfig('cloud', 'zeta', 'zeta-2');
    const renamed = core.report('cloud', report.id).sections[0]!;
    assert.ok(renamed.type === 'headline' && renamed.sweep?.baseline === 'zeta-2');
    const again = core.renderReport('cloud', report.id).sections[0]!;
    assert.ok(again.type === 'headline' && again.errors.length === 0 && again.sweep?.peaks[0]!.config === 'zeta-2');
    core.close();
  });
});
