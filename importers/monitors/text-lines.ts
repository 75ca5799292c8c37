/**
 * Lines of a monitor's text output. The monitors end every line with a line break, so a file
 * whose last line has none was cut while it was written (or copied): a count of figures shows a
 * line cut between figures, but not one cut inside its last number ("24.40" as "24.4"), so the
 * importer says that the last line may be short.
 */
import type { Diagnostic } from '../types.js';

export function splitLines(text: string): { lines: string[]; unterminated: Diagnostic | null } {
  const lines = text.split(/\r?\n|\r/);
  const last = lines[lines.length - 1] ?? '';
  const unterminated = last.trim() !== ''
    ? { message: 'the file does not end with a line break: its last line may be cut off, and a figure at its end may be short', line: lines.length }
    : null;
  return { lines, unterminated };
}
