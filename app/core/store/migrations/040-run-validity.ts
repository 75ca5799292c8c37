/**
 * What a tool's output says about whether a run's result stands (issue 40): its validity facts,
 * each with a severity (importers/validity.ts), and whether a user counted an invalid run in
 * (who and when). A run with an 'invalid' fact is left out of comparisons by default, with its
 * fact as the reason, until someone counts it in.
 *
 * Runs stored before keep what their importer said as words: the facts are read back from them
 * (validity-backfill.ts, run after this SQL in the same transaction).
 */
export const sql = `
ALTER TABLE runs ADD COLUMN validity TEXT NOT NULL DEFAULT '[]';
ALTER TABLE runs ADD COLUMN counted_in_at TEXT;
ALTER TABLE runs ADD COLUMN counted_in_by TEXT;
`;
