/**
 * The statistical methods, stated for the report's appendix and the roll-up lines: each with its
 * coverage. The figures in the sentences (coverage at each n, runs needed) come from the code that
 * computes them, so the words cannot drift from the numbers.
 */
import { countOf } from '../plural.js';
import type { CompareRollup } from '../../contract/records.js';
import { EXACT_LIMIT, runsPerSideNeeded, smallestP } from './mann-whitney.js';
import { formatCoverage, medianInterval, rangeCoverage, runsForMedianInterval } from './median-interval.js';
import { ALPHA } from './significance.js';
import type { WordingLocale } from './wording.js';
import { noVerdictRule } from '../validity/exclusion.js';

const p2 = (p: number): string => String(Number(p.toPrecision(2)));

/** One sentence per method: median, interval, significance, geometric mean, roll-up. */
export function methodSentences(locale: WordingLocale): string[] {
  const zh = locale === 'zh-CN';
  const sep = zh ? '，' : ', ';
  const fromN = runsForMedianInterval();
  const ranges = [2, 3, 4, 5].filter((n) => n < fromN).map((n) => (zh ? `${n} 次 ${formatCoverage(rangeCoverage(n))}` : `${formatCoverage(rangeCoverage(n))} (n = ${n})`)).join(sep);
  const orders = [6, 7, 8, 9, 10, 11, 12].map((n) => {
    const ci = medianInterval(Array.from({ length: n }, (_, i) => i))!;
    return zh ? `${n} 次 ${formatCoverage(ci.coverage)}` : `${formatCoverage(ci.coverage)} (n = ${n})`;
  }).join(sep);
  const need = runsPerSideNeeded(ALPHA);
  const few = need - 1;
  if (zh) {
    return [
      '中位数：配置对比的每一方取其运行的中位数，运行次数为偶数时取中间两次的平均值，与 benchstat 相同（时段对比的每一方按所述聚合顺序计算，默认取各天的平均值；各天是显著性检验的重复）。',
      `中位数区间由运行值本身构成（延迟下限不会为负）：1 次运行没有区间；2 至 ${fromN - 1} 次取最低到最高运行值的范围，它包含总体中位数的概率为 1 − 2·0.5^n：${ranges}；${fromN} 次起取 benchstat（golang.org/x/perf/benchmath）所用的次序统计量区间：从中间向两侧扩展，直到按二项分布包含中位数的概率达到 95%，并标出这一精确概率：${orders}。时段对比的数值是各天的平均值，不给区间。`,
      `显著性：双侧 Mann-Whitney U 检验，p < ${ALPHA}。每侧不超过 ${EXACT_LIMIT} 次运行时为精确检验：在观测到的并列值（平均秩）条件下 U 的置换分布，p 取较小尾概率的两倍，与 SciPy 的置换检验相同；超过 ${EXACT_LIMIT} 次用带并列和连续性校正的正态近似。“~”表示未显示出差异：p ≥ ${ALPHA}，或任何检验都无法判断：一侧只有一次运行，或运行次数太少（或并列值太多），最小可能的 p 也不低于 ${ALPHA}：每侧 ${few} 次达不到（p ≥ ${p2(smallestP(few, few))}），${need} 次可以（${p2(smallestP(need, need))}）。`,
      '几何平均：汇总的平均加速比是各对加速比的几何平均（从不对比值取算术平均），2 倍与 0.5 倍相互抵消。',
      '汇总的胜、负、平：每侧有两次及以上运行时，只有 p < 0.05 且变化超出持平区间才算更好或更差，否则（~）为持平；一侧只有一次运行的对无法检验，只按持平区间计（未经检验），并注明数量。',
      noVerdictRule(locale),
    ];
  }
  return [
    'Median: in a comparison of configurations each side is the median of its runs; with an even number of runs, the mean of the two middle ones, as benchstat does. (A period\'s side is the figure of its stated aggregation order, by default a mean over days; the days are the repetitions for the test.)',
    `Interval of the median, made of the runs themselves (never a negative latency): none for one run; for 2 to ${fromN - 1} runs, the range from the lowest to the highest run, which holds the median with probability 1 − 2·0.5^n: ${ranges}; from ${fromN} runs, the order-statistic interval benchstat (golang.org/x/perf/benchmath) reports, grown from the middle until the binomial probability that it holds the median reaches 95%, and printed with that exact probability: ${orders}. A period's figure is a mean over days and gets no interval.`,
    `Significance: two-sided Mann-Whitney U test, p < ${ALPHA}. Exact up to ${EXACT_LIMIT} runs a side: the permutation distribution of U given the observed ties (midranks), p = twice the smaller tail, as SciPy's permutation test; beyond ${EXACT_LIMIT}, the normal approximation with tie and continuity corrections. "~" marks a pair not shown to differ: p ≥ ${ALPHA}, or no test could decide it: one run on a side, or so few runs (or so many ties) that the smallest possible p is ${ALPHA} or more: ${few} runs per side cannot (p ≥ ${p2(smallestP(few, few))}), ${need} can (${p2(smallestP(need, need))}).`,
    'Geometric mean: a roll-up\'s mean speedup is the geometric mean of its pairs\' speedups, never the arithmetic mean of ratios: 2x and 0.5x cancel out.',
    'Roll-up wins, losses and ties: a pair is better or worse only when p < 0.05 and its change lies outside the tie band; otherwise ("~") it is a tie. A pair no test can decide (one run on a side, or too few runs for p < 0.05) is "~" and counted as a tie (untested), and the count says how many such pairs the tie band alone would read as better or worse.',
    noVerdictRule(locale),
  ];
}

/**
 * "0 wins, 0 losses, 9 ties; all 9 untested (too few runs for a test, counted as ties): by the tie band
 * alone 9 worse". The band's reading is stated, so a halved throughput measured once is not hidden.
 */
export function rollupCountsText(roll: Pick<CompareRollup, 'pairs' | 'wins' | 'losses' | 'ties' | 'untested'> & Partial<Pick<CompareRollup, 'untested_better' | 'untested_worse' | 'withheld'>>, locale: WordingLocale): string {
  const zh = locale === 'zh-CN';
  const untested = roll.untested ?? 0;
  const all = untested === roll.pairs;
  const better = roll.untested_better ?? 0;
  const worse = roll.untested_worse ?? 0;
  if (zh) {
    const band = better + worse === 0 ? '' : `；仅按持平区间：${[better ? `${better} 个更好` : '', worse ? `${worse} 个更差` : ''].filter(Boolean).join('、')}`;
    const rest = untested === 0 ? '' : `；${all ? `全部 ${untested} 个` : `其中 ${untested} 个`}未经检验（运行次数太少，无法检验，计为持平）${band}`;
    const out = roll.withheld ? `；${roll.withheld} 次运行结果不成立，未纳入` : '';
    return `胜 ${roll.wins} / 负 ${roll.losses} / 平 ${roll.ties}${rest}${out}`;
  }
  const band = better + worse === 0 ? '' : `: by the tie band alone ${[better ? `${better} better` : '', worse ? `${worse} worse` : ''].filter(Boolean).join(', ')}`;
  const rest = untested === 0 ? '' : `; ${all ? `all ${untested}` : untested} untested (too few runs for a test, counted as ties)${band}`;
  const out = roll.withheld ? `; ${countOf(roll.withheld, 'run')} left out: ${roll.withheld === 1 ? 'its result does' : 'their results do'} not stand` : '';
  return `${countOf(roll.wins, 'win')}, ${countOf(roll.losses, 'loss', 'losses')}, ${countOf(roll.ties, 'tie')}${rest}${out}`;
}
