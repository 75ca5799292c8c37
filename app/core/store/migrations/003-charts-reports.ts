/** Saved charts and reports: what a user composed in a study, kept with its data. */
export const sql = `
-- A chart is a spec (kind and parameters), never pixels: it is drawn again from the data, so a
-- re-import or a change of units shows at once, and a report prints the same numbers.
CREATE TABLE charts (
  id          INTEGER PRIMARY KEY,
  study_id    INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  spec        TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  UNIQUE (study_id, name)
);

-- A report: page layout and ratio convention, and its ordered sections (JSON).
CREATE TABLE reports (
  id          INTEGER PRIMARY KEY,
  study_id    INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  layout      TEXT NOT NULL,
  sections    TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  UNIQUE (study_id, name)
);
`;
