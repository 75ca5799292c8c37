/**
 * When a row's run ran, from a dated table's time column (a nightly history: time, commit,
 * metrics): a printed date in any shape the date reader knows (importers/dates.ts: ISO 8601,
 * "2024.01.01 3:00:00 +0100" as Apache Otava's sample CSV writes it, RFC 2822...), or an epoch
 * time as a number: seconds (10 digits) or milliseconds (13 digits). A date without a zone is
 * read as UTC and said so by the caller.
 */
import { parseDateText } from '../dates.js';
import type { Cell } from './grid.js';

export interface RunTime {
  epochMs: number;
  /** False when the text printed no zone (read as UTC). */
  zoned: boolean;
}

export function readRunTime(cell: Cell): RunTime | null {
  if (cell === null) return null;
  const text = typeof cell === 'number' ? String(cell) : String(cell).trim();
  if (/^\d{9,11}(\.\d+)?$/.test(text)) return { epochMs: Math.round(Number(text) * 1000), zoned: true };
  if (/^\d{12,14}$/.test(text)) return { epochMs: Number(text), zoned: true };
  const d = parseDateText(text);
  return d ? { epochMs: d.epochMs, zoned: d.known } : null;
}
