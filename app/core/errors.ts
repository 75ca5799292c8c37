/** Errors the core raises that callers tell apart (the RPC layer maps them to codes: rpc/errors.ts). */

/** Something named does not exist: a study, a run, a staged file, a configuration. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}
