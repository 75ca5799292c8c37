/** When each job of an fio JSON file ran, where fio does not write job_start (before 3.36). */
import type { ParsedRun } from '../types.js';
import { num, stringMap, type Json } from './json-values.js';
import { optionSet, parseFioSeconds, type JobOptions } from './options.js';

/**
 * Jobs that ran one after another (each its own reporting group: stonewall, new_group) all end
 * at the file's timestamp when placed by it, so a 20-minute sweep of 48 jobs would become 48 runs
 * in its last seconds. fio >= 3.36 writes job_start; before it, the jobs are placed in group order
 * (fio runs groups by groupid): the first starts `elapsed` before the timestamp (fio's whole run;
 * without it, the groups' total), each later group after the ramp and run times of the groups
 * before it. What the runtimes do not account for (file layout, end_fsync) is said, not spread.
 * Groups that ran side by side (new_group without stonewall: elapsed shorter than their sum)
 * keep the timestamp's window.
 */
export function placeSequentialJobs(doc: Json, jobs: Json[], runs: ParsedRun[], globalOptions: JobOptions): void {
  if (jobs.length < 2 || jobs.some((j) => num(j['job_start']) !== null)) return;
  const reportMs = num(doc['timestamp_ms']) ?? (num(doc['timestamp']) !== null ? num(doc['timestamp'])! * 1000 : null);
  if (reportMs === null) return;
  const groups = new Map<number, number[]>();
  jobs.forEach((j, i) => {
    const g = num(j['groupid']);
    if (g !== null) groups.set(g, [...(groups.get(g) ?? []), i]);
  });
  if (groups.size < 2 || [...groups.values()].reduce((n, g) => n + g.length, 0) !== jobs.length) return;
  const rampMs = (i: number): number => {
    const raw = ({ ...globalOptions, ...stringMap(jobs[i]!['job options']) })['ramp_time'];
    return raw ? (parseFioSeconds(raw) ?? 0) * 1000 : 0;
  };
  const runMs = (i: number): number | null => (runs[i]!.endMs !== null && runs[i]!.startMs !== null ? runs[i]!.endMs! - runs[i]!.startMs! : null);
  const order = [...groups.keys()].sort((a, b) => a - b);
  const spanMs = (g: number): number | null => {
    const spans = groups.get(g)!.map((i) => (runMs(i) === null ? null : rampMs(i) + runMs(i)!));
    return spans.some((x) => x === null) ? null : Math.max(...(spans as number[]));
  };
  const spans = order.map(spanMs);
  if (spans.some((x) => x === null)) return;
  const total = (spans as number[]).reduce((a, b) => a + b, 0);
  const elapsed = jobs.map((j) => num(j['elapsed'])).find((e) => e !== null && e !== undefined) ?? null;
  const elapsedMs = elapsed !== null ? elapsed * 1000 : null;
  // new_group without stonewall makes groups that run side by side: the groups ran one after
  // another only when fio's elapsed time holds them all (elapsed is whole seconds), or, without
  // it, when every later group waits for the one before (stonewall, wait_for_previous).
  const waits = (i: number): boolean => {
    const o = { ...globalOptions, ...stringMap(jobs[i]!['job options']) };
    return optionSet(o, 'stonewall') || optionSet(o, 'wait_for_previous');
  };
  const sequential = elapsedMs !== null ? elapsedMs + 1000 >= total : order.slice(1).every((g) => groups.get(g)!.some(waits));
  if (!sequential) return;
  const firstMs = reportMs - (elapsedMs !== null && elapsedMs >= total ? elapsedMs : total);
  const unplaced = elapsedMs !== null ? (elapsedMs - total) / 1000 : null;
  let clock = firstMs;
  order.forEach((g, k) => {
    for (const i of groups.get(g)!) {
      const run = runs[i]!;
      const length = runMs(i)!;
      run.startMs = clock + rampMs(i);
      run.endMs = run.startMs + length;
      run.warnings.push(
        `time window inferred: the JSON has no job_start (fio < 3.36) and its ${groups.size} groups ran one after another, so this job (group ${k + 1} of ${groups.size}) is placed ${elapsedMs !== null && elapsedMs >= total ? `from the file's timestamp back by fio's elapsed time (${elapsed} s)` : "from the file's timestamp back by the groups' ramp and run times"} and forward by the ramp and run times of the groups before it`
        + (unplaced !== null && unplaced >= 1 ? `; ${Math.round(unplaced)} s of the elapsed time (file layout, fsync, start-up) are not in any runtime, so a start may be off by up to that` : ''),
      );
    }
    clock += spans[k]!;
  });
}
