/**
 * The default report of a study of configurations (issue 33): built from the study's design, not
 * from its shape. First the headline: the design in one sentence and the ranked findings of the
 * analysis (with a swept load, each configuration's peak too); then the charts the design calls
 * for (a curve over the swept load or the block sizes for each metric that binds somewhere, so
 * every configuration's values are drawn and not only ratios; the speedup heat map with three
 * configurations or more); the comparison table; the values of every configuration, a table per
 * six; the evidence. Every section computes from the report's one analysis specification.
 */
import type { ChartSpec, ReportLayout, ReportSection } from '../../contract/records.js';
import type { TemplateQueries } from '../study-queries.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { scalingCurves, sweepLatencyMetric } from '../compare/scaling.js';
import { defaultMetrics } from '../metrics/default-metrics.js';
import { resolveSpec } from '../analysis/spec.js';
import { analysedRuns } from '../analysis/analysis.js';
import { studyDesign } from '../analysis/design.js';
import { shortMetricLabel } from './sweep-headline.js';
import { id, valuesTable, type TemplateOptions, type TemplateResult } from './template-parts.js';

type Locale = 'en' | 'zh-CN';

/** A values table holds this many configurations side by side; more get tables of their own. */
const CONFIGS_PER_TABLE = 6;

const AXIS_WORDS: Record<string, [string, string]> = { bs: ['block size', '块大小'], threads: ['threads', '线程数'], vus: ['virtual users', '虚拟用户'], iodepth: ['I/O depth', '队列深度'], numjobs: ['jobs', '作业数'], sessions: ['sessions', '会话数'] };

/** Whether the design has an ordered parameter to draw along (a load, or block size alone): `--template sweep` needs one. */
export function designAxis(core: TemplateQueries, study: string): { axis: string | null; varying: string[] } {
  const settings = core.settings(study);
  const summary = core.studies().find((s) => s.slug === study)!;
  const design = studyDesign({ runs: core.runs({ study }), configs: summary.configs, keys: settings.pairing_keys, locale: 'en' });
  return { axis: design.axis, varying: design.shape.map((f) => `${f.key} (${f.values.length})`) };
}

export function findingsReport(core: TemplateQueries, study: string, locale: Locale, options: TemplateOptions = {}): TemplateResult {
  const zh = locale === 'zh-CN';
  const summary = core.studies().find((x) => x.slug === study)!;
  const settings = core.settings(study);
  const spec = resolveSpec(core, study, options.baseline !== undefined ? { baseline: options.baseline } : undefined, undefined);
  const runs = analysedRuns(core, spec);
  const design = studyDesign({ runs, configs: summary.configs, keys: spec.pairing_keys, locale });
  const label = (m: string): string => { const i = describeMetric(m); return i ? metricLabel(i, locale) : m; };
  const chart = (name: string, chartSpec: ChartSpec): number => core.saveChart(study, name, chartSpec).id;
  const layout: ReportLayout = {
    title: summary.name, page: 'A4', orientation: 'portrait', convention: settings.convention, locale,
    ...(options.baseline !== undefined ? { analysis: { baseline: options.baseline } } : {}),
  };
  const { baseline, candidates } = spec;
  const throughput = spec.metrics[0]!;
  const latency = spec.latency;
  const sections: ReportSection[] = [];

  // The headline: the design and the findings; with a swept load, each configuration's peak; the
  // geometric mean over a sweep follows as a secondary figure, labelled so.
  const load = design.load?.key ?? null;
  const short = shortMetricLabel(throughput, locale);
  const secondary = zh ? `${short}，整个扫描的几何平均（次要）` : `${short}, geometric mean over the sweep (secondary)`;
  sections.push({
    id: id(), type: 'headline', findings: true,
    items: load ? candidates.map((c) => ({ baseline, candidate: c, metric: throughput, label: secondary })) : [],
    ...(load ? { sweep: { x: load, metric: throughput, ...(latency ? { latency: sweepLatencyMetric(runs, latency) ?? latency } : {}), baseline } } : {}),
  });

  // The charts the design calls for: every configuration's values along the axis, for each metric that binds somewhere.
  const axis = design.axis;
  if (axis) {
    const along = zh ? AXIS_WORDS[axis]?.[1] ?? axis : AXIS_WORDS[axis]?.[0] ?? axis;
    for (const m of spec.metrics) sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(m)} 随 ${along} 变化` : `${label(m)} against ${along}`, { kind: 'scaling', x: axis, metric: m, workload: '*' }) });
    // Latency over a swept load, where the runs measured it (HammerDB's result lines carry none).
    if (load && latency && scalingCurves({ runs, x: load, metric: latency, keys: spec.pairing_keys }).series.length > 0) {
      sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(latency)} 随 ${along} 变化` : `${label(latency)} against ${along}`, { kind: 'scaling', x: load, metric: latency, workload: '*' }) });
    }
  } else if (candidates.length > 0) {
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)}：各配置` : `${label(throughput)}: every configuration`, { kind: 'compare-bars', baseline, candidate: candidates[0]!, candidates, metric: throughput }) });
  }
  if (candidates.length >= 2) {
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)} 加速比（相对 ${baseline}）` : `${label(throughput)} speedup against ${baseline}`, { kind: 'speedup-heatmap', baseline, metric: throughput }) });
  }
  sections.push({ id: id(), type: 'text', title: zh ? '说明' : 'Commentary', markdown: '' });

  // The comparison: every pair, with both values. Many configurations over many loads would be
  // pages no manager reads (84 pairs for seven clouds): their peaks, findings and values tell it.
  const bandwidth = defaultMetrics(runs).find((d) => d.role === 'throughput' && d.metric.endsWith('bw_mib_s'))?.metric;
  const tableMetrics = [...new Set([...spec.metrics, ...(bandwidth ? [bandwidth] : []), ...(latency ? [latency] : [])])];
  if (candidates.length > 0 && (!load || candidates.length <= 2)) sections.push({ id: id(), type: 'table', baseline, candidates, metrics: tableMetrics });

  // The values of every configuration (medians, as the comparisons and peaks are), six to a table.
  const shown = [baseline, ...candidates];
  for (let i = 0; i < shown.length; i += CONFIGS_PER_TABLE) {
    const part = shown.slice(i, i + CONFIGS_PER_TABLE);
    const more = shown.length > CONFIGS_PER_TABLE ? ` (${i / CONFIGS_PER_TABLE + 1}/${Math.ceil(shown.length / CONFIGS_PER_TABLE)})` : '';
    sections.push(valuesTable(zh ? `各负载的数值${more}` : `Values per workload${more}`, ['workload'], ['config'], tableMetrics.map((m) => ({ metric: m, statistic: 'median' as const })), { config: part }));
  }
  return { name: load ? (zh ? '扫描' : 'Sweep') : (zh ? '研究结论' : 'Findings'), layout, sections };
}
