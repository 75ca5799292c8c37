/**
 * The verdict a pair is coloured by (issue 40): its own, except that a pair not shown to differ
 * ("~": one run a side, too few runs, p ≥ 0.05) counts as a tie in the roll-up, so it is never
 * drawn green "faster" (or red) beside a roll-up that counts it a tie. Its words keep the verdict.
 */
import type { ComparePair, Verdict } from '../app/contract/records.js';

export function shownVerdict(p: Pick<ComparePair, 'mark' | 'verdict'>): Verdict {
  return p.mark === '~' && (p.verdict === 'better' || p.verdict === 'worse') ? 'tie' : p.verdict;
}
