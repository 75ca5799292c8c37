/**
 * Pairing runs of two configurations by what they ran, never by file order or name.
 * Two runs are "the same workload" when every pairing key parameter is equal; runs of the
 * same workload in one configuration are repetitions of it.
 */
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { pluralWord } from '../plural.js';

/** The parameters that define a workload by default. Host, engine and file names do not. */
/**
 * `workload`, `test`, `benchmark` and `stage` name what ran for tools that have no block size (CockroachDB bank vs ycsb, sysbench oltp_read_write, HammerDB TPROC-C vs -H, a COSBench stage);
 * `work` is which work of a COSBench stage of several (two works of one object size are still two workloads).
 * `report` and `inst_num` are an AWR report's identity: its kind (awrrpt instance report,
 * awrgrpt RAC global report) and the instance it reports. A node's report pairs with the same
 * node's, a global report with a global one; leaving `inst_num` out pairs different instances,
 * with a warning naming both (instances.ts).
 */
export const DEFAULT_PAIRING_KEYS = ['workload', 'test', 'benchmark', 'stage', 'work', 'bs', 'bssplit', 'pattern', 'read_pct', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'report', 'inst_num'] as const;

/**
 * Parameters a tool observed rather than set: the session count an AWR report prints at its end
 * snapshot (139 on one node, 140 on the other) says how busy the instance was, not what
 * workload ran. They never pair runs (they can still be a Scaling axis).
 */
const OBSERVED: Record<string, readonly string[]> = { 'oracle-awr': ['sessions'], 'oracle-statspack': ['sessions'] };

export interface Workload {
  key: string;
  label: string;
  params: Record<string, ParamValue>;
  runs: RunRecord[];
}

export function workloadParams(run: Pick<RunRecord, 'params'> & { tool?: string }, keys: readonly string[]): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  const observed = run.tool ? OBSERVED[run.tool] : undefined;
  for (const k of keys) if (run.params[k] !== undefined && !observed?.includes(k)) out[k] = run.params[k]!;
  return out;
}

/** How an AWR report kind reads in a workload label. */
const REPORT_KINDS: Record<string, [string, string]> = {
  awrrpt: ['', ''], awrgrpt: ['RAC global', 'RAC 全局'], awrsqrpt: ['SQL report', 'SQL 报告'], awrddrpt: ['compare periods', '时段对比'], statspack: ['', ''],
};

export function workloadKey(params: Record<string, ParamValue>, keys: readonly string[]): string {
  return JSON.stringify(keys.map((k) => params[k] ?? null));
}

/** "4K", "128K", "1M": block sizes as storage engineers write them. */
export function formatBlockSize(bytes: number): string {
  const units: Array<[number, string]> = [[1 << 30, 'G'], [1 << 20, 'M'], [1 << 10, 'K']];
  for (const [size, unit] of units) if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}B`;
}

/** Parameters every label above words itself, or deliberately leaves out (a HammerDB run's benchmark). */
const LABELLED = new Set<string>([...DEFAULT_PAIRING_KEYS, 'rw', 'ioengine', 'direct', 'target']);

/** A workload's parameters that no tool sets: the user's own (path parameters), in natural order. */
function userParams(params: Record<string, ParamValue>): string[] {
  return Object.keys(params).filter((k) => !LABELLED.has(k)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * A short label such as "4K random read QD16 ×4" or "128K seq 70/30 QD1 ×1"; in Chinese
 * "4K 随机读 QD16 ×4". The English label also names the workload in saved charts and headlines;
 * the Chinese one is only shown.
 */
export function workloadLabel(params: Record<string, ParamValue>, locale: 'en' | 'zh-CN' = 'en'): string {
  const zh = locale === 'zh-CN';
  const parts: string[] = [];
  for (const k of ['workload', 'test', 'stage']) if (params[k] !== undefined) parts.push(String(params[k]));
  if (params['work'] !== undefined) parts.push(`${zh ? '工作' : 'work'} ${String(params['work'])}`);
  // A parameter the user defined (read from file paths: ranges=short) names the workload too, so
  // two workloads never share a label ("oltp 1 thread" twice).
  for (const k of userParams(params)) parts.push(`${k}=${String(params[k])}`);
  if (typeof params['bs'] === 'number') parts.push(formatBlockSize(params['bs']));
  else if (params['bssplit']) parts.push(`bssplit ${String(params['bssplit'])}`);
  const pattern = params['pattern'] === undefined || params['pattern'] === '' ? '' : String(params['pattern']);
  const shownPattern = zh ? ({ random: '随机', sequential: '顺序', mixed: '混合' } as Record<string, string>)[pattern] ?? pattern
    : pattern === 'sequential' ? 'seq' : pattern;
  const read = params['read_pct'];
  const mix = read === 100 ? (zh ? '读' : 'read') : read === 0 ? (zh ? '写' : 'write') : typeof read === 'number' ? `${read}/${100 - read}` : '';
  // "随机读" is one word in Chinese; "random read" two in English.
  if (zh && shownPattern && (read === 100 || read === 0)) parts.push(shownPattern + mix);
  else parts.push(...[shownPattern, mix].filter(Boolean));
  if (params['iodepth'] !== undefined) parts.push(`QD${String(params['iodepth'])}`);
  if (params['numjobs'] !== undefined) parts.push(`×${String(params['numjobs'])}`);
  // "1 thread", "64 threads" (English plural rules; Chinese has one form).
  const counted = (v: ParamValue, one: string, zhWord: string): string => (zh ? `${String(v)} ${zhWord}` : `${String(v)} ${typeof v === 'number' ? pluralWord(v, one) : `${one}s`}`);
  if (params['threads'] !== undefined) parts.push(counted(params['threads'], 'thread', '线程'));
  if (params['vus'] !== undefined) parts.push(`${String(params['vus'])} VU`);
  if (params['sessions'] !== undefined) parts.push(counted(params['sessions'], 'session', '会话'));
  if (params['report'] !== undefined) {
    const kind = REPORT_KINDS[String(params['report'])]?.[zh ? 1 : 0] ?? String(params['report']);
    if (kind) parts.push(kind);
  }
  if (params['inst_num'] !== undefined) parts.push(zh ? `实例 ${String(params['inst_num'])}` : `instance ${String(params['inst_num'])}`);
  for (const k of ['rw', 'ioengine', 'direct', 'target']) if (params[k] !== undefined) parts.push(`${k}=${String(params[k])}`);
  return parts.join(' ') || (zh ? '全部运行' : 'all runs');
}

/**
 * Does a workload label name the workload a saved report asked for? Labels said "1 threads" and
 * "1 sessions" before they followed English plural rules: a report saved then still finds its pair.
 */
export function sameWorkload(label: string, wanted: string): boolean {
  return label === wanted || label.replace(/\b1 (thread|session)\b/g, '1 $1s') === wanted;
}

/** Groups runs into workloads, in the order they first appear. */
export function groupWorkloads(runs: readonly RunRecord[], keys: readonly string[]): Map<string, Workload> {
  const out = new Map<string, Workload>();
  for (const run of runs) {
    const params = workloadParams(run, keys);
    const key = workloadKey(params, keys);
    let w = out.get(key);
    if (!w) out.set(key, (w = { key, label: workloadLabel(params), params, runs: [] }));
    w.runs.push(run);
  }
  return out;
}

/** Orders workloads the way a reader scans a grid: block size, then pattern, mix, depth, jobs. */
export function compareWorkloads(a: Record<string, ParamValue>, b: Record<string, ParamValue>): number {
  // The user's own parameters (ranges=short) after what names the workload, before its size and load.
  const mine = [...new Set([...userParams(a), ...userParams(b)])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const order = ['workload', 'test', 'benchmark', 'stage', 'work', ...mine, 'bs', 'pattern', 'read_pct', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'report', 'inst_num'];
  for (const k of order) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (k === 'read_pct' && typeof x === 'number' && typeof y === 'number') return y - x; // reads first
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y), 'en', { numeric: true });
  }
  return 0;
}
