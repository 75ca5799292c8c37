/**
 * Where a long token of a table cell may wrap (issue 40): a configuration named
 * "PostgreSQL 14 (pg_raiseerror=false)" in a narrow column broke mid-word ("raiseerror=fals/e",
 * "raiseerror=true/))"), because the cell could only wrap anywhere. Breaking after "=", "_", "/",
 * "," or ":" and before "(" keeps words whole; only a single word too long for its column still
 * wraps inside it. The segments join back to the text: a <wbr> between them adds no character,
 * so copied text and the PDF's text stay the same.
 */
const BREAK = /(?<=[=_/,:])(?=[A-Za-z(])|(?<=[A-Za-z0-9])(?=\()/;

export function breakSegments(text: string): string[] {
  if (text.length < 12) return [text];
  return text.split(BREAK).filter((s) => s !== '');
}
