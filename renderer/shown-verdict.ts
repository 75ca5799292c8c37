/**
 * The verdict a pair's drawing is coloured by (issue 40): its own, except that a pair not shown
 * to differ ("~": one run a side, too few runs, p ≥ 0.05) counts as a tie in the roll-up, so a
 * bar's label or a heat map's cell is never drawn green "faster" (or red) beside a roll-up that
 * counts it a tie. Tables print the verdict's words and colour with the "~" beside them.
 */
import type { ComparePair, Verdict } from '../app/contract/records.js';

export function shownVerdict(p: Pick<ComparePair, 'mark' | 'verdict'>): Verdict {
  return p.mark === '~' && (p.verdict === 'better' || p.verdict === 'worse') ? 'tie' : p.verdict;
}
