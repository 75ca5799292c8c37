/**
 * HammerDB writes one test's evidence into several files: the result in hammerdb.log, the
 * transaction counter in hdbtcount.log, the time profile in hdbxtprofile.log. The counter and
 * the profile are companions of a test, not tests of their own: they join the run they belong
 * to (same study and configuration; the counter's samples inside the test's time window, the
 * profile's virtual users equal to the test's), and stay a run of their own only when no test
 * claims them, saying so.
 */
import type { ParsedRun } from '../../../importers/types.js';

export interface TestRun {
  runId: number;
  name: string;
  startMs: number | null;
  vus: number | null;
  /** Rampup + timed duration, in ms, when the log says. */
  lengthMs: number | null;
}

export type Companion = 'counter' | 'profile';

export function companionKind(run: ParsedRun): Companion | null {
  if (run.tool !== 'hammerdb') return null;
  const hasResult = run.metrics['tpm'] !== undefined || run.metrics['nopm'] !== undefined;
  if (run.series.some((s) => s.metric === 'tpm' || s.metric === 'qph') && run.params['vus'] === undefined) return 'counter';
  if (!hasResult && run.tables['transactions'] !== undefined) return 'profile';
  return null;
}

const SLACK_MS = 90_000;

function contains(test: TestRun, t: number): boolean {
  if (test.startMs === null) return false;
  const end = test.startMs + (test.lengthMs ?? 60 * 60_000) + SLACK_MS;
  return t >= test.startMs - SLACK_MS && t <= end;
}

/** The test a companion belongs to, or null with the reason. */
export function findTest(run: ParsedRun, kind: Companion, tests: readonly TestRun[]): { test: TestRun | null; how: string } {
  if (kind === 'counter') {
    const times = run.series.flatMap((s) => [s.times[0], s.times[s.times.length - 1]]).filter((t): t is number => t !== undefined);
    if (times.length === 0) return { test: null, how: 'the counter log has no samples' };
    const mid = (Math.min(...times) + Math.max(...times)) / 2;
    const hits = tests.filter((t) => contains(t, mid));
    if (hits.length === 1) return { test: hits[0]!, how: 'its samples fall inside the test\'s time window' };
    return { test: null, how: hits.length > 1 ? 'several tests overlap its samples' : 'no test of this configuration ran while it counted' };
  }
  const vus = typeof run.params['vus'] === 'number' ? (run.params['vus'] as number) : null;
  const sameVus = tests.filter((t) => vus !== null && t.vus === vus);
  const when = run.endMs ?? run.startMs;
  const inTime = when === null ? [] : sameVus.filter((t) => contains(t, when));
  if (inTime.length === 1) return { test: inTime[0]!, how: `same virtual users (${vus}) and written when that test ended` };
  if (sameVus.length === 1) return { test: sameVus[0]!, how: `the only test with ${vus} virtual users` };
  return { test: null, how: sameVus.length > 1 ? `several tests ran ${vus} virtual users` : `no test with ${vus ?? 'its'} virtual users` };
}
