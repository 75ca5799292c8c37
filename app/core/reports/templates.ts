/**
 * Report templates: a starting report made from what the study holds. Before/after a cutover
 * (periods), cache on against off (two configurations), a configuration matrix (three or more),
 * a sweep (a parameter with several values). The user edits from there.
 */
import { randomUUID } from 'node:crypto';
import type { ChartSpec, HeadlineItem, PivotValue, ReportLayout, ReportSection, ReportTemplate, RunRecord } from '../../contract/records.js';
import type { StudyQueries, TemplateQueries } from '../study-queries.js';
import { describeMetric, metricLabel, metricOrder } from '../metrics/dictionary.js';
import { scalingCurves, sweepLatencyMetric } from '../compare/scaling.js';
import { awrTemplate, isAwrStudy } from './awr-headlines.js';
import { defaultMetrics } from '../metrics/default-metrics.js';
import { shortMetricLabel } from './sweep-headline.js';

const THROUGHPUT = ['total.iops', 'nopm', 'tpm', 'ops_per_s', 'tps', 'qps', 'total.bw_mib_s', 'read.iops', 'write.iops', 'read.ops_per_s'];
const LATENCY = ['total.lat_avg_ms', 'read.lat_avg_ms', 'write.lat_avg_ms', 'total.clat_avg_ms', 'lat_avg_ms', 'read.clat_avg_ms'];
const SERIES_LATENCY = ['read.lat_avg_ms', 'total.lat_avg_ms', 'write.lat_avg_ms'];
const SWEEP_KEYS = ['vus', 'sessions', 'threads', 'iodepth', 'numjobs'];

const id = (): string => randomUUID().slice(0, 8);

/** A table of the values themselves beside the ratios: what engineers otherwise rebuild in a spreadsheet. */
function valuesTable(title: string, rows: string[], columns: string[], values: PivotValue[], only?: Record<string, string[]>): ReportSection {
  return { id: id(), type: 'pivot', title, source: { kind: 'runs' }, rows, columns, values, ...(only ? { only } : {}) };
}

function present(runs: readonly RunRecord[], wanted: readonly string[]): string[] {
  const have = new Set(runs.flatMap((r) => Object.keys(r.metrics)));
  return wanted.filter((m) => have.has(m));
}

/** The metric most runs of the study have, from a preference list; else the most common one. */
function pick(runs: readonly RunRecord[], wanted: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const r of runs) for (const m of Object.keys(r.metrics)) counts.set(m, (counts.get(m) ?? 0) + 1);
  const ranked = wanted.filter((m) => counts.has(m)).sort((a, b) => counts.get(b)! - counts.get(a)!);
  return ranked[0] ?? null;
}

/** The throughput and the latency a report leads with: the first of each role among the tools' primary metrics. */
export function keyMetrics(runs: readonly RunRecord[]): { throughput: string | null; latency: string | null } {
  const defaults = defaultMetrics(runs);
  const throughput = defaults.find((d) => d.role === 'throughput')?.metric ?? defaults[0]?.metric
    ?? pick(runs, THROUGHPUT) ?? pick(runs, metricOrder(new Set(runs.flatMap((r) => Object.keys(r.metrics)))));
  const latency = defaults.find((d) => d.role === 'latency')?.metric ?? pick(runs, LATENCY);
  return { throughput, latency: latency === throughput ? null : latency };
}

/** Load generators that keep a fixed number of I/Os or transactions in flight (a closed loop). */
const CLOSED_LOOP_TOOLS = new Set(['fio', 'vdbench', 'iometer', 'diskspd', 'sysbench', 'hammerdb', 'cockroach', 'cosbench']);
/** Parameters that cap the rate (an open loop): there latency is a finding of its own. */
const RATE_LIMITS = ['rate_iops', 'rate', 'iorate', 'rate_iops_min', 'target_rate', 'rate_bytes_s'];

/**
 * Each workload ran a closed loop at one fixed load (queue depth, threads, virtual users): then
 * throughput and latency say the same thing, by Little's law (mean latency = I/Os in flight ÷
 * throughput), and a headline that printed both would state one finding twice.
 */
export function closedLoopAtFixedLoad(runs: readonly RunRecord[]): boolean {
  if (runs.length === 0 || !runs.every((r) => CLOSED_LOOP_TOOLS.has(r.tool))) return false;
  return !runs.some((r) => RATE_LIMITS.some((k) => typeof r.params[k] === 'number' && (r.params[k] as number) > 0));
}

function littlesLawNote(throughput: string, latency: string, locale: 'en' | 'zh-CN'): string {
  const name = (m: string): string => { const i = describeMetric(m); return i ? metricLabel(i, locale) : m; };
  return locale === 'zh-CN'
    ? `在固定队列深度（或线程数）下，${name(throughput)}与${name(latency)}说明的是同一件事（利特尔定律：平均延迟 = 在途请求数 ÷ 吞吐量），因此主要结论只列${name(throughput)}；下表给出两者。`
    : `At a fixed queue depth (or thread count) ${name(throughput)} and ${name(latency)} say the same thing (Little's law: mean latency = requests in flight ÷ throughput), so the headline gives ${name(throughput)} alone; the table gives both.`;
}

export function sweepKey(runs: readonly RunRecord[]): string | null {
  for (const k of SWEEP_KEYS) {
    const values = new Set(runs.map((r) => r.params[k]).filter((v) => typeof v === 'number'));
    if (values.size >= 3) return k;
  }
  return null;
}

/**
 * The load a load generator swept within its configurations (threads, virtual users, I/O depth),
 * three values or more in some configuration: what a sweep headline states peaks over. Observed
 * counts (an AWR report's sessions) are no load anyone set.
 */
export function sweptLoad(runs: readonly RunRecord[]): string | null {
  for (const k of SWEEP_KEYS) {
    const swept = runs.filter((r) => typeof r.params[k] === 'number' && r.errors.length === 0);
    if (swept.length === 0 || !swept.every((r) => CLOSED_LOOP_TOOLS.has(r.tool))) continue;
    const byConfig = new Map<string, Set<number>>();
    for (const r of swept) byConfig.set(r.config, (byConfig.get(r.config) ?? new Set<number>()).add(r.params[k] as number));
    if ([...byConfig.values()].some((v) => v.size >= 3)) return k;
  }
  return null;
}

/** The template that fits the study best, for a first report. */
export function suggestTemplate(core: StudyQueries, study: string): ReportTemplate {
  const s = core.studies().find((x) => x.slug === study)!;
  if (s.periods.length >= 2) return 'before-after';
  const runs = core.runs({ study });
  // Seven clouds swept over threads are a sweep, however many they are: their story is each one's peak (issue 28).
  if (sweepKey(runs) && (s.configs.length <= 3 || sweptLoad(runs) !== null)) return 'sweep';
  return s.configs.length >= 3 ? 'config-matrix' : 'cache-on-off';
}

export interface TemplateResult {
  name: string;
  layout: ReportLayout;
  sections: ReportSection[];
}

export interface TemplateOptions {
  /** The configuration the others are set against; absent: the first configuration imported (never the alphabetically first). */
  baseline?: string;
}

export function buildTemplate(core: TemplateQueries, study: string, template: ReportTemplate, locale: 'en' | 'zh-CN', options: TemplateOptions = {}): TemplateResult {
  const zh = locale === 'zh-CN';
  const summary = core.studies().find((x) => x.slug === study)!;
  const settings = core.settings(study);
  const runs = core.runs({ study }).filter((r) => r.errors.length === 0);
  const label = (m: string): string => { const i = describeMetric(m); return i ? metricLabel(i, locale) : m; };
  const chart = (name: string, spec: ChartSpec): number => core.saveChart(study, name, spec).id;
  const layout: ReportLayout = { title: summary.name, page: 'A4', orientation: 'portrait', convention: settings.convention, locale };
  // The Commentary is the user's: a template leaves it empty (not printed until they write in it),
  // never a generated sentence that would read as theirs.
  const commentary = (): ReportSection => ({ id: id(), type: 'text', title: zh ? '说明' : 'Commentary', markdown: '' });
  const sections: ReportSection[] = [];

  if (template === 'before-after') {
    if (summary.periods.length < 2) throw new Error(zh ? '“前后对比”模板需要两个时间段' : 'the before/after template needs two periods: define them first');
    const baseline = summary.periods.find((p) => /before|pre/i.test(p)) ?? summary.periods[0]!;
    const candidate = summary.periods.find((p) => /after|post/i.test(p) && !/pre/i.test(p)) ?? summary.periods.find((p) => p !== baseline)!;
    const seriesMetrics = core.seriesMetrics(study);
    const metric = SERIES_LATENCY.find((m) => seriesMetrics.includes(m)) ?? seriesMetrics[0];
    if (!metric) throw new Error(zh ? '该研究没有时间序列' : 'the study has no time series to compare periods on');
    const items: HeadlineItem[] = [
      { baseline, candidate, metric, perObjectDay: 'mean' },
      { baseline, candidate, metric, perObjectDay: 'max', label: zh ? `${label(metric)}（窗口内最大值）` : `${label(metric)}, maximum in the window` },
    ];
    sections.push({ id: id(), type: 'headline', items });
    sections.push(commentary());
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(metric)} 随时间变化` : `${label(metric)} over time`, { kind: 'time-series', metric, top: 8 }) });
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(metric)}：${baseline} 与 ${candidate}（按对象）` : `${label(metric)}: ${baseline} and ${candidate} per object`, { kind: 'compare-bars', baseline, candidate, metric }) });
    sections.push({ id: id(), type: 'table', baseline, candidates: [candidate], metrics: [metric] });
    // Each day of both periods: the objects' mean of their daily mean and of their daily maximum.
    sections.push({
      id: id(), type: 'pivot', title: zh ? `${label(metric)}：每天` : `${label(metric)} per day`, source: { kind: 'periods', periods: [baseline, candidate] },
      rows: ['period', 'day'], columns: [], values: [
        { metric, samples: 'mean', label: zh ? '各对象日均值的平均' : 'mean of the objects\' daily means' },
        { metric, samples: 'max', label: zh ? '各对象日最大值的平均' : 'mean of the objects\' daily maxima' },
      ],
    });
    return { name: zh ? '迁移前后' : 'Before and after', layout, sections };
  }

  // The study lists its configurations in import order (their first run's id): the first imported is the default baseline.
  if (options.baseline !== undefined && !summary.configs.includes(options.baseline)) {
    throw new Error(zh ? `基线“${options.baseline}”不是该研究的配置（现有：${summary.configs.join('、')}）` : `the baseline "${options.baseline}" is not a configuration of the study (there are: ${summary.configs.join(', ')})`);
  }
  const baseline = options.baseline ?? summary.configs[0]!;
  const others = summary.configs.filter((c) => c !== baseline);
  // The tools' primary metrics (the dictionary's): sysbench's TPS and p95, fio's IOPS and
  // completion latency, HammerDB's NOPM.
  const { throughput, latency } = keyMetrics(runs);
  if (!throughput) throw new Error(zh ? '该研究没有可对比的指标' : 'the study has no metrics to compare');
  const metrics = [throughput, ...(latency && latency !== throughput ? [latency] : [])];
  // Tables carry bandwidth beside IOPS and latency where the tool's primary metrics have it (fio: IOPS, MiB/s, clat).
  const bandwidth = defaultMetrics(runs).find((d) => d.role === 'throughput' && d.metric.endsWith('bw_mib_s') && d.metric !== throughput)?.metric;
  const tableMetrics = bandwidth ? [throughput, bandwidth, ...metrics.slice(1)] : metrics;

  if (template === 'sweep') {
    const x = sweepKey(runs);
    if (!x) throw new Error(zh ? '没有取值三个以上的扫描参数' : 'no parameter takes three or more values (virtual users, threads, I/O depth, sessions)');
    const load = sweptLoad(runs);
    if (load) {
      // Each configuration's peak, the latency there and "stable up to" (sweep-headline.ts); the
      // geometric mean over the sweep follows as a secondary figure, labelled so. One
      // configuration swept (one disk across I/O depths) gets its peaks, no ratios.
      const short = label(throughput).length > 12 ? (describeMetric(throughput)?.unit ?? label(throughput)) : label(throughput);
      const secondary = zh ? `${short}，整个扫描的几何平均（次要）` : `${short}, geometric mean over the sweep (secondary)`;
      sections.push({
        id: id(), type: 'headline', items: others.map((c) => ({ baseline, candidate: c, metric: throughput, label: secondary })),
        sweep: { x: load, metric: throughput, ...(latency ? { latency: sweepLatencyMetric(runs, latency) ?? latency } : {}), baseline },
      });
    } else if (others.length > 0) {
      sections.push({ id: id(), type: 'headline', items: others.flatMap((c) => metrics.map((m) => ({ baseline, candidate: c, metric: m }))) });
    }
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)} 随 ${x} 变化` : `${label(throughput)} against ${x}`, { kind: 'scaling', x, metric: throughput, workload: '*' }) });
    // Only where the sweep measured latency (HammerDB's result lines carry none).
    if (latency && scalingCurves({ runs, x, metric: latency }).series.length > 0) {
      sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(latency)} 随 ${x} 变化` : `${label(latency)} against ${x}`, { kind: 'scaling', x, metric: latency, workload: '*' }) });
    }
    sections.push(commentary());
    // A pair per load, candidate and metric: for seven configurations over seven loads that is 84
    // pairs and fourteen pages no manager reads. Beyond two candidates the peaks and the values
    // tables tell it; the Compare view and the XLSX keep every pair.
    if (others.length > 0 && (!load || others.length <= 2)) sections.push({ id: id(), type: 'table', baseline, candidates: others, metrics: tableMetrics });
    // Per workload, not per value of the swept parameter alone: a sweep over block sizes and depths must not average block sizes together.
    const shown = [baseline, ...others];
    if (load && shown.length > 6) {
      // Many configurations: a table per metric, one figure a cell, every configuration a column (up to eight fit a page).
      // Medians, as the peaks are: the table must not print 1,393 beside a headline's 1,396.
      for (const m of tableMetrics) {
        sections.push(valuesTable(zh ? `${label(m)}：各负载的数值` : `${label(m)} per workload`, ['workload'], ['config'], [{ metric: m, statistic: 'median', label: shortMetricLabel(m, locale) }], { config: shown.slice(0, 8) }));
      }
    } else {
      sections.push(valuesTable(zh ? '各负载的数值' : 'Values per workload', ['workload'], ['config'], tableMetrics.map((m) => ({ metric: m })), { config: shown.slice(0, 6) }));
    }
    return { name: zh ? '扫描' : 'Sweep', layout, sections };
  }

  if (summary.configs.length < 2) throw new Error(zh ? '至少需要两个配置' : 'this template needs at least two configurations');

  // An AWR study: its load, top waits and largest movers (awr-headlines.ts).
  if (isAwrStudy(runs)) {
    const awr = awrTemplate(runs, { baseline, candidate: others[0]!, keys: settings.pairing_keys, layout, saveChart: (name, metric) => chart(name, { kind: 'compare-bars', baseline, candidate: others[0]!, metric }) });
    if (awr) return awr;
  }

  if (template === 'config-matrix') {
    // Only configurations that share workloads with the baseline (production statistics beside
    // a test grid share none).
    const all = core.compare({ study, baseline, candidates: others, metrics: [throughput] });
    const paired = others.filter((c) => all.rollup.some((r) => r.candidate === c && r.pairs > 0));
    sections.push({ id: id(), type: 'headline', items: paired.map((c) => ({ baseline, candidate: c, metric: throughput })) });
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)} 加速比（相对 ${baseline}）` : `${label(throughput)} speedup against ${baseline}`, { kind: 'speedup-heatmap', baseline, metric: throughput }) });
    const first = paired[0] ?? others[0]!;
    sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)}：${baseline} 与 ${first}` : `${label(throughput)}: ${baseline} and ${first}`, { kind: 'compare-bars', baseline, candidate: first, metric: throughput }) });
    sections.push(commentary());
    sections.push({ id: id(), type: 'table', baseline, candidates: paired.length ? paired : others, metrics: tableMetrics });
    // The values of the baseline and up to five configurations beside it (a page holds six
    // columns), paired or not: values need no pair. Any beyond are named under the table.
    sections.push(valuesTable(zh ? '各配置的数值' : 'Values per configuration', ['workload'], ['config'], tableMetrics.map((m) => ({ metric: m })), { config: [baseline, ...paired, ...others.filter((c) => !paired.includes(c))].slice(0, 6) }));
    return { name: zh ? '配置矩阵' : 'Configuration matrix', layout, sections };
  }

  // cache-on-off: two configurations; the table gives every key metric, the headline one finding.
  const candidate = others[0]!;
  const littlesLaw = latency !== null && closedLoopAtFixedLoad(runs);
  sections.push({ id: id(), type: 'headline', items: (littlesLaw ? [throughput] : metrics).map((m) => ({ baseline, candidate, metric: m })) });
  sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)}：${baseline} 与 ${candidate}` : `${label(throughput)}: ${baseline} and ${candidate}`, { kind: 'compare-bars', baseline, candidate, metric: throughput }) });
  sections.push({ id: id(), type: 'chart', chart: chart(zh ? `${label(throughput)}（相对 ${baseline}）` : `${label(throughput)} relative to ${baseline}`, { kind: 'compare-bars', baseline, candidate, metric: throughput, normalised: true }) });
  // Why the headline gives one figure: PerfDelta's note, under a title that says so, not the user's commentary.
  if (littlesLaw) sections.push({ id: id(), type: 'text', title: zh ? '关于主要结论' : 'About the headline', markdown: littlesLawNote(throughput, latency!, locale) });
  sections.push(commentary());
  sections.push({ id: id(), type: 'table', baseline, candidates: [candidate], metrics: present(runs, tableMetrics) });
  sections.push(valuesTable(zh ? '两个配置的数值' : 'Values of both configurations', ['workload'], ['config'], present(runs, tableMetrics).map((m) => ({ metric: m })), { config: [baseline, candidate] }));
  return { name: zh ? `${candidate} 与 ${baseline}` : `${candidate} against ${baseline}`, layout, sections };
}

/**
 * The chart the builder starts from: periods give the metric over time, a sweep its curve, three
 * or more configurations the speedup heat map, two the bars side by side.
 */
export function proposeChart(core: StudyQueries, study: string): ChartSpec {
  const summary = core.studies().find((x) => x.slug === study);
  if (!summary) throw new Error(`no study "${study}"`);
  const runs = core.runs({ study }).filter((r) => r.errors.length === 0);
  const seriesMetrics = core.seriesMetrics(study);
  if (summary.periods.length >= 2 && seriesMetrics.length > 0) {
    return { kind: 'time-series', metric: SERIES_LATENCY.find((m) => seriesMetrics.includes(m)) ?? seriesMetrics[0]!, top: 8 };
  }
  const throughput = keyMetrics(runs).throughput;
  if (!throughput) {
    if (seriesMetrics.length > 0) return { kind: 'time-series', metric: seriesMetrics[0]!, top: 8 };
    throw new Error('the study has no metrics to chart yet: import some results');
  }
  const x = sweepKey(runs);
  if (x && summary.configs.length <= 3) return { kind: 'scaling', x, metric: throughput };
  const [baseline, candidate] = summary.configs;
  if (summary.configs.length >= 3) return { kind: 'speedup-heatmap', baseline: baseline!, metric: throughput };
  if (candidate) return { kind: 'compare-bars', baseline: baseline!, candidate, metric: throughput };
  return x ? { kind: 'scaling', x, metric: throughput } : { kind: 'scaling', x: 'bs', metric: throughput };
}
