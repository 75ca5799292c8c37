/**
 * Finding fio's JSON in what users actually keep: console captures with "Starting 1 process"
 * before the JSON and the normal report after it, "fio: terminating on signal 2" lines, shell
 * prompts between two pasted documents, and several documents written by --status-interval.
 * (FORMATS.md 1.1 "Traps": scan for the JSON object; do not parse the whole file.)
 */
import { jsonErrorOffset } from '../json-error-offset.js';
import { lineAt } from '../text.js';
import type { Diagnostic } from '../types.js';

export interface JsonDocument {
  value: Record<string, unknown>;
  /** Offsets of the document: characters of the text (findFioDocuments), bytes of the file (json-scan.ts). */
  start: number;
  end: number;
  /** True when only white space separates this document from the previous one. */
  adjacentToPrevious: boolean;
}

const DOCUMENT_START = /\{\s*"fio version"\s*:/g;

/** Offset just past the brace that closes the object opening at `start`, or -1 if it never closes. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The line of the whole file where the document starting at `start` breaks. */
function parseErrorLine(text: string, start: number, end: number): number {
  const offset = jsonErrorOffset(text.slice(start, end));
  return lineAt(text, start + Math.max(0, offset));
}

export function findFioDocuments(text: string): { documents: JsonDocument[]; errors: Diagnostic[] } {
  const documents: JsonDocument[] = [];
  const errors: Diagnostic[] = [];

  const first = text.search(/\{\s*"fio version"\s*:/);
  if (first < 0) return { documents, errors: [{ message: 'no fio JSON document found (no "fio version" key)' }] };

  // Fast path, the common case: one document, perhaps after some console lines. A single
  // JSON.parse is as fast as this can go.
  const lastBrace = text.lastIndexOf('}');
  if (lastBrace > first && text.slice(lastBrace + 1).trim() === '') {
    try {
      const value = JSON.parse(text.slice(first, lastBrace + 1)) as Record<string, unknown>;
      documents.push({ value, start: first, end: lastBrace + 1, adjacentToPrevious: false });
      return { documents, errors };
    } catch {
      // Several documents, or broken JSON: fall through to the scan, which says where.
    }
  }

  DOCUMENT_START.lastIndex = first;
  let previousEnd = -1;
  for (let m = DOCUMENT_START.exec(text); m; m = DOCUMENT_START.exec(text)) {
    const start = m.index;
    const end = closingBrace(text, start);
    if (end < 0) {
      errors.push({
        message: `truncated JSON: the fio document starting at line ${lineAt(text, start)} never closes`,
        line: lineAt(text, start),
      });
      // A report cut short (fio killed, a paste cut off) may be followed by a whole one.
      DOCUMENT_START.lastIndex = start + 1;
      continue;
    }
    try {
      const value = JSON.parse(text.slice(start, end)) as Record<string, unknown>;
      const adjacent = previousEnd >= 0 && text.slice(previousEnd, start).trim() === '';
      documents.push({ value, start, end, adjacentToPrevious: adjacent });
    } catch (err) {
      const line = parseErrorLine(text, start, end);
      errors.push({ message: `invalid JSON at line ${line}: ${(err as Error).message}`, line });
    }
    previousEnd = end;
    DOCUMENT_START.lastIndex = end;
  }
  return { documents, errors };
}
