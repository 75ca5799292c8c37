/**
 * Tooltip formatters return HTML (ECharts renders it): every name in them comes from imported
 * files and must arrive escaped. The e2e test hovers the real charts; this checks the builders.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompareMatrix, CompareResult, ComparePair } from '../../../app/contract/records.js';
import { CHART_THEMES } from '../../charts/chart-theme.js';
import { heatmapOption } from './compare-chart.js';
import { repetitionsOption } from './repetitions-chart.js';

const EVIL = '<img src=x onerror=alert(1)>';
type Formatter = (p: unknown) => string;
const formatterOf = (option: Record<string, unknown>): Formatter => (option['tooltip'] as { formatter: Formatter }).formatter;

describe('chart tooltips escape names', () => {
  it('the heat map names its cell (candidate, workload, speedup), escaped', () => {
    const matrix: CompareMatrix = { metric: 'total.iops', baseline: 'b', candidates: [`c1${EVIL}`, 'c2'], workloads: ['w1', 'w2'], workload_labels: ['4K', `w${EVIL}`], speedup: [[1.5, 2], [0.5, null]] };
    const html = formatterOf(heatmapOption(matrix, 2, 't'))({ dataIndex: 1 });
    assert.equal(html, `c1&lt;img src=x onerror=alert(1)&gt; · w&lt;img src=x onerror=alert(1)&gt;: 2.00x`);
  });

  it('a repetition dot names its configuration escaped', () => {
    const pair = { metric: 'total.iops', candidate_label: 'after', object: undefined, workload_label: 'w', unit: 'IOPS<b>', baseline_values: [1], candidate_values: [2], baseline_runs: [1], candidate_runs: [2], baseline: 1, candidate: 2, ci_baseline: null, ci_candidate: null } as unknown as ComparePair;
    const result = { baseline: EVIL, candidate: 'after', pairs: [pair] } as unknown as CompareResult;
    const option = repetitionsOption(result, { kind: 'repetitions', study: 's', baseline: EVIL, candidate: 'after', metric: 'total.iops' }, CHART_THEMES.light, { title: 't', median: 'm', ci: 'ci', allObjects: 'all' });
    const html = formatterOf(option)({ seriesName: EVIL, data: { value: [0, 1], run: 7 } });
    assert.equal(html, '&lt;img src=x onerror=alert(1)&gt; · run 7: 1 IOPS&lt;b&gt;');
  });
});
