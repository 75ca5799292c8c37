/**
 * What fio says about a job's errors, as validity facts (issue 40). `error` is the errno that
 * stopped the job (fio reports it in JSON, terse and normal output alike): whatever it measured
 * before is no result of the workload. With continue_on_error the job runs on and counts its
 * errors in `total_err` (JSON): a share of the job's I/Os.
 */
import type { ValidityFact } from '../types.js';
import { errorShare, stopped } from '../validity.js';

/** The errno names fio jobs stop on most (Linux numbering, which fio reports). */
const ERRNO: Record<number, string> = {
  5: 'EIO, input/output error', 12: 'ENOMEM', 13: 'EACCES', 16: 'EBUSY', 22: 'EINVAL', 28: 'ENOSPC, no space left on device',
  30: 'EROFS', 61: 'ENODATA', 84: 'EILSEQ, verify failed', 95: 'EOPNOTSUPP', 110: 'ETIMEDOUT', 121: 'EREMOTEIO',
};

/** The job stopped on an error: fio's `error` (errno), with its name where known. */
export function jobErrorFact(error: number, job: string | null): ValidityFact | null {
  if (!Number.isFinite(error) || error === 0) return null;
  const name = ERRNO[Math.abs(error)];
  return stopped('job-error', `fio reported error ${error}${name ? ` (${name})` : ''}${job ? ` for job "${job}"` : ''}: the job stopped before its runtime`);
}

/** continue_on_error's count of I/O errors against the I/Os the job completed. */
export function ioErrorsFact(totalErr: number | null, ios: number): ValidityFact | null {
  if (totalErr === null || !(totalErr > 0)) return null;
  return errorShare('io-errors', totalErr, ios > 0 ? ios + totalErr : null, { errors: `I/O error${totalErr === 1 ? '' : 's'} (continue_on_error)`, ops: 'I/Os' });
}
