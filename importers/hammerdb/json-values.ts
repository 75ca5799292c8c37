/**
 * Top-level JSON values in a text, in order. HammerDB's jobs output is often saved one query
 * after another into one file (`jobs <id> result`, `... timing`, `... tcount`), so a file may hold
 * several documents, possibly with a caption line between them.
 */
import { lineAt } from '../text.js';

export interface JsonValueAt {
  value: unknown;
  /** The document's own text: the counter object must be re-read from it (see the caller). */
  source: string;
  line: number;
}

export interface JsonScan {
  values: JsonValueAt[];
  /** Lines outside any document that are not white space. */
  strayLines: number[];
  errors: Array<{ message: string; line: number }>;
}

/** Offset just past the bracket that closes the one at `start`, or -1 if it never closes. */
function closingOffset(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

export function scanJsonValues(text: string): JsonScan {
  const scan: JsonScan = { values: [], strayLines: [], errors: [] };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c !== '{' && c !== '[') {
      scan.strayLines.push(lineAt(text, i));
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    const end = closingOffset(text, i);
    const line = lineAt(text, i);
    if (end < 0) {
      scan.errors.push({ message: `truncated JSON: the document starting at line ${line} never closes`, line });
      break;
    }
    const source = text.slice(i, end);
    try {
      scan.values.push({ value: JSON.parse(source) as unknown, source, line });
    } catch (err) {
      scan.errors.push({ message: `invalid JSON in the document starting at line ${line}: ${(err as Error).message}`, line });
    }
    i = end;
  }
  return scan;
}
