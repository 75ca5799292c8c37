/**
 * Original files move out of the database into objects beside it (app/core/originals/): the
 * database keeps each file's hash and size (`files`) and the names users gave it (`imports`);
 * the bytes are `originals/ab/cdef…` files, compressed where that saves space.
 *
 * The move itself is not SQL: a store's parts are written out in batches after this schema
 * change, each batch its own transaction, resumed at the next open if interrupted
 * (originals/move-out.ts), and its progress and the database's size before and after are
 * logged here. `file_parts` stays: a study file (`.perfdelta`) carries its originals inside it
 * as parts, so it remains one portable file; in a store it is empty once the move is done.
 */
export const sql = `
CREATE TABLE migration_log (
  id         INTEGER PRIMARY KEY,
  migration  INTEGER NOT NULL,
  event      TEXT NOT NULL,
  at         TEXT NOT NULL,
  message    TEXT NOT NULL,
  db_bytes   INTEGER NOT NULL
);
`;
