/**
 * Where each staged fio log will go if the staged files are imported together: what the import
 * sheet shows beside a log, and how it knows which latency logs need their unit asked (a log no
 * run claims carries no unit; a claimed one takes its run's fio version).
 *
 * The rule is the import's own (findLogOwner), over the runs that import would offer: the fio
 * JSON runs already stored in the study and configuration, and those of the staged fio JSON
 * files it would write (each is written before any log, so all can claim).
 */
import { fioLogTable } from '../../../importers/fio/fio-log.js';
import type { LogClaim } from '../../contract/records.js';
import { findLogOwner, isLogRun, LOG_OWNER_FORMATS, ownerCandidate, type LogOwnerCandidate } from './link-logs.js';
import type { StagedFile } from './pipeline.js';

const baseName = (p: string): string => p.split(/[\\/]/).pop() ?? p;

/** The runs a staged fio JSON file would offer, named by file (not yet stored: no run id). */
function stagedCandidates(file: StagedFile): LogOwnerCandidate[] {
  if (!file.importer || !LOG_OWNER_FORMATS.includes(file.importer.id) || file.result.errors.length > 0) return [];
  return file.result.runs.map((run, ordinal) => ownerCandidate(run, { runId: 0, file: file.path, origin: `staged ${file.id}`, ordinal }));
}

/**
 * A claim for every fio log among `fresh`, keyed by staged id. `fresh`: the staged files the
 * import would write (no duplicates: not those the study already has, nor second copies);
 * `stored`: the study and configuration's fio JSON runs in the store.
 */
export function logClaims(fresh: readonly StagedFile[], stored: readonly LogOwnerCandidate[]): Record<string, LogClaim> {
  const owners = [...stored, ...fresh.flatMap(stagedCandidates)];
  const claims: Record<string, LogClaim> = {};
  for (const file of fresh) {
    const run = file.result.runs[0];
    if (file.importer?.id !== 'fio-log' || file.result.errors.length > 0 || !run || !isLogRun(run)) continue;
    const { stem, job } = fioLogTable(run)!;
    const { owner, rule } = findLogOwner(file.path, stem, owners, job ?? null);
    claims[file.id] = { owner: owner ? `${owner.runName} (${baseName(owner.file)})` : null, rule, stem };
  }
  return claims;
}
