/**
 * The verdict a bar's ratio label is coloured by (issue 40): its own, except that a pair not
 * shown to differ ("~": one run a side, too few runs, p ≥ 0.05) counts as a tie in the roll-up,
 * so its label is never drawn green "faster" (or red) beside a roll-up that counts it a tie. (A
 * heat map washes such a cell out and marks it; tables print the verdict with the "~" beside it.)
 */
import type { ComparePair, Verdict } from '../app/contract/records.js';

export function shownVerdict(p: Pick<ComparePair, 'mark' | 'verdict'>): Verdict {
  return p.mark === '~' && (p.verdict === 'better' || p.verdict === 'worse') ? 'tie' : p.verdict;
}
