/**
 * What to pair on when nothing (or little) pairs. Comparing numjobs=4 against numjobs=1 (issue
 * 27's Ceph study) gave 32 unmatched workloads and no pair, because numjobs is a default pairing
 * key: when every run of one side has one value of a key and every run of the other side
 * another, that key is what is being compared, and pairing without it is what the user means.
 * It is proposed, never applied behind the user's back; and only where dropping the key folds no
 * two workloads of any side into one (a side that ran numjobs 1 and 4 would see them become
 * "repetitions" of each other).
 */
import type { LeftOutConfig, PairingProposal, ParamValue, RunRecord } from '../../contract/records.js';
import { groupWorkloads } from './pairing.js';
import type { WordingLocale } from './wording.js';

/** The one value a key takes over every run of a side, or undefined when it varies or is missing on some run. */
function constantValue(runs: readonly RunRecord[], key: string): ParamValue | undefined {
  let value: ParamValue | undefined;
  for (const r of runs) {
    const v = r.params[key];
    if (v === undefined) return undefined;
    if (value === undefined) value = v;
    else if (v !== value) return undefined;
  }
  return value;
}

/** How many workloads two sides share under these keys. */
export function sharedWorkloads(base: readonly RunRecord[], cand: readonly RunRecord[], keys: readonly string[]): number {
  const b = groupWorkloads(base, keys);
  let n = 0;
  for (const k of groupWorkloads(cand, keys).keys()) if (b.has(k)) n++;
  return n;
}

/** Dropping `key` keeps every workload of a side apart (no two become one). */
function foldsNothing(runs: readonly RunRecord[], keys: readonly string[], key: string): boolean {
  return groupWorkloads(runs, keys).size === groupWorkloads(runs, keys.filter((k) => k !== key)).size;
}

const shown = (v: ParamValue): string => String(v);

/** Loads a run is set at: two values of one are two loads, never two configurations of one workload. */
const LOADS: Record<string, [string, string]> = { vus: ['users', '个用户'], threads: ['threads', '个线程'], sessions: ['sessions', '个会话'], iodepth: ['queue depth', '队列深度'], numjobs: ['jobs', '个作业'] };

/** "10 vs 100 users", "queue depth 32 vs 1": a candidate's load against the baseline's. */
function loadsText(key: string, candidate: ParamValue, baseline: ParamValue, locale: WordingLocale): string {
  const [en, zh] = LOADS[key]!;
  if (locale === 'zh-CN') return key === 'iodepth' ? `${zh} ${shown(candidate)} 对 ${shown(baseline)}` : `${shown(candidate)} 对 ${shown(baseline)} ${zh}`;
  return key === 'iodepth' ? `${en} ${shown(candidate)} vs ${shown(baseline)}` : `${shown(candidate)} vs ${shown(baseline)} ${en}`;
}

/**
 * A load key (virtual users, threads, sessions, queue depth, jobs) is never "what is being
 * compared": pairing without it sets a 10-user run against a 100-user run, which compares loads,
 * and the proposal says so first ("loads differ (10 vs 100 users)").
 */
function loadsDifferText(p: Omit<PairingProposal, 'message'>, locale: WordingLocale): string {
  const each = p.candidates.map((c) => loadsText(p.key, c.candidate_value, c.baseline_value, locale));
  return locale === 'zh-CN'
    ? `负载不同（${each.join('；')}）：${p.candidates.map((c) => `“${c.candidate}”的每次运行 ${p.key} = ${shown(c.candidate_value)}，“${p.baseline}”为 ${shown(c.baseline_value)}`).join('；')}。不按 ${p.key} 配对得到的 ${p.pairs} 对（现为 ${p.pairs_now} 对）比较的是不同的负载，而不是配置。`
    : `loads differ (${each.join('; ')}): ${p.candidates.map((c) => `every run of "${c.candidate}" has ${p.key} = ${shown(c.candidate_value)}, every run of "${p.baseline}" ${shown(c.baseline_value)}`).join('; ')}. Pairing without ${p.key} gives ${p.pairs} pair${p.pairs === 1 ? '' : 's'} (now ${p.pairs_now}) that set different loads against each other, not the configurations at one load.`;
}

function proposalText(p: Omit<PairingProposal, 'message'>, locale: WordingLocale): string {
  if (LOADS[p.key]) return loadsDifferText(p, locale);
  const each = p.candidates.map((c) => (locale === 'zh-CN'
    ? `“${c.candidate}”的每次运行 ${p.key} = ${shown(c.candidate_value)}，“${p.baseline}”为 ${shown(c.baseline_value)}`
    : `every run of "${c.candidate}" has ${p.key} = ${shown(c.candidate_value)}, every run of "${p.baseline}" ${shown(c.baseline_value)}`));
  return locale === 'zh-CN'
    ? `${each.join('；')}：比较的正是 ${p.key}。不按 ${p.key} 配对可得 ${p.pairs} 对（现为 ${p.pairs_now} 对）。`
    : `${each.join('; ')}: ${p.key} is what is being compared. Pairing without ${p.key} gives ${p.pairs} pair${p.pairs === 1 ? '' : 's'} (now ${p.pairs_now}).`;
}

/**
 * The key to pair without, when some candidate differs from the baseline in that key on every
 * run and dropping it pairs more workloads; null when no such key exists. Of several keys, the
 * one that gives the most pairs wins.
 */
export function proposePairing(
  baseline: string, candidates: readonly string[], sides: ReadonlyMap<string, readonly RunRecord[]>, keys: readonly string[], locale: WordingLocale,
): PairingProposal | null {
  const base = sides.get(baseline) ?? [];
  if (base.length === 0) return null;
  const everySide = [base, ...candidates.map((c) => sides.get(c) ?? [])];
  let best: PairingProposal | null = null;
  for (const key of keys) {
    const bv = constantValue(base, key);
    if (bv === undefined) continue;
    if (!everySide.every((runs) => foldsNothing(runs, keys, key))) continue;
    const without = keys.filter((k) => k !== key);
    const per: PairingProposal['candidates'] = [];
    let pairs = 0;
    let now = 0;
    for (const c of candidates) {
      const runs = sides.get(c) ?? [];
      const before = sharedWorkloads(base, runs, keys);
      const after = sharedWorkloads(base, runs, without);
      pairs += after;
      now += before;
      const cv = constantValue(runs, key);
      if (cv !== undefined && cv !== bv && after > before) per.push({ candidate: c, baseline_value: bv, candidate_value: cv, pairs: after, pairs_now: before });
    }
    if (per.length === 0 || (best && pairs <= best.pairs)) continue;
    const draft = { key, baseline, pairing_keys: without, pairs, pairs_now: now, candidates: per, ...(LOADS[key] ? { loads_differ: true as const } : {}) };
    best = { ...draft, message: proposalText(draft, locale) };
  }
  return best;
}

/**
 * The configurations a matrix would leave out, each with its reason: no runs without errors, no
 * value of the metric, or no workload in common under the pairing keys (with the key that
 * explains it, when the proposal found one). A configuration never drops out of a matrix unsaid.
 */
export function leftOutConfigs(
  baseline: string, candidates: readonly string[], sides: ReadonlyMap<string, readonly RunRecord[]>, keys: readonly string[],
  pairedCandidates: ReadonlySet<string>, metrics: readonly string[], proposal: PairingProposal | null, locale: WordingLocale,
): LeftOutConfig[] {
  const zh = locale === 'zh-CN';
  const out: LeftOutConfig[] = [];
  const base = sides.get(baseline) ?? [];
  for (const c of candidates) {
    if (pairedCandidates.has(c)) continue;
    const runs = sides.get(c) ?? [];
    const shared = sharedWorkloads(base, runs, keys);
    const explained = proposal?.candidates.find((p) => p.candidate === c);
    // The keys either side has at all: "bs, pattern, read_pct, iodepth, numjobs", not the fourteen defaults.
    const named = keys.filter((k) => [...base, ...runs].some((r) => r.params[k] !== undefined));
    let reason: LeftOutConfig['reason'];
    let message: string;
    if (runs.length === 0) {
      reason = 'no-runs';
      message = zh ? `“${c}”没有无错误的运行` : `"${c}" has no runs without errors`;
    } else if (shared > 0) {
      reason = 'no-metric';
      message = zh ? `“${c}”与“${baseline}”共有的负载都没有 ${metrics.join('、')} 的值` : `"${c}" has no value of ${metrics.join(', ')} on the workloads it shares with "${baseline}"`;
    } else {
      reason = 'no-common-workload';
      message = zh
        ? `“${c}”按配对参数（${named.join('、')}）与“${baseline}”没有共同的负载${explained ? (LOADS[proposal!.key] ? `：负载不同（${loadsText(proposal!.key, explained.candidate_value, explained.baseline_value, locale)}）` : `：每次运行的 ${proposal!.key} 都不同（${shown(explained.candidate_value)} 对 ${shown(explained.baseline_value)}），不按 ${proposal!.key} 配对可得 ${explained.pairs} 对`) : ''}`
        : `"${c}" has no workload in common with "${baseline}" under the pairing keys (${named.join(', ')})${explained ? (LOADS[proposal!.key] ? `: loads differ (${loadsText(proposal!.key, explained.candidate_value, explained.baseline_value, locale)})` : `: every run differs in ${proposal!.key} (${shown(explained.candidate_value)} against ${shown(explained.baseline_value)}); pairing without ${proposal!.key} gives ${explained.pairs} pair${explained.pairs === 1 ? '' : 's'}`) : ''}`;
    }
    out.push({ candidate: c, reason, message, runs: runs.map((r) => r.id), ...(explained ? { key: proposal!.key } : {}) });
  }
  return out;
}
