/**
 * Findings: what the data say, as ranked sentences with their numbers, each on the metric that
 * binds where it is stated and traceable to its runs. For any design:
 * - along an ordered parameter (block size, depth, threads), each candidate's contiguous ranges
 *   with the same verdict against the baseline as one sentence: "gp3-16000 matches io2-16000 in
 *   IOPS from 4K to 64K (within ±0.3%); at 128K and 256K its bandwidth is 16.7% and 16.5% lower";
 *   without an ordered parameter, its workloads by verdict;
 * - with a swept load, each configuration's peak (sweep-headline.ts's figures) and how far it
 *   falls after it;
 * - with three configurations or more, the best, and its peak against the baseline's (the RAID-0's
 *   1.26x bandwidth, found without anyone choosing that pair);
 * - a geometric mean only where the verdicts agree over the workloads it spans, else secondary,
 *   the disagreement stated;
 * - first of all, runs that pair as repetitions but disagree: not folded, said.
 * Ranked by effect (|ln ratio|) times certainty (a tested pair counts fully, an untested one less),
 * never by import order.
 */
import type {
  ComparePair, CompareResult, CompareWarning, FigureValidity, Finding, RepetitionCheck, ResolvedAnalysisSpec, StudyDesign, SweepHeadline, Verdict,
} from '../../contract/records.js';
import { formatBlockSize, workloadLabel } from '../compare/pairing.js';
import { formatWithUnit } from '../metrics/number-format.js';
import { shortMetricLabel } from '../reports/sweep-headline.js';
import { BANDWIDTH_FROM_BYTES } from './design.js';
import { notRepetitionRuns } from './repetitions.js';
import { figureValidity } from '../validity/compare-validity.js';

type Locale = 'en' | 'zh-CN';

/** How many findings are stated first; the rest follow as secondary. */
export const PRIMARY_FINDINGS = 8;
const UNTESTED_CERTAINTY = 0.6;
const NOT_SIGNIFICANT_CERTAINTY = 0.3;

export interface FindingsInput {
  spec: ResolvedAnalysisSpec;
  design: StudyDesign;
  compare: CompareResult | null;
  sweep: SweepHeadline | null;
  repetitions: RepetitionCheck;
  locale: Locale;
}

type Num = Finding['numbers'][number];
const pctNum = (v: number): Num => ({ text: `${Math.abs(v).toFixed(1)}%`, value: Number(Math.abs(v).toFixed(1)), unit: '%' });
const ratioNum = (v: number): Num => ({ text: `${v.toFixed(2)}x`, value: Number(v.toFixed(2)), unit: 'x' });
const valueNum = (v: number, unit: string): Num => ({ text: formatWithUnit(v, unit, 'en-US'), value: v, unit });

/** The words of one language. */
interface Words {
  list(items: readonly string[]): string;
  span(axis: string, values: ReadonlyArray<number | string>): string;
  matches(candidate: string, baseline: string, metric: string, span: string, within: string): string;
  /** `times`: the change is said as many times the baseline ("2.00x"). */
  differs(span: string, metric: string, changes: string, higher: boolean, fold: string, times: boolean): string;
  sep: string;
  end: string;
}

function axisValue(axis: string, v: number | string): string {
  return axis === 'bs' && typeof v === 'number' ? formatBlockSize(v) : String(v);
}

const LOAD_WORDS: Record<string, [string, string, string]> = {
  threads: ['thread', 'threads', '线程'], vus: ['virtual user', 'virtual users', '虚拟用户'], sessions: ['session', 'sessions', '会话'], numjobs: ['job', 'jobs', '个作业'],
};

const EN: Words = {
  list: (xs) => (xs.length <= 1 ? xs.join('') : xs.length === 2 ? `${xs[0]} and ${xs[1]}` : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`),
  span(axis, values) {
    const shown = values.map((v) => axisValue(axis, v));
    const words = LOAD_WORDS[axis];
    const unit = words ? ` ${values.length === 1 && values[0] === 1 ? words[0] : words[1]}` : '';
    const pre = axis === 'iodepth' ? 'depth ' : '';
    if (values.length === 1) return `at ${pre}${shown[0]}${unit}`;
    if (values.length === 2) return `at ${pre}${shown[0]} and ${shown[1]}${unit}`;
    return `from ${pre}${shown[0]} to ${shown[shown.length - 1]}${unit}`;
  },
  matches: (candidate, baseline, metric, span, within) => `${candidate} matches ${baseline} in ${metric} ${span} (within ${within})`,
  differs: (span, metric, changes, higher, fold) => `${span} its ${metric} is ${changes} ${higher ? 'higher' : 'lower'}${fold}`,
  sep: '; ',
  end: '.',
};

const ZH: Words = {
  list: (xs) => xs.join('、'),
  span(axis, values) {
    const shown = values.map((v) => axisValue(axis, v));
    const words = LOAD_WORDS[axis];
    const unit = words ? ` ${words[2]}` : '';
    const pre = axis === 'iodepth' ? '队列深度 ' : '';
    if (values.length === 1) return `在 ${pre}${shown[0]}${unit}`;
    if (values.length === 2) return `在 ${pre}${shown[0]} 和 ${shown[1]}${unit}`;
    return `从 ${pre}${shown[0]} 到 ${shown[shown.length - 1]}${unit}`;
  },
  matches: (candidate, baseline, metric, span, within) => `${candidate} ${span}时的 ${metric} 与 ${baseline} 持平（相差在 ${within} 以内）`,
  differs: (span, metric, changes, higher, fold, times) => (times ? `${span}时其 ${metric} 为基线的 ${changes}${fold}` : `${span}时其 ${metric} ${higher ? '高' : '低'} ${changes}${fold}`),
  sep: '；',
  end: '。',
};

/** The warnings of a comparison that concern these runs, cut to them. */
function warningsOf(warnings: readonly CompareWarning[], runs: readonly number[]): CompareWarning[] {
  const mine = new Set(runs);
  return warnings.flatMap((w) => {
    if (w.runs.length === 0) return [];
    const hit = w.runs.filter((r) => mine.has(r));
    return hit.length ? [{ ...w, runs: hit }] : [];
  });
}

const runsOfPairs = (ps: readonly ComparePair[]): number[] => [...new Set(ps.flatMap((p) => [...p.baseline_runs, ...p.candidate_runs]))].sort((a, b) => a - b);

function certainty(ps: readonly ComparePair[]): number {
  if (ps.length === 0) return 0;
  const each = ps.map((p) => (p.significant === true ? 1 : p.p_value === null || (p.p_min !== null && p.p_min >= 0.05) ? UNTESTED_CERTAINTY : NOT_SIGNIFICANT_CERTAINTY));
  return each.reduce((a, b) => a + b, 0) / each.length;
}

/** The pairs a finding may stand on: on the metric that binds for their workload, none of whose runs are "not repetitions". */
function bindingPairs(input: FindingsInput): ComparePair[] {
  const c = input.compare;
  if (!c) return [];
  const bad = notRepetitionRuns(input.repetitions);
  const has = (m: string): boolean => c.metrics.includes(m);
  const storage = has('total.iops') && has('total.bw_mib_s');
  // The metrics each candidate's workload has pairs of, in the specification's order: a study of
  // several tools states HammerDB's NOPM, CockroachDB's ops/s and COSBench's rate each where it is.
  const order = [...input.spec.metrics, ...c.metrics.filter((m) => !input.spec.metrics.includes(m))];
  const available = new Map<string, Set<string>>();
  for (const p of c.pairs) {
    const k = `${p.candidate_label}\u0000${p.workload}`;
    available.set(k, (available.get(k) ?? new Set()).add(p.metric));
  }
  const binds = (p: ComparePair): string => {
    const bs = p.workload_params['bs'];
    const mine = available.get(`${p.candidate_label}\u0000${p.workload}`)!;
    if (storage && typeof bs === 'number' && mine.has('total.iops') && mine.has('total.bw_mib_s')) return bs >= BANDWIDTH_FROM_BYTES ? 'total.bw_mib_s' : 'total.iops';
    return order.find((m) => mine.has(m))!;
  };
  return c.pairs.filter((p) => p.metric === binds(p) && p.object !== '*' && ![...p.baseline_runs, ...p.candidate_runs].some((r) => bad.has(r)));
}

interface Segment { verdict: Verdict; pairs: ComparePair[] }

/** A step of the ratio larger than this from one point to the next starts a new range (2.00x up to 32K, then 1.32x at 64K). */
const SAME_RANGE = 1.1;

/**
 * Contiguous ranges with the same verdict; a range of changes is cut where the ratio steps by more
 * than 10% from one point to the next (the RAID-0's 2.00x at small blocks and 1.26x at large ones
 * are two statements; a ratio that creeps up point by point is one range).
 */
function segments(ps: readonly ComparePair[]): Segment[] {
  const out: Segment[] = [];
  for (const p of ps) {
    const last = out[out.length - 1];
    const first = last?.pairs[last.pairs.length - 1];
    // A tie spans metrics (matching in IOPS and in bandwidth is one statement); a change stays on one metric and one size.
    const steady = last?.verdict === 'tie' || last?.verdict === 'neutral'
      || (first?.speedup != null && p.speedup !== null && first.metric === p.metric && Math.max(p.speedup / first.speedup, first.speedup / p.speedup) <= SAME_RANGE);
    if (last && last.verdict === p.verdict && steady) last.pairs.push(p);
    else out.push({ verdict: p.verdict, pairs: [p] });
  }
  return out;
}

/** The metrics a segment's pairs are on, as a reader names them ("IOPS", "bandwidth", "IOPS and bandwidth"). */
function metricWords(ps: readonly ComparePair[], w: Words, locale: Locale): string {
  return w.list([...new Set(ps.map((p) => shortMetricLabel(p.metric, locale)))]);
}

/** One candidate's ranges along the axis (one line of workloads): a sentence with a clause per range. */
function rangesFinding(candidate: string, line: string | null, ps: ComparePair[], input: FindingsInput, w: Words): Finding {
  const { spec, locale } = input;
  const axis = input.design.axis!;
  const axisOf = (p: ComparePair): number | string => p.workload_params[axis] as number | string;
  ps.sort((a, b) => (Number(axisOf(a)) - Number(axisOf(b))) || String(axisOf(a)).localeCompare(String(axisOf(b))));
  const numbers: Num[] = [];
  const clauses: string[] = [];
  let effect = 0;
  // The candidate, and the line of workloads where it has several ("mysql-8.0 (ranges=long)").
  const who = line ? `${candidate} (${line})` : candidate;
  let lastSide: Verdict | null = null;
  for (const [i, seg] of segments(ps).entries()) {
    const span = w.span(axis, seg.pairs.map(axisOf));
    const metric = metricWords(seg.pairs, w, locale);
    const changes = seg.pairs.map((p) => p.change_pct ?? 0);
    if (seg.verdict === 'tie' || seg.verdict === 'neutral') {
      const within = Math.max(...changes.map(Math.abs));
      const n = pctNum(within);
      numbers.push(n);
      const text = w.matches(who, spec.baseline, metric, span, `±${n.text}`);
      clauses.push(i === 0 ? text : locale === 'zh-CN' ? text.replace(`${who} `, '') : text.replace(`${who} matches`, 'it matches'));
      continue;
    }
    const higher = changes[0]! > 0;
    const abs = changes.map(Math.abs);
    const speedups = seg.pairs.map((p) => p.speedup).filter((s): s is number => s !== null);
    let shown: string;
    let fold = '';
    // Many times higher is said as many times ("30.20x higher"), never as "2920.4% higher".
    const manyTimes = higher && speedups.length === seg.pairs.length && Math.min(...speedups) >= 1.5;
    if (manyTimes) {
      const ns = speedups.map(ratioNum);
      const distinct = [...new Set(ns.map((n) => n.text))];
      if (seg.pairs.length <= 3 || distinct.length === 1) {
        numbers.push(...ns.filter((n, k) => ns.findIndex((m) => m.text === n.text) === k));
        shown = distinct.length === 1 ? distinct[0]! : w.list(ns.map((n) => n.text));
      } else {
        const lo = ratioNum(Math.min(...speedups));
        const hi = ratioNum(Math.max(...speedups));
        numbers.push(lo, hi);
        shown = locale === 'zh-CN' ? `${lo.text} 至 ${hi.text}` : `${lo.text} to ${hi.text}`;
      }
    } else if (seg.pairs.length <= 3) {
      const ns = abs.map(pctNum);
      // "26.3% higher" at 128K and 256K, not "26.3% and 26.3%".
      const same = new Set(ns.map((n) => n.text)).size === 1;
      numbers.push(...(same ? [ns[0]!] : ns));
      shown = same ? ns[0]!.text : w.list(ns.map((n) => n.text));
    } else {
      const lo = pctNum(Math.min(...abs));
      const hi = pctNum(Math.max(...abs));
      numbers.push(...(lo.text === hi.text ? [lo] : [lo, hi]));
      shown = lo.text === hi.text ? lo.text : locale === 'zh-CN' ? `${lo.text} 至 ${hi.text}` : `${lo.text} to ${hi.text}`;
    }
    // A large fall also as a ratio, the way the study's engineers say it (0.50x).
    const big = speedups.filter((s) => s >= 1.5 || s <= 1 / 1.5);
    if (!manyTimes && big.length === speedups.length && speedups.length > 0) {
      const lo = Math.min(...speedups);
      const hi = Math.max(...speedups);
      const a = ratioNum(lo);
      const b = ratioNum(hi);
      numbers.push(...(a.text === b.text ? [a] : [a, b]));
      fold = locale === 'zh-CN' ? `（${a.text === b.text ? a.text : `${a.text}–${b.text}`}）` : ` (${a.text === b.text ? a.text : `${a.text}–${b.text}`})`;
    }
    effect = Math.max(effect, ...speedups.map((s) => Math.abs(Math.log(s))));
    // Where the candidate crosses the baseline (slower, then faster): said at the first point of the new side.
    const crossed = lastSide !== null && lastSide !== seg.verdict;
    lastSide = seg.verdict;
    const cross = crossed ? (locale === 'zh-CN' ? `（${w.span(axis, [axisOf(seg.pairs[0]!)])}反超）` : ` (crossing over ${w.span(axis, [axisOf(seg.pairs[0]!)])})`) : '';
    const text = w.differs(span, metric, shown, higher, fold, manyTimes).replace(/ its (\S+ and \S+) is /, ' its $1 are ') + cross;
    clauses.push(i === 0 ? (locale === 'zh-CN' ? `${who} ${text}` : `${who}: ${text}`) : text);
  }
  const verdicts = new Set(ps.map((p) => p.verdict));
  const verdict: Verdict | null = verdicts.size === 1 ? ps[0]!.verdict : null;
  const runs = runsOfPairs(ps);
  const allTie = ps.every((p) => p.verdict === 'tie' || p.verdict === 'neutral');
  return {
    kind: allTie ? 'same-everywhere' : 'ranges', primary: false, text: `${clauses.join(w.sep)}${w.end}`,
    metric: ps[0]!.metric, metric_label: metricWords(ps, w, locale), configs: [spec.baseline, candidate], numbers, verdict,
    // Matching everywhere is a finding too (the same IOPS for less), ranked below any difference.
    score: allTie ? 0.01 * certainty(ps) : effect * certainty(ps), runs, warnings: warningsOf(input.compare?.warnings ?? [], runs),
  };
}

/** Without an ordered parameter: a candidate's workloads by verdict. */
function verdictsFinding(candidate: string, ps: ComparePair[], input: FindingsInput, w: Words): Finding {
  const { spec, locale } = input;
  const zh = locale === 'zh-CN';
  const by = (v: Verdict): ComparePair[] => ps.filter((p) => p.verdict === v);
  const numbers: Num[] = [];
  const part = (v: Verdict, word: string): string | null => {
    const xs = by(v);
    if (xs.length === 0) return null;
    const abs = xs.map((p) => Math.abs(p.change_pct ?? 0));
    const lo = pctNum(Math.min(...abs));
    const hi = pctNum(Math.max(...abs));
    numbers.push(lo, ...(lo.text === hi.text ? [] : [hi]));
    const range = lo.text === hi.text ? lo.text : zh ? `${lo.text} 至 ${hi.text}` : `${lo.text} to ${hi.text}`;
    const names = xs.length <= 3 ? (zh ? `（${w.list(xs.map((p) => p.workload_label))}）` : ` (${w.list(xs.map((p) => p.workload_label))})`) : '';
    return zh ? `${xs.length} 个负载${word} ${range}${names}` : `${word} by ${range} in ${xs.length} workload${xs.length === 1 ? '' : 's'}${names}`;
  };
  const metric = metricWords(ps, w, locale);
  const parts = [part('better', zh ? '更好' : 'better'), part('worse', zh ? '更差' : 'worse')].filter((x): x is string => x !== null);
  const ties = by('tie').length;
  if (ties) parts.push(zh ? `${ties} 个负载持平` : `the same in ${ties}`);
  const effect = Math.max(0, ...ps.map((p) => (p.speedup ? Math.abs(Math.log(p.speedup)) : 0)));
  const runs = runsOfPairs(ps);
  const verdicts = new Set(ps.map((p) => p.verdict));
  return {
    kind: 'ranges', primary: false,
    text: zh ? `${candidate} 对比 ${spec.baseline}（${metric}）：${parts.join('；')}。` : `${candidate} against ${spec.baseline} (${metric}): ${parts.join('; ')}.`,
    metric: ps[0]!.metric, metric_label: metric, configs: [spec.baseline, candidate], numbers, verdict: verdicts.size === 1 ? ps[0]!.verdict : null,
    score: effect * certainty(ps), runs, warnings: warningsOf(input.compare?.warnings ?? [], runs),
  };
}

/** One candidate's findings over several lines (ranges=short, ranges=long) as one: the strongest line first. */
function merged(parts: Finding[], w: Words): Finding {
  if (parts.length === 1) return parts[0]!;
  const sorted = [...parts].sort((a, b) => b.score - a.score);
  const verdicts = new Set(sorted.map((f) => f.verdict));
  return {
    ...sorted[0]!, text: sorted.map((f) => f.text.replace(/[.。]$/, '')).join(w.sep) + w.end, numbers: sorted.flatMap((f) => f.numbers),
    runs: [...new Set(sorted.flatMap((f) => f.runs))].sort((a, b) => a - b), warnings: sorted.flatMap((f) => f.warnings),
    verdict: verdicts.size === 1 ? sorted[0]!.verdict : null, kind: sorted.every((f) => f.kind === sorted[0]!.kind) ? sorted[0]!.kind : 'ranges',
  };
}

/** A geometric mean over a candidate's workloads: primary only where their verdicts agree. */
function geomeanFinding(candidate: string, input: FindingsInput): Finding | null {
  // The comparison's own roll-up on the first metric: the figure its table prints under it. With
  // a swept load the headline gives it already, labelled secondary; no mean over repetitions that are not.
  const c = input.compare;
  const metric = input.spec.metrics[0];
  if (!c || !metric || input.design.load) return null;
  const bad = notRepetitionRuns(input.repetitions);
  const ps = c.pairs.filter((p) => p.candidate_label === candidate && p.metric === metric && p.object !== '*');
  if (ps.some((p) => [...p.baseline_runs, ...p.candidate_runs].some((r) => bad.has(r)))) return null;
  const roll = c.rollup.find((r) => r.candidate === candidate && r.metric === metric);
  if (!roll || roll.geomean_speedup === null || ps.length < 2) return null;
  const g = roll.geomean_speedup;
  const zh = input.locale === 'zh-CN';
  const count = (v: Verdict): number => ps.filter((p) => p.verdict === v).length;
  const verdicts = new Set(ps.map((p) => p.verdict));
  const agree = verdicts.size === 1 && !verdicts.has('tie') && !verdicts.has('neutral');
  const n = ratioNum(g);
  const named = shortMetricLabel(metric, input.locale);
  const counts = zh ? `更好 ${count('better')}、更差 ${count('worse')}、持平 ${count('tie')}` : `${count('better')} better, ${count('worse')} worse, ${count('tie')} the same`;
  const text = agree
    ? (zh ? `${candidate} 在全部 ${ps.length} 个负载上${ps[0]!.verdict === 'better' ? '更好' : '更差'}：${named} 加速比的几何平均 ${n.text}。` : `${candidate} is ${ps[0]!.verdict} than ${input.spec.baseline} in all ${ps.length} workloads: geometric mean of the ${named} speedups ${n.text}.`)
    : (zh ? `${candidate} 的几何平均 ${n.text}（${named}，${ps.length} 个负载）只是次要数字：各负载结论不一致（${counts}）。` : `${candidate}'s geometric mean of ${n.text} (${named}, ${ps.length} workloads) is secondary: the workloads disagree (${counts}).`);
  const runs = runsOfPairs(ps);
  return {
    kind: 'geomean', primary: false, text, metric, metric_label: named, configs: [input.spec.baseline, candidate], numbers: [n],
    verdict: agree ? ps[0]!.verdict : null, score: agree ? Math.abs(Math.log(g)) * certainty(ps) * 0.5 : 0, runs, warnings: warningsOf(input.compare?.warnings ?? [], runs),
  };
}

/** With a swept load: each configuration's peak and how far it falls after it. */
function peakFindings(input: FindingsInput): Finding[] {
  const sw = input.sweep;
  if (!sw) return [];
  const zh = input.locale === 'zh-CN';
  const w = zh ? ZH : EN;
  const out: Finding[] = [];
  for (const p of sw.peaks) {
    const peak = valueNum(p.peak, sw.unit);
    const at = w.span(sw.x, [p.peak_at]);
    const numbers: Num[] = [peak];
    let rest: string;
    let effect = 0;
    if (p.peak_at_last_load) {
      rest = zh ? `，在扫描的最高负载处，可能仍在上升` : `, the highest load swept: it may still have been rising`;
    } else if (p.last !== undefined && p.last !== null && p.last < p.peak) {
      const last = valueNum(p.last, sw.unit);
      const drop = pctNum(((p.last - p.peak) / p.peak) * 100);
      numbers.push(last, drop);
      effect = Math.abs(Math.log(p.last / p.peak));
      rest = zh ? `，之后下降，${w.span(sw.x, [p.max_load])}为 ${last.text}（低 ${drop.text}）` : `, then falls: ${last.text} ${w.span(sw.x, [p.max_load])} (${drop.text} lower)`;
    } else {
      rest = '';
    }
    const text = zh ? `${p.label} 的 ${sw.metric_label} 峰值为 ${peak.text}，${at}${rest}。` : `${p.label} peaks at ${peak.text} ${at}${rest}.`;
    out.push({
      kind: 'peak', primary: false, text, metric: sw.metric, metric_label: sw.metric_label, configs: [p.config], numbers, verdict: null,
      score: effect * (p.runs > 1 ? 1 : UNTESTED_CERTAINTY), runs: p.peak_runs ?? [], warnings: warningsOf(input.compare?.warnings ?? [], p.peak_runs ?? []),
    });
  }
  return out;
}

/** With three configurations or more: the best one, and its peak against the baseline's. */
function bestFinding(pairs: readonly ComparePair[], input: FindingsInput): Finding | null {
  const { spec, locale } = input;
  const zh = locale === 'zh-CN';
  if (spec.candidates.length < 2 || pairs.length === 0) return null;
  // Per workload: the baseline's value and each candidate's.
  const byWorkload = new Map<string, ComparePair[]>();
  for (const p of pairs) byWorkload.set(p.workload, [...(byWorkload.get(p.workload) ?? []), p]);
  const wins = new Map<string, string[]>();
  for (const [workload, ps] of byWorkload) {
    const better = ps[0]!.better === 'higher';
    let best: { config: string; value: number } = { config: spec.baseline, value: ps[0]!.baseline };
    for (const p of ps) if (better ? p.candidate > best.value : p.candidate < best.value) best = { config: p.candidate_label, value: p.candidate };
    wins.set(best.config, [...(wins.get(best.config) ?? []), workload]);
  }
  const [winner, won] = [...wins.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  if (winner === spec.baseline) return null;
  const mine = pairs.filter((p) => p.candidate_label === winner);
  // Its peak on the metric that binds at the top of the axis (bandwidth for the largest blocks), against the baseline's peak.
  const top = mine[mine.length - 1]!.metric;
  const onTop = mine.filter((p) => p.metric === top);
  const higher = onTop[0]!.better === 'higher';
  const pickBest = (xs: number[]): number => (higher ? Math.max(...xs) : Math.min(...xs));
  const peakC = pickBest(onTop.map((p) => p.candidate));
  const peakB = pickBest(onTop.map((p) => p.baseline));
  const unit = onTop[0]!.unit;
  const ratio = higher ? peakC / peakB : peakB / peakC;
  const a = valueNum(peakC, unit);
  const b = valueNum(peakB, unit);
  const r = ratioNum(ratio);
  const metric = shortMetricLabel(top, locale);
  const all = won.length === byWorkload.size;
  const axis = input.design.axis;
  const every: Record<string, string> = { bs: 'at every block size', threads: 'at every thread count', iodepth: 'at every I/O depth', vus: 'at every virtual-user count', sessions: 'at every session count', numjobs: 'at every job count' };
  const where = all ? (zh ? '在每个负载上' : (axis && every[axis]) ?? 'in every workload') : (zh ? `在 ${won.length}/${byWorkload.size} 个负载上` : `in ${won.length} of ${byWorkload.size} workloads`);
  const text = zh
    ? `${winner} ${where}最好；其 ${metric} 最高达 ${a.text}，${spec.baseline} 为 ${b.text}（${r.text}）。`
    : `${winner} is the best ${where}; its ${metric} tops out at ${a.text} against ${b.text} for ${spec.baseline} (${r.text}).`;
  const runs = runsOfPairs(mine);
  return {
    kind: 'best', primary: false, text, metric: top, metric_label: metric, configs: [winner, spec.baseline], numbers: [a, b, r],
    verdict: ratio > 1 ? 'better' : 'worse', score: Math.abs(Math.log(ratio)) * certainty(onTop) * (all ? 1 : 0.5), runs, warnings: warningsOf(input.compare?.warnings ?? [], runs),
  };
}

/** The findings, ranked; the first few are primary. */
export function findings(input: FindingsInput): Finding[] {
  const w = input.locale === 'zh-CN' ? ZH : EN;
  const out: Finding[] = [];
  const pairs = bindingPairs(input);
  const axis = input.design.axis;
  for (const candidate of input.spec.candidates) {
    const mine = pairs.filter((p) => p.candidate_label === candidate);
    if (mine.length === 0) continue;
    // Workloads along the axis read as ranges; the others (another tool's, in a study of several) by verdict.
    const along = axis ? mine.filter((p) => p.workload_params[axis] !== undefined) : [];
    const rest = mine.filter((p) => !along.includes(p));
    if (rest.length) out.push(verdictsFinding(candidate, rest, input, w));
    if (along.length) {
      // A line per combination of the other workload parameters (oltp ranges=short, ranges=long).
      const lines = new Map<string, ComparePair[]>();
      for (const p of along) {
        const rest = Object.fromEntries(Object.entries(p.workload_params).filter(([k]) => k !== axis && input.design.shape.some((f) => f.key === k)));
        const key = JSON.stringify(rest);
        lines.set(key, [...(lines.get(key) ?? []), p]);
      }
      const parts = [...lines.entries()].map(([key, ps]) => rangesFinding(candidate, lines.size > 1 ? workloadLabel(JSON.parse(key) as Record<string, string | number>, input.locale) : null, ps, input, w));
      out.push(merged(parts, w));
    }
    const g = geomeanFinding(candidate, input);
    if (g) out.push(g);
  }
  // A configuration's peaks over several lines as one finding, the strongest first.
  const peaks = peakFindings(input);
  for (const config of new Set(peaks.map((f) => f.configs[0]!))) out.push(merged(peaks.filter((f) => f.configs[0] === config), w));
  const best = bestFinding(pairs, input);
  if (best) out.push(best);
  out.sort((a, b) => b.score - a.score);
  out.forEach((f, i) => { f.primary = i < PRIMARY_FINDINGS && (f.score > 0 || f.kind === 'same-everywhere'); });
  // Repetitions that are not: stated before anything, since every figure on their runs is left out.
  const r = input.repetitions;
  if (r.message) {
    const runs = [...notRepetitionRuns(r)].sort((a, b) => a - b);
    out.unshift({
      kind: 'not-repetitions', primary: true, text: r.message, metric: r.disagreeing[0]!.metric, metric_label: shortMetricLabel(r.disagreeing[0]!.metric, input.locale),
      configs: [...new Set(r.disagreeing.map((d) => d.config))], numbers: [], verdict: null, score: Infinity, runs, warnings: [],
    });
  }
  for (const f of out) {
    const validity = validityOf(f, input);
    if (validity.length) f.validity = validity;
  }
  return out;
}

/**
 * What the tools said about a finding's runs (issue 40), so no verdict is stated without it: the
 * facts of the pairs' runs it stands on, and the runs of its configurations and of the baseline
 * left out because their results do not stand (a verdict made without them says so).
 */
function validityOf(f: Finding, input: FindingsInput): FigureValidity[] {
  const compare = input.compare;
  if (!compare) return [];
  const mine = new Set(f.runs);
  const pairs = compare.pairs
    .filter((p) => (p.validity ?? []).some((v) => mine.has(v.run)))
    .map((p) => ({ ...p, validity: (p.validity ?? []).filter((v) => mine.has(v.run)) }));
  const sides = new Set([...f.configs, input.spec.baseline]);
  return figureValidity(pairs, (compare.withheld ?? []).filter((w) => sides.has(w.config)), null);
}
