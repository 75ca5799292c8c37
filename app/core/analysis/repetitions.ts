/**
 * Repetitions are checked before they are folded. Runs that pair as repetitions of one workload
 * (same configuration, same pairing parameters) are compared with each other first: where they
 * disagree by more than run-to-run noise allows (a short-range and a long-range sysbench run,
 * 4,255 and 13,708 TPS, that only their file names tell apart), their median is no figure of
 * anything. PerfDelta then names the runs, finds what tells them apart (discriminators.ts) and
 * proposes it as a parameter, and every view says the values are not repetitions until then.
 *
 * Runs of one configuration that ran on different things (fio's `filename`, a host, a server
 * version) are proposed as configurations of their own, whether or not their figures differ.
 */
import type { CompareWarning, ConfigProposal, DisagreeingRepetitions, RepetitionCheck, RunRecord } from '../../contract/records.js';
import { groupWorkloads } from '../compare/pairing.js';
import { formatNumber } from '../metrics/number-format.js';
import { describeMetric } from '../metrics/dictionary.js';
import { bindingMetric, CLOSED_LOOP_TOOLS } from './design.js';
import { whatTellsApart, type RunFacts } from './discriminators.js';

type Locale = 'en' | 'zh-CN';

/** Repetitions whose highest ÷ lowest stays under this are measured as noise (a 3x spread is not noise). */
export const NOISE_CEILING = 1.25;
/** A group disagrees when its spread passes the larger of this and six times the measured noise. */
export const DISAGREE_FLOOR = 1.25;
const NOISE_MULTIPLE = 6;

/** Half the range as a % of the midpoint: one repetition's distance from the middle. */
function halfRangePct(values: readonly number[]): number {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return hi + lo > 0 ? ((hi - lo) / (hi + lo)) * 100 : 0;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface NoiseMeasure {
  /** Median half-range of the repetitions that agree (%), or null with none. */
  pct: number | null;
  workloads: number;
}

interface Group {
  config: string;
  workload: string;
  metric: string;
  runs: RunRecord[];
  values: number[];
}

/**
 * Runs a load generator made, which repeat a workload: a monitor's statistics (SVC, iostat, sar)
 * are slices of time, and AWR reports of one instance at different loads are no repetitions either.
 */
const repeatable = (r: RunRecord): boolean => r.errors.length === 0 && CLOSED_LOOP_TOOLS.has(r.tool);

/** Every group of would-be repetitions with two runs or more, each on the metric that binds for it. */
function repetitionGroups(runs: readonly RunRecord[], keys: readonly string[]): Group[] {
  const out: Group[] = [];
  const byConfig = new Map<string, RunRecord[]>();
  for (const r of runs) if (repeatable(r)) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), r]);
  for (const [config, rs] of byConfig) {
    for (const w of groupWorkloads(rs, keys).values()) {
      if (w.runs.length < 2) continue;
      const metric = bindingMetric(w.runs);
      if (!metric) continue;
      const withValue = w.runs.filter((r) => typeof r.metrics[metric] === 'number' && Number.isFinite(r.metrics[metric]));
      if (withValue.length < 2) continue;
      out.push({ config, workload: w.label, metric, runs: withValue, values: withValue.map((r) => r.metrics[metric]!) });
    }
  }
  return out;
}

const spreadOf = (values: readonly number[]): number => {
  const lo = Math.min(...values);
  return lo > 0 ? Math.max(...values) / lo : Infinity;
};

/** The study's run-to-run noise: the median half-range of the repetitions that agree. */
export function measureNoise(runs: readonly RunRecord[], keys: readonly string[]): NoiseMeasure {
  const agreeing = repetitionGroups(runs, keys).filter((g) => spreadOf(g.values) <= NOISE_CEILING);
  if (agreeing.length === 0) return { pct: null, workloads: 0 };
  return { pct: median(agreeing.map((g) => halfRangePct(g.values))), workloads: agreeing.length };
}

/** Runs as the discriminators see them: parameters, file, start, host, and a value where one is known. */
export function runFacts(r: RunRecord, metric?: string): RunFacts {
  return { id: r.id, file: r.source.file, params: r.params, start: r.start, host: r.host, ...(metric && typeof r.metrics[metric] === 'number' ? { value: r.metrics[metric] } : {}) };
}

const shown = (v: number, metric: string): string => {
  const unit = describeMetric(metric)?.unit ?? '';
  return `${formatNumber(v, unit, 'en-US')}${unit ? ` ${unit}` : ''}`;
};

function disagreementMessage(d: DisagreeingRepetitions[], check: Pick<RepetitionCheck, 'discriminators'>, locale: Locale): string {
  const first = d[0]!;
  const lo = Math.min(...first.values);
  const hi = Math.max(...first.values);
  const best = check.discriminators[0];
  // Another token of the paths beside the best one (a server's folder beside a file-name token) is said too.
  const also = best?.kind === 'path' ? check.discriminators.find((x) => x !== best && x.kind === 'path' && x.rule) : undefined;
  // A file by its name, or with its folders where names repeat (every server's folder holds a sysbench.ro.long.1.res).
  const paths = d[0]!.files.map((f) => f.replace(/\\/g, '/'));
  const names = paths.map((p) => p.split('/').pop()!);
  const repeated = new Set(names).size < names.length;
  const base = (f: string): string => {
    const parts = f.replace(/\\/g, '/').split('/');
    return repeated ? parts.slice(-2).join('/') : parts.pop()!;
  };
  if (locale === 'zh-CN') {
    const why = best ? (best.kind === 'path' ? `文件路径中的“${best.values.join('”/“')}”区分了它们：可添加参数 ${best.param}（--path-param '${best.rule!.pattern}=${best.param}'）${also ? `；路径中的“${also.values.join('”/“')}”也不同：可添加参数 ${also.param}（--path-param '${also.rule!.pattern}=${also.param}'）` : ''}`
      : best.ran_on ? `它们运行在不同的 ${best.param} 上（${best.values.join('、')}）：可拆分为不同配置` : `参数 ${best.param} 区分了它们（${best.values.join('、')}）`) : '没有找到区分它们的参数';
    return `${d.length} 组本应是重复的运行相差超过运行间噪声（如“${first.config}”的 ${first.workload}：${shown(lo, first.metric)} 与 ${shown(hi, first.metric)}，${hi / lo >= 10 ? (hi / lo).toFixed(0) : (hi / lo).toFixed(2)} 倍）：它们不是重复，不取中位数。${why}。`;
  }
  const why = best
    ? best.kind === 'path' ? `their file paths differ in ${best.values.map((v) => `"${v}"`).join(' / ')}: add it as the parameter ${best.param} (--path-param '${best.rule!.pattern}=${best.param}')${also ? `; they also differ in ${also.values.map((v) => `"${v}"`).join(' / ')}: add it as the parameter ${also.param} (--path-param '${also.rule!.pattern}=${also.param}')` : ''}`
      : best.ran_on ? `they ran on different ${best.param === 'host' ? 'hosts' : best.param === 'target' ? 'devices or files (fio filename)' : best.param} (${best.values.join(', ')}): split them into configurations`
        : best.kind === 'day' ? `they ran on different days (${best.values.join(', ')})`
          : `their ${best.param} differs (${best.values.join(', ')}): pair by it too`
    : 'nothing in their files or names tells them apart';
  const files = first.files.map(base);
  // Four files name the group; the rest are counted (the group's runs are listed with it).
  const named = files.length <= 2 ? files.join(' and ') : files.length <= 4 ? `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}` : `${files.slice(0, 4).join(', ')} and ${files.length - 4} more`;
  return `${d.length} group${d.length === 1 ? '' : 's'} of runs that pair as repetitions disagree beyond run-to-run noise (${first.config}, ${first.workload}: ${shown(lo, first.metric)} against ${shown(hi, first.metric)} in ${named}): they are not repetitions and their median is no figure; ${why}.`;
}

/**
 * Runs of one configuration that ran on different devices, hosts or server versions and would
 * pair as repetitions: each value a configuration of its own. The label is the file-name token
 * that goes with the value one to one where there is one ("io2" rather than "/dev/nvme1n1").
 */
export function configurationProposals(runs: readonly RunRecord[], keys: readonly string[], locale: Locale): ConfigProposal[] {
  const out: ConfigProposal[] = [];
  const byConfig = new Map<string, RunRecord[]>();
  for (const r of runs) if (repeatable(r)) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), r]);
  const configs = new Set(runs.map((r) => r.config));
  for (const [config, rs] of byConfig) {
    const groups = [...groupWorkloads(rs, keys).values()].filter((w) => w.runs.length >= 2);
    if (groups.length === 0) continue;
    const tells = whatTellsApart(rs.map((r) => runFacts(r)), groups.map((g) => g.runs.map((r) => r.id)));
    const ranOn = tells.find((d) => d.ran_on && d.splits > 0);
    if (!ranOn) continue;
    const valueOf = (r: RunRecord): string => (ranOn.kind === 'host' ? r.host ?? '' : String(r.params[ranOn.param] ?? ''));
    // A file-name token that goes with the value one to one names the configuration better than a device path.
    const token = tells.find((d) => d.kind === 'path' && d.rule);
    const tokenOf = (r: RunRecord): string | null => {
      if (!token?.rule) return null;
      const m = new RegExp(token.rule.pattern, 'i').exec(r.source.file.replace(/\\/g, '/'));
      return m?.[1] ?? null;
    };
    const byValue = new Map<string, RunRecord[]>();
    for (const r of rs) byValue.set(valueOf(r), [...(byValue.get(valueOf(r)) ?? []), r]);
    const oneToOne = [...byValue.values()].every((list) => new Set(list.map(tokenOf)).size === 1 && tokenOf(list[0]!) !== null)
      && new Set([...byValue.values()].map((list) => tokenOf(list[0]!))).size === byValue.size;
    const label = (value: string, list: RunRecord[]): string => {
      const name = oneToOne ? tokenOf(list[0]!)! : value.replace(/\\/g, '/').split('/').filter(Boolean).pop() ?? value;
      // The configuration's name only where the value alone is taken by another configuration.
      return configs.has(name) && name !== config ? `${config} · ${name}` : name;
    };
    const made = [...byValue.entries()].map(([value, list]) => ({ label: label(value, list), value, runs: list.map((r) => r.id) }));
    const what = ranOn.kind === 'host' ? (locale === 'zh-CN' ? '主机' : 'hosts') : ranOn.param;
    const message = locale === 'zh-CN'
      ? `“${config}”的运行在不同的 ${what} 上运行（${made.map((g) => g.value).join('、')}）：建议拆分为 ${made.length} 个配置（${made.map((g) => g.label).join('、')}），而不是作为重复配对`
      : `the runs of "${config}" ran on ${made.length} different ${what === 'target' ? 'devices or files (fio filename)' : what} (${made.map((g) => g.value).join(', ')}): proposed as ${made.length} configurations (${made.map((g) => g.label).join(', ')}) rather than paired as repetitions`;
    out.push({ config, by: ranOn.kind === 'host' ? 'host' : ranOn.param, groups: made, message });
  }
  return out;
}

/**
 * The check: the study's noise from the repetitions that agree, the groups that disagree beyond
 * it (or beyond 1.25x, whichever is larger), and what tells their runs apart, best first.
 */
export function checkRepetitions(runs: readonly RunRecord[], keys: readonly string[], locale: Locale = 'en'): RepetitionCheck {
  const groups = repetitionGroups(runs, keys);
  const noise = measureNoise(runs, keys);
  const limit = Math.max(DISAGREE_FLOOR, 1 + (NOISE_MULTIPLE * (noise.pct ?? 0)) / 100);
  const bad = groups.filter((g) => spreadOf(g.values) > limit);
  const disagreeing: DisagreeingRepetitions[] = bad.map((g) => ({
    config: g.config, workload: g.workload, metric: g.metric, runs: g.runs.map((r) => r.id), values: [...g.values], files: g.runs.map((r) => r.source.file), spread: spreadOf(g.values),
  })).sort((a, b) => b.spread - a.spread);
  // What tells the runs of the disagreeing groups apart, judged on their values.
  const facts = bad.flatMap((g) => g.runs.map((r) => runFacts(r, g.metric)));
  const discriminators = bad.length ? whatTellsApart(facts, bad.map((g) => g.runs.map((r) => r.id))) : [];
  const configurations = configurationProposals(runs, keys, locale);
  const check: RepetitionCheck = {
    noise_pct: noise.pct, noise_workloads: noise.workloads, limit, groups_checked: groups.length, disagreeing, discriminators, configurations, message: null,
  };
  check.message = disagreeing.length ? disagreementMessage(disagreeing, check, locale) : null;
  return check;
}

/**
 * The check as warnings of a comparison: one naming the runs that pair as repetitions but are not
 * (their median is in the pairs; the message says what tells them apart), one per configuration
 * whose runs ran on different devices or hosts.
 */
export function repetitionWarnings(runs: readonly RunRecord[], keys: readonly string[], locale: Locale = 'en'): CompareWarning[] {
  const check = checkRepetitions(runs, keys, locale);
  const out: CompareWarning[] = [];
  if (check.message) out.push({ code: 'not-repetitions', message: check.message, runs: [...notRepetitionRuns(check)].sort((a, b) => a - b) });
  for (const p of check.configurations) out.push({ code: 'ran-on-different', message: p.message, runs: p.groups.flatMap((g) => g.runs).sort((a, b) => a - b) });
  return out;
}

/** The runs the check says are not repetitions of each other (any view names them). */
export function notRepetitionRuns(check: RepetitionCheck): Set<number> {
  return new Set(check.disagreeing.flatMap((d) => d.runs));
}
