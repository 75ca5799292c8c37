/**
 * A study's design, worked out from its runs: which parameters are configuration factors (one
 * value per configuration), which are the workload's shape (block size, pattern, mix, test, a
 * parameter read from file names), which is a swept load (threads, I/O depth, jobs, virtual
 * users, sessions; block size when it is the only ordered parameter that varies), how many runs
 * each point has, and which metric binds where (bandwidth for large blocks, IOPS for small, the
 * tool's transactions for a database). The first page of a report states it in one sentence:
 * "4 configurations × 7 block sizes, one run each, random write at depth 16 × 16 jobs".
 */
import type { DesignFactor, ParamValue, RunRecord, StudyDesign } from '../../contract/records.js';
import { compareWorkloads, formatBlockSize, groupWorkloads, workloadLabel, workloadParams } from '../compare/pairing.js';
import { defaultMetrics } from '../metrics/default-metrics.js';
import { SWEPT_LOADS } from '../study-defaults.js';

type Locale = 'en' | 'zh-CN';

/** Load generators that keep a fixed number of I/Os or transactions in flight (a closed loop): their load is one someone set. */
export const CLOSED_LOOP_TOOLS = new Set(['fio', 'vdbench', 'iometer', 'diskspd', 'sysbench', 'hammerdb', 'cockroach', 'cosbench']);

/** From this block size on, a storage workload is told by its bandwidth; below it, by its IOPS. */
export const BANDWIDTH_FROM_BYTES = 128 * 1024;

/** Parameter values in their natural order: numbers by value, words as people sort them ("run2" before "run10"). */
export function compareParamValues(a: ParamValue, b: ParamValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * Runs as a reader scans them: by configuration (in the order given), then by workload in its
 * natural order (4K, 8K … 128K, 256K; 1 to 256 threads), then as imported. Files named
 * `..._128k.json` import before `..._16k.json`; a listing must not read in that order.
 */
export function inWorkloadOrder<R extends Pick<RunRecord, 'id' | 'config' | 'params'>>(runs: readonly R[], configs: readonly string[] = []): R[] {
  const at = (c: string): number => { const i = configs.indexOf(c); return i < 0 ? configs.length : i; };
  return [...runs].sort((a, b) => at(a.config) - at(b.config) || a.config.localeCompare(b.config) || compareWorkloads(a.params, b.params) || a.id - b.id);
}

/** A value as a reader writes it: block sizes as sizes (4K, 1M), the rest as stored. */
export function shownValue(key: string, value: ParamValue): string {
  return key === 'bs' && typeof value === 'number' ? formatBlockSize(value) : String(value);
}

function valuesOf(runs: readonly RunRecord[], key: string): ParamValue[] {
  const seen = new Map<string, ParamValue>();
  for (const r of runs) {
    const v = r.params[key];
    if (v !== undefined && v !== '') seen.set(`${typeof v}:${String(v)}`, v);
  }
  return [...seen.values()].sort(compareParamValues);
}

/**
 * The load swept within configurations: a load parameter of a closed-loop tool with three values
 * or more in some configuration. Observed counts (an AWR report's sessions) are no load anyone set.
 */
export function sweptLoad(runs: readonly RunRecord[]): string | null {
  for (const k of SWEPT_LOADS) {
    const swept = runs.filter((r) => typeof r.params[k] === 'number' && r.errors.length === 0);
    if (swept.length === 0 || !swept.every((r) => CLOSED_LOOP_TOOLS.has(r.tool))) continue;
    const byConfig = new Map<string, Set<number>>();
    for (const r of swept) byConfig.set(r.config, (byConfig.get(r.config) ?? new Set<number>()).add(r.params[k] as number));
    if ([...byConfig.values()].some((v) => v.size >= 3)) return k;
  }
  return null;
}

/** Ordered parameters: loads, and block size. */
const ORDERED = [...SWEPT_LOADS, 'bs'];

/**
 * The metric that binds for one workload: a storage tool's bandwidth from 128K blocks on, its
 * IOPS below (a volume's limit is in IOPS for small blocks, in MiB/s for large ones); otherwise
 * the tool's primary throughput (TPS, NOPM, ops/s). Null when the runs have neither.
 */
export function bindingMetric(runs: ReadonlyArray<Pick<RunRecord, 'tool' | 'metrics' | 'params' | 'tables'>>): string | null {
  const has = (m: string): boolean => runs.some((r) => r.metrics[m] !== undefined);
  const bs = runs.map((r) => r.params['bs']).find((v): v is number => typeof v === 'number');
  if (bs !== undefined && has('total.iops') && has('total.bw_mib_s')) return bs >= BANDWIDTH_FROM_BYTES ? 'total.bw_mib_s' : 'total.iops';
  const defaults = defaultMetrics(runs);
  return (defaults.find((d) => d.role === 'throughput') ?? defaults[0])?.metric ?? null;
}

/** The rule `bindingMetric` follows, in words. */
export function bindingRule(locale: Locale): string {
  return locale === 'zh-CN'
    ? `存储负载：块大小不小于 ${formatBlockSize(BANDWIDTH_FROM_BYTES)} 时按带宽判断，更小的块按 IOPS；数据库负载按工具的主要吞吐量（TPS、NOPM）。`
    : `Storage workloads are read on bandwidth from ${formatBlockSize(BANDWIDTH_FROM_BYTES)} blocks up and on IOPS below; database workloads on the tool's primary throughput (TPS, NOPM).`;
}

// ---- the sentence ----------------------------------------------------------------------------

const NOUNS: Record<string, [string, string, string]> = {
  bs: ['block size', 'block sizes', '种块大小'],
  threads: ['thread count', 'thread counts', '种线程数'],
  vus: ['virtual-user count', 'virtual-user counts', '种虚拟用户数'],
  sessions: ['session count', 'session counts', '种会话数'],
  iodepth: ['I/O depth', 'I/O depths', '种队列深度'],
  numjobs: ['job count', 'job counts', '种作业数'],
  pattern: ['pattern', 'patterns', '种访问模式'],
  read_pct: ['read mix', 'read mixes', '种读写比'],
  test: ['test', 'tests', '种测试'],
  workload: ['workload', 'workloads', '种负载'],
  benchmark: ['benchmark', 'benchmarks', '种基准'],
  stage: ['stage', 'stages', '个阶段'],
};

function factorWords(f: DesignFactor, locale: Locale): string {
  const n = f.values.length;
  const nouns = NOUNS[f.key];
  // Few words are worth naming: "2 variant values (long, short)".
  const named = n <= 4 && f.values.some((v) => typeof v !== 'number') ? ` (${f.values.map((v) => shownValue(f.key, v)).join(locale === 'zh-CN' ? '、' : ', ')})` : '';
  // A parameter with no noun of its own (a path parameter) is named by its values: "ranges (long, short)".
  if (!nouns && named) return `${f.key}${named}`;
  if (locale === 'zh-CN') return `${n} ${nouns ? nouns[2] : `种 ${f.key} 取值`}${named}`;
  return `${n} ${nouns ? (n === 1 ? nouns[0] : nouns[1]) : `${f.key} value${n === 1 ? '' : 's'}`}${named}`;
}

/** What was held fixed, as an engineer says it: "random write at depth 16 × 16 jobs", "oltp at 8 threads". */
export function fixedWords(fixed: Readonly<Record<string, ParamValue>>, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const what: Record<string, ParamValue> = {};
  for (const k of ['workload', 'test', 'benchmark', 'stage', 'bs', 'pattern', 'read_pct']) if (fixed[k] !== undefined) what[k] = fixed[k]!;
  const shape = Object.keys(what).length ? workloadLabel(what, locale) : '';
  const at: string[] = [];
  const count = (k: string, one: string, many: string, zhWord: string): void => {
    const v = fixed[k];
    if (v === undefined) return;
    at.push(zh ? `${String(v)} ${zhWord}` : `${String(v)} ${v === 1 ? one : many}`);
  };
  if (fixed['iodepth'] !== undefined) at.push(zh ? `队列深度 ${String(fixed['iodepth'])}` : `depth ${String(fixed['iodepth'])}`);
  count('numjobs', 'job', 'jobs', '个作业');
  count('threads', 'thread', 'threads', '线程');
  count('vus', 'virtual user', 'virtual users', '虚拟用户');
  count('sessions', 'session', 'sessions', '会话');
  if (at.length === 0) return shape;
  const load = at.join(' × ');
  if (!shape) return zh ? load : `at ${load}`;
  return zh ? `${shape}，${load}` : `${shape} at ${load}`;
}

function repetitionWords(min: number, max: number, locale: Locale): string {
  if (locale === 'zh-CN') return min === max ? `每点 ${min} 次运行` : `每点 ${min} 至 ${max} 次运行`;
  if (min === max) return min === 1 ? 'one run each' : `${min} runs each`;
  return `${min} to ${max} runs each`;
}

// ---- the design --------------------------------------------------------------------------------

export interface DesignInput {
  runs: readonly RunRecord[];
  /** The configurations in import order (the study's). */
  configs: readonly string[];
  /** The parameters that make "the same workload" (the study's pairing keys, path parameters among them). */
  keys: readonly string[];
  locale: Locale;
}

/** The design of a study from its runs (without errors): factors, load, repetitions and the sentence. */
export function studyDesign(input: DesignInput): StudyDesign {
  const runs = input.runs.filter((r) => r.errors.length === 0);
  const present = input.configs.filter((c) => runs.some((r) => r.config === c));
  const configs = present.length ? present : [...new Set(runs.map((r) => r.config))];
  const byConfig = new Map<string, RunRecord[]>();
  for (const r of runs) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), r]);
  // Only parameters that pair (the study's keys): host, engine and file names do not make a workload.
  const keys = input.keys.filter((k) => runs.some((r) => workloadParams(r, input.keys)[k] !== undefined));

  const shape: DesignFactor[] = [];
  const configParams: DesignFactor[] = [];
  const fixed: Record<string, ParamValue> = {};
  for (const k of keys) {
    const all = valuesOf(runs, k);
    if (all.length === 0) continue;
    const within = [...byConfig.values()].some((rs) => valuesOf(rs, k).length >= 2);
    if (within) shape.push({ key: k, values: all });
    else if (all.length >= 2) configParams.push({ key: k, values: all });
    else if (runs.every((r) => r.params[k] !== undefined)) fixed[k] = all[0]!;
  }
  const loadKey = sweptLoad(runs);
  const load = loadKey ? shape.find((f) => f.key === loadKey) ?? null : null;
  const orderedVarying = shape.filter((f) => ORDERED.includes(f.key) && f.values.every((v) => typeof v === 'number'));
  const axis = load ? load.key : orderedVarying.length === 1 ? orderedVarying[0]!.key : null;

  // Runs per point: per configuration and workload under the keys.
  let min = Infinity;
  let max = 0;
  let points = 0;
  for (const rs of byConfig.values()) {
    for (const w of groupWorkloads(rs, input.keys).values()) {
      min = Math.min(min, w.runs.length);
      max = Math.max(max, w.runs.length);
      points++;
    }
  }
  if (points === 0) min = 0;

  // The axis last (it is what each line runs along), the other shape factors before it.
  const ordered = (fs: readonly DesignFactor[]): DesignFactor[] => [...fs.filter((f) => f.key !== axis), ...fs.filter((f) => f.key === axis)];
  const zh = input.locale === 'zh-CN';
  const head = zh ? `${configs.length} 个配置` : `${configs.length} configuration${configs.length === 1 ? '' : 's'}`;
  const tools = [...new Set(runs.map((r) => r.tool))];
  let sentence: string;
  if (tools.length > 1) {
    // Several tools (CockroachDB workloads, COSBench stages, a HammerDB sweep): their factors do
    // not cross, so each tool's are said apart rather than multiplied together.
    const perTool = tools.map((tool) => {
      const mine = runs.filter((r) => r.tool === tool);
      const fs = ordered(shape.map((f) => ({ key: f.key, values: valuesOf(mine, f.key) })).filter((f) => f.values.length >= 2));
      return `${tool}: ${fs.length ? fs.map((f) => factorWords(f, input.locale)).join(' × ') : (zh ? '一种负载' : 'one workload')}`;
    });
    sentence = [head, ...(points > 0 ? [repetitionWords(min, max, input.locale)] : [])].join(zh ? '，' : ', ') + (zh ? '；' : '; ') + perTool.join(zh ? '；' : '; ');
  } else {
    const parts = [[head, ...ordered(shape).map((f) => factorWords(f, input.locale))].join(' × ')];
    if (points > 0) parts.push(repetitionWords(min, max, input.locale));
    const held = fixedWords(fixed, input.locale);
    if (held) parts.push(held);
    sentence = parts.join(zh ? '，' : ', ');
  }

  // The binding metric per workload family (the workload without its load).
  const binding: StudyDesign['binding'] = [];
  const familyKeys = input.keys.filter((k) => k !== (load?.key ?? ''));
  for (const w of groupWorkloads(runs, familyKeys).values()) {
    const metric = bindingMetric(w.runs);
    if (metric) binding.push({ workload: w.label, metric });
  }
  return {
    configs, config_params: configParams, shape, load, axis, fixed,
    runs_per_point: { min: Number.isFinite(min) ? min : 0, max }, points, sentence, binding, binding_rule: bindingRule(input.locale),
  };
}
