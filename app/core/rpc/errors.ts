/** Maps a thrown error to the code the UI acts on (see RpcErrorBody in the contract). */
import type { RpcErrorBody } from '../../contract/rpc.js';
import { NotFoundError } from '../errors.js';
import { ImportCancelledError } from '../import/pipeline.js';
import { PeriodSpecError } from '../periods/period-spec.js';
import { InvalidArgumentsError } from './schemas.js';

export class RpcError extends Error {
  constructor(readonly code: RpcErrorBody['code'], message: string) {
    super(message);
    this.name = 'RpcError';
  }
}

export function toErrorBody(err: unknown): RpcErrorBody {
  if (err instanceof RpcError) return { code: err.code, message: err.message };
  if (err instanceof InvalidArgumentsError || err instanceof PeriodSpecError) return { code: 'invalid_arguments', message: err.message };
  if (err instanceof NotFoundError) return { code: 'not_found', message: err.message };
  if (err instanceof ImportCancelledError) return { code: 'cancelled', message: err.message };
  return { code: 'failed', message: err instanceof Error ? err.message : String(err) };
}
