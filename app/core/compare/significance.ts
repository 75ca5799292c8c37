/**
 * Whether a pair may be called significant, and the sentence that says why (or why not). Never
 * "significant" where no test could be: with one run on a side there is no test, and when the
 * smallest p the numbers of runs (and their ties) allow is 0.05 or more, the pair is "~" whatever
 * the figures, and the note says how many runs would be needed (benchstat warns the same way:
 * "need >= 4 samples to detect a difference at alpha level 0.05").
 */
import type { ComparePair } from '../../contract/records.js';
import { mannWhitneyU, runsPerSideNeeded, smallerSideNeeded, smallestP } from './mann-whitney.js';
import type { WordingLocale } from './wording.js';

export const ALPHA = 0.05;

/** What a side's values are: runs (configurations) or days (periods). */
export type SampleNoun = 'run' | 'day';

export type SignificanceFields = Pick<ComparePair, 'p_value' | 'p_min' | 'p_method' | 'significant' | 'significance_note' | 'mark'>;

const fmtP = (p: number): string => p.toPrecision(2).replace(/\.?0+$/, '').replace(/\.?0+e/, 'e');

function count(n: number, noun: SampleNoun, zh: boolean): string {
  if (zh) return `${n} ${noun === 'run' ? '次运行' : '天'}`;
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * "3 runs per side cannot reach p < 0.05; at least 4 per side are needed": the sentence for sizes
 * no test can decide. Null when these sizes could reach ALPHA (it is then the ties, or nothing).
 */
export function tooFewSentence(nb: number, nc: number, locale: WordingLocale, noun: SampleNoun = 'run'): string | null {
  const zh = locale === 'zh-CN';
  const perSide = runsPerSideNeeded(ALPHA);
  if (nb === 1 || nc === 1) {
    const one = nb === 1 && nc === 1;
    if (zh) return `${one ? '每侧' : '一侧'}只有 1 ${noun === 'run' ? '次运行' : '天'}：无法判断显著性；每侧至少需要 ${count(perSide, noun, true)}才能达到 p < ${ALPHA}`;
    return `one ${noun} ${one ? 'per side' : 'on a side'}: no significance possible; at least ${perSide} ${noun}s per side are needed to reach p < ${ALPHA}`;
  }
  if (smallestP(nb, nc) < ALPHA) return null;
  const small = Math.min(nb, nc);
  const large = Math.max(nb, nc);
  const k = smallerSideNeeded(large, ALPHA);
  if (nb === nc) {
    return zh ? `每侧 ${count(nb, noun, true)}无法达到 p < ${ALPHA}；每侧至少需要 ${count(perSide, noun, true)}`
      : `${count(nb, noun, false)} per side cannot reach p < ${ALPHA}; at least ${perSide} per side are needed`;
  }
  const alt = k !== null && k > small && k < perSide;
  if (zh) {
    return `${count(small, noun, true)}对 ${count(large, noun, true)}无法达到 p < ${ALPHA}；至少需要${alt ? ` ${k} 对 ${large}，或` : ''}每侧 ${count(perSide, noun, true)}`;
  }
  return `${small} against ${count(large, noun, false)} cannot reach p < ${ALPHA}; at least ${alt ? `${k} against ${large}, or ${perSide} per side, are` : `${perSide} per side are`} needed`;
}

/** The pair's p-value, the smallest it could have been, and the verdict on significance, worded. */
export function significanceOf(base: readonly number[], cand: readonly number[], locale: WordingLocale, noun: SampleNoun = 'run'): SignificanceFields {
  const zh = locale === 'zh-CN';
  const nb = base.length;
  const nc = cand.length;
  if (nb < 2 || nc < 2) {
    return { p_value: null, p_min: null, p_method: null, significant: null, mark: '~', significance_note: tooFewSentence(nb, nc, locale, noun)! };
  }
  const test = mannWhitneyU(base, cand)!;
  const method = test.method === 'exact'
    ? (zh ? '精确 Mann-Whitney U 检验' : 'exact Mann-Whitney U')
    : (zh ? 'Mann-Whitney U 检验，正态近似' : 'Mann-Whitney U, normal approximation');
  const fields = { p_value: test.pValue, p_min: test.pMin, p_method: test.method };
  if (test.pMin >= ALPHA) {
    const sizes = tooFewSentence(nb, nc, locale, noun);
    const smallest = zh ? `（最小可能的 p 为 ${fmtP(test.pMin)}）` : ` (the smallest possible p is ${fmtP(test.pMin)})`;
    const note = sizes !== null
      ? `${sizes}${smallest}`
      : zh ? `存在相同的值：${count(nb, noun, true)}对 ${count(nc, noun, true)}在这些并列值下无法达到 p < ${ALPHA}${smallest}`
        : `with these ties, ${nb} against ${count(nc, noun, false)} cannot reach p < ${ALPHA}${smallest}`;
    return { ...fields, significant: false, mark: '~', significance_note: note };
  }
  const significant = test.pValue < ALPHA;
  const note = significant
    ? `p = ${fmtP(test.pValue)} < ${ALPHA}${zh ? `（${method}）` : ` (${method})`}`
    : zh ? `不显著（p = ${fmtP(test.pValue)}，${method}）` : `not significant (p = ${fmtP(test.pValue)}, ${method})`;
  return { ...fields, significant, mark: significant ? '' : '~', significance_note: note };
}
