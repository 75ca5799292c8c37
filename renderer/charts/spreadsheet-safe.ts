/**
 * Text from imported files pasted into a spreadsheet must stay text. Excel and LibreOffice Calc
 * read a pasted (or CSV) cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 * formula (`=HYPERLINK(...)`, `@SUM(...)`, DDE `=cmd|...`): a configuration or object name can carry
 * one. OWASP's CSV-injection rule: prefix such a cell with a single quote, which both programs
 * take as "this is text" and do not show. A cell that is a plain number ("-3.5", "+2", "-1e-3")
 * is left alone so it stays a number; nothing a formula needs survives in one.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?%?$/;

/** The cell as text a spreadsheet will not evaluate (numbers stay numbers). */
export function neutraliseFormula(cell: string): string {
  if (!FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

/** One TSV cell: neutralised, then tabs and line breaks (which would split the row) made spaces. */
export function tsvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return neutraliseFormula(value).replace(/[\t\r\n]/g, ' ');
}
