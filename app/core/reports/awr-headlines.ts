/**
 * The default report of an AWR study: what a DBA reads first. Its headline is the load (IOPS,
 * physical reads and writes per second, transactions per second: what the database did,
 * stated as a change), the average waits of the top wait events, and the wait events whose
 * average moved most, each in its honest colour (a volume is neutral, a wait better or worse:
 * the pair's verdict). Before this, an AWR study's headline was "DB time 1.00x lower" in green
 * and none of the IOPS drop or the read wait halving (issue 29).
 *
 * The workload headlined is the RAC global report where both sides have one (the cluster's
 * figures), else the first report kind and instance both sides share.
 */
import { randomUUID } from 'node:crypto';
import type { HeadlineItem, ReportLayout, ReportSection, RunRecord } from '../../contract/records.js';
import { groupWorkloads } from '../compare/pairing.js';
import { snakeKey } from '../../../importers/awr/names.js';
import { isIdleEvent } from '../../../importers/awr/idle-events.js';

const AWR_TOOLS = new Set(['oracle-awr', 'oracle-statspack']);

/** A study is an AWR study when most of its runs are AWR or STATSPACK reports. */
export function isAwrStudy(runs: readonly RunRecord[]): boolean {
  return runs.length > 0 && runs.filter((r) => AWR_TOOLS.has(r.tool)).length * 2 > runs.length;
}

/** The load, in order: the first name of each row both sides have. */
const LOAD: ReadonlyArray<{ names: string[]; en: string; zh: string }> = [
  { names: ['io.total_iops'], en: 'I/O requests per second (IOPS)', zh: '每秒 I/O 请求（IOPS）' },
  { names: ['load.physical_reads_per_s', 'load.physical_read_blocks_per_s'], en: 'Physical reads per second', zh: '每秒物理读' },
  { names: ['load.physical_writes_per_s', 'load.physical_write_blocks_per_s'], en: 'Physical writes per second', zh: '每秒物理写' },
  { names: ['load.transactions_per_s', 'load.txns_per_s'], en: 'Transactions per second', zh: '每秒事务数' },
];

/** How many top waits and movers the headline names. */
const TOP_WAITS = 3;
const MOVERS = 2;
/** An event below this share of DB time on both sides is too small to headline as a mover. */
const MOVER_MIN_PCT = 0.5;
/** A mover's average changed at least this much (either way). */
const MOVER_MIN_RATIO = 1.2;

interface EventRow { name: string; time_s: number | null; avg_ms: number | null; pct_db_time?: number | null; idle?: true; wait_class?: string | null }

/** A report's non-idle foreground events (the full list, else the top list), busiest first. */
function busyEvents(run: RunRecord): EventRow[] {
  const fg = run.tables['foreground_events'] as EventRow[] | undefined;
  const rows = fg && fg.length > 0 ? fg : ((run.tables['top_events'] as EventRow[] | undefined) ?? []);
  return rows
    .filter((e) => !e.idle && !isIdleEvent(e.name, e.wait_class) && !/^(db cpu|cpu time)$/i.test(e.name) && (e.time_s ?? 0) > 0)
    .sort((a, b) => (b.time_s ?? 0) - (a.time_s ?? 0));
}

export interface AwrHeadlinePlan {
  workload: string | null;
  items: HeadlineItem[];
  /** The busiest wait of the baseline, for the report's chart. */
  topWait: string | null;
}

/** The headline items for baseline against candidate, from the runs of the headlined workload. */
export function awrHeadline(runs: readonly RunRecord[], baseline: string, candidate: string, keys: readonly string[], locale: 'en' | 'zh-CN'): AwrHeadlinePlan {
  const zh = locale === 'zh-CN';
  const base = groupWorkloads(runs.filter((r) => r.config === baseline && AWR_TOOLS.has(r.tool)), keys);
  const cand = groupWorkloads(runs.filter((r) => r.config === candidate && AWR_TOOLS.has(r.tool)), keys);
  const shared = [...base.values()].filter((w) => cand.has(w.key));
  const chosen = shared.find((w) => w.params['report'] === 'awrgrpt') ?? shared[0];
  if (!chosen) return { workload: null, items: [], topWait: null };
  const b = chosen.runs[0]!;
  const c = cand.get(chosen.key)!.runs[0]!;
  const workload = chosen.label;
  const both = (m: string): boolean => b.metrics[m] !== undefined && c.metrics[m] !== undefined;
  const item = (metric: string, label: string): HeadlineItem => ({ baseline, candidate, metric, workload, label });

  const items: HeadlineItem[] = [];
  for (const row of LOAD) {
    const metric = row.names.find(both);
    if (metric) items.push(item(metric, zh ? row.zh : row.en));
  }

  const avgKey = (event: string): string => `wait.${snakeKey(event)}.avg_ms`;
  const baseEvents = busyEvents(b);
  const candEvents = busyEvents(c);
  const top: string[] = [];
  for (const e of [...baseEvents.slice(0, TOP_WAITS), ...candEvents.slice(0, 1)]) {
    if (!top.includes(e.name) && both(avgKey(e.name))) top.push(e.name);
  }
  for (const event of top) items.push(item(avgKey(event), zh ? `${event} 平均等待` : `${event}: average wait`));

  const candBy = new Map(candEvents.map((e) => [e.name, e]));
  const movers = baseEvents
    .filter((e) => !top.includes(e.name) && candBy.has(e.name) && both(avgKey(e.name)))
    .filter((e) => Math.max(e.pct_db_time ?? 0, candBy.get(e.name)!.pct_db_time ?? 0) >= MOVER_MIN_PCT)
    .map((e) => ({ event: e.name, ratio: c.metrics[avgKey(e.name)]! / b.metrics[avgKey(e.name)]! }))
    .filter((m) => m.ratio > 0 && Math.max(m.ratio, 1 / m.ratio) >= MOVER_MIN_RATIO)
    .sort((x, y) => Math.abs(Math.log(y.ratio)) - Math.abs(Math.log(x.ratio)))
    .slice(0, MOVERS);
  for (const m of movers) items.push(item(avgKey(m.event), zh ? `${m.event} 平均等待（变化最大）` : `${m.event}: average wait, among the largest movers`));
  return { workload, items, topWait: top[0] ?? null };
}

export interface AwrTemplateContext {
  baseline: string;
  candidate: string;
  keys: readonly string[];
  layout: ReportLayout;
  saveChart(name: string, metric: string): number;
}

/** The AWR study's first report: the headline above, the top wait's chart, the figures in a table. */
export function awrTemplate(runs: readonly RunRecord[], ctx: AwrTemplateContext): { name: string; layout: ReportLayout; sections: ReportSection[] } | null {
  const zh = ctx.layout.locale === 'zh-CN';
  const plan = awrHeadline(runs, ctx.baseline, ctx.candidate, ctx.keys, ctx.layout.locale);
  if (plan.items.length === 0) return null;
  const id = (): string => randomUUID().slice(0, 8);
  const sections: ReportSection[] = [{ id: id(), type: 'headline', items: plan.items }];
  sections.push({
    // PerfDelta's note on reading the figures, titled as such; the Commentary below is the user's, empty until they write.
    id: id(), type: 'text', title: zh ? '关于这些数字' : 'About these figures',
    markdown: zh
      ? `${ctx.candidate} 与 ${ctx.baseline} 对比（${plan.workload}）。负载（IOPS、每秒物理读写、每秒事务）是数据库所做的工作，只陈述其变化；空闲等待事件不参与排名。`
      : `${ctx.candidate} against ${ctx.baseline} (${plan.workload}). The load (IOPS, physical reads and writes, transactions per second) is what the database did: its change is stated, not judged. Idle wait events are left out of the rankings.`,
  });
  sections.push({ id: id(), type: 'text', title: zh ? '说明' : 'Commentary', markdown: '' });
  if (plan.topWait) {
    const metric = `wait.${snakeKey(plan.topWait)}.avg_ms`;
    sections.push({ id: id(), type: 'chart', chart: ctx.saveChart(zh ? `${plan.topWait} 平均等待：${ctx.baseline} 与 ${ctx.candidate}` : `${plan.topWait} average wait: ${ctx.baseline} and ${ctx.candidate}`, metric) });
  }
  sections.push({ id: id(), type: 'table', title: zh ? '负载与等待' : 'Load and waits', baseline: ctx.baseline, candidates: [ctx.candidate], metrics: [...new Set(plan.items.map((i) => i.metric))] });
  return { name: zh ? `${ctx.candidate} 与 ${ctx.baseline}` : `${ctx.candidate} against ${ctx.baseline}`, layout: ctx.layout, sections };
}
