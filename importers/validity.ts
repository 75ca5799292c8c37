/**
 * Validity facts: what a tool's output says about whether its result stands, with a severity
 * decided here once for every importer (ValidityFact in types.ts). The thresholds are the ones
 * the README and the report's methods text state:
 * - most users failed: more than half of a run's virtual users finished FAILED or aborted;
 * - errors a large share of the operations: 10% or more (failed operations, errors, reconnects);
 * - the tool itself stopped the work (fio's job `error`, vdbench terminating on I/O errors), or
 *   the database restarted inside the measured window: the figures do not describe the workload.
 * Below those the run stands, and its fact is stated beside every figure built on it.
 */
import type { ValidityFact } from './types.js';

/** A run gives no verdict by default when more than this share of its users failed. */
export const FAILED_USERS_LIMIT = 0.5;
/** ... or when its errors are at least this share of its operations. */
export const ERROR_SHARE_LIMIT = 0.1;

const count = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const share = (part: number, whole: number): string => {
  const pct = (part / whole) * 100;
  return `${pct >= 10 ? pct.toFixed(0) : pct >= 0.1 ? pct.toFixed(1) : pct.toPrecision(1)}%`;
};

/**
 * Virtual users (or clients) that did not finish: "95 of 100 virtual users finished FAILED".
 * `what` says how they ended, as the tool printed it.
 */
export function failedUsers(failed: number, users: number | null, what = 'finished FAILED'): ValidityFact | null {
  if (!(failed > 0)) return null;
  if (users === null || !(users > 0)) {
    return { code: 'failed-users', severity: 'warning', message: `${count(failed)} virtual user${failed === 1 ? '' : 's'} ${what} (of an unknown number of users)`, count: failed };
  }
  const of = Math.max(users, failed);
  return {
    code: 'failed-users',
    severity: failed / of > FAILED_USERS_LIMIT ? 'invalid' : 'warning',
    message: `${count(failed)} of ${count(of)} virtual user${of === 1 ? '' : 's'} ${what}`,
    count: failed,
    of,
  };
}

/**
 * Errors counted against the operations they happened in: "1,234 errors in 9,876 transactions
 * (12%)". `code` names what failed ('errors', 'reconnects', 'failed-operations', 'io-errors');
 * `noun` and `ops` say what was counted.
 */
export function errorShare(code: string, errors: number, operations: number | null, noun: { errors: string; ops: string }): ValidityFact | null {
  if (!(errors > 0)) return null;
  if (operations === null || !(operations > 0)) {
    return { code, severity: 'warning', message: `${count(errors)} ${noun.errors}`, count: errors };
  }
  return {
    code,
    severity: errors / operations >= ERROR_SHARE_LIMIT ? 'invalid' : 'warning',
    message: `${count(errors)} ${noun.errors} in ${count(operations)} ${noun.ops} (${share(errors, operations)})`,
    count: errors,
    of: operations,
  };
}

/** The tool stopped the work (fio's job error, vdbench terminating): whatever it measured before is no result. */
export function stopped(code: string, message: string): ValidityFact {
  return { code, severity: 'invalid', message };
}

/** The one line the import sheet, the CLI's import and `runs --json` warnings carry for a fact. */
export function validityWarning(fact: ValidityFact): string {
  return fact.severity === 'invalid'
    ? `${fact.message}: no verdict from this run by default (it is left out of comparisons; count it in to use it)`
    : fact.message;
}
