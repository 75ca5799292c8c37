/**
 * A write-up is not a log (issue 40). The README.md, notes.txt or blog export an author keeps
 * beside the results quotes the tools' lines ("Vuser 1:TEST RESULT : System achieved 2891
 * NOPM ...", an fio job report, a sysbench summary) among headings, prose, tables and fenced
 * code; read as the tool's output it would make runs nobody ran (a 1-VU run with a 100-VU
 * figure, a failed user of no test). The registry asks this before a line-reading importer may
 * claim a file: a document of prose that quotes output is a write-up, skipped with the reason.
 *
 * Prose is counted in paragraphs (lines between blank lines, code left out): twelve words or
 * more, four in five of them plain words, with a sentence end. Tools print no such paragraph
 * (HammerDB's "Clearing Script, reload script to activate new setting" is one line of eight
 * words); an author writes several.
 */

export interface WriteUp {
  kind: 'markdown' | 'html' | 'text';
  /** What was seen, for the reason the import gives. */
  said: string;
}

const WORD = /^[("'`*_[]*[A-Za-z][A-Za-z'’-]*[)"'`*_\]]*[.,;:!?]*$/;

/** A paragraph of prose: enough words, mostly plain words, with a sentence end somewhere. */
function isProse(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 12) return false;
  const plain = words.filter((w) => WORD.test(w)).length;
  return plain / words.length >= 0.8 && /[A-Za-z)"'`][.!?](\s|$)/.test(text);
}

/** Paragraphs of a text (blank-line separated), fenced code left out; with the lines each spans. */
function paragraphs(lines: readonly string[]): Array<{ text: string; lines: number }> {
  const out: Array<{ text: string; lines: number }> = [];
  let cur: string[] = [];
  let fenced = false;
  const flush = (): void => {
    if (cur.length) out.push({ text: cur.join(' '), lines: cur.length });
    cur = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    if (line === '') flush();
    else cur.push(line);
  }
  flush();
  return out;
}

const TAGS = /<(p|h[1-6]|li|blockquote|figcaption)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;

/** The text of an HTML document's prose elements (paragraphs, headings, list items). */
function htmlProse(head: string): { elements: number; prose: number; headings: number } {
  let elements = 0;
  let prose = 0;
  let headings = 0;
  for (const m of head.matchAll(TAGS)) {
    elements++;
    if (/^h/i.test(m[1]!)) headings++;
    const text = m[2]!.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ').replace(/\s+/g, ' ').trim();
    if (isProse(text)) prose++;
  }
  return { elements, prose, headings };
}

/** The write-up a file's head is, or null when it reads as a tool's own output. */
export function writeUpOf(head: string): WriteUp | null {
  const text = head.replace(/^\uFEFF/, '');
  if (/<(html|body|article|p|h[1-6])\b/i.test(text.slice(0, 8192))) {
    const h = htmlProse(text);
    if (h.prose >= 1 && h.elements >= 3) return { kind: 'html', said: `an HTML document of ${h.elements} paragraphs, headings and list items (${h.prose} of prose)` };
  }
  const lines = text.split(/\r\n|\n|\r/);
  const nonBlank = lines.filter((l) => l.trim() !== '').length;
  const paras = paragraphs(lines);
  const prose = paras.filter((p) => isProse(p.text));
  const proseLines = prose.reduce((n, p) => n + p.lines, 0);
  const headings = lines.filter((l) => /^#{1,6}\s+\S/.test(l) || /^(=+|-+)\s*$/.test(l.trim()) && l.trim().length >= 3).length;
  const fences = lines.filter((l) => /^\s*(```|~~~)/.test(l)).length;
  const tables = lines.filter((l) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/.test(l)).length;
  const marks = [headings > 0 && `${headings} heading${headings === 1 ? '' : 's'}`, fences >= 2 && `${Math.floor(fences / 2)} fenced code block${fences >= 4 ? 's' : ''}`, tables > 0 && `${tables} table${tables === 1 ? '' : 's'}`].filter((x): x is string => Boolean(x));
  if (prose.length >= 1 && marks.length > 0) {
    return { kind: 'markdown', said: `a Markdown document (${marks.join(', ')}, ${prose.length} paragraph${prose.length === 1 ? '' : 's'} of prose)` };
  }
  // Plain notes: prose paragraphs that make a good part of the text, the quoted lines between them.
  if (prose.length >= 2 && proseLines / Math.max(1, nonBlank) >= 0.25) {
    return { kind: 'text', said: `a text of ${prose.length} paragraphs of prose (${proseLines} of its ${nonBlank} lines)` };
  }
  return null;
}

/** The reason a write-up that quotes a tool's lines is skipped, in the user's terms. */
export function writeUpReason(w: WriteUp, quoted: string | null): string {
  return `a write-up, not a tool's output: ${w.said}${quoted ? ` that quotes ${quoted} lines` : ''}; the results it describes are imported from the tool's own files`;
}
