/**
 * What one IPC call may carry. The web host caps a JSON call at 16 MiB and streams files to disk;
 * over IPC a call arrives whole (structured clone), so the main process measures it before the
 * core worker is handed anything: 16 MiB for an ordinary call, the file limit for the two calls
 * that carry a file (a dropped file's bytes, a study file's base64). Beyond it the call is
 * refused with an error that says how much it carried and what the limit is.
 */
import { MAX_STAGE_BYTES } from '../core/rpc/schemas.js';

const MiB = 1024 * 1024;
export const MAX_IPC_CALL_BYTES = 16 * MiB;

/** Calls that carry a whole file, and room for the file plus its name. */
const FILE_CALLS: Record<string, number> = {
  'import.stage': MAX_STAGE_BYTES + MiB,
  'studies.openFile': Math.ceil(MAX_STAGE_BYTES / 3) * 4 + MiB,
};

export function ipcCallLimit(method: string): number {
  return FILE_CALLS[method] ?? MAX_IPC_CALL_BYTES;
}

/**
 * The bytes an argument holds (strings as UTF-16 code units x 2 would overstate ASCII: counted
 * as their length, as the JSON the web host reads would be), counting stops once past `limit`
 * so a huge or cyclic argument costs no more than the limit to refuse.
 */
export function ipcArgBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= limit) {
    const v = stack.pop();
    if (v === null || v === undefined || typeof v === 'boolean') total += 4;
    else if (typeof v === 'number' || typeof v === 'bigint') total += 8;
    else if (typeof v === 'string') total += v.length + 2;
    else if (ArrayBuffer.isView(v)) total += v.byteLength;
    else if (v instanceof ArrayBuffer) total += v.byteLength;
    else if (typeof v === 'object') {
      if (seen.has(v)) continue;
      seen.add(v);
      if (Array.isArray(v)) {
        total += 2;
        for (const item of v) stack.push(item);
      } else {
        total += 2;
        for (const [k, item] of Object.entries(v)) {
          total += k.length + 3;
          stack.push(item);
        }
      }
    }
  }
  return total;
}

const mib = (n: number): string => `${(n / MiB).toFixed(1)} MiB`;

/** null when the call may go on; otherwise the error to answer it with. */
export function checkIpcCall(method: string, args: unknown): { code: 'invalid_arguments'; message: string } | null {
  const limit = ipcCallLimit(method);
  const bytes = ipcArgBytes(args, limit);
  if (bytes <= limit) return null;
  return { code: 'invalid_arguments', message: `${method}: one call may carry at most ${mib(limit)}, this one carries at least ${mib(bytes)}` };
}
