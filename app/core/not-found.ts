/** Something named that the study (or the store) does not have: the RPC answers `not_found`. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}
