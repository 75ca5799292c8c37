/**
 * A run's validity facts (issue 40: "95 of 100 virtual users finished FAILED") and a user's
 * counting back in of a run those facts leave out travel with the run, so a pulled study gives
 * the same verdicts as the one published. JSON text, as the run's warnings and errors are.
 */
export const sql = `
ALTER TABLE perfdelta.runs ADD COLUMN validity text NOT NULL DEFAULT '[]';
ALTER TABLE perfdelta.runs ADD COLUMN counted_in text;
`;
