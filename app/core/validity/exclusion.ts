/**
 * A run whose tool says its result does not stand (most users failed, errors a large share of
 * its operations, the tool stopped it, the database restarted in the window) gives no verdict
 * by default: it is left out as an exclusion is, with the fact as its reason, until a user
 * counts it in (`perfdelta runs include`, *Count in* in the Runs tab). Thresholds:
 * importers/validity.ts.
 */
import type { RunExclusion, ValidityFact } from '../../contract/records.js';
import { ERROR_SHARE_LIMIT, FAILED_USERS_LIMIT } from '../../../importers/validity.js';

/** The facts that take a run out of the verdicts by default. */
export const invalidFacts = (facts: readonly ValidityFact[] | undefined): ValidityFact[] => (facts ?? []).filter((f) => f.severity === 'invalid');

/** The words an automatic exclusion gives as its reason. */
export function noVerdictReason(facts: readonly ValidityFact[]): string {
  return `${facts.map((f) => f.message).join('; ')} (no verdict by default: count it in to use it)`;
}

/** The exclusion a run's facts make, when no user excluded it or counted it in. */
export function validityExclusion(facts: readonly ValidityFact[], countedIn: boolean, importedAt: string): RunExclusion | null {
  const invalid = invalidFacts(facts);
  if (countedIn || invalid.length === 0) return null;
  return { reason: noVerdictReason(invalid), at: importedAt, by: null, automatic: 'validity' };
}

/** The rule in words, for the methods text and the README: one sentence, the thresholds from the code. */
export function noVerdictRule(locale: 'en' | 'zh-CN'): string {
  const users = `${FAILED_USERS_LIMIT * 100}%`;
  const errors = `${ERROR_SHARE_LIMIT * 100}%`;
  return locale === 'zh-CN'
    ? `默认不给结论的运行：超过 ${users} 的虚拟用户失败（FINISHED FAILED 或中止），或错误达到操作数的 ${errors} 及以上，或工具自己中止了作业（fio 的 error、vdbench 因错误终止），或数据库在快照窗口内重启。这样的运行像排除的运行一样不计入汇总，并注明原因；用户可以把它计入（perfdelta runs include，或“运行”页的“计入”）。更少的失败只在基于该运行的每个数字旁注明。`
    : `A run gives no verdict by default when more than ${users} of its virtual users failed (FINISHED FAILED or aborted), its errors are ${errors} of its operations or more, the tool stopped the work (fio's job error, vdbench terminating on errors), or the database restarted inside the snapshot window: it is left out of the roll-up as an exclusion is, with that reason, and can be counted in (perfdelta runs include, or Count in on the Runs tab). Fewer failures are stated beside every figure built on the run.`;
}
